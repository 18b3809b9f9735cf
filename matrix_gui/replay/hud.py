"""The Matrix Replay HUD: turn and phase, who is at the screen and who acts, the three counters
(Mission Points, Time Pile, Matrix counters), hand and deck sizes, the result."""
from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QWidget

from matrix_gui.hudstrip import HudStrip
from matrix_gui.replay.items import SIDE_HEX

SIDES = ("Humans", "Machines")
RESULTS = {"humans": "The Humans win: 20 Mission Points, a truce with the Machines!",
           "machines:neo": "The Machines win: Neo was killed", "machines:neb":
           "The Machines win: the Nebuchadnezzar was destroyed", "machines:zion":
           "The Machines win: 20 Time counters, Zion falls"}
ROLES = {"big": "#39ff7a", "mp": "#7fb8ff", "time": "#ff7a6e", "counters": "#39ff7a", "over": "#ffc84a"}


def result_text(result: str) -> str:
    return RESULTS.get(result, result)


class ReplayHud(HudStrip):
    """One strip above the table; ``values`` keeps the shown texts (and the accessible name)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("replayhud", ROLES, 24, parent)
        self.turn = self._fit_label("big")
        self.step = self._fit_label()
        self.add_column(4, self.turn, self.step)
        self.mp = self._counter_label("mp", "MP 20/20")
        self.time = self._counter_label("time", "Time 20/20")
        self.counters = self._counter_label("counters", "Matrix ◉ 20")
        for lab in (self.mp, self.time, self.counters):
            self.row.addWidget(lab)
        self.sizes = (self._fit_label(), self._fit_label())  # one line per side
        self.add_column(3, *self.sizes)
        self.result = self._choice_label("over")  # the whole result, or its headline (the end
        self.result.hide()  # screen says it whole); until the game ends its room goes to the others
        self.row.addWidget(self.result, 2)

    def update_from(self, view: dict[str, Any], front: int | None) -> None:
        """Show a view; ``front`` is the seat at the screen (None while the curtain is up)."""
        acting = view.get("acting")
        who = "" if acting is None else f" · {SIDES[acting]} to act"
        phase = "Game over" if view.get("outcome") else \
            f"{str(view['phase']).replace('_', '-').title()} Phase{who}"
        self.turn.show_text(f"Turn {view['turn']} · {phase}")
        text = view["outcome"]["text"] if view.get("outcome") else str(view.get("step_text", ""))
        at = " (behind the curtain: no hand is shown)" if front is None else (
            "" if front == acting else f" (at the screen: the {SIDES[front]})")
        self.step.show_text(f"{text[:1].upper()}{text[1:]}{at}")
        self.mp.setText(f"MP {view['mp']}/20")
        self.time.setText(f"Time {view['time']}/20")
        piles = view["piles"]
        counters = sum(1 for c in piles.get("p0.play", {}).get("cards", []) if c.get("matrix_counter"))
        self.counters.setText(f"Matrix ◉ {counters}")
        count = lambda n: piles.get(n, {}).get("count", 0)  # noqa: E731
        done = [c["name"] for c in piles.get("removed", {}).get("cards", [])]
        for s, lab in enumerate(self.sizes):
            line = f": hand {count(f'p{s}.hand')}, deck {count(f'p{s}.deck')}, " \
                   f"discard {count(f'p{s}.discard')}"
            tip = ""
            if s == 0 and done:
                line += f" · missions done {len(done)}"
                tip = "Missions done: " + ", ".join(done)
            lab.show_text(line, SIDES[s], SIDE_HEX[s], tip)
        result = result_text(view.get("result") or "")
        self.result.show_choices([escape(result), escape(result.split(":")[0])])
        self.result.setVisible(bool(result))
        self.publish({"turn": self.turn.full, "step": self.step.full, "mp": self.mp.text(),
                      "time": self.time.text(), "counters": self.counters.text(),
                      "sizes": " · ".join(lab.full for lab in self.sizes), "result": result})
