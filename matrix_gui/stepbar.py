"""The step-through bar: step a saved game forwards and backwards, jump to a command or a turn, and
take it over from any position (``Operations.view`` / ``step`` / ``take_over``)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QSpinBox, QToolBar, QWidget

from matrix_gui.operations import Operations


class StepBar(QToolBar):
    """Shown while a saved game is being stepped through; hidden otherwise."""

    def __init__(self, ops: Operations, stop: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__("Step Through", parent)
        self.ops = ops
        self.setObjectName("stepbar")
        self.setAccessibleName("Step through a saved game")

        def act(text: str, tip: str, slot: Callable[[], None], key: str = "") -> QAction:
            a = QAction(text, self)
            a.setToolTip(tip + (f" ({key})" if key else ""))
            if key:
                a.setShortcut(QKeySequence(key))
                # also while the end screen (a window of its own) or a floating log has the keyboard
                a.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
            a.triggered.connect(slot)
            self.addAction(a)
            return a

        self.first = act("|◀ Start", "Back to the start of the game", lambda: self.go(0), "Alt+Home")
        self.back = act("◀ Back", "One command back", lambda: self.go(self.position - 1), "Alt+Left")
        self.forward = act("Forward ▶", "One command forward, animated", lambda: self.go(self.position + 1),
                           "Alt+Right")
        self.last = act("End ▶|", "To the end of the saved game", lambda: self.go(self.total), "Alt+End")
        self.addSeparator()
        self.addWidget(QLabel(" Go to command "))
        self.jump = QSpinBox()
        self.jump.setAccessibleName("Go to command")
        self.jump.editingFinished.connect(lambda: self.go(self.jump.value()))
        self.addWidget(self.jump)
        self.where = QLabel()
        self.addWidget(self.where)
        self.addSeparator()
        self.take = act("Take Over From Here", "Play on from this position as a new game (autosaved)",
                        self.take_over)
        self.stop_act = act("Stop", "Leave the saved game", stop)
        self.hide()

    @property
    def position(self) -> int:
        st = self.ops.viewing
        return 0 if st is None else st.position

    @property
    def total(self) -> int:
        st = self.ops.viewing
        return 0 if st is None else st.total

    def go(self, k: int) -> None:
        if self.ops.viewing is not None:
            self.ops.step(k)
        self.refresh()

    def take_over(self) -> None:
        if self.ops.viewing is not None:
            self.ops.take_over()
        self.refresh()

    def refresh(self) -> None:
        """Show or hide the bar, and the position in words."""
        st = self.ops.viewing
        self.setVisible(st is not None)
        if st is None:
            return
        turn = getattr(st.game.state, "turn_no", None)
        turn_text = f", turn {turn}" if turn else ""
        self.where.setText(f"  command {st.position} of {st.total}{turn_text}  ")
        self.jump.setRange(0, st.total)
        self.jump.setValue(st.position)
        self.back.setEnabled(st.position > 0)
        self.first.setEnabled(st.position > 0)
        self.forward.setEnabled(st.position < st.total)
        self.last.setEnabled(st.position < st.total)
