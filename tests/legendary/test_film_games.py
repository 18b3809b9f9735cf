"""Whole games of The Matrix with the shipped cards: the heuristic bot at every player count, with the
fuzz invariants checked after every command, and random legal play from every Part of the film."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.legendary.bots import HeuristicBot
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import film_setup
from engine.legendary.game import LegendaryGame
from tests.legendary.test_fuzz import pick, play_checked

pytestmark = pytest.mark.slow

GAMES_PER_COUNT = 8


@pytest.fixture(scope="module")
def film_db() -> CardDB:
    return load_db()


@pytest.mark.rule("LE-GEN-01", "LE-FILMS-01", "LE-FILMS-10")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_games_of_the_matrix_keep_every_invariant(film_db, players):
    results: Counter[str] = Counter()
    acts: Counter[tuple[int, int]] = Counter()
    for g in range(GAMES_PER_COUNT):
        seed = 100 * players + g
        game = LegendaryGame.new(film_setup("the_matrix", players, seed), film_db, track_undo=False)
        bot = HeuristicBot(seed)
        play_checked(game, lambda legal, g=game, b=bot: b.choose(g))
        results[game.state.result.split(":")[0]] += 1
        acts[(game.state.act, game.state.part)] += 1
    assert sum(results.values()) == GAMES_PER_COUNT
    assert max(acts) >= (2, 1), "the bot never got past Act 1: the film or the bot is broken"


@pytest.mark.rule("LE-ACT-03", "LE-CARD-28")
def test_random_play_from_every_part_of_the_film(film_db):
    """Random legal commands starting at each Act and Part, so the Part 3 hooks meet odd play."""
    parts = [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)]
    seen: Counter[str] = Counter()
    for i, start in enumerate(parts * 3):
        rng = random.Random(i)
        game = LegendaryGame.new(film_setup("the_matrix", rng.randint(1, 5), i), film_db, track_undo=False)
        play_checked(game, lambda legal, r=rng: pick(r, legal), start, seen)
    assert seen["objective_completed"] and seen["act_advanced"]
