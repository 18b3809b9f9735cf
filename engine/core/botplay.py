"""Playing a game out with bots: the loop every ruleset's simulation shares."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.commands import Command


class Unfinished(RuntimeError):
    """A bot game that did not end within its limit of commands or turns: it hung (a failing
    result the benches count apart from engine errors), and was stopped instead of looping on."""


def play_out(game: Any, choose: Callable[[Any, int], Command], max_commands: int,
             what: str = "the game", turns: Callable[[Any], int] | None = None,
             max_turns: int = 0) -> None:
    """Apply ``choose(game, seat)`` for whoever must act until ``game`` is over. RuntimeError if a
    bot picks an illegal command; Unfinished if ``what`` does not end in ``max_commands`` commands
    or, with ``turns`` (the game's turn number), goes past turn ``max_turns``."""
    steps = 0
    while not game.over:
        if steps >= max_commands:
            raise Unfinished(f"{what} did not end in {max_commands} commands")
        if turns is not None and turns(game) > max_turns:
            raise Unfinished(f"{what} did not end in {max_turns} turns")
        seat = game.table().acting_seat()
        assert seat is not None
        cmd = choose(game, seat)
        res = game.apply(cmd)
        if not res.accepted:
            raise RuntimeError(f"bot chose an illegal command {cmd.text()!r}: {res}")
        steps += 1
