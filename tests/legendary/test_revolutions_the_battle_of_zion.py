"""Rule tests for Revolutions' Act 2, The Battle of Zion (cards/legendary/act_the_battle_of_zion.toml).

Its counts (1 Act card, an 11-card mini-deck, no Extras), both Parts' Objectives in real engine
games, the Diggers and an empty Zion (LE-CARD-14/15), The Machines are Digging drawn (LE-CARD-61),
Fly the Mechanical Line beneath the Dock (LE-CARD-21..23), Go Up, Over Them. (LE-CARD-24..26),
Mobile Bombs' fuse (LE-CARD-41/42), Sentinel Hunter moving on (LE-CARD-43/44), every other card of
the mini-deck, and random and heuristic play that starts in this Act.
Revolutions is not a film yet, so the games use this Act as Act 2 between The Matrix's Acts 1 and 3,
with The Matrix's Hero Groups and Avatars. Costs and Attack values are read from the card database.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.legendary.acts import registry
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import LegendarySetup
from tests.legendary.helpers import accepted, rejected, settle
from tests.legendary.test_film_the_matrix import defs, lines
from tests.legendary.test_fuzz import pick, play_checked

STORY = "the_battle_of_zion"
ACTS = ("what_is_the_matrix", STORY, "he_is_the_one")
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
AVATARS = ("morpheus_the_matrix", "trinity_the_matrix", "switch")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat matrix_deck"
GRAZES = "\n".join(["put strike_bullet_graze strikes"] * 3)  # plain Strikes on top of the deck
P = f"{STORY}_"
DIGGER, MACHINES, LINE, GO_UP = (P + n for n in ("digger", "the_machines_are_digging",
                                                   "fly_the_mechanical_line", "go_up_over_them"))
BOMBS, HUNTER, SWARM, DOME = (P + n for n in ("mobile_bombs", "sentinel_hunter", "sentinel_swarm",
                                              "the_dome_is_breached"))


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1, act: str = "2 1") -> Scenario:
    """A game at this Act's Part ``act`` (Morpheus seat 0, Trinity seat 1, ...), the Matrix Row,
    the Combat Zone and the Matrix Deck emptied (so no Digger waits there), then ``text``."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed={seed}\n{CLEAR}\n{GRAZES}\nact {act}\n")
    return Scenario.from_text(head + text, db)


def scan_cost(db: CardDB) -> int:
    return db.playmat.row[4].scan_cost


def fly_cost(db: CardDB) -> int:
    """What flying the Line one position costs, as its card says (LE-CARD-22: follow the card text)."""
    return int(re.search(r"pay (\d+) Recruit or Attack to fly it", db.cards[LINE].text).group(1))


def dear_hero(db: CardDB) -> str:
    """A Hero of the game's groups that costs 3 or more."""
    return next(c.id for c in sorted(db.cards.values(), key=lambda c: c.id)
                if c.kind == "hero" and c.deck == "group:tank" and c.cost >= 3)


def events(res: Any, kind: str) -> list[Any]:
    return [e for e in res.events if e.kind == kind]


# --- the Act's cards ------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-10", "LE-ACT-02", "LE-ACT-03")
def test_one_act_card_an_11_card_mini_deck_and_no_extras(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = [c for c in mine if c.kind == "act"]
    assert [(c.id, c.name, c.act, c.story) for c in acts] == [(STORY, "The Battle of Zion", 2, STORY)]
    assert [p.part for p in acts[0].parts] == [1, 2]
    mini = [c for c in mine if c.kind != "act"]
    assert sum(c.copies for c in mini) == 11 and not any(c.extra for c in mini)
    assert {c.name for c in mini} >= {"Digger", "The Machines are Digging", "Fly the Mechanical Line",
                                       "Go Up, Over Them.", "Mobile Bombs", "Sentinel Hunter"}
    assert {c.attack for c in mini if c.kind == "enemy"} <= set(range(4, 8))
    assert any(a.story == STORY for a in registry().acts)


@pytest.mark.rule("LE-SETUP-14")
def test_setup_puts_the_mini_deck_under_act_1s(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    mini = sorted(c.id for c in fdb.cards.values() if c.deck == f"act:{STORY}" and c.kind != "act"
                  for _ in range(c.copies))
    assert sorted(defs(g.state, "matrix_deck")[-20:-9]) == mini


# --- the Diggers and an empty Zion (LE-CARD-14/15) ------------------------------------------------


@pytest.mark.rule("LE-CARD-14", "LE-STRIKE-10", "LE-STRIKE-08")
def test_le_card_14_a_digger_in_the_real_world_digs_zion_empty_and_the_team_loses(fdb):
    sc = game(fdb, f"world 0 matrix\nput {DIGGER} row.4 down as dig\npool attack={scan_cost(fdb)}")
    s = sc.game.state
    accepted(sc, "scan 4")
    assert sc.ref("dig") in s.piles["real_world"]  # Reveal: it enters the Real World
    lines(sc, "empty zion\nput unplug zion\nput unplug zion\nput unplug zion")
    res = accepted(sc, "end")
    # Strike: it digs instead of striking: two Heroes of Zion defeated, no Strike card drawn
    assert not events(res, "strike_drawn") and len(s.piles["zion"]) == 1
    assert s.result == ""
    accepted(sc, "end")  # it digs again: Zion runs out
    assert s.result == "loss:zion" and s.ending["rule"] == "LE-CARD-14"


@pytest.mark.rule("LE-CARD-14", "LE-RECRUIT-05")
def test_le_card_14_recruiting_the_last_hero_of_zion_loses_while_a_digger_is_in_play(fdb):
    sc = game(fdb, f"world 0 real\nput {DIGGER} real_world up\nempty zion\nput unplug zion")
    s = sc.game.state
    hero = s.piles["dock.0"][0]
    lines(sc, f"pool recruit={fdb.cards[s.defs[hero]].cost}")
    accepted(sc, f"recruit {hero}")  # the Dock refills from Zion's last card
    assert not s.piles["zion"] and s.result == "loss:zion"


@pytest.mark.rule("LE-RECRUIT-09", "LE-CARD-14")
def test_le_recruit_09_zion_runs_out_in_club_hel_while_the_diggers_wait_unrevealed_play_goes_on(fdb):
    """Revolutions Act 1: The Battle of Zion's Diggers and The Machines are Digging are still in the
    Matrix Deck, unrevealed. An empty Zion only stops the Dock refilling (LE-RECRUIT-09); the cards'
    loss counts once they are in play (LE-CARD-14)."""
    film = fdb.films["revolutions"]
    sc = Scenario.from_text(f"setup avatars=neo_revolutions,niobe acts={','.join(film.acts)} "
                            f"groups={','.join(film.groups)} seed=4\nworld 0 real\n"
                            "empty zion\nput unplug zion", fdb)
    s = sc.game.state
    waiting = {DIGGER, MACHINES} & set(defs(s, "matrix_deck"))
    assert (s.act, waiting) == (1, {DIGGER, MACHINES})
    hero = s.piles["dock.0"][0]
    lines(sc, f"pool recruit={fdb.cards[s.defs[hero]].cost}")
    accepted(sc, f"recruit {hero}")  # the Dock takes Zion's last card
    assert not s.piles["zion"] and s.result == ""
    accepted(sc, "end")  # the next turn begins with Zion still empty: play goes on
    assert s.result == "" and s.phase == "action" and s.active == 1


@pytest.mark.rule("LE-CARD-14", "LE-MATRIX-11")
def test_le_card_14_a_face_down_digger_counts_only_once_revealed(fdb):
    sc = game(fdb, f"world 0 matrix\nput {DIGGER} row.4 down as dig\nempty zion\n"
              f"pool attack={scan_cost(fdb)}")
    s = sc.game.state
    sc.line("effect 0 hook name=machines_dig")  # Zion is empty, the Digger still face down
    assert not s.piles["zion"] and s.result == ""
    accepted(sc, "scan 4")  # revealed: it enters the Real World, undefeated
    assert sc.ref("dig") in s.piles["real_world"]
    accepted(sc, "end")
    assert s.result == "loss:zion" and s.ending["rule"] == "LE-CARD-14"


@pytest.mark.rule("LE-CARD-14", "LE-CARD-61")
def test_le_card_14_the_machines_are_digging_in_a_players_deck_also_loses_the_game(fdb):
    sc = game(fdb, f"put {MACHINES} p1.deck\nempty zion\nput unplug zion")
    sc.line("effect 0 hook name=machines_dig")
    assert sc.game.state.result == "loss:zion"


@pytest.mark.rule("LE-CARD-15")
def test_le_card_15_with_every_digger_defeated_an_empty_zion_is_no_loss(fdb):
    digger = fdb.cards[DIGGER]
    sc = game(fdb, f"world 0 real\nput {DIGGER} real_world up as dig\nput {DIGGER} defeated_enemies\n"
              f"put {MACHINES} defeated_enemies\nempty zion\nput unplug zion\npool attack={digger.attack}")
    s = sc.game.state
    accepted(sc, "fight $dig")
    sc.line("effect 0 hook name=machines_dig")
    assert not s.piles["zion"] and s.result == ""
    accepted(sc, "end")
    assert s.result == ""


@pytest.mark.rule("LE-CARD-14", "LE-CARD-15")
def test_le_card_15_one_digger_left_undefeated_still_loses(fdb):
    sc = game(fdb, f"put {DIGGER} defeated_enemies\nput {DIGGER} real_world up\n"
              f"put {MACHINES} defeated_enemies\nempty zion\nput unplug zion")
    sc.line("effect 0 hook name=machines_dig")
    assert sc.game.state.result == "loss:zion"


@pytest.mark.rule("LE-FIGHT-10", "LE-ACT-04")
def test_part_1_fight_a_digger_from_the_real_world_then_part_2_begins(fdb):
    digger = fdb.cards[DIGGER]
    sc = game(fdb, f"world 0 matrix\nput {DIGGER} real_world up as dig\npool attack={digger.attack}")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    rejected(sc, "fight $dig", "LE-FIGHT-10")
    lines(sc, "world 0 real")
    accepted(sc, "fight $dig")
    assert sc.ref("dig") in s.piles["defeated_enemies"]
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (2, 2)
    assert [(e.data["act"], e.data["part"]) for e in events(res, "act_advanced")] == [(2, 2)]


# --- The Machines are Digging (LE-CARD-61) --------------------------------------------------------


@pytest.mark.rule("LE-CARD-61", "LE-SCAN-08")
def test_le_card_61_the_machines_are_digging_revealed_goes_into_the_players_deck(fdb):
    sc = game(fdb, f"world 0 matrix\nput {MACHINES} row.4 down as m\npool attack={scan_cost(fdb)}")
    s = sc.game.state
    accepted(sc, "scan 4")
    assert sc.ref("m") in s.piles["p0.deck"] and s.decision is None


@pytest.mark.rule("LE-CARD-61", "LE-CLEANUP-06", "LE-CARD-15")
@pytest.mark.parametrize("option", [0, 1])
def test_le_card_61_drawn_the_machines_wait_for_the_whole_draw_then_dig_or_are_dug_out(fdb, option):
    unplugs = "\n".join(f"put unplug p0.deck down as u{i}" for i in range(5))
    sc = game(fdb, f"world 0 matrix\ntime 8\nempty p0.hand p0.deck p0.discard\n{unplugs}\n"
              f"put {MACHINES} p0.deck down as m\nput {DIGGER} defeated_enemies\n"
              f"put {DIGGER} defeated_enemies")
    s = sc.game.state
    zion = len(s.piles["zion"])
    res = accepted(sc, "end")  # Cleanup draws 6: The Machines are Digging first
    drawn = [e.data["card"] for e in events(res, "card_moved") if e.data["dst"] == "p0.hand"]
    assert drawn[0] == sc.ref("m") and len(drawn) == 6
    assert s.decision is not None and s.decision.seat == 0 and len(s.decision.options) == 2
    accepted(sc, f"choose {option}")
    if option == 0:  # dig them out: discard a card (all six are in hand to choose from)
        assert s.decision is not None and len(s.decision.options) == 6
        accepted(sc, "choose 1")
        assert sc.ref("m") in s.piles["defeated_enemies"] and len(s.piles["p0.hand"]) == 4
        assert (s.time, len(s.piles["zion"])) == (8, zion)
        lines(sc, "empty zion\nput unplug zion")
        sc.line("effect 0 hook name=machines_dig")
        assert s.result == ""  # LE-CARD-15: defeated, it no longer loses the game
    else:  # let them dig: it stays in hand, Time -1, the top Hero of Zion is defeated
        assert sc.ref("m") in s.piles["p0.hand"]
        assert (s.time, len(s.piles["zion"])) == (7, zion - 1)
    settle(sc)


# --- Fly the Mechanical Line (LE-CARD-21..23) -----------------------------------------------------


@pytest.mark.rule("LE-CARD-21")
def test_le_card_21_revealed_the_line_goes_below_the_hovercraft_stack(fdb):
    sc = game(fdb, f"world 0 matrix\nput {LINE} row.4 down as line\npool attack={scan_cost(fdb)}", act="2 2")
    s = sc.game.state
    accepted(sc, "scan 4")
    line = sc.ref("line")
    assert line in s.piles["real_world"] and s.mods.beneath_dock == (line, 0)
    assert sc.game.observe(1)["modifiers"]["beneath_dock"] == (line, 0)  # what the GUI draws


@pytest.mark.rule("LE-CARD-21")
def test_le_card_21_revealed_in_the_combat_zone_it_still_goes_below_the_hovercrafts(fdb):
    sc = game(fdb, f"put {LINE} row.0 down as line", act="2 2")
    sc.line("effect 0 push_row_into_combat")
    s = sc.game.state
    assert sc.ref("line") in s.piles["real_world"] and s.mods.beneath_dock == (sc.ref("line"), 0)


@pytest.mark.rule("LE-CARD-22", "LE-CARD-23", "LE-ACT-04", "LE-ACT-09")
def test_le_card_22_23_the_line_flies_beneath_the_dock_and_is_completed_beneath_zion(fdb):
    steps = fdb.playmat.dock_spaces + 1
    sc = game(fdb, f"world 0 matrix\ntime 6\nput strike_bullet_graze p1.strikes\n"
              f"put {LINE} row.4 down as line\npool attack={scan_cost(fdb)}", act="2 2")
    s = sc.game.state
    accepted(sc, "scan 4")
    line = sc.ref("line")
    rejected(sc, "complete $line", "LE-CARD-23")  # only flying it there completes it
    rejected(sc, "fly", "LE-CARD-22")  # nothing to pay with
    lines(sc, f"pool recruit={fly_cost(fdb) * 3} attack={fly_cost(fdb) * (steps - 3)}")
    rejected(sc, "fly stamina", "LE-CARD-22")
    for pos in range(1, steps):
        accepted(sc, "fly recruit" if pos <= 3 else "fly attack")
        assert s.mods.beneath_dock == (line, pos) and line in s.piles["real_world"]
    assert s.turn.attack == fly_cost(fdb)
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "fly")  # from beneath the last Dock space to beneath Zion
    settle(sc)
    assert s.mods.beneath_dock is None and line in s.piles["discarded"]
    assert s.time == 7 and not s.piles["p1.strikes"]  # Complete: Time +1, each player heals
    rejected(sc, "fly", "LE-CARD-22")
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 1)


@pytest.mark.rule("LE-CARD-22")
def test_fly_is_offered_only_while_the_line_flies(fdb):
    sc = game(fdb, f"world 0 matrix\nput {LINE} row.4 down\n"
              f"pool attack={scan_cost(fdb)} recruit={fly_cost(fdb)}", act="2 2")
    assert not [c for c in sc.game.legal_commands() if c.verb == "fly"]
    accepted(sc, "scan 4")
    assert [c.text() for c in sc.game.legal_commands() if c.verb == "fly"] == ["fly recruit"]


# --- Go Up, Over Them. (LE-CARD-24..26) -----------------------------------------------------------


def go_up(db: CardDB, extra: str = "", swarms: int = 2) -> Scenario:
    """Seat 0 in the Real World with Go Up, Over Them. there and ``swarms`` Sentinel Swarms in the
    Combat Zone."""
    cz = "\n".join(f"put {SWARM} combat up" for _ in range(swarms))
    return game(db, f"world 0 real\nput {GO_UP} row.4 down as go\n{cz}\n"
                f"pool attack={scan_cost(db)}\n{extra}")


@pytest.mark.rule("LE-CARD-24", "LE-CHALLENGE-04")
def test_le_card_24_after_go_up_over_them_one_strike_card_a_turn(fdb):
    cost = fdb.cards[GO_UP].cost_either
    sc = go_up(fdb)
    s = sc.game.state
    lines(sc, "world 0 matrix")
    accepted(sc, "scan 4")
    assert sc.ref("go") in s.piles["real_world"]  # Reveal: it goes to the Real World
    lines(sc, f"pool recruit={cost}")
    rejected(sc, "complete $go", "LE-CHALLENGE-04")
    lines(sc, "world 0 real")
    accepted(sc, "complete $go recruit")
    assert (s.mods.strike_cards_per_turn, s.mods.strike_limit_source) == (1, "Go Up, Over Them.")
    assert sc.game.observe(0)["modifiers"]["strike_limit_source"] == "Go Up, Over Them."
    accepted(sc, "move matrix")
    assert sc.game.observe(0)["strike_forecast"]["strike_cards"] == 1  # what the GUI forecasts
    res = accepted(sc, "end")
    assert [e.data["seat"] for e in events(res, "strike_drawn")] == [0]  # two swarms, one Strike
    assert len(events(res, "strike_skipped_limit")) == 1


@pytest.mark.rule("LE-CARD-25")
def test_le_card_25_skipped_strikes_are_not_avoided(fdb):
    sc = game(fdb, f"world 0 matrix\nput {SWARM} combat up\nput {SWARM} combat up")
    s = sc.game.state
    s.mods.strike_cards_per_turn, s.mods.strike_limit_source = 1, "Go Up, Over Them."
    sc.line("effect 0 draw_strike")
    settle(sc)
    sc.line("effect 0 avoid_strike amount=1")
    res = accepted(sc, "end")
    assert not events(res, "strike_avoided") and not events(res, "strike_drawn")
    assert len(events(res, "strike_skipped_limit")) == 2


@pytest.mark.rule("LE-CARD-26")
def test_le_card_26_a_strike_drawn_before_it_took_effect_counts(fdb):
    cost = fdb.cards[GO_UP].cost_either
    sc = game(fdb, f"world 0 real\nput {GO_UP} real_world up as go\nput {SWARM} combat up\n"
              f"pool attack={cost}")
    s = sc.game.state
    sc.line("effect 0 draw_strike")  # this turn's first Strike, before the card takes effect
    settle(sc)
    assert s.turn.strike_cards == 1
    accepted(sc, "complete $go attack")
    accepted(sc, "move matrix")
    res = accepted(sc, "end")
    assert not events(res, "strike_drawn") and len(events(res, "strike_skipped_limit")) == 1


@pytest.mark.rule("LE-CARD-26", "LE-STRIKE-03")
def test_le_card_26_strikes_against_the_time_track_are_not_limited(fdb):
    sc = game(fdb, f"world 0 real\ntime 8\nput {SWARM} combat up\nput {SWARM} combat up")
    s = sc.game.state
    s.mods.strike_cards_per_turn = 1
    accepted(sc, "end")
    assert s.time == 6


@pytest.mark.rule("LE-CARD-26", "LE-ACT-09")
def test_le_card_26_go_up_over_them_lasts_until_this_act_ends(fdb):
    cost = fdb.cards[GO_UP].cost_either
    sc = game(fdb, f"world 0 real\nput {GO_UP} real_world up as go\nput {LINE} discarded\npool attack={cost}",
              act="2 2")
    s = sc.game.state
    accepted(sc, "complete $go")
    assert s.mods.strike_cards_per_turn == 1
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 1) and s.mods.strike_cards_per_turn is None
    assert "strike_limit_source" not in sc.game.observe(0)["modifiers"]


# --- Mobile Bombs (LE-CARD-41/42) -----------------------------------------------------------------


@pytest.mark.rule("LE-CARD-41", "LE-SCAN-10")
def test_le_card_41_a_scanned_bomb_waits_this_turn_then_goes_off_at_the_scanners_next_turn(fdb):
    sc = game(fdb, f"world 0 matrix\nworld 1 matrix\nput {BOMBS} row.0 down as bomb\n"
              f"pool attack={fdb.playmat.row[0].scan_cost}")
    s = sc.game.state
    bomb = sc.ref("bomb")
    accepted(sc, "scan 0")
    assert s.mods.fuses == ((bomb, 0),)
    assert sc.game.observe(1)["modifiers"]["fuses"] == ((bomb, 0),)
    sc.line("effect 0 push_row_into_combat")
    assert bomb in s.piles["combat"]
    res = accepted(sc, "end")  # the scanning player's turn: it does not strike
    assert not events(res, "strike_drawn")
    assert [e.data["card"] for e in events(res, "strike_skipped")] == [bomb]
    settle(sc)
    res = accepted(sc, "end")  # seat 1's turn: it strikes as usual; then seat 0's turn begins
    settle(sc)
    assert [e.data["seat"] for e in events(res, "strike_drawn")] == [1]
    burnt = [e for e in events(res, "time_changed") if e.data["cause"] == "Mobile Bombs"]
    assert [(e.data["before"] - e.data["after"]) for e in burnt] == [2]
    assert bomb in s.piles["defeated_enemies"] and s.mods.fuses == () and s.active == 0


@pytest.mark.rule("LE-CARD-41")
def test_le_card_41_a_bomb_defeated_in_time_never_goes_off(fdb):
    bombs = fdb.cards[BOMBS]
    sc = game(fdb, f"world 0 matrix\ntime 8\nput {BOMBS} row.0 down as bomb\n"
              f"pool attack={fdb.playmat.row[0].scan_cost}", players=1)
    s = sc.game.state
    accepted(sc, "scan 0")
    lines(sc, f"pool attack={bombs.attack}")
    accepted(sc, "fight $bomb")
    res = accepted(sc, "end")
    assert not events(res, "fuse_burnt") and s.mods.fuses == () and s.time == 8


@pytest.mark.rule("LE-CARD-42", "LE-SCAN-10")
def test_le_card_42_a_bomb_revealed_entering_the_combat_zone_strikes_that_turn(fdb):
    sc = game(fdb, f"world 0 matrix\nput {BOMBS} row.0 down as bomb")
    s = sc.game.state
    sc.line("effect 0 push_row_into_combat")
    assert sc.ref("bomb") in s.face_up and s.mods.fuses == ()
    res = accepted(sc, "end")
    assert [e.data["seat"] for e in events(res, "strike_drawn")] == [0]


# --- Sentinel Hunter (LE-CARD-43/44) --------------------------------------------------------------


def hunt(db: CardDB, prey_seat: int, text: str) -> Scenario:
    """Seat 0 in the Matrix with only an Unplug (cost 0) in its discard pile, and a Hero costing 3
    or more, ``prey``, on top of ``prey_seat``'s discard pile; then ``text``."""
    return game(db, f"world 0 matrix\nempty p0.discard\nput unplug p0.discard\n{text}\n"
                f"put {dear_hero(db)} p{prey_seat}.discard as prey")


@pytest.mark.rule("LE-CARD-43", "LE-STRIKE-08")
def test_le_card_43_the_hunter_takes_a_hero_costing_1_or_more_from_the_discard_pile(fdb):
    sc = hunt(fdb, 0, f"put {HUNTER} row.4 down as hunter\npool attack={scan_cost(fdb)}")
    s = sc.game.state
    accepted(sc, "scan 4")
    assert sc.ref("hunter") in s.piles["p0.beside"]  # Reveal: beside the scanning player's Avatar
    res = accepted(sc, "end")
    assert sc.ref("prey") in s.piles["defeated_heroes"] and not events(res, "strike_drawn")
    assert sc.ref("hunter") in s.piles["p0.beside"]  # it found prey: it stays


@pytest.mark.rule("LE-CARD-43", "LE-CARD-44")
def test_le_card_43_44_with_nothing_to_hunt_it_moves_on_and_waits_for_that_players_turn(fdb):
    sc = hunt(fdb, 1, f"world 1 matrix\nempty p1.discard\nput {HUNTER} p0.beside up as hunter")
    s = sc.game.state
    res = accepted(sc, "end")
    assert sc.ref("hunter") in s.piles["p1.beside"]
    assert [e.data["seat"] for e in events(res, "hunter_moved")] == [1]
    assert sc.ref("prey") in s.piles["p1.discard"]  # nothing happens to seat 1 yet
    accepted(sc, "end")  # seat 1's turn: now it hunts them
    settle(sc)
    assert sc.ref("prey") in s.piles["defeated_heroes"]


@pytest.mark.rule("LE-CARD-43")
def test_le_card_43_the_hunted_player_chooses_among_different_heroes(fdb):
    heroes = sorted({c.id for c in fdb.cards.values() if c.kind == "hero" and c.deck == "group:tank"
                     and c.cost >= 1})[:2]
    sc = game(fdb, f"world 0 matrix\nempty p0.discard\nput {heroes[0]} p0.discard as a\n"
              f"put {heroes[1]} p0.discard as b\nput {HUNTER} p0.beside up")
    s = sc.game.state
    accepted(sc, "end")
    assert s.decision is not None and s.decision.rule == "LE-CARD-43" and len(s.decision.options) == 2
    accepted(sc, "choose 1")
    left = {sc.ref("a"), sc.ref("b")} - set(s.piles["defeated_heroes"])
    assert len(left) == 1


# --- the other cards ------------------------------------------------------------------------------


@pytest.mark.rule("LE-KEYWORD-21", "LE-FIGHT-02")
def test_sentinel_swarm_chases_and_is_fought(fdb):
    swarm = fdb.cards[SWARM]
    assert swarm.copies == 2
    sc = game(fdb, f"put {SWARM} row.3 up as swarm\nput pots_patrol_officer matrix_deck")
    s = sc.game.state
    accepted(sc, "end")
    settle(sc)
    assert s.where(sc.ref("swarm")) == "row.2"
    lines(sc, f"world {s.active} matrix\npool attack={swarm.attack}")
    accepted(sc, "fight $swarm")
    assert sc.ref("swarm") in s.piles["defeated_enemies"]


@pytest.mark.rule("LE-SCAN-08", "LE-TIMING-07")
def test_the_dome_is_breached_digs_twice_and_real_world_players_discard(fdb):
    sc = game(fdb, f"world 0 matrix\nworld 1 real\nput {DOME} row.4 down as ev\npool attack={scan_cost(fdb)}")
    s = sc.game.state
    zion, hand = len(s.piles["zion"]), len(s.piles["p1.hand"])
    accepted(sc, "scan 4")
    settle(sc)
    assert len(s.piles["zion"]) == zion - 2 and len(s.piles["p1.hand"]) == hand - 1
    assert sc.ref("ev") in s.piles["discarded"]


# --- whole games from this Act --------------------------------------------------------------------


def new_game(db: CardDB, players: int, seed: int) -> LegendaryGame:
    return LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:players]), acts=list(ACTS),
                                            groups=list(GROUPS), seed=seed), db, track_undo=False)


@pytest.mark.rule("LE-GEN-01")
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_games_from_this_act_end_without_engine_errors(fdb, seed):
    rng = random.Random(seed)
    game = new_game(fdb, 1 + seed % 3, seed)
    seen: Counter[str] = Counter()
    play_checked(game, lambda legal: pick(rng, legal), (2, 1 + seed % 2), seen)
    assert game.over and seen["card_revealed"] > 0


@pytest.mark.rule("LE-CARD-22")
def test_the_heuristic_bot_flies_the_line_toward_zion(fdb):
    sc = game(fdb, f"world 0 matrix\nempty p0.hand p1.hand\nput {LINE} row.4 down\n"
              f"pool attack={scan_cost(fdb)} recruit={fly_cost(fdb)}", act="2 2")
    accepted(sc, "scan 4")
    cmd = HeuristicBot().choose(sc.game)
    assert cmd.text() == "fly recruit"


@pytest.mark.slow
@pytest.mark.rule("LE-GEN-01")
@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_bot_games_from_this_act_play_its_cards(fdb, players):
    bot = HeuristicBot()
    game = new_game(fdb, players, 7 + players)
    seen: Counter[str] = Counter()
    play_checked(game, lambda legal: bot.choose(game), (2, 1), seen)
    assert game.over and seen["card_revealed"] > 0
