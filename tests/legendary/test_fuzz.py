"""Fuzz: random legal commands through whole games, checking invariants after every command."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from engine.core.commands import Command
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import set_act
from engine.legendary.setup import LegendarySetup
from engine.legendary.stall import HUNG_TURNS
from engine.legendary.state import State
from engine.legendary.table import Table
from tests.legendary.conftest import AVATARS, FIXTURE_CARDS

pytestmark = pytest.mark.slow

GAMES = 500
PRODUCTIVE = {"play", "fight", "complete", "objective", "recruit", "scan", "use", "coordinate",
              "buytime", "evade", "sacrifice", "minor-victory", "strike-player"}


def pick(rng: random.Random, legal: list[Command]) -> Command:
    """Uniform over legal commands, but usually among the ones that move the game on, so that
    random games also reach Acts 2 and 3."""
    busy = [c for c in legal if c.verb in PRODUCTIVE]
    if busy and rng.random() < 0.8:
        return rng.choice(busy)
    return rng.choice(legal)


def check_invariants(game: LegendaryGame) -> list[Command]:
    """Assert the invariants; return the legal commands (so callers need not list them again)."""
    s = game.state
    seen = Counter(c for pile in s.piles.values() for c in pile)
    assert len(seen) == len(s.defs) and all(v == 1 for v in seen.values()), "card conservation"
    assert set(seen) == set(range(len(s.defs)))
    assert s.turn.recruit >= 0 and s.turn.attack >= 0, "negative pool"
    assert s.time >= 0, "Time Track below 0"
    assert s.time > 0 or s.over, "Time Track at 0 but the game goes on"
    asked = sum(1 for t in s.stack if t.get("asked"))
    assert asked == (1 if s.decision is not None else 0), "at most one pending decision"
    for i in range(5):
        assert len(s.piles[f"row.{i}"]) <= 1, "a Row space holds two cards"
    legal = [] if s.over else game.legal_commands()
    assert s.over or legal, "no legal command in a live game"
    # Save -> load of the snapshot gives the same hash (the full replay is checked per game).
    assert State.from_dict(s.to_dict()).hash() == s.hash()
    return legal


def play_game(db: CardDB, seed: int, seen: Counter[str] | None = None) -> LegendaryGame:
    rng = random.Random(seed)
    n = rng.randint(1, 5)
    avatars = list(AVATARS)
    if rng.random() < 0.3:
        avatars[0] = "test_avatar_neo"
    setup = LegendarySetup(avatars=avatars[:n], acts=["test_act_one", "test_act_two", "test_act_three"],
                           groups=["test_alpha", "test_beta", "test_gamma", "test_delta"], seed=seed,
                           card_dirs=[str(FIXTURE_CARDS)])
    game = LegendaryGame.new(setup, db, track_undo=False)
    # Half of the games start later in the story, so random play also exercises Acts 2-3.
    start = rng.choice([(1, 1)] * 6 + [(1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)])
    return play_checked(game, lambda legal: pick(rng, legal), start, seen)


def play_checked(game: LegendaryGame, choose: Callable[[list[Command]], Command],
                 start: tuple[int, int] = (1, 1), seen: Counter[str] | None = None) -> LegendaryGame:
    """Play ``game`` to its end from Act/Part ``start`` with ``choose(legal)``, checking the
    invariants after every command."""
    if start != (1, 1):
        set_act(Table(game.db, game.state), *start)
        game.rebase()
    legal = check_invariants(game)
    for _ in range(20000):
        if game.over:
            break
        # a stalled game is offered to be given up (stall.py): one still going later has hung
        assert game.state.turn_no <= HUNG_TURNS, f"the game did not end in {HUNG_TURNS} turns"
        res = game.apply(choose(legal))
        assert res.accepted, res
        if seen is not None:
            seen.update(e.kind for e in res.events)
        legal = check_invariants(game)
    assert game.over, "the game did not end in 20000 commands"
    return game


@pytest.mark.rule("LE-GEN-01", "LE-GEN-02")
def test_fuzz_random_legal_games_keep_invariants(db, tmp_path):
    results: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        game = play_game(db, seed, seen)
        results[game.state.result] += 1
        if seed % 25 == 0:  # the full save file: write, load by replaying the log, same hash
            path = tmp_path / f"g{seed}.json"
            game.save(path)
            assert LegendaryGame.load(path, db).state_hash() == game.state_hash()
    assert sum(results.values()) == GAMES
    assert len(results) >= 2, f"every game ended the same way: {results}"
    # The random games reach the engine's main paths, not just the first turns.
    for kind in ("card_revealed", "strike_drawn", "time_changed", "objective_completed",
                 "act_advanced", "deck_reshuffled", "decision", "virtual_played"):
        assert seen[kind] > 0, f"no random game produced a {kind} event"


TRAITOR_GAMES = 50
SOON = ("assimilated_smith", "traitor_secrets_revealed")
FIXTURE_ACTS = ("test_act_one", "test_act_two", "test_act_three")
FIXTURE_GROUPS = ("test_alpha", "test_beta", "test_gamma", "test_delta")


@pytest.mark.rule("LE-TRAITOR-01", "LE-SMITH-01")
@pytest.mark.parametrize("mode", ["ignorance_is_bliss", "me_me_me"])
def test_fuzz_traitor_modes_keep_invariants(db, mode):
    """Random legal games of both Traitor modes at 3-5 players: players striking players, hidden
    cards, assimilation; every invariant after every command."""
    results: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed in range(TRAITOR_GAMES):
        rng = random.Random(seed)
        n = rng.randint(3, 5)
        setup = LegendarySetup(avatars=list(AVATARS[:n]), acts=list(FIXTURE_ACTS),
                               groups=list(FIXTURE_GROUPS), seed=seed, card_dirs=[str(FIXTURE_CARDS)],
                               traitor=mode)
        game = LegendaryGame.new(setup, db, track_undo=False)
        start = rng.choice([(1, 1), (2, 1), (2, 1), (2, 2), (3, 1)])  # Act 2 brings the Traitor cards
        deck = game.state.piles["matrix_deck"]
        for c in [c for c in deck if game.state.defs[c] in SOON][: rng.randint(0, 2)]:
            deck.remove(c)  # random play seldom digs that deep: bring one or two up near the top
            deck.insert(len(deck) - rng.randint(1, 4), c)
        game.rebase()
        game = play_checked(game, lambda legal, rng=rng: pick(rng, legal), start, seen)
        results[game.state.result] += 1
    assert len(results) >= 2, results
    wanted = {"ignorance_is_bliss": ("hidden_revealed", "player_struck"),
              "me_me_me": ("assimilated", "player_struck")}[mode]
    for kind in wanted:
        assert seen[kind] > 0, f"no random {mode} game produced a {kind} event"


FILM_GAMES = 40


@pytest.mark.rule("LE-FILMS-04", "LE-FILMS-07")
@pytest.mark.parametrize("film", ["the_matrix", "reloaded", "revolutions"])
def test_fuzz_each_film_from_every_part_keeps_invariants(film):
    """Random legal games of each shipped film at 1-5 players, starting in every Part of every Act
    (later Parts' setups run as the story would run them), every invariant after every command."""
    from engine.legendary.carddb import load_db
    from engine.legendary.films import available_films, film_setup

    sdb = load_db()
    if film not in {f.id for f in available_films(sdb)}:
        pytest.fail(f"the film {film} is not shipped complete")
    parts = [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)]
    results: Counter[str] = Counter()
    for seed in range(FILM_GAMES):
        rng = random.Random(seed)
        n = rng.randint(1, 5)
        game = LegendaryGame.new(film_setup(film, n, seed, db=sdb), sdb, track_undo=False)
        start = parts[seed % len(parts)]
        game = play_checked(game, lambda legal, rng=rng: pick(rng, legal), start)
        results[game.state.result] += 1
    assert sum(results.values()) == FILM_GAMES
