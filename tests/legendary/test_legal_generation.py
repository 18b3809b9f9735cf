"""Legal commands are generated per action; over random games they equal the old trial list
(every candidate command that ``check`` accepts), as sets, at every step."""
from __future__ import annotations

import random

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import film_setup
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import set_act
from engine.legendary.table import Table
from tests.legal_oracle import legal_by_trial
from tests.legendary.test_fuzz import pick, play_game
from tests.legendary.trial_oracle import candidates

pytestmark = pytest.mark.slow

GAMES = 60


def assert_generated_equals_trial(game: LegendaryGame) -> list:
    legal = game.legal_commands()
    want = legal_by_trial(game, candidates)
    assert set(legal) == set(want), (
        f"generated-only {set(legal) - set(want)}, trial-only {set(want) - set(legal)}")
    assert len(legal) == len(set(legal)), "a command is generated twice"
    for cmd in legal:  # the seat filter splits the list by who issues each command
        seat = cmd.seat if cmd.seat is not None else Table(game.db, game.state).acting_seat()
        assert cmd in game.legal_commands(seat)
    return legal


def play_compared(game: LegendaryGame, rng: random.Random) -> None:
    for _ in range(20000):
        legal = assert_generated_equals_trial(game)
        if game.over:
            return
        res = game.apply(pick(rng, legal))
        assert res.accepted, res
    raise AssertionError("the game did not end")


@pytest.mark.rule("LE-GEN-01")
def test_generated_legal_commands_equal_the_trial_list_on_fixture_games(db: CardDB, monkeypatch):
    # The fuzz games (all player counts, later Acts too), comparing the lists at every step.
    monkeypatch.setattr("tests.legendary.test_fuzz.check_invariants", assert_generated_equals_trial)
    compared = 0
    for seed in range(GAMES):
        game = play_game(db, seed)
        compared += len(game.commands)
        assert game.over
    assert compared > 1000


@pytest.mark.rule("LE-FILMS-01")
def test_generated_legal_commands_equal_the_trial_list_on_the_matrix_film():
    db = load_db([])
    for seed in range(GAMES // 2):
        rng = random.Random(seed)
        players = 1 + seed % 5
        game = LegendaryGame.new(film_setup("the_matrix", players, seed=seed), db, track_undo=False)
        start = rng.choice([(1, 1), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3)])
        if start != (1, 1):
            set_act(Table(game.db, game.state), *start)
            game.rebase()
        play_compared(game, rng)
