"""Rule tests for Reloaded's Act 1, The Oracle's Call (cards/legendary/act_the_oracles_call.toml).

Its counts (1 Act card, a 10-card mini-deck, 4 Extras), Crisis Meeting (LE-CARD-12/13), both Parts'
Objectives met and completed in real engine games, and every Enemy, Event and Challenge of the Act
revealed, fought or completed with its effects checked. Reloaded is not a film yet, so the games
use this Act as Act 1 with The Matrix's Acts 2-3, Hero Groups and Avatars.

Costs and Attack values may be retuned, so they are read from the card database, never hard-coded.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.legendary.acts import registry
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.cardinfo import card_info
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import LegendarySetup
from engine.legendary.state import dock
from tests.legendary.helpers import accepted, rejected
from tests.legendary.test_film_the_matrix import defs, kinds, lines

STORY = "the_oracles_call"
ACTS = (STORY, "know_thyself", "he_is_the_one")
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
AVATARS = ("morpheus_the_matrix", "trinity_the_matrix", "switch")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"
P = f"{STORY}_"  # every card id of this Act but the Act card's starts so
CRISIS = P + "crisis_meeting"
FILLER = "pots_patrol_officer"  # a face-down card to push with


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


# --- helpers ----------------------------------------------------------------------------------------


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1) -> Scenario:
    """A game with this Act as Act 1 (Morpheus seat 0, Trinity seat 1, ...), the Matrix Row and the
    Combat Zone cleared, then the position lines ``text``."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed={seed}\n{CLEAR}\n")
    return Scenario.from_text(head + text, db)


def card(db: CardDB, name: str) -> Any:
    return db.cards[P + name]


def dock_of(db: CardDB, groups: int) -> str:
    """Position lines filling the five Dock spaces with Heroes of exactly ``groups`` Hero Groups."""
    heroes = {g: sorted(c.id for c in db.cards.values() if c.kind == "hero" and c.group == g)
              for g in GROUPS}
    picks = [heroes[GROUPS[i % groups]][i // groups] for i in range(5)]
    return "\n".join([f"empty {' '.join(dock(i) for i in range(5))}"] +
                     [f"put {h} {dock(i)}" for i, h in enumerate(picks)])


def dock_groups(sc: Scenario) -> set[str]:
    s = sc.game.state
    return {sc.t.card(c).group for i in range(5) for c in s.piles[dock(i)]}


# --- the Act's cards --------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-10", "LE-ACT-02", "LE-ACT-03")
def test_one_act_card_a_10_card_mini_deck_and_4_extras(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = [c for c in mine if c.kind == "act"]
    assert [(c.id, c.name, c.act, c.story, c.copies) for c in acts] == [
        (STORY, "The Oracle's Call", 1, STORY, 1)]
    assert [p.part for p in acts[0].parts] == [1, 2]  # one double-sided card
    assert all(p.objective is not None for p in acts[0].parts)  # an Objective per Part
    assert sum(c.copies for c in mine if c.kind != "act" and not c.extra) == 10
    assert sum(c.copies for c in mine if c.extra) == 4
    assert all(c.id.startswith(P) for c in mine if c.kind != "act")
    assert any(a.story == STORY for a in registry().acts)  # the Act has its module
    kinds_in_deck = {c.kind for c in mine if c.kind != "act" and not c.extra}
    assert kinds_in_deck == {"enemy", "challenge", "event"}
    assert fdb.cards[CRISIS].name == "Crisis Meeting" and not fdb.cards[CRISIS].extra
    # Act 1 Enemies are roughly Attack 2-5 (the Extras included)
    assert {c.attack for c in mine if c.kind == "enemy"} <= set(range(2, 6))


@pytest.mark.rule("LE-SETUP-14", "LE-SETUP-17", "LE-ACT-16")
def test_setup_puts_the_mini_deck_on_top_and_sets_the_extras_aside(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    s = g.state
    mini = sorted(c.id for c in fdb.cards.values() if c.deck == f"act:{STORY}" and c.kind != "act"
                  and not c.extra for _ in range(c.copies))
    # solo: no Part of the System, so the top 10 cards (one already in the Row) are this Act's
    top = defs(s, "matrix_deck")[-9:] + [s.defs[c] for i in range(5) for c in s.piles[f"row.{i}"]]
    assert sorted(top) == mini
    extras = sorted(d for d in defs(s, "extras") if d.startswith(P))
    assert extras == sorted(c.id for c in fdb.cards.values() if c.deck == f"act:{STORY}" and c.extra
                            for _ in range(c.copies))
    assert (s.act, s.part) == (1, 1) and s.defs[s.piles["acts"][-1]] == STORY


# --- Part 1: Crisis Meeting (LE-CARD-12/13) ----------------------------------------------------------


@pytest.mark.rule("LE-CARD-12", "LE-CARD-13", "LE-CHALLENGE-02")
def test_le_card_12_13_crisis_meeting_refused_with_three_hero_groups_in_the_dock(fdb):
    sc = game(fdb, f"world 0 matrix\npool recruit=9 attack=9\nput {CRISIS} row.1 up as crisis\n" +
              dock_of(fdb, 3))
    s = sc.game.state
    assert len(dock_groups(sc)) == 3
    # LE-CARD-12: the Hero Group a Hero counts for is the name printed under its card name
    shown = [card_info(fdb, s.defs[c]).kind_line for i in range(5) for c in s.piles[dock(i)]]
    printed = {line.split(" · ")[1] for line in shown}
    assert len(printed) == 3
    res = rejected(sc, "complete $crisis", "LE-CARD-13")
    assert "3 Hero Groups" in res.reason
    assert "complete" not in {c.verb for c in sc.game.legal_commands()}
    assert sc.ref("crisis") in s.piles["row.1"] and (s.turn.recruit, s.turn.attack) == (9, 9)


@pytest.mark.rule("LE-CARD-12", "LE-CARD-13", "LE-CHALLENGE-02", "LE-CHALLENGE-03", "LE-ACT-04")
def test_le_card_13_crisis_meeting_completed_with_four_groups_then_part_1_is_done(fdb):
    sc = game(fdb, f"world 0 matrix\ntime 7\npool recruit=0 attack=0\nput {CRISIS} row.1 up as crisis\n" +
              dock_of(fdb, 4))
    s = sc.game.state
    assert len(dock_groups(sc)) == 4
    rejected(sc, "objective", "LE-ACT-04")
    assert f"complete {sc.ref('crisis')}" in [c.text() for c in sc.game.legal_commands()]
    accepted(sc, "complete $crisis")  # nothing is paid: the Dock is the condition
    assert sc.ref("crisis") in s.piles["discarded"] and s.time == 7 + 1
    assert (s.turn.recruit, s.turn.attack) == (0, 0)
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (1, 2)
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(1, 2)]


@pytest.mark.rule("LE-CARD-13", "LE-SCAN-07")
def test_le_card_13_revealed_while_the_dock_shows_four_groups_it_is_completed_at_once(fdb):
    cost = fdb.playmat.row[2].scan_cost
    sc = game(fdb, f"world 0 matrix\npool attack={cost}\nput {CRISIS} row.2 down as crisis\n" +
              dock_of(fdb, 4))
    s = sc.game.state
    rejected(sc, "complete $crisis", "LE-CHALLENGE-01")  # face down: scan it first
    accepted(sc, "scan 2")
    assert sc.ref("crisis") in s.face_up and sc.ref("crisis") in s.piles["row.2"]  # it stays there
    accepted(sc, "complete $crisis")
    assert sc.ref("crisis") in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-13", "LE-CHALLENGE-01")
def test_le_card_13_from_the_real_world_it_waits_for_a_player_in_the_matrix(fdb):
    """Default of LE-CARD-13: revealed while the active player is in the Real World, it stays in
    play; a player in the Matrix completes it later."""
    sc = game(fdb, f"world 0 real\nput {CRISIS} row.0 down as crisis\n" + dock_of(fdb, 4))
    s = sc.game.state
    for n, pile in enumerate(("row.1", "row.2", "row.3", "row.4", "matrix_deck")):  # a full Row, one more
        lines(sc, f"put {FILLER if n % 2 else 'pots_night_watchman'} {pile}")
    accepted(sc, "end")  # the next Matrix Phase pushes it from the Subway into the Combat Zone
    crisis = sc.ref("crisis")
    assert crisis in s.piles["combat"] and crisis in s.face_up
    assert s.active == 1 and not s.players[1].in_matrix
    rejected(sc, f"complete {crisis}", "LE-CHALLENGE-01")
    assert crisis in s.piles["combat"]
    accepted(sc, "move matrix")
    accepted(sc, f"complete {crisis}")
    assert crisis in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-13")
def test_le_card_13_recruiting_can_bring_the_fourth_group_into_the_dock(fdb):
    sc = game(fdb, f"world 0 real\nput {CRISIS} combat up as crisis\n" + dock_of(fdb, 3))
    s = sc.game.state
    missing = next(g for g in GROUPS if g not in dock_groups(sc))
    hero = min((c for c in fdb.cards.values() if c.kind == "hero" and c.group == missing),
               key=lambda c: c.cost)
    lines(sc, f"empty zion\nput {hero.id} zion as fresh\npool recruit={s.turn.recruit + 9}")
    cid = s.piles[dock(0)][0]
    accepted(sc, f"recruit {cid}")  # the Dock refills from Zion: now four Hero Groups
    assert sc.ref("fresh") in s.piles[dock(0)] and len(dock_groups(sc)) == 4
    accepted(sc, "move matrix")
    accepted(sc, "complete $crisis")


@pytest.mark.rule("LE-ACT-04", "LE-CARD-13")
def test_part_1_is_met_without_crisis_meeting_once_four_hero_groups_are_out_of_reach(fdb):
    """Our rule where the rulebook is silent: when Zion and the Dock together hold Heroes of fewer
    than 4 Hero Groups, Crisis Meeting can never be completed, so the Objective is met without it."""
    sc = game(fdb, f"world 0 matrix\nput {CRISIS} combat up as crisis\n" + dock_of(fdb, 3) + "\nempty zion")
    s = sc.game.state
    missing = next(g for g in GROUPS if g not in dock_groups(sc))
    hero = next(c for c in fdb.cards.values() if c.kind == "hero" and c.group == missing)
    lines(sc, f"put {hero.id} zion as last")  # one Hero of the fourth group is still in Zion
    rejected(sc, "complete $crisis", "LE-CARD-13")
    rejected(sc, "objective", "LE-ACT-04")
    lines(sc, "empty zion")  # now only three Hero Groups are left anywhere to recruit
    assert "objective" in [c.text() for c in sc.game.legal_commands()]
    accepted(sc, "objective")
    assert (s.act, s.part) == (1, 2) and sc.ref("crisis") in s.piles["combat"]


# --- Part 2: Seraph and the Oracle --------------------------------------------------------------------


def part2(db: CardDB, text: str = "", players: int = 2) -> Scenario:
    """A game whose Part 1 Objective was just completed by seat 0: Part 2's Setup has run and it
    is seat 1's turn, then the position lines ``text``."""
    sc = game(db, f"world 0 matrix\nput {CRISIS} row.1 up as crisis\n" + dock_of(db, 4), players=players)
    accepted(sc, "complete $crisis")
    accepted(sc, "objective")
    lines(sc, text)
    return sc


@pytest.mark.rule("LE-ACT-07", "LE-ACT-10", "LE-ACT-11", "LE-ACT-17", "LE-KEYWORD-27")
def test_part_2_setup_puts_seraph_at_the_door(fdb):
    sc = game(fdb, f"world 0 matrix\nput {CRISIS} row.1 up as crisis\n" + dock_of(fdb, 4))
    s = sc.game.state
    seraph = next(c for c in s.piles["extras"] if s.defs[c] == P + "seraph")
    top = s.piles["matrix_deck"][-1]
    accepted(sc, "complete $crisis")
    res = accepted(sc, "objective")
    assert s.piles["acts"][-1] in s.flipped  # the Act card turned to Part 2
    assert s.active == 1 and s.phase == "action"  # the turn ended after the Setup (LE-ACT-11)
    # Seraph was put into the rightmost space, then the new turn's card skipped past him
    assert s.piles["row.4"] == [seraph] and seraph in s.face_up
    assert s.piles["row.3"] == [top] and top not in s.face_up
    moved = [e for e in kinds(res.events, "card_moved") if e["card"] == seraph]
    assert [(e["src"], e["dst"]) for e in moved] == [("extras", "row.4")]
    accepted(sc, "end")
    assert s.piles["row.4"] == [seraph]  # Stationary: he never moves along the Row


@pytest.mark.rule("LE-ACT-04", "LE-ACT-16", "LE-ACT-17", "LE-ACT-18", "LE-ACT-09", "LE-CHALLENGE-01")
def test_part_2_defeat_seraph_then_complete_the_oracles_counsel_to_begin_act_2(fdb):
    seraph, counsel = card(fdb, "seraph"), card(fdb, "counsel")
    sc = part2(fdb, f"world 1 matrix\npool attack={seraph.attack} recruit={counsel.cost_either}")
    s = sc.game.state
    ser = s.piles["row.4"][0]
    assert s.defs[ser] == seraph.id
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, f"fight {ser}")
    assert ser in s.piles["defeated_enemies"] and s.turn.attack == 0
    got = [c for c in s.piles["row.4"] if s.defs[c] == counsel.id]  # at the door Seraph kept
    assert len(got) == 1 and got[0] in s.face_up
    rejected(sc, "objective", "LE-ACT-04")  # the Oracle is reached, not yet heard
    hands = [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])]
    accepted(sc, f"complete {got[0]} recruit")
    assert got[0] in s.piles["discarded"] and s.turn.recruit == 0
    assert [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])] == [hands[0] + 1, hands[1] + 1]
    smiths = [c for c in s.piles["row.4"] + s.piles["row.3"] if s.defs[c] == P + "smith_copy"]
    assert len(smiths) == 2 and set(smiths) <= s.face_up  # one pushed left by the other
    assert not [c for c in s.piles["extras"] if s.defs[c].startswith(P)]  # all 4 Extras used
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (2, 1) and s.defs[s.piles["acts"][-1]] == "know_thyself"
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(2, 1)]
    assert set(smiths) <= {c for i in range(5) for c in s.piles[f"row.{i}"]}  # Smith stays on


@pytest.mark.rule("LE-CHALLENGE-01")
def test_the_oracles_counsel_is_completed_from_the_matrix_only(fdb):
    counsel = card(fdb, "counsel")
    sc = part2(fdb, f"world 1 real\nput {counsel.id} row.2 up as counsel\n"
               f"pool attack={counsel.cost_either}")
    rejected(sc, "complete $counsel", "LE-CHALLENGE-01")
    accepted(sc, "move matrix")
    accepted(sc, "complete $counsel attack")
    assert sc.ref("counsel") in sc.game.state.piles["discarded"] and sc.game.state.turn.attack == 0


# --- every Enemy ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-19", "LE-KEYWORD-29", "LE-FIGHT-03")
def test_agent_jackson_buy_time_and_wild_swing(fdb):
    jackson = card(fdb, "agent_jackson")
    sc = game(fdb, f"world 0 matrix\nput {jackson.id} combat up as jackson\n"
              f"pool attack={jackson.buy_time_cost}")
    s = sc.game.state
    accepted(sc, "buytime $jackson")
    res = accepted(sc, "end")
    assert not kinds(res.events, "strike_drawn") and not s.piles["p0.strikes"]  # distracted
    # seat 1 in the Matrix: he strikes, and Wild Swing offers to throw the first Strike away
    lines(sc, "world 1 matrix")
    accepted(sc, "end")
    assert s.decision is not None and s.decision.rule == "LE-KEYWORD-29" and s.decision.seat == 1
    accepted(sc, "choose 0")
    assert len(s.piles["p1.strikes"]) == 1
    lines(sc, f"world {s.active} matrix\npool attack={jackson.attack - 1}")
    rejected(sc, "fight $jackson", "LE-FIGHT-03")
    lines(sc, f"pool attack={jackson.attack}")
    accepted(sc, "fight $jackson")
    assert sc.ref("jackson") in s.piles["defeated_enemies"]


@pytest.mark.rule("LE-KEYWORD-21", "LE-KEYWORD-19")
def test_agent_thompson_chases_and_raises_the_time_track_when_fought(fdb):
    thompson = card(fdb, "agent_thompson")
    sc = game(fdb, f"put {thompson.id} row.3 up as thompson\nput {P}overwritten_bystanders matrix_deck")
    s = sc.game.state
    accepted(sc, "end")
    assert s.where(sc.ref("thompson")) == "row.2"  # not pushed, but chases one space
    assert "buy_time" in thompson.keywords and thompson.buy_time_cost > 0
    lines(sc, f"time 6\nworld {s.active} matrix\npool attack={thompson.attack}")
    accepted(sc, "fight $thompson")
    assert sc.ref("thompson") in s.piles["defeated_enemies"] and s.time == 7


@pytest.mark.rule("LE-KEYWORD-21")
def test_overwritten_bystanders_chase_and_are_cheap_to_fight(fdb):
    by = card(fdb, "overwritten_bystanders")
    assert by.copies == 2 and by.attack == 2
    sc = game(fdb, f"put {by.id} row.1 up as by\nput {P}agent_jackson matrix_deck")
    s = sc.game.state
    accepted(sc, "end")
    assert s.where(sc.ref("by")) == "row.0"
    lines(sc, f"world {s.active} matrix\npool attack={by.attack}")
    accepted(sc, "fight $by")
    assert sc.ref("by") in s.piles["defeated_enemies"] and s.turn.attack == 0


@pytest.mark.rule("LE-STRIKE-11", "LE-FIGHT-11", "LE-SCAN-06")
def test_bane_goes_beside_the_revealing_players_avatar_and_strikes_only_them(fdb):
    bane = card(fdb, "bane")
    cost = fdb.playmat.row[1].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {bane.id} row.1 down as bane\npool attack={cost}")
    s = sc.game.state
    accepted(sc, "scan 1")
    assert s.piles["p0.beside"] == [sc.ref("bane")] and sc.ref("bane") in s.face_up
    lines(sc, "world 0 real")
    res = accepted(sc, "end")  # his own turn in the Real World: he strikes seat 0
    assert [e["seat"] for e in kinds(res.events, "strike_drawn")] == [0]
    lines(sc, "world 1 real")
    strikes = len(s.piles["p1.strikes"])
    time = s.time
    # seat 1's turn: Bane is focused on seat 0, yet any Real World player may fight him
    assert s.active == 1
    lines(sc, f"pool attack={bane.attack}")
    accepted(sc, "fight $bane")
    assert sc.ref("bane") in s.piles["defeated_enemies"]
    assert len(s.piles["p1.strikes"]) == strikes and s.time == time


@pytest.mark.rule("LE-SCAN-06", "LE-FIGHT-02")
def test_osiris_hunters_enter_the_real_world_and_fighting_them_draws_a_card(fdb):
    hunters = card(fdb, "osiris_hunters")
    cost = fdb.playmat.row[3].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {hunters.id} row.3 down as hunters\npool attack={cost}")
    s = sc.game.state
    accepted(sc, "scan 3")
    assert sc.ref("hunters") in s.piles["real_world"] and sc.ref("hunters") in s.face_up
    lines(sc, f"world 0 real\npool attack={hunters.attack}")
    hand = len(s.piles["p0.hand"])
    accepted(sc, "fight $hunters")
    assert sc.ref("hunters") in s.piles["defeated_enemies"] and len(s.piles["p0.hand"]) == hand + 1


@pytest.mark.rule("LE-KEYWORD-27", "LE-ACT-18")
def test_seraph_is_stationary_and_fighting_him_opens_the_oracles_counsel(fdb):
    seraph = card(fdb, "seraph")
    sc = game(fdb, f"put {seraph.id} row.2 up as seraph\nput {FILLER} matrix_deck as top\n"
              f"put {FILLER} row.3 down as pushed\nput {FILLER} row.4 down as first")
    s = sc.game.state
    accepted(sc, "end")
    assert s.where(sc.ref("seraph")) == "row.2"
    assert [s.where(sc.ref(n)) for n in ("top", "first", "pushed")] == ["row.4", "row.3", "row.1"]
    lines(sc, f"world {s.active} matrix\npool attack={seraph.attack}")
    accepted(sc, "fight $seraph")
    assert sc.ref("seraph") in s.piles["defeated_enemies"]
    assert defs(s, "row.4") == [P + "counsel"] and s.piles["row.4"][0] in s.face_up
    assert defs(s, "row.3") == [FILLER]  # the card that was there was pushed along


@pytest.mark.rule("LE-ACT-18")
def test_smith_copies_are_plain_enemies_once_in_play(fdb):
    smith = card(fdb, "smith_copy")
    assert smith.copies == 2 and smith.extra and not smith.keywords and not smith.text
    sc = game(fdb, f"world 0 matrix\nput {smith.id} row.0 up as smith\npool attack={smith.attack}")
    s = sc.game.state
    accepted(sc, "fight $smith")
    assert sc.ref("smith") in s.piles["defeated_enemies"]


# --- every Event -----------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SCAN-08")
@pytest.mark.parametrize("option", [0, 1])
def test_the_osiris_is_lost_lowers_time_or_makes_each_player_discard(fdb, option):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\nworld 1 real\ntime 8\nput {P}osiris_is_lost row.4 down as ev\n"
              f"pool attack={cost}")
    s = sc.game.state
    hands = [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])]
    accepted(sc, "scan 4")
    assert s.decision is not None and len(s.decision.options) == 2
    accepted(sc, f"choose {option}")
    while s.decision is not None:  # which card each player discards
        accepted(sc, "choose 0")
    if option == 0:
        assert s.time == 7 and [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])] == hands
    else:
        assert s.time == 8 and [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])] == [h - 1 for h in hands]
    assert sc.ref("ev") in s.piles["discarded"]


@pytest.mark.rule("LE-SCAN-08", "LE-TIMING-07")
def test_waiting_for_the_call_makes_real_world_players_discard(fdb):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\nworld 1 real\nworld 2 real\n"
              f"put {P}waiting_for_the_call row.4 down as ev\npool attack={cost}", players=3)
    s = sc.game.state
    hands = [len(s.piles[f"p{i}.hand"]) for i in range(3)]
    accepted(sc, "scan 4")
    while s.decision is not None:
        accepted(sc, "choose 0")
    assert [len(s.piles[f"p{i}.hand"]) for i in range(3)] == [hands[0], hands[1] - 1, hands[2] - 1]
    assert sc.ref("ev") in s.piles["discarded"]


# --- the other Challenge ------------------------------------------------------------------------------


@pytest.mark.rule("LE-CHALLENGE-04", "LE-SCAN-07")
def test_the_temple_gathering_goes_to_the_real_world_and_heals_each_player(fdb):
    temple = card(fdb, "temple_gathering")
    cost = fdb.playmat.row[2].scan_cost
    sc = game(fdb, f"world 0 matrix\nput {temple.id} row.2 down as temple\npool attack={cost}\n"
              "put strike_bullet_graze p0.strikes\nput strike_split_lip p1.strikes")
    s = sc.game.state
    accepted(sc, "scan 2")
    assert sc.ref("temple") in s.piles["real_world"] and sc.ref("temple") in s.face_up
    lines(sc, f"pool recruit={temple.cost_recruit}")
    rejected(sc, "complete $temple", "LE-CHALLENGE-04")  # from the Matrix: no
    lines(sc, "world 0 real")
    accepted(sc, "complete $temple")
    while s.decision is not None:
        accepted(sc, "choose 0")
    assert sc.ref("temple") in s.piles["discarded"] and s.turn.recruit == 0
    assert not s.piles["p0.strikes"] and not s.piles["p1.strikes"]
