"""The game log dock: every event in words, newest at the bottom."""
from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QWidget

from engine.core.results import Event

COLOURS = {"turn_started": "#39ff7a", "time_changed": "#ff9f43", "strike_drawn": "#ff5b4d",
           "act_advanced": "#ffc84a", "game_over": "#ffc84a", "card_revealed": "#7fd6ff",
           "decision": "#ffc84a", "undone": "#aaaaaa"}


class GameLog(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("gamelog")
        self.list = QListWidget()
        self.list.setAccessibleName("Game log")
        self.list.setStyleSheet("QListWidget { background: #050a07; color: #cfeedd; font-size: 12px; }")
        self.setWidget(self.list)

    def clear(self) -> None:
        self.list.clear()

    def add_line(self, text: str, colour: str = "#cfeedd") -> None:
        it = QListWidgetItem(text)
        it.setForeground(QColor(colour))
        self.list.addItem(it)
        self.list.scrollToBottom()

    def add_events(self, events: tuple[Event, ...] | list[Event]) -> None:
        for ev in events:
            if ev.text and ev.kind != "pool_changed":
                self.add_line(ev.text, COLOURS.get(ev.kind, "#cfeedd"))

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
