"""The Neo (Revolutions) Hero Group (cards/legendary/heroes_neo_revolutions.toml).

Data checks (the 5/5/3/1 shape, costs, classes, text against data, value against The Matrix's
groups), then every card is played in real engine games: the fixture film's table with the shipped
card in hand, and The Matrix's own table against its Enemies. I Have Beaten You Before defeats an
Enemy with Smith in its name even when it cannot be fought (LE-CARD-19): a stand-in Smith shows it
until Everything That Has a Beginning brings the five real ones. Numbers are read from the card
database, so a retune changes no test.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard
from tests.legendary.conftest import FIXTURE_CARDS, setup_line
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
    db_with_stand_in_smith,
    gain,
    group_cards,
    matrix_film,
    pool,
)

GID = "neo_revolutions"
LIGHT = "neo_revolutions_lines_of_light"
BLIND = "neo_revolutions_fighting_blind"
ROAD = "neo_revolutions_road_to_the_machine_city"
BEATEN = "neo_revolutions_i_have_beaten_you_before"
CARDS = group_cards(GID)


def card(cid: str) -> HeroCard:
    return SHIPPED.cards[cid]


def class_attack(cid: str) -> int:
    return gain(card(cid).class_ability.effects, "attack")


def neo_bonus(cid: str) -> int:
    """The Attack a card adds beside another Neo (Revolutions) Hero in play."""
    got = [e for e in card(cid).effects if e.verb == "if_in_play_area"]
    assert len(got) == 1 and got[0].group == GID and got[0].other, cid
    return gain(got[0].effects, "attack")


@pytest.fixture(scope="module")
def smith_db(tmp_path_factory) -> CardDB:
    """The shipped cards, the fixture film and the stand-in Smith that cannot be fought."""
    return db_with_stand_in_smith(tmp_path_factory.mktemp("smith"), FIXTURE_CARDS)


def smith_table(db: CardDB, text: str) -> Scenario:
    return Scenario.from_text(f"{setup_line()}\nempty row.0 row.1 row.2 row.3 row.4 combat\n{text}", db)


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
@pytest.mark.rule("LE-FILMS-08")
def test_neo_revolutions_is_14_cards_in_the_5_5_3_1_shape_and_cost_bands():
    check_group_shape(GID, [LIGHT, BLIND, ROAD, BEATEN])
    # The rulebook's named card keeps its name (CONTENT.md places it here).
    assert card(BEATEN).name == "I Have Beaten You Before"


def test_neo_revolutions_leans_on_strength_and_intellect_and_is_a_neo_group():
    assert {cls for c in CARDS for cls in c.classes} == {"strength", "intellect"}
    assert all(c.class_ability.cls in ("strength", "intellect") for c in CARDS if c.class_ability)
    assert any(c.recruit for c in CARDS)
    # One idea: grows beside another Neo (Revolutions) Hero, and counts against the Smiths.
    assert sum(1 for c in CARDS for e in c.effects if e.verb == "if_in_play_area" and e.other) == 2
    smith = [e for e in hero_effects(card(BEATEN)) if e.verb == "defeat_enemy"]
    assert [(e.name_contains, e.descriptor, e.max_attack, e.where) for e in smith] == [
        ("Smith", None, None, "any")]
    # The Source Part 3 counts Neo Heroes by their group: its id names the character first.
    assert GID.startswith("neo_")


@pytest.mark.rule("LE-ACTION-06")
def test_text_follows_the_style_guide_and_plus_marks_match_the_data():
    check_group_style(GID)
    assert all(not c.once_this_turn and c.class_ability for c in CARDS)
    for cid in (BLIND, BEATEN):
        assert f"another Neo (Revolutions) Hero in play, +{neo_bonus(cid)} Attack" in card(cid).text
    assert "Act 3: +2 Attack" in card(ROAD).text and card(ROAD).effects[1].act == 3
    assert card(BEATEN).text.startswith(
        "Defeat the leftmost of the five Smiths, if they stand. Defeat an Enemy with Smith in its name, "
        "even one that cannot be fought.")


@pytest.mark.parametrize("with_class", [False, True])
def test_value_per_cost_is_within_the_matrix_groups_range(with_class):
    check_group_value(GID, with_class)


# --- every card in play ---------------------------------------------------------------------------


@pytest.mark.rule("LE-RECRUIT-01", "LE-RECRUIT-04")
@pytest.mark.parametrize("cid", [LIGHT, BLIND, ROAD, BEATEN])
def test_each_card_is_recruited_from_the_dock_for_its_cost(scenario, cid):
    check_recruited_for_its_cost(scenario, cid)


@pytest.mark.rule("LE-ACTION-04", "LE-ACTION-07")
@pytest.mark.parametrize("cid", [LIGHT, BLIND, ROAD, BEATEN])
def test_each_card_played_alone_adds_its_printed_numbers(scenario, cid):
    """Alone in play: no class ability, and no other Neo Hero, so no Neo bonus (its own copy does
    not count for itself)."""
    check_played_alone(scenario, cid, "real")


@pytest.mark.rule("LE-SCAN-03", "LE-KEYWORD-14")
def test_lines_of_light_scans_for_free_and_the_second_draws_a_card(scenario):
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
put pots_night_watchman row.1 down as far
put pots_night_watchman row.3 down as farther
hand 0
put {LIGHT} p0.hand as first
put {LIGHT} p0.hand as second
""")
    accept(sc, "play $first")
    d = sc.game.state.decision
    assert d is not None and len(d.options) == 2  # any face-down space, from the Real World
    accept(sc, "choose 1")
    assert sc.ref("farther") in sc.game.state.face_up and sc.ref("far") not in sc.game.state.face_up
    assert pool(sc) == (card(LIGHT).recruit, 0)  # the scan cost nothing
    deck = len(pile(sc, "p0.deck"))
    accept(sc, "play $second")  # the scan, then Intellect: draw a card
    assert sc.ref("far") in sc.game.state.face_up
    assert len(pile(sc, "p0.deck")) == deck - 1 and len(pile(sc, "p0.hand")) == 1
    assert sc.game.state.turn.class_used == [sc.ref("second")]


@pytest.mark.rule("LE-TERM-06", "LE-KEYWORD-14")
def test_fighting_blind_grows_beside_another_neo_hero_but_not_beside_itself(scenario):
    """The Neo bonus counts another Neo (Revolutions) Hero in play, not the card itself; the
    Strength bonus needs an earlier Strength Hero (Lines of Light is Intellect)."""
    a, bonus, strength = card(BLIND).attack, neo_bonus(BLIND), class_attack(BLIND)
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
put {BLIND} p0.hand as alone
""")
    accept(sc, "play $alone")
    assert pool(sc) == (0, a)  # its own copy in play does not count
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {LIGHT} {BLIND}
""")
    accept(sc, f"play ${LIGHT}")
    accept(sc, f"play ${BLIND}")
    assert pool(sc) == (card(LIGHT).recruit, a + bonus)  # Neo Hero, but not a Strength one
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
put {BLIND} p0.hand as one
put {BLIND} p0.hand as two
""")
    accept(sc, "play $one")
    accept(sc, "play $two")
    assert pool(sc) == (0, 2 * a + bonus + strength)  # another copy: both bonuses


@pytest.mark.rule("LE-TERM-06")
def test_other_neo_hero_counts_in_the_play_area_not_in_the_hand_or_discard(scenario):
    """Only Heroes played this turn count: a Neo Hero in hand or in the discard pile does not."""
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {BLIND} {LIGHT}
put {ROAD} p0.discard
""")
    accept(sc, f"play ${BLIND}")
    assert pool(sc) == (0, card(BLIND).attack)


@pytest.mark.rule("LE-TIMING-03", "LE-KEYWORD-14")
@pytest.mark.parametrize(("act", "extra"), [(1, 0), (2, 0), (3, 2)])
def test_road_to_the_machine_city_draws_and_gains_attack_in_act_3(scenario, act, extra):
    sc = scenario(f"""
act {act} 1
active 0
pool recruit=0 attack=0
hand 0 {ROAD}
""")
    deck = len(pile(sc, "p0.deck"))
    accept(sc, f"play ${ROAD}")
    assert pool(sc) == (0, card(ROAD).attack + extra)
    assert len(pile(sc, "p0.deck")) == deck - 1 and len(pile(sc, "p0.hand")) == 1


@pytest.mark.rule("LE-KEYWORD-14")
def test_road_to_the_machine_city_intellect_draws_a_second_card(scenario):
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
hand 0 {LIGHT} {ROAD}
""")
    accept(sc, f"play ${LIGHT}")
    deck = len(pile(sc, "p0.deck"))
    accept(sc, f"play ${ROAD}")
    assert len(pile(sc, "p0.deck")) == deck - 2
    assert pool(sc) == (card(LIGHT).recruit, card(ROAD).attack)  # no Neo bonus: it draws instead


@pytest.mark.rule("LE-CARD-19", "LE-FIGHT-08")
def test_i_have_beaten_you_before_defeats_a_smith_that_cannot_be_fought(smith_db):
    sc = smith_table(smith_db, f"""
active 0
world 0 matrix
pool recruit=0 attack=20
put stand_in_smith combat as smith
hand 0 {BEATEN}
""")
    reject(sc, "fight $smith", "LE-FIGHT-08")  # no Attack buys this fight
    accept(sc, f"play ${BEATEN}")
    assert sc.game.state.decision is None  # the only Smith: nothing to choose
    assert sc.ref("smith") in pile(sc, "defeated_enemies") and pile(sc, "combat") == []
    assert pool(sc) == (0, 20 + card(BEATEN).attack)


@pytest.mark.rule("LE-CARD-19", "LE-ABILITY-04", "LE-ABILITY-07")
def test_i_have_beaten_you_before_takes_one_smith_of_the_players_choice_and_no_one_else(smith_db):
    """Any Enemy with Smith in its name, wherever it is in play and face up; never an Enemy
    without it, and never a face-down card."""
    sc = smith_table(smith_db, f"""
active 0
world 0 matrix
put stand_in_smith row.1 up as row_smith
put agent_smith_interrogator row.3 up as agent_smith
put the_oracles_call_smith_copy row.4 down as hidden_smith
put agent_brown combat as agent
hand 0 {BEATEN}
""")
    accept(sc, f"play ${BEATEN}")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and len(d.options) == 2  # the two face-up Smiths
    accept(sc, "choose 1")
    assert sc.ref("agent_smith") in pile(sc, "defeated_enemies")
    assert pile(sc, "row.1") == [sc.ref("row_smith")] and pile(sc, "row.4") == [sc.ref("hidden_smith")]
    assert pile(sc, "combat") == [sc.ref("agent")]


@pytest.mark.rule("LE-TERM-06", "LE-KEYWORD-14")
def test_i_have_beaten_you_before_both_bonuses_after_fighting_blind(scenario):
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {BLIND} {BEATEN}
""")
    accept(sc, f"play ${BLIND}")
    accept(sc, f"play ${BEATEN}")
    total = card(BLIND).attack + card(BEATEN).attack + neo_bonus(BEATEN) + class_attack(BEATEN)
    assert pool(sc) == (0, total)
    assert sc.game.state.turn.class_used == [sc.ref(BEATEN)]


# --- in The Matrix's own game -------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-19", "LE-FIGHT-02")
def test_in_the_matrix_film_the_last_fight_beats_agent_smith_and_pays_for_another_agent():
    """On The Matrix's table, He is The One Part 1: Agent Smith, Interrogator is Stationary with Buy
    Time, too strong to fight this turn; I Have Beaten You Before defeats him outright, and the
    group's Attack then beats Agent Brown in the Combat Zone."""
    sc = matrix_film(f"""
act 3 1
active 0
world 0 matrix
pool recruit=0 attack=0
put agent_smith_interrogator row.4 up as smith
put agent_brown combat as agent
hand 0 {LIGHT} {BLIND} {BEATEN}
""")
    accept(sc, f"play ${LIGHT}")
    accept(sc, f"play ${BLIND}")
    accept(sc, f"play ${BEATEN}")
    assert sc.ref("smith") in pile(sc, "defeated_enemies")
    attack = card(BLIND).attack + neo_bonus(BLIND) + card(BEATEN).attack + neo_bonus(BEATEN) \
        + class_attack(BEATEN)
    assert pool(sc) == (card(LIGHT).recruit, attack)
    assert attack >= card("agent_brown").attack
    accept(sc, "fight $agent")
    assert sc.ref("agent") in pile(sc, "defeated_enemies")
