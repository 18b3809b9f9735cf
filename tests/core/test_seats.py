"""Who plays each seat (engine.core.seats): recorded in the setups of both rulesets, left out of a
save when nobody is a bot (older saves keep their state hash), and checked when a save is read."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.savefile import SaveError
from engine.core.seats import bot_seats, seats_problem
from engine.legendary.carddb import load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup, SetupError
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup
from engine.replay.setup import SetupError as ReplaySetupError
from tests.legendary.conftest import ACTS, AVATARS, FIXTURE_CARDS, GROUPS


def legendary(seats: list[str], players: int = 3) -> LegendaryGame:
    setup = LegendarySetup(avatars=list(AVATARS[:players]), acts=ACTS.split(","), groups=GROUPS.split(","),
                           seed=4, card_dirs=[str(FIXTURE_CARDS)], seats=seats)
    return LegendaryGame.new(setup, load_db([FIXTURE_CARDS]))


def test_seats_problem_names_the_wrong_count_and_the_unknown_kind():
    assert seats_problem([], 4) is None
    assert seats_problem(["human", "heuristic", "random"], 3) is None
    assert "names who plays 2 seats, but the game has 3" in (seats_problem(["human", "random"], 3) or "")
    assert "'robot' cannot play a seat" in (seats_problem(["human", "robot"], 2) or "")
    assert bot_seats(["human", "heuristic", "random"]) == {1: "heuristic", 2: "random"}


def test_a_legendary_setup_without_bots_saves_as_before_and_one_with_bots_keeps_them(tmp_path: Path):
    plain = legendary([])
    assert "seats" not in plain.state.setup  # the saved setup (and the state hash) of older saves
    game = legendary(["human", "heuristic", "random"])
    assert game.state.setup["seats"] == ["human", "heuristic", "random"]
    game.save(tmp_path / "g.json")
    again = LegendaryGame.load(tmp_path / "g.json", load_db([FIXTURE_CARDS]))
    assert again.setup.seats == ["human", "heuristic", "random"]
    assert again.state_hash() == game.state_hash()


def test_a_legendary_save_with_a_bad_seat_is_refused_with_the_reason(tmp_path: Path):
    with pytest.raises(SetupError, match="seats: 'robot' cannot play a seat"):
        legendary(["human", "robot", "human"])
    payload = legendary(["human", "heuristic", "heuristic"]).save_payload()
    payload["setup"]["seats"] = ["human", "heuristic"]
    with pytest.raises(SaveError, match="names who plays 2 seats, but the game has 3"):
        LegendaryGame.from_payload(payload, load_db([FIXTURE_CARDS]), path=tmp_path / "bad.json")
    payload["setup"]["seats"] = "heuristic"
    with pytest.raises(SaveError, match="setup.seats must be a list"):
        LegendaryGame.from_payload(payload, load_db([FIXTURE_CARDS]), path=tmp_path / "bad.json")


def test_a_replay_setup_records_its_bot_side_and_refuses_a_bad_one(tmp_path: Path):
    assert "seats" not in ReplayGame.new(ReplaySetup(seed=2)).state.setup
    game = ReplayGame.new(ReplaySetup(seed=2, seats=["heuristic", "human"]))
    game.save(tmp_path / "r.json")
    again = ReplayGame.load(tmp_path / "r.json")
    assert again.setup.seats == ["heuristic", "human"] and again.state_hash() == game.state_hash()
    with pytest.raises(ReplaySetupError, match="seats: the setup names who plays 3 seats"):
        ReplayGame.new(ReplaySetup(seed=2, seats=["human", "human", "random"]))
    payload = game.save_payload()
    payload["setup"]["seats"] = ["human", "nobody"]
    with pytest.raises(SaveError, match="'nobody' cannot play a seat"):
        ReplayGame.from_payload(payload, path=tmp_path / "bad.json")


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_a_bot_told_its_seats_never_issues_another_seats_command(kind: str):
    """At a table with people a bot never acts for them (e.g. never coordinates a person's card)."""
    from engine.legendary.bots import BOTS
    from engine.legendary.films import film_setup

    db = load_db([])
    game = LegendaryGame.new(film_setup("the_matrix", 4, 3, None, db=db), db)
    bot = BOTS[kind](3, end_bias=0.15) if kind == "random" else BOTS[kind](3)
    others = 0
    for _ in range(3000):
        if game.over:
            break
        t = game.table()
        seat = t.acting_seat()
        others += any(t.command_seat(c) != seat for c in game.legal_commands())
        cmd = bot.choose(game, seats={seat})
        assert t.command_seat(cmd) == seat, f"the bot of seat {seat} chose {cmd.text()}"
        assert game.apply(cmd).accepted
    assert game.over
    if kind == "heuristic":  # (this game gives another seat commands: the filter was needed)
        assert others > 0, "no other seat ever had a command to choose by mistake"
