"""Hints are counted in a game's record: saved beside the command log (never in the state), so a
game without hints saves exactly as before and older saves keep their state hash."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.autosave import AutosaveWriter, read_autosave
from engine.core.savefile import SaveError, read_save_any, write_save
from engine.legendary.carddb import load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.quickstart import default_setup

WAVE1 = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "legendary_wave1.json"


@pytest.fixture(scope="module")
def db():
    return load_db([])


def played(db, n: int = 6) -> LegendaryGame:
    from engine.legendary.bots import HeuristicBot

    g = LegendaryGame.new(default_setup(db, 2, 4, []), db)
    bot = HeuristicBot()
    for _ in range(n):
        g.apply(bot.choose(g))
    return g


def test_hints_are_saved_and_loaded_with_the_game(db, tmp_path: Path):
    g = played(db)
    g.hints = 3
    g.save(tmp_path / "g.json")
    back = LegendaryGame.load(tmp_path / "g.json", db)
    assert back.hints == 3 and back.state_hash() == g.state_hash()


def test_a_game_without_hints_saves_as_before(db, tmp_path: Path):
    g = played(db)
    payload = g.save_payload()
    assert "hints" not in payload  # the payload of a save made before hints were counted
    g.hints = 1
    assert g.save_payload()["hints"] == 1
    assert g.save_payload()["state_hash"] == payload["state_hash"]  # not part of the position


def test_an_older_save_loads_with_no_hints(db):
    _, payload = read_save_any(WAVE1)
    assert "hints" not in payload
    game = LegendaryGame.load(WAVE1)
    assert game.hints == 0


@pytest.mark.parametrize("bad", [-1, "two", 1.5, True])
def test_a_damaged_hint_count_is_refused_by_name(db, tmp_path: Path, bad):
    g = played(db, 2)
    payload = g.save_payload()
    payload["hints"] = bad
    write_save(tmp_path / "bad.json", "legendary", payload)
    before = (tmp_path / "bad.json").read_bytes()
    with pytest.raises(SaveError, match="hints"):
        LegendaryGame.load(tmp_path / "bad.json", db)
    assert (tmp_path / "bad.json").read_bytes() == before


def test_the_autosave_keeps_the_count(db, tmp_path: Path):
    g = played(db, 2)
    w = AutosaveWriter(tmp_path / "autosave.json")
    w.start(g)
    g.hints = 2
    w.start(g)  # (the operations layer writes the base again when a hint is counted)
    from engine.legendary.bots import HeuristicBot

    g.apply(HeuristicBot().choose(g))
    w.record(g)
    _, payload = read_autosave(tmp_path / "autosave.json")
    back = LegendaryGame.from_payload(payload, db)
    assert back.hints == 2 and back.state_hash() == g.state_hash()
