"""Rule tests for Revolutions' Act 3, Everything That Has a Beginning
(cards/legendary/act_everything_that_has_a_beginning.toml, engine/legendary/acts/
everything_that_has_a_beginning.py).

Its counts (two Act cards, a 13-card mini-deck with its Inevitable, no Extras); Parts 1 and 2 met
and completed in engine games; Make an Offer to Deus Ex Machina (LE-CARD-40); Part 3's five Smiths,
the Deletion Program and the paid Time Track steps (LE-CARD-16..20), partly from the scenario files
tests/scenarios/beginning_*.scn; the ``defeat_a_smith`` effect that I Have Beaten You Before calls
(LE-CARD-19); random and heuristic play from Part 3. Revolutions is not a film yet, so the games use
this Act as Act 3 after The Matrix's Acts 1 and 2, with The Matrix's Hero Groups and Avatars.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.legendary.acts import registry
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario, set_act
from engine.legendary.setup import LegendarySetup
from engine.legendary.state import State, pp
from engine.legendary.table import Table
from engine.legendary.view import observe
from tests.legendary.helpers import accepted, rejected, settle
from tests.legendary.test_film_the_matrix import kinds
from tests.legendary.test_fuzz import check_invariants, pick
from tests.legendary.test_legal_generation import assert_generated_equals_trial

STORY = "everything_that_has_a_beginning"
ACTS = ("what_is_the_matrix", "know_thyself", STORY)
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
AVATARS = ("morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse", "apoc")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"
P = f"{STORY}_"  # every mini-deck card id of this Act starts so
OFFER = P + "offer_to_deus_ex_machina"
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
DELETION = "effect 0 hook name=send_the_deletion_program"


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def game(db: CardDB, text: str = "", players: int = 2, seed: int = 1, act: str = "3 1") -> Scenario:
    """A game at this Act's Part ``act`` (Morpheus seat 0, Trinity seat 1, ...), seat 0 active, the
    Matrix Row and the Combat Zone cleared, then the position lines ``text``."""
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed={seed} first=0\n{CLEAR}\nact {act}\n")
    return Scenario.from_text(head + text, db)


def part3(db: CardDB, text: str = "", time: int = 8, **kw: Any) -> Scenario:
    """A game in Part 3 with the Smiths set up (the Part's Setup run through the effect path)."""
    return game(db, f"time {time}\n{DELETION}\n{text}", act="3 3", **kw)


def smiths(db: CardDB) -> tuple[int, ...]:
    """The five Smiths' numbers, left to right, as the Part 3 card prints them ("numbered 5, 3, ...")."""
    text = next(p.text for p in db.cards[f"{STORY}_finale"].parts if p.part == 3)
    return tuple(int(n) for n in re.findall(r"\d+", re.search(r"numbered ([^;]*) from left", text).group(1)))


def card(db: CardDB, name: str) -> Any:
    return db.cards[P + name]


def passed(sc: Scenario) -> int:
    return sc.game.state.mods.smiths_passed


def legal(sc: Scenario) -> list[str]:
    return [c.text() for c in sc.game.legal_commands()]


def run_file(db: CardDB, name: str) -> Scenario:
    sc = Scenario.from_file(SCENARIOS / name, db)
    assert sc.failures == [], sc.failures
    return sc


# --- the Act's cards ---------------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-02", "LE-INEVITABLE-01", "LE-FILMS-07")
def test_two_act_cards_a_13_card_mini_deck_with_its_inevitable_and_no_extras(fdb):
    mine = [c for c in fdb.cards.values() if c.deck == f"act:{STORY}"]
    acts = sorted((c for c in mine if c.kind == "act"), key=lambda c: c.id)
    assert [(c.id, c.act, c.story, [p.part for p in c.parts]) for c in acts] == [
        (STORY, 3, STORY, [1, 2]), (f"{STORY}_finale", 3, STORY, [3])]
    assert not [c for c in mine if c.extra]
    mini = [c for c in mine if c.kind != "act"]
    assert sum(c.copies for c in mini) == 13
    assert [c.kind for c in mini].count("inevitable") == 1
    assert all(c.id.startswith(P) for c in mini)
    assert fdb.cards[OFFER].name == "Make an Offer to Deus Ex Machina"
    # Act 3 Enemies are roughly Attack 5-10
    assert {c.attack for c in mini if c.kind == "enemy"} <= set(range(5, 11))
    assert any(a.story == STORY for a in registry().acts)
    assert {"defeat_a_smith", "send_the_deletion_program", "offer_to_deus_ex_machina"} <= \
        set(registry().effects)


@pytest.mark.rule("LE-SETUP-14", "LE-INEVITABLE-01")
def test_setup_puts_the_inevitable_at_the_bottom_of_the_matrix_deck(fdb):
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:1]), acts=list(ACTS), groups=list(GROUPS),
                                         seed=3), fdb)
    s = g.state
    assert s.defs[s.piles["matrix_deck"][0]] == P + "the_storm"
    assert s.inevitable == s.piles["matrix_deck"][0]


# --- Part 1: to the Machine City ------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-04", "LE-ACT-07")
def test_part_1_defeat_two_machine_city_machines_then_the_deal(fdb):
    defender, harvester = card(fdb, "machine_city_defender"), card(fdb, "power_plant_harvester")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {defender.id} combat up as defender\n"
              f"put {harvester.id} combat up as harvester\npool attack={defender.attack + harvester.attack}")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "fight $defender")
    assert sc.ref("defender") in s.piles["defeated_enemies"] and s.time == 7  # Fight: raise by 1
    rejected(sc, "objective", "LE-ACT-04")  # one is not enough
    accepted(sc, "fight $harvester")
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (3, 2)
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(3, 2)]


# --- Part 2 and Make an Offer to Deus Ex Machina (LE-CARD-40) -----------------------------------------


@pytest.mark.rule("LE-CARD-40", "LE-ACT-04", "LE-ACT-09", "LE-ACT-10")
def test_le_card_40_the_offer_blanks_the_row_and_the_deck_and_begins_part_3(fdb):
    offer = fdb.cards[OFFER]
    defender, watchers = card(fdb, "machine_city_defender"), card(fdb, "watching_smiths")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {OFFER} row.1 up as offer\n"
              f"put {defender.id} row.3 up as defender\nput {P}the_logos_crashes row.4 down as crash\n"
              f"put {P}bane_smith matrix_deck as deep\n"
              f"put {watchers.id} combat up as watchers\n"
              f"pool recruit={offer.cost_either} attack={defender.attack + watchers.attack}", act="3 2")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    res = accepted(sc, "complete $offer recruit")
    assert kinds(res.events, "abilities_blanked")
    assert {sc.ref("defender"), sc.ref("crash"), sc.ref("deep")} <= s.blank  # the Row and the Deck
    assert sc.ref("watchers") not in s.blank  # the Combat Zone is neither
    assert s.inevitable not in s.blank  # never targeted (LE-INEVITABLE-05)
    shown = {c["id"]: c for c in observe(fdb, s, 0)["piles"]["row.3"]["cards"]}
    assert shown[sc.ref("defender")].get("blank") is True  # the view marks it for the playmat
    accepted(sc, "fight $defender")  # its Fight: would raise the Time Track: ignored
    assert sc.ref("defender") in s.piles["defeated_enemies"] and s.time == 6
    hand = len(s.piles[pp(0, "hand")])
    accepted(sc, "fight $watchers")  # not blanked: Fight: draw a card
    assert len(s.piles[pp(0, "hand")]) == hand + 1
    # the blanked Event, revealed later, does nothing (it would lower the Time Track by 1)
    sc.line("effect 0 scan_any")
    settle(sc)
    assert sc.ref("crash") in s.face_up and s.time == 6
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (3, 3)
    assert s.mods.smith_numbers == smiths(fdb) and s.mods.smiths_passed == 0
    assert kinds(res.events, "smiths_entered")


@pytest.mark.rule("LE-CARD-40")
def test_le_card_40_without_the_offer_the_same_cards_keep_their_abilities(fdb):
    defender = card(fdb, "machine_city_defender")
    sc = game(fdb, f"world 0 matrix\ntime 6\nput {defender.id} row.3 up as defender\n"
              f"pool attack={defender.attack}", act="3 2")
    accepted(sc, "fight $defender")
    assert sc.game.state.time == 7 and not sc.game.state.blank


# --- Part 3: the Smiths and the Deletion Program ----------------------------------------------------------


@pytest.mark.rule("LE-CARD-16", "LE-CARD-18", "LE-ACT-10", "LE-ACT-11")
def test_part_3_begins_with_five_smiths_and_the_view_shows_them(fdb):
    sc = game(fdb, f"world 0 matrix\ntime 9\nput {OFFER} discarded", act="3 2")
    s = sc.game.state
    hand = list(s.piles[pp(0, "hand")])
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 3)
    # the turn ends once the Setup is done (LE-ACT-11), and it ends in this Part: deleted
    assert set(hand) <= set(s.piles["removed"]) and not s.piles[pp(0, "discard")]
    assert s.mods.smith_numbers == (5, 3, 6, 4, 2) and s.mods.smiths_passed == 0
    assert s.mods.cleanup_deletes and s.mods.time_watch == "smiths_watch_time"
    view = observe(fdb, s, 0)
    assert view["modifiers"]["smith_numbers"] == (5, 3, 6, 4, 2) and "smiths_passed" not in view["modifiers"]
    # saved and loaded, the Smiths are the same (a JSON list becomes the tuple again)
    back = State.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.mods.smith_numbers == s.mods.smith_numbers and back.hash() == s.hash()


@pytest.mark.rule("LE-CARD-18")
def test_le_card_18_part_3_beginning_at_the_leftmost_number_defeats_him_at_once(fdb):
    sc = game(fdb, f"time {smiths(fdb)[0]}\n{DELETION}", act="3 3")
    assert passed(sc) == 1


@pytest.mark.rule("LE-CARD-16", "LE-CARD-17", "LE-CARD-18")
def test_le_card_18_several_smiths_fall_in_one_turn_scenario(fdb):
    sc = run_file(fdb, "beginning_smiths_fall_together.scn")
    s = sc.game.state
    assert passed(sc) == 3 and s.time == 6
    numbers = [e["number"] for e in sc.events if e["kind"] == "smith_defeated"]
    assert numbers == [5, 3, 6]


@pytest.mark.rule("LE-CARD-16")
def test_le_card_16_only_the_leftmost_smith_falls_the_others_wait_their_turn(fdb):
    # The Smiths are 5, 3, 6, 4, 2: at 6 and 4 nobody falls while the 5 still stands
    sc = part3(fdb, "pool recruit=20", time=7)
    accepted(sc, "time-step down")
    assert sc.game.state.time == 6 and passed(sc) == 0
    sc.line("effect 0 lower_time amount=2")  # 6 -> 4: past the 5, onto the fourth Smith's number
    assert sc.game.state.time == 4 and passed(sc) == 0
    accepted(sc, "time-step up")  # 5: the first falls
    assert passed(sc) == 1


@pytest.mark.rule("LE-CARD-18")
def test_le_card_18_any_time_track_change_defeats_the_leftmost_smith(fdb):
    sc = part3(fdb, time=6)
    sc.line("effect 0 lower_time amount=1")  # a card effect, not a paid step
    assert sc.game.state.time == 5 and passed(sc) == 1
    sc.line("effect 0 raise_time amount=1")  # the next is 3: 6 does nothing yet
    assert passed(sc) == 1


@pytest.mark.rule("LE-CARD-17")
def test_le_card_17_time_steps_cost_the_destination_number_scenario(fdb):
    sc = run_file(fdb, "beginning_time_steps.scn")
    assert [r["rule"] for r in sc.rejections] == ["LE-CARD-17", "LE-CARD-17"]
    assert sc.game.state.time == 5 and passed(sc) == 1


@pytest.mark.rule("LE-CARD-17")
def test_le_card_17_at_6_pay_5_to_go_to_5_or_7_to_go_to_7(fdb):
    for cmd, pool, after in (("time-step down", 5, 5), ("time-step up", 7, 7)):
        sc = part3(fdb, f"pool recruit={pool - 1}", time=6)
        rejected(sc, cmd, "LE-CARD-17")
        assert cmd + " recruit" not in legal(sc)
        sc.line(f"pool recruit={pool}")
        assert cmd + " recruit" in legal(sc) and cmd + " attack" in legal(sc)
        accepted(sc, cmd)
        assert sc.game.state.time == after and sc.game.state.turn.recruit == 0


@pytest.mark.rule("LE-CARD-17")
def test_le_card_17_the_named_pool_pays_first_and_the_other_the_rest(fdb):
    sc = part3(fdb, "pool recruit=4 attack=4", time=6)
    accepted(sc, "time-step up attack")  # 7: 4 Attack, then 3 Recruit
    assert (sc.game.state.turn.recruit, sc.game.state.turn.attack) == (1, 0)
    sc = part3(fdb, "pool recruit=4 attack=4", time=6)
    accepted(sc, "time-step up recruit")  # 7: 4 Recruit, then 3 Attack
    assert (sc.game.state.turn.recruit, sc.game.state.turn.attack) == (0, 1)
    rejected(sc, "time-step sideways", "LE-CARD-17")
    rejected(sc, "time-step up gold", "LE-CARD-17")


@pytest.mark.rule("LE-CARD-17")
def test_le_card_17_time_steps_are_only_for_part_3(fdb):
    for act in ("3 1", "3 2", "1 1"):
        sc = game(fdb, "pool recruit=20 attack=20", act=act)
        rejected(sc, "time-step up", "LE-CARD-17")
        assert not [c for c in legal(sc) if c.startswith("time-step")]


@pytest.mark.rule("LE-CARD-17", "LE-TIME-02")
def test_le_card_17_a_step_down_to_0_costs_nothing_and_loses(fdb):
    sc = part3(fdb, time=1)
    assert "time-step down recruit" in legal(sc)
    accepted(sc, "time-step down")
    assert sc.game.state.result == "loss:time"


@pytest.mark.rule("LE-CARD-16", "LE-CARD-18", "LE-GEN-03")
def test_le_card_16_all_five_smiths_passed_is_the_major_victory(fdb):
    # The Smiths are 5, 3, 6, 4, 2: from 4, up to 5, down to 3, up to 6, down to 4, down to 2
    sc = part3(fdb, "pool recruit=60", time=4)
    path = ["up", "down", "down", "up", "up", "up", "down", "down", "down", "down"]
    for step in path:
        rejected(sc, "objective", "LE-ACT-04")
        accepted(sc, f"time-step {step}")
    s = sc.game.state
    assert s.time == 2 and passed(sc) == 5
    rejected(sc, "time-step up", "LE-CARD-16")  # the Deletion Program is through
    assert not [c for c in legal(sc) if c.startswith("time-step")]
    accepted(sc, "objective")
    assert s.result == "major"


@pytest.mark.rule("LE-CARD-20", "LE-CLEANUP-01")
def test_le_card_20_deletion_at_cleanup_scenario(fdb):
    sc = run_file(fdb, "beginning_deletion_at_cleanup.scn")
    assert [(e["seat"], e["count"]) for e in sc.events if e["kind"] == "cards_deleted"] == [(0, 3)]


@pytest.mark.rule("LE-CARD-20", "LE-CLEANUP-01")
def test_le_card_20_each_players_turn_ends_in_deletion_and_before_part_3_nothing_is_deleted(fdb):
    sc = part3(fdb, "pool recruit=0", time=9)
    s = sc.game.state
    for seat in (0, 1):
        assert s.active == seat
        mine = [c for name in ("hand", "play", "discard") for c in s.piles[pp(seat, name)]]
        deck = list(s.piles[pp(seat, "deck")])
        accepted(sc, "end")
        settle(sc)
        assert set(mine) <= set(s.piles["removed"])
        assert not s.piles[pp(seat, "discard")]
        assert set(s.piles[pp(seat, "hand")]) <= set(deck)  # drawn from what was left
    sc = game(fdb, act="3 2")
    hand = list(sc.game.state.piles[pp(0, "hand")])
    accepted(sc, "end")
    assert set(hand) <= set(sc.game.state.piles[pp(0, "discard")])


@pytest.mark.rule("LE-CARD-19")
def test_le_card_19_an_effect_defeats_the_leftmost_smith_through_the_hook(fdb):
    # The declared effect I Have Beaten You Before calls: { verb = "hook", name = "defeat_a_smith" }
    sc = part3(fdb, time=9)
    sc.line("effect 0 hook name=defeat_a_smith")
    assert passed(sc) == 1 and sc.game.state.mods.smith_numbers[passed(sc)] == 3
    sc = part3(fdb, time=3)  # the next Smith is a 3: once the 5 is beaten, he falls at once
    sc.line("effect 0 hook name=defeat_a_smith")
    assert passed(sc) == 2
    sc = game(fdb, act="3 1")  # no Smiths: nothing happens
    sc.line("effect 0 hook name=defeat_a_smith")
    assert sc.game.state.mods.smiths_passed == 0 and not sc.game.state.mods.smith_numbers


@pytest.mark.rule("LE-CARD-19")
def test_le_card_19_i_have_beaten_you_before_played_in_part_3_defeats_the_leftmost_smith(fdb):
    sc = part3(fdb, time=9)
    sc.line("hand 0 neo_revolutions_i_have_beaten_you_before")
    cid = sc.game.state.piles["p0.hand"][0]
    accepted(sc, f"play {cid}")
    assert passed(sc) == 1


@pytest.mark.rule("LE-CARD-19")
def test_le_card_19_the_smiths_cannot_be_fought(fdb):
    # Attack alone never reaches a Smith: no legal command names one, and spending every
    # Attack command on offer leaves the Deletion Program where it was.
    sc = part3(fdb, f"world 0 matrix\nput {card(fdb, 'bane_smith').id} combat up as bane\npool attack=30",
               time=9)
    s = sc.game.state
    assert not [c for c in legal(sc) if c.startswith("fight") and c != f"fight {sc.ref('bane')}"]
    accepted(sc, "fight $bane")
    assert passed(sc) == 0
    for cmd in [c for c in legal(sc) if c.split()[0] in ("fight", "scan", "buytime")]:
        accepted(sc, cmd)
    assert passed(sc) == 0 and s.mods.smith_numbers == smiths(fdb)


# --- the mini-deck's other cards -----------------------------------------------------------------------


@pytest.mark.rule("LE-SCAN-06", "LE-STRIKE-08")
def test_sentinel_cloud_and_the_harvester_go_to_the_real_world_and_the_harvester_strikes(fdb):
    for name in ("sentinel_cloud", "power_plant_harvester"):
        sc = game(fdb, f"world 0 matrix\nput {P}{name} row.2 down as it")
        sc.line("effect 0 scan_any")
        settle(sc)
        assert sc.ref("it") in sc.game.state.piles["real_world"]
    sc = game(fdb, f"time 8\nput {P}power_plant_harvester real_world up as it")
    s = sc.game.state
    strikes = len(s.piles[pp(0, "strikes")]) + len(s.piles["strike_discard"])
    accepted(sc, "end")
    settle(sc)
    assert s.time == 7  # Strike: lower the Time Track by 1, then strike (a Strike card)
    assert len(s.piles[pp(0, "strikes")]) + len(s.piles["strike_discard"]) == strikes + 1


def test_bane_smith_heals_a_strike_and_smith_copies_can_buy_time(fdb):
    bane, copies = card(fdb, "bane_smith"), card(fdb, "smith_copies")
    sc = game(fdb, f"world 0 matrix\nput strike_bullet_graze p0.strikes\nput {bane.id} combat up as bane\n"
              f"put {copies.id} combat up as copies\npool attack={bane.attack + copies.buy_time_cost}")
    s = sc.game.state
    damage = Table(fdb, s).damage(0)
    accepted(sc, "fight $bane")
    settle(sc)
    assert Table(fdb, s).damage(0) < damage
    accepted(sc, "buytime $copies")
    assert sc.ref("copies") in s.turn.bought_time


def test_the_events_the_clouds_and_the_storm(fdb):
    sc = game(fdb, f"world 0 matrix\ntime 7\nput {P}the_logos_crashes row.2 down")
    sc.line("effect 0 scan_any")
    settle(sc)
    assert sc.game.state.time == 6
    sc = game(fdb, f"world 0 matrix\ntime 7\nput {P}blinded row.2 down")
    sc.line("effect 0 scan_any")
    accepted(sc, "choose 1")  # lower the Time Track by 1
    assert sc.game.state.time == 6
    clouds = card(fdb, "above_the_clouds")
    sc = game(fdb, f"world 0 matrix\ntime 5\nput {clouds.id} row.2 up as clouds\n"
              f"pool recruit={clouds.cost_recruit}")
    accepted(sc, "complete $clouds")
    assert sc.game.state.time == 7
    storm = card(fdb, "the_storm")
    assert storm.kind == "inevitable" and [e.verb for e in storm.on_enter_combat] == ["lower_time"]


# --- whole games from Part 3 ---------------------------------------------------------------------------


def part3_game(db: CardDB, seed: int, players: int, heroes: int = 0) -> LegendaryGame:
    """A game set at Part 3's start; each deck first gains ``heroes`` Heroes from Zion, as a deck
    grown over Acts 1 and 2 would have."""
    g = LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:players]), acts=list(ACTS),
                                         groups=list(GROUPS), seed=seed), db, track_undo=False)
    t = Table(g.db, g.state)
    for seat in range(players):
        for _ in range(heroes):
            t.move(g.state.piles["zion"][-1], "zion", pp(seat, "deck"))
        t.shuffle(pp(seat, "deck"))
    set_act(t, 3, 3)
    g.state.time = 6 + seed % 4
    registry().effect("send_the_deletion_program")(t, {"seat": g.state.active})
    g.rebase()
    return g


@pytest.mark.slow
@pytest.mark.rule("LE-CARD-16", "LE-CARD-17", "LE-CARD-20")
def test_random_legal_play_from_part_3_makes_no_engine_error_and_ends(fdb):
    steps = 0
    for seed in range(12):
        rng = random.Random(seed)
        g = part3_game(fdb, seed, 1 + seed % 5)
        for _ in range(5000):
            legal_now = check_invariants(g)
            assert_generated_equals_trial(g)
            if g.over:
                break
            # a Minor Victory only when nothing else is left, so the games play the Part out
            res = g.apply(pick(rng, [c for c in legal_now if c.verb != "minor-victory"] or legal_now))
            assert res.accepted, res
            steps += 1
        assert g.over  # the Deletion Program empties every deck: the game cannot go on forever
    assert steps > 200


@pytest.mark.rule("LE-CARD-17", "LE-CARD-18")
def test_the_heuristic_bot_steps_the_time_track_toward_the_leftmost_smith(fdb):
    bot = HeuristicBot()
    sc = part3(fdb, "empty p0.hand\npool recruit=7", time=8, players=4)  # 4 decks: the race is not lost
    assert bot.choose(sc.game).text() == "time-step down recruit"  # 8 -> 7 on the way to 5
    sc = part3(fdb, "empty p0.hand\npool recruit=5 attack=9", time=4, players=4)
    assert bot.choose(sc.game).text() == "time-step up recruit"  # 4 -> 5: Attack kept to fight


@pytest.mark.rule("LE-CARD-40", "LE-ACT-04")
def test_the_heuristic_bot_makes_the_offer_in_part_2(fdb):
    offer = fdb.cards[OFFER]
    sc = game(fdb, f"world 0 matrix\nempty p0.hand\nput {OFFER} row.2 up as offer\n"
              f"pool recruit={offer.cost_either}", act="3 2")
    assert HeuristicBot().choose(sc.game).text() == f"complete {sc.ref('offer')} recruit"


@pytest.mark.rule("LE-CARD-16", "LE-ACT-14")
def test_the_heuristic_bot_plays_part_3_with_purpose(fdb):
    bot = HeuristicBot()
    falls = results = 0
    for seed in range(8):
        g = part3_game(fdb, seed, 2 + seed % 3, heroes=10)
        for _ in range(3000):
            if g.over:
                break
            g.apply(bot.choose(g))
        assert g.over
        falls += g.state.mods.smiths_passed
        results += g.state.result in ("major", "minor")
    assert falls >= 8  # at least one Smith a game on average
    assert results >= 1


@pytest.mark.rule("LE-ACT-14")
def test_part_3_offers_the_minor_victory_once_two_smiths_are_passed(fdb):
    sc = part3(fdb, time=9)
    rejected(sc, "minor-victory", "LE-ACT-14")
    assert "minor-victory" not in legal(sc)
    sc.line("effect 0 hook name=defeat_a_smith")
    sc.line("effect 0 hook name=defeat_a_smith")
    assert passed(sc) == 2 and "minor-victory" in legal(sc)
    accepted(sc, "minor-victory")
    assert sc.game.state.result == "minor"


@pytest.mark.rule("LE-CARD-20", "LE-DEFEAT-08", "LE-CARD-18", "LE-ACT-14")
def test_le_card_20_a_player_with_every_card_deleted_plays_on_with_an_empty_hand(fdb):
    """No rule defeats a player for having no cards (only damage does, LE-DEFEAT-08): a lone player
    whose every card is deleted plays on with an empty hand. Here the Combat Zone's strikes lower the
    Time Track onto the Smiths' numbers 5 and 3, and the Minor Victory is offered."""
    defender = P + "machine_city_defender"
    sc = part3(fdb, f"world 0 real\nempty p0.deck p0.discard matrix_deck\nput {defender} combat up",
               time=6, players=1)
    s = sc.game.state
    accepted(sc, "end")  # Time 6 -> 5: the first Smith falls; the hand and play area are deleted
    assert not s.players[0].defeated and s.result == ""
    assert not any(s.piles[pp(0, name)] for name in ("deck", "hand", "discard", "play"))
    assert (s.active, s.phase, s.time, passed(sc)) == (0, "action", 5, 1)
    assert sc.game.observe(0)["concede_offered"]  # the table may give up (stall.py); it plays on
    accepted(sc, "end")  # Time 5 -> 4
    accepted(sc, "end")  # Time 4 -> 3: the second Smith falls
    assert (s.time, passed(sc), s.result) == (3, 2, "")
    accepted(sc, "minor-victory")
    assert s.result == "minor"
