"""Fuzz: random legal commands (either side, instants included) through whole games, checking
invariants after every command; some games are saved and loaded back by replaying the log."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.commands import Command
from engine.replay import schema
from engine.replay.carddb import default_db
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup
from engine.replay.state import State, pp

pytestmark = pytest.mark.slow

GAMES = 300
MP_TO_WIN, TIME_TO_WIN = 20, 20  # MR-GEN-02, MR-GEN-05: what a side holds the moment it wins
RESULTS = {"humans", "machines:neo", "machines:neb", "machines:zion"}


H_DEFS = {cid for cid, c in default_db().cards.items()
           if isinstance(c, schema.CharacterCard) and c.code == "H"}


def check_invariants(game: ReplayGame) -> list[Command]:
    """Assert the invariants; return the legal commands."""
    s = game.state
    seen = Counter(c for pile in s.piles.values() for c in pile)
    assert len(seen) == len(s.defs) == 161 and all(v == 1 for v in seen.values()), "card conservation"
    assert s.mp >= 0 and s.time >= 0 and min(s.turn_bonus) >= 0, "negative counter"
    if s.contest is not None:
        assert min(s.contest.bonus) >= 0 and all(1 <= d <= 10 for d in s.contest.dice)
    assert s.plugged <= {c for c in s.piles[pp(0, "play")] if s.defs[c] in H_DEFS}, "stray Matrix counter"
    asked = sum(1 for t in s.tasks if t.get("asked"))
    assert asked == (1 if s.decision is not None else 0) <= 1, "at most one pending decision"
    if s.over:
        assert s.result in RESULTS and s.decision is None
        legal: list[Command] = []
        assert game.legal_commands() == []
    else:
        assert s.mp < MP_TO_WIN and s.time < TIME_TO_WIN, "a victory was not noticed"
        legal = game.legal_commands()
        assert legal, "no legal command in a live game"
    assert State.from_dict(s.to_dict()).hash() == s.hash(), "snapshot round trip"
    return legal


def play_game(seed: int, kinds: Counter[str]) -> ReplayGame:
    rng = random.Random(seed)
    game = ReplayGame.new(ReplaySetup(seed=seed), track_undo=seed % 10 == 0)
    if seed % 4 == 1:  # a worn-out game: nearly empty decks, so reshuffles happen (never saved)
        for seat in (0, 1):
            deck = game.state.piles[pp(seat, "deck")]
            game.state.piles[pp(seat, "discard")] += deck[5:]
            del deck[5:]
    legal = check_invariants(game)
    for _ in range(5000):
        if game.over:
            break
        cmd = rng.choice(legal)
        res = game.apply(cmd)
        assert res.accepted, f"{cmd.text()}: {res}"
        kinds.update(e.kind for e in res.events)
        legal = check_invariants(game)
        if game.track_undo and game.can_undo() and rng.random() < 0.05:
            before = game.state.hash()
            assert game.apply("undo").accepted
            assert game.apply(cmd).accepted and game.state.hash() == before
    assert game.over, "the game did not end"
    return game


@pytest.mark.rule("MR-GEN-06", "MR-TURN-01", "MR-ROLL-02")
def test_fuzz_random_legal_games_keep_invariants(tmp_path):
    results: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(GAMES):
        game = play_game(seed, kinds)
        results[game.state.result] += 1
        if seed % 30 == 0:  # the full save file: write, load by replaying the log, same hash
            path = tmp_path / f"g{seed}.json"
            game.save(path)
            assert ReplayGame.load(path).state_hash() == game.state_hash()
    assert sum(results.values()) == GAMES
    assert len(results) >= 3, f"the random games end too alike: {results}"
    for kind in ("dice_rolled", "contest_resolved", "decision", "character_killed", "mission_succeeded",
                 "deck_reshuffled", "cards_seen", "neutralized", "event_played", "escaped", "time_changed"):
        assert kinds[kind] > 0, f"no random game produced a {kind} event"
