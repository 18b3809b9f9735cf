"""Graphics items of the Matrix Replay table: cards with their counters, the contest panel with its
dice, the Time and Mission Point counters, the step's buttons and a passing banner."""
from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from matrix_gui.items import CardItem, PlateStyle, TableItem, ValueItem, font, paint_plate
from matrix_gui.replay.faces import SIDE_COLOURS

SIDE_HEX = (SIDE_COLOURS["humans"], SIDE_COLOURS["machines"])
SIDES = ("Humans", "Machines")
CENTER = Qt.AlignmentFlag.AlignCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
BUTTON_PLATE = PlateStyle("#39ff7a", 1.6, "#0e2a18", "#d9ffe6", 15, 10)


class ReplayCardItem(CardItem):
    """A card; a character also shows its Matrix counter, a lasting bonus and whether it is neutralized."""

    MARGIN = 11.0  # the Matrix counter sits over the card's corner

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        super().paint(p, opt, w)
        info = self.info
        if not self.face_up:
            return
        k = self.w / 100.0
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if info.get("neutralized_until") is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 150))
            p.drawRoundedRect(self.body_rect(), 7 * k, 7 * k)
            r = QRectF(0, self.h * 0.42, self.w, 22 * k)
            p.fillRect(r, QColor("#5a5f66"))
            p.setPen(QColor("white"))
            p.setFont(font(10.5 * k, True))
            p.drawText(r, CENTER, f"NEUTRALIZED · t{info['neutralized_until']}")
        if info.get("matrix_counter"):  # the green Matrix counter, on the card's top-right corner
            r = QRectF(self.w - 20 * k, -9 * k, 27 * k, 27 * k)
            p.setPen(QPen(QColor("#04140a"), 2 * k))
            p.setBrush(QColor("#39ff7a"))
            p.drawEllipse(r)
            p.setPen(QColor("#04140a"))
            p.setFont(font(13 * k, True))
            p.drawText(r, CENTER, "M")
        if info.get("combat_bonus"):
            r = QRectF(-6 * k, self.h - 26 * k, 64 * k, 22 * k)
            p.setPen(QPen(QColor("#ffc84a"), 1.5 * k))
            p.setBrush(QColor("#3a2a05"))
            p.drawRoundedRect(r, 10 * k, 10 * k)
            p.setPen(QColor("#ffe6a3"))
            p.setFont(font(11 * k, True))
            p.drawText(r, CENTER, f"Combat +{info['combat_bonus']}")


def paint_die(p: QPainter, r: QRectF, value: int | str, colour: str, angle: float = 0.0,
              dim: bool = False) -> None:
    """A d10 as a rounded square in the side's colour with its number."""
    p.save()
    p.translate(r.center())
    p.rotate(angle)
    rr = QRectF(-r.width() / 2, -r.height() / 2, r.width(), r.height())
    c = QColor(colour)
    if dim:
        c = c.darker(260)
    p.setPen(QPen(c.lighter(150), 2.5))
    p.setBrush(c.darker(140))
    p.drawRoundedRect(rr, r.width() * 0.22, r.width() * 0.22)
    p.setPen(QColor("#f4fff6") if not dim else QColor("#8a9a90"))
    p.setFont(font(r.height() * 0.52, True))
    p.drawText(rr, CENTER, str(value))
    p.restore()


class ContestItem(TableItem):
    """The contest panel: the roll, each side's die and modifiers, the totals, who is to act.

    It is also the drop target for playing an Event (key ``("pile", "arena")``). While a roll is
    animated, ``rolling`` holds the shown (tumbling) faces and their angle."""

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        super().__init__(("pile", "arena"), w, h)
        self.setPos(x, y)
        self.setZValue(1)
        self.me = 0
        self.view: dict[str, Any] | None = None
        self.rolling: tuple[int, int, float] | None = None
        self.roll_title = ""
        self.roll_t = 1.0
        self.rng = random.Random(7)
        self.rows = {0: 50.0, 1: 246.0}  # top of each side's die row (opponent above), panel units
        self.slots: dict[int, QRectF] = {}  # where each side's Events played lie, panel units

    def set_rows(self, opp_slot: QRectF, me_slot: QRectF) -> None:
        """The opponent's die row sits above its Events, the player's above theirs."""
        self.slots = {0: opp_slot, 1: me_slot}
        self.rows = {0: opp_slot.top() - 72, 1: me_slot.top() - 72}

    def accessible_name(self) -> str:
        return self.summary()

    def set_state(self, view: dict[str, Any], me: int) -> None:
        self.view, self.me = view, me
        self.rolling = None
        self.setToolTip(self.summary())
        self.update()

    def summary(self) -> str:
        """The panel in words (tooltip, screen readers, tests): each side's die, modifiers and total."""
        k = (self.view or {}).get("contest")
        if not k:
            last = (self.view or {}).get("last_contest")
            if not last:
                return "No contest"
            return (f"{last_title(last)}: {SIDES[0]} {last['totals'][0]}, {SIDES[1]} {last['totals'][1]} · "
                    f"{last_verdict(last)}")
        return f"{k['kind'].capitalize()} contest: " + "; ".join(
            f"{SIDES[s]} {side_breakdown(k, s)} = {k['totals'][s]}" for s in (0, 1))

    def tumble(self, kind: str, t: float, dice: list[int]) -> None:
        """One frame of a roll: random faces while tumbling, then the rolled faces (t = 0..1)."""
        self.roll_title = kind
        self.roll_t = min(1.0, t / 0.78) ** 0.6
        if t < 0.78:
            self.rolling = (self.rng.randint(1, 10), self.rng.randint(1, 10), (1 - t) * 540 * (t * 3 % 1))
        else:
            self.rolling = (dice[0], dice[1], 0.0)
        self.update()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        view = self.view or {}
        k = view.get("contest")
        last = view.get("last_contest")
        me, opp = self.me, 1 - self.me
        title_r = QRectF(0, 6, self.w, 34)
        p.setFont(font(20, True))
        if self.rolling is not None:  # the dice roll across the panel to their places
            p.setPen(QColor("#ffc84a"))
            p.drawText(title_r, CENTER, f"{self.roll_title.upper()} ROLL")
            u = self.roll_t
            size = 64 + 36 * (1 - u)
            for seat, y in ((opp, self.rows[0]), (me, self.rows[1])):
                x = 20 + (self.w / 2 - 20 - size / 2) * (1 - u)
                paint_die(p, QRectF(x, y + 32 - size / 2, size, size), self.rolling[seat], SIDE_HEX[seat],
                          self.rolling[2] * (1 if seat else -1))
            self.paint_marks(p)
            return
        if k:
            label = k["kind"].capitalize() + (f" (rolled as {k['roll'].capitalize()})"
                                              if k["roll"] != k["kind"] else "")
            p.setPen(QColor("#ffc84a"))
            p.drawText(title_r, CENTER, f"{label.upper()} CONTEST")
            for i, seat in enumerate((opp, me)):
                slot = self.slots.get(i)
                if slot is not None:
                    p.setPen(QPen(QColor(SIDE_HEX[seat]).darker(200), 1.2, Qt.PenStyle.DashLine))
                    p.setBrush(QColor(255, 255, 255, 6))
                    p.drawRoundedRect(slot.adjusted(-4, -4, 4, 4), 8, 8)
                self._side_row(p, self.rows[i], seat, k)
            self._versus(p, k["totals"], k.get("to_act"))
            act = k.get("to_act")
            passes = k.get("passes", 0)
            msg = f"{SIDES[act]} to play an Event or pass" + (f" · {passes} pass" if passes else "")
            p.setPen(QColor(SIDE_HEX[act]))
            p.setFont(font(14, True))
            p.drawText(QRectF(8, self.h - 36, self.w - 16, 28), CENTER, msg)
        else:
            p.setPen(QColor("#6f9c80"))
            p.drawText(title_r, CENTER, last_title(last).upper() if last else "NO CONTEST")
            if last:
                self._last(p, last)
            else:
                p.setFont(font(14))
                p.drawText(QRectF(30, 120, self.w - 60, 200), CENTER | Qt.TextFlag.TextWordWrap,
                           "Contests are rolled here: both sides roll a d10, add their modifiers, "
                           "then play Events in turn.")
        self.paint_marks(p)

    def _side_row(self, p: QPainter, y: float, seat: int, k: dict[str, Any]) -> None:
        paint_die(p, QRectF(20, y, 64, 64), k["dice"][seat], SIDE_HEX[seat])
        p.setPen(QColor(SIDE_HEX[seat]))
        p.setFont(font(15, True))
        p.drawText(QRectF(98, y - 2, 180, 24), LEFT, SIDES[seat])
        p.setPen(QColor("#cfe8d8"))
        p.setFont(font(12))
        p.drawText(QRectF(98, y + 22, 190, 44), LEFT | Qt.TextFlag.TextWordWrap, side_breakdown(k, seat))
        p.setPen(QColor("#ffffff"))
        p.setFont(font(34, True))
        p.drawText(QRectF(self.w - 82, y, 70, 64), RIGHT, str(k["totals"][seat]))

    def _versus(self, p: QPainter, totals: list[int], to_act: int | None) -> None:
        me, opp = self.me, 1 - self.me
        r = QRectF(16, (self.rows[0] + 64 + 70 + self.rows[1]) / 2 - 13, self.w - 32, 26)
        p.setPen(QPen(QColor("#2f7a4c"), 1))
        p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()))
        lead = "tied" if totals[0] == totals[1] else (f"{SIDES[0 if totals[0] > totals[1] else 1]} lead")
        p.setBrush(QColor("#07110b"))
        box = QRectF(r.center().x() - 110, r.top(), 220, r.height())
        p.drawRoundedRect(box, 12, 12)
        p.setPen(QColor("#e8ffe8"))
        p.setFont(font(13, True))
        p.drawText(box, CENTER, f"{totals[opp]} vs {totals[me]} · {lead}")

    def _last(self, p: QPainter, last: dict[str, Any]) -> None:
        me, opp = self.me, 1 - self.me
        for seat, y in ((opp, self.rows[0]), (me, self.rows[1])):
            paint_die(p, QRectF(20, y, 64, 64), last["dice"][seat], SIDE_HEX[seat], dim=True)
            p.setPen(QColor(SIDE_HEX[seat]).darker(120))
            p.setFont(font(15, True))
            p.drawText(QRectF(98, y, 160, 64), LEFT, SIDES[seat])
            p.setPen(QColor("#9fb8a8"))
            p.setFont(font(30, True))
            p.drawText(QRectF(self.w - 82, y, 70, 64), RIGHT, str(last["totals"][seat]))
        p.setPen(QColor("#cfe8d8"))
        p.setFont(font(14, True))
        mid = (self.rows[0] + 64 + self.rows[1]) / 2
        p.drawText(QRectF(8, mid - 30, self.w - 16, 60), CENTER | Qt.TextFlag.TextWordWrap,
                   f"{last_verdict(last)} · no contest now")


def last_title(last: dict[str, Any]) -> str:
    """The title over the dice of the last contest (none is being fought now)."""
    return f"Last contest: {last['contest'].capitalize()}"


def last_verdict(last: dict[str, Any]) -> str:
    """Who rolled higher in the last contest."""
    win = last.get("winner")
    return "Tie" if win == "tie" else f"{str(win).capitalize()} higher"


def side_breakdown(k: dict[str, Any], seat: int) -> str:
    """``d10 7 · Characters +3 Events +2``: one side's part of a contest total (MR-ROLL-01)."""
    parts = [("Characters", k["characters"][seat]), ("Events", k["events"][seat]),
             ("Printed", k["fixed"][seat]), ("This turn", k["turn_bonus"][seat])]
    mods = "  ".join(f"{n} {v:+d}" for n, v in parts if v) or "no modifiers"
    return f"d10 {k['dice'][seat]} · {mods}"


class CounterItem(ValueItem):
    """A pile of counters as one big token: the Time Pile (red) or the Mission Points (blue)."""

    def __init__(self, key: str, title: str, colour: str, goal: int, x: float, y: float, w: float,
                 h: float) -> None:
        self.title, self.colour, self.goal = title, colour, goal
        super().__init__(("pile", key), x, y, w, h, 0)

    def accessible_name(self) -> str:
        return f"{self.title.capitalize()}: {self.value} of {self.goal}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = QColor(self.colour)
        p.setPen(QColor("#cfe8d8"))
        p.setFont(font(13, True))
        p.drawText(QRectF(0, 0, self.w, 20), CENTER, self.title)
        d = 74 + 10 * self.pulse
        r = QRectF(self.w / 2 - d / 2, 24 + (84 - d) / 2, d, d)
        p.setPen(QPen(c.lighter(150), 3))
        p.setBrush(c.darker(150) if not self.pulse else c)
        p.drawEllipse(r)
        p.setPen(QColor("white"))
        p.setFont(font(32, True))
        p.drawText(r, CENTER, str(self.value))
        # progress toward 20
        bar = QRectF(10, self.h - 14, self.w - 20, 8)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#18241d"))
        p.drawRoundedRect(bar, 4, 4)
        p.setBrush(c)
        p.drawRoundedRect(QRectF(bar.x(), bar.y(), bar.width() * min(self.value, self.goal) / self.goal,
                                 bar.height()), 4, 4)
        p.setPen(QColor("#9fb8a8"))
        p.setFont(font(11))
        p.drawText(QRectF(0, self.h - 30, self.w - 10, 16), RIGHT, f"of {self.goal}")
        self.paint_marks(p)


class ButtonItem(TableItem):
    """A button of the current step (Done, Pass, Draw 2, Take a card…, Basic Mission)."""

    def __init__(self, name: str, text: str, w: float, h: float) -> None:
        super().__init__(("button", name), w, h)
        self.text = text
        self.setZValue(5)

    def accessible_name(self) -> str:
        return f"Button: {self.text}"

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.update()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        paint_plate(p, self.body_rect(), self.text, BUTTON_PLATE)
        self.paint_marks(p)


class BannerItem(QGraphicsItem):
    """A short message over the table (a contest's verdict); its opacity fades it in and out."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.colour = "#ffc84a"
        self.rect = QRectF(-380, -40, 760, 80)
        self.setZValue(300)
        self.setVisible(False)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def show_text(self, text: str, colour: str) -> None:
        self.text, self.colour = text, colour
        self.setVisible(True)
        self.update()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(self.colour), 3))
        p.setBrush(QColor(5, 10, 7, 235))
        p.drawRoundedRect(self.rect, 20, 20)
        p.setPen(QColor("#f4fff6"))
        p.setFont(font(26, True))
        p.drawText(self.rect, CENTER, self.text)
