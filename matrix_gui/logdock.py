"""The game log dock: every event in words, newest at the bottom.

The lines live in a plain list behind a list model; the view has uniform item sizes, so adding a
batch of lines (one command's events, or a whole loaded game's) costs the same however long the
log is, and it scrolls to the bottom once per batch.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QDockWidget, QListView, QWidget

from engine.core.results import Event

COLOURS = {"turn_started": "#39ff7a", "time_changed": "#ff9f43", "strike_drawn": "#ff5b4d",
           "act_advanced": "#ffc84a", "game_over": "#ffc84a", "card_revealed": "#7fd6ff",
           "decision": "#ffc84a", "undone": "#aaaaaa"}
PLAIN = "#cfeedd"
SILENT = frozenset({"pool_changed"})  # events the log does not show

_DISPLAY = Qt.ItemDataRole.DisplayRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


class LogLines(QAbstractListModel):
    """The log's lines and their colours."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._texts: list[str] = []
        self._colours: list[str] = []
        self._brushes: dict[str, QBrush] = {}

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._texts)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        row = index.row()
        if not 0 <= row < len(self._texts):
            return None
        if role == _DISPLAY:
            return self._texts[row]
        if role == _FOREGROUND:
            colour = self._colours[row]
            brush = self._brushes.get(colour)
            if brush is None:
                brush = self._brushes[colour] = QBrush(QColor(colour))
            return brush
        return None

    def extend(self, rows: list[tuple[str, str]]) -> None:
        if not rows:
            return
        first = len(self._texts)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        for text, colour in rows:
            self._texts.append(text)
            self._colours.append(colour)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._texts.clear()
        self._colours.clear()
        self.endResetModel()

    def texts(self) -> list[str]:
        return list(self._texts)


class GameLog(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("gamelog")
        self.model = LogLines(self)
        self.list = QListView()
        self.list.setModel(self.model)
        self.list.setUniformItemSizes(True)
        self.list.setAccessibleName("Game log")
        self.list.setStyleSheet("QListView { background: #050a07; color: #cfeedd; font-size: 12px; }")
        self.setWidget(self.list)

    def clear(self) -> None:
        self.model.clear()

    def add_line(self, text: str, colour: str = PLAIN) -> None:
        self.add_lines([(text, colour)])

    def add_lines(self, rows: list[tuple[str, str]]) -> None:
        """Add (text, colour) lines at the bottom and scroll there once."""
        if rows:
            self.model.extend(rows)
            self.list.scrollToBottom()

    def add_events(self, events: Iterable[Event]) -> None:
        """The lines of one command's events (or of a whole replayed game), as one batch."""
        self.add_lines([(ev.text, COLOURS.get(ev.kind, PLAIN)) for ev in events
                        if ev.text and ev.kind not in SILENT])

    def lines(self) -> list[str]:
        return self.model.texts()
