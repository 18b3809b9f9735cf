"""The autosave warning: a red, persistent label in the status bar while the autosave fails."""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QStatusBar

from matrix_gui.operations import Operations

STYLE = ("QLabel { background: #5a0d0d; color: #ffe3e3; border: 1px solid #ff5b4d; border-radius: 4px;"
         " padding: 2px 8px; font-weight: bold; }")


class AutosaveWarning(QLabel):
    """Shown at the first failed autosave and kept (the reason renewed, the status bar told again)
    at each failure after it; hidden when an autosave works again."""

    def __init__(self, ops: Operations, bar: QStatusBar) -> None:
        super().__init__()
        self.setObjectName("autosave_warning")
        self.setAccessibleName("Autosave warning")
        self.setStyleSheet(STYLE)
        self.setWordWrap(False)
        self.hide()
        self._bar = bar
        bar.addPermanentWidget(self)
        ops.autosave_changed.connect(self.show_reason)

    def show_reason(self, text: str) -> None:
        self.setText(text)
        self.setToolTip(text)
        self.setVisible(bool(text))
        if text:  # after the command's own status (an accepted command clears the status bar)
            QTimer.singleShot(0, lambda: self._bar.showMessage(self.text(), 10000) if self.text() else None)
