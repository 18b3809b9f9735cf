"""Bad input for the Expedition: damaged saves and setups, bad chit files, odd commands. Each gets a
clear error naming the field or rule, and nothing is lost or overwritten."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.core.cardfiles import CardLoadError
from engine.core.savefile import SaveError, digest
from engine.expedition.chitdb import load_db
from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import ExpeditionSetup
from engine.resources import cards_dir
from tests.robust.damage import COMMAND, JSON
from tests.robust.helpers import run


@pytest.fixture(scope="module")
def payload(tmp_path_factory) -> dict:
    game = ExpeditionGame.new(ExpeditionSetup.for_players(2, 6))
    for _ in range(10):
        assert game.apply(game.legal_commands()[0]).accepted
    path = tmp_path_factory.mktemp("save") / "good.json"
    game.save(path)
    return json.loads(path.read_text())["payload"]


def write(path: Path, payload: dict) -> bytes:
    env = {"format": "matrix-tabletop-save", "version": 1, "ruleset": "expedition", "payload": payload,
           "sha256": digest(payload)}
    path.write_text(json.dumps(env))
    return path.read_bytes()


def test_the_good_save_loads(tmp_path, payload):
    path = tmp_path / "ok.json"
    good = json.loads(json.dumps(payload))
    from engine.core.savefile import write_save

    write_save(path, "expedition", good)
    assert ExpeditionGame.load(path).state_hash() == payload["state_hash"]


@pytest.mark.parametrize(("field", "value", "words"), [
    ("players", [], "setup.players"),
    ("players", [{"name": "A", "region": "moon"}], "setup.players[0].region"),
    ("players", [{"name": "A", "region": "hills", "time": "ten"}], "setup.players[0].time must be a whole"),
    ("players", [{"name": "A", "region": "hills", "time": 0}], "setup.players[0].time"),
    ("players", [{"name": "A", "region": "hills", "food": -2}], "setup.players[0].food"),
    ("players", [{"name": "A", "region": "hills", "guide": "yes"}], "setup.players[0].guide must be true"),
    ("players", [{"name": "A", "region": "hills", "cheat": 1}], "setup.players[0].cheat is not a known"),
    ("players", [{"name": "P", "region": "hills"}] * 5, "setup.players"),
    ("seed", "x", "setup.seed must be a whole number"),
    ("game_turn", 0, "setup.game_turn"),
])
def test_a_damaged_setup_is_a_save_error_naming_the_field(tmp_path, payload, field, value, words):
    bad = json.loads(json.dumps(payload))
    bad["setup"][field] = value
    path = tmp_path / "bad.json"
    from engine.core.savefile import write_save

    write_save(path, "expedition", bad)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="bad setup") as err:
        ExpeditionGame.load(path)
    assert words in str(err.value)
    assert path.read_bytes() == before
    assert run(main, ["replay", str(path)]).refused_clearly()


def test_a_save_for_a_missing_chit_folder_is_refused(tmp_path, payload):
    bad = json.loads(json.dumps(payload))
    bad["setup"]["card_dir"] = str(tmp_path / "nowhere")
    from engine.core.savefile import write_save

    path = tmp_path / "bad.json"
    write_save(path, "expedition", bad)
    with pytest.raises(SaveError, match="cannot be set up.*does not exist"):
        ExpeditionGame.load(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["setup", "commands", "state_hash", "snapshot"]), value=JSON)
def test_any_damaged_field_is_a_save_error_never_a_crash(tmp_path, payload, key, value):
    bad = dict(payload)
    bad[key] = value
    path = tmp_path / "fuzz.json"
    from engine.core.savefile import write_save

    write_save(path, "expedition", bad)
    try:
        game = ExpeditionGame.load(path)
    except SaveError:
        return
    assert game.state_hash() == payload["state_hash"]  # only a harmless change (the snapshot) loads


@settings(max_examples=150, deadline=None)
@given(text=COMMAND)
def test_odd_command_text_is_refused_with_a_reason_and_changes_nothing(text):
    game = ExpeditionGame.new(ExpeditionSetup.for_players(2, 1))
    before = game.state_hash()
    res = game.apply(text)
    if not res.accepted:
        assert res.rule and res.reason and game.state_hash() == before


def copy_chits(tmp_path: Path) -> Path:
    folder = tmp_path / "chits"
    folder.mkdir()
    for p in cards_dir("expedition").glob("*.toml"):
        shutil.copy(p, folder / p.name)
    return folder


@pytest.mark.parametrize(("old", "new", "words"), [
    ('kind = "discovery"\nkingdom = true\nlikes_you_on = 4', 'kind = "discovery"\nkingdom = true',
     "needs likes_you_on"),
    ('dots = ["swamp"]', 'dots = ["ocean"]', "dots.0"),
    ('copies = 3\nchanges = [{ counter = "food", amount = -1 }]',
     'copies = 3\nchanges = [{ counter = "gold", amount = -1 }]', "changes.0.counter"),
    ('name = "Quicksand"', 'name = "Quicksand"\nspeed = 3', "speed"),
])
def test_a_bad_chit_file_names_the_file_the_chit_and_the_field(tmp_path, old, new, words):
    folder = copy_chits(tmp_path)
    for p in folder.glob("*.toml"):
        text = p.read_text()
        if old in text:
            p.write_text(text.replace(old, new, 1))
            break
    else:
        raise AssertionError(f"{old!r} is in no chit file")
    with pytest.raises(CardLoadError) as err:
        load_db(folder)
    assert any(words in line and ".toml: chit[" in line for line in err.value.problems), err.value.problems
    res = run(main, ["validate-cards", "--ruleset", "expedition", "--cards", str(folder)])
    assert res.code == 1 and words in res.err


@pytest.mark.rule("EX-RUMOR-08")
def test_the_special_discovery_pool_must_hold_sixteen(tmp_path):
    folder = copy_chits(tmp_path)
    p = folder / "special_discoveries.toml"
    text = p.read_text()
    p.write_text(text[:text.rindex("[[chit]]")])
    with pytest.raises(CardLoadError, match="must hold 16 chits, not 15"):
        load_db(folder)


def test_a_chit_in_the_wrong_pool_is_refused(tmp_path):
    folder = copy_chits(tmp_path)
    p = folder / "encounters.toml"
    p.write_text(p.read_text().replace('pool = "encounters"', 'pool = "specials"'))
    with pytest.raises(CardLoadError, match="does not go in the specials pool"):
        load_db(folder)
