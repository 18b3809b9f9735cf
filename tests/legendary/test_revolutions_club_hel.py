"""Rule tests for Revolutions' Act 1, Club Hel (cards/legendary/act_club_hel.toml) and its Extras,
the Seraph Hero Group (cards/legendary/heroes_seraph.toml).

The counts; both Parts' Objectives met and completed in real engine games (Part 1 brings the Seraph
Extra Hero Group into Zion, or is ignored when the group is already in the game: LE-STORY-06);
Club Hel Guards turning over as they are revealed and move (LE-CARD-08..11); Stranded, which only
an Act card's instruction overrides (LE-CARD-46); every other mini-deck card revealed, fought or
completed; and every Seraph Hero played with its effect checked.
Revolutions is not a film yet, so the games use Club Hel as Act 1 before The Matrix's Acts 2 and 3,
with a Neo group among Zion's four (LE-STORY-04) and The Matrix's Avatars.

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
from engine.legendary.state import dock
from tests.legendary.helpers import accepted, act_game, rejected, settle
from tests.legendary.test_film_the_matrix import defs, kinds, lines
from tests.legendary.test_reloaded_free_the_keymaker import hands

STORY = "club_hel"
ACTS = (STORY, "know_thyself", "he_is_the_one")
GROUPS = ("neo_reloaded", "morpheus_the_matrix", "trinity_the_matrix", "tank")
AVATARS = ("morpheus_the_matrix", "trinity_the_matrix", "switch")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"
P = f"{STORY}_"  # every mini-deck card id of this Act starts so
GUARDS = P + "guards"
STRANDED = P + "stranded"
FILLER = "pots_patrol_officer"  # a face-down card to push with
SERAPH = "seraph"


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1, act: str = "1 1") -> Scenario:
    """A game at this Act's Part ``act`` (Morpheus seat 0, Trinity seat 1, ...), cleared Row and
    Combat Zone, then the position lines ``text``."""
    return act_game(db, ACTS, GROUPS, AVATARS, text, players, seed, act)


def card(db: CardDB, name: str) -> Any:
    return db.cards[P + name]


def seraph_extras(db: CardDB) -> list[str]:
    """The Seraph Extra Hero Group's card ids, one per copy."""
    return sorted(c.id for c in db.cards.values() if c.deck == f"act:{STORY}" and c.extra
                  and c.kind == "hero" for _ in range(c.copies))


def upside_down(sc: Scenario, name: str) -> bool:
    """Whether the card is upside down, as the table state holds it."""
    return sc.ref(name) in sc.game.state.rotated


def shown(sc: Scenario, name: str, seat: int = 0) -> dict:
    """The card as ``seat``'s view shows it (what the playmat draws)."""
    cid = sc.ref(name)
    view = sc.game.observe(seat)
    return next(c for p in view["piles"].values() for c in p.get("cards", ()) if c.get("id") == cid)


# --- the Act's cards --------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-10", "LE-ACT-02", "LE-ACT-03", "LE-FILMS-07")
def test_one_act_card_a_10_card_mini_deck_and_14_extras(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = [c for c in mine if c.kind == "act"]
    assert [(c.id, c.name, c.act, c.story, c.copies) for c in acts] == [(STORY, "Club Hel", 1, STORY, 1)]
    assert [p.part for p in acts[0].parts] == [1, 2]  # one double-sided card
    assert all(p.objective is not None for p in acts[0].parts)
    mini = [c for c in mine if c.kind != "act" and not c.extra]
    assert sum(c.copies for c in mini) == 10
    assert all(c.id.startswith(P) for c in mini)
    assert {c.kind for c in mini} == {"enemy", "challenge", "event"}
    assert sum(c.copies for c in mine if c.extra) == 14
    assert all(c.kind == "hero" and c.group == SERAPH for c in mine if c.extra)
    assert any(a.story == STORY for a in registry().acts)
    assert fdb.cards[GUARDS].name == "Club Hel Guards" and fdb.cards[STRANDED].name == "Stranded"
    # Act 1 Enemies are roughly Attack 2-5, on either end of a turning card
    enemies = [c for c in mini if c.kind == "enemy"]
    assert {a for c in enemies for a in (c.attack, c.upside_down_attack) if a is not None} <= set(range(2, 6))


@pytest.mark.rule("LE-SETUP-14", "LE-SETUP-17", "LE-SETUP-19")
def test_setup_puts_the_mini_deck_on_top_and_sets_seraph_aside(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    s = g.state
    mini = sorted(c.id for c in fdb.cards.values() if c.deck == f"act:{STORY}" and c.kind != "act"
                  and not c.extra for _ in range(c.copies))
    # solo: one Part of the System card per Act; one card of the top is already in the Row
    top = defs(s, "matrix_deck")[-10:] + [d for i in range(5) for d in defs(s, f"row.{i}")]
    assert sorted(d for d in top if d.startswith(P)) == mini
    assert sorted(d for d in defs(s, "extras") if fdb.cards[d].deck == f"act:{STORY}") == seraph_extras(fdb)
    assert not [c for c in s.piles["zion"] if s.defs[c] in seraph_extras(fdb)]


# --- Club Hel Guards (LE-CARD-08..11) ----------------------------------------------------------------


@pytest.mark.rule("LE-CARD-08", "LE-SCAN-06")
def test_le_card_08_a_guard_revealed_in_the_row_turns_upside_down_and_fights_with_its_other_end(fdb):
    guard = fdb.cards[GUARDS]
    cost = fdb.playmat.row[2].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {GUARDS} row.2 down as g\npool attack={cost + guard.attack}")
    s = sc.game.state
    assert not upside_down(sc, "g")
    res = accepted(sc, "scan 2")
    assert sc.ref("g") in s.face_up and upside_down(sc, "g")
    assert [e["upside_down"] for e in kinds(res.events, "card_rotated")] == [True]
    assert shown(sc, "g")["rotated"] is True and shown(sc, "g", seat=1)["rotated"] is True
    # upside down it shows its other Attack: the upright Attack no longer pays for it
    rejected(sc, "fight $g", "LE-FIGHT-03")
    lines(sc, f"pool attack={guard.upside_down_attack}")
    accepted(sc, "fight $g")
    assert sc.ref("g") in s.piles["defeated_enemies"] and s.turn.attack == 0
    assert not upside_down(sc, "g")  # it lies upright among the defeated


@pytest.mark.rule("LE-CARD-09", "LE-MATRIX-03")
def test_le_card_09_each_move_along_the_row_turns_a_guard_over_again(fdb):
    guard = fdb.cards[GUARDS]
    sc = game(fdb, f"world 0 matrix\nput {GUARDS} row.2 down as g\nput {FILLER} matrix_deck\n"
              f"put {FILLER} matrix_deck")
    s = sc.game.state
    sc.line("effect 0 scan_any")
    assert upside_down(sc, "g")
    sc.line("effect 0 place_in_row space=2")  # a card enters its space and pushes it one left
    assert s.where(sc.ref("g")) == "row.1" and not upside_down(sc, "g")
    assert "rotated" not in shown(sc, "g")
    lines(sc, f"pool attack={guard.attack}")
    assert sc.game.is_legal(f"fight {sc.ref('g')}")  # upright: its printed Attack
    sc.line("effect 0 place_in_row space=1")
    assert s.where(sc.ref("g")) == "row.0" and upside_down(sc, "g")
    assert not sc.game.is_legal(f"fight {sc.ref('g')}")


@pytest.mark.rule("LE-CARD-09", "LE-MATRIX-01")
def test_le_card_09_a_guard_pushed_by_the_matrix_phase_turns_over(fdb):
    sc = game(fdb, f"put {GUARDS} row.4 up as g\nput {FILLER} matrix_deck")
    s = sc.game.state
    assert not upside_down(sc, "g")  # put face up as it is: upright
    res = accepted(sc, "end")
    settle(sc)
    assert s.where(sc.ref("g")) == "row.3" and upside_down(sc, "g")
    assert [e["card"] for e in kinds(res.events, "card_rotated")] == [sc.ref("g")]


@pytest.mark.rule("LE-CARD-10", "LE-MATRIX-06")
@pytest.mark.parametrize("was_upside_down", [False, True])
def test_le_card_10_a_face_up_guard_moving_from_the_subway_into_the_combat_zone_turns_over(
        fdb, was_upside_down):
    sc = game(fdb, f"put {GUARDS} row.0 up as g\nput {FILLER} matrix_deck")
    s = sc.game.state
    if was_upside_down:
        s.rotated.add(sc.ref("g"))
    sc.line("effect 0 place_in_row space=0")
    assert sc.ref("g") in s.piles["combat"]
    assert upside_down(sc, "g") is not was_upside_down


@pytest.mark.rule("LE-CARD-10", "LE-SCAN-08")
def test_le_card_10_the_train_arrives_pushes_a_subway_guard_into_the_combat_zone_turning_it(fdb):
    """The Train Arrives (an Event of this Act) puts the top Matrix Deck card into the Subway."""
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {GUARDS} row.0 up as g\nput {FILLER} matrix_deck as next\n"
              f"put {P}the_train_arrives row.4 down as ev\npool attack={cost}")
    s = sc.game.state
    accepted(sc, "scan 4")
    settle(sc)
    assert s.where(sc.ref("next")) == "row.0" and sc.ref("next") not in s.face_up
    assert sc.ref("g") in s.piles["combat"] and upside_down(sc, "g")
    assert sc.ref("ev") in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-11", "LE-MATRIX-06", "LE-SCAN-10")
def test_le_card_11_a_face_down_guard_revealed_in_the_combat_zone_turns_upside_down_once(fdb):
    sc = game(fdb, f"put {GUARDS} row.0 down as g\nput {FILLER} matrix_deck")
    s = sc.game.state
    sc.line("effect 0 place_in_row space=0")
    settle(sc)
    assert sc.ref("g") in s.piles["combat"] and sc.ref("g") in s.face_up
    assert upside_down(sc, "g")
    assert [e["upside_down"] for e in sc.events if e["kind"] == "card_rotated"] == [True]


@pytest.mark.rule("LE-CARD-11")
@pytest.mark.parametrize("was_upside_down", [False, True])
def test_le_card_11_being_shifted_over_when_another_card_enters_the_combat_zone_is_not_a_move(
        fdb, was_upside_down):
    sc = game(fdb, f"put {GUARDS} combat up as g\nput {FILLER} row.0 up as other\n"
              f"put {FILLER} matrix_deck\nput {FILLER} matrix_deck")
    s = sc.game.state
    if was_upside_down:
        s.rotated.add(sc.ref("g"))
    sc.line("effect 0 place_in_row space=0")  # the Subway card enters the Combat Zone
    sc.line("effect 0 push_row_into_combat")  # and then the whole Row
    assert sc.ref("other") in s.piles["combat"] and len(s.piles["combat"]) == 3
    assert upside_down(sc, "g") is was_upside_down
    assert not [e for e in sc.events if e["kind"] == "card_rotated" and e["card"] == sc.ref("g")]


@pytest.mark.rule("LE-CARD-09", "LE-TIMING-08")
def test_le_card_09_a_face_up_guard_pushed_with_the_whole_row_into_the_combat_zone_turns(fdb):
    sc = game(fdb, f"put {GUARDS} row.3 up as g\nput {GUARDS} row.1 down as hidden")
    s = sc.game.state
    sc.line("effect 0 push_row_into_combat")
    settle(sc)
    assert {sc.ref("g"), sc.ref("hidden")} <= set(s.piles["combat"])
    assert upside_down(sc, "g")  # face up and upright: the move turns it
    assert upside_down(sc, "hidden")  # face down: revealed in the Combat Zone, upside down


@pytest.mark.rule("LE-CARD-08", "LE-STRIKE-01")
def test_a_guard_in_the_combat_zone_strikes_whichever_end_is_up(fdb):
    sc = game(fdb, f"world 0 matrix\nput {GUARDS} combat up as g")
    sc.game.state.rotated.add(sc.ref("g"))
    res = accepted(sc, "end")
    settle(sc)
    assert [e["seat"] for e in kinds(res.events, "strike_drawn")] == [0]
    assert upside_down(sc, "g")  # striking is not a move


# --- Stranded (LE-CARD-46) -------------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-46", "LE-TIMING-02", "LE-ABILITY-02")
@pytest.mark.parametrize("where", ["row.2", "combat"])
def test_le_card_46_stranded_keeps_players_in_the_matrix_against_moves_and_card_effects(fdb, where):
    sc = game(fdb, f"world 0 matrix\nput {STRANDED} {where} up as st")
    s = sc.game.state
    rejected(sc, "move real subway", "LE-TIMING-02")
    sc.line("effect 0 move_to_real_world")  # a card effect does not override it
    assert s.players[0].in_matrix
    stays = [e for e in sc.events if e["kind"] == "rsi_stays"]
    assert stays and "Stranded" in stays[0]["text"]


@pytest.mark.rule("LE-CARD-46", "LE-CHALLENGE-01", "LE-CHALLENGE-03")
def test_stranded_completed_lets_players_leave_again(fdb):
    st = fdb.cards[STRANDED]
    sc = game(fdb, f"world 0 matrix\nput {STRANDED} row.1 up as st\npool recruit={st.cost_either}")
    s = sc.game.state
    accepted(sc, "complete $st")
    assert sc.ref("st") in s.piles["discarded"] and s.turn.recruit == 0
    accepted(sc, "move real subway")
    assert not s.players[0].in_matrix


@pytest.mark.rule("LE-CARD-46", "LE-ACT-04", "LE-ACT-09")
def test_le_card_46_part_2s_closing_instruction_takes_everyone_out_despite_stranded(fdb):
    """Part 2's Objective done, the Act card says each player leaves the Matrix: Stranded in the
    Combat Zone cannot stop it (an Act card's instruction overrides it)."""
    standoff = card(fdb, "the_standoff")
    sc = game(fdb, f"world 0 matrix\nworld 1 matrix\nput {STRANDED} combat up as st\n"
              f"put {GUARDS} defeated_enemies\nput {GUARDS} defeated_enemies\n"
              f"put {standoff.id} row.2 up as so\npool attack={standoff.cost_attack}", act="1 2")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "complete $so")
    res = accepted(sc, "objective")
    settle(sc)
    assert [p.in_matrix for p in s.players] == [False, False]
    assert (s.act, s.part) == (2, 1) and s.defs[s.piles["acts"][-1]] == "know_thyself"
    assert sc.ref("st") in s.piles["combat"]  # Stranded is still there
    assert not [e for e in res.events if e.kind == "rsi_stays"]


@pytest.mark.rule("LE-CARD-46", "LE-ACT-07", "LE-ABILITY-02")
def test_le_card_46_part_2s_setup_puts_everyone_in_the_matrix_despite_a_card_forbidding_it(fdb):
    trainman = card(fdb, "the_trainman")
    sc = game(fdb, f"world 0 matrix\nworld 1 real\nput {trainman.id} row.1 up as tm\n"
              f"pool attack={trainman.attack}\neffect 0 forbid what=enter_matrix")
    s = sc.game.state
    sc.line("effect 1 move_to_matrix")  # a card effect cannot take the Real-World player in
    assert not s.players[1].in_matrix
    accepted(sc, "fight $tm")
    accepted(sc, "objective")
    settle(sc)
    assert (s.act, s.part) == (1, 2)
    assert [p.in_matrix for p in s.players] == [True, True]  # the Act card's instruction overrides it


# --- the Objectives ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-04", "LE-ACT-16", "LE-FIGHT-02")
def test_part_1_defeat_the_trainman_then_seraph_joins_zion(fdb):
    trainman = card(fdb, "the_trainman")
    sc = game(fdb, f"world 0 matrix\nput {trainman.id} row.1 up as tm\npool attack={trainman.attack}")
    s = sc.game.state
    extras = [c for c in s.piles["extras"] if s.defs[c] in seraph_extras(fdb)]
    assert len(extras) == 14
    rejected(sc, "objective", "LE-ACT-04")
    hand = len(s.piles["p0.hand"])
    accepted(sc, "fight $tm")
    settle(sc)
    assert sc.ref("tm") in s.piles["defeated_enemies"] and len(s.piles["p0.hand"]) == hand + 1
    res = accepted(sc, "objective")
    settle(sc)
    assert (s.act, s.part) == (1, 2)
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(1, 2)]
    recruitable = set(s.piles["zion"]).union(*(s.piles[dock(i)] for i in range(5)))
    assert set(extras) <= recruitable
    assert kinds(res.events, "zion_grows") and not kinds(res.events, "extras_ignored")


@pytest.mark.rule("LE-STORY-06", "LE-STORY-05", "LE-ACT-04")
def test_le_story_06_seraph_started_in_zion_is_not_added_again(fdb):
    """A story of the players' own starts Zion with the Seraph group (LE-STORY-05); Part 1's
    instruction to add it is then ignored: Zion is neither grown nor shuffled, and the Act still
    moves on."""
    trainman = card(fdb, "the_trainman")
    setup = LegendarySetup(avatars=list(AVATARS[:2]), acts=list(ACTS), groups=[SERAPH, *GROUPS[:3]],
                           seed=1, story=True)
    sc = Scenario(game=LegendaryGame.new(setup, fdb), db=fdb)
    lines(sc, f"{CLEAR}\nactive 0\nworld 0 matrix\nput {trainman.id} row.1 up as tm\n"
              f"pool attack={trainman.attack}")
    s = sc.game.state
    in_zion = [c for c in s.piles["zion"] + [c for i in range(5) for c in s.piles[dock(i)]]
               if s.defs[c] in seraph_extras(fdb)]
    assert len(in_zion) == 14 and not [c for c in s.piles["extras"] if s.defs[c] in seraph_extras(fdb)]
    zion = list(s.piles["zion"])
    accepted(sc, "fight $tm")
    settle(sc)
    res = accepted(sc, "objective")
    settle(sc)
    assert (s.act, s.part) == (1, 2)
    assert s.piles["zion"] == zion  # same cards, same order: nothing added, nothing shuffled
    ignored = [e for e in res.events if e.kind == "extras_ignored"]
    assert [e.data["group"] for e in ignored] == [SERAPH] and "LE-STORY-06" in ignored[0].text
    assert not kinds(res.events, "zion_grows")


@pytest.mark.rule("LE-ACT-04", "LE-ACT-12", "LE-KEYWORD-23")
def test_part_2_needs_two_guards_and_the_standoff_in_any_order(fdb):
    guard, standoff = fdb.cards[GUARDS], card(fdb, "the_standoff")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {standoff.id} discarded\nput {GUARDS} row.1 up as g1\n"
              f"put {GUARDS} row.3 up as g2\npool attack={2 * guard.attack}", act="1 2")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")  # the Standoff (done in Part 1) alone is not enough
    accepted(sc, "fight $g1")
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "fight $g2")
    accepted(sc, "objective")
    settle(sc)
    assert (s.act, s.part) == (2, 1)
    assert not s.players[0].in_matrix  # the closing instruction of Part 2


# --- the other mini-deck cards ---------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-21", "LE-FIGHT-02")
def test_the_trainman_gives_chase(fdb):
    sc = game(fdb, f"put {P}the_trainman row.3 up as tm\nput {FILLER} matrix_deck")
    s = sc.game.state
    accepted(sc, "end")
    settle(sc)
    assert s.where(sc.ref("tm")) == "row.2"  # not pushed, but chases one space


@pytest.mark.rule("LE-KEYWORD-19", "LE-FIGHT-02")
def test_the_merovingian_buys_time_or_is_fought_raising_the_time_track(fdb):
    mero = card(fdb, "the_merovingian")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {mero.id} combat up as mero\n"
              f"pool attack={mero.buy_time_cost}")
    s = sc.game.state
    accepted(sc, "buytime $mero")
    res = accepted(sc, "end")
    assert not kinds(res.events, "strike_drawn")
    lines(sc, f"active 0\nworld 0 matrix\npool attack={mero.attack}")
    accepted(sc, "fight $mero")
    settle(sc)
    assert sc.ref("mero") in s.piles["defeated_enemies"] and s.time == 7


@pytest.mark.rule("LE-KEYWORD-23")
def test_the_doorman_takes_cover_beside_a_face_down_card(fdb):
    door = card(fdb, "doorman")
    sc = game(fdb, f"world 0 matrix\nput {door.id} row.2 up as door\nput {FILLER} row.1 down\n"
              f"pool attack={door.attack}")
    rejected(sc, "fight $door", "LE-KEYWORD-23")
    lines(sc, "empty row.1")
    accepted(sc, "fight $door")
    assert sc.ref("door") in sc.game.state.piles["defeated_enemies"]


@pytest.mark.rule("LE-CHALLENGE-02", "LE-CHALLENGE-03")
def test_the_standoff_costs_attack_and_raises_the_time_track(fdb):
    so = card(fdb, "the_standoff")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {so.id} combat up as so\npool attack={so.cost_attack - 1}")
    s = sc.game.state
    rejected(sc, "complete $so", "LE-CHALLENGE-02")
    lines(sc, f"pool attack={so.cost_attack}")
    accepted(sc, "complete $so")
    assert sc.ref("so") in s.piles["discarded"] and s.time == 7 and s.turn.attack == 0


@pytest.mark.rule("LE-SCAN-10", "LE-SCAN-08", "LE-TIMING-07")
@pytest.mark.parametrize("how", ["scan", "combat"])
def test_the_coat_check_makes_matrix_players_discard_only_when_it_reaches_the_combat_zone(fdb, how):
    cost = fdb.playmat.row[0].scan_cost
    sc = game(fdb, f"world 0 matrix\nworld 1 real\nworld 2 matrix\nput {P}coat_check row.0 down as ev\n"
              f"put {FILLER} matrix_deck\npool attack={cost}", players=3)
    s = sc.game.state
    before = hands(sc, 3)
    if how == "scan":
        accepted(sc, "scan 0")
    else:
        sc.line("effect 0 place_in_row space=0")  # pushed from the Subway into the Combat Zone
    settle(sc)
    lost = 1 if how == "combat" else 0
    assert hands(sc, 3) == [before[0] - lost, before[1], before[2] - lost]
    assert sc.ref("ev") in s.piles["discarded"]


# --- the Seraph Hero Group ----------------------------------------------------------------------------------


def seraph_group(db: CardDB) -> list[Any]:
    return sorted((c for c in db.cards.values() if c.kind == "hero" and c.group == SERAPH),
                  key=lambda c: (-c.copies, c.cost))


@pytest.mark.rule("LE-SETUP-19", "LE-KEYWORD-13")
def test_seraph_is_a_14_card_extra_group_in_the_5_5_3_1_shape_leaning_survival_and_strength(fdb):
    members = seraph_group(fdb)
    assert [c.copies for c in members] == [5, 5, 3, 1]
    commons, uncommon, rare = members[:2], members[2], members[3]
    assert all(2 <= c.cost <= 4 for c in commons) and 5 <= uncommon.cost <= 6 and 7 <= rare.cost <= 8
    assert all(c.extra and c.deck == f"act:{STORY}" and c.id.startswith("seraph_") for c in members)
    assert {cls for c in members for cls in c.classes} == {"survival", "strength"}
    assert any(c.recruit for c in members)


def _seraph_table(fdb: CardDB, *hand: str) -> Scenario:
    """Seat 0 active in the Matrix with empty pools, one Strike on each player, these cards in hand."""
    puts = "\n".join(f"put {d} p0.hand as {d}" for d in hand)
    return game(fdb, f"active 0\nworld 0 matrix\npool recruit=0 attack=0\nempty p0.hand\n"
                     f"put strike_bullet_graze p0.strikes\nput strike_bullet_graze p1.strikes\n{puts}")


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-15", "LE-STRIKE-12")
def test_guardian_at_the_door_gives_recruit_and_with_survival_avoids_a_strike(fdb):
    door, rare = "seraph_guardian_at_the_door", "seraph_until_you_fight_them"
    sc = _seraph_table(fdb, door)
    s = sc.game.state
    accepted(sc, f"play ${door}")
    assert (s.turn.recruit, s.players[0].avoid) == (fdb.cards[door].recruit, 0)  # no Survival before it
    sc = _seraph_table(fdb, rare, door)
    s = sc.game.state
    accepted(sc, f"play ${rare}")
    settle(sc)
    avoid = s.players[0].avoid
    accepted(sc, f"play ${door}")
    assert s.players[0].avoid == avoid + 1


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-15")
def test_wing_chun_hits_harder_after_another_strength_hero(fdb):
    wc = fdb.cards["seraph_wing_chun"]
    sc = _seraph_table(fdb, "seraph_wing_chun")
    accepted(sc, "play $seraph_wing_chun")
    assert sc.game.state.turn.attack == wc.attack
    sc = _seraph_table(fdb, "seraph_shield_the_others", "seraph_wing_chun")
    s = sc.game.state
    accepted(sc, "play $seraph_shield_the_others")
    settle(sc)
    before = s.turn.attack
    accepted(sc, "play $seraph_wing_chun")
    assert s.turn.attack == before + wc.attack + wc.class_ability.effects[0].amount


@pytest.mark.rule("LE-STRIKE-11", "LE-KEYWORD-14")
def test_shield_the_others_heals_a_strike_of_another_player(fdb):
    sh = fdb.cards["seraph_shield_the_others"]
    sc = _seraph_table(fdb, "seraph_shield_the_others")
    s = sc.game.state
    accepted(sc, "play $seraph_shield_the_others")
    assert s.decision is not None  # whose Strike: the active player chooses
    accepted(sc, "choose 1")
    settle(sc)
    assert not s.piles["p1.strikes"] and len(s.piles["p0.strikes"]) == 1
    assert s.turn.attack == sh.attack  # no Strength Hero before it


@pytest.mark.rule("LE-STRIKE-11", "LE-STRIKE-12", "LE-KEYWORD-14")
def test_until_you_fight_them_heals_avoids_and_with_survival_adds_attack(fdb):
    rare = fdb.cards["seraph_until_you_fight_them"]
    door = "seraph_guardian_at_the_door"
    sc = _seraph_table(fdb, door, "seraph_until_you_fight_them")
    s = sc.game.state
    accepted(sc, f"play ${door}")
    accepted(sc, "play $seraph_until_you_fight_them")
    accepted(sc, "choose 0")  # heal the player's own Strike
    settle(sc)
    assert not s.piles["p0.strikes"] and len(s.piles["p1.strikes"]) == 1
    assert s.players[0].avoid == 1
    assert s.turn.attack == rare.attack + rare.class_ability.effects[0].amount


@pytest.mark.rule("LE-RECRUIT-02", "LE-ACT-16")
def test_seraph_heroes_are_recruited_from_the_dock_once_they_join_zion(fdb):
    door = fdb.cards["seraph_guardian_at_the_door"]
    sc = game(fdb, f"world 0 real\nempty dock.0\nput {door.id} dock.0 up as d\npool recruit={door.cost}")
    accepted(sc, "recruit $d")
    assert sc.ref("d") in sc.game.state.piles["p0.discard"]


# --- whole games --------------------------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-08", "LE-CARD-09", "LE-ACT-16")
@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_heuristic_bot_game_through_club_hel_turns_guards_and_brings_seraph(fdb, players):
    """Every command accepted; only face-up cards in the Row or the Combat Zone are ever upside
    down; Guards turned, Seraph joined Zion and the game reached Act 2 and its end."""
    from engine.legendary.bots import BOTS

    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:players]), acts=list(ACTS),
                                         groups=list(GROUPS), seed=2), fdb, track_undo=False)
    bot = BOTS["heuristic"](2)
    s = g.state
    turned = grew = 0
    in_play = ("combat", *(f"row.{i}" for i in range(5)))
    for _ in range(20000):
        if g.over:
            break
        res = g.apply(bot.choose(g))
        assert res.accepted, res
        turned += sum(e.kind == "card_rotated" for e in res.events)
        grew += sum(e.kind == "zion_grows" for e in res.events)
        s = g.state
        assert all(c in s.face_up and s.where(c) in in_play for c in s.rotated)
    assert g.over and s.result
    assert turned > 0 and grew == 1 and s.act >= 2
