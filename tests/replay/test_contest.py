"""Roll contests (MR-ROLL) and Event cards (MR-EVENT)."""
from __future__ import annotations

import pytest

from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    cid,
    close_contest,
    kinds,
    matrix_ready,
    ok,
    rejected,
    roll,
    set_dice,
    to_hand,
)


def _interception(g, human=4, machine=6):
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    set_dice(g, human, machine)


def test_mr_roll_01_total_is_die_plus_events_plus_characters():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    bl, = to_hand(g, H, "black_leather")
    _interception(g, 4, 6)
    c = g.observe(H)["contest"]
    assert c["totals"] == [4, 6 + 1]  # Agent Smith Interception +1
    ok(g, f"@0 play {bl}")
    assert g.observe(M)["contest"]["totals"] == [4 + 2, 7]


def test_mr_roll_02_behind_first_alternate_until_both_pass_in_a_row():
    g = matrix_ready(plugged=("morpheus",))
    bl, tz = to_hand(g, H, "black_leather", "temple_of_zion")
    tl, = to_hand(g, M, "trace_link")
    _interception(g, 2, 6)
    k = g.state.contest
    assert k.to_act == H  # the Humans are behind
    rejected(g, "@1 pass", "MR-ROLL-02")
    rejected(g, f"@1 play {tl}", "MR-ROLL-02")
    ok(g, f"@0 play {bl}")
    assert k.to_act == M and k.passes == 0
    ok(g, "@1 pass")
    ok(g, f"@0 play {tz}")  # a play after a pass resets the pair of passes
    assert k.passes == 0 and g.state.step == "contest"
    ok(g, f"@1 play {tl}")
    ok(g, "@0 pass")
    events = ok(g, "@1 pass")
    assert "contest_resolved" in kinds(events)
    res = next(e for e in events if e.kind == "contest_resolved")
    assert res.data["totals"] == [2 + 4, 6 + 1 + 2]
    # the Machines start when they are behind
    g2 = matrix_ready(plugged=("morpheus",))
    _interception(g2, 9, 1)
    assert g2.state.contest.to_act == M


@pytest.mark.rule("MR-ROLL-03")
def test_ties_fail_the_humans_spare_in_combat_and_battle():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    ok(g, "@0 done")
    events = roll(g, "interception", 5, 4)  # 5 vs 4 + Smith 1: a tie, a Human failure
    assert g.state.contest.kind == "combat" and "segments_skipped" not in kinds(events)
    set_dice(g, 7, 6)  # Humans 7 + Morpheus 1 + Trinity 2 = Machines 6 + Smith 2 + Jones 2
    events = close_contest(g)
    assert "no_casualty" in kinds(events) and not [e for e in events if e.kind == "character_killed"]
    ok(g, "@0 mission basic")
    set_dice(g, 1, 9)
    close_contest(g)
    events = roll(g, "escape", 5, 5)  # Trinity +1 vs Smith +1: a tie, the escape fails
    assert "escape_failed" in kinds(events) and g.state.contest.kind == "combat"
    g2 = matrix_ready(plugged=())
    ok(g2, "@0 done")
    roll(g2, "detection", 3, 3)
    roll(g2, "pursuit", 3, 3)
    events = roll(g2, "battle", 4, 4)
    assert not g2.over and "battle_survived" in kinds(events)


def test_mr_event_01_events_are_discarded_after_the_contest():
    g = matrix_ready(plugged=("morpheus",))
    bl, = to_hand(g, H, "black_leather")
    _interception(g, 2, 6)
    ok(g, f"@0 play {bl}")
    assert g.state.where(bl) == pp(H, "table")
    ok(g, "@1 pass")
    ok(g, "@0 pass")
    assert g.state.where(bl) == pp(H, "discard")


def test_mr_event_02_modifier_adds_only_to_its_roll_type():
    g = matrix_ready(plugged=("morpheus",))
    gl, bl = to_hand(g, H, "guns_lots_of_guns", "black_leather")
    rejected(g, f"@0 play {bl}", "MR-EVENT-02")  # no contest is being rolled
    _interception(g, 2, 6)
    rejected(g, f"@0 play {gl}", "MR-EVENT-02")
    ok(g, f"@0 play {bl}")
    assert g.state.contest.bonus == [2, 0]


def test_mr_event_03_either_or_event_adds_to_the_chosen_type():
    g = matrix_ready(plugged=("morpheus",))
    dv, sb = to_hand(g, H, "deja_vu", "stand_by_to_broadcast")
    _interception(g, 2, 6)
    rejected(g, f"@0 play {dv} escape", "MR-EVENT-02")
    ok(g, f"@0 play {dv} interception")
    ok(g, "@1 pass")
    ok(g, f"@0 play {sb}")
    assert g.state.contest.bonus == [2, 0]


def test_mr_event_04_neo_events_need_neo_taking_part():
    g = matrix_ready(humans=("morpheus", "trinity", "neo"), plugged=("morpheus", "trinity"))
    one, pe = to_hand(g, H, "the_one", "psychic_emp")
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    set_dice(g, 1, 9)
    rejected(g, f"@0 play {one}", "MR-EVENT-04")  # Neo is awake: not in this Combat
    g2 = matrix_ready(humans=("morpheus", "neo"), plugged=("morpheus", "neo"))
    one2, = to_hand(g2, H, "the_one")
    ok(g2, "@0 done")
    roll(g2, "interception", 1, 9)
    advance(g2, at_step("contest", "combat"))
    set_dice(g2, 1, 9)
    ok(g2, f"@0 play {one2}")
    assert g2.state.contest.bonus[H] == 6
    # Psychic EMP: Battle, Neo out of the Matrix
    g3 = matrix_ready(humans=("morpheus", "neo"), plugged=())
    pe3, = to_hand(g3, H, "psychic_emp")
    ok(g3, "@0 done")
    roll(g3, "detection", 1, 9)
    roll(g3, "pursuit", 1, 9)
    advance(g3, at_step("contest", "battle"))
    set_dice(g3, 1, 9)
    ok(g3, f"@0 play {pe3}")
    assert g3.state.contest.bonus[H] == 4
    g.state.contest = None  # (g is only used for the rejection above)
    assert pe in g.state.piles[pp(H, "hand")]


def test_mr_event_05_instant_events_outside_contests_at_once():
    g = matrix_ready(plugged=("morpheus",))
    aa, ac = to_hand(g, M, "assemble_army", "access_codes_to_zion")
    t0 = g.state.time
    events = ok(g, f"@1 play {aa}")  # in the Humans' Switch Phase: any point outside contests
    assert g.state.time == t0 + 1 and "time_changed" in kinds(events)
    assert g.state.where(aa) == pp(M, "discard") and g.state.step == "switch"
    _interception(g, 2, 6)
    ok(g, "@0 pass")
    rejected(g, f"@1 play {ac}", "MR-EVENT-05")


def test_dice_events_show_both_faces():
    g = matrix_ready(plugged=("morpheus",))
    events = ok(g, "@0 done")
    events += advance(g, at_step("contest", "interception"))
    dice = [e for e in events if e.kind == "dice_rolled"]
    assert dice and dice[-1].data["sides"] == 10 and all(1 <= d <= 10 for d in dice[-1].data["dice"])
    assert dice[-1].data["dice"] == g.state.contest.dice


@pytest.mark.rule("MR-COMP-04")
def test_dice_are_d10_and_fair_enough():
    from collections import Counter

    from engine.replay.rules import Table
    g = matrix_ready()
    t = Table(g.db, g.state)
    faces = Counter(t.d10() for _ in range(5000))
    assert set(faces) == set(range(1, 11))
    assert all(400 < n < 600 for n in faces.values())


def test_wrong_side_and_unknown_commands_are_refused():
    g = matrix_ready(plugged=("morpheus",))
    rejected(g, "@1 done", "MR-TURN-07")
    rejected(g, "fly away", "COMMAND")
    rejected(g, "@0 play 9999", "COMMAND")
    assert cid(g, "neo") >= 0
