"""A bot that plays uniformly random legal commands (used by the fuzz test and benchmarks)."""
from __future__ import annotations

import random
from collections.abc import Collection

from engine.core.commands import Command
from engine.legendary.game import LegendaryGame


class RandomBot:
    """Picks a random legal command; ``end_bias`` makes it end turns sooner (shorter games)."""

    name = "random"

    def __init__(self, seed: int = 0, end_bias: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.end_bias = end_bias

    def choose(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Command:
        """A random legal command (of ``seats`` only, if given)."""
        legal = game.legal_commands()
        if seats is not None:
            t = game.table()
            legal = [c for c in legal if t.command_seat(c) in seats]
        if not legal:
            raise RuntimeError("no legal command in a game that is not over")
        if self.end_bias and self.rng.random() < self.end_bias:
            for c in legal:
                if c.verb == "end":
                    return c
        return self.rng.choice(legal)
