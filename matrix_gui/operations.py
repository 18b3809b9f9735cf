"""The operations layer: the only code that changes the game (Anki-style operations).

Each player action is one small method that builds a ``Command``, sends it to the engine and
emits ``events_applied(events)`` once; a refusal emits ``rejected(Rejection)`` and changes nothing.
After every accepted command the game is autosaved (atomic write).
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from engine.core.commands import Command
from engine.core.results import Accepted, Rejection, Result

if TYPE_CHECKING:
    from engine.legendary.game import LegendaryGame
    from engine.replay.game import ReplayGame

log = logging.getLogger(__name__)


class Operations(QObject):
    """Holds the current game; widgets read it, only these methods change it."""

    events_applied = Signal(object)  # tuple[Event, ...] of one accepted command (or undo)
    rejected = Signal(object)  # Rejection
    game_replaced = Signal()  # a new or loaded game: redraw everything

    def __init__(self, autosave: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: LegendaryGame | ReplayGame | None = None  # any ruleset with the same game API
        self.autosave_path = autosave
        self.autosave_error = ""

    # --- whole games -----------------------------------------------------------------------------

    def start(self, game: LegendaryGame | ReplayGame) -> None:
        """Make ``game`` the current game (new, loaded or continued)."""
        self.game = game
        self._autosave()
        self.game_replaced.emit()

    def save(self, path: Path) -> None:
        """Save the current game to ``path`` (atomic)."""
        assert self.game is not None
        self.game.save(Path(path))

    # --- reading (never changes anything) ---------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[Command]:
        """Legal commands (of ``seat`` only, if given: a hot-seat table asks for the seat at the screen)."""
        if self.game is None:
            return []
        return self.game.legal_commands() if seat is None else self.game.legal_commands(seat=seat)

    def check(self, cmd: Command) -> Rejection | None:
        if self.game is None:
            return Rejection("GUI", "no game is running")
        return self.game.check(cmd)

    # --- the one way in ---------------------------------------------------------------------------

    def submit(self, cmd: Command) -> Result:
        """Send one command; emit events_applied or rejected."""
        if self.game is None:
            res: Result = Rejection("GUI", "no game is running")
        elif cmd.verb == "undo":
            res = self.game.undo()
        else:
            res = self.game.apply(cmd)
        if isinstance(res, Accepted):
            self._autosave()
            self.events_applied.emit(res.events)
        else:
            self.rejected.emit(res)
        return res

    def _autosave(self) -> None:
        if self.autosave_path is None or self.game is None:
            return
        try:
            self.game.save(self.autosave_path)
            self.autosave_error = ""
        except OSError as e:  # a full disk must not stop the game
            self.autosave_error = f"Autosave failed: {e}"
            log.warning(self.autosave_error)

    # --- one function per player action -------------------------------------------------------------

    def play(self, card: int) -> Result:
        return self.submit(Command("play", (card,)))

    def use(self, card: int) -> Result:
        return self.submit(Command("use", (card,)))

    def sacrifice(self, card: int) -> Result:
        return self.submit(Command("sacrifice", (card,)))

    def recruit(self, card: int) -> Result:
        return self.submit(Command("recruit", (card,)))

    def recruit_hovercraft(self) -> Result:
        return self.submit(Command("recruit", ("hovercraft",)))

    def enter_matrix(self) -> Result:
        return self.submit(Command("move", ("matrix",)))

    def leave_matrix(self, phone: str | None = None) -> Result:
        return self.submit(Command("move", ("real", phone) if phone else ("real",)))

    def scan(self, space: int) -> Result:
        return self.submit(Command("scan", (space,)))

    def fight(self, card: int) -> Result:
        return self.submit(Command("fight", (card,)))

    def complete(self, card: int, pool: str | None = None) -> Result:
        return self.submit(Command("complete", (card, pool) if pool else (card,)))

    def buy_time(self, card: int) -> Result:
        return self.submit(Command("buytime", (card,)))

    def evade(self, card: int) -> Result:
        return self.submit(Command("evade", (card,)))

    def coordinate(self, seat: int, card: int) -> Result:
        return self.submit(Command("coordinate", (card,), seat))

    def solo_discard(self, card: int) -> Result:
        return self.submit(Command("solo-discard", (card,)))

    def objective(self) -> Result:
        return self.submit(Command("objective"))

    def minor_victory(self) -> Result:
        return self.submit(Command("minor-victory"))

    def end_turn(self) -> Result:
        return self.submit(Command("end"))

    def choose(self, option: int) -> Result:
        return self.submit(Command("choose", (option,)))

    def undo(self) -> Result:
        return self.submit(Command("undo"))
