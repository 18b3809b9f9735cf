"""Rule tests for Reloaded's Act 2, Free the Keymaker (cards/legendary/act_free_the_keymaker.toml).

Its counts (1 Act card, an 11-card mini-deck), both Parts' Objectives met and completed in real
engine games (Part 1 brings The Keymaker Extra Hero Group into Zion), Cause and Effect (LE-CARD-61,
LE-CLEANUP-06: it goes into a deck and acts only once the whole draw is done), and every Enemy,
Event and Challenge of the mini-deck revealed, fought or completed with its effects checked.
Reloaded is not a film yet, so the games use this Act as Act 2 between The Matrix's Acts 1 and 3,
with The Matrix's Hero Groups and Avatars.

Costs and Attack values may be retuned, so they are read from the card database, never hard-coded.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.legendary.acts import registry
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import LegendarySetup
from engine.legendary.state import dock, pp
from tests.legendary.helpers import accepted, rejected, settle
from tests.legendary.test_film_the_matrix import defs, kinds, lines

STORY = "free_the_keymaker"
ACTS = ("what_is_the_matrix", STORY, "he_is_the_one")
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
AVATARS = ("morpheus_the_matrix", "trinity_the_matrix", "switch")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"
P = f"{STORY}_"  # every mini-deck card id of this Act starts so
CAUSE = P + "cause_and_effect"
FILLER = "pots_patrol_officer"  # a face-down card to push with


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1, act: str = "2 1") -> Scenario:
    """A game at this Act's Part ``act`` (Morpheus seat 0, Trinity seat 1, ...), the Matrix Row and
    the Combat Zone cleared, then the position lines ``text``."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed={seed}\n{CLEAR}\nact {act}\n")
    return Scenario.from_text(head + text, db)


def card(db: CardDB, name: str) -> Any:
    return db.cards[P + name]


def hands(sc: Scenario, players: int = 2) -> list[int]:
    return [len(sc.game.state.piles[pp(i, "hand")]) for i in range(players)]


def keymaker_extras(db: CardDB) -> list[str]:
    """The Keymaker Extra Hero Group's card ids, one per copy (written by its own file)."""
    return sorted(c.id for c in db.cards.values() if c.deck == f"act:{STORY}" and c.extra
                  and c.kind == "hero" for _ in range(c.copies))


# --- the Act's cards --------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-10", "LE-ACT-02", "LE-ACT-03")
def test_one_act_card_and_an_11_card_mini_deck(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = [c for c in mine if c.kind == "act"]
    assert [(c.id, c.name, c.act, c.story, c.copies) for c in acts] == [
        (STORY, "Free the Keymaker", 2, STORY, 1)]
    assert [p.part for p in acts[0].parts] == [1, 2]  # one double-sided card
    assert all(p.objective is not None for p in acts[0].parts)
    mini = [c for c in mine if c.kind != "act" and not c.extra]
    assert sum(c.copies for c in mini) == 11
    assert all(c.id.startswith(P) for c in mini)
    assert {c.kind for c in mini} == {"enemy", "challenge", "event"}
    assert all(c.kind == "hero" and c.group == "the_keymaker" for c in mine if c.extra)  # the Extras
    assert any(a.story == STORY for a in registry().acts)
    assert fdb.cards[CAUSE].name == "Cause and Effect" and fdb.cards[CAUSE].kind == "event"
    # Act 2 Enemies are roughly Attack 4-7
    assert {c.attack for c in mini if c.kind == "enemy"} <= set(range(4, 8))


@pytest.mark.rule("LE-SETUP-14", "LE-SETUP-17")
def test_setup_puts_the_mini_deck_under_act_1s_and_sets_the_keymaker_aside(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    s = g.state
    mini = sorted(c.id for c in fdb.cards.values() if c.deck == f"act:{STORY}" and c.kind != "act"
                  and not c.extra for _ in range(c.copies))
    # solo: Act 1's 10 cards on top (one already in the Row), then this Act's 11
    assert sorted(defs(s, "matrix_deck")[-20:-9]) == mini
    assert sorted(d for d in defs(s, "extras") if fdb.cards[d].deck == f"act:{STORY}") == keymaker_extras(fdb)


# --- Part 1: reach the Keymaker ------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-04", "LE-ACT-16", "LE-CHALLENGE-03")
def test_part_1_complete_persephones_price_then_the_keymaker_joins_zion(fdb):
    price = card(fdb, "persephones_price")
    sc = game(fdb, f"world 0 matrix\nput {price.id} row.1 up as price\npool recruit={price.cost_recruit}")
    s = sc.game.state
    extras = [c for c in s.piles["extras"] if s.defs[c] in keymaker_extras(fdb)]
    assert len(extras) == len(keymaker_extras(fdb))
    rejected(sc, "objective", "LE-ACT-04")
    before = hands(sc)
    accepted(sc, "complete $price")
    settle(sc)
    assert sc.ref("price") in s.piles["discarded"] and s.turn.recruit == 0
    assert hands(sc) == [h + 1 for h in before]  # each player draws a card
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (2, 2)
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(2, 2)]
    # every Keymaker Extra left the Extras for Zion (the Dock may have taken some from there)
    recruitable = set(s.piles["zion"]).union(*(s.piles[dock(i)] for i in range(5)))
    assert set(extras) <= recruitable
    assert not [c for c in s.piles["extras"] if s.defs[c] in keymaker_extras(fdb)]


# --- Part 2: out on the highway --------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-04", "LE-ACT-09", "LE-KEYWORD-24")
def test_part_2_defeat_the_twins_and_complete_freeway_chase_to_begin_act_3(fdb):
    twins, chase = card(fdb, "the_twins"), card(fdb, "freeway_chase")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {twins.id} row.2 up as twins\n"
              f"put {chase.id} row.0 up as chase\npool attack={twins.attack + chase.cost_attack}", act="2 2")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "fight $twins")
    assert sc.ref("twins") in s.piles["defeated_enemies"] and s.time == 7  # Fight: raise the Time Track
    rejected(sc, "objective", "LE-ACT-04")  # the Twins alone are not enough
    accepted(sc, "complete $chase")
    assert sc.ref("chase") in s.piles["discarded"] and s.time == 8 and s.turn.attack == 0
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (3, 1) and s.defs[s.piles["acts"][-1]] == "he_is_the_one"
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(3, 1)]


@pytest.mark.rule("LE-ACT-04", "LE-ACT-12")
def test_part_2_counts_a_freeway_chase_completed_back_in_part_1(fdb):
    twins = card(fdb, "the_twins")
    sc = game(fdb, f"world 0 matrix\nput {P}freeway_chase discarded\nput {twins.id} combat up as twins\n"
              f"pool attack={twins.attack}", act="2 2")
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "fight $twins")
    accepted(sc, "objective")
    assert (sc.game.state.act, sc.game.state.part) == (3, 1)


# --- Cause and Effect (LE-CARD-61, LE-CLEANUP-06) ---------------------------------------------------------


@pytest.mark.rule("LE-CARD-61", "LE-SCAN-08", "LE-CARD-06")
def test_le_card_61_cause_and_effect_revealed_goes_into_the_players_deck(fdb):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {CAUSE} row.4 down as ce\npool attack={cost}")
    s = sc.game.state
    deck = len(s.piles["p0.deck"])
    accepted(sc, "scan 4")
    assert sc.ref("ce") in s.piles["p0.deck"] and len(s.piles["p0.deck"]) == deck + 1
    assert s.owner[sc.ref("ce")] == 0 and s.decision is None  # nothing happens until drawn


@pytest.mark.rule("LE-CARD-61", "LE-CLEANUP-06")
def test_le_cleanup_06_cause_and_effect_drawn_first_acts_after_the_whole_cleanup_draw(fdb):
    unplugs = "\n".join(f"put unplug p0.deck down as u{i}" for i in range(5))
    sc = game(fdb, f"world 0 matrix\nempty p0.hand p0.deck p0.discard\n{unplugs}\n"
              f"put {CAUSE} p0.deck down as ce")
    s = sc.game.state
    res = accepted(sc, "end")  # Cleanup draws 6: Cause and Effect first, then the five Unplugs
    drawn = [e["card"] for e in kinds(res.events, "card_moved") if e["dst"] == "p0.hand"]
    assert drawn[0] == sc.ref("ce") and len(drawn) == 6
    seq = [e.kind for e in res.events if e.kind == "cards_drawn" or
           (e.kind == "card_moved" and e.data["dst"] in ("p0.hand", "p0.discard"))]
    assert seq[:7] == ["card_moved"] * 6 + ["cards_drawn"]  # no discard before the draw ends
    # the discard is asked with the whole draw in hand: cards drawn after it are choosable
    assert s.decision is not None and s.decision.seat == 0
    assert len(s.decision.options) == 6
    accepted(sc, "choose 0")
    accepted(sc, "choose 0")
    assert s.decision is None and len(s.piles["p0.hand"]) == 4 and len(s.piles["p0.discard"]) == 2


@pytest.mark.rule("LE-CARD-61", "LE-CLEANUP-06")
def test_le_cleanup_06_cause_and_effect_in_an_effect_draw_waits_for_the_last_card(fdb):
    sc = game(fdb, f"world 0 matrix\nempty p0.hand\nput unplug p0.deck down as last\n"
              f"put {CAUSE} p0.deck down as ce\nput unplug p0.deck down as first")
    s = sc.game.state
    sc.line("effect 0 draw amount=3")
    assert {sc.ref(n) for n in ("first", "ce", "last")} <= set(s.piles["p0.hand"])
    assert s.decision is not None and len(s.decision.options) == 3  # "last" was drawn after it
    accepted(sc, "choose 2")
    settle(sc)
    assert len(s.piles["p0.hand"]) == 1 and len(s.piles["p0.discard"]) == 2


# --- every Enemy ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-24", "LE-KEYWORD-25")
def test_the_twins_double_strike(fdb):
    sc = game(fdb, f"world 0 matrix\nput {P}the_twins combat up as twins")
    s = sc.game.state
    res = accepted(sc, "end")
    settle(sc)
    assert [e["seat"] for e in kinds(res.events, "strike_drawn")] == [0, 0]
    lines(sc, f"world {s.active} real\ntime 8")
    accepted(sc, "end")  # the active player is out of the Matrix: the Time Track drops by 2
    settle(sc)
    assert s.time == 6


@pytest.mark.rule("LE-KEYWORD-21", "LE-FIGHT-02")
@pytest.mark.parametrize(("name", "drawn"), [("agent_johnson", 2), ("highway_patrol", 0)])
def test_agent_johnson_and_highway_patrol_chase_then_are_fought(fdb, name, drawn):
    """Both chase one extra space along the Row; fighting Agent Johnson draws 2 cards."""
    enemy = card(fdb, name)
    sc = game(fdb, f"put {enemy.id} row.3 up as enemy\nput {FILLER} matrix_deck")
    s = sc.game.state
    accepted(sc, "end")
    settle(sc)
    assert s.where(sc.ref("enemy")) == "row.2"  # not pushed, but chases one space
    lines(sc, f"world {s.active} matrix\npool attack={enemy.attack}")
    hand = len(s.piles[pp(s.active, "hand")])
    accepted(sc, "fight $enemy")
    settle(sc)
    assert sc.ref("enemy") in s.piles["defeated_enemies"]
    assert len(s.piles[pp(s.active, "hand")]) == hand + drawn


@pytest.mark.rule("LE-KEYWORD-19")
def test_agent_johnson_bought_off_does_not_strike(fdb):
    johnson = card(fdb, "agent_johnson")
    sc = game(fdb, f"world 0 matrix\nput {johnson.id} combat up as johnson\n"
              f"pool attack={johnson.buy_time_cost - 1}")
    rejected(sc, "buytime $johnson", "LE-KEYWORD-19")
    lines(sc, f"pool attack={johnson.buy_time_cost}")
    accepted(sc, "buytime $johnson")
    res = accepted(sc, "end")
    assert not kinds(res.events, "strike_drawn") and not sc.game.state.piles["p0.strikes"]


@pytest.mark.rule("LE-KEYWORD-23")
def test_chateau_henchmen_take_cover_beside_a_face_down_card(fdb):
    hench = card(fdb, "chateau_henchmen")
    assert hench.copies == 2
    sc = game(fdb, f"world 0 matrix\nput {hench.id} row.2 up as hench\nput {FILLER} row.3 down as hidden\n"
              f"pool attack={hench.attack}")
    rejected(sc, "fight $hench", "LE-KEYWORD-23")
    lines(sc, "empty row.3")
    accepted(sc, "fight $hench")
    assert sc.ref("hench") in sc.game.state.piles["defeated_enemies"]


@pytest.mark.rule("LE-FIGHT-02")
def test_cain_and_abel_heal_a_strike_when_fought(fdb):
    cain = card(fdb, "cain_and_abel")
    sc = game(fdb, f"world 0 matrix\nput {cain.id} row.1 up as cain\nput strike_bullet_graze p0.strikes\n"
              f"pool attack={cain.attack}")
    s = sc.game.state
    accepted(sc, "fight $cain")
    settle(sc)
    assert sc.ref("cain") in s.piles["defeated_enemies"] and not s.piles["p0.strikes"]


# --- the other Events --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SCAN-08")
@pytest.mark.parametrize("option", [0, 1])
def test_choice_is_an_illusion_lowers_time_or_draws_a_strike(fdb, option):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\ntime 8\nput {P}choice_is_an_illusion row.4 down as ev\n"
              f"pool attack={cost}")
    s = sc.game.state
    accepted(sc, "scan 4")
    assert s.decision is not None and len(s.decision.options) == 2
    accepted(sc, f"choose {option}")
    settle(sc)
    assert (s.time, len(s.piles["p0.strikes"])) == ((7, 0) if option == 0 else (8, 1))
    assert sc.ref("ev") in s.piles["discarded"]


@pytest.mark.rule("LE-SCAN-08", "LE-TIMING-07")
def test_pileup_on_the_freeway_makes_matrix_players_discard(fdb):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\nworld 1 real\nworld 2 matrix\nput {P}pileup row.4 down as ev\n"
              f"pool attack={cost}", players=3)
    s = sc.game.state
    before = hands(sc, 3)
    accepted(sc, "scan 4")
    settle(sc)
    assert hands(sc, 3) == [before[0] - 1, before[1], before[2] - 1]
    assert sc.ref("ev") in s.piles["discarded"]


@pytest.mark.rule("LE-CHALLENGE-02")
def test_the_challenges_refuse_too_little_payment(fdb):
    price, chase = card(fdb, "persephones_price"), card(fdb, "freeway_chase")
    sc = game(fdb, f"world 0 matrix\nput {price.id} row.1 up as price\nput {chase.id} row.2 up as chase\n"
              f"pool recruit={price.cost_recruit - 1} attack={chase.cost_attack - 1}")
    rejected(sc, "complete $price", "LE-CHALLENGE-02")
    rejected(sc, "complete $chase", "LE-CHALLENGE-02")
