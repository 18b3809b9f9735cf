"""Moving the Explorer (EX-MOVE) and the rhythm of a Matrix Player Turn (EX-TURN)."""
from __future__ import annotations

import pytest

from tests.expedition.helpers import apply, at, kinds, of_kind, only, put, quiet, region, settle

QUIET_EVENTS = ("quiet_day", "quiet_day")


def calm(game, events=QUIET_EVENTS) -> None:
    """No Encounters to draw, and only these Events in the cup."""
    only(game, "encounters")
    only(game, "events", *events)


@pytest.mark.rule("EX-MOVE-01")
def test_one_orthogonal_step_never_diagonal_never_off_the_grid():
    game = quiet(1)
    game.state.sheets[0].pos = [2, 1]
    assert {c.text() for c in game.legal_commands()} == {"@0 move 1 1", "@0 move 3 1", "@0 move 2 2"}
    assert game.check("move 3 2").rule == "EX-MOVE-01"  # diagonal
    assert "diagonally" in game.check("move 3 2").reason
    assert game.check("move 2 3").rule == "EX-MOVE-01"  # two steps
    assert game.check("move 2 0").rule == "EX-MOVE-01"  # off the grid
    assert game.check("move 2").rule == "COMMAND" and game.check("move a b").rule == "COMMAND"


@pytest.mark.rule("EX-MOVE-02")
def test_the_explorer_may_go_back_where_it_came_from():
    game = quiet(1)
    calm(game, ("quiet_day",) * 2)
    game.state.sheets[0].pos, game.state.sheets[0].arrow = [2, 3], [1, 3]
    assert game.check("move 1 3") is None
    apply(game, "move 1 3")
    assert game.state.sheets[0].pos == [1, 3] and game.state.sheets[0].arrow == [2, 3]


@pytest.mark.rule("EX-MOVE-03")
def test_moving_is_compulsory_except_on_end_here():
    game = quiet(1)
    assert game.check("move 1 3").rule == "EX-MOVE-03"
    game.state.sheets[0].pos = [4, 3]
    assert game.check("move 4 3") is None
    assert "@0 move 4 3" in {c.text() for c in game.legal_commands()}
    game.state.sheets[0].pos = [4, 2]
    assert game.check("move 4 2").rule == "EX-MOVE-03"


@pytest.mark.rule("EX-MOVE-04")
def test_moving_costs_one_time_and_leaves_the_arrow_in_the_slot_left():
    game = quiet(1)
    calm(game)
    res = apply(game, "move 2 3")
    sh = game.state.sheets[0]
    assert sh.time == 9 and sh.arrow == [1, 3] and sh.pos == [2, 3]
    moved = of_kind(res.events, "explorer_moved")[0]
    assert moved.data["arrow"] == [1, 3]
    # staying on End here still pays the Time; the Arrow stays where it was
    game = quiet(1)
    calm(game)
    game.state.sheets[0].pos, game.state.sheets[0].arrow = [4, 3], [3, 3]
    res = apply(game, "move 4 3")
    assert game.state.sheets[0].time == 9 and game.state.sheets[0].arrow == [3, 3]
    assert of_kind(res.events, "explorer_stayed")


@pytest.mark.rule("EX-TURN-01")
def test_the_five_steps_run_in_order():
    game = quiet(2)
    only(game, "encounters", "charging_buffalo")
    only(game, "events", "quiet_day", "quiet_day")
    put(game, 0, (2, 3), "friendly_hunters")
    res = apply(game, "move 2 3")
    order = [k for k in kinds(res.events) if k in ("counter_changed", "explorer_moved", "chit_drawn",
                                                   "encounter", "turn_started")]
    # step 3 (Time, move), step 4 (second Event), step 5 (the Encounter), then the next turn starts
    assert order[:4] == ["counter_changed", "explorer_moved", "chit_drawn", "encounter"]
    assert "turn_started" in order[4:]
    # the next player's turn: step 1 (Discovery Procedure first: their first turn), then step 2
    game = quiet(1)
    calm(game, ("quiet_day",) * 3)
    only(game, "encounters", "charging_buffalo")
    res = apply(game, "move 2 3")
    ks = kinds(res.events)
    start = ks.index("turn_started")
    after = [e for e in res.events[start:] if e.kind == "chit_drawn"]
    assert [e.data["pool"] for e in after] == ["encounters", "events"]  # place, then the first Event
    assert game.state.step == "move"


@pytest.mark.rule("EX-TURN-02")
def test_a_finding_is_dealt_with_before_the_encounter():
    game = quiet(1)
    calm(game)
    put(game, 0, (2, 3), "friendly_hunters")
    put(game, 0, (2, 3), "old_map_fragment")
    res = apply(game, "move 2 3")
    causes = [e.data["cause"] for e in of_kind(res.events, "counter_changed")]
    dp = next(i for i, c in enumerate(causes) if "Old Map Fragment" in c)
    food = next(i for i, c in enumerate(causes) if c == "Friendly Hunters")
    assert dp < food
    assert "old_map_fragment" in region(game, 0)


@pytest.mark.rule("EX-TURN-03")
def test_the_chits_in_the_new_slot_cannot_be_refused():
    game = quiet(1)
    calm(game)
    put(game, 0, (2, 3), "charging_buffalo")
    assert {c.verb for c in game.legal_commands()} == {"move"}
    res = apply(game, "move 2 3")
    assert game.state.sheets[0].health == 5
    assert any(e.data.get("rule") == "EX-TURN-03" for e in of_kind(res.events, "chit_returned"))
    assert at(game, 0, (2, 3)) == []


@pytest.mark.rule("EX-TURN-04")
def test_play_passes_in_turn_track_order():
    game = quiet(3)
    calm(game, ("quiet_day",) * 2)
    assert game.check("@1 move 2 3").rule == "EX-TURN-04"
    apply(game, "move 2 3")
    assert game.state.current == 1 and game.acting == 1
    assert game.check("@0 move 2 3").rule == "EX-TURN-04"


@pytest.mark.rule("EX-TURN-05")
def test_the_turn_in_which_time_runs_out_is_finished():
    game = quiet(2, time=1)
    calm(game)
    put(game, 0, (2, 3), "friendly_hunters")
    res = apply(game, "move 2 3")
    ks = kinds(res.events)
    # Time goes from 1 to Stop at step 3, yet steps 4 and 5 still happen; then the player is done
    assert ks.index("explorer_moved") < ks.index("encounter") < ks.index("time_up")
    assert game.state.sheets[0].food == 5 and game.state.sheets[0].done
    assert game.state.current == 1


@pytest.mark.rule("EX-TURN-06")
def test_players_whose_time_is_up_are_skipped_and_the_phase_ends_with_the_last():
    game = quiet(3)
    game.state.sheets[1].done = True
    game.state.sheets[1].time = 0
    calm(game, ("quiet_day",) * 4)
    apply(game, "move 2 3")
    assert game.state.current == 2  # seat 1's Time is up: skipped
    for sh in game.state.sheets:
        sh.time = 1
    apply(game, "move 2 3")
    settle(game)
    assert game.state.sheets[2].done and game.state.current == 0
    apply(game, "move 3 3")
    settle(game)
    assert game.over and game.state.result == "over"
    assert game.check("move 4 3").rule == "EX-TURN-06" and game.legal_commands() == []
    out = game.observe(None)["outcome"]
    assert out["rule"] == "EX-TURN-06" and [p["seat"] for p in out["players"]] == [0, 1, 2]
