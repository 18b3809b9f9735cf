"""Campaign files: one versioned JSON file per campaign, written atomically, checked on load; a
damaged, truncated or newer file gives one clear line and is never written over."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.savefile import digest
from engine.legendary.campaign import (
    CampaignFileError,
    CampaignStore,
    play,
    read_campaign,
)
from engine.legendary.campaign.fileschema import to_body
from tests.campaign.helpers import finish, outcome
from tests.robust.damage import damage_fields


def envelope(body: dict, *, version: int = 1, checksum: str | None = None) -> bytes:
    return json.dumps({"format": "matrix-tabletop-campaign", "version": version, "app_version": "0",
                       "campaign": body, "sha256": checksum or digest(body)}).encode()


@pytest.fixture
def played(fdb, campaign):
    """A campaign with a won game, a lost try and a try in progress."""
    finish(fdb, campaign, outcome(damage=(9, 0, 0), defeated=(False, False, True)))
    finish(fdb, campaign, outcome("minor"))
    play(campaign)
    return campaign


@pytest.mark.rule("LE-CAMPAIGN-11", "LE-CAMPAIGN-14", "LE-CAMPAIGN-17")  # tries, Time Track, scars
def test_a_campaign_comes_back_exactly_as_it_was_saved(tmp_path, played):
    store = CampaignStore(tmp_path)
    path = store.create(played)
    assert path == tmp_path / "test-campaign.json"
    _, back = store.load("test-campaign")
    assert back == played and back.scars == [2, 1, 0] and back.current.start_time == 9
    assert store.load(path)[1] == played  # by path too
    on_disk = json.loads(path.read_text())
    assert on_disk["format"] == "matrix-tabletop-campaign" and on_disk["version"] == 1


def test_listing_shows_every_campaign_and_each_damaged_file_with_its_reason(tmp_path, played):
    store = CampaignStore(tmp_path)
    store.create(played)
    (tmp_path / "broken.json").write_bytes(b'{"format": "matrix-tabletop-campaign", "vers')
    (tmp_path / "notes.txt").write_text("not a campaign")
    rows = {e.path.name: e for e in store.listing()}
    assert set(rows) == {"test-campaign.json", "broken.json"}
    assert rows["test-campaign.json"].campaign == played
    assert rows["broken.json"].campaign is None and "truncated or not JSON" in rows["broken.json"].error
    assert CampaignStore(tmp_path / "missing").listing() == []


def test_a_new_campaign_never_replaces_a_file(tmp_path, played):
    store = CampaignStore(tmp_path)
    store.create(played)
    with pytest.raises(CampaignFileError, match="exists already"):
        store.create(played)


@pytest.mark.parametrize(("damage", "words"), [
    (lambda good, body: good[: len(good) // 2], "is truncated or not JSON"),
    (lambda good, body: b"", "is empty"),
    (lambda good, body: b"\xff\xfe", "is not UTF-8 text"),
    (lambda good, body: b"[1, 2]", "is not a Matrix Tabletop campaign (top level is a list"),
    (lambda good, body: good.replace(b"matrix-tabletop-campaign", b"matrix-tabletop-save"),
     "is not a Matrix Tabletop campaign"),
    (lambda good, body: envelope(body, version=2),
     "was made by a newer version (campaign format 2, this app reads up to 1)"),
    (lambda good, body: envelope(body, checksum="0" * 64), "checksum does not match"),
    (lambda good, body: envelope({**body, "scars": [1]}), "scars has 1 entries for 3 players"),
    (lambda good, body: envelope({**body, "status": "lost"}), "campaign.status"),
    (lambda good, body: envelope({**body, "id": "../../etc"}), "campaign.id"),
    (lambda good, body: envelope({**body, "games": body["games"][1:]}), "numbered 2"),
    (lambda good, body: envelope({**body, "characters": ["neo", "neo", "niobe"]}), "same character"),
])
def test_a_damaged_file_gives_one_clear_line_and_is_left_as_it_was(tmp_path, played, damage, words):
    store = CampaignStore(tmp_path)
    path = store.create(played)
    bad = damage(path.read_bytes(), to_body(played))
    path.write_bytes(bad)
    with pytest.raises(CampaignFileError) as err:
        read_campaign(path)
    text = str(err.value)
    assert text.startswith(f'Campaign file "{path}" ') and words in text and "\n" not in text
    with pytest.raises(CampaignFileError):
        store.save(played, path)  # never written over
    assert path.read_bytes() == bad


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CampaignFileError, match=r'^Campaign file ".*nope.json" does not exist$'):
        CampaignStore(tmp_path).load("nope")


def test_saving_replaces_the_file_atomically_and_leaves_no_temp_file(tmp_path, fdb, played):
    store = CampaignStore(tmp_path)
    path = store.create(played)
    finish(fdb, played, outcome())
    store.save(played, path)
    assert read_campaign(path) == played
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test-campaign.json"]


def test_an_unwritable_campaign_is_refused_before_the_file_is_touched(tmp_path, played):
    store = CampaignStore(tmp_path)
    path = store.create(played)
    before = path.read_bytes()
    played.scars.append(5)  # a campaign its own reader would refuse
    with pytest.raises(ValueError, match="refusing to write"):
        store.save(played, path)
    assert path.read_bytes() == before


@st.composite
def damaged_body(draw, body: dict) -> bytes:
    """A campaign file with one to three fields replaced, deleted or added (checksum made to
    match, so the body's own checks must catch it), or cut short."""
    body = copy.deepcopy(body)
    if draw(st.booleans()):
        good = envelope(body)
        return good[: draw(st.integers(0, len(good) - 1))]
    damage_fields(draw, body)
    try:
        return envelope(body)
    except ValueError:  # a value JSON cannot hold
        return b"{"


@pytest.mark.slow
def test_damaged_files_load_or_fail_clearly_and_are_never_changed(tmp_path, played):
    store = CampaignStore(tmp_path)
    path: Path = store.create(played)
    body = to_body(played)

    @settings(max_examples=150, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(damaged_body(body))
    def check(raw: bytes) -> None:
        path.write_bytes(raw)
        try:
            c = read_campaign(path)
        except CampaignFileError as e:
            assert str(e).startswith('Campaign file "') and "\n" not in str(e)
        else:  # what loads is whole: it writes back and reads the same
            again = tmp_path / "again.json"
            store.save(c, again)
            assert read_campaign(again) == c
        assert path.read_bytes() == raw

    check()
