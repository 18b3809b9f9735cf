"""Playing a game out with bots: the loop every ruleset's simulation shares."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.commands import Command


def play_out(game: Any, choose: Callable[[Any, int], Command], max_commands: int,
             what: str = "the game") -> None:
    """Apply ``choose(game, seat)`` for whoever must act until ``game`` is over; RuntimeError if a
    bot picks an illegal command or ``what`` does not end in ``max_commands`` commands."""
    steps = 0
    while not game.over:
        if steps >= max_commands:
            raise RuntimeError(f"{what} did not end in {max_commands} commands")
        seat = game.acting
        assert seat is not None
        cmd = choose(game, seat)
        res = game.apply(cmd)
        if not res.accepted:
            raise RuntimeError(f"bot chose an illegal command {cmd.text()!r}: {res}")
        steps += 1
