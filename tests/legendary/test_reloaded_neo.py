"""The Neo (Reloaded) Hero Group (cards/legendary/heroes_neo_reloaded.toml).

Data checks (the 5/5/3/1 shape, costs, classes, Neo Heroes, text against data, value against The
Matrix's groups), then every card is played in real engine games: the fixture film's table with the
shipped card in hand, and The Matrix's own table against its Enemies. Numbers are read from the card
database, so a retune changes no test.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile
from tests.legendary.helpers import rejected as reject
from tests.legendary.revolutions_helpers import check_recruited_for_its_cost, gain, ratio, value

GID = "neo_reloaded"
BULLETS = "neo_reloaded_stops_the_bullets"
FLIGHT = "neo_reloaded_takes_flight"
HUNDRED = "neo_reloaded_one_against_a_hundred"
CRASH = "neo_reloaded_caught_before_the_crash"
# The Matrix's groups, the yardstick for this one's value.
MATRIX_GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew", "neo_the_matrix")

SHIPPED: CardDB = load_db()
CARDS: list[HeroCard] = sorted((c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == GID),
                               key=lambda c: (-c.copies, c.cost))


def card(cid: str) -> HeroCard:
    return SHIPPED.cards[cid]


def _class_attack(cid: str) -> int:
    return gain(card(cid).class_ability.effects, "attack")


def _pool(sc: Scenario) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def _matrix_film(text: str) -> Scenario:
    """A table of the shipped film The Matrix (Thomas Anderson and Morpheus), Row and Combat Zone
    cleared, then ``text``."""
    head = ("setup avatars=thomas_anderson_neo,morpheus_the_matrix "
            "acts=what_is_the_matrix,know_thyself,he_is_the_one "
            "groups=morpheus_the_matrix,trinity_the_matrix,tank,nebuchadnezzar_crew seed=3\n"
            "empty row.0 row.1 row.2 row.3 row.4 combat\n")
    return Scenario.from_text(head + text, SHIPPED)


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
def test_neo_reloaded_is_14_cards_in_the_5_5_3_1_shape_and_cost_bands():
    assert [c.copies for c in CARDS] == [5, 5, 3, 1]
    assert [c.id for c in CARDS] == [BULLETS, FLIGHT, HUNDRED, CRASH]
    assert len({c.name for c in CARDS}) == 4
    commons, uncommon, rare = CARDS[:2], CARDS[2], CARDS[3]
    assert all(2 <= c.cost <= 4 for c in commons)
    assert 5 <= uncommon.cost <= 6
    assert 7 <= rare.cost <= 8
    # A standard Zion group of its film, not an Extra.
    assert all(c.deck == f"group:{GID}" and not c.extra and c.id.startswith(f"{GID}_") for c in CARDS)


def test_neo_reloaded_leans_on_strength_and_range_and_still_recruits():
    assert {cls for c in CARDS for cls in c.classes} == {"strength", "range"}
    assert all(c.class_ability.cls in ("strength", "range") for c in CARDS if c.class_ability)
    assert any(c.recruit for c in CARDS)
    # One idea: defeats in the Matrix Row from the air, and many Attack from few cards.
    assert any(e.verb == "defeat_enemy" and e.where == "matrix_row" for c in CARDS for e in hero_effects(c))
    assert max(c.attack + _class_attack(c.id) for c in CARDS if c.class_ability) >= 7


def test_every_neo_reloaded_card_is_a_neo_hero_like_neo_the_matrix():
    """The Source Part 3 counts Neo Heroes: cards of a Neo group. Each group id names its
    character first, as Neo (The Matrix)'s does."""
    neo_groups = {c.group for c in SHIPPED.cards.values() if c.kind == "hero" and c.group.startswith("neo_")}
    assert {"neo_the_matrix", GID} <= neo_groups
    assert all(c.group == GID for c in CARDS)


@pytest.mark.rule("LE-ACTION-06")
def test_text_follows_the_style_guide_and_plus_marks_match_the_data():
    for c in CARDS:
        verbs = {e.verb for e in hero_effects(c)}
        assert c.recruit_plus == ("gain_recruit" in verbs), c.id
        assert c.attack_plus == ("gain_attack" in verbs), c.id
        assert c.text.strip().endswith("."), c.id
        assert c.flavor and len(c.flavor.split()) <= 9, c.id
        assert not c.keywords, c.id  # no keyword, so no reminder text is needed
        if c.class_ability:
            assert f"{c.class_ability.cls.title()}: +{_class_attack(c.id)} Attack." in c.text, c.id
        if c.once_this_turn:
            assert "Once this turn: Move" in c.text, c.id
    assert f"with {card(FLIGHT).effects[0].max_attack} Attack or less" in card(FLIGHT).text


@pytest.mark.parametrize("with_class", [False, True])
def test_value_per_cost_is_within_the_matrix_groups_range(with_class):
    """More Attack from few cards, but no more value per Cost than The Matrix's best group (5% slack
    for rounding), and no less than its weakest."""
    theirs = [ratio([c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == g], with_class)
              for g in MATRIX_GROUPS]
    ours = ratio(CARDS, with_class)
    assert min(theirs) <= ours <= max(theirs) * 1.05, (ours, theirs)
    # No card gives more than its Cost, even with its class ability (the curve is about Cost-1).
    for c in CARDS:
        assert value(c, True) <= c.cost, c.id


# --- every card in play ---------------------------------------------------------------------------


@pytest.mark.rule("LE-RECRUIT-01", "LE-RECRUIT-04")
@pytest.mark.parametrize("cid", [BULLETS, FLIGHT, HUNDRED, CRASH])
def test_each_card_is_recruited_from_the_dock_for_its_cost(scenario, cid):
    check_recruited_for_its_cost(scenario, cid)


@pytest.mark.rule("LE-ACTION-04", "LE-ACTION-07")
@pytest.mark.parametrize("cid", [BULLETS, FLIGHT, HUNDRED, CRASH])
def test_each_card_played_alone_adds_its_printed_numbers(scenario, cid):
    c = card(cid)
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
hand 0 {cid}
""")
    accept(sc, f"play ${cid}")
    assert sc.game.state.decision is None  # nothing to choose on an empty table
    assert _pool(sc) == (c.recruit, c.attack)  # first card of the turn: no class ability
    assert sc.ref(cid) in pile(sc, "p0.play") and not sc.game.state.turn.class_used


@pytest.mark.rule("LE-STRIKE-09")
def test_stops_the_bullets_avoids_the_combat_zones_strike_at_the_end_of_the_turn(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
put pots_patrol_officer combat as cop
put strike_bullet_graze strikes down as st
hand 0 {BULLETS}
""")
    strikes = list(pile(sc, "strikes"))
    accept(sc, f"play ${BULLETS}")
    assert sc.game.state.players[0].avoid == 1 and _pool(sc) == (card(BULLETS).recruit, 0)
    res = accept(sc, "end")
    assert [e.data["seat"] for e in res.events if e.kind == "strike_avoided"] == [0]
    assert not [e for e in res.events if e.kind == "strike_drawn"]
    assert pile(sc, "strikes") == strikes and not pile(sc, "p0.strikes")


@pytest.mark.rule("LE-ABILITY-04", "LE-ABILITY-07")
def test_takes_flight_defeats_in_the_matrix_row_only_face_up_and_weak_enough(scenario):
    limit = card(FLIGHT).effects[0].max_attack
    sc = scenario(f"""
active 0
world 0 matrix
put pots_riot_squad_officer row.1 up as weak
put agent_brown row.2 up as strong
put pots_night_watchman row.3 down as hidden
put pots_patrol_officer combat as near
hand 0 {FLIGHT}
""")
    assert card("pots_riot_squad_officer").attack <= limit < card("agent_brown").attack
    accept(sc, f"play ${FLIGHT}")
    assert sc.ref("weak") in pile(sc, "defeated_enemies")
    assert sc.ref("strong") in pile(sc, "row.2")
    assert sc.ref("hidden") in pile(sc, "row.3")  # face down: out of reach (LE-ABILITY-07)
    assert sc.ref("near") in pile(sc, "combat")  # the Combat Zone is not the Row
    assert _pool(sc) == (0, card(FLIGHT).attack)


@pytest.mark.rule("LE-ABILITY-04")
def test_takes_flight_lets_the_active_player_pick_among_row_enemies(scenario):
    sc = scenario(f"""
active 0
put pots_night_watchman row.0 up as a
put pots_patrol_officer row.4 up as b
hand 0 {FLIGHT}
""")
    accept(sc, f"play ${FLIGHT}")
    assert sc.game.state.decision is not None and sc.game.state.decision.seat == 0
    accept(sc, "choose 1")
    assert sc.ref("b") in pile(sc, "defeated_enemies") and sc.ref("a") in pile(sc, "row.0")


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-15")
def test_takes_flight_range_bonus_needs_an_earlier_range_hero(scenario):
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
put {FLIGHT} p0.hand as f1
put {FLIGHT} p0.hand as f2
put {FLIGHT} p0.hand as f3
""")
    a = card(FLIGHT).attack
    accept(sc, "play $f1")
    assert _pool(sc) == (0, a)  # the first Range Hero: no bonus
    accept(sc, "play $f2")
    assert _pool(sc) == (0, 2 * a + _class_attack(FLIGHT))
    accept(sc, "play $f3")  # each copy's own ability once (LE-KEYWORD-15)
    assert _pool(sc) == (0, 3 * a + 2 * _class_attack(FLIGHT))


@pytest.mark.rule("LE-KEYWORD-14")
def test_one_against_a_hundred_strength_bonus_after_stops_the_bullets(scenario):
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
put {HUNDRED} p0.hand as alone
put {BULLETS} p0.hand as primer
put {HUNDRED} p0.hand as backed
""")
    accept(sc, "play $alone")
    assert _pool(sc) == (0, card(HUNDRED).attack)  # no Strength Hero before it
    accept(sc, "play $primer")
    accept(sc, "play $backed")
    assert _pool(sc) == (card(BULLETS).recruit, 2 * card(HUNDRED).attack + _class_attack(HUNDRED))


@pytest.mark.rule("LE-ACTION-08", "LE-MOVE-11")
def test_one_against_a_hundred_flies_out_of_the_matrix_once_without_a_phone(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
put pots_night_watchman row.0 down
put pots_night_watchman row.2 down as w2
hand 0 {HUNDRED}
""")
    reject(sc, f"use ${HUNDRED}", "LE-ACTION-08")  # not played yet
    accept(sc, f"play ${HUNDRED}")
    assert sc.game.state.players[0].in_matrix  # it waits until used, any time this Action Phase
    reject(sc, "move real", "LE-MOVE-06")  # the phones are covered
    accept(sc, f"use ${HUNDRED}")
    assert not sc.game.state.players[0].in_matrix
    reject(sc, f"use ${HUNDRED}", "LE-ACTION-08")


@pytest.mark.rule("LE-STRIKE-07", "LE-ABILITY-04")
def test_caught_before_the_crash_heals_a_strike_of_the_player_you_choose(scenario):
    sc = scenario(f"""
active 0
put strike_bullet_graze p0.strikes as mine
put strike_split_lip p1.strikes as theirs
hand 0 {CRASH}
""")
    accept(sc, f"play ${CRASH}")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and len(d.options) == 2
    accept(sc, "choose 1")
    assert sc.ref("theirs") in pile(sc, "strike_discard")
    assert sc.ref("mine") in pile(sc, "p0.strikes")
    assert _pool(sc) == (0, card(CRASH).attack)


@pytest.mark.rule("LE-ACTION-08", "LE-MOVE-12", "LE-ABILITY-04")
def test_caught_before_the_crash_once_this_turn_pulls_any_player_out(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
world 1 matrix
hand 0 {CRASH}
""")
    accept(sc, f"play ${CRASH}")
    accept(sc, f"use ${CRASH}")
    accept(sc, "choose 1")
    assert [p.in_matrix for p in sc.game.state.players] == [True, False]
    reject(sc, f"use ${CRASH}", "LE-ACTION-08")


@pytest.mark.rule("LE-KEYWORD-14")
def test_the_rare_is_both_classes_its_range_bonus_and_its_strength_for_the_next(scenario):
    """Caught Before the Crash is Range and Strength: after Takes Flight it gets its Range bonus, and
    it switches on One Against a Hundred's Strength bonus."""
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {FLIGHT} {CRASH} {HUNDRED}
""")
    accept(sc, f"play ${FLIGHT}")
    accept(sc, f"play ${CRASH}")
    assert _pool(sc) == (0, card(FLIGHT).attack + card(CRASH).attack + _class_attack(CRASH))
    accept(sc, f"play ${HUNDRED}")
    total = sum(card(x).attack for x in (FLIGHT, CRASH, HUNDRED))
    total += _class_attack(CRASH) + _class_attack(HUNDRED)
    assert _pool(sc) == (0, total)
    assert sc.game.state.turn.class_used == [sc.ref(CRASH), sc.ref(HUNDRED)]


# --- in The Matrix's own game -------------------------------------------------------------------------


@pytest.mark.rule("LE-FIGHT-02", "LE-ABILITY-07")
def test_in_the_matrix_film_the_group_clears_the_row_and_beats_an_agent(scenario):
    """On The Matrix's table: flight drops the police on the rooftop, then the brawl's Attack beats
    Agent Brown in the Combat Zone."""
    sc = _matrix_film(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put rooftop_police row.3 up as police
put agent_brown combat as agent
hand 0 {BULLETS} {FLIGHT} {HUNDRED}
""")
    accept(sc, f"play ${FLIGHT}")
    assert sc.ref("police") in pile(sc, "defeated_enemies")
    accept(sc, f"play ${BULLETS}")
    accept(sc, f"play ${HUNDRED}")
    attack = card(FLIGHT).attack + card(HUNDRED).attack + _class_attack(HUNDRED)
    assert _pool(sc) == (card(BULLETS).recruit, attack)
    assert attack >= card("agent_brown").attack
    accept(sc, "fight $agent")
    assert sc.ref("agent") in pile(sc, "defeated_enemies")
    assert _pool(sc) == (card(BULLETS).recruit, attack - card("agent_brown").attack)
