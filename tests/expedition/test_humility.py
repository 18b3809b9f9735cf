"""Humility: drawing Events against a player far ahead in DP (EX-HUM)."""
from __future__ import annotations

import pytest

from engine.expedition.flow import humility_targets
from tests.expedition.helpers import apply, matrix_chits, of_kind, only, quiet


@pytest.mark.rule("EX-HUM-01")
def test_humility_targets_only_players_six_or_more_dp_ahead_while_time_is_left():
    game = quiet(3)
    sheets = game.state.sheets
    sheets[0].dp, sheets[1].dp, sheets[2].dp = 2, 8, 7
    t = game.table()
    assert humility_targets(t, 0) == [1]
    sheets[0].time = 0
    assert humility_targets(t, 0) == []
    # offered at the end of the turn
    game = quiet(2)
    game.state.sheets[1].dp = 6
    only(game, "encounters")
    only(game, "events", "quiet_day", "twisted_ankle", "fever_dreams", "spoiled_rations")
    res = apply(game, "move 2 3")
    asked = of_kind(res.events, "decision")
    assert asked and asked[-1].data["rule"] == "EX-HUM-01"
    game = quiet(2)
    game.state.sheets[1].dp = 5
    only(game, "encounters")
    only(game, "events", "twisted_ankle")
    res = apply(game, "move 2 3")
    assert not of_kind(res.events, "humility") and game.state.current == 1


def humble(n: int = 2, dps: tuple[int, ...] = (0, 6), **sheet):
    """Seat 0 at the Humility question after moving, with three Incidents in the Event cup."""
    game = quiet(n, **sheet)
    for seat, dp in enumerate(dps):
        game.state.sheets[seat].dp = dp
    only(game, "encounters")
    only(game, "events", "quiet_day")
    game.state.sheets[0].turns = 1
    apply(game, "move 2 3")
    assert game.state.decision is not None and game.state.decision.rule == "EX-HUM-01"
    only(game, "events", "twisted_ankle", "fever_dreams", "spoiled_rations")
    return game


@pytest.mark.rule("EX-HUM-02")
def test_humility_costs_one_time_and_draws_three_events():
    game = humble()
    res = apply(game, "choose 0")
    assert game.state.sheets[0].time == 8
    drawn = [e for e in of_kind(res.events, "chit_drawn") if e.data["why"] == "Humility"]
    assert len(drawn) == 3
    # on 1 Time it may still be paid: the Time is then up
    game = humble(time=2)
    apply(game, "choose 0")
    apply(game, "choose 3")  # no Incident for the target
    assert game.state.sheets[0].time == 0 and game.state.sheets[0].done


@pytest.mark.rule("EX-HUM-03")
def test_the_target_suffers_one_of_the_incidents_and_cannot_refuse():
    game = humble()
    apply(game, "choose 0")
    d = game.state.decision
    assert d.rule == "EX-HUM-03" and d.seat == 0 and d.options[-1] == "None"
    k = d.options.index("Twisted Ankle")
    res = apply(game, f"choose {k}")
    hurt = [(e.data["seat"], e.data["counter"], e.data["after"])
            for e in of_kind(res.events, "counter_changed") if "by Humility" in e.data["cause"]]
    assert hurt == [(1, "health", 5)] and game.state.sheets[0].health == 6
    assert of_kind(res.events, "suffers")[0].data["seat"] == 1


@pytest.mark.rule("EX-HUM-04")
def test_all_three_events_are_returned_and_none_enters_the_matrix():
    game = humble()
    before = matrix_chits(game, 0)
    apply(game, "choose 0")
    res = apply(game, "choose 0")
    back = [e for e in of_kind(res.events, "chit_returned") if e.data["rule"] == "EX-HUM-04"]
    assert len(back) == 3 and matrix_chits(game, 0) == before
    assert game.state.piles["p0.out"] == []


@pytest.mark.rule("EX-HUM-05")
def test_several_targets_each_once_each_paid_for():
    game = humble(3, (0, 6, 9))
    assert len(game.state.decision.options) == 3  # two targets and "No Humility"
    apply(game, "choose 1")  # against seat 2
    apply(game, "choose 3")  # no Incident
    d = game.state.decision
    assert d.rule == "EX-HUM-01" and d.options == ("Humility against Explorer 2 (6 DP)", "No Humility")
    only(game, "events", "twisted_ankle", "fever_dreams", "spoiled_rations")
    apply(game, "choose 0")
    apply(game, "choose 3")
    assert game.state.sheets[0].time == 7 and game.state.current == 1  # 1 (move) + 1 + 1


@pytest.mark.rule("EX-HUM-06")
def test_humility_is_not_used_solo():
    game = quiet(1)
    game.state.sheets[0].dp = 0
    assert humility_targets(game.table(), 0) == []
    only(game, "encounters")
    only(game, "events", "quiet_day", "twisted_ankle")
    res = apply(game, "move 2 3")
    assert not [e for e in of_kind(res.events, "decision") if e.data["rule"] == "EX-HUM-01"]
