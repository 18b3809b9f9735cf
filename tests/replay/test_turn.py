"""Turn sequence and the non-contest phases (MR-TURN), and the Character rules (MR-CHAR)."""
from __future__ import annotations

import pytest

from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    cid,
    clear_hand,
    close_contest,
    default_command,
    kinds,
    matrix_ready,
    new_game,
    ok,
    put,
    rejected,
    roll,
    set_dice,
    to_hand,
    to_play,
)


def test_mr_turn_01_six_phases_in_order_every_turn():
    g = new_game(2)
    phases: list[str] = ["time", g.state.phase]
    turns = {g.state.turn_no}
    while g.state.turn_no < 3 and not g.over:
        for e in ok(g, default_command(g)):
            if e.kind == "turn_started":
                phases.append("time")
        if g.state.phase != phases[-1]:
            phases.append(g.state.phase)
        turns.add(g.state.turn_no)
    order = ["time", "zion", "zero_one", "switch", "matrix", "reality"]
    seen = [p for p in phases if p in order]
    # each turn's phases appear in the listed order (the Matrix Phase may end at once when skipped)
    turn1 = seen[: seen.index("time", 1)]
    assert [p for p in order if p in turn1] == [p for p in turn1 if p in order]
    assert turn1[:4] == ["time", "zion", "zero_one", "switch"] and turn1[-1] == "reality"


def test_mr_turn_02_the_machines_get_a_time_counter_each_turn():
    g = new_game(4)
    assert g.state.time == 1
    events = advance(g, lambda s: s.turn_no == 2)
    assert g.state.time == 2
    tc = [e for e in events if e.kind == "time_changed"]
    assert tc and tc[-1].data["cause"].startswith("MR-TURN-02")


def test_mr_turn_03_hand_limit_both_players_owner_chooses():
    g = new_game(6)
    advance(g, at_step("contest", "detection"))
    for seat, size in ((H, 12), (M, 11)):
        hand, deck = g.state.piles[pp(seat, "hand")], g.state.piles[pp(seat, "deck")]
        hand += [deck.pop() for _ in range(size - len(hand))]
    set_dice(g, 10, 1)  # not detected: the turn ends
    close_contest(g)
    d = g.state.decision
    assert d is not None and d.seat == H and d.rule == "MR-TURN-03" and len(d.options) == 12
    rejected(g, "@1 choose 0", "MR-TURN-03")
    rejected(g, "@0 draw", "MR-TURN-03")
    victim = g.state.tasks[-1]["cards"][3]
    ok(g, "@0 choose 3")
    assert victim in g.state.piles[pp(H, "discard")]
    ok(g, "@0 choose 0")
    assert len(g.state.piles[pp(H, "hand")]) == 10
    assert g.state.decision is not None and g.state.decision.seat == M
    ok(g, "@1 choose 0")
    assert len(g.state.piles[pp(M, "hand")]) == 10 and g.state.step == "zion_draw"


def test_mr_turn_04_zion_take_any_card_or_draw_two_then_shuffle():
    g = new_game(7)
    neo = cid(g, "neo")
    if neo not in g.state.piles[pp(H, "deck")]:
        pytest.skip("Neo was dealt")
    events = ok(g, f"@0 take {neo}")
    assert neo in g.state.piles[pp(H, "hand")] and "shuffled" in kinds(events)
    assert g.state.step == "zion_deploy"
    g2 = new_game(7)
    before = len(g2.state.piles[pp(H, "hand")])
    events = ok(g2, "@0 draw")
    assert len(g2.state.piles[pp(H, "hand")]) == before + 2 and "shuffled" in kinds(events)
    rejected(g2, "@0 draw", "MR-TURN-04")
    g3 = new_game(7)
    rejected(g3, f"@0 take {cid(g3, 'agent_brown')}", "MR-TURN-04")


def test_mr_turn_05_zero_one_take_draw_or_recall_a_character():
    g = new_game(8)
    ok(g, "@0 draw")
    ok(g, "@0 done")
    assert g.state.step == "zero_one_draw"
    brown = cid(g, "agent_brown")
    put(g, brown, pp(M, "discard"))
    ev = cid(g, "dodge_bullets")
    put(g, ev, pp(M, "discard"))
    rejected(g, f"@1 recall {ev}", "MR-TURN-05")
    rejected(g, f"@0 recall {brown}", "MR-TURN-05")
    events = ok(g, f"@1 recall {brown}")
    assert brown in g.state.piles[pp(M, "hand")] and "shuffled" in kinds(events)
    assert g.state.step == "zero_one_deploy"


def test_mr_turn_06_empty_deck_takes_the_shuffled_discard():
    g = new_game(9)
    s = g.state
    deck = s.piles[pp(H, "deck")]
    s.piles[pp(H, "discard")] += deck[1:]
    del deck[1:]
    events = ok(g, "@0 draw")
    assert "deck_reshuffled" in kinds(events)
    assert not s.piles[pp(H, "discard")] and len(s.piles[pp(H, "hand")]) == 10


@pytest.mark.rule("MR-TURN-07", "MR-CHAR-02")
def test_switch_phase_places_and_removes_matrix_counters():
    g = matrix_ready(humans=("morpheus", "trinity"), plugged=())
    m, tr = cid(g, "morpheus"), cid(g, "trinity")
    ok(g, f"@0 plug {m}")
    ok(g, f"@0 plug {tr}")
    assert g.state.plugged == {m, tr}
    rejected(g, f"@0 plug {m}", "MR-TURN-07")
    ok(g, f"@0 unplug {tr}")
    assert g.state.plugged == {m}
    rejected(g, f"@1 plug {tr}", "MR-TURN-07")
    assert g.observe(M)["piles"]["p0.play"]["cards"][0].get("matrix_counter") or \
        g.observe(M)["piles"]["p0.play"]["cards"][1].get("matrix_counter")


def test_mr_turn_08_counter_means_in_the_matrix():
    g = matrix_ready(humans=("morpheus", "trinity"), plugged=("trinity",))
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    set_dice(g, 1, 9)
    close_contest(g)
    advance(g, at_step("contest", "combat"))
    set_dice(g, 5, 5)
    # Trinity (plugged) +2 counts; Morpheus (awake, Combat +1) does not
    assert g.observe(H)["contest"]["characters"][0] == 2


def test_mr_turn_09_counters_change_only_in_switch_or_after_escape():
    g = matrix_ready(plugged=("morpheus",))
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    rejected(g, f"@0 plug {cid(g, 'trinity')}", "MR-TURN-09")
    set_dice(g, 9, 1)
    close_contest(g)
    advance(g, at_step("mission_choice"))
    rejected(g, f"@0 unplug {cid(g, 'morpheus')}", "MR-TURN-09")


# --- characters --------------------------------------------------------------------------------------


def test_mr_char_01_killed_character_goes_to_its_owners_discard():
    g = matrix_ready(plugged=("morpheus",))
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    events = roll(g, "combat", 1, 9)
    m = cid(g, "morpheus")
    assert m in g.state.piles[pp(H, "discard")] and m not in g.state.plugged
    assert "character_killed" in kinds(events)


def test_mr_char_03_born_free_never_carries_a_counter():
    g = matrix_ready(humans=("morpheus", "tank"), plugged=())
    rejected(g, f"@0 plug {cid(g, 'tank')}", "MR-CHAR-03")


def test_mr_char_04_rogue_programs_are_in_the_matrix_without_a_counter():
    g = matrix_ready(humans=("morpheus", "seraph"), plugged=("morpheus",))
    rejected(g, f"@0 plug {cid(g, 'seraph')}", "MR-CHAR-04")
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    assert g.observe(H)["contest"]["characters"][0] == 1 + 1  # Morpheus +1, Seraph +1


def test_mr_char_05_agents_in_the_matrix_robots_in_the_real_world():
    g = matrix_ready(plugged=("morpheus",))
    to_play(g, M, "scouts", "agent_brown")
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    assert g.observe(M)["contest"]["characters"][1] == 6  # Smith, Jones, Brown: 2 each; Scouts no
    g2 = matrix_ready(plugged=())
    to_play(g2, M, "scouts")
    ok(g2, "@0 done")
    advance(g2, at_step("contest", "detection"))
    assert g2.observe(H)["contest"]["characters"][1] == 1  # Scouts Detection +1, no Agent


def test_mr_char_06_modifiers_apply_automatically_to_matching_rolls():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    set_dice(g, 3, 4)
    c = g.observe(H)["contest"]
    assert c["characters"] == [0, 1]  # Smith Interception +1; no Human interception modifier
    assert c["totals"] == [3, 5]


def test_mr_char_07_operators_help_matrix_contests_from_the_real_world():
    g = matrix_ready(humans=("morpheus", "tank", "cypher"), plugged=("morpheus",))
    ok(g, "@0 done")
    advance(g, at_step("contest", "interception"))
    assert g.observe(H)["contest"]["characters"][0] == 1  # Cypher, unplugged Operator
    set_dice(g, 1, 9)
    close_contest(g)
    roll(g, "combat", 9, 1)  # Machines lose an Agent
    advance(g, at_step("mission_choice"))
    ok(g, "@0 mission basic")
    set_dice(g, 1, 9)
    close_contest(g)
    advance(g, at_step("contest", "escape"))
    assert g.observe(H)["contest"]["characters"][0] == 1  # Tank, HB Operator: Escape +1


def test_mr_char_08_neutralized_character_modifies_nothing():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    g.state.neutral[cid(g, "trinity")] = g.state.turn_no
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    assert g.observe(H)["contest"]["characters"][0] == 1  # Morpheus only


def test_mr_char_09_characters_enter_play_in_their_owners_draw_phase():
    g = new_game(11)
    clear_hand(g, H)
    clear_hand(g, M)
    neo, = to_hand(g, H, "neo")
    brown, = to_hand(g, M, "agent_brown")
    rejected(g, f"@0 deploy {neo}", "MR-CHAR-09")  # before drawing
    ok(g, "@0 draw")
    rejected(g, f"@1 deploy {brown}", "MR-CHAR-09")
    ok(g, f"@0 deploy {neo}")
    assert neo in g.state.piles[pp(H, "play")] and neo not in g.state.plugged
    ok(g, "@0 done")
    ok(g, "@1 draw")
    ok(g, f"@1 deploy {brown}")
    assert brown in g.state.piles[pp(M, "play")]
    ev = next(c for c in g.state.piles[pp(M, "hand")] if g.state.defs[c] != "agent_brown"
              and not g.state.defs[c].startswith(("nameless", "sentinels", "scouts", "agent", "the_")))
    rejected(g, f"@1 deploy {ev}", "MR-CHAR-09")


def test_mr_char_10_roles_and_tags_are_flavour_except_operator():
    from engine.replay.carddb import load_db
    from engine.replay.schema import CharacterCard
    db = load_db()
    operators = sorted(c.id for c in db.cards.values() if isinstance(c, CharacterCard) and c.operator)
    assert operators == ["cypher", "link", "tank"]
    twins = db.cards["the_twins"]
    assert twins.flavor == "Ghosts"
    assert [(m.roll, m.amount, m.who) for m in twins.options] == [("combat", 4, "side")]
    # a role that is not Operator changes nothing: Morpheus (Captain) in the Real World adds nothing to Combat
    g = matrix_ready(humans=("morpheus", "trinity"), plugged=("trinity",))
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    assert g.observe(H)["contest"]["characters"][0] == 2
