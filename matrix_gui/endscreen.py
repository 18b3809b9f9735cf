"""The end screen: the victory level or the loss with the engine's rule and cause,
a few numbers of the game, and the ways on: New game, Back to start, Show log. A campaign game
also shows what carried over (as the engine recorded it) and the campaign's next step. The end of
a saved game being stepped through is only looked at (``set_looking``): no way on but the log, and
the keyboard stays with the window (its step keys).

It shows the ``outcome`` of an ``observe`` view as the engine words it; both rulesets' views
carry one (``headline``, ``rule``, ``cause``, ``text`` and counters).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from matrix_gui.hudstrip import ui_scale

STYLE = """
QDialog#endcard { background: #07110b; border: 3px solid %(ink)s; }
QLabel { color: #d9ffe6; font-size: %(plain)spx; }
QLabel#headline { color: %(ink)s; font-size: %(big)spx; font-weight: bold; }
QLabel#cause { color: #ffe6a3; font-size: %(cause)spx; }
QLabel#carried { color: #ffe6a3; }
QPushButton { font-size: %(plain)spx; }
"""


class EndScreen(QDialog):
    """A window over the table once the game is over; ``show_outcome`` fills it in.

    A separate window, not a widget laid over the table: anything over the table's viewport
    makes every repaint of the table several times dearer. It does not block the window, so the
    final table and the log stay in reach."""

    new_game = Signal()
    back_to_start = Signal()
    show_log = Signal()
    campaign_next = Signal()  # play the campaign's next game, or retry this one
    to_campaign = Signal()  # back to the Campaign page

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("endcard")
        self.setWindowTitle("Game over")
        self.setModal(False)
        self.outcome: dict[str, Any] = {}
        self.looking = False  # the end of a saved game stepped through: nothing to go on to
        self.next_step = ""  # a campaign game's next step (the button's text; "" for none)
        self.facts: list[str] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(36, 26, 36, 26)
        lay.setSpacing(12)
        self.headline = QLabel()
        self.headline.setObjectName("headline")
        self.headline.setWordWrap(True)  # a long headline (who won the Matrix Phase) wraps, never cut
        self.cause = QLabel()
        self.cause.setObjectName("cause")
        self.cause.setWordWrap(True)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.carried = QLabel()  # a campaign game: what carried over
        self.carried.setObjectName("carried")
        self.carried.setWordWrap(True)
        self.carried.hide()
        for w in (self.headline, self.cause, self.stats, self.carried):
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lay.addWidget(w)
        row = QHBoxLayout()
        self.btn_new = QPushButton("New game")
        self.btn_start = QPushButton("Back to start")
        self.btn_log = QPushButton("Show log")
        for b, sig in ((self.btn_new, self.new_game), (self.btn_start, self.back_to_start),
                       (self.btn_log, self.show_log)):
            b.setAutoDefault(False)
            b.clicked.connect(sig.emit)
            row.addWidget(b)
        self.btn_new.clicked.connect(self.hide)
        self.btn_start.clicked.connect(self.hide)
        lay.addLayout(row)
        camp = QHBoxLayout()
        self.btn_next = QPushButton()
        self.btn_campaign = QPushButton("Back to the campaign")
        for b, sig in ((self.btn_next, self.campaign_next), (self.btn_campaign, self.to_campaign)):
            b.setAutoDefault(False)
            b.clicked.connect(sig.emit)
            b.clicked.connect(self.hide)
            b.hide()
            camp.addWidget(b)
        lay.addLayout(camp)

    def show_outcome(self, outcome: dict[str, Any], facts: list[str]) -> None:
        """Show ``outcome`` (a view's) with ``facts`` (short lines: turns, Acts, Strikes...), sized for
        the window it stands over."""
        self.outcome, self.facts = dict(outcome), list(facts)
        ink = "#39ff7a" if outcome.get("won") else "#ff6b5b"
        win = self.parentWidget().window()
        scale = ui_scale(win.width(), win.height())
        self.setStyleSheet(STYLE % {"ink": ink, "plain": round(15 * scale), "big": round(40 * scale),
                                    "cause": round(19 * scale)})
        self.headline.setText(outcome.get("headline", ""))
        self.cause.setText(outcome.get("text", ""))
        self.stats.setText(" · ".join(facts))
        # as wide as the window allows, up to 600 px at the reference size: a headline wraps in it
        width = min(win.width() - 40, max(520, round(600 * scale)))
        self.setMinimumWidth(min(width, max(400, round(420 * scale))))
        self.resize(width, self.height())
        self.show()
        self._fit()
        self.raise_()
        if not self.looking:
            (self.btn_next if not self.btn_next.isHidden() else self.btn_new).setFocus()

    def set_looking(self, on: bool) -> None:
        """A saved game stepped through (``on``): its end is shown without taking the keyboard,
        with no new game or campaign step to offer; else a game played here."""
        self.looking = on
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, on)
        self._ways()

    def _ways(self) -> None:
        """Which ways on the screen offers: New game and the campaign's steps only for a game played
        here; Back to start and Show log always."""
        playing = not self.looking
        self.btn_new.setVisible(playing)
        campaign = not self.carried.isHidden()
        self.btn_next.setText(self.next_step)
        self.btn_next.setVisible(playing and campaign and bool(self.next_step))
        self.btn_campaign.setVisible(playing and campaign)

    def _fit(self) -> None:
        """Tall enough for every wrapped line (the campaign's too): a dialog's own size ignores
        the height its word-wrapped labels need at its width."""
        need = self.layout().heightForWidth(self.width())
        if need > 0:
            self.resize(self.width(), need)

    def set_campaign(self, lines: list[str], next_step: str = "") -> None:
        """A campaign game's carry-over ``lines`` and its next step's button text ("" for none);
        no lines: not a campaign game (the campaign part hides)."""
        self.carried.setText("\n".join(lines))
        self.carried.setVisible(bool(lines))
        self.next_step = next_step
        self._ways()
        if self.isVisible():
            self._fit()
            if not self.btn_next.isHidden():
                self.btn_next.setFocus()


def legendary_facts(outcome: dict[str, Any]) -> list[str]:
    """The numbers of a Legendary game's end: turns, the Act reached, Strikes taken, Time left."""
    by = outcome.get("strikes_by_player") or {}
    who = ", ".join(f"{name} {n}" for name, n in by.items() if n)
    return [f"{outcome['turns']} turns", f"reached Act {outcome['act']} Part {outcome['part']}",
            f"Strikes taken: {outcome['strikes_taken']}" + (f" ({who})" if who else ""),
            f"Time Track {outcome['time']}"]


def replay_facts(outcome: dict[str, Any]) -> list[str]:
    """The numbers of a Matrix Replay game's end: turns, Mission Points, Time Pile."""
    return [f"{outcome['turns']} turns", f"Mission Points {outcome['mission_points']}/20",
            f"Time {outcome['time']}/20"]
