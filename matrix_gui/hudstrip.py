"""Building blocks of both tables' HUDs: the strip, its labels and the shown values.

A ``HudStrip`` is one row above the table. Its labels carry a ``role`` that the style sheet colours;
``publish`` keeps the texts shown (tests, tools) and makes them the strip's accessible name, so a
screen reader reads the whole HUD.
"""
from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

BIG = "font-size: 17px; font-weight: bold;"


def hud_style(name: str, roles: dict[str, str]) -> str:
    """The style sheet of a strip named ``name``: its frame, plain labels, and a big bold label per
    role in its colour (an empty colour keeps the label's own)."""
    lines = [f"QFrame#{name} {{ background: #07110b; border-bottom: 1px solid #1f6b3d; }}",
             "QLabel { color: #cfeedd; font-size: 13px; }"]
    for role, colour in roles.items():
        ink = f"color: {colour}; " if colour else ""
        lines.append(f'QLabel[role="{role}"] {{ {ink}{BIG} }}')
    return "\n" + "\n".join(lines) + "\n"


class HudStrip(QFrame):
    """One strip above the table; ``values`` keeps the shown texts (and the accessible name)."""

    def __init__(self, name: str, roles: dict[str, str], spacing: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setStyleSheet(hud_style(name, roles))
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(12, 6, 12, 6)
        self.row.setSpacing(spacing)
        self.values: dict[str, str] = {}

    def _label(self, role: str = "") -> QLabel:
        lab = QLabel()
        lab.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        if role:
            lab.setProperty("role", role)
        return lab

    def add_column(self, stretch: int, *widgets: QWidget) -> QBoxLayout:
        """Widgets stacked in one column of the strip."""
        col = QVBoxLayout()
        col.setSpacing(2)
        for w in widgets:
            col.addWidget(w)
        self.row.addLayout(col, stretch)
        return col

    def publish(self, values: dict[str, str]) -> None:
        """Keep the shown texts and read them out as the strip's accessible name."""
        self.values = values
        self.setAccessibleName(" · ".join(v for v in values.values() if v))
