"""The Matrix Replay HUD: turn and phase, who is at the screen and who acts, the three counters
(Mission Points, Time Pile, Matrix counters), hand and deck sizes, the result."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QSizePolicy, QWidget

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
        self.turn = self._label("big")
        self.step = self._label()
        self.add_column(4, self.turn, self.step)
        self.mp = self._label("mp")
        self.time = self._label("time")
        self.counters = self._label("counters")
        for lab in (self.mp, self.time, self.counters):
            lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            lab.setMinimumWidth(120)
            self.row.addWidget(lab)
        self.sizes = self._label()
        self.sizes.setWordWrap(True)
        self.row.addWidget(self.sizes, 3)
        self.result = self._label("over")
        self.result.setWordWrap(True)  # the whole result, never cut (the end screen shows it too)
        self.row.addWidget(self.result, 2)

    def update_from(self, view: dict[str, Any], front: int | None) -> None:
        """Show a view; ``front`` is the seat at the screen (None while the curtain is up)."""
        acting = view.get("acting")
        who = "" if acting is None else f" · {SIDES[acting]} to act"
        phase = "Game over" if view.get("outcome") else \
            f"{str(view['phase']).replace('_', '-').title()} Phase{who}"
        self.turn.setText(f"Turn {view['turn']} · {phase}")
        text = view["outcome"]["text"] if view.get("outcome") else str(view.get("step_text", ""))
        at = " (behind the curtain: no hand is shown)" if front is None else (
            "" if front == acting else f" (at the screen: the {SIDES[front]})")
        self.step.setText(f"{text[:1].upper()}{text[1:]}{at}")
        self.mp.setText(f"MP {view['mp']}/20")
        self.time.setText(f"Time {view['time']}/20")
        piles = view["piles"]
        counters = sum(1 for c in piles.get("p0.play", {}).get("cards", []) if c.get("matrix_counter"))
        self.counters.setText(f"Matrix ◉ {counters}")
        count = lambda n: piles.get(n, {}).get("count", 0)  # noqa: E731
        done = [c["name"] for c in piles.get("removed", {}).get("cards", [])]
        sizes = [f"<span style='color:{SIDE_HEX[s]}'>{SIDES[s]}</span>: hand {count(f'p{s}.hand')}, "
                 f"deck {count(f'p{s}.deck')}, discard {count(f'p{s}.discard')}" for s in (0, 1)]
        if done:
            sizes[0] += f" · missions done {len(done)}"
        self.sizes.setText("<br>".join(sizes))
        self.sizes.setToolTip("Missions done: " + ", ".join(done) if done else "")
        self.result.setText(result_text(view.get("result") or ""))
        self.publish({"turn": self.turn.text(), "step": self.step.text(), "mp": self.mp.text(),
                      "time": self.time.text(), "counters": self.counters.text(),
                      "sizes": self.sizes.text(), "result": self.result.text()})
