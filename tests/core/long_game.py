"""A legal game as long as a test needs: the test cards, from an edited start position (Time Track
and health raised, like a scenario) and a seeded random player that never completes the Objective
nor gives the game up."""
from __future__ import annotations

import random
from pathlib import Path

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
_DB: list[CardDB] = []


def fixture_db() -> CardDB:
    if not _DB:
        _DB.append(load_db([FIXTURE]))
    return _DB[0]


def start(seed: int = 3, *, track_undo: bool = True) -> LegendaryGame:
    setup = LegendarySetup(avatars=["test_avatar_captain", "test_avatar_pilot"],
                           acts=["test_act_one", "test_act_two", "test_act_three"],
                           groups=["test_alpha", "test_beta", "test_gamma", "test_delta"], seed=seed,
                           card_dirs=[str(FIXTURE)])
    game = LegendaryGame.new(setup, fixture_db(), track_undo=track_undo)
    game.state.time = 10**6
    for p in game.state.players:
        p.health_bonus = 10**6
    game.rebase()
    return game


class Player:
    """Random legal commands, ending the turn one time in ten; never the Objective, and never
    giving up when a long game is offered to be given up (engine/legendary/stall.py)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def step(self, game: LegendaryGame) -> str:
        legal = [c for c in game.legal_commands() if c.verb not in ("objective", "minor-victory", "concede")]
        ends = [c for c in legal if c.verb == "end"]
        cmd = ends[0] if ends and self.rng.random() < 0.1 else self.rng.choice(legal)
        res = game.apply(cmd)
        assert res.accepted, res
        return cmd.text()


def play(game: LegendaryGame, n: int, seed: int = 3) -> LegendaryGame:
    player = Player(seed)
    for _ in range(n):
        assert not game.over
        player.step(game)
    return game
