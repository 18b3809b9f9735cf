"""The Niobe Hero Group (cards/legendary/heroes_niobe.toml).

Data checks (the 5/5/3/1 shape, costs, classes, text against data, value against The Matrix's
groups), then every card is played in real engine games: the fixture film's table with the shipped
card in hand, and The Matrix's own table. I'll Handle Them lowers the Attack of every Enemy in play
this turn, also of Enemies revealed after it was played, never below 0 (LE-CARD-36). Numbers are
read from the card database, so a retune changes no test.
"""
from __future__ import annotations

import pytest

from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile
from tests.legendary.helpers import rejected as reject
from tests.legendary.revolutions_helpers import (
    SHIPPED,
    check_group_shape,
    check_group_style,
    check_group_value,
    check_played_alone,
    check_recruited_for_its_cost,
    gain,
    group_cards,
    matrix_film,
    pool,
)
from tests.legendary.test_reloaded_avatars import moves_available as moves_left

GID = "niobe"
STICK = "niobe_stick_and_throttle"
SHAFTS = "niobe_through_the_service_shafts"
HANDLE = "niobe_ill_handle_them"
RUN = "niobe_the_impossible_run"
CARDS = group_cards(GID)


def card(cid: str) -> HeroCard:
    return SHIPPED.cards[cid]


def less() -> int:
    """How much Attack I'll Handle Them takes from every Enemy."""
    (fx,) = [e for e in card(HANDLE).effects if e.verb == "reduce_enemy_attack"]
    return fx.amount


def nested_gain(cid: str, verb: str, what: str) -> int:
    (fx,) = [e for e in card(cid).effects if e.verb == verb]
    return gain(fx.effects, what)


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
@pytest.mark.rule("LE-FILMS-08")
def test_niobe_is_14_cards_in_the_5_5_3_1_shape_and_cost_bands():
    check_group_shape(GID, [STICK, SHAFTS, HANDLE, RUN])
    assert card(HANDLE).name == "I'll Handle Them"  # the rulebook's named card


def test_niobe_leans_on_survival_and_tech_the_real_world_and_the_ship():
    assert {cls for c in CARDS for cls in c.classes} == {"survival", "tech"}
    assert all(c.class_ability.cls in ("survival", "tech") for c in CARDS if c.class_ability)
    verbs = {e.verb for c in CARDS for e in hero_effects(c)}
    assert {"extra_move", "move_to_real_world", "if_world", "reduce_enemy_attack"} <= verbs
    assert any(e.verb == "if_in_play_area" and e.group == "hovercraft" for e in card(RUN).effects)


@pytest.mark.rule("LE-ACTION-06")
def test_text_follows_the_style_guide_and_plus_marks_match_the_data():
    check_group_style(GID)
    assert f"has {less()} less Attack this turn, also those revealed later this turn" in card(HANDLE).text
    assert "never below 0" in card(HANDLE).text
    assert f"Hovercraft in play, +{nested_gain(RUN, 'if_in_play_area', 'attack')} Attack" in card(RUN).text
    assert "Once this turn: Move any player to the Real World." in card(RUN).text


@pytest.mark.parametrize("with_class", [False, True])
def test_value_per_cost_is_within_the_matrix_groups_range(with_class):
    check_group_value(GID, with_class)


# --- every card in play ---------------------------------------------------------------------------


@pytest.mark.rule("LE-RECRUIT-01", "LE-RECRUIT-04")
@pytest.mark.parametrize("cid", [STICK, SHAFTS, HANDLE, RUN])
def test_each_card_is_recruited_from_the_dock_for_its_cost(scenario, cid):
    check_recruited_for_its_cost(scenario, cid)


@pytest.mark.rule("LE-ACTION-04", "LE-ACTION-07")
@pytest.mark.parametrize("cid", [STICK, SHAFTS, HANDLE, RUN])
def test_each_card_played_alone_in_the_matrix_adds_its_printed_numbers(scenario, cid):
    """No class ability, no Real World bonus, no Hovercraft in play: the printed numbers only."""
    check_played_alone(scenario, cid, "matrix")


@pytest.mark.rule("LE-MOVE-02", "LE-MOVE-11")
@pytest.mark.parametrize(("played", "moves"), [(0, 0), (1, 1), (2, 2)])
def test_stick_and_throttle_gives_an_extra_move_each(scenario, played, moves):
    """Each copy one extra move; out of the Matrix too, without a phone (the Row has none here)."""
    sc = scenario(f"""
active 0
world 0 matrix
hand 0 {' '.join([STICK] * played)}
""")
    for cid in list(pile(sc, "p0.hand")):
        accept(sc, f"play {cid}")
    assert pool(sc) == (played * card(STICK).recruit, 0)
    assert moves_left(sc) == moves


@pytest.mark.rule("LE-TERM-06")
def test_stick_and_throttle_recruits_more_with_a_hovercraft_in_play(scenario):
    """A Hovercraft played earlier this turn, or the copy of a teammate's Coordinated one."""
    ship = "hovercraft_logos"
    bonus = nested_gain(STICK, "if_in_play_area", "recruit")
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {ship} {STICK}
""")
    accept(sc, f"play ${ship}")
    accept(sc, f"play ${STICK}")
    assert pool(sc) == (card(ship).recruit + card(STICK).recruit + bonus, card(ship).attack)
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 1 {ship}
hand 0 {STICK}
""")
    accept(sc, f"@1 coordinate ${ship}")  # seat 1 sets its Hovercraft aside on seat 0's turn
    accept(sc, f"play ${ship}")  # seat 0 plays the virtual copy
    accept(sc, f"play ${STICK}")
    assert sc.game.state.turn.recruit == card(ship).recruit + card(STICK).recruit + bonus


@pytest.mark.rule("LE-KEYWORD-14")
@pytest.mark.parametrize("world", ["real", "matrix"])
@pytest.mark.parametrize("tech_first", [False, True])
def test_through_the_service_shafts_attack_in_the_real_world_and_tech_recruit(scenario, world, tech_first):
    """The Real World bonus only from the Real World; the Tech bonus only after the Tech Hovercraft."""
    ship = "hovercraft_nebuchadnezzar"
    sc = scenario(f"""
active 0
world 0 {world}
pool recruit=0 attack=0
hand 0 {ship if tech_first else ''} {SHAFTS}
""")
    if tech_first:
        accept(sc, f"play ${ship}")
    accept(sc, f"play ${SHAFTS}")
    c = card(SHAFTS)
    real_bonus = nested_gain(SHAFTS, "if_world", "attack")
    tech_bonus = gain(c.class_ability.effects, "recruit")
    assert real_bonus > 0 and tech_bonus > 0
    ship_recruit = card(ship).recruit if tech_first else 0
    assert pool(sc) == (ship_recruit + c.recruit + (tech_bonus if tech_first else 0),
                        c.attack + (real_bonus if world == "real" else 0))


@pytest.mark.rule("LE-CARD-36", "LE-FIGHT-03")
def test_ill_handle_them_lowers_every_enemy_in_play_in_each_area(scenario):
    """Combat Zone, Matrix Row and Real World: each costs less to fight, and the pool pays that."""
    sc = scenario(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put agent_brown combat as agent
put agent_jones row.2 up as in_row
put sentinel_scout p0.beside as scout
hand 0 {HANDLE}
""")
    accept(sc, f"play ${HANDLE}")
    a = card(HANDLE).attack
    assert pool(sc) == (0, a)
    need = card("agent_brown").attack - less()
    assert need <= a
    accept(sc, "fight $agent")
    assert sc.ref("agent") in pile(sc, "defeated_enemies") and pool(sc) == (0, a - need)
    sc.line(f"pool recruit=0 attack={card('agent_jones').attack - less()}")
    accept(sc, "fight $in_row")
    sc.line("world 0 real")
    sc.line(f"pool recruit=0 attack={card('sentinel_scout').attack - less() - 1}")
    reject(sc, "fight $scout", "LE-FIGHT-03")  # lowered, not gone
    sc.line(f"pool recruit=0 attack={card('sentinel_scout').attack - less()}")
    accept(sc, "fight $scout")
    assert {sc.ref("in_row"), sc.ref("scout")} <= set(pile(sc, "defeated_enemies"))
    assert pool(sc) == (0, 0)


@pytest.mark.rule("LE-CARD-36", "LE-SCAN-01")
def test_ill_handle_them_also_lowers_an_enemy_revealed_later_this_turn(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put agent_brown row.3 down as hidden
hand 0 {HANDLE}
""")
    accept(sc, f"play ${HANDLE}")
    assert sc.ref("hidden") not in sc.game.state.face_up
    sc.line("pool recruit=0 attack=10")
    accept(sc, "scan 3")
    assert sc.ref("hidden") in sc.game.state.face_up
    sc.line(f"pool recruit=0 attack={card('agent_brown').attack - less()}")
    accept(sc, "fight $hidden")
    assert sc.ref("hidden") in pile(sc, "defeated_enemies") and pool(sc) == (0, 0)


@pytest.mark.rule("LE-CARD-36")
def test_ill_handle_them_never_takes_attack_below_0(scenario):
    """An Enemy of 1 Attack costs 0 to fight, not -1: fighting it gives no Attack back."""
    weak = card("pots_office_manager").attack
    assert weak < less()
    sc = scenario(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put pots_office_manager combat as clerk
hand 0 {HANDLE}
""")
    accept(sc, f"play ${HANDLE}")
    accept(sc, "fight $clerk")
    assert sc.ref("clerk") in pile(sc, "defeated_enemies")
    assert pool(sc) == (0, card(HANDLE).attack)


@pytest.mark.rule("LE-CARD-36", "LE-KEYWORD-14")
def test_ill_handle_them_copies_add_up_and_the_second_gets_its_survival_bonus(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put {HANDLE} p0.hand as one
put {HANDLE} p0.hand as two
""")
    accept(sc, "play $one")
    accept(sc, "play $two")
    assert sc.game.state.turn.attack_reduction == 2 * less()
    assert pool(sc) == (0, 2 * card(HANDLE).attack + gain(card(HANDLE).class_ability.effects, "attack"))


@pytest.mark.rule("LE-CARD-36")
def test_ill_handle_them_lasts_only_this_turn(scenario):
    """The next player fights the same Enemy at its full Attack."""
    sc = scenario(f"""
active 0
world 0 matrix
world 1 matrix
pool recruit=0 attack=0
put agent_brown row.2 up as agent
hand 0 {HANDLE}
""")
    accept(sc, f"play ${HANDLE}")
    # Every seat's view shows it, so the table can mark the lowered Enemies.
    assert [sc.game.observe(seat)["enemy_attack_reduction"] for seat in (0, 1)] == [less(), less()]
    accept(sc, "end")
    while sc.game.state.decision is not None:
        accept(sc, "choose 0")
    s = sc.game.state
    assert s.active == 1 and s.turn.attack_reduction == 0
    assert sc.game.observe(1)["enemy_attack_reduction"] == 0
    assert s.where(sc.ref("agent")).startswith(("row.", "combat"))  # still in play, face up
    sc.line("world 1 matrix")
    sc.line(f"pool recruit=0 attack={card('agent_brown').attack - 1}")
    reject(sc, "fight $agent", "LE-FIGHT-03")
    sc.line(f"pool recruit=0 attack={card('agent_brown').attack}")
    accept(sc, "fight $agent")


@pytest.mark.rule("LE-ACTION-08", "LE-MOVE-12", "LE-ABILITY-04")
def test_the_impossible_run_hovercraft_attack_tech_recruit_and_pulls_a_player_out(scenario):
    ship = "hovercraft_nebuchadnezzar"  # a Tech Hovercraft: both conditions at once
    sc = scenario(f"""
active 0
world 0 matrix
world 1 matrix
pool recruit=0 attack=0
hand 0 {ship} {RUN}
""")
    accept(sc, f"play ${ship}")
    accept(sc, f"play ${RUN}")
    c = card(RUN)
    assert pool(sc) == (card(ship).recruit + c.recruit + gain(c.class_ability.effects, "recruit"),
                        c.attack + nested_gain(RUN, "if_in_play_area", "attack"))
    accept(sc, f"use ${RUN}")
    accept(sc, "choose 1")
    assert [p.in_matrix for p in sc.game.state.players] == [True, False]
    reject(sc, f"use ${RUN}", "LE-ACTION-08")


# --- in The Matrix's own game -------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-36", "LE-FIGHT-02")
def test_in_the_matrix_film_niobe_flies_out_and_handles_the_sentinels():
    """On The Matrix's table, He is The One: from the Real World, with the Logos in play, Niobe's
    cards bring down the Sentinel Swarm and the Sentinel Scout beside her ship in one turn."""
    sc = matrix_film(f"""
act 3 1
active 0
world 0 real
pool recruit=0 attack=0
put sentinel_swarm real_world as swarm
put sentinel_scout p0.beside as scout
hand 0 hovercraft_logos {SHAFTS} {HANDLE} {RUN}
""")
    for cid in ("hovercraft_logos", SHAFTS, HANDLE, RUN):
        accept(sc, f"play ${cid}")
    swarm = card("sentinel_swarm").attack - less()
    scout = card("sentinel_scout").attack - less()
    assert sc.game.state.turn.attack >= swarm + scout
    before = sc.game.state.turn.attack
    accept(sc, "fight $swarm")
    accept(sc, "fight $scout")
    assert {sc.ref("swarm"), sc.ref("scout")} <= set(pile(sc, "defeated_enemies"))
    assert sc.game.state.turn.attack == before - swarm - scout
