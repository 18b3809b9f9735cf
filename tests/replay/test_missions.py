"""The Mission segment and Mission cards (MR-MISSION)."""
from __future__ import annotations

import pytest

from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    attempt_mission,
    close_contest,
    kinds,
    matrix_ready,
    ok,
    put,
    rejected,
    set_dice,
    to_hand,
)


def at_mission(humans=("morpheus", "neo"), plugged=("morpheus", "neo"), hand=(), machine_hand=()):
    g = matrix_ready(humans=humans, plugged=plugged)
    cards = to_hand(g, H, *hand)
    mcards = to_hand(g, M, *machine_hand)
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    set_dice(g, 10, 1)  # avoided: straight to the Mission segment
    close_contest(g)
    assert g.state.step == "mission_choice"
    return g, cards, mcards


def test_mr_mission_01_a_mission_card_or_the_basic_mission():
    g, (bl,), _ = at_mission(hand=("black_leather",))
    rejected(g, "@0 pass", "MR-ROLL-02")
    rejected(g, f"@0 mission {bl}", "MR-MISSION-01")
    rejected(g, "@1 mission basic", "MR-MISSION-01")
    ok(g, "@0 mission basic")
    assert g.state.contest.kind == "mission"


def test_mr_mission_02_basic_mission_earns_one_mp():
    g, _, _ = at_mission()
    events = attempt_mission(g, "basic", 10, 1)
    assert g.state.mp == 1 and "mission_succeeded" in kinds(events)


def test_mr_mission_03_neo_must_go_in_the_matrix():
    g, (sb,), _ = at_mission(humans=("morpheus", "neo"), plugged=("morpheus",), hand=("spoon_boy",))
    rejected(g, f"@0 mission {sb}", "MR-MISSION-03")
    g2, (sb2,), _ = at_mission(humans=("morpheus",), plugged=("morpheus",), hand=("spoon_boy",))
    rejected(g2, f"@0 mission {sb2}", "MR-MISSION-03")
    g3, (sb3,), _ = at_mission(hand=("spoon_boy",))
    ok(g3, f"@0 mission {sb3}")


@pytest.mark.rule("MR-MISSION-04", "MR-MISSION-05")
def test_success_earns_the_mp_and_removes_the_card_from_the_game():
    g, (sb,), _ = at_mission(hand=("spoon_boy",))
    events = attempt_mission(g, sb, 10, 1)
    assert g.state.mp == 3 and g.state.where(sb) == "removed" and "spoon_boy" in g.state.completed
    assert any(e.kind == "mp_changed" and e.data["after"] == 3 for e in events)
    assert g.observe(M)["mp"] == 3


def test_mr_mission_05_removed_missions_never_come_back():
    g, (sb,), _ = at_mission(hand=("spoon_boy",))
    attempt_mission(g, sb, 10, 1)
    assert g.state.where(sb) == "removed"
    # Rescue Mission's retrieval looks only at the discard pile: the removed Mission is not offered
    from engine.replay.rules import Table, retrieve_candidates
    assert sb not in retrieve_candidates(Table(g.db, g.state), H, "character")
    advance(g, lambda s: s.turn_no == 3)
    assert g.state.where(sb) == "removed"


def test_mr_mission_06_failed_mission_goes_back_to_hand():
    g, (sb,), _ = at_mission(hand=("spoon_boy",))
    events = attempt_mission(g, sb, 5, 6)  # 5 + Morpheus 1 = 6: a tie fails (MR-ROLL-03)
    assert g.state.mp == 0 and g.state.where(sb) == pp(H, "hand") and "mission_failed" in kinds(events)


@pytest.mark.rule("MR-MISSION-07", "MR-COMP-05")
def test_counters_are_shown_and_mp_only_ever_rises():
    g, _, _ = at_mission(hand=())
    attempt_mission(g, "basic", 10, 1)
    view = g.observe(H)
    assert (view["mp"], view["time"]) == (1, 1)
    morpheus = next(c for c in view["piles"]["p0.play"]["cards"] if c["def"] == "morpheus")
    assert morpheus["matrix_counter"] is True and morpheus["in_matrix"] is True
    from engine.replay import schema
    verbs = {m.model_fields["verb"].annotation.__args__[0] for m in schema.Effect.__origin__.__args__}
    assert not any("mp" in v or "mission_point" in v for v in verbs)


def test_mr_mission_08_prerequisite_chain():
    g, (es, ca, tz, sd), _ = at_mission(hand=("enter_the_source", "confront_the_architect",
                                              "travel_to_zero_one", "showdown_with_agent_smith"))
    for c in (es, ca, tz, sd):
        rejected(g, f"@0 mission {c}", "MR-MISSION-08")
    put(g, "the_keymaker", pp(H, "play"))
    attempt_mission(g, es, 10, 1)
    assert "enter_the_source" in g.state.completed
    from engine.replay.actions import mission_problem
    from engine.replay.rules import Table
    t = Table(g.db, g.state)
    assert mission_problem(t, t.card(ca)) is None  # Enter the Source is done
    assert mission_problem(t, t.card(tz)).rule == "MR-MISSION-08"
    g.state.completed.append("confront_the_architect")
    assert mission_problem(t, t.card(tz)) is None
    assert mission_problem(t, t.card(sd)).rule == "MR-MISSION-08"


def test_mr_mission_09_travel_to_zero_one_is_a_battle_roll_out_of_the_matrix():
    g, (tz, pg), _ = at_mission(humans=("morpheus", "neo", "dozer"), plugged=("morpheus",),
                                hand=("travel_to_zero_one", "plasma_generator"))
    g.state.completed.append("confront_the_architect")
    ok(g, f"@0 mission {tz}")  # Neo is awake: fine for this Mission
    k = g.state.contest
    assert (k.kind, k.roll, k.teams) == ("mission", "battle", ["real_world", "real_world"])
    set_dice(g, 4, 6)
    ok(g, f"@0 play {pg}")  # a Battle Event
    assert g.observe(H)["contest"]["totals"] == [6, 6]
    close_contest(g)
    assert g.state.mp == 0 and g.state.where(tz) == pp(H, "hand")  # a tie fails


def test_mr_mission_10_showdown_neo_alone_combat_machines_plus_4():
    g, (sd, gl), _ = at_mission(humans=("morpheus", "trinity", "neo"), plugged=("morpheus", "trinity", "neo"),
                                hand=("showdown_with_agent_smith", "guns_lots_of_guns"))
    g.state.completed.append("travel_to_zero_one")
    ok(g, f"@0 mission {sd}")
    k = g.state.contest
    assert (k.roll, k.teams, k.fixed) == ("combat", ["neo_only", "matrix"], [0, 4])
    set_dice(g, 5, 5)
    view = g.observe(H)["contest"]
    assert view["characters"] == [2, 4]  # Neo's Combat +2 only; Smith and Jones
    assert view["totals"] == [7, 13]
    ok(g, f"@0 play {gl}")
    assert g.observe(H)["contest"]["totals"] == [9, 13]
    close_contest(g)
    assert g.state.mp == 0 and g.state.where(sd) == pp(H, "hand")


def test_mr_mission_11_printed_effect_on_success_only():
    g, (sdb,), _ = at_mission(hand=("surgical_debugging",))
    n = len(g.state.piles[pp(M, "hand")])
    attempt_mission(g, sdb, 1, 9)
    assert len(g.state.piles[pp(M, "hand")]) == n  # failed: no effect
    g2, (sdb2,), _ = at_mission(hand=("surgical_debugging",),
                                machine_hand=("dodge_bullets", "trap", "cops", "marines"))
    attempt_mission(g2, sdb2, 10, 1)
    d = g2.state.decision
    assert d is not None and d.seat == M and d.rule == "MR-EFFECT-09"
    ok(g2, "@1 choose 0")
    ok(g2, "@1 choose 0")
    assert len(g2.state.piles[pp(M, "hand")]) == 2 and g2.state.mp == 3
