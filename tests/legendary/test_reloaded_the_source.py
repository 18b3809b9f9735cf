"""Rule tests for Reloaded's Act 3, The Source (cards/legendary/act_the_source.toml and
engine/legendary/acts/the_source.py).

Its counts (2 Act cards, a 13-card mini-deck with its Inevitable, 1 Extra), the three Parts played
through in real engine games, She is Going to Die (LE-CARD-45), the Tow Bomb Sentinels (LE-CARD-49,
LE-CARD-52..55, with the finale's scenario files), the Time Track choice of Part 3 (LE-CARD-50/51),
random legal play from Part 3, the heuristic bot's decisions for this Act, and every other mini-deck
card revealed, fought or completed with its effect checked. Reloaded is not a film yet: the games
use Reloaded's three Acts with its Hero Groups and Avatars, loaded with the shipped cards.

Costs and Attack values may be retuned, so they are read from the card database where they matter.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core.commands import Command
from engine.legendary import flow, stall
from engine.legendary.acts import registry
from engine.legendary.acts import the_source as act
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import LegendarySetup
from engine.legendary.state import pp
from tests.legendary.helpers import accepted, rejected, settle
from tests.legendary.test_film_the_matrix import defs, kinds, lines
from tests.legendary.test_fuzz import play_checked

STORY = "the_source"
ACTS = ("the_oracles_call", "free_the_keymaker", STORY)
GROUPS = ("neo_reloaded", "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions", "ship_captains")
AVATARS = ("neo_reloaded", "trinity_reloaded_revolutions", "morpheus_reloaded_revolutions")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat real_world"
P = f"{STORY}_"
TOW = act.TOW_BOMBS
SHE = P + "she_is_going_to_die"
NEO_A, NEO_B = "neo_reloaded_stops_the_bullets", "neo_reloaded_takes_flight"
NEO_OLD = "neo_the_matrix_not_yet_the_one"  # a Neo (The Matrix) Hero: any Neo Hero Group counts
OTHER_HERO = "unplug"
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
STRIKES = "empty strikes\n" + "put strike_bullet_graze strikes\n" * 5


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1, part: int = 3) -> Scenario:
    """A game at this Act's Part ``part`` (Neo seat 0, Trinity seat 1, ...) with the Row, the Combat
    Zone and the Real World cleared, then the position lines ``text``."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed={seed} first=0\n{CLEAR}\nact 3 {part}\n")
    return Scenario.from_text(head + text, db)


def card(db: CardDB, name: str) -> Any:
    return db.cards[P + name]


def mini_deck(db: CardDB) -> list[Any]:
    return [c for c in db.cards.values() if c.deck == f"act:{STORY}" and c.kind != "act" and not c.extra]


def finale(db: CardDB, text: str = "", players: int = 2) -> Scenario:
    """Part 3 with the Tow Bomb Sentinels in the Real World (as Part 3's Setup puts them), both
    players in the Real World and a Strike deck of Bullet Grazes."""
    return game(db, f"world 0 real\nworld 1 real\nput {TOW} real_world up as tow\n{STRIKES}{text}",
                players=players)


# --- the Act's cards --------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-10", "LE-ACT-02", "LE-INEVITABLE-01")
def test_two_act_cards_a_13_card_mini_deck_and_one_extra(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = sorted((c for c in mine if c.kind == "act"), key=lambda c: c.parts[0].part)
    assert [[p.part for p in c.parts] for c in acts] == [[1, 2], [3]]
    assert all(c.act == 3 and c.story == STORY for c in acts)
    assert all(p.objective is not None for c in acts for p in c.parts)
    mini = mini_deck(fdb)
    assert sum(c.copies for c in mini) == 13
    assert [c.id for c in mini if c.kind == "inevitable"] == [P + "zero_hour"]
    assert {c.kind for c in mini} == {"enemy", "challenge", "event", "inevitable"}
    extras = [c for c in mine if c.extra]
    assert [(c.id, c.kind, c.copies) for c in extras] == [(SHE, "hero", 1)]
    # Act 3 Enemies are roughly Attack 5-10; the Tow Bomb Sentinels are fought with 20
    assert {c.attack for c in mini if c.kind == "enemy" and c.id != TOW} <= set(range(5, 11))
    assert fdb.cards[TOW].attack == 20 and fdb.cards[TOW].fight_only
    # Part 1's own Challenges carry a tag a Traitor rule can find (LE-TRAITOR-25)
    part1 = acts[0].parts[0].objective.cards
    assert part1 and all(act.BACK_DOOR_TAG in fdb.cards[c].descriptors for c in part1)
    assert any(a.story == STORY for a in registry().acts)


@pytest.mark.rule("LE-SETUP-14", "LE-SETUP-17", "LE-INEVITABLE-01")
def test_setup_puts_the_mini_deck_at_the_bottom_with_zero_hour_last(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    s = g.state
    mini = sorted(c.id for c in mini_deck(fdb) for _ in range(c.copies))
    assert sorted(defs(s, "matrix_deck")[:13]) == mini  # solo: no Part of the System cards
    assert s.defs[s.piles["matrix_deck"][0]] == P + "zero_hour" == s.defs[s.inevitable]
    assert defs(s, "extras").count(SHE) == 1


# --- the three Parts, played through --------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-09", "LE-ACT-10")
def test_part_1_setup_sets_the_tow_bomb_sentinels_aside(fdb):
    """Act 2 ends; Act 3 Part 1's Setup takes the Tow Bomb Sentinels out of the Matrix Deck."""
    sc = game(fdb, "put free_the_keymaker_the_twins defeated_enemies\n"
              "put free_the_keymaker_freeway_chase discarded\nact 2 2")
    s = sc.game.state
    tow = next(c for c in s.piles["matrix_deck"] if s.defs[c] == TOW)
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 1) and s.defs[s.piles["acts"][-1]] == STORY
    assert s.where(tow) == act.SET_ASIDE and tow not in s.face_up
    assert act.back_doors_open(sc.t)  # LE-TRAITOR-25's Part


@pytest.mark.rule("LE-ACT-04", "LE-ACT-07", "LE-ACT-10", "LE-ACT-16")
@pytest.mark.parametrize("door", ["hallway_of_doors", "power_plant"])
def test_part_1_open_a_back_door_then_part_2_gives_she_is_going_to_die(fdb, door):
    c = card(fdb, door)
    cost = c.cost_recruit + c.cost_either
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {c.id} operations up as door\npool recruit={cost}",
              part=1)
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, f"complete $door{' recruit' if c.cost_either else ''}")
    settle(sc)
    assert sc.ref("door") in s.piles["discarded"] and s.turn.recruit == 0
    assert s.time == (7 if door == "power_plant" else 6)
    she = next(x for x in s.piles["extras"] if s.defs[x] == SHE)
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 2) and not act.back_doors_open(sc.t)
    assert she in s.piles["p0.discard"]  # the active player gains it


@pytest.mark.rule("LE-ACT-04", "LE-ACT-02", "LE-ACT-10")
@pytest.mark.parametrize("door", [0, 1])
def test_part_2_complete_the_architect_then_the_tow_bomb_sentinels_come(fdb, door):
    arch = card(fdb, "the_architect")
    sc = game(fdb, f"world 0 matrix\nworld 1 matrix\ntime 6\nput strike_bullet_graze p1.strikes\n"
              f"put {arch.id} operations up as arch\npool attack={arch.cost_either}", part=2)
    s = sc.game.state
    lines(sc, f"put {TOW} {act.SET_ASIDE} as tow")
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "complete $arch attack")
    assert s.decision is not None and len(s.decision.options) == 2  # the two doors
    accepted(sc, f"choose {door}")
    settle(sc)
    assert (s.time, len(s.piles["p1.strikes"])) == ((8, 1) if door == 0 else (6, 0))
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (3, 3) and s.defs[s.piles["acts"][-1]] == "the_source_finale"
    assert s.where(sc.ref("tow")) == "real_world" and sc.ref("tow") in s.face_up
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(3, 3)]


@pytest.mark.rule("LE-GEN-03", "LE-CARD-49", "LE-FIGHT-10")
def test_part_3_defeat_the_tow_bomb_sentinels_for_the_major_victory(fdb):
    sc = finale(fdb, "world 0 matrix\npool attack=20")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    rejected(sc, "fight $tow", "LE-FIGHT-10")  # in the Real World: fought from there
    lines(sc, "world 0 real")
    accepted(sc, "fight $tow")
    assert sc.ref("tow") in s.piles["defeated_enemies"] and s.turn.attack == 0
    accepted(sc, "objective")
    assert s.result == "major" and s.ending["rule"] == "LE-GEN-03"


# --- She is Going to Die (LE-CARD-45) -----------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-45")
def test_le_card_45_playing_she_is_going_to_die_defeats_the_top_card_of_the_deck(fdb):
    she = fdb.cards[SHE]
    sc = game(fdb, f"put {SHE} p0.hand as she\nput strike_bullet_graze p1.strikes\n"
              "put unplug p0.deck down as top")
    s = sc.game.state
    res = accepted(sc, "play $she")
    assert not kinds(res.events, "decision")  # nothing to decline: the defeat is not optional
    assert sc.ref("top") in s.piles["defeated_heroes"]
    assert not s.piles["p1.strikes"] and s.turn.attack == she.attack  # then Trinity is healed


@pytest.mark.rule("LE-CARD-45", "LE-CLEANUP-04")
def test_le_card_45_with_an_empty_deck_the_discard_pile_is_shuffled_first(fdb):
    sc = game(fdb, f"empty p0.deck p0.discard\nput {SHE} p0.hand as she\nput unplug p0.discard as only")
    s = sc.game.state
    res = accepted(sc, "play $she")
    settle(sc)
    assert kinds(res.events, "deck_reshuffled")
    assert sc.ref("only") in s.piles["defeated_heroes"] and not s.piles["p0.deck"]


# --- the Tow Bomb Sentinels (LE-CARD-49, LE-CARD-52..55) ------------------------------------------------


@pytest.mark.rule("LE-CARD-49", "LE-FIGHT-03")
def test_le_card_49_only_a_fight_with_20_attack_defeats_the_tow_bomb_sentinels(fdb):
    sc = finale(fdb, "world 0 matrix\nput the_source_sentinel_squadron real_world up as squad\n"
                "put emp operations up as emp\npool recruit=5 attack=19")
    s = sc.game.state
    s.mods.the_one = True  # EMP's own condition (He is The One), so that it can be completed
    sc.line("effect 0 reduce_enemy_attack amount=5")
    accepted(sc, "complete $emp recruit")
    settle(sc)
    assert sc.ref("squad") in s.piles["defeated_enemies"]  # EMP does defeat a Machine
    assert s.where(sc.ref("tow")) == "real_world"  # but not the Tow Bomb Sentinels
    sc.line("effect 0 defeat_enemy descriptor=Machine")
    assert s.where(sc.ref("tow")) == "real_world"
    lines(sc, "world 0 real")
    rejected(sc, "fight $tow", "LE-FIGHT-03")  # 19 Attack: the reduction does not apply
    lines(sc, "pool attack=20")
    accepted(sc, "fight $tow")
    assert sc.ref("tow") in s.piles["defeated_enemies"]


def play_copy(sc: Scenario, name: str) -> None:
    """Seat 1 coordinates the card ``$name`` to the active seat 0, who plays its virtual copy."""
    accepted(sc, f"@1 coordinate ${name}")
    accepted(sc, f"play ${name}")


def _scenario(db: CardDB, name: str) -> Scenario:
    sc = Scenario.from_file(SCENARIOS / f"the_source_tow_bombs_{name}.scn", db)
    assert sc.failures == [] and sc.rejections == []
    return sc


@pytest.mark.rule("LE-CARD-55")
def test_le_card_55_no_hovercraft_two_strikes_and_one_on_the_next_player_scenario(fdb):
    sc = _scenario(fdb, "no_hovercraft")
    assert [len(sc.game.state.piles[pp(i, "strikes")]) for i in (0, 1)] == [2, 1]


@pytest.mark.rule("LE-CARD-55", "LE-TERM-05")
def test_le_card_55_a_player_alone_takes_all_three_scenario(fdb):
    sc = _scenario(fdb, "alone")
    assert len(sc.game.state.piles["p0.strikes"]) == 3


@pytest.mark.rule("LE-CARD-52")
def test_le_card_52_one_hovercraft_is_defeated_instead_of_striking_scenario(fdb):
    sc = _scenario(fdb, "one_hovercraft")
    s = sc.game.state
    assert sc.ref("ship") in s.piles["defeated_heroes"]
    assert not s.piles["p0.strikes"] and not s.piles["p1.strikes"]


@pytest.mark.rule("LE-CARD-53", "LE-KEYWORD-02")
def test_le_card_53_a_coordinated_copy_costs_the_teammates_card_scenario(fdb):
    sc = _scenario(fdb, "coordinated_hovercraft")
    s = sc.game.state
    assert sc.ref("ship") in s.piles["defeated_heroes"] and not s.piles["p1.coordinated"]
    assert not s.piles["p0.strikes"] and not s.piles["p1.strikes"]


@pytest.mark.rule("LE-CARD-53")
def test_le_card_53_the_defeated_copy_leaves_the_play_area(fdb):
    sc = finale(fdb, "put hovercraft_osiris p1.hand as ship")
    s = sc.game.state
    play_copy(sc, "ship")
    act.tow_bombs_strike(sc.t, {"src": sc.ref("tow")})
    assert sc.ref("ship") in s.piles["defeated_heroes"] and sc.ref("ship") not in s.turn.virtual
    assert act.hovercrafts_in_play(sc.t) == []


@pytest.mark.rule("LE-CARD-53", "LE-CARD-55", "LE-DEFEAT-10")
def test_le_card_53_a_copy_whose_card_left_the_game_is_no_hovercraft_to_defeat(fdb):
    """The teammate who coordinated the Hovercraft was defeated this turn: their set-aside card
    left the game, so the Sentinels find no Hovercraft and strike."""
    sc = finale(fdb, "put hovercraft_osiris p1.hand as ship", players=3)
    s = sc.game.state
    play_copy(sc, "ship")
    lines(sc, "empty p1.coordinated")  # as a defeat removes every card of the player
    assert act.hovercrafts_in_play(sc.t) == []
    act.tow_bombs_strike(sc.t, {"src": sc.ref("tow")})
    settle(sc)
    assert [e["seat"] for e in s.stack if e.get("op") == "strike"][-3:] == [1, 0, 0]


@pytest.mark.rule("LE-CARD-54")
@pytest.mark.parametrize("pick", [0, 1])
def test_le_card_54_the_active_player_chooses_among_several_hovercrafts(fdb, pick):
    sc = finale(fdb, "put hovercraft_mjolnir p0.play as a\nput hovercraft_osiris p1.hand as b")
    s = sc.game.state
    play_copy(sc, "b")
    accepted(sc, "end")
    d = s.decision
    assert d is not None and d.seat == 0 and d.rule == "LE-CARD-54" and len(d.options) == 2
    accepted(sc, f"choose {pick}")
    settle(sc)
    lost, kept = (sc.ref("a"), sc.ref("b")) if pick == 0 else (sc.ref("b"), sc.ref("a"))
    assert lost in s.piles["defeated_heroes"] and kept not in s.piles["defeated_heroes"]
    assert not s.piles["p0.strikes"] and not s.piles["p1.strikes"]
    # the scenario file: two Hovercrafts of one player
    sc2 = _scenario(fdb, "two_hovercrafts")
    assert sc2.ref("logos") in sc2.game.state.piles["defeated_heroes"]


# --- the Time Track in Part 3 (LE-CARD-50/51) -----------------------------------------------------------


@pytest.mark.rule("LE-CARD-50")
def test_le_card_50_pay_attack_to_raise_the_time_track_as_far_as_you_choose(fdb):
    sc = finale(fdb, "time 4\npool attack=7")
    s = sc.game.state
    rejected(sc, "time-up 3", "LE-CARD-50")  # 9 Attack needed
    rejected(sc, "time-up 0", "LE-CARD-50")
    accepted(sc, "time-up 2")
    assert (s.time, s.turn.attack) == (6, 7 - 2 * act.TIME_STEP_COST)
    lines(sc, "pool attack=3")
    accepted(sc, "time-up 1")  # raising more the same turn is the same choice
    assert s.time == 7
    lines(sc, f"put {NEO_A} p0.play")
    rejected(sc, "time-attack", "LE-CARD-50")  # never both in a turn


@pytest.mark.rule("LE-CARD-50")
def test_le_card_50_after_taking_attack_the_time_track_cannot_be_raised_until_next_turn(fdb):
    sc = finale(fdb, f"time 5\nput {NEO_A} p0.play\npool attack=3")
    s = sc.game.state
    accepted(sc, "time-attack")
    rejected(sc, "time-up 1", "LE-CARD-50")
    rejected(sc, "time-attack", "LE-CARD-50")
    legal = {c.verb for c in sc.game.legal_commands()}
    assert not {"time-up", "time-attack"} & legal
    accepted(sc, "end")
    settle(sc)
    lines(sc, "pool attack=3")
    assert s.active == 1
    accepted(sc, "time-up 1")  # a new turn, a new choice


@pytest.mark.rule("LE-CARD-50", "LE-CARD-51")
def test_le_card_50_51_the_time_track_commands_belong_to_part_3_only(fdb):
    sc = game(fdb, f"time 5\nput {NEO_A} p0.play\npool attack=6", part=2)
    rejected(sc, "time-up 1", "LE-CARD-50")
    rejected(sc, "time-attack", "LE-CARD-51")
    assert not {"time-up", "time-attack"} & {c.verb for c in sc.game.legal_commands()}


@pytest.mark.rule("LE-CARD-51")
def test_le_card_51_take_time_times_neo_heroes_in_play(fdb):
    sc = finale(fdb, f"time 6\nput {NEO_A} p0.play\nput {NEO_B} p0.play\nput {OTHER_HERO} p0.play\n"
                "pool attack=1")
    s = sc.game.state
    accepted(sc, "time-attack")
    assert s.turn.attack == 1 + 6 * 2  # the rulebook's example: Time 6, two Neos, 12 Attack
    assert s.time == 6  # taking does not lower the Time Track (its default)


@pytest.mark.rule("LE-CARD-51")
def test_le_card_51_any_neo_hero_group_counts_and_none_gives_nothing(fdb):
    sc = finale(fdb, f"time 3\nput {OTHER_HERO} p0.play")
    s = sc.game.state
    rejected(sc, "time-attack", "LE-CARD-51")  # no Neo Hero: 0 Attack, not offered
    lines(sc, f"put {NEO_OLD} p0.play")
    assert fdb.cards[NEO_OLD].group == "neo_the_matrix"
    accepted(sc, "time-attack")
    assert s.turn.attack == 3


@pytest.mark.rule("LE-CARD-50", "LE-CARD-51")
def test_the_generated_time_track_commands_are_exactly_the_accepted_ones(fdb):
    """The legal-command generator offers each step count the pool affords and the take, and
    agrees with the checker on a wider list of candidates."""
    for attack, taken in ((0, False), (7, False), (9, True)):
        sc = finale(fdb, f"time 5\nput {NEO_A} p0.play\npool attack={attack}")
        if taken:
            accepted(sc, "time-attack")
        g = sc.game
        wide = [Command("time-up", (k,)) for k in range(-1, 20)] + [Command("time-attack")]
        trial = [c for c in wide if g.check(c) is None]
        generated = [c for c in g.legal_commands() if c.verb in ("time-up", "time-attack")]
        assert sorted(map(Command.text, generated)) == sorted(map(Command.text, trial))
        assert len([c for c in generated if c.verb == "time-up"]) == \
            (0 if taken else attack // act.TIME_STEP_COST)


# --- random legal play from Part 3 ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.rule("LE-GEN-01", "LE-CARD-49", "LE-CARD-50", "LE-CARD-52")
@pytest.mark.parametrize("players", [1, 2, 3])
def test_random_legal_play_started_in_part_3_keeps_the_invariants(fdb, players):
    """Start in Part 2 with its Objective met, so that Part 3 begins through its real Setup, then
    play random legal commands to the end of the game."""
    ends = set()
    for seed in range(6):
        rng = random.Random(seed)
        sc = game(fdb, f"put {P}the_architect discarded", players=players, seed=seed, part=2)
        accepted(sc, "objective")
        g = sc.game
        assert (g.state.act, g.state.part) == (3, 3)
        assert any(g.state.defs[c] == TOW for c in g.state.piles["real_world"])
        g.rebase()
        play_checked(g, lambda legal, rng=rng: _pick(rng, legal))
        ends.add(g.state.result)
    assert ends


def _pick(rng: random.Random, legal: list[Command]) -> Command:
    """Mostly the commands that move the game, with this Part's own among them."""
    busy = [c for c in legal if c.verb not in ("end", "move", "choose") or c.verb == "choose"]
    return rng.choice(busy if busy and rng.random() < 0.8 else legal)


# --- the heuristic bot ----------------------------------------------------------------------------------


def _bot(sc: Scenario) -> Command:
    return HeuristicBot().choose(sc.game)


@pytest.mark.rule("LE-CARD-51")
def test_bot_takes_attack_from_the_time_track_when_it_lets_it_fight_the_sentinels(fdb):
    sc = finale(fdb, f"time 6\nput {NEO_A} p0.play\nput {NEO_B} p0.play\nempty p0.hand\npool attack=8")
    assert _bot(sc).text() == "time-attack"  # 8 + 12 = 20
    accepted(sc, "time-attack")
    assert _bot(sc).text() == f"fight {sc.ref('tow')}"


@pytest.mark.rule("LE-CARD-50")
def test_bot_raises_the_time_track_when_time_is_short_and_the_sentinels_are_out_of_reach(fdb):
    sc = finale(fdb, f"time 2\nput {NEO_A} p0.play\nempty p0.hand\npool attack=7")
    assert _bot(sc).text() == "time-up 2"  # 7 + 2 x 1 < 20: spend it all on Time instead
    lines(sc, "time 8\npool attack=2")
    assert _bot(sc).verb not in ("time-attack", "time-up")  # Time is plenty and nothing is in reach


# The issue's game: the last player alive in Part 3 cannot reach the Sentinels' 20 Attack (no Neo
# Hero to take Attack from the Time Track, nothing left to recruit) and avoids all three strikes each
# turn: three Long Way Down (avoid 2, 3 Attack, +1 with Survival), Free Your Mind (Trinity's Act 3
# ability: +3 Attack, avoid 2) and two There Is No Spoon, the same six cards drawn every turn.
SURVIVOR = (*["trinity_reloaded_revolutions_long_way_down"] * 3, "free_your_mind",
            *["there_is_no_spoon"] * 2)


def lone_survivor(db: CardDB) -> Scenario:
    """Neo fell earlier in Act 3 (LE-DEFEAT-10); Trinity, in the Real World with the Sentinels,
    holds ``SURVIVOR`` and nothing else; Zion, the Dock, the Hovercrafts and the Matrix Deck are
    spent."""
    sc = finale(db, "empty zion dock.0 dock.1 dock.2 dock.3 dock.4 hovercraft matrix_deck p1.deck "
                f"p1.discard\nhand 1 {' '.join(SURVIVOR)}")
    flow.defeat_player(sc.t, 0)
    lines(sc, "active 1")
    return sc


@pytest.mark.rule("LE-TIME-06", "LE-CARD-49", "LE-CARD-50", "LE-CARD-55", "LE-GEN-03")
def test_a_lone_survivor_short_of_20_attack_is_offered_to_give_up_and_the_game_ends(fdb):
    """Neither end of the rulebook can come: the Sentinels need 20 Attack, every strike is
    avoided, and the Time Track has no top (LE-TIME-06), so the Attack left over raises it turn after
    turn. Once the game has gone ``stall.STALL_TURNS`` turns the engine offers the table to give it
    up (``concede`` among the legal commands), the bot takes the offer, and the game ends."""
    sc = lone_survivor(fdb)
    g = sc.game
    s = g.state
    bot = HeuristicBot()
    start = s.time
    while not g.over and s.turn_no <= stall.HUNG_TURNS:
        if s.turn_no <= stall.STALL_TURNS:
            assert "concede" not in {c.verb for c in g.legal_commands()}
        accepted(sc, bot.choose(g).text())
    assert s.result == "loss:conceded" and s.turn_no == stall.STALL_TURNS + 1
    assert not s.players[1].defeated and len(s.piles[pp(1, "strikes")]) == 0  # never hurt
    assert s.time > start + stall.STALL_TURNS  # the Time Track kept climbing


@pytest.mark.rule("LE-CARD-54")
def test_bot_loses_its_least_valuable_hovercraft(fdb):
    weak, strong = "hovercraft_logos", "hovercraft_caduceus"  # +1 Attack and a move; or a heal
    sc = finale(fdb, f"put {strong} p0.play as strong\nput {weak} p0.play as weak\nempty p0.hand")
    accepted(sc, "end")
    assert sc.game.state.decision is not None and sc.game.state.decision.rule == "LE-CARD-54"
    accepted(sc, _bot(sc).text())
    settle(sc)
    assert sc.ref("weak") in sc.game.state.piles["defeated_heroes"]
    assert sc.ref("strong") not in sc.game.state.piles["defeated_heroes"]


# --- the other mini-deck cards --------------------------------------------------------------------------


@pytest.mark.rule("LE-FIGHT-02", "LE-KEYWORD-19")
@pytest.mark.parametrize(("name", "time", "healed"), [
    ("agent_jackson", 6, False), ("agent_thompson", 5, True), ("building_guards", 5, False)])
def test_the_matrix_enemies_are_fought_with_their_fight_effects(fdb, name, time, healed):
    enemy = card(fdb, name)
    sc = game(fdb, f"world 0 matrix\ntime 5\nput {enemy.id} combat up as enemy\n"
              f"put strike_bullet_graze p0.strikes\npool attack={enemy.attack - 1}")
    s = sc.game.state
    if "buy_time" in enemy.keywords:
        lines(sc, f"pool attack={enemy.buy_time_cost}")
        accepted(sc, "buytime $enemy")
    lines(sc, f"pool attack={enemy.attack - 1}")
    rejected(sc, "fight $enemy", "LE-FIGHT-03")
    lines(sc, f"pool attack={enemy.attack}")
    accepted(sc, "fight $enemy")
    settle(sc)
    assert sc.ref("enemy") in s.piles["defeated_enemies"]
    assert s.time == time and (not s.piles["p0.strikes"]) == healed
    assert fdb.cards[P + "building_guards"].copies == 2


@pytest.mark.rule("LE-KEYWORD-24", "LE-STRIKE-10", "LE-SCAN-08")
@pytest.mark.parametrize(("name", "time_loss", "strikes"), [("bane", 0, 2), ("sentinel_squadron", 1, 1)])
def test_the_real_world_enemies_go_there_when_revealed_and_strike(fdb, name, time_loss, strikes):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\ntime 6\n{STRIKES}put {P}{name} row.4 down as enemy\npool attack={cost}",
              part=2)
    s = sc.game.state
    accepted(sc, "scan 4")
    settle(sc)
    assert s.where(sc.ref("enemy")) == "real_world"
    accepted(sc, "end")
    settle(sc)
    assert s.time == 6 - time_loss and len(s.piles["p0.strikes"]) == strikes


@pytest.mark.rule("LE-SCAN-08")
@pytest.mark.parametrize("option", [0, 1])
def test_the_bombs_are_set_lower_time_or_everyone_discards(fdb, option):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {P}the_bombs_are_set row.4 down as ev\npool attack={cost}",
              part=1)
    s = sc.game.state
    hands = [len(s.piles[pp(i, "hand")]) for i in (0, 1)]
    accepted(sc, "scan 4")
    accepted(sc, f"choose {option}")
    settle(sc)
    after = [len(s.piles[pp(i, "hand")]) for i in (0, 1)]
    assert (s.time, after) == ((5, hands) if option == 0 else (6, [h - 1 for h in hands]))
    assert sc.ref("ev") in s.piles["discarded"]


@pytest.mark.rule("LE-SCAN-08", "LE-STRIKE-14")
def test_the_sixth_anomaly_draws_a_strike(fdb):
    cost = fdb.playmat.row[4].scan_cost
    sc = game(fdb, f"world 0 matrix\n{STRIKES}put {P}the_sixth_anomaly row.4 down as ev\npool attack={cost}",
              part=1)
    accepted(sc, "scan 4")
    settle(sc)
    assert len(sc.game.state.piles["p0.strikes"]) == 1


@pytest.mark.rule("LE-INEVITABLE-02", "LE-INEVITABLE-05")
def test_zero_hour_lowers_the_time_track_by_3_when_it_enters_the_combat_zone(fdb):
    sc = game(fdb, f"world 0 matrix\ntime 8\nput {P}zero_hour row.0 up as zero")
    s = sc.game.state
    assert s.inevitable == sc.ref("zero")
    rejected(sc, "fight $zero", "LE-INEVITABLE-05")
    accepted(sc, "end")
    settle(sc)
    # the next Matrix Phase pushes the Row: the Inevitable moves into the Combat Zone
    assert s.where(sc.ref("zero")) == "combat" and s.time == 5
