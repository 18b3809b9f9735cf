"""Reloaded's Hero Group Ship Captains (cards/legendary/heroes_ship_captains.toml), with Ballard.

The data is checked (shape, costs, classes, text), then every card is played in a real engine game
of The Matrix's Acts with Ship Captains dealt into Zion in place of Tank, its effects and class
ability checked, and Ballard's two clarifications (LE-CARD-01/02) are played out: Coordinated more
than once a turn by the same player, and discarded to draw more than once a turn by a lone player.
Numbers are read from the card database where a retune could change them.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.keywords import load_keywords, missing_reminders
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import pile, settle, walk_effects
from tests.legendary.helpers import rejected as reject

GROUP = "ship_captains"
SHIP_TO_SHIP = "ship_captains_ship_to_ship"
BALLARD = "ship_captains_ballard"
VIGILANT = "ship_captains_the_vigilant"
COUNCIL = "ship_captains_the_council_meeting"
CARDS = (SHIP_TO_SHIP, BALLARD, VIGILANT, COUNCIL)
SHIP = "hovercraft_nebuchadnezzar"  # a Hovercraft that only adds Recruit, to switch the fleet on

ACTS = "what_is_the_matrix,know_thyself,he_is_the_one"
GROUPS = f"morpheus_the_matrix,trinity_the_matrix,{GROUP},nebuchadnezzar_crew"
AVATARS = ("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"

DB: CardDB = load_db()
MEMBERS: list[HeroCard] = sorted((c for c in DB.cards.values() if c.kind == "hero" and c.group == GROUP),
                                 key=lambda c: (-c.copies, c.cost))


def game(text: str = "", players: int = 2) -> Scenario:
    """A real game: The Matrix's Acts with Ship Captains among the four Zion groups, the Matrix Row
    and the Combat Zone cleared, seat 0 active in the Real World with an empty pool."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={ACTS} groups={GROUPS} seed=3\n{CLEAR}\n"
            "active 0\nworld 0 real\npool recruit=0 attack=0\n")
    return Scenario.from_text(head + text, DB)


def _pool(sc: Scenario) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def puts(where: str, **cards: str) -> str:
    """Scenario lines putting each card into ``where`` under its name: ``puts("p1.hand", b=BALLARD)``."""
    return "".join(f"put {card} {where} as {name}\n" for name, card in cards.items())


def _gain(effects: list, verb: str) -> int:
    """What the effects' ``verb`` (gain_recruit / gain_attack / draw) adds, conditions met."""
    return sum(e.amount for e in walk_effects(effects) if e.verb == verb)


# --- the data --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
def test_ship_captains_is_14_cards_in_the_5_5_3_1_shape_and_cost_bands():
    assert [c.id for c in MEMBERS] == [SHIP_TO_SHIP, BALLARD, VIGILANT, COUNCIL]
    assert [c.copies for c in MEMBERS] == [5, 5, 3, 1]
    commons, uncommon, rare = MEMBERS[:2], MEMBERS[2], MEMBERS[3]
    assert all(2 <= c.cost <= 4 for c in commons)
    assert 5 <= uncommon.cost <= 6 and 7 <= rare.cost <= 8
    assert all(c.deck == f"group:{GROUP}" and not c.extra and c.id.startswith(f"{GROUP}_") for c in MEMBERS)
    assert len({c.name for c in MEMBERS}) == 4
    # One idea on two leaning classes: Tech and Intellect.
    assert {cls for c in MEMBERS for cls in c.classes} == {"tech", "intellect"}
    # The fleet: every card Coordinates and most reward a Hovercraft in play.
    assert all("coordinate" in c.keywords for c in MEMBERS)
    assert sum(any(e.verb == "if_in_play_area" and e.group == "hovercraft" for e in c.effects)
               for c in MEMBERS) == 3


def test_value_curve_about_cost_minus_one_and_plus_marks_match_the_data():
    for c in MEMBERS:
        flat = c.recruit + c.attack
        assert flat <= c.cost - 1, c.id  # the printed numbers stay on or under the curve
        ca = c.class_ability.effects if c.class_ability else []
        # With a Hovercraft in play and the class ability on, still at most about cost + 1 points
        # (a drawn card counted as one).
        best = flat + sum(_gain([*c.effects, *ca], v) for v in ("gain_recruit", "gain_attack", "draw"))
        assert best <= c.cost + 1, c.id
        gains = {v for v in ("gain_recruit", "gain_attack") if _gain([*c.effects, *ca], v)}
        assert c.recruit_plus == ("gain_recruit" in gains), c.id
        assert c.attack_plus == ("gain_attack" in gains), c.id


@pytest.mark.rule("LE-CARD-01", "LE-CARD-02")
def test_ballard_is_the_named_common_whose_coordinate_ignores_the_limit():
    ballard = DB.cards[BALLARD]
    assert ballard.name == "Ballard" and ballard.copies == 5
    assert ballard.keywords == ["coordinate", "coordinate_unlimited"]
    assert not any("coordinate_unlimited" in c.keywords for c in MEMBERS if c.id != BALLARD)
    assert ballard.text.startswith("Coordinate. ") and "once-a-turn" in ballard.text


def test_text_follows_the_style_guide_and_every_keyword_has_a_reminder():
    for c in MEMBERS:
        assert c.text.startswith("Coordinate. ") and c.text.endswith("."), c.id
        if c.class_ability:
            assert f"{c.class_ability.cls.title()}: " in c.text, c.id
        if c.sacrifice:
            assert "Sacrifice: " in c.text, c.id
        assert c.flavor and len(c.flavor.split()) <= 10, c.id
    assert missing_reminders(MEMBERS, load_keywords()) == []


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-19")
def test_setup_deals_the_fourteen_into_zion_and_the_dock():
    sc = game()
    s = sc.game.state
    dealt = [cid for p in ("zion", *(f"dock.{i}" for i in range(5))) for cid in s.piles[p]
             if s.defs[cid].startswith(f"{GROUP}_")]
    assert len(dealt) == 14


# --- every card in play ----------------------------------------------------------------------------


@pytest.mark.rule("LE-ACTION-04", "LE-TERM-06")
def test_ship_to_ship_draws_only_with_a_hovercraft_in_play():
    sc = game(puts("p0.hand", a=SHIP_TO_SHIP, b=SHIP_TO_SHIP, ship=SHIP))
    hand = len(pile(sc, "p0.hand"))
    accept(sc, "play $a")
    assert _pool(sc) == (DB.cards[SHIP_TO_SHIP].recruit, 0)
    assert len(pile(sc, "p0.hand")) == hand - 1  # no Hovercraft yet: no draw
    accept(sc, "play $ship")
    accept(sc, "play $b")
    assert len(pile(sc, "p0.hand")) == hand - 3 + 1
    assert _pool(sc) == (2 * DB.cards[SHIP_TO_SHIP].recruit + DB.cards[SHIP].recruit, 0)


@pytest.mark.rule("LE-ACTION-04", "LE-TERM-06")
def test_ballard_adds_recruit_with_a_hovercraft_in_play():
    b = DB.cards[BALLARD]
    bonus = _gain(b.effects, "gain_recruit")
    sc = game(puts("p0.hand", b1=BALLARD, b2=BALLARD, ship=SHIP))
    accept(sc, "play $b1")
    assert _pool(sc) == (b.recruit, 0)
    accept(sc, "play $ship")
    accept(sc, "play $b2")
    assert bonus > 0
    assert _pool(sc) == (2 * b.recruit + DB.cards[SHIP].recruit + bonus, 0)


@pytest.mark.rule("LE-TERM-06", "LE-KEYWORD-02")
def test_ballard_counts_a_coordinated_hovercraft_as_in_play():
    b = DB.cards[BALLARD]
    sc = game(puts("p1.hand", ship=SHIP) + puts("p0.hand", b=BALLARD))
    accept(sc, "@1 coordinate $ship")
    accept(sc, "play $ship")  # a virtual copy is in the play area too
    accept(sc, "play $b")
    assert _pool(sc) == (DB.cards[SHIP].recruit + b.recruit + _gain(b.effects, "gain_recruit"), 0)


@pytest.mark.rule("LE-ACTION-04", "LE-TERM-06")
def test_the_vigilant_adds_attack_with_a_hovercraft_in_play():
    v = DB.cards[VIGILANT]
    sc = game(puts("p0.hand", v1=VIGILANT, v2=VIGILANT, ship=SHIP))
    accept(sc, "play $v1")
    assert _pool(sc) == (v.recruit, v.attack)
    accept(sc, "play $ship")
    accept(sc, "play $v2")
    assert _pool(sc) == (2 * v.recruit + DB.cards[SHIP].recruit,
                         2 * v.attack + _gain(v.effects, "gain_attack"))


@pytest.mark.rule("LE-KEYWORD-11", "LE-KEYWORD-12")
def test_the_vigilant_is_sacrificed_to_defeat_a_weak_enough_enemy_in_the_real_world():
    limit = DB.cards[VIGILANT].sacrifice[0].max_attack
    assert DB.cards["sentinel_scout"].attack <= limit < DB.cards["sentinel_destroyer"].attack
    sc = game(f"""
put sentinel_scout real_world up as scout
put sentinel_destroyer real_world up as big
put {VIGILANT} p0.hand as v
""")
    reject(sc, "sacrifice $v", "LE-KEYWORD-12")  # not played yet
    accept(sc, "play $v")
    accept(sc, "sacrifice $v")
    settle(sc)
    assert sc.ref("scout") in pile(sc, "defeated_enemies")
    assert sc.ref("big") in pile(sc, "real_world")  # 12 Attack: out of reach
    assert sc.ref("v") in pile(sc, "defeated_heroes")
    assert _pool(sc) == (DB.cards[VIGILANT].recruit, DB.cards[VIGILANT].attack)  # its numbers stay


@pytest.mark.rule("LE-KEYWORD-07")
def test_a_coordinated_vigilant_cannot_be_sacrificed():
    sc = game(f"put sentinel_scout real_world up as scout\nput {VIGILANT} p1.hand as v")
    accept(sc, "@1 coordinate $v")
    accept(sc, "play $v")
    reject(sc, "sacrifice $v", "LE-KEYWORD-07")
    assert sc.ref("scout") in pile(sc, "real_world")


@pytest.mark.rule("LE-TIMING-07", "LE-KEYWORD-14")
def test_the_council_meeting_each_player_draws_and_intellect_draws_one_more():
    sc = game(puts("p0.hand", c1=COUNCIL, radio=SHIP_TO_SHIP), players=3)
    hands = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    accept(sc, "play $c1")
    assert [len(pile(sc, f"p{i}.hand")) for i in range(3)] == [hands[0], hands[1] + 1, hands[2] + 1]
    assert _pool(sc) == (DB.cards[COUNCIL].recruit, 0)

    # The class ability needs an earlier Intellect Hero: Ship to Ship switches it on.
    sc = game(puts("p0.hand", radio=SHIP_TO_SHIP, c2=COUNCIL), players=3)
    hands = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    accept(sc, "play $radio")
    accept(sc, "play $c2")
    after = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    assert after == [hands[0] - 2 + 1 + 1, hands[1] + 1, hands[2] + 1]


@pytest.mark.rule("LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-03")
@pytest.mark.parametrize("card_id", CARDS)
def test_every_card_is_coordinated_and_played_as_a_copy(card_id):
    c = DB.cards[card_id]
    sc = game(puts("p1.hand", c=card_id))
    hand1 = len(pile(sc, "p1.hand"))
    accept(sc, "@1 coordinate $c")
    assert len(pile(sc, "p1.hand")) == hand1  # the replacement is drawn
    accept(sc, "play $c")
    settle(sc)
    assert _pool(sc) == (c.recruit, c.attack)  # no Hovercraft: no bonus
    assert sc.ref("c") in sc.game.state.turn.virtual
    accept(sc, "end")
    assert sc.ref("c") in pile(sc, "p1.discard")


# --- Ballard: LE-CARD-01/02 ------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-01", "LE-KEYWORD-04")
def test_le_card_01_ballard_is_coordinated_after_another_card_and_again_by_the_same_player():
    b = DB.cards[BALLARD]
    sc = game(puts("p0.hand", ship=SHIP)
              + puts("p1.hand", radio=SHIP_TO_SHIP, b1=BALLARD, b2=BALLARD, vig=VIGILANT))
    s = sc.game.state
    hand1 = len(pile(sc, "p1.hand"))
    accept(sc, "@1 coordinate $radio")
    reject(sc, "@1 coordinate $vig", "LE-KEYWORD-04")  # a plain Coordinate card: once a turn
    accept(sc, "@1 coordinate $b1")  # Ballard after another card this turn
    accept(sc, "@1 coordinate $b2")  # and a second Ballard, same player, same turn
    reject(sc, "@1 coordinate $vig", "LE-KEYWORD-04")
    assert pile(sc, "p1.coordinated") == [sc.ref("radio"), sc.ref("b1"), sc.ref("b2")]
    assert len(pile(sc, "p1.hand")) == hand1 - 3 + 3  # one replacement for each
    accept(sc, "play $ship")
    accept(sc, "play $b1")
    accept(sc, "play $b2")
    per_copy = b.recruit + _gain(b.effects, "gain_recruit")  # a Hovercraft is in play
    assert _pool(sc) == (DB.cards[SHIP].recruit + 2 * per_copy, 0)
    assert s.turn.virtual == [sc.ref("b1"), sc.ref("b2")]
    accept(sc, "end")
    assert {sc.ref("radio"), sc.ref("b1"), sc.ref("b2")} <= set(pile(sc, "p1.discard"))


@pytest.mark.rule("LE-CARD-01", "LE-KEYWORD-04")
def test_le_card_01_coordinating_ballard_first_leaves_the_once_a_turn_coordinate_unused():
    sc = game(puts("p1.hand", b=BALLARD, radio=SHIP_TO_SHIP, vig=VIGILANT))
    accept(sc, "@1 coordinate $b")
    accept(sc, "@1 coordinate $radio")  # Ballard did not use up the limit
    reject(sc, "@1 coordinate $vig", "LE-KEYWORD-04")


@pytest.mark.rule("LE-CARD-02", "LE-KEYWORD-06")
def test_le_card_02_a_solo_player_discards_ballard_to_draw_more_than_once_a_turn():
    sc = game(puts("p0.hand", b1=BALLARD, b2=BALLARD, b3=BALLARD, radio=SHIP_TO_SHIP, vig=VIGILANT),
              players=1)
    s = sc.game.state
    hand, deck = len(pile(sc, "p0.hand")), len(pile(sc, "p0.deck"))
    accept(sc, "solo-discard $b1")
    accept(sc, "solo-discard $b2")  # Ballard twice in one turn
    accept(sc, "solo-discard $radio")  # the once-a-turn discard is still unused
    reject(sc, "solo-discard $vig", "LE-KEYWORD-06")  # now it is
    accept(sc, "solo-discard $b3")  # Ballard even after the limit is spent
    assert {sc.ref("b1"), sc.ref("b2"), sc.ref("b3"), sc.ref("radio")} <= set(pile(sc, "p0.discard"))
    assert len(pile(sc, "p0.hand")) == hand and len(pile(sc, "p0.deck")) == deck - 4
    # The discarded cards' effects are not gained.
    assert _pool(sc) == (0, 0) and not s.turn.played


@pytest.mark.rule("LE-CARD-02", "LE-KEYWORD-06", "LE-DEFEAT-10")
def test_le_card_02_alone_after_the_others_are_defeated_ballard_discards_twice():
    sc = game(puts("p0.hand", b1=BALLARD, b2=BALLARD, radio=SHIP_TO_SHIP, vig=VIGILANT))
    reject(sc, "solo-discard $b1", "LE-KEYWORD-06")  # not alone yet
    sc.game.state.players[1].defeated = True
    accept(sc, "solo-discard $radio")
    reject(sc, "solo-discard $vig", "LE-KEYWORD-06")
    accept(sc, "solo-discard $b1")
    accept(sc, "solo-discard $b2")
