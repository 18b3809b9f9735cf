"""Specific card effects (MR-EFFECT) and victory (MR-GEN-02..06)."""
from __future__ import annotations

import pytest

from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    attempt_mission,
    cid,
    close_contest,
    kinds,
    matrix_ready,
    ok,
    put,
    rejected,
    roll,
    set_dice,
    to_escape,
    to_hand,
    to_play,
)


def combat_ready(humans=("morpheus", "trinity"), plugged=("morpheus", "trinity"), hand=(), machine_hand=(),
                 human=5, machine=5):
    g = matrix_ready(humans=humans, plugged=plugged)
    cards = to_hand(g, H, *hand)
    mcards = to_hand(g, M, *machine_hand)
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    set_dice(g, human, machine)
    return g, cards, mcards


def battle_ready(humans=("morpheus",), hand=(), machine_hand=(), robots=(), human=5, machine=5):
    g = matrix_ready(humans=humans, plugged=())
    cards = to_hand(g, H, *hand)
    mcards = to_hand(g, M, *machine_hand)
    to_play(g, M, *robots)
    ok(g, "@0 done")
    roll(g, "detection", 1, 9)
    roll(g, "pursuit", 1, 9)
    advance(g, at_step("contest", "battle"))
    set_dice(g, human, machine)
    return g, cards, mcards


def test_mr_effect_01_return_to_zion_draws_3_and_skips_the_matrix_phase():
    g = matrix_ready(plugged=("morpheus",))
    rz, = to_hand(g, H, "return_to_zion")
    n = len(g.state.piles[pp(H, "hand")])
    ok(g, f"@0 play {rz}")
    assert len(g.state.piles[pp(H, "hand")]) == n - 1 + 3
    events = ok(g, "@0 done")
    assert "phase_skipped" in kinds(events)
    assert [e.data["contest"] for e in events if e.kind == "dice_rolled"] == ["detection"]


def test_mr_effect_02_sacrifice_escape_plus_7_and_a_character_lost():
    g = matrix_ready(humans=("morpheus", "trinity", "tank"), plugged=("morpheus", "trinity"))
    sac, = to_hand(g, H, "sacrifice")
    to_escape(g, combat=(9, 1))
    advance(g, at_step("contest", "escape"))
    set_dice(g, 3, 8)
    ok(g, f"@0 play {sac}")
    d = g.state.decision
    assert d is not None and d.seat == H and d.rule == "MR-EFFECT-02" and len(d.options) == 3
    tank = cid(g, "tank")
    ok(g, f"@0 choose {g.state.tasks[-1]['cards'].index(tank)}")
    assert g.state.where(tank) == pp(H, "discard")
    assert g.state.contest.bonus[H] == 7


def test_mr_effect_03_emp_discards_every_robot_turrets_one():
    g, (emp,), _ = battle_ready(hand=("emp",), robots=("sentinels", "scouts", "scouts"))
    ok(g, f"@0 play {emp}")
    assert not [c for c in g.state.piles[pp(M, "play")] if g.state.defs[c] in ("sentinels", "scouts")]
    assert g.state.contest.bonus[H] == 6
    g2, (ht,), _ = battle_ready(hand=("hovercraft_turrets",), robots=("sentinels", "scouts"))
    ok(g2, f"@0 play {ht}")
    d = g2.state.decision
    assert d is not None and d.seat == H and d.rule == "MR-EFFECT-03"
    ok(g2, "@0 choose 0")
    robots = [c for c in g2.state.piles[pp(M, "play")] if g2.state.defs[c] in ("sentinels", "scouts")]
    assert len(robots) == 1 and g2.state.contest.bonus[H] == 2


def test_mr_effect_04_lasting_bonus_ends_when_the_character_leaves_play():
    g, _, (gv,) = combat_ready(machine_hand=("go_viral",), human=9, machine=1)
    smith = cid(g, "agent_smith")
    ok(g, f"@1 play {gv}")
    assert g.state.lasting == {smith: 1}
    assert g.observe(H)["contest"]["characters"][M] == 5
    ok(g, "@0 pass")
    ok(g, "@1 pass")  # 9 + 3 vs 1 + 5: the Machines lose one
    ok(g, f"@1 choose {g.state.tasks[-1]['cards'].index(smith)}")
    assert smith not in g.state.lasting
    # There is no Spoon: Neo's +1 stays for later Combats
    g2, (sp,), _ = combat_ready(humans=("morpheus", "neo"), plugged=("morpheus", "neo"),
                                hand=("there_is_no_spoon",), human=1, machine=9)
    ok(g2, f"@0 play {sp}")
    assert g2.state.lasting == {cid(g2, "neo"): 1}
    assert g2.observe(H)["contest"]["characters"][H] == 1 + 2 + 1


def test_mr_effect_05_neo_only_bonuses():
    g, (one, sm), _ = combat_ready(humans=("morpheus", "neo"), plugged=("morpheus", "neo"),
                                   hand=("the_one", "superman_thing"), human=1, machine=10)
    ok(g, f"@0 play {one}")
    ok(g, "@1 pass")
    ok(g, f"@0 play {sm}")
    assert g.state.contest.bonus[H] == 10
    g2 = matrix_ready(humans=("morpheus", "neo"), plugged=("morpheus", "neo"))
    an, = to_hand(g2, H, "anomaly")
    ok(g2, "@0 done")
    roll(g2, "interception", 10, 1)
    ok(g2, "@0 mission basic")
    set_dice(g2, 1, 9)
    ok(g2, f"@0 play {an}")
    assert g2.state.contest.bonus[H] == 4


def test_mr_effect_06_upgrades_one_per_agent_in_the_matrix():
    g, _, (up,) = combat_ready(machine_hand=("upgrades",), human=9, machine=1)
    to_play(g, M, "agent_brown", "scouts")
    ok(g, f"@1 play {up}")
    assert g.state.contest.bonus[M] == 3  # Smith, Jones, Brown (not the Scouts)


def test_mr_effect_07_mind_control_every_roll_this_turn_inscrutable_any_roll():
    g, _, (mc, ip) = combat_ready(machine_hand=("mind_control_operative", "inscrutable_purpose"),
                                  human=9, machine=1)
    ok(g, f"@1 play {mc}")
    assert g.state.turn_bonus == [0, 1]
    ok(g, "@0 pass")
    ok(g, f"@1 play {ip}")
    assert g.state.contest.bonus[M] == 1
    close_contest(g)
    ok(g, "@1 choose 0")
    advance(g, at_step("contest", "detection"))
    set_dice(g, 5, 5)
    assert g.observe(H)["contest"]["totals"][M] == 5 + 1
    advance(g, lambda s: s.turn_no == 2 and s.step == "zion_draw")
    assert g.state.turn_bonus == [0, 0]


def test_mr_effect_08_time_counters_up_and_down():
    g = matrix_ready(plugged=())
    pd, = to_hand(g, H, "perimeter_defense")
    aa, ac = to_hand(g, M, "assemble_army", "access_codes_to_zion")
    t = g.state.time
    ok(g, f"@1 play {aa}")
    ok(g, f"@1 play {ac}")
    ok(g, f"@0 play {pd}")
    assert g.state.time == t + 1
    g.state.time = 0
    pd2 = put(g, pd, pp(H, "hand"))
    rejected(g, f"@0 play {pd2}", "MR-EFFECT-08")


def test_mr_effect_09_opponent_discards_three_of_their_choice():
    g = matrix_ready(plugged=())
    php, = to_hand(g, H, "programs_hacking_programs")
    kept = to_hand(g, M, "trap", "cops", "marines", "capture")
    ok(g, f"@0 play {php}")
    d = g.state.decision
    assert d is not None and d.seat == M and d.rule == "MR-EFFECT-09"
    rejected(g, "@0 choose 0", "MR-EFFECT-09")
    for _ in range(3):
        ok(g, "@1 choose 0")
    assert len(g.state.piles[pp(M, "hand")]) == 1 and g.state.step == "switch"
    assert sum(1 for c in kept if g.state.where(c) == pp(M, "discard")) == 3


def test_mr_effect_10_traitor_kills_two_humans_in_the_matrix():
    g = matrix_ready(humans=("morpheus", "trinity", "cable", "tank"),
                     plugged=("morpheus", "trinity", "cable"))
    tr, = to_hand(g, M, "traitor_cypher")
    ok(g, f"@1 play {tr}")
    d = g.state.decision
    assert d is not None and d.seat == H and len(d.options) == 3  # Tank is not in the Matrix
    ok(g, "@0 choose 0")
    ok(g, "@0 choose 0")
    assert len(g.state.plugged) == 1 and cid(g, "tank") in g.state.piles[pp(H, "play")]
    g2 = matrix_ready(plugged=())
    tr2, = to_hand(g2, M, "traitor_cypher")
    rejected(g2, f"@1 play {tr2}", "MR-EFFECT-10")


def test_mr_effect_11_looking_leaves_the_order_and_shows_only_the_looker():
    g = matrix_ready(plugged=())
    dv, = to_hand(g, H, "dream_visions")
    ai, = to_hand(g, M, "artificial_intelligence")
    deck = list(g.state.piles[pp(M, "deck")])
    events = ok(g, f"@0 play {dv}")
    assert g.state.piles[pp(M, "deck")] == deck and "cards_seen" in kinds(events)
    seen = [c["id"] for c in g.observe(H)["seen"]["cards"]]
    assert seen == list(reversed(deck[-7:]))
    assert g.observe(M)["seen"]["cards"] == []
    n = len(g.state.piles[pp(M, "hand")])
    ok(g, f"@1 play {ai}")
    assert [c["id"] for c in g.observe(M)["seen"]["cards"]] == g.state.piles[pp(H, "hand")]
    assert len(g.state.piles[pp(M, "hand")]) == n - 1 + 1


def test_mr_effect_12_retrieval_and_search():
    g = matrix_ready(plugged=())
    sp, = to_hand(g, M, "sentient_programs")
    rejected(g, f"@1 play {sp}", "MR-EFFECT-12")
    brown = put(g, "agent_brown", pp(M, "discard"))
    put(g, "scouts", pp(M, "discard"))
    ok(g, f"@1 play {sp}")
    assert g.state.where(brown) == pp(M, "hand")  # the only Agent: taken without asking
    rw, = to_hand(g, H, "room_with_many_doors")
    events = ok(g, f"@0 play {rw}")
    d = g.state.decision
    assert d is not None and d.seat == H and d.rule == "MR-EFFECT-12"
    chosen = g.state.tasks[-1]["cards"][0]
    picked = ok(g, "@0 choose 0")
    name = g.db.cards[g.state.defs[chosen]].name
    assert not any(name in e.text for e in picked)  # the Machines do not learn which card
    events += picked
    assert g.state.where(chosen) == pp(H, "hand") and "shuffled" in kinds(events)
    assert g.state.defs[chosen] in {"surgical_debugging", "spoon_boy", "rescue_mission", "last_transmission",
                                    "programmer_access", "enter_the_source", "confront_the_merovingian",
                                    "confront_the_architect", "travel_to_zero_one",
                                    "showdown_with_agent_smith"}


def test_mr_effect_13_zion_virtual_control_operator_draws_3():
    g = matrix_ready(plugged=())
    z, = to_hand(g, H, "zion_virtual_control_operator")
    ok(g, f"@0 play {z}")
    assert len(g.state.piles[pp(H, "hand")]) == 3


def test_mr_effect_14_neutralized_this_turn_and_the_next():
    g = matrix_ready(humans=("morpheus", "trinity"), plugged=("trinity",))
    coma, trap = to_hand(g, M, "coma", "trapped_by_the_train_man")
    ok(g, f"@1 play {trap}")  # only Trinity is in the Matrix: no question
    tr, mo = cid(g, "trinity"), cid(g, "morpheus")
    assert g.state.neutral == {tr: g.state.turn_no + 1}
    ok(g, f"@1 play {coma}")
    assert g.state.decision is not None and len(g.state.decision.options) == 2
    ok(g, f"@1 choose {g.state.tasks[-1]['cards'].index(mo)}")
    assert g.state.neutral[mo] == g.state.turn_no + 1
    view = {c["def"]: c for c in g.observe(M)["piles"]["p0.play"]["cards"]}
    assert view["morpheus"]["neutralized_until"] == 2
    turn = g.state.turn_no
    advance(g, lambda s: s.turn_no == turn + 1 and s.step == "switch")
    assert mo in g.state.neutral
    advance(g, lambda s: s.turn_no == turn + 2)
    assert mo not in g.state.neutral
    g2 = matrix_ready(humans=("morpheus",), plugged=())
    trap2, = to_hand(g2, M, "trapped_by_the_train_man")
    rejected(g2, f"@1 play {trap2}", "MR-EFFECT-14")


# --- victory --------------------------------------------------------------------------------------------


def test_mr_gen_02_twenty_mission_points_win_at_once():
    g = matrix_ready(humans=("morpheus", "neo"), plugged=("morpheus", "neo"))
    g.state.mp = 19
    ok(g, "@0 done")
    roll(g, "interception", 10, 1)
    ok(g, "@0 mission basic")
    set_dice(g, 10, 1)
    events = close_contest(g)
    assert g.over and g.state.result == "humans" and events[-1].kind == "game_over"


@pytest.mark.rule("MR-GEN-03")
def test_neo_leaving_play_loses_even_by_sacrifice():
    g, _, _ = combat_ready(humans=("neo",), plugged=("neo",), human=1, machine=9)
    close_contest(g)
    assert g.state.result == "machines:neo"
    g2, (sac,), _ = combat_ready(humans=("neo", "morpheus"), plugged=("neo", "morpheus"), hand=("sacrifice",),
                                 human=6, machine=5)
    close_contest(g2)  # 6 + 3 vs 5 + 4: nobody dies
    attempt_mission(g2, "basic", 1, 9)
    advance(g2, at_step("contest", "escape"))
    set_dice(g2, 1, 9)
    ok(g2, f"@0 play {sac}")
    ok(g2, f"@0 choose {g2.state.tasks[-1]['cards'].index(cid(g2, 'neo'))}")
    assert g2.state.result == "machines:neo" and g2.over


def test_mr_gen_05_twenty_time_counters_win():
    g = matrix_ready(plugged=())
    g.state.time = 19
    ok(g, "@0 done")
    roll(g, "detection", 10, 1)  # the turn ends; the next Time Phase adds the 20th counter
    assert g.state.result == "machines:zion" and g.state.time == 20
    g2 = matrix_ready(plugged=())
    g2.state.time = 18
    aa, = to_hand(g2, M, "assemble_army")
    ok(g2, f"@1 play {aa}")
    assert not g2.over
    g2.state.time = 19
    ac, = to_hand(g2, M, "access_codes_to_zion")
    ok(g2, f"@1 play {ac}")
    assert g2.state.result == "machines:zion"


def test_mr_gen_06_victory_is_checked_at_once_mid_phase():
    g = matrix_ready(plugged=("morpheus",))
    g.state.time = 19
    aa, = to_hand(g, M, "assemble_army")
    events = ok(g, f"@1 play {aa}")  # in the middle of the Switch Phase
    assert g.over and g.state.phase == "over" and g.state.step == ""
    assert events[-1].kind == "game_over"
    assert g.legal_commands() == [] and g.acting is None
    rejected(g, "@0 done", "MR-GEN-06")


@pytest.mark.rule("MR-GEN-03")
def test_the_outcome_in_the_view_names_the_rule_and_cause():
    g, _, _ = combat_ready(humans=("neo",), plugged=("neo",), human=1, machine=9)
    assert g.observe(0)["outcome"] is None
    close_contest(g)
    out = g.observe(0)["outcome"]
    assert out["text"] == "MR-GEN-03: Neo has left play. The Machines win"
    assert (out["headline"], out["won"], out["rule"]) == ("The Machines win", False, "MR-GEN-03")
