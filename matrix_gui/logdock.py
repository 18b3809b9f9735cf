"""The game log dock: every event in words, newest at the bottom.

A read-only plain-text view (its layout is per line, so adding a line costs the same however long
the log is; a list view lays every row out again on each insert). Lines come in batches, one
command's events or a whole loaded game's, and the view scrolls to the bottom once per batch.
"""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QBrush, QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QDockWidget, QPlainTextEdit, QWidget

from engine.core.results import Event

COLOURS = {"turn_started": "#39ff7a", "time_changed": "#ff9f43", "strike_drawn": "#ff5b4d",
           "act_advanced": "#ffc84a", "game_over": "#ffc84a", "card_revealed": "#7fd6ff",
           "decision": "#ffc84a", "undone": "#aaaaaa"}
PLAIN = "#cfeedd"
SILENT = frozenset({"pool_changed"})  # events the log does not show
MAX_LINES = 100_000  # the oldest lines of a longer log are dropped


class GameLog(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("gamelog")
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.view.setUndoRedoEnabled(False)
        self.view.setMaximumBlockCount(MAX_LINES)
        self.view.setAccessibleName("Game log")
        self.view.setStyleSheet("QPlainTextEdit { background: #050a07; color: #cfeedd; }")
        self.setWidget(self.view)
        self._formats: dict[str, QTextCharFormat] = {}
        self._empty = True

    def clear(self) -> None:
        self.view.clear()
        self._empty = True

    def add_line(self, text: str, colour: str = PLAIN) -> None:
        self.add_lines([(text, colour)])

    def add_lines(self, rows: list[tuple[str, str]]) -> None:
        """Add (text, colour) lines at the bottom and scroll there once."""
        if not rows:
            return
        cur = QTextCursor(self.view.document())
        cur.movePosition(QTextCursor.MoveOperation.End)
        cur.beginEditBlock()
        for text, colour in rows:
            if not self._empty:
                cur.insertBlock()
            cur.insertText(text.replace("\n", " "), self._format(colour))
            self._empty = False
        cur.endEditBlock()
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def add_events(self, events: Iterable[Event]) -> None:
        """The lines of one command's events (or of a whole replayed game), as one batch."""
        self.add_lines([(ev.text, COLOURS.get(ev.kind, PLAIN)) for ev in events
                        if ev.text and ev.kind not in SILENT])

    def lines(self) -> list[str]:
        out: list[str] = []
        if self._empty:
            return out
        block = self.view.document().begin()
        while block.isValid():
            out.append(block.text())
            block = block.next()
        return out

    def _format(self, colour: str) -> QTextCharFormat:
        fmt = self._formats.get(colour)
        if fmt is None:
            fmt = self._formats[colour] = QTextCharFormat()
            fmt.setForeground(QBrush(QColor(colour)))
        return fmt
