"""The Expedition HUD: the Matrix Phase and what the table waits for, then one column per player
with their sheet's counters (Time, DP, Resources, Food, Gifts, Askari, Porters, Health, Sanity) and
gear; the player to act is marked and coloured."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from matrix_gui.expedition.items import COUNTER_NAMES, SEAT_HEX
from matrix_gui.hudstrip import HudStrip

ROLES = {"big": "#39ff7a", "over": "#ffc84a"}
SHORT = {"resources": "Res", "porters": "Port", "askari": "Ask"}


def counters_text(pl: dict[str, Any]) -> str:
    """A player's counters in one line, gear after them."""
    c = pl["counters"]
    parts = [f"{SHORT.get(k, name)} {c[k]}" for k, name in COUNTER_NAMES.items()]
    gear = [g.capitalize() for g in ("guide", "telescope", "wildman") if pl.get(g)]
    return " · ".join(parts + gear)


class ExpeditionHud(HudStrip):
    """One strip above the table; ``values`` keeps the shown texts (and the accessible name)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("expeditionhud", ROLES, 18, parent)
        self.phase = self._label("big")
        self.step = self._label()
        self.step.setWordWrap(True)
        self.add_column(3, self.phase, self.step)
        self.players: list[QLabel] = []

    def _player_labels(self, n: int) -> None:
        while len(self.players) < n:
            lab = self._label()
            lab.setWordWrap(True)
            self.players.append(lab)
            self.row.addWidget(lab, 2)
        for i, lab in enumerate(self.players):
            lab.setVisible(i < n)

    def update_from(self, view: dict[str, Any]) -> None:
        """Show a view: who acts, the step, and every player's sheet."""
        players = view["players"]
        self._player_labels(len(players))
        acting = view.get("acting")
        over = bool(view.get("outcome"))
        self.phase.setWordWrap(True)
        self.phase.setText(f"Matrix Phase · Game Turn {view.get('game_turn', 1)}")
        text = view["outcome"]["headline"] if over else str(view.get("step_text", ""))
        self.step.setText(f"{text[:1].upper()}{text[1:]}")
        values = {"phase": self.phase.text(), "step": self.step.text()}
        for pl, lab in zip(players, self.players, strict=False):
            s = pl["seat"]
            mark = "▶ " if s == acting and not over else ""
            state = " (Time is up)" if pl["time_up"] else ""
            weight = "bold" if mark else "normal"
            lab.setText(f"<span style='color:{SEAT_HEX[s % len(SEAT_HEX)]}; font-weight:{weight}'>"
                        f"{mark}{pl['name']}{state}</span><br>{counters_text(pl)}")
            values[f"p{s}"] = f"{mark}{pl['name']}{state}: {counters_text(pl)}"
        self.publish(values)
