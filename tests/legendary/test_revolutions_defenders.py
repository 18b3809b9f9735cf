"""Revolutions' Hero Group Defenders of Zion (cards/legendary/heroes_defenders_of_zion.toml), with Gotcha.

The data is checked (shape, costs, classes, value curve, text), then every card is played in a real
engine game of The Matrix's Acts with the Defenders dealt into Zion in place of Tank. Gotcha's heal
follows whoever plays it: a Coordinated Gotcha heals the player of the virtual copy, never the
teammate who set it aside (LE-CARD-27). Sweep the Dock uses defeat_all's filters (every Enemy with
little enough Attack, in one area or all), whose rule test (LE-ABILITY-07) is here too.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile, settle
from tests.legendary.test_reloaded_ship_captains import _gain as gain
from tests.legendary.test_reloaded_ship_captains import _pool as pool
from tests.legendary.test_reloaded_ship_captains import puts
from tests.legendary.test_revolutions_link import check_coordinated_copy, check_group, game

GROUP = "defenders_of_zion"
GUNS = "defenders_of_zion_feed_the_guns"
GOTCHA = "defenders_of_zion_gotcha"
SWEEP = "defenders_of_zion_sweep_the_dock"
GATE = "defenders_of_zion_the_gate_opens"
CARDS = (GUNS, GOTCHA, SWEEP, GATE)

DB: CardDB = load_db()


def strikes(sc, seat: int) -> list[int]:
    return pile(sc, f"p{seat}.strikes")


# --- the data --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-19")
def test_defenders_are_14_cards_in_the_5_5_3_1_shape_on_range_and_strength_on_the_curve_and_dealt():
    check_group(GROUP, CARDS, {"range", "strength"})
    gotcha = DB.cards[GOTCHA]
    assert gotcha.name == "Gotcha" and "coordinate" in gotcha.keywords


@pytest.mark.rule("LE-CARD-27")
def test_gotchas_heal_is_its_players_own():
    heals = [e for e in hero_effects(DB.cards[GOTCHA]) if e.verb == "heal_strike"]
    assert [(e.who, e.amount) for e in heals] == [("self", 1)]


# --- every card in play ----------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-14", "LE-ACTION-04")
def test_feed_the_guns_range_adds_a_burst_of_attack():
    c = DB.cards[GUNS]
    bonus = gain(c.class_ability.effects, "gain_attack")
    sc = game(GROUP, puts("p0.hand", a=GUNS, b=GUNS))
    accept(sc, "play $a")
    assert pool(sc) == (0, c.attack)  # no earlier Range Hero
    accept(sc, "play $b")
    assert bonus > 0 and pool(sc) == (0, 2 * c.attack + bonus)


@pytest.mark.rule("LE-STRIKE-07", "LE-KEYWORD-14")
def test_gotcha_heals_your_strike_and_strength_adds_attack():
    c = DB.cards[GOTCHA]
    sc = game(GROUP, puts("p0.strikes", hurt="strike_split_lip")
              + puts("p1.strikes", other="strike_bullet_graze") + puts("p0.hand", a=GOTCHA, b=GOTCHA))
    accept(sc, "play $a")
    assert strikes(sc, 0) == [] and sc.ref("hurt") in pile(sc, "strike_discard")
    assert strikes(sc, 1) == [sc.ref("other")]  # only your own Strike
    assert pool(sc) == (0, c.attack)
    accept(sc, "play $b")  # nothing left to heal; Strength is on
    assert pool(sc) == (0, 2 * c.attack + gain(c.class_ability.effects, "gain_attack"))
    assert strikes(sc, 1) == [sc.ref("other")]


@pytest.mark.rule("LE-ABILITY-07", "LE-KEYWORD-14")
def test_sweep_the_dock_defeats_every_face_up_enemy_with_little_attack_everywhere():
    c = DB.cards[SWEEP]
    limit = next(e.max_attack for e in c.effects if e.verb == "defeat_all")
    weak = {"clerk": "pots_security_desk_clerk", "manager": "pots_office_manager",
            "watchman": "pots_night_watchman"}
    assert all(DB.cards[d].attack <= limit for d in weak.values())
    assert DB.cards["pots_riot_squad_officer"].attack > limit
    sc = game(GROUP, "put pots_security_desk_clerk row.0 up as clerk\n"
              "put pots_office_manager combat up as manager\n"
              "put pots_night_watchman real_world up as watchman\n"
              "put pots_patrol_officer row.2 down as hidden\n"
              "put pots_riot_squad_officer row.3 up as strong\n" + puts("p0.hand", gun=GUNS, s=SWEEP))
    s = sc.game.state
    accept(sc, "play $gun")
    accept(sc, "play $s")
    settle(sc)
    for name in weak:
        assert s.where(sc.ref(name)) == "defeated_enemies", name
    assert s.where(sc.ref("hidden")) == "row.2"  # face down: untouched (LE-ABILITY-07)
    assert s.where(sc.ref("strong")) == "row.3"  # too much Attack
    assert pool(sc) == (0, DB.cards[GUNS].attack + c.attack + gain(c.class_ability.effects, "gain_attack"))


@pytest.mark.rule("LE-ABILITY-07")
def test_defeat_all_filters_by_attack_and_area_as_well_as_descriptor():
    sc = game(GROUP, "put pots_security_desk_clerk row.0 up as row_weak\n"
              "put pots_office_manager combat up as cz_weak\n"
              "put sewer_sentinel real_world up as rw_machine\n"
              "put pots_riot_squad_officer row.1 up as row_strong\n")
    s = sc.game.state
    sc.line("effect 0 defeat_all max_attack=2 where=matrix_row")
    assert s.where(sc.ref("row_weak")) == "defeated_enemies"
    assert s.where(sc.ref("cz_weak")) == "combat"  # another area
    assert s.where(sc.ref("row_strong")) == "row.1"  # too much Attack
    sc.line("effect 0 defeat_all descriptor=Machine where=combat_zone")
    assert s.where(sc.ref("rw_machine")) == "real_world"  # a Machine, but in the Real World
    sc.line("effect 0 defeat_all descriptor=Machine where=real_world")
    assert s.where(sc.ref("rw_machine")) == "defeated_enemies"
    assert s.where(sc.ref("cz_weak")) == "combat"  # not a Machine


@pytest.mark.rule("LE-STRIKE-07", "LE-TIMING-07", "LE-KEYWORD-14")
def test_the_gate_opens_heals_a_strike_of_each_player_and_strength_adds_attack():
    c = DB.cards[GATE]
    sc = game(GROUP, "put strike_split_lip p0.strikes as mine\nput strike_bullet_graze p1.strikes as b1\n"
              "put strike_cracked_ribs p2.strikes as b2\nput strike_split_lip p1.strikes as b1_again\n"
              + puts("p0.hand", first=GOTCHA, gate=GATE), players=3)
    accept(sc, "play $first")  # heals seat 0's Strike and switches Strength on
    assert strikes(sc, 0) == []
    accept(sc, "play $gate")
    settle(sc)
    assert strikes(sc, 0) == [] and strikes(sc, 2) == []
    assert len(strikes(sc, 1)) == 1  # one Strike each, not all of them
    assert pool(sc) == (0, DB.cards[GOTCHA].attack + c.attack + gain(c.class_ability.effects, "gain_attack"))


@pytest.mark.rule("LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-03")
@pytest.mark.parametrize("card_id", [c for c in CARDS if "coordinate" in DB.cards[c].keywords])
def test_every_coordinate_card_is_coordinated_and_played_as_a_copy(card_id):
    check_coordinated_copy(GROUP, card_id)


# --- Gotcha: LE-CARD-27 ----------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-27", "LE-KEYWORD-02", "LE-KEYWORD-03")
def test_le_card_27_a_coordinated_gotcha_heals_the_player_of_the_copy_not_its_owner():
    sc = game(GROUP, puts("p0.strikes", active_hurt="strike_split_lip")
              + puts("p1.strikes", owner_hurt="strike_bullet_graze") + puts("p1.hand", g=GOTCHA))
    accept(sc, "@1 coordinate $g")
    accept(sc, "play $g")
    settle(sc)
    assert strikes(sc, 0) == [] and sc.ref("active_hurt") in pile(sc, "strike_discard")
    assert strikes(sc, 1) == [sc.ref("owner_hurt")]
    accept(sc, "end")
    assert sc.ref("g") in pile(sc, "p1.discard")


@pytest.mark.rule("LE-CARD-27")
def test_le_card_27_a_coordinated_gotcha_never_heals_its_owner_even_with_nothing_else_to_heal():
    sc = game(GROUP, puts("p1.strikes", owner_hurt="strike_bullet_graze") + puts("p1.hand", g=GOTCHA),
              players=3)
    accept(sc, "@1 coordinate $g")
    accept(sc, "play $g")
    assert sc.game.state.decision is None
    assert strikes(sc, 1) == [sc.ref("owner_hurt")] and strikes(sc, 0) == []
    assert pool(sc) == (0, DB.cards[GOTCHA].attack)


@pytest.mark.rule("LE-CARD-27", "LE-KEYWORD-04")
def test_le_card_27_each_copy_of_gotcha_heals_the_active_player_whoever_coordinated_it():
    sc = game(GROUP, "put strike_split_lip p0.strikes as s1\nput strike_bullet_graze p0.strikes as s2\n"
              "put strike_cracked_ribs p1.strikes as p1_hurt\nput strike_split_lip p2.strikes as p2_hurt\n"
              + puts("p1.hand", g1=GOTCHA) + puts("p2.hand", g2=GOTCHA), players=3)
    accept(sc, "@1 coordinate $g1")
    accept(sc, "@2 coordinate $g2")
    accept(sc, "play $g1")
    settle(sc)
    accept(sc, "play $g2")
    settle(sc)
    assert strikes(sc, 0) == []
    assert strikes(sc, 1) == [sc.ref("p1_hurt")] and strikes(sc, 2) == [sc.ref("p2_hurt")]
    # Strength is on for the second copy: the first counts as a Strength Hero played this turn.
    g = DB.cards[GOTCHA]
    assert pool(sc) == (0, 2 * g.attack + gain(g.class_ability.effects, "gain_attack"))
