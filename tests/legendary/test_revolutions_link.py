"""Revolutions' Hero Group Link (cards/legendary/heroes_link.toml), with Burn It, Link.

The data is checked (shape, costs, classes, value curve, text), then every card is played in a real
engine game of The Matrix's Acts with Link dealt into Zion in place of Tank, its effect and class
ability checked. Burn It, Link defeats Sentinel Destroyer in He is The One Part 3, before and after
the Matrix player has become The One, and so wins the Part (LE-CARD-35); it works on any other
Sentinel in the Real World too, and on nothing else. Numbers are read from the card database where a
retune could change them. The game helpers here serve the Defenders of Zion tests as well.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.keywords import load_keywords, missing_reminders
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile, settle
from tests.legendary.helpers import rejected as reject
from tests.legendary.test_film_the_matrix import begin_part3, lines, one
from tests.legendary.test_reloaded_ship_captains import _gain as gain
from tests.legendary.test_reloaded_ship_captains import _pool as pool
from tests.legendary.test_reloaded_ship_captains import puts

GROUP = "link"
HARDLINE = "link_hardline_open"
SCOPE = "link_sentinels_on_the_scope"
PROMISE = "link_promise_to_zee"
BURN = "link_burn_it_link"
CARDS = (HARDLINE, SCOPE, PROMISE, BURN)

ACTS = "what_is_the_matrix,know_thyself,he_is_the_one"
AVATARS = ("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"

DB: CardDB = load_db()


def members(group: str) -> list[HeroCard]:
    """A Hero Group's four distinct cards, commons first (by copies, then cost)."""
    return sorted((c for c in DB.cards.values() if c.kind == "hero" and c.group == group),
                  key=lambda c: (-c.copies, c.cost))


MEMBERS = members(GROUP)


def game(group: str, text: str = "", players: int = 2) -> Scenario:
    """A real game of The Matrix's Acts with ``group`` in Tank's place among the Zion groups, the
    Matrix Row and the Combat Zone cleared, seat 0 active in the Real World with an empty pool."""
    groups = f"morpheus_the_matrix,trinity_the_matrix,{group},nebuchadnezzar_crew"
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={ACTS} groups={groups} seed=3\n"
            f"{CLEAR}\nactive 0\nworld 0 real\npool recruit=0 attack=0\n")
    return Scenario.from_text(head + text, DB)


def check_group(group: str, cards: tuple[str, ...], classes: set[str]) -> None:
    """A Hero Group's data and setup: the 5/5/3/1 shape in its cost bands, labelled as the group, on
    two leaning classes; the value curve; the text; all 14 dealt into Zion and the Dock."""
    _check_shape(group, cards, classes)
    _check_value_curve(group)
    _check_text(group)
    _check_dealt(group)


def _check_shape(group: str, cards: tuple[str, ...], classes: set[str]) -> None:
    got = members(group)
    assert [c.id for c in got] == list(cards)
    assert [c.copies for c in got] == [5, 5, 3, 1]
    commons, uncommon, rare = got[:2], got[2], got[3]
    assert all(2 <= c.cost <= 4 for c in commons)
    assert 5 <= uncommon.cost <= 6 and 7 <= rare.cost <= 8
    assert all(c.deck == f"group:{group}" and not c.extra and c.id.startswith(f"{group}_") for c in got)
    assert len({c.name for c in got}) == 4
    assert {cls for c in got for cls in c.classes} == classes


def _check_value_curve(group: str) -> None:
    """About cost - 1 points of printed Recruit + Attack, class ability on top; "+" marks match."""
    for c in members(group):
        flat = c.recruit + c.attack
        assert flat <= c.cost - 1, c.id
        ca = c.class_ability.effects if c.class_ability else []
        best = flat + sum(gain([*c.effects, *ca], v) for v in ("gain_recruit", "gain_attack", "draw"))
        assert best <= c.cost + 1, c.id
        assert c.class_ability is not None and c.class_ability.cls in c.classes, c.id
        assert c.recruit_plus == bool(gain([*c.effects, *ca], "gain_recruit")), c.id
        assert c.attack_plus == bool(gain([*c.effects, *ca], "gain_attack")), c.id


def _check_text(group: str) -> None:
    """Text in the style guide's order: keywords first, the class ability labelled, a short flavour."""
    for c in members(group):
        assert c.text.endswith("."), c.id
        assert c.text.startswith("Coordinate. ") == ("coordinate" in c.keywords), c.id
        assert c.class_ability and f"{c.class_ability.cls.title()}: " in c.text, c.id
        assert c.flavor and len(c.flavor.split()) <= 8, c.id
    assert missing_reminders(members(group), load_keywords()) == []


def _check_dealt(group: str) -> None:
    sc = game(group)
    s = sc.game.state
    dealt = [cid for p in ("zion", *(f"dock.{i}" for i in range(5))) for cid in s.piles[p]
             if s.defs[cid].startswith(f"{group}_")]
    assert len(dealt) == 14


def check_coordinated_copy(group: str, card_id: str) -> None:
    """LE-KEYWORD-01..03: coordinated by seat 1, played as a copy by seat 0, back to seat 1 at the end."""
    c = DB.cards[card_id]
    sc = game(group, puts("p1.hand", c=card_id))
    hand1 = len(pile(sc, "p1.hand"))
    accept(sc, "@1 coordinate $c")
    assert len(pile(sc, "p1.hand")) == hand1  # the replacement is drawn
    accept(sc, "play $c")
    settle(sc)
    assert pool(sc)[0] >= c.recruit and pool(sc)[1] >= c.attack
    assert sc.ref("c") in sc.game.state.turn.virtual
    accept(sc, "end")
    assert sc.ref("c") in pile(sc, "p1.discard")


# --- the data --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-19")
def test_link_is_14_cards_in_the_5_5_3_1_shape_on_tech_and_range_on_the_curve_and_dealt():
    check_group(GROUP, CARDS, {"tech", "range"})
    burn = DB.cards[BURN]
    assert burn.name == "Burn It, Link" and burn.copies == 1 and burn.classes == ["tech", "range"]


@pytest.mark.rule("LE-CARD-35")
def test_burn_it_link_is_data_a_sentinel_in_the_real_world_with_no_attack_limit():
    defeats = [e for e in hero_effects(DB.cards[BURN]) if e.verb == "defeat_enemy"]
    assert [(e.descriptor, e.where, e.max_attack) for e in defeats] == [("Sentinel", "real_world", None)]
    assert "Sentinel" in DB.cards["sentinel_destroyer"].descriptors


# --- every card in play ----------------------------------------------------------------------------


@pytest.mark.rule("LE-ABILITY-01", "LE-MOVE-06", "LE-KEYWORD-14")
def test_hardline_open_lets_the_free_move_leave_without_a_phone_and_tech_adds_recruit():
    c = DB.cards[HARDLINE]
    sc = game(GROUP, "world 0 matrix\n" + puts("p0.hand", a=HARDLINE, b=HARDLINE))
    reject(sc, "move real", "LE-MOVE-06")
    accept(sc, "play $a")
    assert pool(sc) == (c.recruit, 0)  # no earlier Tech Hero: no bonus
    accept(sc, "play $b")
    assert pool(sc) == (2 * c.recruit + gain(c.class_ability.effects, "gain_recruit"), 0)
    accept(sc, "move real")
    assert not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-KEYWORD-02", "LE-ABILITY-01")
def test_a_coordinated_hardline_open_lets_the_active_player_leave_without_a_phone():
    sc = game(GROUP, "world 0 matrix\n" + puts("p1.hand", c=HARDLINE))
    accept(sc, "@1 coordinate $c")
    reject(sc, "move real", "LE-MOVE-06")
    accept(sc, "play $c")
    accept(sc, "move real")
    assert not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-KEYWORD-14", "LE-ABILITY-06")
def test_sentinels_on_the_scope_range_defeats_a_small_sentinel_in_the_real_world_only():
    c = DB.cards[SCOPE]
    limit = c.class_ability.effects[0].max_attack
    small, big = DB.cards["sewer_sentinel"], DB.cards["sentinel_scout"]
    assert small.attack <= limit < big.attack and "Sentinel" in small.descriptors
    sc = game(GROUP, puts("real_world", small="sewer_sentinel", big="sentinel_scout")
              + puts("real_world", human="pots_office_manager")
              + "put the_oracles_call_osiris_hunters row.1 up as in_row\n"
              + puts("p0.hand", a=SCOPE, b=SCOPE))
    s = sc.game.state
    accept(sc, "play $a")  # no earlier Range Hero: nothing is defeated
    assert pool(sc) == (0, c.attack) and sc.ref("small") in pile(sc, "real_world")
    accept(sc, "play $b")
    settle(sc)
    assert s.where(sc.ref("small")) == "defeated_enemies"
    assert s.where(sc.ref("big")) == "real_world"  # too strong for the scope
    assert s.where(sc.ref("in_row")) == "row.1"  # a Sentinel, but in the Matrix Row
    assert s.where(sc.ref("human")) == "real_world"  # not a Sentinel
    assert pool(sc) == (0, 2 * c.attack)


@pytest.mark.rule("LE-STRIKE-07", "LE-KEYWORD-14")
def test_promise_to_zee_heals_any_players_strike_and_tech_draws():
    c = DB.cards[PROMISE]
    sc = game(GROUP, "put strike_split_lip p1.strikes as hurt\n" + puts("p0.hand", tech=HARDLINE, p=PROMISE))
    hand = len(pile(sc, "p0.hand"))
    accept(sc, "play $tech")
    accept(sc, "play $p")
    settle(sc)
    assert sc.ref("hurt") in pile(sc, "strike_discard")  # the other player's Strike, healed
    assert pile(sc, "p1.strikes") == []
    assert len(pile(sc, "p0.hand")) == hand - 2 + gain(c.class_ability.effects, "draw")
    assert pool(sc)[0] == DB.cards[HARDLINE].recruit + c.recruit  # played first, Hardline had no Tech bonus


@pytest.mark.rule("LE-STRIKE-07", "LE-ABILITY-04")
def test_promise_to_zee_lets_the_active_player_pick_whose_strike_heals():
    sc = game(GROUP, "put strike_split_lip p0.strikes as mine\nput strike_bullet_graze p1.strikes as theirs\n"
              + puts("p0.hand", p=PROMISE))
    accept(sc, "play $p")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and len(d.options) == 2
    theirs = next(i for i, o in enumerate(d.options) if sc.t.name(sc.ref("theirs")) in o)
    accept(sc, f"choose {theirs}")
    assert pile(sc, "p1.strikes") == [] and pile(sc, "p0.strikes") == [sc.ref("mine")]


@pytest.mark.rule("LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-03")
@pytest.mark.parametrize("card_id", [c for c in CARDS if "coordinate" in DB.cards[c].keywords])
def test_every_coordinate_card_is_coordinated_and_played_as_a_copy(card_id):
    check_coordinated_copy(GROUP, card_id)


# --- Burn It, Link: LE-CARD-35 ---------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-14", "LE-ABILITY-06")
def test_burn_it_link_defeats_any_sentinel_in_the_real_world_and_range_adds_attack():
    c = DB.cards[BURN]
    sc = game(GROUP, puts("real_world", scout="sentinel_scout", human="pots_office_manager")
              + "put sentinel_swarm row.2 up as in_row\n" + puts("p0.hand", gun=SCOPE, burn=BURN))
    s = sc.game.state
    accept(sc, "play $gun")  # a Range Hero first: its own ability needs an earlier one, so it idles
    accept(sc, "play $burn")
    settle(sc)
    assert s.where(sc.ref("scout")) == "defeated_enemies"  # 5 Attack: no limit on Burn It, Link
    assert s.where(sc.ref("in_row")) == "row.2" and s.where(sc.ref("human")) == "real_world"
    assert pool(sc) == (0, DB.cards[SCOPE].attack + c.attack + gain(c.class_ability.effects, "gain_attack"))


@pytest.mark.rule("LE-ABILITY-04")
def test_burn_it_link_with_no_sentinel_in_the_real_world_defeats_nothing():
    sc = game(GROUP, "put sentinel_scout row.0 up as in_row\nput pots_office_manager real_world up as human\n"
              + puts("p0.hand", burn=BURN))
    accept(sc, "play $burn")
    assert sc.game.state.decision is None
    assert pile(sc, "defeated_enemies") == []


def part3_with_link(text: str = "") -> Scenario:
    """He is The One Part 3 (Thomas Anderson is the Matrix player, seat 0) with Link among the Zion
    groups, then ``text``."""
    sc = game(GROUP)
    begin_part3(sc)
    lines(sc, text)
    return sc


def become_the_one(sc: Scenario) -> None:
    s = sc.game.state
    lines(sc, f"active 0\npool recruit={DB.cards['become_the_one'].cost_recruit}")
    accept(sc, f"complete {one(s, 'become_the_one', 'operations')}")
    assert s.mods.the_one


@pytest.mark.rule("LE-CARD-35", "LE-ACT-04", "LE-GEN-03")
def test_le_card_35_burn_it_link_defeats_sentinel_destroyer_after_the_one_and_wins_the_part():
    sc = part3_with_link()
    s = sc.game.state
    destroyer = one(s, "sentinel_destroyer", "real_world")
    become_the_one(sc)
    lines(sc, "active 1\nworld 1 real\npool recruit=0 attack=0\n" + puts("p1.hand", burn=BURN))
    assert s.players[1].in_matrix is False and s.mods.matrix_player == 0
    accept(sc, "play $burn")
    settle(sc)
    assert destroyer in pile(sc, "defeated_enemies")  # 12 Attack, The One in effect: defeated all the same
    res = accept(sc, "objective")
    assert s.result == "major"
    assert [e.data for e in res.events if e.kind == "game_over"] == [{"result": "major"}]


@pytest.mark.rule("LE-CARD-35", "LE-ABILITY-04")
def test_le_card_35_burn_it_link_picks_the_destroyer_among_the_hull_cutters_before_the_one():
    sc = part3_with_link(puts("real_world", cutter="hull_cutter_sentinel", human="pots_office_manager"))
    s = sc.game.state
    destroyer = one(s, "sentinel_destroyer", "real_world")
    assert not s.mods.the_one
    lines(sc, "active 1\nworld 1 real\npool recruit=0 attack=0\n" + puts("p1.hand", burn=BURN))
    accept(sc, "play $burn")
    d = s.decision
    assert d is not None and d.seat == 1
    assert sorted(d.options) == sorted([sc.t.name(destroyer), sc.t.name(sc.ref("cutter"))])
    accept(sc, f"choose {d.options.index(sc.t.name(destroyer))}")
    assert destroyer in pile(sc, "defeated_enemies")
    assert s.where(sc.ref("cutter")) == "real_world" and s.where(sc.ref("human")) == "real_world"
    reject(sc, "objective", "LE-ACT-04")  # the ship is saved, but nobody is The One yet
