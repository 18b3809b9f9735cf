"""Rumors, their activation and the Wasteland, and entering an activated Rumor (EX-RUMOR)."""
from __future__ import annotations

import pytest

from engine.expedition.flow import activate, finding_slots, placement_slots, roll_rumor_slot
from engine.expedition.state import slot_pile
from tests.expedition.helpers import (
    apply,
    at,
    dice,
    in_cup,
    kinds,
    of_kind,
    only,
    put,
    quiet,
    region,
    run_op,
)


def with_active_rumor(game, slot: tuple[int, int]) -> int:
    rumor = put(game, 0, slot, "whispered_legend")
    game.state.sheets[0].rumor = rumor
    game.state.sheets[0].rumor_activated = True
    return rumor


@pytest.mark.rule("EX-RUMOR-01")
def test_a_rumor_goes_on_a_village_or_kingdom_elsewhere_first_and_only_here_second():
    game = quiet(1)
    put(game, 0, (1, 3), "riverside_village")  # the Explorer's own slot
    put(game, 0, (2, 3), "hill_village")
    put(game, 0, (3, 4), "kingdom_of_the_lakes")
    put(game, 0, (1, 2), "oasis_village")
    put(game, 0, (1, 2), "traders_tale")  # already has a Rumor
    put(game, 0, (1, 4), "lost_city")  # a Discovery, but no Kingdom
    (rumor,) = only(game, "events", "whispered_legend")
    run_op(game, op="event", seat=0, n=1)
    assert game.state.decision.rule == "EX-RUMOR-01"
    assert game.observe(0)["decision"]["slots"] == [[2, 3], [3, 4]]
    apply(game, "choose 1")
    assert rumor in game.state.piles[slot_pile(0, (3, 4))]
    # as the second Event, only the Explorer's slot
    game = quiet(1)
    put(game, 0, (2, 3), "hill_village")
    game.state.sheets[0].pos = [1, 2]
    (rumor,) = only(game, "events", "whispered_legend")
    events = run_op(game, op="event", seat=0, n=2)
    assert in_cup(game, rumor) and of_kind(events, "chit_returned")[0].data["rule"] == "EX-RUMOR-01"
    game.state.sheets[0].pos = [2, 3]
    only(game, "events", "whispered_legend")
    run_op(game, op="event", seat=0, n=2)
    assert at(game, 0, (2, 3)) == ["hill_village", "whispered_legend"]


@pytest.mark.rule("EX-RUMOR-02")
def test_a_village_that_likes_you_activates_its_rumor_on_a_rolled_numbered_slot():
    game = quiet(1)
    game.state.sheets[0].pos = [2, 3]
    put(game, 0, (2, 3), "riverside_village")
    rumor = put(game, 0, (2, 3), "whispered_legend")
    put(game, 0, (3, 2), "migration_plain")  # slot 2 holds a Discovery: reroll
    dice(game, 4, 2, 5)  # likes you (4+), then 2 (a Discovery there), then 5
    run_op(game, op="deal", seat=0, what="encounter")
    assert game.state.piles[slot_pile(0, (3, 5))] == [rumor]
    assert game.state.sheets[0].rumor == rumor and game.state.sheets[0].rumor_activated
    # the Explorer's slot is rerolled too
    game = quiet(1)
    game.state.sheets[0].pos = [3, 1]
    dice(game, 1, 3)
    assert roll_rumor_slot(game.table(), 0, "test") == (3, 3)
    # a Village that does not like you keeps its secret (and the Rumor goes with it)
    game = quiet(1)
    game.state.sheets[0].pos = [2, 3]
    put(game, 0, (2, 3), "riverside_village")
    rumor = put(game, 0, (2, 3), "whispered_legend")
    dice(game, 3)
    run_op(game, op="deal", seat=0, what="encounter")
    assert game.state.decision.rule == "EX-GUIDE-03"
    apply(game, "choose 1")
    assert game.state.sheets[0].rumor is None and in_cup(game, rumor)


@pytest.mark.rule("EX-RUMOR-03")
def test_activation_returns_the_other_rumors_and_later_ones_this_game_turn():
    game = quiet(1)
    put(game, 0, (2, 3), "hill_village")
    other = put(game, 0, (2, 3), "traders_tale")
    put(game, 0, (2, 1), "oasis_village")
    rumor = put(game, 0, (2, 1), "whispered_legend")
    dice(game, 5)
    activate(game.table(), 0, rumor)
    assert in_cup(game, other) and not in_cup(game, rumor)
    (late,) = only(game, "events", "traders_tale")
    events = run_op(game, op="event", seat=0, n=1)
    assert in_cup(game, late) and of_kind(events, "chit_returned")[0].data["rule"] == "EX-RUMOR-03"


@pytest.mark.rule("EX-RUMOR-04")
def test_the_activated_rumor_makes_a_cross_shaped_wasteland():
    game = quiet(1)
    with_active_rumor(game, (3, 3))
    waste = [(g["row"], g["col"]) for g in game.observe(0)["players"][0]["grid"] if g["wasteland"]]
    assert waste == [(2, 3), (3, 2), (3, 3), (3, 4), (4, 3)]
    game = quiet(1)
    with_active_rumor(game, (4, 1))
    assert game.table().wasteland(0) == [(3, 1), (4, 1), (4, 2)]


@pytest.mark.rule("EX-RUMOR-05")
def test_no_encounters_or_findings_in_the_wasteland_and_those_there_go_back():
    game = quiet(1)
    enc = put(game, 0, (3, 4), "charging_buffalo")
    find = put(game, 0, (2, 3), "old_map_fragment")
    disc = put(game, 0, (4, 3), "migration_plain")
    put(game, 0, (2, 1), "oasis_village")
    rumor = put(game, 0, (2, 1), "whispered_legend")
    dice(game, 3)  # slot 3: (3,3)
    activate(game.table(), 0, rumor)
    assert in_cup(game, enc) and in_cup(game, find) and not in_cup(game, disc)
    t = game.table()
    game.state.sheets[0].pos = [2, 2]
    assert not {(3, 2), (2, 3)} & set(placement_slots(t, 0))
    assert not set(t.wasteland(0)) & set(finding_slots(t, 0, 1))


@pytest.mark.rule("EX-RUMOR-06")
def test_dealing_with_a_finding_after_activation_first_moves_the_rumor():
    game = quiet(1)
    game.state.sheets[0].pos = [2, 2]
    put(game, 0, (2, 2), "old_map_fragment")
    rumor = with_active_rumor(game, (4, 1))
    dice(game, 5)
    events = run_op(game, op="deal", seat=0, what="finding")
    assert kinds(events).index("die_rolled") < kinds(events).index("counter_changed")
    assert game.state.piles[slot_pile(0, (3, 5))] == [rumor] and game.state.sheets[0].dp == 2
    # it may stay where it is
    game = quiet(1)
    game.state.sheets[0].pos = [1, 1]
    put(game, 0, (1, 1), "migration_plain")
    rumor = with_active_rumor(game, (4, 1))
    dice(game, 6)
    run_op(game, op="deal", seat=0, what="discovery")
    assert game.state.piles[slot_pile(0, (4, 1))] == [rumor] and game.state.sheets[0].dp == 2


@pytest.mark.rule("EX-RUMOR-07")
def test_the_moved_wasteland_sweeps_the_finding_in_the_explorers_slot_for_nothing():
    game = quiet(1)
    game.state.sheets[0].pos = [2, 2]
    find = put(game, 0, (2, 2), "old_map_fragment")
    with_active_rumor(game, (4, 1))
    dice(game, 2)  # (3,2): its cross holds (2,2)
    run_op(game, op="deal", seat=0, what="finding")
    sh = game.state.sheets[0]
    assert in_cup(game, find) and sh.dp == 0 and sh.time == 10


@pytest.mark.rule("EX-RUMOR-08")
def test_entering_the_activated_rumor_draws_a_special_discovery_after_the_second_event():
    game = quiet(1)
    rumor = with_active_rumor(game, (2, 3))
    only(game, "encounters")
    only(game, "events", "spoiled_rations")
    res = apply(game, "move 2 3")
    ev = res.events
    second = next(i for i, e in enumerate(ev) if e.kind == "chit_drawn" and e.data["why"] == "second Event")
    back = next(i for i, e in enumerate(ev) if e.kind == "chit_returned" and e.data["rule"] == "EX-RUMOR-08")
    special = next(i for i, e in enumerate(ev) if e.kind == "chit_drawn" and e.data["pool"] == "specials")
    assert second < back < special
    assert in_cup(game, rumor) and game.state.sheets[0].food == 3
    (sp,) = region(game, 0)
    assert game.state.sheets[0].dp == game.db.cards[sp].dp
    assert len(game.state.piles["cup.specials"]) == 15


@pytest.mark.rule("EX-RUMOR-09")
def test_an_impassable_does_not_stop_the_special_discovery():
    game = quiet(1)
    with_active_rumor(game, (2, 3))
    only(game, "encounters")
    only(game, "events", "impassable_gorge")
    res = apply(game, "move 2 3")
    assert of_kind(res.events, "impassable")
    assert [e for e in of_kind(res.events, "chit_drawn") if e.data["pool"] == "specials"]
    # (an Impassable does stop an ordinary Encounter)
    game = quiet(2)
    put(game, 0, (2, 3), "charging_buffalo")
    only(game, "encounters")
    only(game, "events", "impassable_gorge")
    res = apply(game, "move 2 3")
    assert of_kind(res.events, "encounter_unreached") and game.state.sheets[0].health == 6


@pytest.mark.rule("EX-RUMOR-10")
def test_after_the_special_discovery_time_is_up_unless_the_wildman_saves_you():
    game = quiet(2)
    with_active_rumor(game, (2, 3))
    only(game, "encounters")
    only(game, "events", "quiet_day", "quiet_day")
    apply(game, "move 2 3")
    sh = game.state.sheets[0]
    assert sh.done and sh.time == 0 and sh.ended_by == "special"
    game = quiet(2, wildman=True)
    with_active_rumor(game, (2, 3))
    only(game, "encounters")
    only(game, "events", "quiet_day", "quiet_day")
    res = apply(game, "move 2 3")
    sh = game.state.sheets[0]
    assert not sh.done and sh.time == 9 and not sh.wildman and of_kind(res.events, "wildman")
