"""The operations layer: the only code that changes the game (Anki-style operations).

Every player action is one ``Command`` sent through ``submit``: it reaches the engine and emits
``events_applied(events)`` once; a refusal emits ``rejected(Rejection)`` and changes nothing. After
every accepted command the game is autosaved (one appended journal line, see
``engine.core.autosave``); a failed autosave is announced by ``autosave_changed`` each time, and
its all-clear once, when it works again. The legal commands and the views (``observe(seat)``) are
asked of the engine once per state version (and seat) and kept until the game changes: everyone who
reacts to one command (the table, its HUD, the menus) shares them.

A game may autosave somewhere of its own (``start(game, autosave=...)``: the guided game keeps its
own file, so it never overwrites the player's game). A game may be coached (``coach``, the guided
game's current step): ``legal`` then lists only the commands the coach allows (the engine's cached
list narrowed at each call, so a coach that moves on needs no new version), and ``check`` and
``submit`` refuse any other with the coach's words (rule ``LESSON``) before the engine hears of it.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal

from engine.core.autosave import AutosaveWriter
from engine.core.commands import Command
from engine.core.results import Accepted, Rejection, Result

if TYPE_CHECKING:
    from engine.core.gamelog import LoggedGame
    from engine.core.stepper import Stepper

log = logging.getLogger(__name__)
COACHED = "LESSON"  # the rule of a refusal by the coach


class Coach(Protocol):
    """What narrows a coached game's moves (the guided game's current step)."""

    def allows(self, cmd: Command) -> str | None:
        """None when ``cmd`` may be made now, else the words that say what to do instead."""
        ...


class Operations(QObject):
    """Holds the current game; widgets read it, only these methods change it."""

    events_applied = Signal(object)  # tuple[Event, ...] of one accepted command (or undo)
    rejected = Signal(object)  # Rejection
    game_replaced = Signal()  # a new or loaded game: redraw everything
    hinted = Signal()  # the players were shown a hint (counted in the game's record)
    autosave_changed = Signal(str)  # why the autosave failed (at each failure), or "" once it works again

    def __init__(self, autosave: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: LoggedGame[Any, Any] | None = None  # a game of any ruleset: they share one API
        self.autosave_path = autosave  # where games autosave unless started with a path of their own
        self.autosave_error = ""
        self.version = 0  # counts the changes of the game: new, loaded, each accepted command
        self._legal: dict[int | None, list[Command]] = {}
        self._seen: dict[int | None, dict[str, Any]] = {}
        self._cached_version = -1  # the version the two caches above hold
        self._autosaver = AutosaveWriter(autosave) if autosave is not None else None
        self.viewing: Stepper | None = None  # stepping through a saved game (nothing is autosaved)
        self.coach: Coach | None = None  # narrows the current game's moves (None: the rules alone)

    # --- whole games -----------------------------------------------------------------------------

    def start(self, game: LoggedGame[Any, Any], autosave: Path | None = None,
              coach: Coach | None = None) -> None:
        """Make ``game`` the current game (new, loaded or continued), autosaved to ``autosave``
        (default: the app's autosave) and narrowed by ``coach`` (default: none)."""
        self.viewing = None
        self.game = game
        self.coach = coach
        self._autosave_to(autosave or self.autosave_path)
        self._changed()
        self._autosave(start=True)
        self.game_replaced.emit()

    def _autosave_to(self, path: Path | None) -> None:
        """Autosave to ``path`` from now on; the files of the game autosaved before stay as they are."""
        writer = self._autosaver
        if writer is not None and path is not None and writer.base == Path(path):
            return
        if writer is not None:
            writer.release()
        self._autosaver = AutosaveWriter(path) if path is not None else None

    # --- stepping through a saved game -----------------------------------------------------------

    def view(self, stepper: Stepper) -> None:
        """Show a saved game to step through: no command is taken and nothing is autosaved until
        ``take_over``."""
        self.viewing = stepper
        self.game = stepper.game
        self.coach = None
        self._changed()
        self.game_replaced.emit()

    def step(self, k: int) -> None:
        """Move the stepped-through game to position ``k``: one step forward animates its events,
        any other move redraws the table."""
        st = self.viewing
        assert st is not None
        before = st.position
        events = st.go(k)
        self.game = st.game
        self._changed()
        if events and st.position == before + 1:
            self.events_applied.emit(tuple(events))
        else:
            self.game_replaced.emit()

    def take_over(self) -> None:
        """Play on from the stepped-through position: a new game whose log ends here (autosaved)."""
        st = self.viewing
        assert st is not None
        self.start(st.branch())

    def count_hint(self) -> None:
        """The players were given a hint: the game's record counts it, and the autosave keeps the
        count at once (the whole base is written again: hints are rare)."""
        if self.game is None or self.viewing is not None:
            return
        self.game.hints += 1
        self._autosave(start=True)
        self.hinted.emit()

    def close_undo(self, why: str) -> None:
        """Nothing before this point of the current game can be taken back (``why``: the reason undo
        gives); the views change with it."""
        if self.game is not None:
            self.game.close_undo(why)
            self._changed()

    def close(self) -> None:
        """Fold the autosave's journal into its base (the app is closing)."""
        if self._autosaver is not None and self.game is not None:
            self._autosave(close=True)

    def save(self, path: Path) -> None:
        """Save the current game to ``path`` (atomic)."""
        assert self.game is not None
        self.game.save(Path(path))

    # --- reading (never changes anything) ---------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[Command]:
        """Legal commands (of ``seat`` only, if given: a hot-seat table asks for the seat at the screen),
        computed once per state version."""
        if self.game is None:
            return []
        self._fresh()
        got = self._legal.get(seat)
        if got is None:
            got = self.game.legal_commands() if seat is None else self.game.legal_commands(seat=seat)
            self._legal[seat] = got
        coach = self.coach  # (asked at each call: its step may move on without a new command)
        return list(got) if coach is None else [c for c in got if coach.allows(c) is None]

    def coached(self, cmd: Command) -> Rejection | None:
        """The coach's refusal of ``cmd`` (None: no coach, or it allows ``cmd``)."""
        why = None if self.coach is None else self.coach.allows(cmd)
        return None if why is None else Rejection(COACHED, why)

    def observe(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` (None: a spectator), asked once per state version and seat;
        every reader shares it and none changes it."""
        assert self.game is not None
        self._fresh()
        got = self._seen.get(seat)
        if got is None:
            got = self._seen[seat] = self.game.observe(seat)
        return got

    def _fresh(self) -> None:
        """Forget the legal commands and views of an earlier version."""
        if self._cached_version != self.version:
            self._legal.clear()
            self._seen.clear()
            self._cached_version = self.version

    def _changed(self) -> None:
        self.version += 1

    def check(self, cmd: Command) -> Rejection | None:
        if self.game is None:
            return Rejection("GUI", "no game is running")
        return self.coached(cmd) or self.game.check(cmd)

    # --- the one way in ---------------------------------------------------------------------------

    def submit(self, cmd: Command) -> Result:
        """Send one command; emit events_applied or rejected."""
        if self.game is None:
            res: Result = Rejection("GUI", "no game is running")
        elif self.viewing is not None:
            res = Rejection("GUI", "this is a saved game being stepped through: Take Over From Here to "
                                   "play on")
        elif (refused := self.coached(cmd)) is not None:
            res = refused
        elif cmd.verb == "undo":
            res = self.game.undo(cmd.seat)
        else:
            res = self.game.apply(cmd)
        if isinstance(res, Accepted):
            self._changed()
            self._autosave()
            self.events_applied.emit(res.events)
        else:
            self.rejected.emit(res)
        return res

    def _autosave(self, *, start: bool = False, close: bool = False) -> None:
        writer, game = self._autosaver, self.game
        if writer is None or game is None or self.viewing is not None:
            return
        try:
            if start:
                writer.start(game)
            elif close:
                writer.close()
            else:
                writer.record(game)
        except OSError as e:  # a full disk must not stop the game, but the player must know
            self.autosave_error = (f"Autosave failed: {_reason(e)}. Your game is not being saved; "
                                   "use Game > Save… to keep it.")
            log.warning(self.autosave_error)
            self.autosave_changed.emit(self.autosave_error)
            return
        if self.autosave_error:
            self.autosave_error = ""
            self.autosave_changed.emit("")

    def undo(self, seat: int | None = None) -> Result:
        """Take back the last command (as ``seat``, when the ruleset lets only some seats do it)."""
        return self.submit(Command("undo", (), seat))


def _reason(e: OSError) -> str:
    """An OSError in words: its message and the file it names."""
    text = e.strerror or str(e) or type(e).__name__
    return f"{text} ({e.filename})" if e.filename else text
