"""Items of the Expedition table: chits (square, drawn by ``faces``), the slots of a Matrix (with
the Wasteland), the cups, the Explorer standee, its Arrow marker and the sheet panel."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from matrix_gui.items import AreaItem, CardItem, DecisionItem, TableItem, blit, font, paint_badge
from matrix_gui.layout import Area

SEAT_HEX = ("#39ff7a", "#7fb8ff", "#ffc84a", "#ff7ad9")
COUNTER_NAMES = {"time": "Time", "dp": "DP", "resources": "Resources", "food": "Food", "gifts": "Gifts",
                 "askari": "Askari", "porters": "Porters", "health": "Health", "sanity": "Sanity"}
TOP_CENTRE = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter
ARROW_ANGLE = {"up": -90.0, "down": 90.0, "left": 180.0, "right": 0.0}


class ChitItem(CardItem):
    """One face-up chit in a slot or a row; a chit whose dots miss the region shows a small cross,
    the activated Rumor a golden ring."""

    def __init__(self, key: Any, info: dict[str, Any], pile: str, size: float, back: str) -> None:
        super().__init__(key, info, pile, size / 100.0, back)
        self.set_size(size, size)

    def set_chit(self, info: dict[str, Any], pile: str, size: float, back: str) -> None:
        self.pile, self.back = pile, back
        self.set_size(size, size)
        if info != self.info:
            self.info = info
            self.update()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        blit(p, self.body_rect(), self.pixmap(), self.table.faces)
        if self.info.get("activated"):
            p.setPen(QPen(QColor("#ffd54f"), max(2.0, self.w * 0.04)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(1, 1, self.w - 2, self.h - 2), self.w * 0.1, self.w * 0.1)
        if self.info.get("legal") is False:
            s = max(10.0, self.w * 0.2)
            r = QRectF(self.w - s * 0.7, -s * 0.3, s, s)  # on the corner, clear of the chit's words
            p.setPen(QPen(QColor("#ffffff"), 1))
            p.setBrush(QColor("#b3261e"))
            p.drawEllipse(r)
            p.setFont(font(s * 0.7, True))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, "✕")
        self.paint_marks(p)


class SlotItem(AreaItem):
    """One slot of a Matrix: marks (legal target, offered), the Wasteland's hatching."""

    def __init__(self, area: Area) -> None:
        self.wasteland = False
        super().__init__(area)

    def set_wasteland(self, on: bool) -> None:
        if on != self.wasteland:
            self.wasteland = on
            self.sync_contents()

    def has_contents(self) -> bool:
        return bool(self.marks) or self.wasteland

    def accessible_name(self) -> str:
        seat, _, rc = self.area.key.partition(".")
        row, _, col = rc[1:].partition("c")
        waste = " (Wasteland)" if self.wasteland else ""
        return f"Player {int(seat[1:]) + 1}'s Matrix, row {row}, column {col}{waste}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        if self.wasteland:
            r = self.body_rect()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(140, 90, 40, 120))
            p.drawRoundedRect(r, 8, 8)
            p.setBrush(QBrush(QColor(255, 200, 120, 110), Qt.BrushStyle.BDiagPattern))
            p.drawRoundedRect(r, 8, 8)
            if self.area.w > 80:
                p.setPen(QColor("#ffcf8a"))
                p.setFont(font(12, True))
                p.drawText(r.adjusted(0, 6, 0, 0), TOP_CENTRE, "WASTELAND")
        self.paint_marks(p)


class CupItem(AreaItem):
    """A cup of chits: a chit back with the count (what it holds stays hidden)."""

    def has_contents(self) -> bool:
        return True

    def accessible_name(self) -> str:
        return f"{self.area.label}: {self.count} chits"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        r = self.body_rect()
        faces = self.table.faces
        blit(p, r, faces.back(self.area.back, r.height() * self.table.device_scale), faces)
        s = 34.0
        paint_badge(p, QRectF(r.right() - s * 0.8, -s * 0.3, s, s * 0.8), str(self.count))
        self.paint_marks(p)


class ExplorerItem(TableItem):
    """The Explorer standee of one player, in the player's colour (drag it to move)."""

    def __init__(self, seat: int, size: float) -> None:
        super().__init__(("explorer", f"p{seat}"), size * 0.7, size)
        self.seat = seat
        self.setZValue(30)

    def accessible_name(self) -> str:
        return f"Explorer of player {self.seat + 1}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = QColor(SEAT_HEX[self.seat % len(SEAT_HEX)])
        W, H = self.w, self.h
        p.setPen(QPen(QColor("#000"), max(1.0, W * 0.05)))
        p.setBrush(QColor(0, 0, 0, 150))
        p.drawEllipse(QRectF(W * 0.05, H * 0.84, W * 0.9, H * 0.16))
        path = QPainterPath()
        path.moveTo(W * 0.5, H * 0.28)
        path.lineTo(W * 0.88, H * 0.9)
        path.lineTo(W * 0.12, H * 0.9)
        path.closeSubpath()
        p.setBrush(ink)
        p.drawPath(path)
        p.drawEllipse(QRectF(W * 0.27, H * 0.02, W * 0.46, W * 0.46))
        if W > 30:
            p.setPen(QColor("#000"))
            p.setFont(font(W * 0.32, True))
            p.drawText(QRectF(0, H * 0.5, W, H * 0.35), Qt.AlignmentFlag.AlignCenter, str(self.seat + 1))
        self.paint_marks(p)


class ArrowItem(QGraphicsItem):
    """The Arrow marker: in the slot the Explorer came from, pointing the way it went."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.size = 40.0
        self.points = "right"
        self.setZValue(25)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_arrow(self, size: float, points: str) -> None:
        self.prepareGeometryChange()
        self.size, self.points = size, points
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-self.size / 2, -self.size / 2, self.size, self.size)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.rotate(ARROW_ANGLE.get(self.points, 0.0))
        s = self.size / 2
        shape = QPolygonF([QPointF(-s, -s * 0.3), QPointF(s * 0.2, -s * 0.3), QPointF(s * 0.2, -s * 0.75),
                           QPointF(s, 0), QPointF(s * 0.2, s * 0.75), QPointF(s * 0.2, s * 0.3),
                           QPointF(-s, s * 0.3)])
        ink = QColor(SEAT_HEX[self.seat % len(SEAT_HEX)])
        p.setPen(QPen(QColor("#000"), max(1.0, s * 0.08)))
        ink.setAlpha(230)
        p.setBrush(ink)
        p.drawPolygon(shape)


class SheetPanel(QGraphicsItem):
    """The Expedition sheet of the player in front: counters, gear and how the exploration stands."""

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, w, h)
        self.setPos(x, y)
        self.sheet: dict[str, Any] = {}
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_sheet(self, sheet: dict[str, Any]) -> None:
        if sheet != self.sheet:
            self.sheet = sheet
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        sh = self.sheet
        if not sh:
            return
        seat = int(sh["seat"])
        ink = QColor(SEAT_HEX[seat % len(SEAT_HEX)])
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(ink, 2))
        p.setBrush(QColor("#0a140e"))
        p.drawRoundedRect(self.rect, 12, 12)
        p.setPen(ink)
        p.setFont(font(17, True))
        p.drawText(QRectF(14, 6, self.rect.width() - 28, 26), Qt.AlignmentFlag.AlignLeft |
                   Qt.AlignmentFlag.AlignVCenter, f"{sh['name']}'s Expedition sheet")
        cols, cw, ch = 5, (self.rect.width() - 28) / 5, 50.0
        for i, (key, label) in enumerate(COUNTER_NAMES.items()):
            r = QRectF(14 + (i % cols) * cw, 38 + (i // cols) * (ch + 6), cw - 8, ch)
            p.setPen(QPen(QColor("#24543a"), 1))
            p.setBrush(QColor("#07110b"))
            p.drawRoundedRect(r, 8, 8)
            p.setPen(QColor("#9fd8b2"))
            p.setFont(font(12))
            p.drawText(r.adjusted(6, 2, -6, 0), TOP_CENTRE, label)
            p.setPen(QColor("#ffe6a3") if key in ("time", "dp") else QColor("#ffffff"))
            p.setFont(font(20, True))
            p.drawText(r.adjusted(0, 14, 0, 0), Qt.AlignmentFlag.AlignCenter, str(sh["counters"][key]))
        gear = [name for name, on in (("Guide" + (" (flipped)" if sh.get("guide_flipped") else ""),
                                       sh.get("guide")), ("Telescope", sh.get("telescope")),
                                      ("Wildman", sh.get("wildman"))) if on]
        state = "Time is up" if sh.get("time_up") else f"Player Turn {sh.get('turns', 0)}"
        line = f"{str(sh['region']).capitalize()} · {state} · Gear: {', '.join(gear) if gear else 'none'}"
        if sh.get("rumor_activated"):
            line += " · Rumor activated"
        p.setPen(QColor("#cfeedd"))
        p.setFont(font(13))
        p.drawText(QRectF(14, self.rect.height() - 34, self.rect.width() - 28, 26),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, line)


class DecisionBanner(DecisionItem):
    """The decision banner, at least ``MIN_H`` tall so that it covers the cups it lies over; a
    choice of slots shows its prompt and how to answer (the offered slots are lit)."""

    MIN_H = 128.0
    HOW = "Click one of the lit slots (or use the Actions menu)"

    def set_decision(self, prompt: str, options: list[str], center_x: float, y: float) -> list:
        got = super().set_decision(prompt, options, center_x, y)
        self.h = max(self.h, self.MIN_H)
        self.setRect(QRectF(0, 0, self.w, self.h))
        return got

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#0a0c08"))  # opaque: the cups under it do not show through
        p.drawRoundedRect(QRectF(1, 1, self.w - 2, self.h - 2), 16, 16)
        super().paint(p, opt, w)
        if not self.options and self.prompt:
            p.setPen(QColor("#cfeedd"))
            p.setFont(font(15))
            p.drawText(QRectF(16, 58, self.w - 32, self.h - 66), Qt.AlignmentFlag.AlignCenter, self.HOW)
