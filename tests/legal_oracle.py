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


def generated_equals_trial(game: Any, candidates: Callable[[Any], Iterable[Command]],
                           seats: Iterable[int]) -> list[Command]:
    """Assert that the generated legal commands are the trial list (as sets, none twice), and that
    each of ``seats`` filters exactly its own; return the generated list."""
    legal = game.legal_commands()
    want = legal_by_trial(game, candidates)
    assert set(legal) == set(want), (
        f"generated-only {set(legal) - set(want)}, trial-only {set(want) - set(legal)}")
    assert len(legal) == len(set(legal)), "a command is generated twice"
    for seat in seats:  # every command names its seat, and the seat filter keeps exactly those
        assert game.legal_commands(seat) == [c for c in legal if c.seat == seat]
    return legal
