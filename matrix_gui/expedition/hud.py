"""The Expedition HUD: the Matrix Phase and what the table waits for, then one column per player
with their sheet's counters (Time, DP, Resources, Food, Gifts, Askari, Porters, Health, Sanity) and
gear; the player to act is marked and coloured."""
from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QWidget

from matrix_gui.expedition.items import COUNTER_NAMES, SEAT_HEX
from matrix_gui.hudstrip import ChoiceLabel, HudStrip

ROLES = {"big": "#39ff7a", "over": "#ffc84a"}
SHORT = {"resources": "Res", "porters": "Port", "askari": "Ask"}


def counters_text(pl: dict[str, Any], short: bool = False) -> str:
    """A player's counters in one line, gear after them (``short``: letters for the names)."""
    c = pl["counters"]
    parts = [f"{(name[:1] if k not in ('dp',) else 'DP') if short else SHORT.get(k, name)} {c[k]}"
             for k, name in COUNTER_NAMES.items()]
    gear = [g.capitalize() for g in ("guide", "telescope", "wildman") if pl.get(g)]
    return (" " if short else " · ").join(parts + gear)


class ExpeditionHud(HudStrip):
    """One strip above the table; ``values`` keeps the shown texts (and the accessible name). Two
    lines, never more: the phase over the step; each player's name over their counters (in letters,
    or cut with "…" and whole in the tooltip, where the strip is narrow)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("expeditionhud", ROLES, 18, parent)
        self.phase = self._fit_label("big")
        self.step = self._fit_label()
        self.add_column(3, self.phase, self.step)
        self.players: list[tuple[ChoiceLabel, ChoiceLabel]] = []

    def _player_labels(self, n: int) -> None:
        while len(self.players) < n:
            labs = (self._choice_label(), self._choice_label())
            self.add_column(2, *labs)
            self.players.append(labs)
        for i, labs in enumerate(self.players):
            for lab in labs:
                lab.setVisible(i < n)

    def update_from(self, view: dict[str, Any]) -> None:
        """Show a view: who acts, the step, and every player's sheet."""
        players = view["players"]
        self._player_labels(len(players))
        acting = view.get("acting")
        over = bool(view.get("outcome"))
        self.phase.show_text(f"Matrix Phase · Game Turn {view.get('game_turn', 1)}")
        text = view["outcome"]["headline"] if over else str(view.get("step_text", ""))
        self.step.show_text(f"{text[:1].upper()}{text[1:]}")
        values = {"phase": self.phase.full, "step": self.step.full}
        for pl, (name, counters) in zip(players, self.players, strict=False):
            s = pl["seat"]
            mark = "▶ " if s == acting and not over else ""
            state = " (Time is up)" if pl["time_up"] else ""
            look = f"color:{SEAT_HEX[s % len(SEAT_HEX)]}; font-weight:{'bold' if mark else 'normal'}"
            name.show_choices([f"<span style='{look}'>{escape(t)}</span>"
                               for t in (f"{mark}{pl['name']}{state}", f"{mark}{pl['name']}")])
            counters.show_choices([escape(counters_text(pl)), escape(counters_text(pl, short=True))],
                                  tip=counters_text(pl))
            values[f"p{s}"] = f"{mark}{pl['name']}{state}: {counters_text(pl)}"
        self.publish(values)
