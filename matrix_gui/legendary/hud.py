"""The HUD: active player, each RSI's world, Recruit and Attack, Time Track, Act and Part, deck counts."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from matrix_gui.hudstrip import HudStrip
from matrix_gui.legendary.items import SEAT_COLOURS

ROLES = {"big": "#39ff7a", "pool": "", "over": "#ffc84a"}  # label role -> colour ("": the plain one)


class Hud(HudStrip):
    """One strip above the table; every value is also an accessible name for screen readers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("hud", ROLES, 22, parent)
        self.turn = self._label("big")
        self.pool = self._label("pool")
        self.time = self._label("big")
        self.act = self._label()
        self.act.setWordWrap(True)
        self.players = self._label()
        self.players.setTextFormat(Qt.TextFormat.RichText)
        self.players.setWordWrap(True)
        self.counts = self._label()
        self.result = self._label("over")
        self.add_column(3, self.turn, self.players)
        self.pool.setMinimumWidth(230)
        self.time.setMinimumWidth(80)
        self.row.addWidget(self.pool, 1)
        self.row.addWidget(self.time)
        self.add_column(3, self.act, self.counts)
        self.row.addWidget(self.result)

    def update_from(self, view: dict[str, Any], act_title: str = "") -> None:
        """Show a view (``observe()``) in words."""
        players = view["players"]
        active = players[view["active"]]
        phase = view["phase"].title()
        self.turn.setText(f"Turn {view['turn']} · {active['name']} · {phase} Phase")
        parts = []
        for p in players:
            c = SEAT_COLOURS[p["seat"] % len(SEAT_COLOURS)]
            world = "defeated" if p["defeated"] else ("in the Matrix" if p["in_matrix"] else "Real World")
            parts.append(f"<span style='color:{c}'>■ P{p['seat'] + 1} {p['name']}</span>: {world}, "
                         f"{p['damage']}/{p['health']} damage")
        self.players.setText(" &nbsp; ".join(parts))
        self.pool.setText(f"<span style='color:#e0b23a'>Recruit {view['recruit']}</span> · "
                          f"<span style='color:#ff5b4d'>Attack {view['attack']}</span>")
        self.time.setText(f"Time {view['time']}")
        self.act.setText(f"Act {view['act']} Part {view['part']}" + (f": {act_title}" if act_title else ""))
        piles = view["piles"]
        count = lambda n: piles.get(n, {}).get("count", 0)  # noqa: E731
        seat = view["active"]
        self.counts.setText(f"Matrix Deck {count('matrix_deck')} · Zion {count('zion')} · "
                            f"Hovercraft {count('hovercraft')} · Strikes {count('strikes')} · "
                            f"Your deck {count(f'p{seat}.deck')} · discard {count(f'p{seat}.discard')}")
        res = view.get("result") or ""
        self.result.setText(result_text(res))
        self.publish({"turn": self.turn.text(), "pool": f"Recruit {view['recruit']} Attack {view['attack']}",
                      "time": self.time.text(), "act": self.act.text(), "counts": self.counts.text(),
                      "players": self.players.text(), "result": self.result.text()})


def result_text(result: str) -> str:
    if not result:
        return ""
    if result == "major":
        return "Major Victory!"
    if result == "minor":
        return "Minor Victory"
    return "Defeat: " + result.split(":", 1)[-1].replace("_", " ")
