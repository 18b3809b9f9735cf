"""The Keymaker: the Extra Hero Group of Reloaded Act 2 (Free the Keymaker), and the engine's Heroes
whose class is chosen each time they are played (LE-CARD-47/48).

The cards are played on the fixture film's table (they are loaded with the card database even while
Reloaded is not a film), and a heuristic bot game of The Matrix runs with them in Zion.
"""
from __future__ import annotations

import pytest

from engine.legendary.bots import BOTS
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import film_setup
from engine.legendary.game import LegendaryGame
from engine.legendary.schema import HeroCard
from engine.legendary.state import State
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import pile

GID = "the_keymaker"
KEY_RING = f"{GID}_key_ring"
BACK_DOOR = f"{GID}_back_door"
HANDY = f"{GID}_you_are_handy"
CORRIDOR = f"{GID}_corridor_of_doors"
GUNS = "neo_the_matrix_guns_lots_of_guns"  # Range: +2 Attack (LE-KEYWORD-16)
CLASSES = ["intellect", "range", "strength", "survival", "tech"]  # the order the choice offers

SHIPPED: CardDB = load_db()
GROUP: list[HeroCard] = sorted((c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == GID),
                               key=lambda c: (-c.copies, c.cost))


def _pool(sc) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def _table(scenario, **cards: str):
    """The fixture film's table, player 0 active in the Real World with empty pools, and each named
    card put into player 0's hand under its keyword name."""
    puts = "\n".join(f"put {cid} p0.hand as {name}" for name, cid in cards.items())
    return scenario(f"active 0\nworld 0 real\npool recruit=0 attack=0\n{puts}\n")


def _pick(sc, cls: str) -> None:
    """Answer the pending class choice with ``cls``."""
    d = sc.game.state.decision
    assert d is not None and d.rule == "LE-CARD-47", d
    accept(sc, f"choose {CLASSES.index(cls)}")
    assert sc.game.state.decision is None


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-19", "LE-CARD-47")
def test_fourteen_extra_cards_of_free_the_keymaker_in_the_5_5_3_1_shape():
    assert [c.copies for c in GROUP] == [5, 5, 3, 1]
    assert [c.name for c in GROUP] == ["Key Ring", "Back Door", "You Are Handy", "The Corridor of Doors"]
    assert all(2 <= c.cost <= 4 for c in GROUP[:2]) and 5 <= GROUP[2].cost <= 6 and 7 <= GROUP[3].cost <= 8
    for c in GROUP:
        assert c.id.startswith(f"{GID}_") and c.extra and c.deck == "act:free_the_keymaker", c.id
        # No printed class: the player picks one each time (LE-CARD-47).
        assert c.classes_chosen_on_play and c.classes == [], c.id
        assert "choose its class" in c.text and f"{c.class_ability.cls.title()}: " in c.text, c.id
    handy = SHIPPED.cards[HANDY]
    assert handy.keywords == ["coordinate"] and handy.text.startswith("Coordinate.")
    assert {c.class_ability.cls for c in GROUP} == {"tech", "survival"}


# --- the class choice ----------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-47")
def test_playing_a_keymaker_card_asks_its_player_for_one_of_the_five_classes(scenario):
    sc = _table(scenario, key=KEY_RING)
    accept(sc, "play $key")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and d.rule == "LE-CARD-47"
    assert [o.lower() for o in d.options] == CLASSES
    _pick(sc, "strength")
    assert sc.game.state.turn.chosen_classes == {str(sc.ref("key")): "strength"}
    assert _pool(sc) == (1, 0)  # its own Tech ability needs an EARLIER Tech Hero (LE-KEYWORD-14)
    accept(sc, "end")
    assert sc.game.state.turn.chosen_classes == {}  # the choice lasts the turn


@pytest.mark.rule("LE-CARD-47", "LE-KEYWORD-14", "LE-KEYWORD-16")
@pytest.mark.parametrize("cls", CLASSES)
def test_the_chosen_class_switches_on_a_later_class_ability_of_that_class_only(scenario, cls):
    sc = _table(scenario, key=KEY_RING, guns=GUNS)
    accept(sc, "play $key")
    _pick(sc, cls)
    accept(sc, "play $guns")
    assert _pool(sc) == (1, 2 + (2 if cls == "range" else 0))


@pytest.mark.rule("LE-CARD-47", "LE-KEYWORD-14")
def test_two_keys_chosen_tech_the_second_gets_its_tech_ability(scenario):
    sc = _table(scenario, k1=KEY_RING, k2=KEY_RING, k3=KEY_RING)
    accept(sc, "play $k1")
    _pick(sc, "tech")
    accept(sc, "play $k2")
    _pick(sc, "intellect")
    assert _pool(sc) == (3, 0)  # k1 was Tech when k2 was played: +1
    accept(sc, "play $k3")
    _pick(sc, "tech")
    assert _pool(sc) == (5, 0)
    assert sc.game.state.turn.class_used == [sc.ref("k2"), sc.ref("k3")]


@pytest.mark.rule("LE-CARD-47")
def test_the_chosen_class_survives_a_save_and_load_and_is_absent_while_none_is_chosen(scenario):
    sc = _table(scenario, key=KEY_RING)
    assert "chosen_classes" not in sc.game.state.to_dict()["turn"]
    accept(sc, "play $key")
    _pick(sc, "range")
    loaded = State.from_dict(sc.game.state.to_dict())
    assert loaded.turn.chosen_classes == {str(sc.ref("key")): "range"}


# --- every card, You Are Handy's Coordinate ------------------------------------------------------


@pytest.mark.rule("LE-CARD-48", "LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-18")
def test_you_are_handy_coordinated_the_player_of_the_copy_picks_its_class(scenario):
    sc = scenario(f"""
active 0
world 0 real
pool recruit=0 attack=0
put {HANDY} p1.hand as handy
put {KEY_RING} p0.hand as key
""")
    hand = len(pile(sc, "p0.hand"))
    accept(sc, "@1 coordinate $handy")
    accept(sc, "play $handy")
    assert sc.game.state.decision.seat == 0  # the active player plays the copy, so picks
    _pick(sc, "tech")
    assert sc.ref("handy") in sc.game.state.turn.virtual
    assert _pool(sc) == (2, 0)
    assert len(pile(sc, "p0.hand")) == hand + 1  # Draw a card
    accept(sc, "play $key")
    _pick(sc, "range")
    assert _pool(sc) == (4, 0)  # the copy counts as Tech: Key Ring's +1 Recruit
    accept(sc, "end")
    assert sc.ref("handy") in pile(sc, "p1.discard")


@pytest.mark.rule("LE-CARD-47", "LE-KEYWORD-14")
def test_you_are_handy_played_from_hand_gets_tech_plus_two_after_a_tech_key(scenario):
    sc = _table(scenario, key=KEY_RING, handy=HANDY)
    accept(sc, "play $key")
    _pick(sc, "tech")
    accept(sc, "play $handy")
    _pick(sc, "survival")
    assert _pool(sc) == (1 + 2 + 2, 0)
    assert sc.ref("handy") in pile(sc, "p0.play")


@pytest.mark.rule("LE-CARD-47", "LE-KEYWORD-14", "LE-MOVE-07")
def test_back_door_gives_an_extra_move_and_survival_attack_after_a_survival_key(scenario):
    sc = _table(scenario, key=KEY_RING, door=BACK_DOOR)
    accept(sc, "play $door")
    _pick(sc, "survival")
    assert _pool(sc) == (0, 1) and sc.game.state.turn.extra_moves == 1
    accept(sc, "play $key")
    _pick(sc, "survival")
    assert _pool(sc) == (1, 1)  # Key Ring's ability is Tech: no bonus from a Survival door
    sc2 = _table(scenario, key=KEY_RING, door=BACK_DOOR)
    accept(sc2, "play $key")
    _pick(sc2, "survival")
    accept(sc2, "play $door")
    _pick(sc2, "tech")
    assert _pool(sc2) == (1, 2) and sc2.game.state.turn.extra_moves == 1


@pytest.mark.rule("LE-CARD-47", "LE-KEYWORD-14")
def test_the_corridor_of_doors_draws_moves_and_gets_survival_plus_two(scenario):
    sc = _table(scenario, door=BACK_DOOR, corridor=CORRIDOR)
    accept(sc, "play $door")
    _pick(sc, "survival")
    hand = len(pile(sc, "p0.hand"))
    accept(sc, "play $corridor")
    _pick(sc, "range")
    assert _pool(sc) == (0, 1 + 4 + 2)
    assert len(pile(sc, "p0.hand")) == hand - 1 + 1  # it left the hand and drew one
    assert sc.game.state.turn.extra_moves == 2


# --- bots -----------------------------------------------------------------------------------------


def _keymaker_in_zion_db() -> CardDB:
    """The shipped cards with the Keymaker's 14 made a Zion group, so a bot game recruits them."""
    cards = dict(SHIPPED.cards)
    for c in GROUP:
        cards[c.id] = c.model_copy(update={"deck": f"group:{GID}", "extra": False})
    return CardDB(cards, SHIPPED.playmat, files=SHIPPED.files, films=SHIPPED.films,
                  starting_deck=SHIPPED.starting_deck, acts=SHIPPED.acts)


@pytest.mark.rule("LE-CARD-47")
@pytest.mark.parametrize("players", [1, 2])
def test_a_heuristic_bot_game_with_the_keymaker_in_zion_answers_the_class_choice(players):
    db = _keymaker_in_zion_db()
    setup = film_setup("the_matrix", players, 11, db=db)
    setup.groups = [GID if g == "tank" else g for g in setup.groups]
    game = LegendaryGame.new(setup, db, track_undo=False)
    bot = BOTS["heuristic"](11)
    chosen = 0
    for _ in range(20000):
        if game.over:
            break
        res = game.apply(bot.choose(game))
        assert res.accepted, res
        chosen += sum(e.kind == "class_chosen" for e in res.events)
    assert game.over and game.state.result
    assert chosen > 0  # the bot recruited and played Keymaker cards and picked their classes


@pytest.mark.rule("LE-CARD-47")
def test_the_heuristic_bot_picks_the_class_its_hand_still_needs(scenario):
    """With two Range class abilities (Guns) left in hand, the bot's answer is Range; with the Tech
    ability of a Key Ring left instead, it is Tech."""
    from engine.legendary.bots.heuristic_bot import HeuristicBot

    sc = _table(scenario, key=KEY_RING, g1=GUNS, g2=GUNS)
    accept(sc, "play $key")
    assert HeuristicBot(1).choose(sc.game).text() == f"choose {CLASSES.index('range')}"

    sc = _table(scenario, key=KEY_RING, other=KEY_RING)
    accept(sc, "play $key")
    assert HeuristicBot(1).choose(sc.game).text() == f"choose {CLASSES.index('tech')}"
