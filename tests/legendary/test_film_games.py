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
from engine.legendary.scenario import set_act
from engine.legendary.table import Table
from tests.legendary.test_fuzz import check_invariants, pick

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
        check_invariants(game)
        for _ in range(20000):
            if game.over:
                break
            res = game.apply(bot.choose(game))
            assert res.accepted, res
            check_invariants(game)
        assert game.over, "the game did not end"
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
        if start != (1, 1):
            set_act(Table(film_db, game.state), *start)
            game.rebase()
        legal = check_invariants(game)
        for _ in range(20000):
            if game.over:
                break
            res = game.apply(pick(rng, legal))
            assert res.accepted, res
            seen.update(e.kind for e in res.events)
            legal = check_invariants(game)
        assert game.over
    assert seen["objective_completed"] and seen["act_advanced"]
