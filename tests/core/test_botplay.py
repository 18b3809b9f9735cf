"""The bot play-out loop and the benches built on it stop a game past their limits and report it as
hung, a failing result, instead of looping on (engine/core/botplay.py, bench/balance.py,
``matrix-engine simulate``)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine import cli
from engine.core.botplay import Unfinished, play_out
from engine.legendary.bots import BOTS
from engine.legendary.game import LegendaryGame
from engine.legendary.quickstart import default_setup
from tests.legendary.conftest import FIXTURE_CARDS

REPO = Path(__file__).resolve().parents[2]


def balance_module():
    spec = importlib.util.spec_from_file_location("balance_bench", REPO / "bench" / "balance.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def fixture_game(seed: int = 3) -> LegendaryGame:
    db = cli._db([str(FIXTURE_CARDS)])
    return LegendaryGame.new(default_setup(db, 2, seed, [str(FIXTURE_CARDS)]), db, track_undo=False)


def test_play_out_stops_a_game_past_its_turn_limit():
    game = fixture_game()
    bot = BOTS["heuristic"](3)
    with pytest.raises(Unfinished, match="did not end in 4 turns"):
        play_out(game, lambda g, seat: bot.choose(g), 10_000, turns=cli.turn_of, max_turns=4)
    assert not game.over and game.state.turn_no == 5  # stopped as turn 5 began, not played on


def test_play_out_stops_a_game_past_its_command_limit():
    game = fixture_game()
    bot = BOTS["heuristic"](3)
    with pytest.raises(Unfinished, match="did not end in 7 commands"):
        play_out(game, lambda g, seat: bot.choose(g), 7)
    assert len(game.commands) == 7


def test_the_balance_bench_counts_a_game_past_the_turn_limit_as_hung_and_fails(monkeypatch, capsys):
    bench = balance_module()
    monkeypatch.setattr(bench, "HUNG_TURNS", 3)  # every game "hangs" after 3 turns
    played = bench._one_game(("heuristic", 1, 11, "the_matrix", "win", None))
    assert played == {"hang": "seed 11: the game did not end in 3 turns"}
    row = bench._row(1, 1, [played], 0.0)
    assert (row["errors"], row["hangs"]) == (0, 1)
    assert bench.main(["--games", "1", "--players", "1", "--markdown"]) == 1
    assert "| errors | hangs |" in capsys.readouterr().out


def test_simulate_reports_a_game_that_hung_as_a_failure(monkeypatch, capsys):
    from engine.legendary import stall

    monkeypatch.setattr(stall, "HUNG_TURNS", 2)
    assert cli.main(["simulate", "--games", "1", "--players", "1", "--cards", str(FIXTURE_CARDS)]) == 1
    out = capsys.readouterr().out
    assert '"hung": 1' in out and "did not end in 2 turns" in out
