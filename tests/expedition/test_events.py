"""The two Events of each Player Turn (EX-EVENT) and the Guide (EX-GUIDE)."""
from __future__ import annotations

import pytest

from tests.expedition.helpers import (
    apply,
    at,
    dice,
    held,
    in_cup,
    of_kind,
    only,
    put,
    quiet,
    region,
    run_op,
)


def second_event(game, def_id: str, *, first: str | None = None):
    """Play seat 0's move to (2,3) with ``first`` as the held first Event and ``def_id`` drawn second.
    (With two players the next turn is seat 1's, so what it draws never touches seat 0's sheet.)"""
    only(game, "encounters")
    if first is not None:
        only(game, "events", first)
        run_op(game, op="event", seat=0, n=1)
        game.state.step = "move"
    only(game, "events", def_id)
    return apply(game, "move 2 3")


@pytest.mark.rule("EX-EVENT-01")
def test_exactly_two_events_are_drawn_each_player_turn():
    game = quiet(2)
    only(game, "encounters")
    only(game, "events", "quiet_day", "twisted_ankle", "spoiled_rations", "fever_dreams")
    run_op(game, op="event", seat=0, n=1)
    game.state.step = "move"
    res = apply(game, "move 2 3")
    drawn = [e for e in of_kind(res.events, "chit_drawn") if e.data["pool"] == "events"]
    # seat 0's second Event (the first was drawn in the old slot), then the next player's first
    # Event before their move, and no more
    assert [(e.data["seat"], e.data["why"]) for e in drawn] == [(0, "second Event"), (1, "first Event")]


@pytest.mark.rule("EX-EVENT-02")
def test_an_incident_is_applied_to_the_drawing_player():
    game = quiet(2)
    res = second_event(game, "spoiled_rations")
    drawn = [e.data["seat"] for e in of_kind(res.events, "chit_drawn") if e.data["pool"] == "events"]
    hit = [e.data["seat"] for e in of_kind(res.events, "counter_changed")
           if e.data["cause"] == "Spoiled Rations"]
    assert drawn == hit == [0, 1]  # seat 0's second Event, then seat 1's own first Event
    assert game.state.sheets[0].food == 3


@pytest.mark.rule("EX-EVENT-03")
def test_the_first_incident_is_kept_out_until_the_second_event_is_drawn():
    game = quiet(1)
    only(game, "encounters")
    (ankle,) = only(game, "events", "twisted_ankle")
    run_op(game, op="event", seat=0, n=1)
    assert game.state.sheets[0].health == 5 and held(game, 0) == ["twisted_ankle"]
    game.state.step = "move"
    only(game, "events", "quiet_day")
    res = apply(game, "move 2 3")
    back = [e for e in of_kind(res.events, "chit_returned") if e.data["chit"] == ankle]
    drawn = [i for i, e in enumerate(res.events)
             if e.kind == "chit_drawn" and e.data["why"] == "second Event"]
    assert back and back[0].data["rule"] == "EX-EVENT-03"
    assert res.events.index(back[0]) > drawn[0]


@pytest.mark.rule("EX-EVENT-04")
def test_two_costly_incidents_earn_one_dp():
    game = quiet(2)
    second_event(game, "spoiled_rations", first="twisted_ankle")
    assert game.state.sheets[0].dp == 1
    game = quiet(2)
    second_event(game, "clear_skies", first="twisted_ankle")  # the second costs nothing
    assert game.state.sheets[0].dp == 0
    game = quiet(2, food=0)
    second_event(game, "spoiled_rations", first="twisted_ankle")  # no Food left: it took nothing
    assert game.state.sheets[0].dp == 0
    # an ignored duplicate never earns it
    game = quiet(2)
    second_event(game, "twisted_ankle", first="twisted_ankle")
    apply(game, "choose 1")
    assert game.state.sheets[0].dp == 0 and game.state.sheets[0].resources == 2


@pytest.mark.rule("EX-EVENT-05")
def test_a_repeated_incident_is_applied_again_or_ignored_for_a_resource():
    game = quiet(2)
    second_event(game, "twisted_ankle", first="twisted_ankle")
    d = game.state.decision
    assert d is not None and d.rule == "EX-EVENT-05" and len(d.options) == 2
    apply(game, "choose 0")
    sh = game.state.sheets[0]
    assert sh.health == 4 and sh.dp == 1 and sh.resources == 3
    # ignored: the Incident goes back at once, one Resource is returned
    game = quiet(2)
    second_event(game, "twisted_ankle", first="twisted_ankle")
    res = apply(game, "choose 1")
    assert game.state.sheets[0].health == 5 and game.state.sheets[0].resources == 2
    assert any(e.data.get("rule") == "EX-EVENT-05" for e in of_kind(res.events, "chit_returned"))
    # with no Resource the player may still ignore it, returning nothing
    game = quiet(2, resources=0)
    second_event(game, "quiet_day", first="quiet_day")
    assert "no Resource" in game.state.decision.options[1]
    apply(game, "choose 1")
    assert game.state.sheets[0].resources == 0


@pytest.mark.rule("EX-EVENT-06")
def test_the_second_incident_stays_out_until_the_encounter_is_dealt_with():
    game = quiet(1)
    put(game, 0, (2, 3), "charging_buffalo")
    res = second_event(game, "fever_dreams")
    order = [e.kind if e.kind != "chit_returned" else e.data["rule"] for e in res.events]
    assert order.index("encounter") < order.index("EX-EVENT-06")
    # an Encounter may change it: the Wandering Healer gives back what it took
    game = quiet(2)
    put(game, 0, (2, 3), "wandering_healer")
    second_event(game, "fever_dreams")
    assert game.state.sheets[0].sanity == 6 and game.state.sheets[0].health == 7


@pytest.mark.rule("EX-EVENT-07")
def test_a_finding_goes_elsewhere_as_first_event_and_in_the_new_slot_as_second():
    game = quiet(1)
    only(game, "encounters")
    only(game, "events", "old_map_fragment")
    run_op(game, op="event", seat=0, n=1)
    d = game.state.decision
    assert d is not None and d.rule == "EX-EVENT-07"
    slots = game.observe(0)["decision"]["slots"]
    assert [1, 3] not in slots and len(slots) == 19
    apply(game, f"choose {slots.index([4, 5])}")
    assert at(game, 0, (4, 5)) == ["old_map_fragment"]
    game = quiet(1)
    put(game, 0, (2, 3), "charging_buffalo")
    second_event(game, "old_map_fragment")
    assert "old_map_fragment" in region(game, 0)  # placed in the new slot, then dealt with at once


@pytest.mark.rule("EX-EVENT-08")
def test_a_finding_never_joins_a_finding_and_is_returned_if_it_cannot_be_placed():
    game = quiet(1)
    put(game, 0, (2, 3), "carved_stone")
    res = second_event(game, "old_map_fragment")
    back = [e for e in of_kind(res.events, "chit_returned") if e.data["name"] == "Old Map Fragment"]
    assert back and back[0].data["rule"] == "EX-EVENT-08"
    assert game.state.sheets[0].dp == 2  # only the Carved Stone was dealt with


@pytest.mark.rule("EX-EVENT-09")
def test_a_discovery_drawn_as_an_event_is_returned_and_ignored():
    game = quiet(1)
    res = second_event(game, "migration_plain")
    assert of_kind(res.events, "chit_returned")[0].data["rule"] == "EX-EVENT-09"
    assert game.state.sheets[0].dp == 0 and "migration_plain" not in region(game, 0)


@pytest.mark.rule("EX-EVENT-10")
def test_dealing_with_a_finding_or_discovery_gives_2_dp_costs_1_time_and_moves_it_to_the_region():
    for def_id in ("meteor_shard", "migration_plain"):
        game = quiet(1)
        cid = put(game, 0, (2, 3), def_id)
        only(game, "encounters")
        only(game, "events", "quiet_day")
        apply(game, "move 2 3")
        sh = game.state.sheets[0]
        assert sh.dp == 2 and sh.time == 8  # 1 for the move, 1 for the hourglass
        assert cid in game.state.piles["p0.region"] and not in_cup(game, cid)


# --- the Guide --------------------------------------------------------------------------------------


@pytest.mark.rule("EX-GUIDE-01")
def test_a_guide_adds_two_time_once_per_game_turn_at_eight_or_less():
    game = quiet(1, guide=True, time=9)
    events = run_op(game, op="guide", seat=0)
    assert not of_kind(events, "decision")  # 9 Time: not yet
    game.state.sheets[0].time = 8
    run_op(game, op="guide", seat=0)
    assert game.state.decision.rule == "EX-GUIDE-01"
    apply(game, "choose 0")
    sh = game.state.sheets[0]
    assert sh.time == 10 and sh.guide_flipped
    sh.time = 3
    assert not of_kind(run_op(game, op="guide", seat=0), "decision")  # flipped: once per Game Turn
    game = quiet(1, guide=False, time=3)
    assert not of_kind(run_op(game, op="guide", seat=0), "decision")


@pytest.mark.rule("EX-GUIDE-02")
def test_the_guide_is_returned_when_time_is_up_flipped_or_not():
    for flipped in (False, True):
        game = quiet(1, guide=True, time=1)
        game.state.sheets[0].guide_flipped = flipped
        only(game, "encounters")
        only(game, "events", "quiet_day")
        res = apply(game, "move 2 3")
        assert not game.state.sheets[0].guide and of_kind(res.events, "guide_returned")


@pytest.mark.rule("EX-GUIDE-03")
def test_a_guide_can_be_gained_at_a_village_only_by_a_player_without_one():
    game = quiet(1)
    put(game, 0, (2, 3), "riverside_village")
    only(game, "encounters")
    only(game, "events", "quiet_day")
    dice(game, 1)  # (the die is rolled after the draw; whatever it shows, the offer comes)
    apply(game, "move 2 3")
    d = game.state.decision
    assert d is not None and d.rule == "EX-GUIDE-03"
    apply(game, "choose 0")
    assert game.state.sheets[0].guide
    game = quiet(1, guide=True)
    put(game, 0, (2, 3), "riverside_village")
    only(game, "encounters")
    only(game, "events", "quiet_day")
    apply(game, "move 2 3")
    res = apply(game, "move 2 3") if False else None
    assert res is None
    assert game.state.decision is None or game.state.decision.rule != "EX-GUIDE-03"
