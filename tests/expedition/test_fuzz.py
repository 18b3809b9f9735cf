"""Fuzz: random legal commands through whole Matrix Phases of 1-4 players, checking invariants
after every command (conservation of chits above all); some games take undo back and forth and
some are saved and loaded back by replaying the log."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.commands import Command
from engine.expedition.game import ExpeditionGame
from engine.expedition.grid import SLOTS, distance
from engine.expedition.sim import setup_for
from engine.expedition.state import SHEET_COUNTERS, State, out_pile, slot_pile

pytestmark = pytest.mark.slow

GAMES = 100


def check_invariants(game: ExpeditionGame) -> list[Command]:
    """Assert the invariants; return the legal commands."""
    s = game.state
    t = game.table()
    seen = Counter(c for pile in s.piles.values() for c in pile)
    assert len(seen) == len(s.defs) and all(v == 1 for v in seen.values()), "chit conservation"
    for seat, sh in enumerate(s.sheets):
        assert all(sh.counter(k) >= 0 for k in SHEET_COUNTERS), "negative counter"
        assert sh.pos in [list(x) for x in SLOTS], "Explorer off the grid"
        assert sh.arrow is None or distance(sh.arrow, sh.pos) in (0, 1), "Arrow away from the Explorer"
        waste = t.wasteland(seat)
        for slot in SLOTS:
            chits = s.piles[slot_pile(seat, slot)]
            kinds = Counter(t.kind(c) for c in chits)
            assert all(n <= 1 for n in kinds.values()), f"EX-GRID-05: {slot} holds {kinds}"
            if slot in waste:
                assert not kinds["encounter"] and not kinds["finding"], "EX-RUMOR-05"
            for c in chits:
                if t.kind(c) == "discovery":
                    assert t.legal_here(seat, c), "an illegal Discovery in the Matrix"
                if t.kind(c) == "rumor" and c != sh.rumor:
                    assert any(t.is_host(x) for x in chits), "a Rumor without its Village or Kingdom"
        assert len(s.piles[out_pile(seat)]) <= 3, "Events held out too long"
        if sh.done:
            assert not sh.guide and sh.time == 0, "EX-GUIDE-02 / EX-TURN-06"
            assert not any(s.piles[slot_pile(seat, x)] for x in SLOTS), "a finished Matrix keeps chits"
        if sh.rumor is not None:
            assert t.slot_of(seat, sh.rumor) is not None, "the activated Rumor left the Matrix"
    asked = sum(1 for task in s.stack if task.get("asked"))
    assert asked == (1 if s.decision is not None else 0), "at most one pending decision"
    if s.over:
        assert all(sh.done for sh in s.sheets) and game.legal_commands() == []
        return []
    assert not s.sheets[s.current].done, "a player whose Time is up is playing"
    legal = game.legal_commands()
    assert legal, "no legal command in a live Matrix Phase"
    assert State.from_dict(s.to_dict()).hash() == s.hash(), "snapshot round trip"
    return legal


def play_game(seed: int, kinds: Counter[str], draws: Counter[tuple[int, int]]) -> ExpeditionGame:
    rng = random.Random(seed)
    game = ExpeditionGame.new(setup_for(seed, 1 + seed % 4), track_undo=seed % 5 == 0)
    legal = check_invariants(game)
    turn = {0: 1}  # each seat's current Player Turn, from the turn_started events
    for _ in range(3000):
        if game.over:
            break
        cmd = rng.choice(legal)
        res = game.apply(cmd)
        assert res.accepted, f"{cmd.text()}: {res}"
        for e in res.events:
            kinds[e.kind] += 1
            if e.kind == "turn_started":
                turn[e.data["seat"]] = e.data["turn"]
            seat = e.data.get("seat", -1)
            if e.kind == "chit_drawn" and e.data["why"] in ("first Event", "second Event") \
                    and (seat, turn[seat]) != (0, 1):  # (seat 0's first Event is drawn by new())
                draws[(seed * 10 + seat, turn[seat])] += 1
        legal = check_invariants(game)
        if game.track_undo and game.can_undo() and rng.random() < 0.3:
            before = game.state.hash()
            assert game.apply("undo").accepted
            assert game.apply(cmd).accepted and game.state.hash() == before
    assert game.over, "the Matrix Phase did not end"
    return game


@pytest.mark.rule("EX-EVENT-01", "EX-TURN-01", "EX-TURN-06", "EX-GRID-05", "EX-RETURN-05")
def test_fuzz_random_legal_games_keep_invariants(tmp_path):
    kinds: Counter[str] = Counter()
    draws: Counter[tuple[int, int]] = Counter()
    for seed in range(GAMES):
        game = play_game(seed, kinds, draws)
        if seed % 20 == 0:  # the full save file: write, load by replaying the log, same hash
            path = tmp_path / f"g{seed}.json"
            game.save(path)
            assert ExpeditionGame.load(path).state_hash() == game.state_hash()
    # EX-EVENT-01: two Events each Player Turn (the cup never ran dry in these games)
    assert kinds["cup_empty"] == 0 and set(draws.values()) == {2}
    for kind in ("rumor_activated", "guide_flipped", "guide_gained", "humility", "suffers", "impassable",
                 "incident_ignored", "explorer_stayed", "time_up", "phase_over", "likes_you"):
        assert kinds[kind] > 0, f"no random game produced a {kind} event"
