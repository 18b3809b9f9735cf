"""The Matrix grid (EX-GRID) and the Discovery Procedure with terrain dots (EX-DISC)."""
from __future__ import annotations

import pytest

from engine.expedition import flow
from engine.expedition.chitdb import default_db
from engine.expedition.flow import activate, finding_slots, placement_slots
from engine.expedition.game import ExpeditionGame
from engine.expedition.grid import END, NUMBERED, SLOTS, START, distance, label
from engine.expedition.setup import ExpeditionSetup, new_state
from engine.expedition.state import slot_pile
from engine.expedition.table import Table
from tests.expedition.helpers import (
    apply,
    at,
    chit_of,
    dice,
    in_cup,
    matrix_chits,
    of_kind,
    only,
    put,
    quiet,
    run_op,
)


def fresh_table(seed: int) -> Table:
    """A table on a new state, before any turn: every chit in its cup."""
    return Table(default_db(), new_state(default_db(), ExpeditionSetup.for_players(1, seed)))


@pytest.mark.rule("EX-GRID-01")
def test_each_player_has_a_matrix_of_five_columns_by_four_rows():
    game = quiet(2)
    view = game.observe(0)
    assert view["grid_size"] == {"rows": 4, "cols": 5}
    for p in view["players"]:
        assert [(g["row"], g["col"]) for g in p["grid"]] == [(r, c) for r in range(1, 5) for c in range(1, 6)]
    assert all(slot_pile(seat, s) in game.state.piles for seat in (0, 1) for s in SLOTS)
    game.state.sheets[0].pos = [4, 5]
    assert game.check("move 4 6").rule == "EX-MOVE-01" and game.check("move 5 5").rule == "EX-MOVE-01"


@pytest.mark.rule("EX-GRID-02")
def test_start_here_is_top_centre_and_end_here_bottom_centre():
    assert START == (1, 3) and END == (4, 3)
    game = ExpeditionGame.new(ExpeditionSetup.for_players(3, 5))
    assert all(sh.pos == [1, 3] for sh in game.state.sheets)
    view = game.observe(None)
    assert view["start"] == [1, 3] and view["end"] == [4, 3]
    grid = view["players"][0]["grid"]
    assert grid[2]["label"] == "Start here" and grid[17]["label"] == "End here"


@pytest.mark.rule("EX-GRID-03")
def test_six_lower_slots_carry_the_rumor_numbers():
    assert NUMBERED == {1: (3, 1), 2: (3, 2), 3: (3, 3), 4: (3, 4), 5: (3, 5), 6: (4, 1)}
    assert [label(NUMBERED[n]) for n in range(1, 7)] == ["1", "2", "3", "4", "5", "6"]
    assert all(r >= 3 for r, _ in NUMBERED.values()) and END not in NUMBERED.values()
    # The die's number picks the slot the activated Rumor goes to.
    for roll in (2, 6):
        game = quiet(1)
        rumor = put(game, 0, (2, 2), "whispered_legend")
        put(game, 0, (2, 2), "riverside_village")
        dice(game, roll)
        t = game.table()
        activate(t, 0, rumor)
        assert game.state.piles[slot_pile(0, NUMBERED[roll])] == [rumor]


@pytest.mark.rule("EX-GRID-04")
def test_distances_are_counted_orthogonally():
    assert distance((1, 3), (2, 4)) == 2 and distance((1, 3), (3, 4)) == 3
    game = quiet(1)
    near = put(game, 0, (2, 4), "old_map_fragment")  # diagonal neighbour: 2 steps
    far = put(game, 0, (3, 4), "old_map_fragment")  # a knight's move: 3 steps
    only(game, "encounters")
    run_op(game, op="sweep", seat=0)
    assert at(game, 0, (2, 4)) == ["old_map_fragment"] and not in_cup(game, near)
    assert in_cup(game, far)


@pytest.mark.rule("EX-GRID-05")
def test_a_slot_never_holds_two_findings_or_two_encounters():
    game = quiet(1)
    put(game, 0, (2, 3), "charging_buffalo")
    put(game, 0, (1, 4), "old_map_fragment")
    t = game.table()
    assert (2, 3) not in placement_slots(t, 0) and (1, 4) not in placement_slots(t, 0)
    assert (1, 4) not in finding_slots(t, 0, 1)
    # A Finding may join an Encounter; the Finding is resolved first (EX-TURN-02).
    assert (2, 3) in finding_slots(t, 0, 1)


@pytest.mark.rule("EX-DISC-01")
def test_the_discovery_procedure_runs_once_just_before_each_players_first_turn():
    game = ExpeditionGame.new(ExpeditionSetup.for_players(2, 11))
    assert game.state.sheets[0].discovered and not game.state.sheets[1].discovered
    assert matrix_chits(game, 1) == 0
    procedures = {0: 1, 1: 0}
    while not game.over and game.state.sheets[0].turns < 3:
        cmd = game.legal_commands()[0]
        res = apply(game, cmd.text())
        for e in of_kind(res.events, "chit_drawn"):
            if "Discovery Procedure, slot (1,1)" in e.data["why"]:
                procedures[e.data["seat"]] += 1
    assert procedures == {0: 1, 1: 1}
    assert game.state.sheets[1].discovered


@pytest.mark.rule("EX-DISC-02")
def test_the_procedure_lays_an_event_in_the_18_other_slots_row_by_row():
    t = fresh_table(4)
    t.push({"op": "discover", "seat": 0})
    flow.run(t)
    drawn = [e.data["dst"] for e in of_kind(t.events, "chit_drawn")]
    want = [slot_pile(0, s) for s in SLOTS if s not in (START, END)]
    assert drawn == want and len(drawn) == 18
    assert all(e.data["pool"] == "events" for e in of_kind(t.events, "chit_drawn"))


@pytest.mark.rule("EX-DISC-03")
def test_the_procedure_returns_everything_but_legal_discoveries():
    t = fresh_table(9)
    t.push({"op": "discover", "seat": 0})
    flow.run(t)
    left = [c for s in SLOTS for c in t.s.piles[slot_pile(0, s)]]
    assert left and all(t.kind(c) == "discovery" and t.legal_here(0, c) for c in left)
    returned = {e.data["chit"] for e in of_kind(t.events, "chit_returned")}
    assert len(returned) + len(left) == 18
    assert all(t.kind(c) != "discovery" or not t.legal_here(0, c) for c in returned)


@pytest.mark.rule("EX-DISC-04", "EX-EVENT-09")
def test_discoveries_enter_the_matrix_only_through_the_procedure():
    game = quiet(1)
    only(game, "encounters")
    (lost,) = only(game, "events", "lost_city")
    events = run_op(game, op="event", seat=0, n=1)
    assert in_cup(game, lost) and matrix_chits(game, 0) == 0
    assert of_kind(events, "chit_returned")[0].data["rule"] == "EX-EVENT-09"


@pytest.mark.rule("EX-DISC-05")
def test_a_chit_is_legal_when_one_dot_matches_and_always_without_dots():
    game = quiet(1)  # grassland
    t = game.table()
    assert t.legal_here(0, chit_of(game, "meteor_shard"))  # grassland, desert, mountains
    assert not t.legal_here(0, chit_of(game, "rare_orchid"))  # forest, swamp
    assert t.legal_here(0, chit_of(game, "old_map_fragment"))  # no dots
    assert t.legal_here(0, chit_of(game, "suspicious_chief"))  # an Encounter without dots
    assert not t.legal_here(0, chit_of(game, "sunken_temple"))
