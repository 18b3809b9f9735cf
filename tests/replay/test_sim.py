"""Bots, the simulation summary, the balance report and the command line."""
from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.replay.bots import HeuristicBot, RandomBot, make_bot
from engine.replay.sim import balance_report, play_game, simulate


@pytest.mark.parametrize("bot", ["random", "heuristic", "heuristic:random"])
def test_bots_finish_games_with_legal_moves(bot):
    for seed in range(3):
        game = play_game(seed, bot)
        assert game.over and game.state.result


def test_simulate_summary_counts_every_game():
    out = simulate(12, seed=3, bot="heuristic")
    assert out["games"] == 12 and out["errors"] == 0
    assert out["wins"]["humans"] + out["wins"]["machines"] == 12
    assert sum(out["machine_wins_by"].values()) == out["wins"]["machines"]
    assert out["mean_turns"] > 0 and out["commands_per_second"] > 0
    assert simulate(12, seed=3, bot="heuristic")["wins"] == out["wins"]  # deterministic


def test_balance_report_shape():
    rep = balance_report(6, seed=2)
    assert rep["human_win_rate"] + rep["machine_win_rate"] == pytest.approx(1.0)
    assert set(rep["machine_win_ways"]) == {"neo", "neb", "zion"}
    assert rep["mean_turns"] > 0


def test_unknown_bot_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
    assert isinstance(make_bot("random"), RandomBot) and isinstance(make_bot("heuristic"), HeuristicBot)


def test_cli_simulate_replay(capsys):
    assert main(["simulate", "--ruleset", "replay", "--games", "4", "--bot", "heuristic"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "replay" and out["games"] == 4 and out["errors"] == 0
    assert main(["simulate", "--ruleset", "replay", "--games", "1", "--bot", "nope"]) == 2
