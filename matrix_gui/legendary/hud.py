"""The HUD: active player, each RSI's world, Recruit and Attack, Time Track, Act and Part, deck counts."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget

from matrix_gui.hudstrip import HudStrip
from matrix_gui.legendary.items import SEAT_COLOURS

ROLES = {"big": "#39ff7a", "pool": "", "act": "#ffc84a"}  # label role -> colour ("": the plain one)


class Hud(HudStrip):
    """One strip above the table; every value is also an accessible name for screen readers.

    Two rows in a grid, never more: whose turn, the pool, the Time Track and the Act and Part; then
    the players. A text too long for its room says less (the players' line) or ends in "…" with the
    whole text as its tooltip, so the strip keeps its two lines at 1024x640 too.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("hud", ROLES, 18, parent)
        self.turn = self._fit_label("big")
        self.pool = self._label("pool")
        self.time = self._label("big")
        self.act = self._fit_label("act")
        self.players = self._choice_label()
        self.counts = self._label()
        self.campaign = self._fit_label("act")  # "Campaign: game 2 of 3, try 2" (a campaign game)
        self.campaign.hide()
        self.result = self._label()  # kept for ``values``; the end screen shows the result
        self.result.hide()
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(2)
        for lab in (self.pool, self.time):  # as wide as their text: never overlapped
            lab.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        grid.addWidget(self.turn, 0, 0)
        grid.addWidget(self.pool, 0, 1)
        grid.addWidget(self.time, 0, 2)
        grid.addWidget(self.act, 0, 3)
        grid.addWidget(self.players, 1, 0, 1, 3)
        grid.addWidget(self.campaign, 1, 3)
        self.counts.hide()  # the table shows each pile's count; kept for ``values`` and screen readers
        grid.setColumnStretch(0, 5)
        grid.setColumnStretch(3, 4)
        self.row.addLayout(grid, 1)

    def update_from(self, view: dict[str, Any], act_title: str = "", campaign: str = "",
                    role: dict[str, str] | None = None) -> None:
        """Show a view (``observe()``) in words; ``campaign``: the campaign line ("" for none);
        ``role``: the side of the seat at the screen, on its own turn (a Traitor mode's view)."""
        players = view["players"]
        active = players[view["active"]]
        phase = "Game over" if view.get("outcome") else f"{view['phase'].title()} Phase"
        side = f" · {role['title']}" if role else ""
        self.turn.show_text(f"Turn {view['turn']} · {active['name']} · {phase}{side}",
                            tip=f"{role['title']}: {role['goal']}" if role else "")
        self.players.show_choices([" &nbsp; ".join(player_line(p, form) for p in players)
                                   for form in ("long", "short", "shortest")])
        self.campaign.show_text(campaign)
        self.campaign.setVisible(bool(campaign))
        self.pool.setText(f"<span style='color:#e0b23a'>Recruit {view['recruit']}</span> · "
                          f"<span style='color:#ff5b4d'>Attack {view['attack']}</span>")
        self.time.setText(f"Time {view['time']}")
        self.act.show_text(view.get("act_part") or
                           f"Act {view['act']} Part {view['part']}" + (f": {act_title}" if act_title else ""))
        piles = view["piles"]
        count = lambda n: piles.get(n, {}).get("count", 0)  # noqa: E731
        seat = view["active"]
        self.counts.setText(f"Matrix Deck {count('matrix_deck')} · Zion {count('zion')} · "
                            f"Hovercraft {count('hovercraft')} · Strikes {count('strikes')} · "
                            f"Your deck {count(f'p{seat}.deck')} · discard {count(f'p{seat}.discard')}")
        self.result.setText(result_text(view))
        self.publish({"turn": self.turn.full, "pool": f"Recruit {view['recruit']} Attack {view['attack']}",
                      "time": self.time.text(), "act": self.act.full, "counts": self.counts.text(),
                      "players": self.players.variants[0], "result": self.result.text(),
                      "campaign": campaign})


def player_line(p: dict[str, Any], form: str) -> str:
    """One player in the HUD's players line, ``long``, ``short`` or ``shortest``."""
    c = SEAT_COLOURS[p["seat"] % len(SEAT_COLOURS)]
    where = "defeated" if p["defeated"] else ("in the Matrix" if p["in_matrix"] else "Real World")
    scars = f" ({p['scars']} from scars)" if p.get("scars") else ""
    who = f"■ P{p['seat'] + 1}" + ("" if form == "shortest" else f" {p['name']}")
    if form == "long":
        rest = f"{where}, {p['damage']}/{p['health']} damage{scars}"
    else:
        rest = f"{'Matrix' if where == 'in the Matrix' else where} {p['damage']}/{p['health']}"
    return f"<span style='color:{c}'>{who}</span>: {rest}"


def result_text(view: dict[str, Any]) -> str:
    """The game's result as the engine says it ('' while the game runs)."""
    out = view.get("outcome")
    if out:
        return f"{out['headline']}: {out['text']}"
    return str(view.get("result") or "")
