"""What keeps the players of a Legendary game on track, as one piece the page holds
(``TableGuide``): the guide strip under the HUD (the next step with the End Turn button, the current
Objective, what will strike this turn), the Act/Part banner on the table and the end screen.

Every text is the engine's (``observe``: ``next_step``, ``objective``, ``act_part``,
``strike_forecast``, ``outcome``); ``attach`` gives it a new game's scene and first view, ``show``
brings every part up to date from a view.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QEnterEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsScene, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from matrix_gui.banner import ActBanner
from matrix_gui.endscreen import EndScreen, legendary_facts
from matrix_gui.hudstrip import HudStrip
from matrix_gui.legendary.tablefacts import strike_limit

ROLES = {"caption": "#39ff7a"}
HINT = "#ff6bf0"  # the hint's colour: its button, the marked button, the cards it points at
HINT_STYLE = f"""
QToolButton#hint {{ background: #3a1238; border-color: {HINT}; }}
QToolButton#hint:hover {{ background: #5a1d56; }}
QToolButton[hinted="true"] {{ border: 3px solid {HINT}; }}
"""
BUTTON_STYLE = """
QToolButton { background: #175c33; color: #eafff1; border: 1px solid #39ff7a; border-radius: 6px;
              padding: 4px 14px; font-weight: bold; }
QToolButton:hover { background: #1f7a44; }
QToolButton:disabled { background: #0e2a18; color: #557a63; border-color: #2f5a3f; }
"""


class ObjectiveLabel(QLabel):
    """The Objective's words: the mouse over them, or a click, asks to see the cards it names
    (``looked(True)``); the mouse leaving lets them go (``looked(False)``)."""

    looked = Signal(bool)

    def enterEvent(self, e: QEnterEvent) -> None:  # noqa: N802
        super().enterEvent(e)
        self.looked.emit(True)

    def leaveEvent(self, e: QEvent) -> None:  # noqa: N802
        super().leaveEvent(e)
        self.looked.emit(False)

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        super().mousePressEvent(e)
        self.looked.emit(True)


class GuideStrip(HudStrip):
    """Next step + End Turn, the Objective panel and the strikes panel, side by side; Give Up
    beside End Turn while the engine offers the table to give a stalled game up."""

    def __init__(self, end_turn: QAction, objective: QAction, hint: QAction, give_up: QAction,
                 parent: QWidget | None = None) -> None:
        super().__init__("guide", ROLES, 16, parent)
        self.prompt = self._wrapping()
        self.prompt.setObjectName("step")
        self.prompt.setAccessibleName("Next step")
        self.end_turn = self._button(end_turn)
        self.complete = self._button(objective)
        self.hint = self._button(hint)  # H: what the look-ahead would do now, and why
        self.hint.setObjectName("hint")
        self.give_up = self._button(give_up)  # shown only while the engine offers it
        self.give_up.setVisible(False)
        self.hinting = ""  # the hint the NEXT panel shows ("" : the engine's next step)
        self.objective = self._wrapping(ObjectiveLabel())
        self.objective.setAccessibleName("Objective")
        self.objective_cards: list[dict[str, Any]] = []  # the cards the Objective names (the view's)
        self.strikes = self._wrapping()
        self.strikes.setAccessibleName("Strikes this turn")
        self.row.addLayout(self._panel("NEXT", self.prompt), 5)
        self.row.addWidget(self.hint)
        self.row.addWidget(self.complete)
        self.row.addWidget(self.give_up)
        self.row.addWidget(self.end_turn)
        self.row.addLayout(self._panel("OBJECTIVE", self.objective), 4)
        self.row.addLayout(self._panel("IF THE TURN ENDED NOW", self.strikes), 4)

    def extra_style(self, scale: float) -> str:
        """The next step in bold, between the plain and the big size; the buttons."""
        return (f"QLabel#step {{ color: #ffe6a3; font-size: {round(15 * scale)}px; font-weight: bold; }}"
                f'QLabel[role="caption"] {{ font-size: {round(11 * scale)}px; letter-spacing: 1px; }}'
                + BUTTON_STYLE.replace("padding: 4px 14px;", f"padding: {round(4 * scale)}px "
                                       f"{round(14 * scale)}px; font-size: {round(14 * scale)}px;")
                + HINT_STYLE)

    def _wrapping(self, lab: QLabel | None = None) -> QLabel:
        """A word-wrapped label of the strip (``lab``: one of its own kind, else a plain one)."""
        if lab is None:
            lab = self._label()
        else:
            lab.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # as _label's
        lab.setWordWrap(True)
        lab.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        return lab

    def _button(self, action: QAction) -> QToolButton:
        b = QToolButton()
        b.setDefaultAction(action)  # the one action object: menu, shortcut and button
        b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        b.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it; a click leaves the keyboard to the table
        return b

    def _panel(self, caption: str, body: QLabel) -> QVBoxLayout:
        cap = self._label("caption")
        cap.setText(caption)
        col = QVBoxLayout()
        col.setSpacing(1)
        col.addWidget(cap)
        col.addWidget(body, 1)
        return col

    def show_hint(self, text: str, button: QToolButton | None = None) -> None:
        """A hint (or "Thinking…") in the NEXT panel until the game moves on; ``button``: the
        strip's button the hint points at (End Turn, Complete Objective, Give Up), marked."""
        self.hinting = text
        self.prompt.setText(text)
        for b in (self.end_turn, self.complete, self.give_up):
            b.setProperty("hinted", b is button)
            b.style().unpolish(b)
            b.style().polish(b)
        self.publish({**self.values, "next_step": self.prompt.text()})

    def update_from(self, view: dict[str, Any], can_complete: bool, playing: bool = True) -> None:
        """Show a view's guidance; the Complete Objective button only while it can be done; Hint and
        End Turn only while the game runs and the person at the screen plays it (``playing``: not
        while a bot acts or a saved game is stepped through)."""
        self.prompt.setText(self.hinting or view.get("next_step", ""))
        obj = view.get("objective") or "No Objective: follow the Act card's instructions"
        self.objective.setText(obj)
        self.objective_cards = list(view.get("objective_cards") or [])
        names = ", ".join(c["name"] for c in self.objective_cards)
        tip = f"{names}: point here (or click) to see the card and where it lies" if names else ""
        self.objective.setToolTip("\n".join(t for t in (view.get("act_part", ""), tip) if t))
        self.objective.setAccessibleDescription(tip)
        self.objective.setCursor(Qt.CursorShape.WhatsThisCursor if names else Qt.CursorShape.ArrowCursor)
        fc = view.get("strike_forecast") or {}
        limit = strike_limit(view)  # an Act's Strike limit in force (e.g. Go Up, Over Them.)
        self.strikes.setText("" if view.get("outcome") else
                             "\n".join(t for t in (fc.get("text", ""), limit) if t))
        self.strikes.setToolTip(strike_lines(fc))
        self.complete.setVisible(can_complete and playing)
        self.give_up.setVisible(playing and bool(view.get("concede_offered")) and not view.get("outcome"))
        self.end_turn.setVisible(playing and not view.get("outcome"))
        self.hint.setVisible(playing and not view.get("outcome"))
        self.publish({"next_step": self.prompt.text(), "objective": obj,
                      "strikes": self.strikes.text()})


def strike_lines(fc: dict[str, Any]) -> str:
    """One line per Enemy of a strike forecast (the strikes panel's tooltip)."""
    lines = []
    for r in fc.get("enemies", []):
        if r["skipped"]:
            lines.append(f"{r['name']}: does not strike ({r['skipped']})")
            continue
        what = []
        if r["time_loss"]:
            what.append(f"Time -{r['time_loss']}")
        if r["strike_cards"]:
            what.append(f"{r['target']} draws {r['strike_cards']}")
        if r["avoided"]:
            what.append(f"{r['avoided']} avoided")
        if r["ability"]:
            what.append("its Strike: ability" + (" instead" if r["mode"] == "replace" else ""))
        lines.append(f"{r['name']}: " + (", ".join(what) or "no strike"))
    return "\n".join(lines)


class TableGuide:
    """The guide strip, the banner and the end screen of one table page."""

    def __init__(self, window: QWidget, end_turn: QAction, objective: QAction, hint: QAction,
                 give_up: QAction, *, new_game: Callable[[], Any], back_to_start: Callable[[], Any],
                 show_log: Callable[[], Any]) -> None:
        self.strip = GuideStrip(end_turn, objective, hint, give_up)
        self.end = EndScreen(window)
        self.end.new_game.connect(new_game)
        self.end.back_to_start.connect(back_to_start)
        self.end.show_log.connect(show_log)
        self.banner: ActBanner | None = None
        self._seen: tuple[int, int] | None = None  # the Act and Part the banner last saw

    def attach(self, scene: QGraphicsScene, view: dict[str, Any]) -> None:
        """A new game's table: the banner goes on its scene; no banner for the Act it starts in."""
        self.banner = ActBanner()
        scene.addItem(self.banner)
        self._seen = (view["act"], view["part"])

    def show(self, view: dict[str, Any], can_complete: bool, animate: bool, hints: int = 0, *,
             playing: bool = True, looking: bool = False) -> None:
        """Bring the strip, the banner and the end screen up to date with ``view`` (``hints``: how
        many hints the game's record counts, for the end screen; ``playing``: the person at the
        screen plays now; ``looking``: a saved game stepped through, whose end is only looked at)."""
        over = view.get("outcome")
        self.strip.update_from(view, can_complete and not over, playing and not looking)
        self.end.set_looking(looking)
        seen = (view["act"], view["part"])
        if self.banner is not None:
            if over:
                self.banner.hide()
            elif self._seen is not None and seen != self._seen:
                self.banner.announce(view.get("act_part", f"Act {seen[0]} Part {seen[1]}"),
                                     view.get("objective", ""), animate=animate)
        self._seen = seen
        if over:
            if self.end.isHidden() or self.end.outcome != over:
                self.end.show_outcome(over, [*legendary_facts(over), f"hints used: {hints}"])
        elif not self.end.isHidden():
            self.end.hide()
