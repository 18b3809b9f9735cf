"""LE-KEYWORD: Hero keywords (Coordinate, Digital Hero, Sacrifice), class abilities and the
Matrix-Deck keywords (Buy Time, Chase, Cover, Double Strike, Evade, Stationary, Undefeatable,
Wild Swing). Fixture cards: tests/fixtures/cards/rules_keywords.toml."""
from __future__ import annotations

import typing

import pydantic
import pytest

from engine.legendary import schema
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import pile
from tests.legendary.helpers import rejected as reject

CLASSES = {"intellect", "range", "strength", "survival", "tech"}


# --- helpers -------------------------------------------------------------------------------------






def events(res, kind: str) -> list:
    return [e for e in res.events if e.kind == kind]




# --- Coordinate ----------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-01")
def test_coordinate_sets_the_card_aside_face_up_and_draws_a_replacement(scenario):
    sc = scenario("""
active 0
put rules_kw_signal p1.hand as sig
""")
    s = sc.game.state
    hand, deck = len(pile(sc, "p1.hand")), len(pile(sc, "p1.deck"))
    res = accept(sc, "@1 coordinate $sig")
    sig = sc.ref("sig")
    assert s.where(sig) == "p1.coordinated" and sig in s.face_up  # set aside, out of play
    assert sig not in s.piles["p0.play"] and sig not in s.piles["p1.hand"]
    assert len(pile(sc, "p1.hand")) == hand and len(pile(sc, "p1.deck")) == deck - 1
    assert events(res, "cards_drawn")[0].data == {"seat": 1, "count": 1}
    # Face up: every player sees which card was set aside.
    shown = sc.game.observe(0)["piles"]["p1.coordinated"]["cards"]
    assert shown == [{"id": sig, "def": "rules_kw_signal", "name": "Rules Signal", "kind": "hero"}]


@pytest.mark.rule("LE-KEYWORD-01")
def test_coordinate_only_on_another_players_turn_and_only_coordinate_cards(scenario):
    sc = scenario("""
active 0
put rules_kw_signal p0.hand as own
put test_alpha_sidearm p1.hand as plain
""")
    reject(sc, "@0 coordinate $own", "LE-KEYWORD-01")  # your own turn
    reject(sc, "@1 coordinate $plain", "LE-KEYWORD-01")  # no Coordinate keyword
    reject(sc, "@1 coordinate $own", "LE-KEYWORD-01")  # not in that player's hand


@pytest.mark.rule("LE-KEYWORD-02", "LE-ABILITY-05")
def test_virtual_copy_counts_as_the_card_for_the_active_player(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put rules_kw_signal p1.hand as sig
""")
    s = sc.game.state
    accept(sc, "@1 coordinate $sig")
    hand0, hand1 = len(pile(sc, "p0.hand")), len(pile(sc, "p1.hand"))
    res = accept(sc, "play $sig")
    sig = sc.ref("sig")
    # Recruit and the "Draw a card" ability go to the active player ("you", LE-ABILITY-05).
    assert (s.turn.recruit, s.turn.attack) == (1, 0)
    assert len(pile(sc, "p0.hand")) == hand0 + 1 and len(pile(sc, "p1.hand")) == hand1
    assert sig in s.turn.played and sig in s.turn.virtual
    assert s.where(sig) == "p1.coordinated"  # the physical card stays set aside
    assert events(res, "virtual_played")
    reject(sc, "play $sig", "LE-KEYWORD-02")  # one copy only


@pytest.mark.rule("LE-KEYWORD-03")
def test_coordinated_card_goes_to_its_owners_discard_at_end_of_turn(scenario):
    sc = scenario("""
active 0
put rules_kw_signal p1.hand as sig
""")
    accept(sc, "@1 coordinate $sig")
    accept(sc, "play $sig")
    accept(sc, "end")
    s = sc.game.state
    assert s.where(sc.ref("sig")) == "p1.discard"
    assert not s.piles["p1.coordinated"]
    assert s.active == 1


@pytest.mark.rule("LE-KEYWORD-04")
def test_one_coordinate_per_player_per_turn_but_several_players_may(scenario):
    sc = scenario("""
active 0
put rules_kw_signal p1.hand as a
put test_delta_wrench p1.hand as b
put test_delta_wrench p2.hand as c
put rules_kw_ballard p1.hand as ballard
put test_beta_uplink p2.hand as later
""", players=3)
    s = sc.game.state
    accept(sc, "@1 coordinate $a")
    reject(sc, "@1 coordinate $b", "LE-KEYWORD-04")
    accept(sc, "@2 coordinate $c")  # another player may also Coordinate
    accept(sc, "@1 coordinate $ballard")  # a card that says so ignores the limit (Ballard-like)
    assert s.piles["p1.coordinated"] == [sc.ref("a"), sc.ref("ballard")]
    accept(sc, "play $a")
    accept(sc, "play $c")
    assert s.turn.virtual == [sc.ref("a"), sc.ref("c")]
    # The limit is per turn: on the next player's turn seat 2 may Coordinate again.
    accept(sc, "end")
    assert s.active == 1
    accept(sc, "@2 coordinate $later")


@pytest.mark.rule("LE-KEYWORD-05")
def test_coordinating_to_an_unwilling_player_still_draws_the_replacement(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put rules_kw_signal p1.hand as sig
""")
    s = sc.game.state
    hand1 = len(pile(sc, "p1.hand"))
    accept(sc, "@1 coordinate $sig")
    assert len(pile(sc, "p1.hand")) == hand1
    assert (s.turn.recruit, s.turn.attack) == (0, 0)
    res = accept(sc, "end")  # the active player declines the copy
    assert not [e for e in res.events if e.kind == "virtual_played"]
    assert s.where(sc.ref("sig")) == "p1.discard"


@pytest.mark.rule("LE-KEYWORD-06")
def test_solo_player_discards_a_coordinate_card_once_per_turn_to_draw(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 unplug
put rules_kw_signal p0.hand as sig
put test_delta_wrench p0.hand as wrench
put test_alpha_sidearm p0.hand as plain
""", players=1)
    s = sc.game.state
    hand, deck = len(pile(sc, "p0.hand")), len(pile(sc, "p0.deck"))
    reject(sc, "solo-discard $plain", "LE-KEYWORD-06")  # no Coordinate
    accept(sc, "solo-discard $sig")
    assert s.where(sc.ref("sig")) == "p0.discard"
    assert len(pile(sc, "p0.hand")) == hand and len(pile(sc, "p0.deck")) == deck - 1
    # Its effects (+1 Recruit, draw a card) are not gained.
    assert (s.turn.recruit, s.turn.attack) == (0, 0) and sc.ref("sig") not in s.turn.played
    reject(sc, "solo-discard $wrench", "LE-KEYWORD-06")  # once per turn


@pytest.mark.rule("LE-KEYWORD-06")
def test_solo_discard_only_when_alone_in_the_game(scenario):
    sc = scenario("""
active 0
put rules_kw_signal p0.hand as sig
""")
    reject(sc, "solo-discard $sig", "LE-KEYWORD-06")
    sc.game.state.players[1].defeated = True  # everyone else defeated: alone again
    accept(sc, "solo-discard $sig")
    assert sc.game.state.where(sc.ref("sig")) == "p0.discard"


@pytest.mark.rule("LE-KEYWORD-07")
def test_virtual_copy_cannot_be_defeated_by_sacrifice(scenario):
    sc = scenario("""
active 0
put rules_kw_lifeline p1.hand as life
""")
    accept(sc, "@1 coordinate $life")
    accept(sc, "play $life")
    reject(sc, "sacrifice $life", "LE-KEYWORD-07")
    assert sc.game.state.where(sc.ref("life")) == "p1.coordinated"


@pytest.mark.rule("LE-KEYWORD-08")
def test_every_hovercraft_and_some_zion_heroes_can_be_coordinated(scenario, db):
    ships = [c.id for c in db.cards.values() if c.kind == "hero" and c.deck == "hovercraft"]
    assert len(ships) == 5
    lines = "\n".join(f"put {sid} p1.hand" for sid in ships)
    sc = scenario(f"active 0\n{lines}\nput test_beta_uplink p1.hand\nput test_delta_wrench p1.hand\n"
                  "put test_alpha_sidearm p1.hand")
    for name in (*ships, "test_beta_uplink", "test_delta_wrench"):
        assert sc.game.check(f"@1 coordinate {sc.ref(name)}") is None, name
    assert sc.game.check(f"@1 coordinate {sc.ref('test_alpha_sidearm')}").rule == "LE-KEYWORD-01"


# --- Digital Hero -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-09")
def test_digital_hero_can_be_recruited_from_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=10
empty dock.0 dock.1
put test_beta_terminal dock.0 as digital
put test_alpha_sidearm dock.1 as plain
""")
    s = sc.game.state
    reject(sc, "recruit $plain", "LE-RECRUIT-01")
    accept(sc, "recruit $digital")
    assert s.where(sc.ref("digital")) == "p0.discard" and s.turn.recruit == 8
    assert s.players[0].in_matrix


@pytest.mark.rule("LE-KEYWORD-09")
def test_digital_hero_can_also_be_recruited_from_the_real_world(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=2
empty dock.0
put test_beta_terminal dock.0 as digital
""")
    accept(sc, "recruit $digital")
    assert sc.game.state.where(sc.ref("digital")) == "p0.discard"


@pytest.mark.rule("LE-KEYWORD-10")
def test_a_recruited_digital_hero_grants_nothing_more(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=5 attack=0
hand 0 test_beta_terminal
empty dock.1
put test_alpha_sidearm dock.1 as plain
""")
    s = sc.game.state
    accept(sc, "play $test_beta_terminal")
    assert (s.turn.recruit, s.turn.attack) == (6, 0)  # just its printed Recruit
    # Having a Digital Hero in play does not let you recruit other Heroes from the Matrix.
    reject(sc, "recruit $plain", "LE-RECRUIT-01")


# --- Sacrifice ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-11")
def test_sacrifice_defeats_the_card_for_its_effect(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 rules_kw_offering test_alpha_sidearm
""")
    s = sc.game.state
    reject(sc, "sacrifice $rules_kw_offering", "LE-KEYWORD-12")  # not in play yet
    accept(sc, "play $rules_kw_offering")
    accept(sc, "play $test_alpha_sidearm")
    reject(sc, "sacrifice $test_alpha_sidearm", "LE-KEYWORD-11")  # no Sacrifice ability
    accept(sc, "sacrifice $rules_kw_offering")
    assert s.where(sc.ref("rules_kw_offering")) == "defeated_heroes"
    assert s.turn.recruit == 2
    reject(sc, "sacrifice $rules_kw_offering", "LE-KEYWORD-12")  # once only


@pytest.mark.rule("LE-KEYWORD-11")
def test_sacrifice_is_optional_and_discarding_does_not_trigger_it(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 rules_kw_offering
put rules_kw_offering p0.hand as other
""")
    s = sc.game.state
    accept(sc, "play $rules_kw_offering")
    sc.line("effect 0 discard amount=1")  # the other copy is discarded from hand
    assert s.where(sc.ref("other")) == "p0.discard" and s.turn.recruit == 0
    accept(sc, "end")  # never sacrificed: it is simply discarded at Cleanup
    assert s.where(sc.ref("rules_kw_offering")) == "p0.discard"
    assert sc.ref("rules_kw_offering") not in s.piles["defeated_heroes"]


@pytest.mark.rule("LE-KEYWORD-12")
def test_sacrifice_card_keeps_its_attack_when_sacrificed_later(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 rules_kw_offering test_delta_bruiser
""")
    s = sc.game.state
    accept(sc, "play $rules_kw_offering")
    assert s.turn.attack == 1
    accept(sc, "play $test_delta_bruiser")
    accept(sc, "sacrifice $rules_kw_offering")
    assert (s.turn.recruit, s.turn.attack) == (2, 3)


# --- Class abilities -------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-13")
def test_classes_are_the_five_and_starting_cards_have_none(scenario, db):
    heroes = [c for c in db.cards.values() if c.kind == "hero"]
    assert {cls for c in heroes for cls in c.classes} == CLASSES
    assert all(not c.classes for c in heroes if c.deck == "starting")
    assert set(typing.get_args(schema.Class)) == CLASSES
    # Starting cards played first do not switch on a class ability.
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 unplug there_is_no_spoon test_alpha_lots_of_drills
""")
    accept(sc, "play $unplug")
    accept(sc, "play $there_is_no_spoon")
    res = accept(sc, "play $test_alpha_lots_of_drills")
    assert not events(res, "class_ability")
    assert sc.game.state.turn.attack == 1 + 2


@pytest.mark.rule("LE-KEYWORD-14")
def test_class_ability_needs_an_earlier_hero_of_that_class(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 test_alpha_lots_of_drills test_alpha_sidearm test_delta_bruiser
""")
    s = sc.game.state
    res = accept(sc, "play $test_alpha_lots_of_drills")
    assert not events(res, "class_ability") and s.turn.attack == 2
    accept(sc, "play $test_delta_bruiser")  # Strength: not Range
    accept(sc, "play $test_alpha_sidearm")  # Range, but later: no retroactive bonus
    assert s.turn.attack == 2 + 2 + 2
    assert s.turn.class_used == []


@pytest.mark.rule("LE-KEYWORD-15")
def test_class_ability_used_once_however_many_qualifying_heroes(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 test_alpha_sidearm test_gamma_sniper_drill test_alpha_lots_of_drills
""")
    s = sc.game.state
    accept(sc, "play $test_alpha_sidearm")
    accept(sc, "play $test_gamma_sniper_drill")
    res = accept(sc, "play $test_alpha_lots_of_drills")
    assert len(events(res, "class_ability")) == 1
    assert s.turn.attack == 2 + 3 + 2 + 2
    assert s.turn.class_used == [sc.ref("test_alpha_lots_of_drills")]


@pytest.mark.rule("LE-KEYWORD-16")
def test_guns_example_two_copies_only_the_second_gets_the_bonus(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put test_alpha_lots_of_drills p0.hand as first
put test_alpha_lots_of_drills p0.hand as second
""")
    s = sc.game.state
    accept(sc, "play $first")
    assert s.turn.attack == 2
    accept(sc, "play $second")
    assert s.turn.attack == 2 + 2 + 2
    assert s.turn.class_used == [sc.ref("second")]


@pytest.mark.rule("LE-KEYWORD-17")
def test_a_played_then_defeated_hero_still_counts_for_class_abilities(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 rules_kw_offering test_alpha_lots_of_drills
""")
    s = sc.game.state
    accept(sc, "play $rules_kw_offering")
    accept(sc, "sacrifice $rules_kw_offering")
    assert s.where(sc.ref("rules_kw_offering")) == "defeated_heroes"
    res = accept(sc, "play $test_alpha_lots_of_drills")
    assert len(events(res, "class_ability")) == 1
    assert (s.turn.recruit, s.turn.attack) == (2, 1 + 2 + 2)


@pytest.mark.rule("LE-KEYWORD-18")
def test_virtual_copy_counts_toward_later_class_abilities(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put hovercraft_mjolnir p1.hand as ship
hand 0 test_alpha_lots_of_drills
""")
    s = sc.game.state
    accept(sc, "@1 coordinate $ship")
    accept(sc, "play $ship")
    assert s.turn.attack == 1  # Mjolnir is the first Range Hero: no bonus of its own
    res = accept(sc, "play $test_alpha_lots_of_drills")
    assert len(events(res, "class_ability")) == 1
    assert s.turn.attack == 1 + 2 + 2


@pytest.mark.rule("LE-KEYWORD-18", "LE-KEYWORD-02")
def test_virtual_copy_uses_its_own_class_ability(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put hovercraft_mjolnir p1.hand as ship
hand 0 test_alpha_sidearm
""")
    s = sc.game.state
    accept(sc, "play $test_alpha_sidearm")
    accept(sc, "@1 coordinate $ship")
    res = accept(sc, "play $ship")
    assert len(events(res, "class_ability")) == 1
    assert s.turn.attack == 2 + 1 + 2
    assert s.turn.class_used == [sc.ref("ship")]


# --- Buy Time -------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-19")
def test_buy_time_stops_the_agents_strike_even_after_leaving_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=6
put test_one_drill_agent combat up as agent
""")
    s = sc.game.state
    accept(sc, "buytime $agent")
    assert s.turn.attack == 1 and s.turn.bought_time == [sc.ref("agent")]
    reject(sc, "buytime $agent", "LE-KEYWORD-19")  # already distracted
    sc.line("effect 0 extra_move")
    accept(sc, "move real")
    assert not s.players[0].in_matrix
    res = accept(sc, "end")
    assert [e.data["card"] for e in events(res, "strike_skipped")] == [sc.ref("agent")]
    assert not events(res, "time_changed") and s.time == 10
    assert not s.piles["p0.strikes"]


@pytest.mark.rule("LE-KEYWORD-19")
def test_without_buy_time_the_agent_strikes(scenario):
    sc = scenario("""
active 0
world 0 real
put test_one_drill_agent combat up as agent
""")
    accept(sc, "end")
    assert sc.game.state.time == 9


@pytest.mark.rule("LE-KEYWORD-19")
def test_buy_time_needs_the_matrix_five_attack_and_a_buy_time_agent(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=10
put test_one_drill_agent row.2 up as agent
put test_one_drill_sentinel combat up as sentinel
""")
    reject(sc, "buytime $agent", "LE-KEYWORD-19")  # Real World
    sc.line("world 0 matrix")
    reject(sc, "buytime $sentinel", "LE-KEYWORD-19")  # no Buy Time
    sc.line("pool attack=4")
    reject(sc, "buytime $agent", "LE-KEYWORD-19")  # 4 Attack is not enough
    sc.line("pool attack=5")
    accept(sc, "buytime $agent")  # default: an Agent still in the Matrix Row can be distracted too
    assert sc.game.state.turn.attack == 0


@pytest.mark.rule("LE-KEYWORD-20")
def test_buy_time_cancels_both_strikes_of_a_double_striker(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put rules_kw_double_agent combat up as agent
""")
    s = sc.game.state
    strikes = len(s.piles["strikes"])
    accept(sc, "buytime $agent")
    res = accept(sc, "end")
    assert not events(res, "strike_drawn") and len(s.piles["strikes"]) == strikes
    assert not s.piles["p0.strikes"] and s.time == 10


# --- Chase -----------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-21")
def test_chase_moves_one_more_space_at_end_of_matrix_phase(scenario):
    sc = scenario("""
active 0
put test_two_drill_hunter row.3 up as hunter
put test_one_drill_sentinel row.2 down as ahead
put test_two_drill_hunter row.0 down as hidden
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    res = accept(sc, "end")
    assert s.where(sc.ref("top")) == "row.4"  # the new card pushed nothing
    assert s.where(sc.ref("hunter")) == "row.2"  # not pushed, still chases (one space left)
    assert s.where(sc.ref("ahead")) == "row.1"  # default: the chase pushes normally
    assert s.where(sc.ref("hidden")) == "row.0"  # default: a face-down card's Chase does not apply
    assert [e.data["card"] for e in events(res, "chase")] == [sc.ref("hunter")]


@pytest.mark.rule("LE-KEYWORD-21")
def test_chase_after_being_pushed_and_from_the_leftmost_space(scenario):
    sc = scenario("""
active 0
put test_two_drill_hunter row.4 up as pushed
put test_three_drill_squid row.0 up as front
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    accept(sc, "end")
    assert s.where(sc.ref("top")) == "row.4"
    assert s.where(sc.ref("pushed")) == "row.2"  # pushed to row.3, then one more
    assert s.where(sc.ref("front")) == "combat"  # default: from the Subway into the Combat Zone


@pytest.mark.rule("LE-KEYWORD-22")
def test_several_chase_cards_move_left_to_right(scenario):
    sc = scenario("""
active 0
put test_two_drill_hunter row.1 up as left
put test_two_drill_hunter row.2 up as right
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    res = accept(sc, "end")
    # Left first: both move one space, as if together (right first would push the left one twice).
    assert s.where(sc.ref("left")) == "row.0" and s.where(sc.ref("right")) == "row.1"
    assert not s.piles["combat"]
    assert [e.data["card"] for e in events(res, "chase")] == [sc.ref("left"), sc.ref("right")]


# --- Cover -----------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-23")
def test_cover_blocks_fighting_next_to_a_face_down_card(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=10
put test_one_drill_cop row.2 up as cop
put test_one_drill_sentinel row.3 down as hidden
put test_one_drill_sentinel row.1 up as shown
""")
    s = sc.game.state
    reject(sc, "fight $cop", "LE-KEYWORD-23")
    s.face_up.add(sc.ref("hidden"))  # both neighbours face up now
    accept(sc, "fight $cop")
    assert s.where(sc.ref("cop")) == "defeated_enemies"


@pytest.mark.rule("LE-KEYWORD-23")
def test_cover_left_neighbour_and_combat_zone(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=10
put test_one_drill_cop row.4 up as cop
put test_one_drill_sentinel row.3 down
put test_one_drill_cop row.0 up as front
put test_one_drill_sentinel combat down
put test_two_drill_virus combat up as fought
""")
    s = sc.game.state
    reject(sc, "fight $cop", "LE-KEYWORD-23")
    # Default: only Row neighbours count, so the Combat Zone never gives Cover ...
    accept(sc, "fight $front")
    # ... and Cover works only while the Enemy is in the Matrix Row.
    accept(sc, "fight $fought")
    assert s.where(sc.ref("front")) == s.where(sc.ref("fought")) == "defeated_enemies"


# --- Double Strike -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-24")
def test_double_strike_draws_two_strikes_in_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_two_drill_enforcer combat up
put strike_bullet_graze strikes as s1
put strike_split_lip strikes as s2
""")
    s = sc.game.state
    res = accept(sc, "end")
    assert len(events(res, "strike_drawn")) == 2
    assert sorted(s.piles["p0.strikes"]) == sorted([sc.ref("s1"), sc.ref("s2")])


@pytest.mark.rule("LE-KEYWORD-24")
def test_double_strike_avoiding_one_leaves_the_other(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_two_drill_enforcer combat up
put strike_bullet_graze strikes as s1
put strike_split_lip strikes as s2
effect 0 avoid_strike amount=1
""")
    s = sc.game.state
    res = accept(sc, "end")
    assert len(events(res, "strike_avoided")) == 1
    assert s.piles["p0.strikes"] == [sc.ref("s2")]
    assert s.piles["strikes"][-1] == sc.ref("s1")


@pytest.mark.rule("LE-KEYWORD-25")
def test_double_strike_lowers_time_by_two_in_the_real_world(scenario):
    sc = scenario("""
active 0
world 0 real
put test_two_drill_enforcer combat up
""")
    s = sc.game.state
    res = accept(sc, "end")
    assert [(e.data["before"], e.data["after"]) for e in events(res, "time_changed")] == [(10, 9), (9, 8)]
    assert not events(res, "strike_drawn") and not s.piles["p0.strikes"]


# --- Evade --------------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-26")
def test_evade_moves_the_enemy_to_the_rightmost_clear_space(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=3
put test_one_drill_program combat up as program
put test_one_drill_sentinel row.4 down
""")
    s = sc.game.state
    accept(sc, "evade $program")  # default: the active player may Evade from the Real World
    assert s.where(sc.ref("program")) == "row.3" and sc.ref("program") in s.face_up
    assert s.turn.attack == 1


@pytest.mark.rule("LE-KEYWORD-26")
def test_evade_needs_the_cost_a_clear_space_and_an_evade_enemy(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=1
put test_one_drill_program row.1 up as program
put test_one_drill_sentinel combat up as sentinel
put test_one_drill_cop row.0 down
put test_one_drill_cop row.2 down
put test_one_drill_sentinel row.3 down
put test_one_drill_sentinel row.4 down as last
""")
    s = sc.game.state
    reject(sc, "evade $program", "LE-KEYWORD-26")  # no clear space (and 1 Attack)
    s.piles["row.4"].remove(sc.ref("last"))
    s.piles["box"].append(sc.ref("last"))
    reject(sc, "evade $program", "LE-KEYWORD-26")  # Evade 2 costs 2 Attack
    sc.line("pool attack=5")
    reject(sc, "evade $sentinel", "LE-KEYWORD-26")  # no Evade
    reject(sc, "@1 evade $program", "LE-TURN-03")  # default: only the active player pays
    accept(sc, "evade $program")
    assert s.where(sc.ref("program")) == "row.4" and not s.piles["row.1"]


# --- Stationary ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-27")
def test_stationary_card_is_skipped_by_a_push(scenario):
    sc = scenario("""
active 0
put test_two_drill_guard row.4 up as guard
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    accept(sc, "end")
    assert s.where(sc.ref("guard")) == "row.4"
    assert s.where(sc.ref("top")) == "row.3"


@pytest.mark.rule("LE-KEYWORD-27")
def test_stationary_in_a_push_chain_and_in_the_leftmost_space(scenario):
    sc = scenario("""
active 0
put test_two_drill_guard row.0 up as guard
put test_one_drill_sentinel row.1 up as a
put test_one_drill_sentinel row.2 up as b
put test_one_drill_sentinel row.3 up as c
put test_two_drill_guard row.4 up as guard2
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    accept(sc, "end")
    # The new card skips the Stationary guard in row 4 into row 3, pushing c, b and a along;
    # a would enter row 0 where the other guard stands, so it goes on into the Combat Zone.
    assert [s.piles[f"row.{i}"] for i in range(5)] == [
        [sc.ref("guard")], [sc.ref("b")], [sc.ref("c")], [sc.ref("top")], [sc.ref("guard2")]]
    assert s.piles["combat"] == [sc.ref("a")]


# --- Undefeatable ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-28")
def test_undefeatable_cannot_be_fought_or_defeated_by_effects(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=10
put test_three_drill_firewall row.1 up as wall
put pots_test_watchdog row.3 up as dog
""")
    s = sc.game.state
    reject(sc, "fight $wall", "LE-KEYWORD-28")
    sc.line("effect 0 defeat_enemy descriptor=Program")  # only the Watchdog can be chosen
    assert s.decision is None
    assert s.where(sc.ref("dog")) == "defeated_enemies" and s.where(sc.ref("wall")) == "row.1"
    sc.line("effect 0 defeat_all descriptor=Program")
    assert s.where(sc.ref("wall")) == "row.1"


# --- Wild Swing ----------------------------------------------------------------------------------------


def _wild(scenario, world: str):
    return scenario(f"""
active 0
world 0 {world}
put test_two_drill_exile combat up as exile
put strike_bullet_graze strikes as second
put strike_split_lip strikes as first
""")


@pytest.mark.rule("LE-KEYWORD-29")
def test_wild_swing_throw_away_the_first_strike_and_keep_the_second(scenario):
    sc = _wild(scenario, "matrix")
    s = sc.game.state
    accept(sc, "end")
    assert s.decision is not None and s.decision.seat == 0 and s.decision.rule == "LE-KEYWORD-29"
    accept(sc, "choose 1")
    assert s.where(sc.ref("first")) == "strike_discard"
    assert s.piles["p0.strikes"] == [sc.ref("second")]  # the replacement must be kept
    assert s.decision is None and s.active == 1


@pytest.mark.rule("LE-KEYWORD-29")
def test_wild_swing_may_keep_the_first_strike(scenario):
    sc = _wild(scenario, "matrix")
    s = sc.game.state
    accept(sc, "end")
    accept(sc, "choose 0")
    assert s.piles["p0.strikes"] == [sc.ref("first")]
    assert s.piles["strikes"][-1] == sc.ref("second")


@pytest.mark.rule("LE-KEYWORD-29")
def test_wild_swing_does_nothing_against_the_time_track(scenario):
    sc = _wild(scenario, "real")
    s = sc.game.state
    accept(sc, "end")
    assert s.decision is None and s.time == 9 and not s.piles["p0.strikes"]


# --- keyword families ----------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-30")
def test_hero_and_matrix_deck_keywords_are_separate_families():
    hero_kw = set(typing.get_args(schema.HeroKeyword))
    enemy_kw = set(typing.get_args(schema.EnemyKeyword))
    assert {"coordinate", "digital"} <= hero_kw and "sacrifice" in schema.HeroCard.model_fields
    assert enemy_kw == {"buy_time", "chase", "cover", "double_strike", "evade", "stationary",
                        "undefeatable", "wild_swing"}
    assert not hero_kw & enemy_kw
    base = {"id": "x", "name": "X", "deck": "rules_fixture"}
    with pytest.raises(pydantic.ValidationError):
        schema.HeroCard(kind="hero", keywords=["chase"], **base)
    with pytest.raises(pydantic.ValidationError):
        schema.EnemyCard(kind="enemy", keywords=["coordinate"], **base)
    assert schema.EnemyCard(kind="enemy", keywords=sorted(enemy_kw), **base).keywords


# --- Make an Offer to Deus Ex Machina blanks the keywords too (LE-CARD-40) --------------------------

OFFER = "effect 0 hook name=offer_to_deus_ex_machina"  # the Challenge's Complete: effect


def _blanked(scenario, puts: str, *, pool: int = 0):
    """Seat 0's turn in the Matrix with ``pool`` Attack, the cards of the ``put`` lines placed, then
    Make an Offer to Deus Ex Machina completed: every Row card loses its abilities."""
    return scenario(f"active 0\nworld 0 matrix\npool attack={pool}\n{puts}\n{OFFER}\n")


def _to_combat(sc, *names: str) -> None:
    """Move blanked Row cards into the Combat Zone (they stay blank wherever they go)."""
    s = sc.game.state
    for name in names:
        cid = sc.ref(name)
        s.piles[s.where(cid)].remove(cid)
        s.piles["combat"].append(cid)


@pytest.mark.rule("LE-CARD-40", "LE-KEYWORD-23", "LE-KEYWORD-28")
def test_le_card_40_blanked_cover_and_undefeatable_no_longer_keep_a_card_from_a_fight(scenario):
    sc = _blanked(scenario, "put test_one_drill_sentinel row.0 down\nput test_one_drill_cop row.1 up as cop\n"
                            "put test_three_drill_firewall row.3 up as wall", pool=10)
    s = sc.game.state
    assert {sc.ref("cop"), sc.ref("wall")} <= s.blank
    for name in ("cop", "wall"):  # a face-down neighbour, Undefeatable: both keywords are gone
        assert sc.game.is_legal(f"fight {sc.ref(name)}")
        accept(sc, f"fight ${name}")
        assert s.where(sc.ref(name)) == "defeated_enemies"


@pytest.mark.rule("LE-CARD-40", "LE-KEYWORD-28")
def test_le_card_40_a_blanked_undefeatable_card_falls_to_effects(scenario):
    sc = _blanked(scenario, "put test_three_drill_firewall row.1 up as wall")
    sc.line("effect 0 defeat_all descriptor=Program")
    assert sc.game.state.where(sc.ref("wall")) == "defeated_enemies"


@pytest.mark.rule("LE-CARD-40", "LE-KEYWORD-19", "LE-KEYWORD-26")
def test_le_card_40_blanked_buy_time_and_evade_cannot_be_paid_for(scenario):
    sc = _blanked(scenario, "put test_one_drill_agent row.1 up as agent\n"
                            "put test_one_drill_program row.2 up as program", pool=10)
    reject(sc, "buytime $agent", "LE-KEYWORD-19")
    reject(sc, "evade $program", "LE-KEYWORD-26")
    assert not {c.verb for c in sc.game.legal_commands()} & {"buytime", "evade"}


@pytest.mark.rule("LE-CARD-40", "LE-KEYWORD-24", "LE-KEYWORD-29")
def test_le_card_40_blanked_double_strike_and_wild_swing_strike_once_plainly(scenario):
    sc = _blanked(scenario, "put test_two_drill_enforcer row.1 up as enforcer\n"
                            "put test_two_drill_exile row.2 up as exile")
    _to_combat(sc, "enforcer", "exile")
    s = sc.game.state
    res = accept(sc, "end")
    assert len(events(res, "strike_drawn")) == 2  # one each: no second strike, no Wild Swing choice
    assert s.decision is None and s.active == 1


@pytest.mark.rule("LE-CARD-40", "LE-KEYWORD-21", "LE-KEYWORD-27")
def test_le_card_40_blanked_chase_and_stationary_cards_move_like_any_other(scenario):
    sc = _blanked(scenario, "put test_two_drill_hunter row.3 up as hunter\n"
                            "put test_two_drill_guard row.4 up as guard")
    sc.line("put pots_test_patrol_cop matrix_deck as top")
    s = sc.game.state
    res = accept(sc, "end")
    assert s.where(sc.ref("top")) == "row.4"  # it pushes the guard along: no longer Stationary
    assert s.where(sc.ref("guard")) == "row.3"
    assert s.where(sc.ref("hunter")) == "row.2" and not events(res, "chase")  # no Chase


@pytest.mark.rule("LE-CARD-40", "LE-STRIKE-08")
def test_le_card_40_a_blanked_strike_ability_no_longer_replaces_the_strike(scenario):
    sc = _blanked(scenario, "put rules_as_striker_instead row.1 up as striker")
    _to_combat(sc, "striker")
    s = sc.game.state
    res = accept(sc, "end")
    assert len(events(res, "strike_drawn")) == 1 and s.time == 10  # it strikes like any Enemy
