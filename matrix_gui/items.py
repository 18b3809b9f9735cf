"""Graphics items both tables share: areas (piles drawn as one item), cards, value items, plates, the
decision banner and its options, and the painting of slots and bands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from matrix_gui.fittext import WRAP_CENTRE, TextBox, fit, font, label_box
from matrix_gui.layout import CARD_H, CARD_W, SPACE, STACK, TOKEN, TRACK, Area

if TYPE_CHECKING:
    from matrix_gui.keyedscene import KeyedScene

Key = tuple[str, Any]
MARK_COLOURS = {"target": "#39ff7a", "hot": "#ffffff", "option": "#ffc84a", "focus": "#7fd6ff",
                "source": "#39ff7a", "hint": "#ff6bf0", "lesson": "#ff6bf0",  # lesson: the guided game
                "look": "#ffe6a3"}  # look: a card pointed at
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
BADGE_GAP = 2.0  # scene units between a pile and its count under it


def face_side(info: dict[str, Any]) -> str:
    """Which side of a visible card to draw: an Avatar flipped to its back shows its back face."""
    return "back" if info.get("flipped") and info.get("kind") == "avatar" else "front"


def blit(p: QPainter, r: QRectF, pm: QPixmap, faces: Any) -> None:
    """Draw a card picture into ``r``. Under a plain scale it is pre-scaled to the exact device size
    and copied 1:1 (fast); under anything else (a flip, a rotation) it is drawn scaled."""
    t = p.worldTransform()
    if t.isRotating() or t.m13() or t.m23() or t.m11() <= 0 or t.m22() <= 0:
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.drawPixmap(r, pm, QRectF(pm.rect()))
        return
    d = t.mapRect(r)
    x, y = round(d.x()), round(d.y())
    w, h = round(d.right()) - x, round(d.bottom()) - y
    if w < 4 or h < 4:
        return
    dev = p.device()
    dpr = dev.devicePixelRatioF() if dev is not None else 1.0
    exact = faces.fit(pm, w, h, dpr)
    p.save()
    p.setWorldTransform(QTransform())
    p.drawPixmap(x, y, exact)
    p.restore()


@dataclass(frozen=True)
class PlateStyle:
    """How a plate looks: its outline (colour, width), fill, caption (colour, pixel size), corners."""

    line: str
    width: float
    fill: str
    ink: str
    px: float
    radius: float


OPTION_PLATE = PlateStyle("#ffc84a", 2, "#2a2108", "#fff1c9", 15, 10)


def paint_plate(p: QPainter, r: QRectF, text: str, style: PlateStyle,
                text_rect: QRectF | None = None) -> None:
    """A rounded plate with a bold centred caption (a phone, a button, a decision's option)."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor(style.line), style.width))
    p.setBrush(QColor(style.fill))
    p.drawRoundedRect(r, style.radius, style.radius)
    p.setPen(QColor(style.ink))
    p.setFont(font(style.px, True))
    p.drawText(r if text_rect is None else text_rect, Qt.AlignmentFlag.AlignCenter, text)


class TableItem(QGraphicsRectItem):
    """Anything on the table with a key; it can be marked as a legal target, an option or focused.

    Frame cost: the item's bounds are a C++ rectangle (``setRect``; no Python ``boundingRect`` call
    per item per frame), repaints blit a device-resolution cache (Python ``paint`` runs only when the
    item changes), and an item with nothing to draw is flagged ``ItemHasNoContents`` (skipped by the
    painter, still found under the mouse)."""

    MARGIN = 6.0  # room for the marks drawn just outside the body

    def __init__(self, key: Key, w: float, h: float) -> None:
        super().__init__()
        self.key = key
        self.w, self.h = w, h
        self.marks: set[str] = set()
        self.draggable = False
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self._sync_rect()
        self.setAcceptHoverEvents(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _sync_rect(self) -> None:
        m = self.MARGIN
        self.setRect(QRectF(-m, -m, self.w + 2 * m, self.h + 2 * m))

    def set_size(self, w: float, h: float) -> None:
        if (w, h) != (self.w, self.h):
            self.w, self.h = w, h
            self._sync_rect()

    def has_contents(self) -> bool:
        """Whether paint() draws anything (an empty area's look is in the cached background)."""
        return True

    def sync_contents(self) -> None:
        empty = not self.has_contents()
        if empty != bool(self.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents):
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, empty)
        self.update()

    def body_rect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.h)

    def accessible_name(self) -> str:
        """What a screen reader says of this item, and the view when the item has the keyboard focus
        (each kind of item words itself)."""
        return place_words(str(self.key[1]))

    def set_mark(self, mark: str, on: bool) -> None:
        if (mark in self.marks) != on:
            (self.marks.add if on else self.marks.discard)(mark)
            self.sync_contents()

    @property
    def table(self) -> KeyedScene:
        return self.scene()  # type: ignore[return-value]

    def paint_marks(self, p: QPainter) -> None:
        if not self.marks:
            return
        for mark in ("target", "option", "hint", "lesson", "look", "hot", "focus"):
            if mark in self.marks:
                c = QColor(MARK_COLOURS[mark])
                pen = QPen(c, 4 if mark in ("hot", "hint", "lesson", "look") else 3)
                if mark == "focus":
                    pen.setStyle(Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(QRectF(-3, -3, self.w + 6, self.h + 6), 9, 9)
                if mark in ("target", "option", "hint", "lesson", "look"):
                    c.setAlpha(40)
                    p.fillRect(QRectF(0, 0, self.w, self.h), c)


def place_words(key: str) -> str:
    """A place's key in words, for an area without a label: ``p1.out`` -> "Player 2's out"."""
    seat, dot, rest = key.partition(".")
    if dot and seat[:1] == "p" and seat[1:].isdigit():
        return f"Player {int(seat[1:]) + 1}'s {rest.replace('_', ' ').replace('.', ' ')}"
    return key.replace("_", " ").replace(".", " ")


def slot_label(a: Area, device_scale: float) -> TextBox:
    """An area's label as its slot draws it at ``device_scale`` (device pixels per scene unit)."""
    # as wide as the area and most of the gap to the next one (no label runs into the next)
    width = a.w + 12 * min(a.scale, 1.0)
    return label_box(a.label, a.x, a.y, width, device_scale, 12.5 if a.scale >= 1 else 11)


def paint_slot(p: QPainter, a: Area) -> None:
    """An area's label and empty outline, drawn once into the table's cached background."""
    if a.style in (TOKEN, TRACK) or a.key.startswith("att."):
        return
    if a.label:
        slot_label(a, p.worldTransform().m11()).paint(p)
    r = QRectF(a.x, a.y, a.card_w if a.style == STACK else a.w, a.card_h if a.style == STACK else a.h)
    p.setPen(QPen(QColor("#2f7a4c"), 1.5, Qt.PenStyle.DashLine))
    p.setBrush(QColor(255, 255, 255, 8))
    p.drawRoundedRect(r, 8, 8)
    if a.style == SPACE:
        p.setPen(QColor("#4fae74"))
        p.setFont(font(15, True))
        p.drawText(r.adjusted(0, 10, 0, 0), Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter,
                   "IN THE MATRIX")


def paint_band(p: QPainter, r: QRectF, fill: str, line: str, strong: bool, label: str,
               vertical: bool = True) -> None:
    """A rounded background band; its label runs up the band's left strip (``vertical``) or along
    its top. Both tables draw their bands with it."""
    p.setPen(QPen(QColor(line), 2 if strong else 1.2))
    p.setBrush(QColor(fill))
    p.drawRoundedRect(r, 14, 14)
    if not label:
        return
    p.setPen(QColor(line).lighter(130))
    if not vertical:
        p.setFont(font(13, True))
        p.drawText(QRectF(r.x() + 12, r.y() + 4, r.width() - 24, 22), LEFT_MIDDLE, label)
        return
    p.save()
    p.translate(r.x() + 7, r.y() + r.height() - 10)
    p.rotate(-90)
    p.setFont(font(14, True))
    p.drawText(QRectF(0, 0, r.height() - 20, 22), LEFT_MIDDLE, label)
    p.restore()


class AreaItem(TableItem):
    """One area of the playmat. A stack (deck, discard, Zion...) is drawn here as one item: the top
    card or back, a visible depth and a count. Spread areas only draw their outline and label."""

    MARGIN = 8.0

    def __init__(self, area: Area) -> None:
        self.area = area
        self.count = 0
        self.top: dict[str, Any] | None = None
        super().__init__(("pile", area.key), area.w, area.h)
        self.setZValue(0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.set_area(area)

    def set_area(self, area: Area) -> None:
        self.area = area
        self.set_size(area.w, area.h)
        self._sync_rect()
        self.setToolTip(self.accessible_name() if area.label else "")
        self.setPos(area.x, area.y)
        self.sync_contents()

    def set_pile(self, count: int, top: dict[str, Any] | None) -> None:
        if (count, top) != (self.count, self.top):
            wider = len(str(count)) != len(str(self.count))
            self.count, self.top = count, top
            if wider:
                self._sync_rect()
            if self.area.label:
                self.setToolTip(self.accessible_name())
            self.sync_contents()

    def has_contents(self) -> bool:
        return bool(self.marks) or (self.area.style == STACK and self.count > 0)

    def accessible_name(self) -> str:
        """The place, and for a pile its count and face-up top card."""
        name = self.area.label or place_words(self.area.key)
        if self.area.style != STACK:
            return name
        top = self.top
        top = "" if top is None or top.get("hidden") else f", {top.get('name', 'a card')} on top"
        return f"{name}: {self.count} card{'s' if self.count != 1 else ''}{top}"

    def top_pixmap(self):
        """The picture of the stack's top card, at the current device size."""
        t = self.table
        h = self.area.card_h * t.device_scale
        if self.top is None or self.top.get("hidden"):
            return t.faces.back(self.area.back, h)
        return t.faces.front(self.top["def"], h, face_side(self.top))

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        # the slot's outline and label are part of the cached background (paint_slot)
        if self.area.style == STACK and self.count:
            self._paint_stack(p)
        self.paint_marks(p)

    def _paint_stack(self, p: QPainter) -> None:
        depth = min(self.count - 1, 8)
        d = 1.4 * self.area.scale
        r = QRectF(0, 0, self.area.card_w, self.area.card_h)
        p.setPen(QPen(QColor("#050805"), 1))
        for i in range(depth, 0, -1):  # visible depth: edges under the top card
            p.setBrush(QColor("#cfd8d2") if i % 2 else QColor("#8c9a91"))
            p.drawRoundedRect(r.translated(i * d, i * d), 6, 6)
        blit(p, r, self.top_pixmap(), self.table.faces)
        if not self.area.key.endswith(".avatar"):
            self._badge(p, str(self.count))

    def badge_rect(self) -> QRectF:
        """Where the pile's count shows: a plate just under the pile, clear of its top card's name
        (a small pile of attached cards keeps it on its corner)."""
        k = max(self.area.scale, 0.6)
        w, h = 30 * k + 8 * k * max(0, len(str(self.count)) - 2), 22 * k
        if self.area.scale < 0.5:
            return QRectF(self.area.card_w - w * 0.75, -h * 0.4, w, h)
        return QRectF((self.area.card_w - w) / 2, self.area.card_h + BADGE_GAP, w, h)

    def _sync_rect(self) -> None:
        """The item's bounds take in the count under the pile (it is drawn and cached with it)."""
        super()._sync_rect()
        if getattr(self, "area", None) is not None and self.area.style == STACK:
            self.setRect(self.rect().united(self.badge_rect().adjusted(-2, -2, 2, 2)))

    def _badge(self, p: QPainter, text: str) -> None:
        paint_badge(p, self.badge_rect(), text)


def paint_badge(p: QPainter, r: QRectF, text: str) -> None:
    """A count on a dark rounded plate (a pile's, a cup's)."""
    p.setPen(QPen(QColor("#39ff7a"), 1.5))
    p.setBrush(QColor(0, 0, 0, 215))
    p.drawRoundedRect(r, r.height() * 0.45, r.height() * 0.45)
    p.setPen(QColor("#e8ffe8"))
    p.setFont(font(r.height() * 0.62, True))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


class CardItem(TableItem):
    """One card laid out in a spread area (hand, play area, Row space, Dock, Combat Zone...)."""

    def __init__(self, key: Key, info: dict[str, Any], pile: str, scale: float, back: str) -> None:
        super().__init__(key, CARD_W * scale, CARD_H * scale)
        self.info = info
        self.pile = pile
        self.back = back
        self.scale_k = scale
        self.flip = 1.0  # horizontal scale while flipping (animation)
        self.setZValue(10)
        self._tip()

    def set_card(self, info: dict[str, Any], pile: str, scale: float, back: str) -> None:
        self.pile, self.back = pile, back
        self.set_size(CARD_W * scale, CARD_H * scale)
        self.scale_k = scale
        if info != self.info:
            self.info = info
            self._tip()
            self.update()

    def _tip(self) -> None:
        """A face-up card's name as its tooltip: it shows whole even where the face cuts it."""
        self.setToolTip(str(self.info.get("name", "")) if self.face_up else "")

    @property
    def face_up(self) -> bool:
        return not self.info.get("hidden")

    def accessible_name(self) -> str:
        """The card's name (or that it lies face down) and where it lies."""
        name = str(self.info.get("name", "a card")) if self.face_up else "a face-down card"
        scene = self.scene()
        area = getattr(scene, "areas", {}).get(self.pile) if scene is not None else None
        where = (area.area.label or place_words(self.pile)) if area is not None else place_words(self.pile)
        return f"{name}, {where}"

    def pixmap(self):
        t = self.table
        h = self.h * t.device_scale
        if not self.face_up:
            return t.faces.back(self.back, h)
        return t.faces.front(self.info["def"], h, face_side(self.info))

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        pm = self.pixmap()
        r = self.body_rect()
        if self.flip != 1.0:
            cx = self.w / 2
            r = QRectF(cx - cx * abs(self.flip), 0, self.w * abs(self.flip), self.h)
        if self.info.get("rotated"):
            p.save()
            p.translate(self.w / 2, self.h / 2)
            p.rotate(180)  # upside down (LE-CARD-08: a turned Club Hel Guard)
            p.translate(-self.w / 2, -self.h / 2)
            p.drawPixmap(r, pm, QRectF(pm.rect()))
            p.restore()
        elif self.flip != 1.0 or self.key[0] == "ghost" or not self.transform().isIdentity():
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(r, pm, QRectF(pm.rect()))  # changing every frame: no pre-scaled copy
        else:
            blit(p, r, pm, self.table.faces)
        self.paint_marks(p)


class ValueItem(TableItem):
    """An item showing one number (a track, a pile of counters); ``pulse`` (0..1) is its highlight
    while the animation shows the number changing."""

    def __init__(self, key: Key, x: float, y: float, w: float, h: float, value: int) -> None:
        super().__init__(key, w, h)
        self.value = value
        self.pulse = 0.0
        self.setPos(x, y)
        self.setZValue(2)

    def set_value(self, v: int) -> None:
        if v != self.value:
            self.value = v
            self.update()

    def accessible_name(self) -> str:
        return f"{place_words(str(self.key[1])).capitalize()}: {self.value}"


class OptionItem(TableItem):
    """One option of the pending decision: click it to answer."""

    def __init__(self, k: int, text: str, w: float) -> None:
        super().__init__(("option", k), w, 40)
        self.text = text
        self.marks.add("option")
        self.setZValue(61)

    def accessible_name(self) -> str:
        return f"Option {self.key[1] + 1}: {self.text}"

    def text_box(self) -> TextBox:
        """The option's words on its plate: shrunk, then on two lines, before they would be cut."""
        r = self.body_rect().adjusted(8, 2, -8, -2)
        f = fit(f"{self.key[1] + 1}. {self.text}", r.width(), OPTION_PLATE.px, 10, True, r.height(), 2)
        return TextBox(f.text, r, f.font, WRAP_CENTRE, OPTION_PLATE.ink)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        paint_plate(p, self.body_rect(), "", OPTION_PLATE)
        self.text_box().paint(p)
        if "focus" in self.marks or "hot" in self.marks:
            self.paint_marks(p)


class DecisionItem(QGraphicsRectItem):
    """The banner of a pending decision: who decides, the prompt and the options (child items)."""

    def __init__(self) -> None:
        super().__init__()
        self.prompt = ""
        self.w, self.h = 700.0, 120.0
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setRect(QRectF(0, 0, self.w, self.h))
        self.setZValue(60)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.options: list[OptionItem] = []

    def set_decision(self, prompt: str, options: list[str], center_x: float, y: float) -> list[OptionItem]:
        for o in self.options:
            o.setParentItem(None)
            if o.scene() is not None:
                o.scene().removeItem(o)
        self.prompt = prompt
        cols = min(len(options), 3)
        ow = 300.0 if cols > 1 else 420.0
        rows = (len(options) + cols - 1) // max(cols, 1)
        self.w = max(cols * (ow + 10) + 30, 520)
        self.h = 64 + rows * 48
        self.setRect(QRectF(0, 0, self.w, self.h))
        self.setPos(center_x - self.w / 2, y)
        self.options = []
        for k, text in enumerate(options):
            o = OptionItem(k, text, ow)
            o.setParentItem(self)
            left = 20 + (self.w - 30 - cols * (ow + 10)) / 2
            o.setPos(left + (k % cols) * (ow + 10), 56 + (k // cols) * 48)
            self.options.append(o)
        self.update()
        return self.options

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#ffc84a"), 2))
        p.setBrush(QColor(10, 12, 8, 235))
        p.drawRoundedRect(QRectF(1, 1, self.w - 2, self.h - 2), 16, 16)
        self.prompt_box().paint(p)

    def prompt_box(self) -> TextBox:
        """Who decides what, over the options: shrunk, then on two lines, before it would be cut."""
        r = QRectF(16, 8, self.w - 32, 42)
        f = fit(self.prompt, r.width(), 18, 11, True, r.height(), 2)
        return TextBox(f.text, r, f.font, WRAP_CENTRE, "#ffe6a3")


__all__ = ["AreaItem", "CardItem", "DecisionItem", "OptionItem", "TableItem", "TOKEN", "ValueItem"]
