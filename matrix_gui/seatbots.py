"""Bots at the table: the loop that plays the bot seats' turns of the current game, for every page.

A game's setup says who plays each seat (``engine.core.seats``); the page of the game gives this
driver a move maker per bot seat (``TablePage.bot_players``). Whenever the table settles (the
animation queue's ``idle``) and a bot seat must act, a single-shot timer plays that bot's next
command through the operations layer after a readable pause; its events animate like anyone's.
Nothing here blocks the event loop: a bot that looks ahead (up to a second a decision) thinks in
a worker thread on a copy of the game (``matrix_gui.thinking``) and its command is played when it
comes, if the game has not moved on meanwhile. Pause, one step and a faster pace are the View
menu's (F6, F7, F8); while a bot acts, the person at the screen is refused with ``refusal()``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from engine.core.commands import Command
from engine.core.results import Accepted

if TYPE_CHECKING:
    from matrix_gui.animation import AnimationQueue
    from matrix_gui.operations import Operations

PACES = (1.0, 2.0, 4.0)  # "Faster" cycles through these
DELAY_MS = 700  # the pause before each bot command at 1x, after the table settled
RETRY_MS = 250  # a dialog is open: look again this much later

# Work a bot that looks ahead does off the GUI thread: its next command, found on a copy of the game.
Thought = Callable[[], Command]
# One bot seat's next command in the current game, or (a slow bot) the thought that finds it; called
# on the GUI thread, so a thought copies what it reads before it is returned.
BotMove = Callable[[], "Command | Thought"]


class BotTable(Protocol):
    """What the driver asks of the page whose game it plays (a ``TablePage``)."""

    anim: AnimationQueue | None

    def busy(self) -> bool: ...
    def acting_seat(self) -> int | None: ...
    def seat_name(self, seat: int) -> str: ...


class SeatBots(QObject):
    """Plays the bot seats of the current game, one command per settled table."""

    changed = Signal()  # the bot to act, the pause or the pace changed (the status label follows)

    def __init__(self, ops: Operations, status: Callable[[str], None], showing: Callable[[object], bool],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.status = status  # the window's status bar
        self.showing = showing  # whether a page is the one the window shows
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._due)
        self.page: BotTable | None = None
        self.players: dict[int, BotMove] = {}
        self._game: object | None = None
        self._anim: AnimationQueue | None = None
        self.paused = False
        self.pace = 0  # index into PACES
        self.delay_ms = DELAY_MS
        self.moves = 0  # bot commands played in this game
        from matrix_gui.thinking import Thinker

        self.thinker = Thinker(self)
        self.thinking: int | None = None  # the seat whose bot is thinking in a worker thread

    # --- the game's bots ------------------------------------------------------------------------------

    def attach(self, page: BotTable, anim: AnimationQueue | None, players: dict[int, BotMove]) -> None:
        """Drive the bots of the game ``page`` just showed (stops whatever ran before)."""
        self.cancel()
        self.page, self.players, self._game = page, dict(players), self.ops.game
        self.moves = 0
        self.paused = False
        if anim is not None:
            anim.idle.connect(self.poke)
            self._anim = anim
        self.changed.emit()
        self.poke()

    def cancel(self) -> None:
        """Stop driving (a new or loaded game, the window closing): no bot command is pending."""
        self.timer.stop()
        self.thinker.cancel()
        self.thinking = None
        if self._anim is not None:
            try:
                self._anim.idle.disconnect(self.poke)
            except (RuntimeError, TypeError):  # (already gone with its page's table)
                pass
        self.page, self.players, self._game, self._anim = None, {}, None, None
        self.changed.emit()

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.players

    def lone_human(self, seats: int) -> int | None:
        """The only seat a person plays, or None (no person, or several who hand the computer over)."""
        people = [s for s in range(seats) if s not in self.players]
        return people[0] if len(people) == 1 else None

    def seat_to_act(self) -> int | None:
        """The bot seat that must act now, or None (a person acts, or the game is over)."""
        page = self.page
        if page is None or self._game is None or self.ops.game is not self._game \
                or self.ops.viewing is not None:  # a saved game stepped through: nobody plays
            return None
        seat = page.acting_seat()
        return seat if seat in self.players else None

    def refusal(self) -> str | None:
        """Why the person at the screen may not act now (a bot must), or None."""
        seat = self.seat_to_act()
        if seat is None or self.page is None:
            return None
        how = ("press F7 for its next move or F6 to let the bots play on" if self.paused
               else "wait for its move, or pause the bots with F6")
        return f"{self.page.seat_name(seat)} is played by a bot: {how}"

    @property
    def speed(self) -> float:
        return PACES[self.pace]

    def animation_speed(self, base: float) -> float:
        """The animation speed while a bot plays (faster with the pace), else ``base``."""
        return base * self.speed if self.seat_to_act() is not None else base

    def status_text(self) -> str:
        """One line for the status bar ("" in a game without bots)."""
        if not self.players:
            return ""
        seat = self.seat_to_act()
        if self.paused:
            return "Bots paused · F6 resume · F7 one move"
        if seat is not None and self.page is not None and self.thinking == seat:
            return f"{self.page.seat_name(seat)} (bot) is thinking… · F6 pause"
        if seat is not None and self.page is not None:
            return f"{self.page.seat_name(seat)} (bot) is playing · {self.speed:g}x · F6 pause · F8 faster"
        return f"Bots {self.speed:g}x · F6 pause · F8 faster"

    # --- the loop -------------------------------------------------------------------------------------

    def poke(self) -> None:
        """The table settled (or the game changed): time the next bot command, if a bot must act."""
        self.changed.emit()
        if self.paused or self.timer.isActive() or self.thinking is not None or self.seat_to_act() is None:
            return
        self.timer.start(int(self.delay_ms / self.speed))

    def _due(self) -> None:
        page = self.page
        if page is None or self.paused or self.seat_to_act() is None:
            return
        if QApplication.activeModalWidget() is not None:  # a dialog first (New Game, Load...)
            self.timer.start(RETRY_MS)
            return
        if page.busy() or not self.showing(page):
            return  # the queue's idle (or showing the game again) pokes once more
        self.play_one()

    def play_one(self) -> bool:
        """Play the acting bot's next command now; False when no bot must act or it was refused
        (the bots pause and the status bar says why)."""
        seat = self.seat_to_act()
        if seat is None or self.page is None or self.thinking is not None:
            return False
        name = self.page.seat_name(seat)
        try:
            got = self.players[seat]()
        except RuntimeError as e:  # (a bot that finds no move: the game must not hang on it)
            return self._stop(f"The bot playing {name} found no move ({e}): the bots are paused")
        if not isinstance(got, Command):
            self._think(seat, got)
            return True
        return self._play(seat, got)

    def _think(self, seat: int, thought: Thought) -> None:
        """Let a slow bot think in a worker thread; its command is played when it comes, unless
        the game moved on (an undo, a new game) or the bots were paused meanwhile."""
        version, stepped = self.ops.version, self.paused  # (F7 plays one move of paused bots)
        self.thinking = seat
        self.changed.emit()

        def done(cmd: Command) -> None:
            self.thinking = None
            if self.ops.version == version and self.seat_to_act() == seat and (stepped or not self.paused):
                self._play(seat, cmd)
            self.poke()

        def failed(e: BaseException) -> None:
            self.thinking = None
            name = self.page.seat_name(seat) if self.page is not None else f"Player {seat + 1}"
            self._stop(f"The bot playing {name} found no move ({e}): the bots are paused")

        self.thinker.run(thought, done, failed)

    def _play(self, seat: int, cmd: Command) -> bool:
        assert self.page is not None
        name = self.page.seat_name(seat)
        res = self.ops.submit(cmd)
        if not isinstance(res, Accepted):
            return self._stop(f"The bot playing {name} was refused ({res.reason}): the bots are paused")
        self.moves += 1
        return True

    def _stop(self, why: str) -> bool:
        self.paused = True
        self.status(why)
        self.changed.emit()
        return False

    # --- the controls (View menu) ---------------------------------------------------------------------

    def toggle_pause(self) -> None:
        """F6: pause the bots, or let them play on."""
        if not self.players:
            self.status("No bot plays in this game")
            return
        self.paused = not self.paused
        self.timer.stop()
        self.status("Bots paused: F7 plays one move, F6 resumes" if self.paused else "Bots play on")
        self.poke()

    def step(self) -> None:
        """F7: pause the bots and play the acting bot's next command (its animation first settles)."""
        if not self.players:
            self.status("No bot plays in this game")
            return
        self.paused = True
        self.timer.stop()
        if self.seat_to_act() is None:
            self.status("No bot is to act: it is a person's move")
            self.changed.emit()
            return
        if self.page is not None and self.page.busy() and self.page.anim is not None:
            self.page.anim.finish_all()
        self.play_one()
        self.changed.emit()

    def faster(self) -> None:
        """F8: the next pace (1x, 2x, 4x, then 1x again) for the bots' pauses and animations."""
        self.pace = (self.pace + 1) % len(PACES)
        self.status(f"Bots play at {self.speed:g}x")
        self.changed.emit()
