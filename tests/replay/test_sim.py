"""Bots, the simulation summary, the balance report and the command line."""
from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.replay.bots import DEFAULT_POLICY, HeuristicBot, Policy, RandomBot, make_bot
from engine.replay.sim import balance_report, play_game, simulate
from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    cid,
    clear_hand,
    clear_play,
    matrix_ready,
    new_game,
    ok,
    put,
    to_play,
)


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



def _bot_move(g, seat=None, policy=None):
    seat = g.acting if seat is None else seat
    return HeuristicBot(1, policy or DEFAULT_POLICY).choose(g, seat).text()


def test_heuristic_humans_send_neo_in_only_with_two_shields():
    g = matrix_ready(humans=("neo", "morpheus"), plugged=())
    morpheus = cid(g, "morpheus")
    assert _bot_move(g) == f"@0 plug {morpheus}"
    ok(g, f"@0 plug {morpheus}")
    assert _bot_move(g) == "@0 done"  # one shield is not enough for Neo
    g2 = matrix_ready(humans=("neo", "morpheus", "trinity"), plugged=("morpheus", "trinity"))
    assert _bot_move(g2) == f"@0 plug {cid(g2, 'neo')}"


def test_heuristic_takes_what_its_policy_asks_for():
    g = new_game(4)
    clear_hand(g, H)  # Neo is now in the deck
    assert _bot_move(g) == f"@0 take {cid(g, 'neo')}"
    assert _bot_move(g, policy=Policy(take_order=())) == "@0 draw"


def test_heuristic_machines_take_traitor_when_it_would_kill_neo():
    g = new_game(5)
    advance(g, at_step("zero_one_draw"))
    clear_hand(g, M)
    clear_play(g, H)
    to_play(g, H, "neo", "morpheus", plugged=True)
    traitor = put(g, "traitor_cypher", pp(M, "deck"))
    assert _bot_move(g, M) == f"@1 take {traitor}"
    to_play(g, H, "trinity", plugged=True)  # a third Human in the Matrix: Traitor cannot reach Neo
    assert _bot_move(g, M) != f"@1 take {traitor}"
