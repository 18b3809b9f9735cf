"""LE-ACTION (Action Phase, Heroes, Free Your Mind) and LE-RECRUIT (recruiting and gaining)."""
from __future__ import annotations

import pytest

from engine.legendary.state import dock
from tests.legendary.helpers import accepted, pile, rejected

CLASSES = {"intellect", "range", "strength", "survival", "tech"}








def pool(sc) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


# --- LE-ACTION ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-ACTION-01")
def test_play_one_at_a_time_in_any_order_and_not_all(scenario):
    sc = scenario("""
active 0
hand 0 unplug there_is_no_spoon test_delta_bruiser
""")
    unplug, spoon, bruiser = sc.ref("unplug"), sc.ref("there_is_no_spoon"), sc.ref("test_delta_bruiser")
    res = accepted(sc, f"play {spoon}")  # not the first card in hand: any order
    moved = [e for e in res.events if e.kind == "card_moved"]
    assert [(e.data["card"], e.data["dst"]) for e in moved] == [(spoon, "p0.play")]
    assert pile(sc, "p0.hand") == [unplug, bruiser]
    accepted(sc, f"play {bruiser}")
    assert pile(sc, "p0.play") == [spoon, bruiser]
    assert pool(sc) == (0, 3)
    # a card that is not in hand cannot be played (deck card, or one already played)
    rejected(sc, f"play {pile(sc, 'p0.deck')[-1]}", "LE-ACTION-01")
    rejected(sc, f"play {spoon}", "LE-ACTION-01")
    # the Action Phase may end with cards left unplayed
    accepted(sc, "end")
    assert unplug in pile(sc, "p0.discard")
    assert sc.game.state.active == 1


@pytest.mark.rule("LE-ACTION-02")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_cards_can_be_played_in_either_world(scenario, world):
    sc = scenario(f"""
active 0
world 0 {world}
hand 0 test_delta_emp_drill
""")
    accepted(sc, "play $test_delta_emp_drill")
    assert sc.ref("test_delta_emp_drill") in pile(sc, "p0.play")
    assert pool(sc) == (2, 3)


@pytest.mark.rule("LE-ACTION-03")
def test_location_limits_bind_game_actions_not_card_instructions(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=5 attack=5
put test_one_drill_sentinel row.2 down as sentinel
""")
    # In the Matrix, paying to recruit is refused, but "gain" works
    rejected(sc, "recruit hovercraft", "LE-RECRUIT-01")
    before_extras = len(pile(sc, "extras"))
    sc.line("effect 0 gain_extra card=test_extra_stand_in who=self")
    gained = [c for c in pile(sc, "p0.discard") if sc.game.state.defs[c] == "test_extra_stand_in"]
    assert len(gained) == 1 and len(pile(sc, "extras")) == before_extras - 1
    # In the Real World, paying to scan or fight is refused, but "scan any space" works
    sc.line("world 0 real")
    rejected(sc, "scan 2", "LE-SCAN-01")
    sc.line("effect 0 scan_any")
    assert sc.ref("sentinel") in sc.game.state.face_up
    rejected(sc, "fight $sentinel", "LE-FIGHT-01")
    sc.line("effect 0 defeat_enemy")
    assert sc.ref("sentinel") in pile(sc, "defeated_enemies")
    assert pool(sc) == (5, 5)  # card instructions cost nothing


@pytest.mark.rule("LE-ACTION-04")
def test_played_hero_adds_printed_recruit_and_attack(scenario):
    sc = scenario("""
active 0
hand 0 unplug there_is_no_spoon test_delta_emp_drill hovercraft_nebuchadnezzar
""")
    expected = [("unplug", (1, 0)), ("there_is_no_spoon", (1, 1)), ("test_delta_emp_drill", (3, 4)),
                ("hovercraft_nebuchadnezzar", (5, 4))]
    for name, want in expected:
        accepted(sc, f"play ${name}")
        assert pool(sc) == want, name


@pytest.mark.rule("LE-ACTION-05")
def test_pools_last_through_the_turn(scenario):
    sc = scenario("""
active 0
world 0 real
hand 0 test_delta_emp_drill unplug
put test_one_drill_cop row.2 up as cop
empty dock.0
put test_delta_wrench dock.0 as wrench
""")
    accepted(sc, "play $test_delta_emp_drill")  # 2 Recruit, 3 Attack, not spent now
    accepted(sc, "play $unplug")
    assert pool(sc) == (3, 3)
    accepted(sc, "move matrix")
    accepted(sc, "fight $cop")  # Attack from the first card, spent two steps later
    assert pool(sc) == (3, 1)
    sc.line("effect 0 move_to_real_world")
    accepted(sc, "recruit $wrench")
    assert pool(sc) == (1, 1)
    assert sc.ref("wrench") in pile(sc, "p0.discard")


@pytest.mark.rule("LE-ACTION-06")
def test_plus_marks_a_number_the_card_text_can_change(scenario, db):
    scholar = db.cards["rules_as_scholar"]
    assert scholar.attack_plus and scholar.attack == 1
    plain = db.cards["test_beta_readout"]
    assert not plain.recruit_plus and not plain.attack_plus
    sc = scenario("""
active 0
hand 0 test_beta_readout rules_as_scholar
""")
    accepted(sc, "play $rules_as_scholar")
    assert pool(sc)[1] == 1  # alone: the printed number
    sc2 = scenario("""
active 0
hand 0 test_beta_readout rules_as_scholar
""")
    accepted(sc2, "play $test_beta_readout")
    accepted(sc2, "play $rules_as_scholar")
    assert pool(sc2)[1] == 3  # its text raised the "1+"


@pytest.mark.rule("LE-ACTION-07")
def test_played_cards_stay_face_up_in_play_until_cleanup(scenario):
    sc = scenario("""
active 0
hand 0 there_is_no_spoon unplug
""")
    spoon = sc.ref("there_is_no_spoon")
    accepted(sc, f"play {spoon}")
    s = sc.game.state
    assert spoon in pile(sc, "p0.play") and spoon in s.face_up
    other_view = sc.game.observe(1)["piles"]["p0.play"]["cards"]
    assert [c.get("id") for c in other_view] == [spoon]
    accepted(sc, "move matrix")
    assert spoon in pile(sc, "p0.play")
    accepted(sc, "end")
    assert spoon in pile(sc, "p0.discard") and not pile(sc, "p0.play")


@pytest.mark.rule("LE-ACTION-08")
def test_effects_resolve_at_once_and_once_this_turn_waits(scenario):
    sc = scenario("""
active 0
world 0 real
hand 0 test_gamma_sprint unplug
""")
    sprint = sc.ref("test_gamma_sprint")
    rejected(sc, f"use {sprint}", "LE-ACTION-08")  # not played yet
    accepted(sc, f"play {sprint}")
    s = sc.game.state
    assert s.turn.extra_moves == 1  # its instruction took effect immediately
    assert pool(sc) == (0, 0)  # the "Once this turn" part waits
    accepted(sc, "play $unplug")
    rejected(sc, "use $unplug", "LE-ACTION-08")  # no "Once this turn" effect
    accepted(sc, "move matrix")
    accepted(sc, f"use {sprint}")  # later in the same Action Phase
    assert pool(sc) == (1, 1)
    rejected(sc, f"use {sprint}", "LE-ACTION-08")  # only once
    accepted(sc, "end")
    assert s.active == 1
    sc.line("active 0")
    rejected(sc, f"use {sprint}", "LE-ACTION-08")  # not in a later turn


@pytest.mark.rule("LE-ACTION-09")
def test_starting_hovercraft_and_zion_cards_are_heroes(scenario):
    sc = scenario("", clear=False)
    s, t = sc.game.state, sc.t
    names = ["p0.deck", "p0.hand", "p1.deck", "p1.hand", "hovercraft", "zion",
             *(dock(i) for i in range(5))]
    cards = [c for n in names for c in s.piles[n]]
    assert len(cards) == 13 * 2 + 5 + 56
    assert {t.card(c).kind for c in cards} == {"hero"}


@pytest.mark.rule("LE-ACTION-11")
def test_recruit_pays_for_heroes_attack_pays_for_scans_and_fights(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=0 attack=9
empty dock.0
put test_delta_wrench dock.0 as wrench
put test_one_drill_cop row.1 up as cop
put test_one_drill_sentinel row.3 down as sentinel
""")
    rejected(sc, "recruit $wrench", "LE-RECRUIT-04")  # Attack cannot recruit
    sc.line("pool recruit=9 attack=0")
    accepted(sc, "recruit $wrench")
    assert pool(sc) == (7, 0)
    sc.line("world 0 matrix")
    rejected(sc, "scan 3", "LE-SCAN-01")  # Recruit cannot scan
    rejected(sc, "fight $cop", "LE-FIGHT-03")  # nor fight
    sc.line("pool attack=5")
    accepted(sc, "scan 3")
    assert pool(sc) == (7, 2)
    accepted(sc, "fight $cop")
    assert pool(sc) == (7, 0)
    # Some Heroes give both, some give other effects
    sc.line("hand 0 test_delta_emp_drill test_beta_readout")
    accepted(sc, "play $test_delta_emp_drill")
    assert pool(sc) == (9, 3)
    accepted(sc, "play $test_beta_readout")
    assert pool(sc) == (10, 3) and len(pile(sc, "p0.hand")) == 1  # drew a card


@pytest.mark.rule("LE-ACTION-12")
def test_free_your_mind_gives_nothing_printed_and_uses_the_avatar_ability(scenario, db):
    fym = db.cards["free_your_mind"]
    assert fym.kind == "hero" and fym.free_your_mind and (fym.recruit, fym.attack) == (0, 0)
    sc = scenario("""
active 0
hand 0 free_your_mind
""")  # p0 is Test Captain: Act 1 "+2 Recruit"
    accepted(sc, "play $free_your_mind")
    assert pool(sc) == (2, 0)
    assert sc.ref("free_your_mind") in pile(sc, "p0.play")


@pytest.mark.rule("LE-ACTION-13")
def test_same_effect_repeats_the_previous_act_ability(scenario):
    sc = scenario("""
active 0
act 3 1
hand 0 free_your_mind
""")  # Test Captain: Act 2 "+2 Recruit. Draw a card.", Act 3 "Same effect."
    deck_before = len(pile(sc, "p0.deck"))
    accepted(sc, "play $free_your_mind")
    assert pool(sc) == (2, 0)
    assert len(pile(sc, "p0.hand")) == 1 and len(pile(sc, "p0.deck")) == deck_before - 1


@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.parametrize(("act", "attack"), [(1, 2), (2, 3), (3, 4)])
def test_avatar_ability_follows_the_current_act(scenario, act, attack):
    sc = scenario(f"""
active 0
act {act} 1
hand 0 free_your_mind
""", avatars="test_avatar_brawler,test_avatar_pilot")
    accepted(sc, "play $free_your_mind")
    assert pool(sc) == (0, attack)


@pytest.mark.rule("LE-ACTION-14")
def test_avatar_ability_changes_once_act_two_begins_in_play(scenario):
    sc = scenario("""
active 0
act 1 2
put test_one_drill_sentinel defeated_enemies
put test_one_drill_sentinel defeated_enemies as s2
""", avatars="test_avatar_pilot,test_avatar_brawler")
    accepted(sc, "objective")  # Act 1 Part 2 done: Act 2 begins, turn passes to p1
    s = sc.game.state
    assert (s.act, s.part, s.active, s.phase) == (2, 1, 1, "action")
    sc.line("hand 1 free_your_mind")
    accepted(sc, "play $free_your_mind")
    assert pool(sc) == (0, 3)  # Test Brawler's Act 2 ability, not Act 1's +2


@pytest.mark.rule("LE-ACTION-15")
def test_plays_recruits_moves_scans_and_fights_interleave(scenario):
    sc = scenario("""
active 0
world 0 real
hand 0 test_delta_emp_drill there_is_no_spoon test_gamma_sprint unplug
empty dock.0
put test_beta_terminal dock.0 as terminal
put test_one_drill_cop row.2 down as cop
""")
    for cmd in ("play $test_delta_emp_drill", "recruit $terminal", "move matrix",
                "play $there_is_no_spoon", "scan 2", "play $test_gamma_sprint", "fight $cop",
                "move real alley", "play $unplug", "use $test_gamma_sprint", "end"):
        accepted(sc, cmd)
    s = sc.game.state
    assert sc.ref("terminal") in pile(sc, "p0.discard")
    assert sc.ref("cop") in pile(sc, "defeated_enemies")
    assert s.active == 1


# --- LE-RECRUIT -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-RECRUIT-01")
def test_recruiting_needs_the_real_world_except_digital_heroes(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=9
empty dock.0 dock.1
put test_beta_terminal dock.0 as terminal
put test_delta_wrench dock.1 as wrench
""")
    rejected(sc, "recruit $wrench", "LE-RECRUIT-01")
    rejected(sc, "recruit hovercraft", "LE-RECRUIT-01")
    accepted(sc, "recruit $terminal")  # Digital
    assert sc.ref("terminal") in pile(sc, "p0.discard")
    sc.line("world 0 real")
    accepted(sc, "recruit $wrench")
    accepted(sc, "recruit hovercraft")
    assert pool(sc) == (2, 0)


@pytest.mark.rule("LE-RECRUIT-02")
def test_any_number_of_recruits_while_recruit_lasts(scenario):
    sc = scenario("""
active 0
world 0 real
hand 0 unplug unplug
pool recruit=7
empty dock.0 dock.1 dock.2
put test_beta_terminal dock.0 as terminal
put test_delta_wrench dock.1 as wrench
put test_delta_wrench dock.2 as wrench2
""")
    accepted(sc, "recruit $terminal")  # before playing cards
    accepted(sc, "play $unplug")
    accepted(sc, "recruit $wrench")  # in between
    accepted(sc, "recruit hovercraft")
    assert pool(sc) == (1, 0)
    rejected(sc, "recruit $wrench2", "LE-RECRUIT-04")  # not enough left
    sc.line("pool recruit=2")
    accepted(sc, "recruit $wrench2")  # after playing
    got = {sc.ref("terminal"), sc.ref("wrench"), sc.ref("wrench2")}
    assert got <= set(pile(sc, "p0.discard"))


@pytest.mark.rule("LE-RECRUIT-03")
def test_each_dock_space_holds_one_face_up_hero(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=20
""", clear=False)
    s, t = sc.game.state, sc.t

    def check() -> None:
        for i in range(5):
            assert len(s.piles[dock(i)]) == 1
            (c,) = s.piles[dock(i)]
            assert c in s.face_up and t.card(c).kind == "hero"

    check()
    accepted(sc, f"recruit {s.piles[dock(3)][0]}")
    check()


@pytest.mark.rule("LE-RECRUIT-04", "LE-RECRUIT-05")
def test_recruit_pays_cost_to_discard_and_refills_from_zion(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=3
empty dock.1
put test_delta_wrench dock.1 as wrench
put test_beta_readout zion as next_up
""")
    s = sc.game.state
    res = accepted(sc, "recruit $wrench")
    assert pool(sc) == (1, 0)
    assert pile(sc, "p0.discard")[-1] == sc.ref("wrench") and sc.ref("wrench") in s.face_up
    assert pile(sc, dock(1)) == [sc.ref("next_up")] and sc.ref("next_up") in s.face_up
    dsts = [e.data["dst"] for e in res.events if e.kind == "card_moved"]
    assert dsts == ["p0.discard", dock(1)]  # refilled at once
    sc.line("empty dock.2")
    sc.line("put test_gamma_dodge dock.2 as dodge")  # costs 5
    rejected(sc, "recruit $dodge", "LE-RECRUIT-04")
    rejected(sc, f"recruit {pile(sc, 'zion')[-1]}", "LE-RECRUIT-04")  # not in the Dock


@pytest.mark.rule("LE-RECRUIT-06")
def test_hovercraft_costs_three_and_comes_from_the_top(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=2
""")
    rejected(sc, "recruit hovercraft", "LE-RECRUIT-06")
    sc.line("pool recruit=4")
    top = pile(sc, "hovercraft")[-1]
    accepted(sc, "recruit hovercraft")
    assert pool(sc) == (1, 0)
    assert pile(sc, "p0.discard")[-1] == top and top not in pile(sc, "hovercraft")
    assert top in sc.game.state.face_up


@pytest.mark.rule("LE-RECRUIT-07")
def test_five_hovercrafts_one_per_class(scenario):
    sc = scenario("", clear=False)
    ships = pile(sc, "hovercraft")
    assert len(ships) == 5
    classes = [cls for c in ships for cls in sc.t.card(c).classes]
    assert sorted(classes) == sorted(CLASSES)
    assert all(sc.t.card(c).cost == 3 for c in ships)
    assert all(c not in sc.game.state.face_up for c in ships)  # face down
    assert sc.game.observe(0)["piles"]["hovercraft"] == {"count": 5}


@pytest.mark.rule("LE-RECRUIT-08")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_gain_is_free_to_the_discard_pile_from_either_world(scenario, world):
    sc = scenario(f"""
active 0
world 0 {world}
pool recruit=0 attack=0
""")
    sc.line("effect 0 gain_extra card=test_extra_understudy who=self")
    top = pile(sc, "p0.discard")[-1]
    assert sc.game.state.defs[top] == "test_extra_understudy"
    assert pool(sc) == (0, 0)


@pytest.mark.rule("LE-RECRUIT-09")
def test_empty_zion_leaves_dock_spaces_empty_then_only_hovercrafts(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=30
empty zion
""", clear=False)
    s = sc.game.state
    docked = [s.piles[dock(i)][0] for i in range(5)]
    accepted(sc, f"recruit {docked[0]}")
    assert s.piles[dock(0)] == []  # not refilled
    for c in docked[1:]:
        accepted(sc, f"recruit {c}")
    assert all(not s.piles[dock(i)] for i in range(5))
    legal = {c.text() for c in sc.game.legal_commands() if c.verb == "recruit"}
    assert legal == {"recruit hovercraft"}
    rejected(sc, f"recruit {docked[0]}", "LE-RECRUIT-09")
    accepted(sc, "recruit hovercraft")


@pytest.mark.rule("LE-RECRUIT-10")
def test_no_hovercraft_once_the_stack_is_empty(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=9
empty hovercraft
""")
    rejected(sc, "recruit hovercraft", "LE-RECRUIT-10")
    assert "recruit hovercraft" not in {c.text() for c in sc.game.legal_commands()}
