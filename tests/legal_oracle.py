"""The old way of finding legal commands, kept as a test oracle for the generators: try every
candidate command a ruleset's ``candidates(table)`` lists and keep those ``check`` accepts."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.commands import Command


def legal_by_trial(game: Any, candidates: Callable[[Any], Iterable[Command]]) -> list[Command]:
    """Every candidate command that the game's ``check`` accepts now."""
    t = game.table()
    return [c for c in candidates(t) if game.check(c) is None]
