"""Rule tests for the first film, The Matrix, on the shipped cards (cards/legendary/*.toml).

LE-FILMS (its Acts, Groups and Avatars), LE-SETUP (setup with the real film), the Act 1 story
(The Red Pill, freeing Neo), and the LE-CARD clarifications that name this film's cards: Bug, What
Good is a Phone Call, Know Thyself Part 2, He is The One Part 3 with Sentinel Destroyer, Become The
One and EMP, and the Strikes Incoming and One of You is Going to Die.

Costs, Attack values and Strike damage may be retuned, so they are read from the card database
(or, for He is The One Part 3's rates, from engine/legendary/acts/he_is_the_one.py), never hard-coded.
"""
from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.legendary import flow
from engine.legendary.actions import gain_pile
from engine.legendary.acts import he_is_the_one as hooks
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import available_films, deal_avatars, film_setup
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import POTS_BY_PLAYERS, LegendarySetup, SetupError, recommended_first_game_avatars
from engine.legendary.state import State, dock, pp
from engine.legendary.table import Table
from tests.legendary.helpers import accepted, rejected, settle

ACTS = ("what_is_the_matrix", "know_thyself", "he_is_the_one")
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
AVATARS = ("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse", "apoc")
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database (the real film)."""
    return load_db()


# --- helpers ----------------------------------------------------------------------------------------


def setup_text(avatars: tuple[str, ...] | list[str] = AVATARS[:2], seed: int = 1) -> str:
    """A scenario ``setup`` line naming The Matrix's Acts and Hero Groups."""
    return (f"setup avatars={','.join(avatars)} acts={','.join(ACTS)} groups={','.join(GROUPS)} "
            f"seed={seed}")


def film(db: CardDB, text: str = "", avatars: tuple[str, ...] | list[str] = AVATARS[:2], seed: int = 1,
         clear: bool = True) -> Scenario:
    """A Scenario of the real film: Thomas Anderson (seat 0, first) and Morpheus by default, with the
    Matrix Row and the Combat Zone cleared unless ``clear=False``."""
    head = setup_text(avatars, seed) + "\n" + (CLEAR + "\n" if clear else "")
    return Scenario.from_text(head + text, db)


def new_game(db: CardDB, players: int, seed: int = 1, **kw: Any) -> LegendaryGame:
    return LegendaryGame.new(film_setup("the_matrix", players, seed, **kw), db)


def defs(s: State, name: str) -> list[str]:
    return [s.defs[c] for c in s.piles[name]]


def lines(sc: Scenario, text: str) -> None:
    """Apply several scenario position lines."""
    for line in text.strip().splitlines():
        if line.strip():
            sc.line(line.strip())


def kinds(events: Any, kind: str) -> list[dict]:
    return [e.data for e in events if e.kind == kind]


def one(s: State, def_id: str, name: str) -> int:
    """The single card of ``def_id`` in pile ``name``."""
    got = [c for c in s.piles[name] if s.defs[c] == def_id]
    assert len(got) == 1, (def_id, name, defs(s, name))
    return got[0]


def card_in(s: State, def_id: str, *names: str) -> list[int]:
    return [c for n in names for c in s.piles[n] if s.defs[c] == def_id]


def matrix_cards(s: State) -> list[int]:
    """The Matrix Deck as setup built it, bottom to top: the first turn's Matrix Phase has moved its
    top card face down into the rightmost Row space (not with 5 players: prep turns)."""
    entered = [c for i in range(5) for c in s.piles[f"row.{i}"]]
    assert len(entered) <= 1
    return s.piles["matrix_deck"] + entered


def mini_deck_size(db: CardDB, story: str) -> int:
    return sum(c.copies for c in db.cards.values()
               if c.deck == f"act:{story}" and not c.extra and c.kind != "act")


def extras_size(db: CardDB, story: str) -> int:
    return sum(c.copies for c in db.cards.values() if c.deck == f"act:{story}" and c.extra)


def begin_part3(sc: Scenario) -> None:
    """Make He is The One Part 3 current and carry out its Setup, as beginning the Part does."""
    sc.line("act 3 3")
    t = sc.t
    src = flow.current_act_card(t)
    t.push(*({"op": "fx", "fx": e.model_dump(), "src": src, "seat": t.s.active}
             for e in flow.current_part(t).setup))
    flow.run(t)
    assert t.s.decision is None and not t.s.stack


def part3(db: CardDB, text: str = "", avatars: tuple[str, ...] | list[str] = AVATARS[:2],
          seed: int = 1) -> Scenario:
    """He is The One Part 3, set up on Thomas Anderson's turn (he is the Matrix player), then ``text``."""
    sc = film(db, avatars=avatars, seed=seed)
    begin_part3(sc)
    lines(sc, text)
    return sc


# --- LE-FILMS ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-FILMS-01", "LE-FILMS-02", "LE-FILMS-03")
def test_le_films_01_to_03_the_matrix_acts_groups_and_avatars_by_name(fdb):
    f = fdb.films["the_matrix"]
    assert f.name == "The Matrix" and f in available_films(fdb)
    assert f.acts == ACTS and f.groups == GROUPS and f.avatars == AVATARS
    acts = {c.story: c for c in fdb.cards.values() if c.kind == "act" and c.parts[0].part == 1}
    assert [(acts[a].name, acts[a].act) for a in f.acts] == [
        ("What is the Matrix?", 1), ("Know Thyself", 2), ("He is The One", 3)]
    for g in f.groups:  # standard Hero Groups of 14 cards (LE-SETUP-18), never Extras
        cards = [c for c in fdb.cards.values() if c.kind == "hero" and c.group == g]
        assert sum(c.copies for c in cards) == 14 and not any(c.extra for c in cards), g
    names = {(fdb.cards[a].name, fdb.cards[a].back_name or None) for a in f.avatars}
    assert names == {("Neo", "Thomas Anderson"), ("Morpheus (The Matrix)", None),
                     ("Trinity (The Matrix)", None), ("Switch", None), ("Mouse", None), ("Apoc", None)}
    assert all(fdb.cards[a].kind == "avatar" for a in f.avatars)


@pytest.mark.rule("LE-FILMS-10", "LE-GEN-01", "LE-SETUP-03")
def test_le_films_10_any_combination_of_the_films_avatars_for_1_to_5_players(fdb):
    built = 0
    for n in range(1, 6):
        for combo in itertools.combinations(AVATARS, n):
            g = LegendaryGame.new(film_setup("the_matrix", n, 3, avatars=list(combo)), fdb)
            s = g.state
            assert [s.defs[p.avatar] for p in s.players] == list(combo)
            assert {fdb.cards[d].story for d in defs(s, "acts")} == set(ACTS)
            assert s.phase == "action" and not s.result and s.decision is None
            built += 1
    assert built == 6 + 15 + 20 + 15 + 6


@pytest.mark.rule("LE-FILMS-10", "LE-SETUP-02", "LE-SETUP-03")
def test_le_films_10_an_avatar_of_another_film_or_no_avatar_is_refused(fdb):
    for bad in ("neo_reloaded", "niobe", "no_such_avatar", "unplug"):
        with pytest.raises(SetupError, match="LE-FILMS-10"):
            film_setup("the_matrix", 2, 1, avatars=["thomas_anderson_neo", bad])
    with pytest.raises(SetupError, match="LE-FILMS-10"):
        film_setup("reloaded_unknown", 2, 1)
    with pytest.raises(SetupError, match="LE-SETUP-03"):
        LegendaryGame.new(film_setup("the_matrix", 2, 1, avatars=["switch", "switch"]), fdb)
    with pytest.raises(SetupError, match="LE-GEN-01"):
        LegendaryGame.new(film_setup("the_matrix", 6, 1), fdb)


@pytest.mark.rule("LE-SETUP-02", "LE-FILMS-10")
def test_le_setup_02_deal_avatars_gives_distinct_film_avatars_and_is_seeded(fdb):
    for n in range(1, 6):
        dealt = {tuple(deal_avatars("the_matrix", n, seed)) for seed in range(12)}
        assert len(dealt) > 1  # random
        for got in dealt:
            assert len(got) == n == len(set(got)) and set(got) <= set(AVATARS)
        assert deal_avatars("the_matrix", n, 7) == deal_avatars("the_matrix", n, 7)  # seeded
    got = deal_avatars("the_matrix", 3, 11)
    s = LegendaryGame.new(film_setup("the_matrix", 3, 11, avatars=got), fdb).state
    assert [s.defs[p.avatar] for p in s.players] == got
    for p in s.players:  # the RSI on the Avatar (Thomas Anderson's in the Matrix, LE-SETUP-04)
        assert s.piles[pp(p.seat, "avatar")] == [p.avatar]
        assert p.in_matrix == (s.defs[p.avatar] == "thomas_anderson_neo")
    with pytest.raises(SetupError, match="LE-FILMS-10"):
        deal_avatars("no_film", 2, 1)


@pytest.mark.rule("LE-GEN-01", "LE-SETUP-02")
def test_le_gen_01_deal_avatars_seats_at_most_5_players(fdb):
    """The game is for 1-5 players: dealing Avatars to 6 players is refused like 0."""
    with pytest.raises(SetupError, match="LE-GEN-01"):
        deal_avatars("the_matrix", 0, 1)
    with pytest.raises(SetupError, match="LE-GEN-01"):
        deal_avatars("the_matrix", 6, 1)


# --- LE-SETUP with the real film ------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-01", "LE-SETUP-04")
def test_le_setup_01_thirteen_card_decks_and_thomas_andersons_twelve(fdb):
    s = new_game(fdb, 5).state
    for p in s.players:
        mine = Counter(defs(s, pp(p.seat, "deck")) + defs(s, pp(p.seat, "hand")))
        if s.defs[p.avatar] == "thomas_anderson_neo":
            assert mine == {"unplug": 7, "there_is_no_spoon": 5}
        else:
            assert mine == {"unplug": 7, "there_is_no_spoon": 5, "free_your_mind": 1}


@pytest.mark.rule("LE-SETUP-04", "LE-SETUP-23")
def test_le_setup_04_23_thomas_anderson_starts_on_his_anderson_side_in_the_matrix(fdb):
    avs = ["morpheus_the_matrix", "thomas_anderson_neo", "trinity_the_matrix"]
    g = LegendaryGame.new(film_setup("the_matrix", 3, 2, avatars=avs), fdb)
    s = g.state
    t = Table(fdb, s)
    assert fdb.cards["thomas_anderson_neo"].start_side == "back"
    thomas = s.players[1]
    assert thomas.avatar in s.flipped and t.player_name(1) == "Thomas Anderson"
    assert g.observe(0)["players"][1]["name"] == "Thomas Anderson"
    assert [p.in_matrix for p in s.players] == [False, True, False]
    assert defs(s, "out_of_play").count("free_your_mind") == 1
    assert "free_your_mind" not in defs(s, "p1.deck") + defs(s, "p1.hand")
    assert s.players[0].avatar not in s.flipped and t.player_name(0) == "Morpheus (The Matrix)"


@pytest.mark.rule("LE-SETUP-06", "LE-SETUP-07")
def test_le_setup_06_07_hovercraft_and_strike_stacks(fdb):
    hovercrafts = sorted(c.id for c in fdb.cards.values() if c.deck == "hovercraft")
    strikes = Counter({c.id: c.copies for c in fdb.cards.values() if c.kind == "strike"})
    assert len(hovercrafts) == 5 and sum(strikes.values()) == 40
    orders: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for seed in range(4):
        g = new_game(fdb, 2, seed)
        s = g.state
        assert sorted(defs(s, "hovercraft")) == hovercrafts
        assert Counter(defs(s, "strikes")) == strikes
        assert not (set(s.piles["hovercraft"]) | set(s.piles["strikes"])) & s.face_up
        assert g.observe(0)["piles"]["strikes"] == {"count": 40}
        orders.add((tuple(defs(s, "hovercraft")), tuple(defs(s, "strikes"))))
    assert len({o[0] for o in orders}) > 1 and len({o[1] for o in orders}) > 1  # shuffled


@pytest.mark.rule("LE-SETUP-09", "LE-SETUP-10", "LE-ACT-01")
def test_le_setup_09_10_act_stack_of_four_cards(fdb):
    s = new_game(fdb, 2).state
    assert list(reversed(defs(s, "acts"))) == [
        "what_is_the_matrix", "know_thyself", "he_is_the_one", "he_is_the_one_finale"]
    assert all(c in s.face_up and c not in s.flipped for c in s.piles["acts"])
    per_act = Counter(fdb.cards[d].act for d in defs(s, "acts"))
    assert per_act == {1: 1, 2: 1, 3: 2}
    finale = fdb.cards["he_is_the_one_finale"]
    assert [p.part for p in finale.parts] == [3]  # the bottom card shows its Part 3 side
    assert [p.part for p in fdb.cards["he_is_the_one"].parts] == [1, 2]
    assert (s.act, s.part) == (1, 1)


@pytest.mark.rule("LE-SETUP-08", "LE-GEN-02")
def test_le_setup_08_exactly_one_act_1_2_and_3(fdb):
    setup = film_setup("the_matrix", 2, 1)
    assert [next(c.act for c in fdb.cards.values() if c.kind == "act" and c.story == a)
            for a in setup.acts] == [1, 2, 3]
    for acts in (["know_thyself", "what_is_the_matrix", "he_is_the_one"],
                 ["what_is_the_matrix", "know_thyself"],
                 ["what_is_the_matrix", "know_thyself", "he_is_the_one", "he_is_the_one"]):
        with pytest.raises(SetupError, match="LE-SETUP-08"):
            LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:2]), acts=acts, groups=list(GROUPS)), fdb)


@pytest.mark.rule("LE-SETUP-28")
def test_le_setup_28_every_film_card_carries_its_deck_label(fdb):
    s = new_game(fdb, 5).state
    labels = {"starting", "hovercraft", "strikes", "part_of_the_system", "avatar",
              *(f"act:{a}" for a in ACTS), *(f"group:{g}" for g in GROUPS)}
    # The box keeps every loaded card setup did not take (other films' cards too): not this game's.
    boxed = set(s.piles["box"])
    used = [fdb.cards[d] for d in sorted({d for cid, d in enumerate(s.defs) if cid not in boxed})]
    assert {c.deck for c in used} == labels
    for c in used:
        if c.kind == "hero" and c.deck.startswith("act:"):  # the Extra Hero Group (and the Oracles)
            assert c.extra, c.id
        if c.kind == "hero" and c.deck.startswith("group:"):
            assert c.deck == f"group:{c.group}" and not c.extra, c.id


@pytest.mark.rule("LE-SETUP-11", "LE-SETUP-12", "LE-SETUP-13", "LE-SETUP-14", "LE-SETUP-15", "LE-SETUP-16")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_le_setup_11_to_16_matrix_deck_from_the_real_mini_decks(fdb, players):
    assert [mini_deck_size(fdb, a) for a in ACTS] == [10, 11, 13]
    n = POTS_BY_PLAYERS[players]
    assert n == {1: 0, 2: 1, 3: 3, 4: 5, 5: 5}[players]
    s = new_game(fdb, players, seed=players).state
    deck = matrix_cards(s)
    assert len(deck) == {1: 34, 2: 37, 3: 43, 4: 49, 5: 49}[players] == 34 + 3 * n
    labels = [fdb.cards[s.defs[c]].deck for c in deck]
    # bottom to top: the Inevitable, Act 3 (12 + N), Act 2 (11 + N), Act 1 (10 + N)
    bottom = deck[0]
    assert s.defs[bottom] == "the_sentinels_arrive" and fdb.cards["the_sentinels_arrive"].kind == "inevitable"
    assert s.inevitable == bottom and bottom in s.face_up
    segs = (labels[1:13 + n], labels[13 + n:24 + 2 * n], labels[24 + 2 * n:])
    for seg, story, size in zip(segs, reversed(ACTS), (12, 11, 10), strict=True):
        want = {f"act:{story}": size, "part_of_the_system": n} if n else {f"act:{story}": size}
        assert Counter(seg) == want, story
    assert not set(deck[1:]) & s.face_up  # face down
    if players == 5:  # prep turns: nothing has entered the Row yet
        assert all(not s.piles[f"row.{i}"] for i in range(5))


@pytest.mark.rule("LE-SETUP-12", "LE-SETUP-13", "LE-SETUP-14")
def test_le_setup_12_to_14_mini_decks_shuffled_with_random_part_of_the_system(fdb):
    orders, picks = set(), set()
    for seed in range(6):
        s = new_game(fdb, 3, seed).state
        deck = [s.defs[c] for c in matrix_cards(s)]
        orders.add(tuple(deck[-13:]))
        picks.add(tuple(sorted(d for d in deck if fdb.cards[d].deck == "part_of_the_system")))
    assert len(orders) > 1 and len(picks) > 1


@pytest.mark.rule("LE-SETUP-17", "LE-ACT-16")
def test_le_setup_17_the_three_acts_extras_are_set_aside(fdb):
    assert [extras_size(fdb, a) for a in ACTS] == [14, 9, 11]
    s = new_game(fdb, 4).state
    extras = defs(s, "extras")
    assert len(extras) == 34
    assert Counter(fdb.cards[d].deck for d in extras) == {
        "act:what_is_the_matrix": 14, "act:know_thyself": 9, "act:he_is_the_one": 11}
    assert all(fdb.cards[d].extra for d in extras)
    neo = [d for d in extras if fdb.cards[d].deck == "act:what_is_the_matrix"]
    assert {fdb.cards[d].group for d in neo} == {"neo_the_matrix"}
    assert not set(s.piles["extras"]) & s.face_up
    assert Counter(d for d in extras if fdb.cards[d].deck == "act:he_is_the_one") == {
        "agent_smith_interrogator": 1, "agent_smith_subway": 1, "pursuing_agent": 3, "sentinel_destroyer": 1,
        "hull_cutter_sentinel": 3, "become_the_one": 1, "emp": 1}


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-19", "LE-SETUP-20", "LE-SETUP-22")
def test_le_setup_18_19_22_zion_and_the_dock(fdb):
    docks = set()
    for seed in range(4):
        s = new_game(fdb, 2, seed).state
        dock_cards = [c for i in range(5) for c in s.piles[dock(i)]]
        assert [len(s.piles[dock(i)]) for i in range(5)] == [1] * 5
        assert len(s.piles["zion"]) == 51 and set(dock_cards) <= s.face_up
        assert not set(s.piles["zion"]) & s.face_up
        groups = Counter(fdb.cards[s.defs[c]].group for c in s.piles["zion"] + dock_cards)
        assert groups == {g: 14 for g in GROUPS}
        assert not any(fdb.cards[s.defs[c]].extra for c in s.piles["zion"] + dock_cards)
        assert s.piles["operations"] == []
        docks.add(tuple(s.defs[c] for c in dock_cards))
    assert len(docks) > 1  # Zion is shuffled before the Dock is filled
    with pytest.raises(SetupError, match="LE-SETUP-19"):
        LegendaryGame.new(LegendarySetup(avatars=list(AVATARS[:2]), acts=list(ACTS),
                                         groups=["neo_the_matrix", *GROUPS[1:]]), fdb)


@pytest.mark.rule("LE-SETUP-21", "LE-SETUP-24")
def test_le_setup_21_24_time_10_and_hands_of_6(fdb):
    hands = set()
    for seed in range(6):
        s = new_game(fdb, 3, seed).state
        assert s.time == 10 == fdb.playmat.start_time
        for p in s.players:
            assert len(s.piles[pp(p.seat, "hand")]) == 6 == fdb.playmat.hand_size
            size = 12 if s.defs[p.avatar] == "thomas_anderson_neo" else 13
            assert len(s.piles[pp(p.seat, "deck")]) == size - 6
        hands.add(tuple(sorted(defs(s, "p1.hand"))))
    assert len(hands) > 1  # each deck is shuffled
    assert new_game(fdb, 3, 9).state.hash() == new_game(fdb, 3, 9).state.hash()  # and seeded


@pytest.mark.rule("LE-SETUP-25", "LE-SETUP-05")
def test_le_setup_25_first_player_by_rank(fdb):
    rank = {a: fdb.cards[a].rank for a in AVATARS}
    assert rank["thomas_anderson_neo"] == 1

    def first(avs: list[str], seed: int = 1, **kw: Any) -> int:
        setup = film_setup("the_matrix", len(avs), seed, avatars=avs, **kw)
        return LegendaryGame.new(setup, fdb).state.active

    for avs in (list(AVATARS[:5]), ["mouse", "switch", "thomas_anderson_neo"],
                ["trinity_the_matrix", "morpheus_the_matrix"], ["apoc", "mouse", "trinity_the_matrix"]):
        best = min(rank[a] for a in avs)
        assert rank[avs[first(avs)]] == best, avs
    assert first(list(AVATARS[:5])) == 0  # Thomas Anderson
    # a tie for the best Rank: one of the tied players starts, chosen or at random
    by_rank: dict[int, list[str]] = {}
    for a in AVATARS:
        by_rank.setdefault(rank[a], []).append(a)
    tied = next((v for v in by_rank.values() if len(v) > 1), None)
    if tied is None:
        return
    worse = [a for a in AVATARS if rank[a] > rank[tied[0]]]
    avs = [*tied[:2], *worse[:1]]
    assert {first(avs, seed) for seed in range(12)} == {0, 1}
    assert first(avs, first_player=1) == 1 and first(avs, first_player=0) == 0
    if worse:
        with pytest.raises(SetupError, match="LE-SETUP-25"):
            first(avs, first_player=2)


@pytest.mark.rule("LE-SETUP-26", "LE-SETUP-27")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_le_setup_26_27_recommended_first_game(fdb, players):
    setup = film_setup("the_matrix", players, 1)
    assert setup.acts == list(ACTS) and setup.groups == list(GROUPS)
    want = ["thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse"][:players]
    assert setup.avatars == want
    assert [fdb.cards[a].character for a in setup.avatars] == recommended_first_game_avatars(players)
    s = LegendaryGame.new(setup, fdb).state
    assert [s.defs[p.avatar] for p in s.players] == want


# --- Act 1: What is the Matrix? -----------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-16", "LE-ACT-17", "LE-SETUP-19", "LE-FILMS-01")
def test_the_red_pill_completes_part_1_and_the_neo_group_joins_zion(fdb):
    cost = fdb.cards["the_red_pill"].cost_either
    sc = film(fdb, f"put the_red_pill row.2 up as pill\npool recruit={cost}")
    s = sc.game.state
    neo = [c for c in s.piles["extras"] if getattr(fdb.cards[s.defs[c]], "group", None) == "neo_the_matrix"]
    assert len(neo) == 14
    rejected(sc, "objective", "LE-ACT-04")
    hands = [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])]
    accepted(sc, "complete $pill recruit")
    assert sc.ref("pill") in s.piles["discarded"] and s.turn.recruit == 0
    assert [len(s.piles["p0.hand"]), len(s.piles["p1.hand"])] == [hands[0] + 1, hands[1] + 1]
    assert set(neo) <= set(s.piles["extras"])  # still out of play until the Objective says so
    res = accepted(sc, "objective")
    in_zion = set(s.piles["zion"]) | {c for i in range(5) for c in s.piles[dock(i)]}
    assert set(neo) <= in_zion and not set(neo) & set(s.piles["extras"])
    assert kinds(res.events, "zion_grows") == [{"count": 14}]
    assert len(s.piles["extras"]) == 20  # the other Acts' Extras stay set aside (LE-ACT-17)
    assert (s.act, s.part) == (1, 2) and s.active == 1


@pytest.mark.rule("LE-ACT-13", "LE-SETUP-04", "LE-ACT-08")
def test_freeing_neo_needs_a_hovercraft_in_play_then_act_2_begins(fdb):
    sc = film(fdb, "act 1 2\nput hovercraft_osiris p0.hand as osiris")
    s = sc.game.state
    thomas = s.players[0]
    fym = one(s, "free_your_mind", "out_of_play")
    assert thomas.in_matrix and thomas.avatar in s.flipped
    res = rejected(sc, "objective", "LE-ACT-04")  # a Hovercraft in hand is not in play
    assert "Hovercraft" in res.reason
    assert "objective" not in [c.text() for c in sc.game.legal_commands()]
    accepted(sc, "play $osiris")
    rejected(sc, "objective", "LE-ACT-04")  # "while in the Real World" (LE-ACT-13)
    accepted(sc, "move real alley")
    res = accepted(sc, "objective")
    assert thomas.avatar not in s.flipped and sc.t.player_name(0) == "Neo"
    assert sc.game.observe(1)["players"][0]["name"] == "Neo"
    assert not thomas.in_matrix
    moved = [e for e in kinds(res.events, "card_moved") if e["card"] == fym]
    assert moved[0]["src"] == "out_of_play" and moved[0]["dst"] == "p0.discard"
    assert fym not in s.piles["out_of_play"] and fym in s.piles["p0.discard"] + s.piles["p0.deck"] + \
        s.piles["p0.hand"]
    assert (s.act, s.part) == (2, 1) and s.defs[s.piles["acts"][-1]] == "know_thyself"
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(2, 1)]
    assert s.active == 1  # the turn ended (LE-ACT-11)


@pytest.mark.rule("LE-ACT-13", "LE-SETUP-04")
def test_freeing_neo_on_another_players_turn_frees_thomas_anderson(fdb):
    sc = film(fdb, "act 1 2\nactive 1\nput hovercraft_logos p1.play as logos")
    s = sc.game.state
    accepted(sc, "objective")
    assert not s.players[0].in_matrix and s.players[0].avatar not in s.flipped
    assert "free_your_mind" in defs(s, "p0.discard") and "free_your_mind" not in defs(s, "out_of_play")
    assert defs(s, "p1.discard").count("free_your_mind") == 1  # Morpheus keeps only his own
    assert (s.act, s.part) == (2, 1)


@pytest.mark.rule("LE-ACT-13")
def test_le_act_13_gaining_a_hovercraft_in_the_real_world_lets_you_free_neo(fdb):
    """The rulebook's example: "While in the Real World, if you gain a Hovercraft or have one in
    your play area, you may free Neo". A Hovercraft recruited this turn counts, though it goes to
    the discard pile, not the play area."""
    sc = film(fdb, "act 1 2\nactive 1\nworld 1 real\npool recruit=3")
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    accepted(sc, "recruit hovercraft")
    assert any(s.defs[c].startswith("hovercraft_") for c in s.piles["p1.discard"])
    assert "objective" in [c.text() for c in sc.game.legal_commands()]
    accepted(sc, "objective")
    assert not s.players[0].in_matrix and s.players[0].avatar not in s.flipped
    assert (s.act, s.part) == (2, 1)


@pytest.mark.rule("LE-ACT-13")
def test_le_act_13_a_hovercraft_gained_on_an_earlier_turn_does_not_count(fdb):
    sc = film(fdb, "act 1 2\nactive 1\nworld 1 real\nput hovercraft_logos p1.discard")
    rejected(sc, "objective", "LE-ACT-04")


@pytest.mark.rule("LE-ACT-13")
def test_le_act_13_thomas_anderson_cannot_free_himself_from_inside_the_matrix(fdb):
    sc = film(fdb, "act 1 2\nactive 0\nworld 0 matrix\nput hovercraft_logos p0.play")
    s = sc.game.state
    res = rejected(sc, "objective", "LE-ACT-04")
    assert "Real World" in res.reason
    assert "objective" not in [c.text() for c in sc.game.legal_commands()]
    assert s.players[0].in_matrix and s.players[0].avatar in s.flipped


@pytest.mark.rule("LE-ACT-13")
def test_le_act_13_a_hovercraft_gained_then_carried_into_the_matrix_does_not_free_neo(fdb):
    sc = film(fdb, "act 1 2\nactive 1\nworld 1 real\npool recruit=3")
    accepted(sc, "recruit hovercraft")
    accepted(sc, "move matrix")
    rejected(sc, "objective", "LE-ACT-04")


@pytest.mark.rule("LE-CARD-46", "LE-ABILITY-02", "LE-ACT-13")
def test_le_card_46_the_act_card_frees_neo_although_leaving_the_matrix_is_forbidden(fdb):
    """Freeing Neo is an Act card's instruction: it takes Thomas Anderson out of the Matrix even
    while a card forbids leaving it, which a Hero's effect could not do."""
    sc = film(fdb, "act 1 2\nactive 1\nworld 1 real\nput hovercraft_logos p1.play")
    s = sc.game.state
    lines(sc, "effect 1 forbid what=leave_matrix\neffect 1 move_to_real_world who=choose")
    accepted(sc, "choose 0")  # Morpheus tries to pull Thomas Anderson out with a Hero effect
    assert s.players[0].in_matrix
    accepted(sc, "objective")
    assert not s.players[0].in_matrix


@pytest.mark.rule("LE-CARD-46", "LE-CARD-28")
def test_le_card_46_part_3_setup_moves_players_despite_a_prohibition(fdb):
    sc = film(fdb, "world 0 real\nworld 1 matrix\neffect 0 forbid what=leave_matrix\n"
              "effect 0 forbid what=enter_matrix")
    begin_part3(sc)
    s = sc.game.state
    assert [p.in_matrix for p in s.players] == [True, False]


# --- Bug ------------------------------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-06", "LE-CARD-61")
def test_le_card_06_bug_revealed_goes_into_the_active_players_deck(fdb):
    cost = fdb.playmat.row[2].scan_cost
    sc = film(fdb, f"active 1\nworld 1 matrix\nput bug row.2 down as bug\npool attack={cost}")
    s = sc.game.state
    deck = len(s.piles["p1.deck"])
    res = accepted(sc, "scan 2")
    bug = sc.ref("bug")
    assert bug in s.piles["p1.deck"] and len(s.piles["p1.deck"]) == deck + 1
    assert bug not in s.piles["discarded"] and not s.piles["row.2"]
    assert s.owner[bug] == 1 and bug not in s.piles["p0.deck"]
    assert kinds(res.events, "card_revealed")[0]["name"] == "Bug"


@pytest.mark.rule("LE-CARD-06", "LE-CARD-07", "LE-CARD-61")
def test_le_card_06_07_bug_drawn_does_nothing_cannot_be_played_and_is_discarded_to_the_players_pile(fdb):
    sc = film(fdb, "world 0 matrix\nput bug p0.deck as bug")
    s = sc.game.state
    bug = sc.ref("bug")
    time, strikes = s.time, len(s.piles["p0.strikes"])
    sc.line("effect 0 draw amount=1")  # "when you draw this": nothing
    assert bug in s.piles["p0.hand"] and s.decision is None and not s.stack
    assert (s.time, len(s.piles["p0.strikes"])) == (time, strikes)
    rejected(sc, f"play {bug}", "LE-CARD-06")
    assert f"play {bug}" not in [c.text() for c in sc.game.legal_commands()]
    sc.line(f"effect 0 discard amount={len(s.piles['p0.hand'])}")
    assert bug in s.piles["p0.discard"] and bug not in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-07")
def test_le_card_07_bug_in_hand_at_cleanup_goes_to_the_discard_pile(fdb):
    sc = film(fdb, "hand 0 bug unplug")
    s = sc.game.state
    bug = sc.ref("bug")
    accepted(sc, "end")
    assert bug in s.piles["p0.discard"] + s.piles["p0.hand"] + s.piles["p0.deck"]
    assert bug not in s.piles["discarded"] and bug not in s.piles["matrix_deck"]


# --- What Good is a Phone Call If You're Unable to Speak ------------------------------------------


@pytest.mark.rule("LE-CARD-56", "LE-CARD-57", "LE-CARD-58")
def test_le_card_56_to_58_phone_call_silences_the_table_but_not_game_actions(fdb):
    phone = fdb.cards["what_good_is_a_phone_call"]
    sc = film(fdb, f"""
world 0 matrix
put what_good_is_a_phone_call row.3 down as phone
put hovercraft_caduceus p1.hand as hc
pool attack={fdb.playmat.row[3].scan_cost}
""")
    s = sc.game.state
    assert "silence_source" not in sc.game.observe(0)["modifiers"]
    res = accepted(sc, "scan 3")
    assert sc.ref("phone") in s.piles["operations"] and not s.piles["row.3"]
    assert s.mods.silence_source == phone.name
    assert all(sc.game.observe(seat)["modifiers"]["silence_source"] == phone.name for seat in (0, 1, None))
    assert kinds(res.events, "silence") == [{"on": True}]
    # game actions stay legal: Coordinate, play the copy, complete it from Operations
    accepted(sc, "@1 coordinate $hc")
    accepted(sc, "play $hc")
    lines(sc, f"pool recruit={phone.cost_either}")
    res = accepted(sc, "complete $phone recruit")
    assert sc.ref("phone") in s.piles["discarded"] and s.mods.silence_source is None
    assert "silence_source" not in sc.game.observe(1)["modifiers"]
    assert kinds(res.events, "silence") == [{"on": False}]


@pytest.mark.rule("LE-CARD-56", "LE-CARD-57")
def test_le_card_56_57_phone_call_scenario_file(fdb):
    sc = Scenario.from_file(SCENARIOS / "the_matrix_phone_call.scn", fdb)
    assert sc.failures == []
    assert sc.rejections == []  # every game action was legal under the silence
    assert sc.game.state.mods.silence_source is None


@pytest.mark.rule("LE-CARD-06", "LE-CARD-07", "LE-CARD-61")
def test_le_card_06_07_bug_scenario_file(fdb):
    sc = Scenario.from_file(SCENARIOS / "the_matrix_bug.scn", fdb)
    assert sc.failures == []
    assert [r["rule"] for r in sc.rejections] == ["LE-CARD-06"]


# --- Know Thyself Part 2 ---------------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-38", "LE-CARD-39", "LE-ACT-17")
def test_le_card_38_39_know_thyself_part_2_gives_each_player_an_oracle(fdb):
    jump = fdb.cards["jump_program"]
    sc = film(fdb, f"""
act 2 1
world 0 matrix
put jump_program row.1 up as jump
put woman_in_the_red_dress discarded
pool recruit={jump.cost_either}
""", avatars=AVATARS[:3])
    s = sc.game.state
    assert not card_in(s, "the_oracle", "p0.discard", "p1.discard", "p2.discard")
    rejected(sc, "objective", "LE-ACT-04")  # one training program so far
    accepted(sc, "complete $jump recruit")
    res = accepted(sc, "objective")
    assert (s.act, s.part) == (2, 2)
    gained = [e for e in kinds(res.events, "card_moved")
              if e["src"] == "extras" and s.defs[e["card"]] == "the_oracle"]
    assert [(e["src"], e["dst"]) for e in gained] == [("extras", pp(seat, "discard")) for seat in range(3)]
    for seat in range(3):  # gained free into the discard pile (Cleanup may since have reshuffled it)
        got = card_in(s, "the_oracle", *(pp(seat, n) for n in ("discard", "deck", "hand")))
        assert len(got) == 1, seat
        assert sc.t.card(got[0]).cost == 1  # LE-CARD-39: costs 1 for effects that read cost
    assert len(card_in(s, "the_oracle", "extras")) == 5 - 3
    assert fdb.cards["the_oracle"].cost == 1 and fdb.cards["the_oracle"].extra
    cypher = one(s, "cypher", "real_world")
    assert cypher in s.face_up
    assert [(e["act"], e["part"]) for e in kinds(res.events, "act_advanced")] == [(2, 2)]


@pytest.mark.rule("LE-ACT-19", "LE-ACT-17", "LE-ACT-18")
def test_le_act_19_he_is_the_one_parts_1_and_2_use_different_agent_smiths(fdb):
    cypher = fdb.cards["cypher"]
    sc = film(fdb, f"act 2 2\nput cypher real_world up as cypher\nworld 0 real\npool attack={cypher.attack}")
    s = sc.game.state
    accepted(sc, "fight $cypher")
    assert sc.ref("cypher") in s.piles["defeated_enemies"]
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 1)
    first = card_in(s, "agent_smith_interrogator", *(f"row.{i}" for i in range(5)), "combat")
    assert len(first) == 1 and first[0] in s.face_up
    second = one(s, "agent_smith_subway", "extras")  # Part 1 uses only its own Smith
    assert sc.t.name(first[0]) != sc.t.name(second) and "Agent Smith" in sc.t.name(second)
    seat = s.active
    lines(sc, f"world {seat} matrix\npool attack={fdb.cards['agent_smith_interrogator'].attack}")
    accepted(sc, f"fight {first[0]}")
    accepted(sc, "objective")
    assert (s.act, s.part) == (3, 2)
    assert second in s.piles["combat"] and second in s.face_up
    assert first[0] in s.piles["defeated_enemies"]


# --- He is The One Part 3 ----------------------------------------------------------------------------------


@pytest.mark.rule("LE-CARD-28", "LE-ACT-10")
def test_le_card_28_completing_part_2_makes_the_neo_player_the_matrix_player(fdb):
    sc = film(fdb, """
act 3 2
active 1
world 0 real
world 1 matrix
put agent_smith_subway defeated_enemies
""")
    s = sc.game.state
    res = accepted(sc, "objective")  # Morpheus completes it; Neo is still the Matrix player
    assert (s.act, s.part) == (3, 3)
    assert s.mods.matrix_player == 0 and kinds(res.events, "matrix_player") == [{"seat": 0}]
    assert s.players[0].in_matrix and not s.players[1].in_matrix
    agents = card_in(s, "pursuing_agent", *(f"row.{i}" for i in range(5)), "combat")
    assert len(agents) == 3 and set(agents) <= s.face_up
    assert one(s, "sentinel_destroyer", "real_world") in s.face_up
    assert one(s, "emp", "real_world") in s.face_up
    assert one(s, "become_the_one", "operations") in s.face_up


@pytest.mark.rule("LE-CARD-28")
def test_le_card_28_without_neo_the_active_player_is_the_matrix_player(fdb):
    avs = ("morpheus_the_matrix", "trinity_the_matrix", "switch")
    sc = film(fdb, "act 3 2\nactive 1\nworld 0 matrix\nput agent_smith_subway defeated_enemies", avatars=avs)
    s = sc.game.state
    accepted(sc, "objective")
    assert s.mods.matrix_player == 1
    assert [p.in_matrix for p in s.players] == [False, True, False]


@pytest.mark.rule("LE-CARD-28", "LE-CARD-29")
def test_le_card_28_solo_the_lone_player_is_the_matrix_player(fdb):
    sc = film(fdb, "world 0 real", avatars=("switch",))
    begin_part3(sc)
    s = sc.game.state
    assert s.mods.matrix_player == 0 and s.players[0].in_matrix
    lines(sc, "pool recruit=20 attack=20")
    rejected(sc, "recruit hovercraft", "LE-CARD-29")  # no Real-World help, and no recruiting


@pytest.mark.rule("LE-CARD-28")
def test_le_card_28_setup_sends_everyone_else_to_the_real_world(fdb):
    sc = film(fdb, "world 1 matrix\nworld 2 matrix\nworld 0 real", avatars=AVATARS[:3])
    begin_part3(sc)
    s = sc.game.state
    assert [p.in_matrix for p in s.players] == [True, False, False]


@pytest.mark.rule("LE-CARD-28", "LE-CARD-29")
def test_le_card_28_29_the_matrix_player_cannot_leave_fight_recruit_or_buy_time(fdb):
    sc = part3(fdb, """
put agent_on_the_rooftop row.0 up as rooftop
put room_303 row.1 up as room
pool recruit=30 attack=30
""")
    s = sc.game.state
    agent = card_in(s, "pursuing_agent", *(f"row.{i}" for i in range(5)))[0]
    hero = s.piles[dock(0)][0]
    rejected(sc, f"fight {agent}", "LE-CARD-29")
    rejected(sc, "fight $rooftop", "LE-CARD-29")
    rejected(sc, f"recruit {hero}", "LE-CARD-29")
    rejected(sc, "recruit hovercraft", "LE-CARD-29")
    rejected(sc, "buytime $rooftop", "LE-CARD-29")
    rejected(sc, "complete $room attack", "LE-CARD-29")
    rejected(sc, "move real alley", "LE-CARD-28")
    rejected(sc, "move real combat", "LE-CARD-28")
    legal = {c.text() for c in sc.game.legal_commands()}
    rooftop = sc.ref("rooftop")
    assert not {f"fight {agent}", f"fight {rooftop}", f"recruit {hero}", "recruit hovercraft",
                f"buytime {rooftop}", f"complete {sc.ref('room')} attack", "move real alley"} & legal
    # Recruit is not Attack: a Challenge paid with Recruit is fine
    accepted(sc, "complete $room recruit")
    assert sc.ref("room") in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-29")
def test_le_card_29_the_matrix_player_may_evade(fdb):
    sc = part3(fdb, "effect 0 push_row_into_combat")
    s = sc.game.state
    agents = card_in(s, "pursuing_agent", "combat")
    assert len(agents) == 3
    cost = fdb.cards["pursuing_agent"].evade_cost
    lines(sc, f"pool attack={cost}")
    accepted(sc, f"evade {agents[0]}")
    assert s.piles["row.4"] == [agents[0]] and s.turn.attack == 0


@pytest.mark.rule("LE-CARD-29")
def test_le_card_29_the_matrix_player_cannot_spend_attack_to_scan(fdb):
    """Attack goes only to Time Track steps and Evades: a Scan Cost is paid in Attack."""
    cost = fdb.playmat.row[3].scan_cost
    sc = part3(fdb, f"{CLEAR}\nput agent_in_the_lobby row.3 down\npool attack={cost}")
    rejected(sc, "scan 3", "LE-CARD-29")


@pytest.mark.rule("LE-CARD-28")
def test_le_card_28_a_strike_cannot_throw_the_matrix_player_out_of_the_matrix(fdb):
    """The Matrix player is trapped in the Matrix for the whole Part: Jacked Out Hard does not free them."""
    sc = part3(fdb, "put strike_jacked_out_hard strikes as jack")
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    assert sc.ref("jack") in s.piles["p0.strikes"]
    assert s.players[0].in_matrix


@pytest.mark.rule("LE-CARD-29", "LE-CARD-31")
def test_le_card_29_restrictions_are_the_matrix_players_only(fdb):
    sc = part3(fdb, "active 1\nworld 1 real\npool recruit=30 attack=30\n"
                    "put sentinel_swarm real_world up as swarm")
    s = sc.game.state
    accepted(sc, "fight $swarm")
    assert sc.ref("swarm") in s.piles["defeated_enemies"]
    hand = len(s.piles["p0.hand"])
    accepted(sc, "recruit hovercraft")
    assert len(s.piles["p0.hand"]) == hand + 1


@pytest.mark.rule("LE-CARD-30")
def test_le_card_30_a_real_world_player_evades_a_pursuing_agent(fdb):
    cost = fdb.cards["pursuing_agent"].evade_cost
    sc = part3(fdb, f"effect 0 push_row_into_combat\nactive 1\npool attack={cost}")
    s = sc.game.state
    assert not s.players[1].in_matrix
    agent = card_in(s, "pursuing_agent", "combat")[-1]
    accepted(sc, f"evade {agent}")
    assert s.piles["row.4"] == [agent] and agent not in s.piles["combat"] and s.turn.attack == 0
    rejected(sc, f"evade {card_in(s, 'pursuing_agent', 'combat')[0]}", "LE-KEYWORD-26")  # no Attack left


@pytest.mark.rule("LE-CARD-31", "LE-RECRUIT-08")
def test_le_card_31_heroes_a_real_world_player_gains_go_to_the_matrix_players_hand(fdb):
    sc = part3(fdb, "active 1\nworld 1 real\npool recruit=30")
    s = sc.game.state
    hero = s.piles[dock(2)][0]
    hand0, discard1 = list(s.piles["p0.hand"]), list(s.piles["p1.discard"])
    accepted(sc, f"recruit {hero}")
    assert hero in s.piles["p0.hand"] and hero not in s.piles["p1.discard"]
    accepted(sc, "recruit hovercraft")
    craft = [c for c in s.piles["p0.hand"] if c not in hand0 and c != hero]
    assert len(craft) == 1 and fdb.cards[s.defs[craft[0]]].deck == "hovercraft"
    assert s.piles["p1.discard"] == discard1
    assert s.turn.recruit == 30 - fdb.cards[s.defs[hero]].cost - fdb.cards[s.defs[craft[0]]].cost


@pytest.mark.rule("LE-CARD-31", "LE-RECRUIT-08")
def test_le_card_31_only_real_world_players_gains_are_redirected(fdb):
    sc = part3(fdb, avatars=AVATARS[:3])
    t = sc.t
    assert gain_pile(t, 1) == "p0.hand" and gain_pile(t, 2) == "p0.hand"
    assert gain_pile(t, 0) == "p0.discard"  # the Matrix player's own gains (if any) are ordinary
    sc.line("world 2 matrix")
    assert gain_pile(t, 2) == "p2.discard"  # a player who went into the Matrix is not Real World
    sc = film(fdb, "act 3 2")  # before Part 3 nothing is redirected
    assert gain_pile(sc.t, 1) == "p1.discard"


@pytest.mark.rule("LE-CARD-32", "LE-KEYWORD-01", "LE-KEYWORD-02")
@pytest.mark.parametrize("helper", [0, 1])
def test_le_card_32_players_still_coordinate_in_part_3(fdb, helper):
    craft = "hovercraft_mjolnir"
    active = 1 - helper
    sc = part3(fdb, f"active {active}\nput {craft} p{helper}.hand as craft\npool attack=0")
    s = sc.game.state
    assert s.mods.matrix_player == 0
    hand = len(s.piles[pp(helper, "hand")])
    accepted(sc, f"@{helper} coordinate $craft")
    assert sc.ref("craft") in s.piles[pp(helper, "coordinated")] and len(s.piles[pp(helper, "hand")]) == hand
    accepted(sc, "play $craft")
    assert sc.ref("craft") in s.turn.virtual
    assert s.turn.attack == fdb.cards[craft].attack


def _no_hull_cutters(sc: Scenario) -> None:
    """Take the Hull Cutter Sentinels out of the game, so only Sentinel Destroyer acts in the Real World."""
    s = sc.game.state
    for c in card_in(s, "hull_cutter_sentinel", "extras"):
        s.piles["extras"].remove(c)
        s.piles["removed"].append(c)


@pytest.mark.rule("LE-CARD-33", "LE-CARD-34")
def test_le_card_33_34_sentinel_destroyer_never_strikes_it_tears_apart_the_ship(fdb):
    sc = part3(fdb, "active 1\nworld 1 real\npool attack=0")
    _no_hull_cutters(sc)
    s = sc.game.state
    strikes = list(s.piles["strikes"])
    res = accepted(sc, "end")
    assert not kinds(res.events, "strike_drawn")
    assert s.piles["p1.strikes"] == [] and s.piles["p0.strikes"] == []
    assert s.piles["strikes"] == strikes
    lost = [e for e in kinds(res.events, "time_changed") if "tears apart" in e["cause"]]
    assert lost == [{"before": 10, "after": 10 - hooks.SHIP_DAMAGE, "cause": lost[0]["cause"]}]
    assert s.time == 10 - hooks.SHIP_DAMAGE


@pytest.mark.rule("LE-CARD-34")
def test_le_card_34_the_ship_damage_cannot_be_avoided(fdb):
    sc = part3(fdb, "active 1\nworld 1 real\npool attack=0\neffect 1 avoid_strike amount=2")
    _no_hull_cutters(sc)
    s = sc.game.state
    assert s.players[1].avoid == 2
    res = accepted(sc, "end")
    assert not kinds(res.events, "strike_avoided")
    assert s.time == 10 - hooks.SHIP_DAMAGE


@pytest.mark.rule("LE-CARD-34")
@pytest.mark.parametrize("paid", [0, 1, 2])
def test_le_card_34_paying_attack_reduces_the_ship_damage(fdb, paid):
    rate, dmg = hooks.SHIP_REPAIR_COST, hooks.SHIP_DAMAGE
    sc = part3(fdb, f"active 1\nworld 1 real\npool attack={rate * dmg + 1}")
    _no_hull_cutters(sc)
    s = sc.game.state
    accepted(sc, "end")
    assert s.decision is not None and s.decision.rule == "LE-CARD-34" and s.decision.seat == 1
    assert len(s.decision.options) == dmg + 1
    k = min(paid, dmg)
    accepted(sc, f"choose {k}")
    settle(sc)
    assert s.time == 10 - (dmg - k)


@pytest.mark.rule("LE-CARD-29", "LE-CARD-34")
def test_le_card_29_34_the_matrix_player_may_not_pay_attack_against_the_ship_damage(fdb):
    """On the Matrix player's own turn Sentinel Destroyer still tears the ship apart, but they spend
    Attack only on Time Track steps and Evades (the Part 3 card): no payment is offered."""
    rate, dmg = hooks.SHIP_REPAIR_COST, hooks.SHIP_DAMAGE
    sc = part3(fdb, f"pool attack={rate * dmg + 1}")
    _no_hull_cutters(sc)
    s = sc.game.state
    assert s.mods.matrix_player == s.active == 0
    res = accepted(sc, "end")
    assert s.decision is None or s.decision.rule != "LE-CARD-34"
    lost = [e for e in kinds(res.events, "time_changed") if "tears apart" in e["cause"]]
    assert [e["before"] - e["after"] for e in lost] == [dmg]


@pytest.mark.rule("LE-CARD-33")
def test_le_card_33_sentinel_destroyer_calls_in_hull_cutters_but_never_strikes_itself(fdb):
    sc = part3(fdb, "active 1\nworld 1 real\npool attack=0")
    s = sc.game.state
    res = accepted(sc, "end")
    settle(sc)
    cutters = card_in(s, "hull_cutter_sentinel", "real_world")
    assert len(cutters) == 1 and len(card_in(s, "hull_cutter_sentinel", "extras")) == 2
    assert len(kinds(res.events, "strike_drawn")) <= len(cutters)  # none from the Destroyer
    assert one(s, "sentinel_destroyer", "real_world")


def _become_the_one(sc: Scenario, fdb: CardDB) -> None:
    """The Matrix player (seat 0, active, in the Matrix) completes Become The One."""
    s = sc.game.state
    bto = one(s, "become_the_one", "operations")
    lines(sc, f"active 0\npool recruit={fdb.cards['become_the_one'].cost_recruit}")
    accepted(sc, f"complete {bto}")
    assert s.mods.the_one is True and bto in s.piles["discarded"]


@pytest.mark.rule("LE-CARD-05", "LE-CHALLENGE-02")
def test_le_card_05_only_the_matrix_player_may_become_the_one(fdb):
    cost = fdb.cards["become_the_one"].cost_recruit
    sc = part3(fdb, f"active 1\nworld 1 matrix\npool recruit={cost}")
    s = sc.game.state
    bto = one(s, "become_the_one", "operations")
    rejected(sc, f"complete {bto}", "LE-CHALLENGE-02")
    lines(sc, f"active 0\npool recruit={cost - 1}")
    rejected(sc, f"complete {bto}", "LE-CHALLENGE-02")
    lines(sc, f"pool recruit={cost}")
    res = accepted(sc, f"complete {bto}")
    assert kinds(res.events, "the_one") == [{"seat": 0}]
    assert s.mods.strikes_target == 0 and s.mods.time_payer == 0


@pytest.mark.rule("LE-CARD-03", "LE-CARD-04")
def test_le_card_03_04_before_the_one_strikes_in_the_real_world_lower_the_time_track(fdb):
    """Control for the next test: a Real-World active player's Combat Zone strike hits the Time Track."""
    sc = part3(fdb, "empty real_world\nput army_soldiers combat up\nactive 1\nworld 1 real")
    s = sc.game.state
    res = accepted(sc, "end")
    settle(sc)
    assert s.time == 10 - 1 and not kinds(res.events, "strike_drawn")
    assert s.piles["p0.strikes"] == [] and s.piles["p1.strikes"] == []


@pytest.mark.rule("LE-CARD-03", "LE-CARD-04")
def test_le_card_03_04_after_become_the_one_strikes_hit_the_matrix_player_not_the_time_track(fdb):
    sc = part3(fdb, "empty real_world\nput army_soldiers combat up")
    _become_the_one(sc, fdb)
    s = sc.game.state
    lines(sc, "active 1\nworld 1 real\nput strike_bullet_graze strikes as hit")
    res = accepted(sc, "end")
    settle(sc)
    assert s.time == 10
    assert not [e for e in kinds(res.events, "time_changed") if e["after"] < e["before"]]
    assert [d["seat"] for d in kinds(res.events, "strike_drawn")] == [0]
    assert sc.ref("hit") in s.piles["p0.strikes"] and s.piles["p1.strikes"] == []
    assert flow.strike_target(sc.t) == 0


@pytest.mark.rule("LE-CARD-04")
def test_le_card_04_after_become_the_one_the_pursuing_agents_strike_the_matrix_player_on_any_turn(fdb):
    sc = part3(fdb, "effect 0 push_row_into_combat\nempty real_world")
    s = sc.game.state
    n = len(card_in(s, "pursuing_agent", "combat"))
    _become_the_one(sc, fdb)
    lines(sc, "active 1\nworld 1 real")
    res = accepted(sc, "end")
    settle(sc)
    assert [d["seat"] for d in kinds(res.events, "strike_drawn")] == [0] * n
    assert s.time == 10 and s.piles["p1.strikes"] == []


@pytest.mark.rule("LE-CARD-04")
def test_le_card_04_real_world_enemies_also_strike_the_matrix_player(fdb):
    sc = part3(fdb, "empty real_world\nput sentinel_swarm real_world up as swarm")
    _become_the_one(sc, fdb)
    s = sc.game.state
    lines(sc, "active 1\nworld 1 real\nput strike_split_lip strikes as hit")
    res = accepted(sc, "end")
    settle(sc)
    assert sc.ref("hit") in s.piles["p0.strikes"] and s.piles["p1.strikes"] == []
    assert kinds(res.events, "strike_drawn")[0]["seat"] == 0


@pytest.mark.rule("LE-CARD-05", "LE-TIME-01")
def test_le_card_05_raise_time_costs_the_matrix_player_attack(fdb):
    rate = hooks.THE_ONE_TIME_RATE
    sc = part3(fdb, f"time 6\npool attack={2 * rate}")
    s = sc.game.state
    rejected(sc, "raise-time", "LE-TIME-01")  # not yet The One
    assert "raise-time" not in [c.text() for c in sc.game.legal_commands()]
    _become_the_one(sc, fdb)
    lines(sc, f"pool attack={2 * rate + 1}")
    assert "raise-time" in [c.text() for c in sc.game.legal_commands()]
    res = accepted(sc, "raise-time")
    assert s.time == 7 and s.turn.attack == rate + 1
    assert kinds(res.events, "time_changed")[0]["after"] == 7
    accepted(sc, "raise-time")
    assert s.time == 8 and s.turn.attack == 1
    rejected(sc, "raise-time", "LE-CARD-05")  # not enough Attack
    lines(sc, f"active 1\nworld 1 real\npool attack={3 * rate}")
    rejected(sc, "raise-time", "LE-CARD-05")  # only the Matrix player pays


@pytest.mark.rule("LE-CARD-35", "LE-CARD-60", "LE-CHALLENGE-02")
def test_le_card_35_60_emp_defeats_sentinel_destroyer_and_every_machine_once_the_one(fdb):
    emp = fdb.cards["emp"]
    sc = part3(fdb, """
put sentinel_swarm real_world up as swarm
put sewer_sentinel row.0 up as sewer
put army_soldiers row.1 up as army
""")
    s = sc.game.state
    lines(sc, f"active 1\nworld 1 real\npool recruit={emp.cost_either}")
    emp_id = one(s, "emp", "real_world")
    rejected(sc, f"complete {emp_id} recruit", "LE-CHALLENGE-02")  # not before The One
    _become_the_one(sc, fdb)
    lines(sc, f"active 1\nworld 1 real\npool recruit={emp.cost_either}")
    destroyer = one(s, "sentinel_destroyer", "real_world")
    agents = card_in(s, "pursuing_agent", *(f"row.{i}" for i in range(5)))
    accepted(sc, f"complete {emp_id} recruit")
    for cid in (destroyer, sc.ref("swarm"), sc.ref("sewer")):
        assert "Machine" in sc.t.card(cid).descriptors
        assert cid in s.piles["defeated_enemies"], sc.t.name(cid)
    for cid in (sc.ref("army"), *agents):  # not Machines
        assert "Machine" not in sc.t.card(cid).descriptors and cid not in s.piles["defeated_enemies"]
    assert emp_id in s.piles["discarded"]


@pytest.mark.rule("LE-ACT-04", "LE-GEN-03", "LE-CARD-35")
def test_part_3_major_victory_needs_the_one_and_sentinel_destroyer_defeated(fdb):
    emp = fdb.cards["emp"]
    sc = part3(fdb)
    s = sc.game.state
    rejected(sc, "objective", "LE-ACT-04")
    _become_the_one(sc, fdb)
    rejected(sc, "objective", "LE-ACT-04")  # the ship is not saved yet
    lines(sc, f"active 1\nworld 1 real\npool recruit={emp.cost_either}")
    accepted(sc, f"complete {one(s, 'emp', 'real_world')} recruit")
    res = accepted(sc, "objective")
    assert s.result == "major" and kinds(res.events, "game_over") == [{"result": "major"}]


@pytest.mark.rule("LE-ACT-14", "LE-ACT-15")
def test_part_3_offers_a_minor_victory(fdb):
    sc = film(fdb, "act 3 2")
    rejected(sc, "minor-victory", "LE-ACT-14")
    begin_part3(sc)
    assert "minor-victory" in [c.text() for c in sc.game.legal_commands()]
    res = accepted(sc, "minor-victory")
    assert sc.game.state.result == "minor" and kinds(res.events, "game_over") == [{"result": "minor"}]


# --- Strikes: Incoming and One of You is Going to Die -------------------------------------------------


@pytest.mark.rule("LE-CARD-37")
@pytest.mark.parametrize("avoid", [False, True])
def test_le_card_37_incoming_may_be_avoided_by_lowering_the_time_track(fdb, avoid):
    inc = fdb.cards["strike_incoming"]
    sc = film(fdb, "world 0 matrix\nput strike_incoming strikes as inc")
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    assert s.decision is not None and s.decision.rule == "LE-CARD-37" and s.decision.seat == 0
    accepted(sc, f"choose {int(avoid)}")
    if avoid:
        assert s.time == 10 - inc.pay_time_to_avoid and sc.ref("inc") in s.piles["strike_discard"]
        assert sc.t.damage(0) == 0
    else:
        assert s.time == 10 and sc.ref("inc") in s.piles["p0.strikes"] and sc.t.damage(0) == inc.damage


@pytest.mark.rule("LE-CARD-37", "LE-CARD-03")
def test_le_card_37_incoming_still_avoidable_for_time_in_the_final_part(fdb):
    inc = fdb.cards["strike_incoming"]
    sc = part3(fdb, "empty real_world\nput army_soldiers combat up")
    _become_the_one(sc, fdb)
    s = sc.game.state
    lines(sc, "active 1\nworld 1 real\nput strike_incoming strikes as inc")
    accepted(sc, "end")
    assert s.decision is not None and s.decision.rule == "LE-CARD-37" and s.decision.seat == 0
    accepted(sc, "choose 1")
    settle(sc)
    assert s.time == 10 - inc.pay_time_to_avoid
    assert sc.ref("inc") not in s.piles["p0.strikes"]


@pytest.mark.rule("LE-CARD-59", "LE-CARD-57")
def test_le_card_59_another_player_may_take_one_of_you_is_going_to_die(fdb):
    card = fdb.cards["strike_one_of_you_is_going_to_die"]
    sc = film(fdb, f"""
world 0 matrix
put what_good_is_a_phone_call row.3 down
put strike_one_of_you_is_going_to_die strikes as die
pool attack={fdb.playmat.row[3].scan_cost}
""", avatars=AVATARS[:3])
    s = sc.game.state
    accepted(sc, "scan 3")
    assert s.mods.silence_source is not None  # volunteering is a game action, still allowed (LE-CARD-57)
    sc.line("effect 0 draw_strike")
    d = s.decision
    assert d is not None and d.rule == "LE-CARD-59"
    assert list(d.options) == [sc.t.player_name(x) for x in (0, 1, 2)]
    accepted(sc, "choose 2")
    assert sc.ref("die") in s.piles["p2.strikes"] and sc.t.damage(2) == card.damage
    assert s.piles["p0.strikes"] == [] and sc.t.damage(0) == 0


@pytest.mark.rule("LE-CARD-59")
def test_le_card_59_the_drawer_may_keep_it_and_alone_there_is_no_choice(fdb):
    sc = film(fdb, "world 0 matrix\nput strike_one_of_you_is_going_to_die strikes as die")
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    accepted(sc, "choose 0")
    assert sc.ref("die") in s.piles["p0.strikes"]
    sc = film(fdb, "world 0 matrix\nput strike_one_of_you_is_going_to_die strikes as die", avatars=("mouse",))
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    assert s.decision is None and sc.ref("die") in s.piles["p0.strikes"]
