"""The draw-phase chooser: take any card of your deck (or, for the Machines, a Character back from
the discard pile). It lists exactly the legal ``take`` / ``recall`` commands of the seat."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.commands import Command
from matrix_gui.dialogs import card_grid
from matrix_gui.replay.faces import ReplayFaces
from matrix_gui.replay.intents import ReplayIndex, describe
from matrix_gui.theme import current_scale


class TakeDialog(QDialog):
    """Icons of the cards one may take; double-click (or select and OK) to take one."""

    def __init__(self, commands: list[Command], ix: ReplayIndex, faces: ReplayFaces,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Take a card of your choice")
        self.commands = [c for c in commands if c.verb in ("take", "recall")]
        self.chosen: Command | None = None
        recall = any(c.verb == "recall" for c in self.commands)
        note = QLabel("Take any one card from your deck (the deck is shuffled afterwards)"
                      + (", or a Character back from your discard pile" if recall else "")
                      + ". Drawing the top 2 cards is the other choice.")
        note.setWordWrap(True)
        self.list = QListWidget()
        k = current_scale()  # the cards grow with the app's text (a big window, larger text)
        card_grid(self.list, round(120 * k), round(168 * k))
        self.list.setAccessibleName("Cards you may take")
        for c in self.commands:
            cid = int(c.args[0])
            info = ix.cards.get(cid, {})
            label = ix.name(cid) + (" (discard)" if c.verb == "recall" else "")
            it = QListWidgetItem(QIcon(faces.front(str(info.get("def", "")), round(168 * k))), label)
            it.setToolTip(describe(c, ix))
            it.setData(Qt.ItemDataRole.UserRole, self.list.count())
            self.list.addItem(it)
        self.list.itemDoubleClicked.connect(lambda it: self.pick(int(it.data(Qt.ItemDataRole.UserRole))))
        std = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(std.Ok | std.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(note)
        lay.addWidget(self.list)
        lay.addWidget(buttons)
        self.resize(round(900 * k), round(600 * k))

    def names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def pick(self, row: int) -> None:
        self.chosen = self.commands[row]
        self.accept()

    def pick_command(self, cmd: Command) -> None:
        """Choose the entry of ``cmd`` (tests and tools)."""
        self.pick(self.commands.index(cmd))

    def _ok(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self.pick(row)
