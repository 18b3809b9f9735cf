"""The Legendary playmat's own items: RSI standees, the Recruit/Attack pool token, the phones, the
Time Track, the labelled bands (The Matrix, The Real World, the players' areas), cards with their
cues, the Strike limit's plate and the lane beneath the Dock."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from matrix_gui.items import CardItem, PlateStyle, TableItem, ValueItem, font, paint_band, paint_plate
from matrix_gui.layout import Area
from matrix_gui.legendary.layout import Band, Phone

SEAT_COLOURS = ("#35d07f", "#4aa8ff", "#ff9f43", "#e85d9a", "#c9d64a")
BAND_TONES = {"matrix": ("#0b1f14", "#1f6b3d"), "real": ("#18140d", "#6b5320"),
              "player": ("#0f1620", "#2b4866"), "active": ("#10221a", "#39ff7a")}
PHONE_PLATE = PlateStyle("#39ff7a", 1.2, "#0e2a18", "#bfffd2", 12, 8)
CUE_PLATES = {"attack": PlateStyle("#ff5b4d", 1.5, "#2a0b08", "#ffd9d4", 11, 5),
              "fuse": PlateStyle("#ff9f43", 1.5, "#2a1606", "#ffe2c2", 11, 5),
              "blank": PlateStyle("#9aa7a0", 1.5, "#1a1d1b", "#e6ece8", 11, 5)}
LIMIT_PLATE = PlateStyle("#ffc84a", 2, "#2a2108", "#fff1c9", 11, 8)


class RsiItem(TableItem):
    """A player's RSI standee: on their Avatar (Real World) or on the In The Matrix space."""

    def __init__(self, seat: int, label: str) -> None:
        super().__init__(("rsi", seat), 46, 62)
        self.label = label
        self.setZValue(30)

    def accessible_name(self) -> str:
        return f"RSI standee of {self.label}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        c = QColor(SEAT_COLOURS[self.key[1] % len(SEAT_COLOURS)])
        path = QPainterPath()
        path.addEllipse(QRectF(8, 0, 30, 30))
        path.addRoundedRect(QRectF(2, 24, 42, 38), 10, 10)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#0a0a0a"), 2))
        p.setBrush(QBrush(c))
        p.drawPath(path.simplified())
        p.setPen(QColor("#0a0a0a"))
        p.setFont(font(13, True))
        p.drawText(QRectF(0, 30, 46, 30), Qt.AlignmentFlag.AlignCenter, self.label)
        self.paint_marks(p)


class PoolItem(TableItem):
    """The active player's Recruit and Attack; drag it onto a Matrix card to scan, fight or complete."""

    def __init__(self, area: Area) -> None:
        super().__init__(("pool", area.seat), area.w, area.h)
        self.recruit = 0
        self.attack = 0
        self.active = False
        self.setZValue(20)
        self.setPos(area.x, area.y)

    def accessible_name(self) -> str:
        return f"Recruit {self.recruit}, Attack {self.attack}"

    def set_pool(self, recruit: int, attack: int, active: bool) -> None:
        if (recruit, attack, active) != (self.recruit, self.attack, self.active):
            self.recruit, self.attack, self.active = recruit, attack, active
            self.update()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.body_rect()
        p.setPen(QPen(QColor("#39ff7a" if self.active else "#335544"), 2))
        p.setBrush(QColor("#0b140e"))
        p.drawRoundedRect(r, 12, 12)
        for i, (name, val, col) in enumerate((("RECRUIT", self.recruit, "#e0b23a"),
                                              ("ATTACK", self.attack, "#ff5b4d"))):
            cy = 36 + i * 66
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(col))
            p.drawEllipse(QPointF(self.w / 2, cy), 24, 24)
            p.setPen(QColor("#0a0a0a"))
            p.setFont(font(22, True))
            p.drawText(QRectF(0, cy - 24, self.w, 48), Qt.AlignmentFlag.AlignCenter, str(val))
            p.setPen(QColor(col))
            p.setFont(font(10, True))
            p.drawText(QRectF(0, cy + 22, self.w, 14), Qt.AlignmentFlag.AlignCenter, name)
        self.paint_marks(p)


class PhoneItem(TableItem):
    """A phone the RSI leaves the Matrix by (drop the standee on it)."""

    def __init__(self, phone: Phone) -> None:
        super().__init__(("phone", phone.name), phone.w, phone.h)
        self.phone = phone
        self.setPos(phone.x, phone.y)
        self.setZValue(5)

    def accessible_name(self) -> str:
        return f"Phone: {self.phone.label}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        paint_plate(p, self.body_rect(), f"☎ {self.phone.label}", PHONE_PLATE)
        self.paint_marks(p)


class TimeTrackItem(ValueItem):
    """The Time Track, 10 (top) down to 0, with the marker on the current value; a value above the
    printed top gets a cell of its own over it (the track has no maximum, LE-TIME-06)."""

    def __init__(self, area: Area, start: int) -> None:
        self.start = start
        super().__init__(("pile", "time"), area.x, area.y, area.w, area.h, start)

    def cells(self) -> list[int]:
        """The values drawn, top first: the printed start down to 0, under the current value when it
        is above the start."""
        return ([self.value] if self.value > self.start else []) + list(range(self.start, -1, -1))

    def accessible_name(self) -> str:
        return f"Time Track: {self.value}"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QColor("#9fd8b2"))
        p.setFont(font(13))
        p.drawText(QRectF(0, -22, self.w, 20), Qt.AlignmentFlag.AlignLeft, "Time Track")
        cells = self.cells()
        step = self.h / len(cells)
        for i, v in enumerate(cells):
            r = QRectF(6, i * step + 2, self.w - 12, step - 4)
            cur = v == self.value
            danger = v <= 3
            fill = QColor("#39ff7a" if cur else ("#3a1212" if danger else "#10241a"))
            if cur and self.pulse:
                fill = fill.lighter(100 + int(80 * self.pulse))
            p.setPen(QPen(QColor("#ff5b4d" if danger else "#2f7a4c"), 1))
            p.setBrush(fill)
            p.drawRoundedRect(r, 6, 6)
            p.setPen(QColor("#051008" if cur else "#cde8d6"))
            p.setFont(font(min(step * 0.55, 20), cur))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(v))
        self.paint_marks(p)  # a drop target (an Act's Time Track offers), a hint's or a lesson's light


class BandsItem(QGraphicsItem):
    """The labelled background bands (The Matrix, The Real World, players), one cached item."""

    def __init__(self) -> None:
        super().__init__()
        self.bands: list[Band] = []
        self.rect = QRectF()
        self.setZValue(-100)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_bands(self, bands: list[Band]) -> None:
        self.prepareGeometryChange()
        self.bands = bands
        r = QRectF()
        for b in bands:
            r = r.united(QRectF(b.x, b.y, b.w, b.h))
        self.rect = r
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        paint_bands(p, self.bands)


def paint_bands(p: QPainter, bands: list[Band]) -> None:
    """The labelled bands: The Matrix, The Real World, the players' areas."""
    for b in bands:
        fill, line = BAND_TONES[b.tone]
        paint_band(p, QRectF(b.x, b.y, b.w, b.h), fill, line, b.tone == "active", b.label, b.tone != "player")


class MatCardItem(CardItem):
    """A card of the playmat with its cues (``info["cues"]``: an upside-down Enemy's Attack, a lit
    fuse) on plates across its middle, upright whichever way the card lies."""

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        super().paint(p, opt, w)
        cues = self.info.get("cues") or ()
        if not cues or self.flip != 1.0:
            return
        k = self.w / 100.0
        y = self.h * 0.36
        for cue in cues:
            style = CUE_PLATES.get(cue.tone, CUE_PLATES["attack"])
            sized = PlateStyle(style.line, style.width, style.fill, style.ink, style.px * k, style.radius * k)
            h = (14 * (cue.text.count("\n") + 1) + 6) * k
            paint_plate(p, QRectF(3 * k, y, self.w - 6 * k, h), cue.text, sized)
            y += h + 3 * k

    def cue_texts(self) -> list[str]:
        """The words of the cues on this card (for tests and accessibility)."""
        return [c.text for c in self.info.get("cues") or ()]


class NoteItem(QGraphicsRectItem):
    """A plate of words on the table that is no target of any gesture (the Strike limit): it
    takes no mouse button, so drags and hovers reach the items under it."""

    def __init__(self, w: float, h: float) -> None:
        super().__init__(0, 0, w, h)
        self.lines: list[str] = []
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setZValue(25)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_lines(self, lines: list[str], tip: str = "") -> None:
        """Show these lines (none: hide the plate)."""
        if lines != self.lines:
            self.lines = lines
            self.update()
        self.setToolTip(tip)
        self.setVisible(bool(lines))

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        paint_plate(p, self.rect(), "\n".join(self.lines), LIMIT_PLATE)


def paint_lane(p: QPainter, lane: tuple[float, float, float, float], label: str) -> None:
    """The lane beneath the Hovercraft stack and the Dock: a dashed track to Zion, its label."""
    x, y, w, h = lane
    mid = y + h / 2
    p.setPen(QPen(QColor("#6b5320"), 2, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(x, mid), QPointF(x + w - 24, mid))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#c9a24a"))
    tip = QPointF(x + w - 8, mid)
    p.drawPolygon([tip, QPointF(tip.x() - 16, mid - 9), QPointF(tip.x() - 16, mid + 9)])
    p.setPen(QColor("#e0c27a"))
    p.setFont(font(12, True))
    p.drawText(QRectF(x + w - 120, y - 2, 118, h / 2 - 6), Qt.AlignmentFlag.AlignRight |
               Qt.AlignmentFlag.AlignBottom, label)


class SmithItem(QGraphicsRectItem):
    """A Smith standing in a Matrix Row space in a final Part: his number; dimmed and marked
    deleted once the Deletion Program has passed him. No gesture targets it."""

    def __init__(self, space: int, w: float, h: float) -> None:
        super().__init__(0, 0, w, h)
        self.space = space
        self.number = 0
        self.deleted = False
        self.next = False
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setZValue(26)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_mark(self, number: int, deleted: bool, nxt: bool) -> None:
        if (number, deleted, nxt) != (self.number, self.deleted, self.next):
            self.number, self.deleted, self.next = number, deleted, nxt
            self.update()
        state = "deleted by the Deletion Program" if deleted else (
            "the Deletion Program stands at him: he falls when the Time Track shows his number"
            if nxt else "standing")
        self.setToolTip(f"Smith {number}: {state}")

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        r = self.rect()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        line = "#5a5a5a" if self.deleted else ("#ff5b4d" if self.next else "#39ff7a")
        p.setPen(QPen(QColor(line), 2.5 if self.next else 1.5))
        p.setBrush(QColor(20, 20, 20, 230) if self.deleted else QColor(4, 14, 8, 235))
        p.drawRoundedRect(r, 8, 8)
        ink = QColor("#7a7a7a" if self.deleted else "#d8ffe4")
        p.setPen(ink)
        p.setFont(font(10, True))
        p.drawText(QRectF(r.x(), r.y() + 2, r.width(), 14), Qt.AlignmentFlag.AlignCenter,
                   "DELETED" if self.deleted else "SMITH")
        p.setFont(font(26, True))
        num = QRectF(r.x(), r.y() + 14, r.width(), r.height() - 16)
        p.drawText(num, Qt.AlignmentFlag.AlignCenter, str(self.number))
        if self.deleted:
            p.setPen(QPen(QColor("#ff5b4d"), 2.5))
            c = num.center()
            p.drawLine(QPointF(c.x() - 18, c.y() + 12), QPointF(c.x() + 18, c.y() - 12))


class DeletionItem(QGraphicsRectItem):
    """The Deletion Program: a red marker standing just left of the Smith it has reached (right of
    the last once it has passed them all), pointing at him."""

    def __init__(self, w: float, h: float) -> None:
        super().__init__(0, 0, w, h)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setZValue(27)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        r = self.rect()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#ffd9d4"), 1.2))
        p.setBrush(QColor("#b3261e"))
        p.drawRoundedRect(r, 6, 6)
        mid = r.center().y()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ff5b4d"))
        p.drawPolygon([QPointF(r.right() + 9, mid), QPointF(r.right() - 1, mid - 9),
                       QPointF(r.right() - 1, mid + 9)])
        p.save()
        p.translate(r.x() + 2, r.bottom() - 6)
        p.rotate(-90)
        p.setPen(QColor("#fff1ef"))
        p.setFont(font(9.5, True))
        p.drawText(QRectF(0, 0, r.height() - 12, r.width() - 4), Qt.AlignmentFlag.AlignCenter,
                   "DELETION PROGRAM")
        p.restore()
