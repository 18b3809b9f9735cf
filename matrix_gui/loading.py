"""Loading a save in the app: the autosave's journal folded in, the log replayed without undo
snapshots behind a progress dialog, and the replay's events kept to rebuild the game log."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from engine.core.results import Event
from engine.core.savefile import SaveError

# Loading stops with a message box for these (a damaged or foreign save, unreadable cards).
LOAD_ERRORS: tuple[type[BaseException], ...] = (SaveError, OSError, ValueError, TypeError, KeyError)
PROGRESS_EVERY = 250  # commands between two redraws of the progress dialog
PROGRESS_FROM = 2_000  # commands a save must hold for the dialog to show


class ReplayProgress:
    """The ``each`` hook of a replay: collects its events and keeps a progress dialog moving."""

    def __init__(self, parent: QWidget | None) -> None:
        self.parent = parent
        self.events: list[Event] = []
        self.dialog: QProgressDialog | None = None
        self.shown_at: list[int] = []  # the counts the dialog showed (tests read it)

    def __call__(self, done: int, total: int, events: tuple[Event, ...]) -> None:
        self.events.extend(events)
        if done % PROGRESS_EVERY or total < PROGRESS_FROM:
            return
        if self.dialog is None:
            from PySide6.QtCore import Qt

            dlg = QProgressDialog("Loading the game…", "", 0, total, self.parent)
            dlg.setCancelButton(None)  # type: ignore[arg-type]  # (a half-replayed game is no game)
            dlg.setWindowModality(Qt.WindowModality.WindowModal)
            dlg.setMinimumDuration(0)
            dlg.setWindowTitle("Matrix Tabletop")
            self.dialog = dlg
        self.dialog.setValue(done)
        self.shown_at.append(done)
        QApplication.processEvents()

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.reset()
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None


def load_save(path: Path, page_for: Callable[[str], Any],
              parent: QWidget | None = None) -> tuple[Any, list[Event]]:
    """The game a save (and its autosave journal) holds, and the events of its replay; raises one
    of ``LOAD_ERRORS`` with a clear reason. ``page_for(ruleset)`` is the table page that rebuilds a
    game of that ruleset (``TablePage.load_game``). The file is never changed."""
    from engine.core.autosave import read_autosave

    path = Path(path)
    ruleset, payload = read_autosave(path)
    page = page_for(ruleset)
    progress = ReplayProgress(parent)
    try:
        game = rebuild(page, payload, path, progress)
    finally:
        progress.close()
    return game, progress.events


def rebuild(page: Any, payload: dict[str, Any], path: Path, each: Any = None) -> Any:
    """``page.load_game``, with cards that do not load said as a SaveError naming the save."""
    from engine.core.cardfiles import CardLoadError
    from engine.core.wording import one_line

    try:
        return page.load_game(payload, path, each)
    except CardLoadError as e:
        raise SaveError(path, f"cannot be set up ({one_line(e)})") from None
