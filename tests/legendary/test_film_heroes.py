"""The Matrix's Hero Groups, the Extra Neo (The Matrix) group and the Part of the System cards.

Data checks on the shipped files (cards/legendary/heroes_*.toml, part_of_the_system.toml), then
every distinct Hero is played in a real engine game (the fixture film's table, with the shipped
card in hand) so that the data is proven to work, and each keyword and ability is exercised.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.schema import EnemyCard, EventCard, HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile, settle
from tests.legendary.helpers import rejected as reject

STANDARD = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
NEO = "neo_the_matrix"
GROUPS = (*STANDARD, NEO)
CLASSES = {"intellect", "range", "strength", "survival", "tech"}
GUNS = "neo_the_matrix_guns_lots_of_guns"

SHIPPED: CardDB = load_db()
HEROES: list[HeroCard] = sorted(
    (c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group in GROUPS), key=lambda c: c.id)
HERO_IDS = [c.id for c in HEROES]
POTS = [c for c in SHIPPED.cards.values() if getattr(c, "part_of_the_system", False)]

# A Hero of each class with no choice to make, played first to switch on a class ability.
PRIMER = {
    "intellect": "tank_exit_call",
    "range": GUNS,
    "strength": "morpheus_the_matrix_dojo_lesson",
    "survival": "trinity_the_matrix_rooftop_sprint",
    "tech": "tank_operator_console",
}


def _group(gid: str) -> list[HeroCard]:
    return [c for c in HEROES if c.group == gid]


def _flat_gains(effects: list[Any]) -> tuple[int, int]:
    """Recruit and Attack that top-level effects always add (nothing conditional)."""
    r = sum(e.amount for e in effects if e.verb == "gain_recruit")
    a = sum(e.amount for e in effects if e.verb == "gain_attack")
    return r, a


def _pool(sc) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
@pytest.mark.parametrize("gid", GROUPS)
def test_each_group_is_14_cards_in_the_5_5_3_1_shape_and_cost_bands(gid):
    members = sorted(_group(gid), key=lambda c: (-c.copies, c.cost))
    assert [c.copies for c in members] == [5, 5, 3, 1], gid
    assert sum(c.copies for c in members) == 14
    assert len({c.name for c in members}) == 4
    commons, uncommon, rare = members[:2], members[2], members[3]
    assert all(2 <= c.cost <= 4 for c in commons), gid
    assert 5 <= uncommon.cost <= 6, gid
    assert 7 <= rare.cost <= 8, gid
    assert all(c.id.startswith(f"{gid}_") and c.classes for c in members), gid
    # Each group leans on two classes (dual-class cards stay within them).
    assert len({cls for c in members for cls in c.classes}) == 2, gid
    # Recruit matters: every group has some Recruit source.
    assert any(c.recruit or any(e.verb == "gain_recruit" for e in hero_effects(c)) for c in members), gid


@pytest.mark.rule("LE-SETUP-18", "LE-KEYWORD-13")
def test_the_standard_groups_are_the_films_zion_and_all_five_classes_occur():
    for gid in STANDARD:
        assert all(c.deck == f"group:{gid}" and not c.extra for c in _group(gid)), gid
    weight = {cls: sum(c.copies for c in HEROES if cls in c.classes) for cls in CLASSES}
    assert all(n >= 10 for n in weight.values()), weight
    pairs = {frozenset(cls for c in _group(g) for cls in c.classes) for g in GROUPS}
    assert len(pairs) == len(GROUPS)  # no two groups lean on the same two classes


@pytest.mark.rule("LE-SETUP-17", "LE-SETUP-19")
def test_neo_the_matrix_is_the_extra_group_of_act_one():
    neo = _group(NEO)
    assert sum(c.copies for c in neo) == 14
    assert all(c.extra and c.deck == "act:what_is_the_matrix" for c in neo)
    assert all(c.extra is False for g in STANDARD for c in _group(g))


@pytest.mark.rule("LE-KEYWORD-16")
def test_guns_lots_of_guns_is_a_range_hero_with_2_attack_and_range_plus_2():
    guns = SHIPPED.cards[GUNS]
    assert guns.name == "Guns. Lots of Guns."
    assert guns.classes == ["range"] and guns.attack == 2 and guns.recruit == 0
    assert guns.class_ability.cls == "range"
    assert [e.model_dump() for e in guns.class_ability.effects] == [{"verb": "gain_attack", "amount": 2}]
    assert guns.text == "Range: +2 Attack."


@pytest.mark.rule("LE-ACTION-06", "LE-KEYWORD-30")
def test_every_hero_side_keyword_is_used_and_plus_marks_match_the_data():
    keywords = {k for c in HEROES for k in c.keywords}
    assert {"coordinate", "digital"} <= keywords
    assert any(c.class_ability for c in HEROES)
    assert any(c.sacrifice for c in HEROES)
    assert any(c.once_this_turn for c in HEROES)
    assert any(c.recruit_plus for c in HEROES) and any(c.attack_plus for c in HEROES)
    assert any(e.verb == "if_act" for c in HEROES for e in hero_effects(c))
    for c in HEROES:
        verbs = {e.verb for e in hero_effects(c)}
        assert c.recruit_plus == ("gain_recruit" in verbs), c.id
        assert c.attack_plus == ("gain_attack" in verbs), c.id


def test_every_card_has_text_in_the_style_guide_order():
    for c in HEROES + POTS:
        assert c.text.strip(), c.id
        assert c.text.rstrip().endswith((".", "!")), c.id
    for c in HEROES:
        if "coordinate" in c.keywords:
            assert c.text.startswith("Coordinate."), c.id
        if "digital" in c.keywords:
            assert "Digital Hero." in c.text, c.id
        if c.class_ability:
            assert f"{c.class_ability.cls.title()}: " in c.text, c.id
        if c.once_this_turn:
            assert "Once this turn: " in c.text, c.id
        if c.sacrifice:
            assert "Sacrifice: " in c.text, c.id


@pytest.mark.rule("LE-SETUP-12", "LE-SETUP-15")
def test_nineteen_part_of_the_system_cards_weak_and_labelled_for_setup():
    assert sum(c.copies for c in POTS) == 19
    # setup.py picks them by both marks; the fixture film uses the same pair.
    assert all(c.deck == "part_of_the_system" and c.part_of_the_system for c in POTS)
    assert all(c.id.startswith("pots_") and not c.extra for c in POTS)
    enemies = [c for c in POTS if isinstance(c, EnemyCard)]
    assert all(c.attack is not None and 1 <= c.attack <= 3 for c in enemies)
    assert sum(c.copies for c in enemies) > 19 // 2
    assert all(isinstance(c, EnemyCard | EventCard) for c in POTS)


# --- every Hero in play -----------------------------------------------------------------------------


@pytest.mark.rule("LE-ACTION-04", "LE-ACTION-07")
@pytest.mark.parametrize("card_id", HERO_IDS)
def test_every_hero_plays_and_its_recruit_and_attack_land_in_the_pool(scenario, card_id):
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
hand 0 {card_id}
""")
    accept(sc, f"play ${card_id}")
    settle(sc)
    c = SHIPPED.cards[card_id]
    r, a = _flat_gains(c.effects)
    assert _pool(sc) == (c.recruit + r, c.attack + a)
    assert sc.ref(card_id) in pile(sc, "p0.play")


CLASS_GAINS = [c.id for c in HEROES if c.class_ability
               and all(e.verb in ("gain_recruit", "gain_attack") for e in c.class_ability.effects)]


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-15")
@pytest.mark.parametrize("card_id", CLASS_GAINS)
def test_class_abilities_add_their_recruit_or_attack_after_a_hero_of_that_class(scenario, card_id):
    c = SHIPPED.cards[card_id]
    sc = scenario(f"""
active 0
world 0 real
empty p0.hand
put {PRIMER[c.class_ability.cls]} p0.hand as primer
put {card_id} p0.hand as card
""")
    accept(sc, "play $primer")
    settle(sc)
    before = _pool(sc)
    accept(sc, "play $card")
    settle(sc)
    r, a = _flat_gains(c.effects)
    cr, ca = _flat_gains(c.class_ability.effects)
    assert _pool(sc) == (before[0] + c.recruit + r + cr, before[1] + c.attack + a + ca)


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-16")
def test_guns_first_two_copies_only_the_second_gets_the_range_bonus(scenario):
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
put {GUNS} p0.hand as g1
put {GUNS} p0.hand as g2
""")
    accept(sc, "play $g1")
    assert _pool(sc) == (0, 2)
    accept(sc, "play $g2")
    assert _pool(sc) == (0, 6)


@pytest.mark.rule("LE-KEYWORD-14")
def test_a_class_ability_needs_an_earlier_hero_of_the_class_not_a_later_one(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 neo_the_matrix_subway_brawl neo_the_matrix_not_yet_the_one
""")
    accept(sc, "play $neo_the_matrix_subway_brawl")
    accept(sc, "play $neo_the_matrix_not_yet_the_one")
    assert _pool(sc) == (1, 3)  # Strength came after: no +2


# --- keywords ------------------------------------------------------------------------------------


COORDINATE = [c.id for c in HEROES if "coordinate" in c.keywords]


@pytest.mark.rule("LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-03")
@pytest.mark.parametrize("card_id", COORDINATE)
def test_coordinate_heroes_can_be_coordinated_and_played_as_a_copy(scenario, card_id):
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
put {card_id} p1.hand as c
""")
    accept(sc, "@1 coordinate $c")
    accept(sc, "play $c")
    settle(sc)
    c = SHIPPED.cards[card_id]
    r, a = _flat_gains(c.effects)
    assert _pool(sc) == (c.recruit + r, c.attack + a)
    assert sc.ref("c") in sc.game.state.turn.virtual
    accept(sc, "end")
    assert sc.ref("c") in pile(sc, "p1.discard")


@pytest.mark.rule("LE-KEYWORD-09", "LE-RECRUIT-01")
def test_program_loader_is_a_digital_hero_recruited_from_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
empty dock.0 dock.1
put tank_program_loader dock.0 up
put tank_operators_miracle dock.1 up
pool recruit=8 attack=0
""")
    reject(sc, "recruit $tank_operators_miracle", "LE-RECRUIT-01")
    accept(sc, "recruit $tank_program_loader")
    assert sc.ref("tank_program_loader") in pile(sc, "p0.discard")
    assert _pool(sc) == (2, 0)


@pytest.mark.rule("LE-KEYWORD-11", "LE-KEYWORD-12")
def test_the_captain_stays_behind_is_sacrificed_to_raise_the_time_track(scenario):
    sc = scenario("""
active 0
time 6
pool recruit=0 attack=0
hand 0 morpheus_the_matrix_the_captain_stays_behind
""")
    cap = "$morpheus_the_matrix_the_captain_stays_behind"
    reject(sc, f"sacrifice {cap}", "LE-KEYWORD-12")  # not played yet
    accept(sc, f"play {cap}")
    accept(sc, f"sacrifice {cap}")
    s = sc.game.state
    assert s.time == 8 and _pool(sc) == (0, 5)  # its Attack stays in the pool
    assert sc.ref("morpheus_the_matrix_the_captain_stays_behind") in pile(sc, "defeated_heroes")


@pytest.mark.rule("LE-KEYWORD-11", "LE-SCAN-03")
def test_cyphers_screens_scans_for_free_and_sacrifices_for_recruit(scenario):
    sc = scenario("""
active 0
world 0 real
pool recruit=0 attack=0
put pots_patrol_officer row.2 down as cop
hand 0 nebuchadnezzar_crew_cyphers_screens
""")
    accept(sc, "play $nebuchadnezzar_crew_cyphers_screens")
    assert sc.ref("cop") in sc.game.state.face_up  # from the Real World, for free
    assert _pool(sc) == (2, 0)
    accept(sc, "sacrifice $nebuchadnezzar_crew_cyphers_screens")
    assert _pool(sc) == (6, 0)
    assert sc.ref("nebuchadnezzar_crew_cyphers_screens") in pile(sc, "defeated_heroes")


@pytest.mark.rule("LE-ACTION-08", "LE-MOVE-11")
def test_narrow_escape_once_this_turn_leaves_the_matrix_without_a_phone(scenario):
    sc = scenario("""
active 0
world 0 matrix
put pots_night_watchman row.0 down
put pots_night_watchman row.2 down as w2
hand 0 trinity_the_matrix_narrow_escape
""")
    card = "$trinity_the_matrix_narrow_escape"
    reject(sc, f"use {card}", "LE-ACTION-08")  # not played yet
    accept(sc, f"play {card}")
    assert sc.game.state.players[0].in_matrix  # the effect waits until used
    accept(sc, f"use {card}")
    assert not sc.game.state.players[0].in_matrix
    reject(sc, f"use {card}", "LE-ACTION-08")


@pytest.mark.rule("LE-ACTION-08", "LE-TIMING-07")
def test_the_captain_once_this_turn_pulls_everyone_out_of_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
world 1 matrix
world 2 real
hand 0 morpheus_the_matrix_the_captain_stays_behind
""", players=3)
    accept(sc, "play $morpheus_the_matrix_the_captain_stays_behind")
    accept(sc, "use $morpheus_the_matrix_the_captain_stays_behind")
    assert [p.in_matrix for p in sc.game.state.players] == [False, False, False]


@pytest.mark.rule("LE-ACTION-08", "LE-MOVE-12", "LE-ABILITY-04")
@pytest.mark.parametrize("card_id", ["trinity_the_matrix_rescue_by_air", "tank_operators_miracle"])
def test_rares_once_this_turn_move_any_player_to_the_real_world(scenario, card_id):
    sc = scenario(f"""
active 0
world 0 matrix
world 1 matrix
hand 0 {card_id}
""")
    accept(sc, f"play ${card_id}")
    accept(sc, f"use ${card_id}")
    assert sc.game.state.decision is not None
    accept(sc, "choose 1")
    assert [p.in_matrix for p in sc.game.state.players] == [True, False]


@pytest.mark.rule("LE-ABILITY-01", "LE-MOVE-06")
def test_exit_call_lets_the_free_move_leave_without_a_phone(scenario):
    sc = scenario("""
active 0
world 0 matrix
put pots_night_watchman row.0 down
put pots_night_watchman row.2 down as w2
hand 0 tank_exit_call
""")
    reject(sc, "move real", "LE-MOVE-06")
    accept(sc, "play $tank_exit_call")
    accept(sc, "move real")
    assert not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-KEYWORD-14")
def test_exit_call_intellect_draws_a_card(scenario):
    sc = scenario("""
active 0
hand 0 tank_exit_call tank_exit_call
""")
    hand = len(pile(sc, "p0.hand"))
    first, second = pile(sc, "p0.hand")
    accept(sc, f"play {first}")
    accept(sc, f"play {second}")
    assert len(pile(sc, "p0.hand")) == hand - 2 + 1  # only the second draws


@pytest.mark.rule("LE-ABILITY-01", "LE-RECRUIT-01")
def test_operators_miracle_lets_you_recruit_from_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
empty dock.0
put morpheus_the_matrix_dojo_lesson dock.0 up
pool recruit=0 attack=0
hand 0 tank_operators_miracle
""")
    accept(sc, "play $tank_operators_miracle")
    assert _pool(sc) == (4, 0)
    accept(sc, "recruit $morpheus_the_matrix_dojo_lesson")
    assert sc.ref("morpheus_the_matrix_dojo_lesson") in pile(sc, "p0.discard")


# --- abilities ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-MOVE-12", "LE-ABILITY-04")
def test_a_choice_of_pills_moves_any_player_either_way(scenario):
    sc = scenario("""
active 0
world 0 real
world 1 matrix
hand 0 morpheus_the_matrix_a_choice_of_pills
""")
    accept(sc, "play $morpheus_the_matrix_a_choice_of_pills")
    accept(sc, "choose 1")  # to the Real World
    accept(sc, "choose 1")  # the other player
    assert [p.in_matrix for p in sc.game.state.players] == [False, False]
    assert _pool(sc) == (1, 0)


@pytest.mark.rule("LE-TIMING-07")
def test_rally_the_crew_each_player_draws(scenario):
    sc = scenario("""
active 0
hand 0 morpheus_the_matrix_rally_the_crew
""", players=3)
    before = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    accept(sc, "play $morpheus_the_matrix_rally_the_crew")
    assert [len(pile(sc, f"p{i}.hand")) for i in range(3)] == [before[0], before[1] + 1, before[2] + 1]


@pytest.mark.rule("LE-STRIKE-07")
def test_dozers_galley_heals_a_strike(scenario):
    sc = scenario("""
active 0
put strike_bullet_graze p0.strikes as st
hand 0 nebuchadnezzar_crew_dozers_galley
""")
    accept(sc, "play $nebuchadnezzar_crew_dozers_galley")
    assert sc.ref("st") in pile(sc, "strike_discard")


@pytest.mark.rule("LE-STRIKE-07", "LE-KEYWORD-14")
def test_dojo_lesson_strength_heals_a_strike_of_another_player(scenario):
    sc = scenario("""
active 0
put strike_bullet_graze p1.strikes as st
hand 0 morpheus_the_matrix_dojo_lesson morpheus_the_matrix_dojo_lesson
""")
    first, second = pile(sc, "p0.hand")
    accept(sc, f"play {first}")
    assert sc.ref("st") in pile(sc, "p1.strikes")  # no Strength Hero before it
    accept(sc, f"play {second}")
    assert sc.ref("st") in pile(sc, "strike_discard")


@pytest.mark.rule("LE-TERM-06", "LE-STRIKE-07")
def test_every_station_manned_heals_each_player_and_rewards_a_hovercraft(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put strike_bullet_graze p0.strikes as a
put strike_split_lip p1.strikes as b
hand 0 hovercraft_logos nebuchadnezzar_crew_every_station_manned
""")
    accept(sc, "play $hovercraft_logos")
    accept(sc, "play $nebuchadnezzar_crew_every_station_manned")
    assert {sc.ref("a"), sc.ref("b")} <= set(pile(sc, "strike_discard"))
    assert _pool(sc) == (3 + 2, 1 + 3 + 2)


@pytest.mark.rule("LE-TERM-06")
def test_apoc_and_switch_need_a_hovercraft_in_play_even_a_coordinated_one(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put hovercraft_nebuchadnezzar p1.hand as ship
hand 0 nebuchadnezzar_crew_apoc_and_switch nebuchadnezzar_crew_apoc_and_switch
""")
    first, second = pile(sc, "p0.hand")
    accept(sc, f"play {first}")
    assert _pool(sc) == (0, 2) and sc.game.state.turn.extra_moves == 1
    accept(sc, "@1 coordinate $ship")
    accept(sc, "play $ship")
    accept(sc, f"play {second}")
    assert _pool(sc) == (2, 2 + 2 + 2)


@pytest.mark.rule("LE-ABILITY-07")
def test_twin_pistols_range_defeats_a_weak_enemy_in_the_matrix_row(scenario):
    sc = scenario(f"""
active 0
world 0 real
put pots_patrol_officer row.3 up as cop
put pots_riot_squad_officer row.1 up as riot
hand 0 {GUNS} trinity_the_matrix_twin_pistols
""")
    accept(sc, f"play ${GUNS}")
    accept(sc, "play $trinity_the_matrix_twin_pistols")
    assert sc.ref("cop") in pile(sc, "defeated_enemies")
    assert sc.ref("riot") in pile(sc, "row.1")  # 3 Attack: too strong


@pytest.mark.rule("LE-ABILITY-04")
def test_rescue_by_air_defeats_only_in_the_row_and_sees_the_code_anywhere(scenario):
    sc = scenario("""
active 0
put pots_riot_squad_officer combat up as riot
put pots_patrol_officer row.2 up as cop
hand 0 trinity_the_matrix_rescue_by_air neo_the_matrix_sees_the_code
""")
    accept(sc, "play $trinity_the_matrix_rescue_by_air")
    assert sc.ref("cop") in pile(sc, "defeated_enemies")
    assert sc.ref("riot") in pile(sc, "combat")
    accept(sc, "play $neo_the_matrix_sees_the_code")
    assert sc.ref("riot") in pile(sc, "defeated_enemies")


@pytest.mark.rule("LE-TIMING-03")
@pytest.mark.parametrize(("act", "yet", "code"), [(1, 0, 4), (2, 1, 6), (3, 3, 8)])
def test_neo_grows_with_each_act(scenario, act, yet, code):
    sc = scenario(f"""
act {act} 1
active 0
pool recruit=0 attack=0
hand 0 neo_the_matrix_not_yet_the_one neo_the_matrix_sees_the_code
""")
    accept(sc, "play $neo_the_matrix_not_yet_the_one")
    assert _pool(sc) == (1, yet)
    accept(sc, "play $neo_the_matrix_sees_the_code")
    assert _pool(sc) == (1, yet + code)


@pytest.mark.rule("LE-STRIKE-09")
def test_subway_brawl_avoids_the_next_strike(scenario):
    sc = scenario("""
active 0
hand 0 neo_the_matrix_subway_brawl
""")
    accept(sc, "play $neo_the_matrix_subway_brawl")
    assert sc.game.state.players[0].avoid == 1


# --- Part of the System in play -------------------------------------------------------------------


@pytest.mark.rule("LE-SCAN-06", "LE-TIMING-01")
def test_office_manager_reveal_discards_a_card(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put pots_office_manager row.0 down as boss
hand 0 unplug unplug
""")
    accept(sc, "scan 0")
    assert sc.game.state.decision is not None  # which card to discard
    accept(sc, "choose 0")
    assert len(pile(sc, "p0.hand")) == 1 and len(pile(sc, "p0.discard")) == 1


@pytest.mark.rule("LE-ABILITY-02", "LE-SCAN-08")
def test_crowded_sidewalk_forbids_scanning_this_turn(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put pots_crowded_sidewalk row.0 down as crowd
put pots_patrol_officer row.1 down as cop
""")
    accept(sc, "scan 0")
    assert sc.ref("crowd") in pile(sc, "discarded")
    reject(sc, "scan 1", "LE-ABILITY-02")


@pytest.mark.rule("LE-SCAN-08")
def test_package_courier_reveal_draws_a_card(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put pots_package_courier row.0 down as parcel
""")
    hand = len(pile(sc, "p0.hand"))
    accept(sc, "scan 0")
    assert len(pile(sc, "p0.hand")) == hand + 1


@pytest.mark.rule("LE-FIGHT-02", "LE-TIMING-04")
def test_security_desk_clerk_fight_scans_for_free(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put pots_security_desk_clerk row.0 up as clerk
put pots_patrol_officer row.3 down as cop
""")
    accept(sc, "fight $clerk")
    assert sc.ref("cop") in sc.game.state.face_up and _pool(sc) == (0, 0)


@pytest.mark.rule("LE-KEYWORD-21", "LE-KEYWORD-23", "LE-KEYWORD-27")
def test_part_of_the_system_keywords_work(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put pots_riot_squad_officer row.2 up as riot
put pots_patrol_officer row.1 down as cop
""")
    reject(sc, "fight $riot", "LE-KEYWORD-23")  # Cover: a face-down card beside it
    accept(sc, "scan 1")
    accept(sc, "fight $riot")
    kws = {c.id: c.keywords for c in POTS if isinstance(c, EnemyCard)}
    assert kws["pots_patrol_officer"] == ["chase"] and kws["pots_night_watchman"] == ["stationary"]
