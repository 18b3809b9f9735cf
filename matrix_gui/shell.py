"""What a page may use of the main window: the ``Shell`` protocol.

A table page (``matrix_gui.page.TablePage``) and every piece on its side (the Campaign page, the
campaign desk, the guide strip) types its window as ``Shell`` and never imports
``matrix_gui.mainwindow``. ``MainWindow`` is the one implementation. Whoever needs something more of
the window adds it here, not a window import. Nothing here imports a page: the shell knows pages
only through the page table (``matrix_gui.pages``).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStatusBar, QWidget

    from matrix_gui.logdock import GameLog
    from matrix_gui.operations import Operations
    from matrix_gui.paths import AppPaths
    from matrix_gui.seatbots import SeatBots
    from matrix_gui.settings import Settings


class Shell(Protocol):
    """The main window as its pages see it."""

    ops: Operations  # the current game: the only way to change it
    settings: Settings
    paths: AppPaths
    dev: Path | None  # a folder of developer cards (``--dev``): the Legendary page offers their film
    last_error: str  # the last problem shown to the player (tests read it)
    # the window's keys E, O and H: a page may put them on its own buttons (one action: menu, key, button)
    act_end: QAction
    act_objective: QAction
    act_hint: QAction
    act_give_up: QAction  # Give Up This Game… (asks first): the guide strip's button while it is offered
    act_undo: QAction  # Ctrl+Z: a page keeps its tooltip saying whether undo is possible

    @property
    def bots(self) -> SeatBots:
        """The driver of the bot seats (one per window)."""
        ...

    @property
    def log(self) -> GameLog:
        """The game log dock."""
        ...

    def status(self, text: str) -> None:
        """A message in the status bar."""
        ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name

    def window(self) -> QWidget:
        """The window itself (the parent of a page's dialogs, its size)."""
        ...

    def show_error(self, title: str, text: str) -> None:
        """Tell the player what went wrong (a non-blocking box and the status bar)."""
        ...

    def refuse(self, reason: str, rule: str = "") -> None:
        """Show why something was refused and, when ``rule`` is a rule ID, a link to it; the next
        command (done or refused) or another game clears both."""
        ...

    def table_page(self, ruleset: str) -> Any:
        """The ``TablePage`` of ``ruleset``, built on first use (a start page button or a menu entry
        of a page reaches its page so). (Typed Any: ``matrix_gui.page`` imports this module.)"""
        ...

    def show_page(self, page: QWidget) -> None:
        """Show ``page`` in the window (added to the page stack on first use)."""
        ...

    def showing(self, page: object) -> bool:
        """Whether ``page`` is the page shown now."""
        ...

    def new_game_dialog(self) -> None: ...

    def continue_game(self) -> bool:
        """Load the autosave (False, with the reason shown, when there is none or it fails)."""
        ...

    def back_to_start(self) -> None: ...

    def toggle_log(self, on: bool) -> None: ...

    def rules_reference(self, rule_id: str = "") -> None:
        """The Rules Reference window, at ``rule_id`` if given."""
        ...

    def show_campaigns(self, select: str | None = None) -> None:
        """The Campaign page (of the page that serves campaigns), showing ``select`` if given."""
        ...

    def records_dialog(self) -> None: ...

    def save_settings(self) -> None: ...
