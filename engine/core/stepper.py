"""Step through a saved game: position k is the game after the first k commands of its log.

The log makes this exact for every ruleset: the game is rebuilt from its start and the commands are
applied again. Going back restores the nearest kept position (one every ``every`` commands) and
applies forward from there, so a long log steps both ways quickly. ``branch`` gives a new game that
continues from the current position ("take over from here"); its own log replays to it.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.gamelog import LoggedGame, read_payload
from engine.core.inputcheck import shorten
from engine.core.results import Event
from engine.core.savefile import SaveError

__all__ = ["Stepper"]


class Stepper:
    """A game's log, stepped through; ``game`` is the game at ``position``."""

    def __init__(self, start: Callable[[], LoggedGame], commands: list[str], every: int = 20,
                 path: Path | None = None) -> None:
        """``start()`` builds the game before its first command (a fresh one each call)."""
        self._start = start
        self.commands = list(commands)
        self.every = max(1, every)
        self.path = path
        self.game = start()
        self.game.track_undo = False
        self.position = 0
        self._kept: dict[int, Any] = {0: self.game.state.clone()}

    @classmethod
    def of_save(cls, game_cls: type[LoggedGame], payload: dict[str, Any], db: Any = None,
                path: Path | None = None) -> Stepper:
        """A stepper over a save's log; SaveError if the log does not replay to its hash."""
        setup, commands, want = read_payload(payload, path, game_cls.read_setup)
        stepper = cls(lambda: game_cls.start_from(payload, setup, db, path), commands, path=path)
        stepper.go(len(commands))
        if stepper.game.state_hash() != want:
            raise SaveError(path, "does not replay to the saved position (state hash differs)")
        stepper.go(0)
        return stepper

    @property
    def total(self) -> int:
        return len(self.commands)

    def go(self, k: int) -> list[Event]:
        """Move to position ``k`` (clamped to the log); the events of the commands applied when
        going forward (empty when going back: the table is redrawn from the new position)."""
        k = max(0, min(self.total, k))
        if k < self.position:
            mark = max(m for m in self._kept if m <= k)
            self.game.state = self._kept[mark].clone()
            self.game.commands = self.commands[:mark]
            self.position = mark
            self._forward(k)
            return []
        return self._forward(k)

    def forward(self) -> list[Event]:
        return self.go(self.position + 1)

    def back(self) -> list[Event]:
        return self.go(self.position - 1)

    def _forward(self, k: int) -> list[Event]:
        events: list[Event] = []
        while self.position < k:
            line = self.commands[self.position]
            res = self.game.apply(line)
            if not res.accepted:
                raise SaveError(self.path, f"does not replay: command {self.position + 1} "
                                           f"'{shorten(line)}' was refused ({res})")
            events.extend(res.events)
            self.position += 1
            if self.position % self.every == 0 and self.position not in self._kept:
                self._kept[self.position] = self.game.state.clone()
        return events

    def branch(self) -> LoggedGame:
        """A new game continuing from this position: its log is the first ``position`` commands,
        so it saves and replays like any game; nothing before the branch can be undone, and it is
        tied to nothing the saved game belonged to (``LoggedGame.branched``)."""
        game = self._start()
        game.state = self.game.state.clone()
        game.commands = self.commands[:self.position]
        game.close_undo("the game was taken over from a replay")
        game.branched()
        return game
