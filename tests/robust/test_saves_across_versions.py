"""A save made by an earlier version (other cards, other rules) still loads: when its command log no
longer replays, the game goes on from the position the save kept, and nothing is lost."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.core.savefile import SaveError, read_save
from engine.legendary.bots import BOTS
from engine.legendary.carddb import load_db
from engine.legendary.game import LegendaryGame

WAVE1 = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "legendary_wave1.json"


@pytest.fixture(scope="module")
def db():
    return load_db()


def test_a_save_of_the_first_release_goes_on_from_its_kept_position(db, tmp_path):
    payload = read_save(WAVE1, ruleset="legendary")
    game = LegendaryGame.load(WAVE1, db)
    assert game.resumed and "earlier moves cannot be replayed" in game.resumed
    assert game.state_hash() == payload["state_hash"]  # exactly the position that was saved
    assert not game.can_undo()
    bot = BOTS["heuristic"](3)
    for _ in range(25):  # the game goes on
        if game.over:
            break
        assert game.apply(bot.choose(game)).accepted
    path = tmp_path / "continued.json"
    game.save(path)
    again = LegendaryGame.load(path, db)  # and its new save replays from that position
    assert again.state_hash() == game.state_hash() and not again.resumed


def test_a_damaged_log_with_its_kept_position_loads_that_position(db, tmp_path):
    path = tmp_path / "damaged.json"
    shutil.copy(WAVE1, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    body = doc.get("payload", doc)
    body["commands"][0] = "play 999999"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        game = LegendaryGame.load(path, db)
    except SaveError as e:  # a checksum over the file refuses the edit: clear, and the file untouched
        assert "damaged.json" in str(e)
        assert json.loads(path.read_text(encoding="utf-8")) == doc
        return
    assert game.resumed


def test_a_position_that_does_not_match_its_hash_is_refused(db, tmp_path):
    game = LegendaryGame.new(LegendaryGame.load(WAVE1, db).setup, db)
    game.apply("end")
    payload = game.save_payload()
    payload["commands"] = ["play 999999"]  # the log no longer replays
    payload["snapshot"]["time"] = 3  # and the kept position is not the one the hash names
    with pytest.raises(SaveError, match="state hash differs|does not replay"):
        LegendaryGame.from_payload(payload, db)

