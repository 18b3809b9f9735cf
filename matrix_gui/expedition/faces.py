"""Expedition chit faces, drawn with QPainter: a square chit with its edge colour, name, dots of
terrain and its numbers (our own look; no copied art). Backs show which cup a chit comes from."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap, QPolygonF

from engine.expedition import schema
from engine.expedition.chitdb import ChitDB
from matrix_gui.facepaint import face_font, rounded
from matrix_gui.faces import FaceProvider
from matrix_gui.fittext import WRAP_CENTRE, TextBox, fit
from matrix_gui.theme import text_scale

# The chit's edge (the engine's view names black, green and red for Events) and field colours.
KIND_LOOK = {"incident": ("#101010", "#3b3b3b", "INCIDENT"), "finding": ("#2f9e4f", "#12361f", "FINDING"),
             "discovery": ("#d8423a", "#3a1412", "DISCOVERY"), "rumor": ("#d8b12a", "#3a3010", "RUMOR"),
             "encounter": ("#3a8ee6", "#10243a", "ENCOUNTER"), "special": ("#b05ad6", "#2c1436", "SPECIAL")}
TERRAIN_COLOURS = {"grassland": "#9ccc4a", "forest": "#2e7d32", "hills": "#b58a4a", "swamp": "#4f7f78",
                   "desert": "#e6c86e", "mountains": "#9e9e9e"}
BACKS = {"events": ("#1d2a22", "#39ff7a", "EVENT"), "encounters": ("#14202e", "#7fb8ff", "ENCOUNTER"),
         "specials": ("#261832", "#d29bff", "SPECIAL")}


SMALL_CHIT = 72  # px: a chit lower than this shows only its name


def square(h: int) -> tuple[QImage, QPainter, float]:
    img = QImage(h, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    return img, p, float(h)


class ExpeditionFaces(FaceProvider):
    """Square QPixmaps of chits (fronts by definition id, backs by cup: events, encounters,
    specials); the user's scans still replace a face by chit id."""

    def __init__(self, db: ChitDB, scans_dir: Path | None = None) -> None:
        super().__init__(db, scans_dir)

    def _load_front(self, card_id: str, h: int, side: str) -> QPixmap:
        scan = self.scan_front(card_id, h)
        if scan is not None:
            return scan
        return draw_chit(self.db.cards.get(card_id), h)

    def _load_back(self, back: str, h: int) -> QPixmap:
        return draw_back(back, h)


def subtitle(c: schema.ChitBase) -> str:
    """The small line under the kind: an Encounter's type, a Kingdom, Impassable."""
    if isinstance(c, schema.Encounter):
        return c.type.upper()
    if isinstance(c, schema.Discovery) and c.kingdom:
        return "KINGDOM"
    if isinstance(c, schema.Incident) and c.impassable:
        return "IMPASSABLE"
    return ""


def name_box(c: schema.ChitBase | None, h: int) -> TextBox:
    """A chit's name on a face ``h`` px square, as large as fits, wrapped between words and never
    inside one: what ``draw_chit`` paints and tests measure. A small chit (another player's Matrix)
    shows only its name, over most of the face."""
    s = float(h)
    small = h < SMALL_CHIT
    sub = subtitle(c) if c is not None and not small else ""
    box = QRectF(s * 0.1, s * 0.1, s * 0.8, s * 0.62) if small else \
        QRectF(s * 0.08, s * 0.22, s * 0.84, s * (0.38 if sub else 0.46))
    name = c.name if c is not None else "?"
    f = fit(name, box.width(), s * 0.15 * text_scale(), s * 0.07, True, box.height())
    return TextBox(f.text, box, f.font, WRAP_CENTRE, "#ffffff")


def draw_chit(c: schema.ChitBase | None, h: int) -> QPixmap:
    """One chit's face: edge colour, kind, name (wrapped to fit), terrain dots, DP and hourglasses."""
    img, p, s = square(h)
    kind = getattr(c, "kind", "incident")
    edge, fill, word = KIND_LOOK.get(kind, KIND_LOOK["incident"])
    line = max(2.0, s * 0.06)
    rounded(p, QRectF(0.5, 0.5, s - 1, s - 1), s * 0.1, QColor(fill))
    p.setPen(QPen(QColor(edge if kind != "incident" else "#d9d9d9"), line))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(line / 2, line / 2, s - line, s - line), s * 0.1, s * 0.1)
    if kind == "incident":  # the black square of an Incident (EX-EVENT-02)
        p.fillRect(QRectF(s * 0.08, s * 0.08, s * 0.14, s * 0.14), QColor("#000"))
    small = h < SMALL_CHIT  # a chit on another player's small Matrix: its name only, as large as it fits
    if not small:
        p.setPen(QColor(edge).lighter(160) if kind != "incident" else QColor("#e0e0e0"))
        p.setFont(face_font(s * 0.085, True))
        p.drawText(QRectF(s * 0.2, s * 0.06, s * 0.74, s * 0.15), Qt.AlignmentFlag.AlignCenter, word)
    sub = subtitle(c) if c is not None and not small else ""
    name_box(c, h).paint(p)
    if sub:
        p.setPen(QColor("#cfe3ff"))
        p.setFont(face_font(s * 0.075, True))
        p.drawText(QRectF(s * 0.08, s * 0.6, s * 0.84, s * 0.1), Qt.AlignmentFlag.AlignCenter, sub)
    dots = list(getattr(c, "dots", []) or [])
    d = s * 0.1
    for i, terrain in enumerate(dots[:6]):
        x = s * 0.1 + i * (d + s * 0.03)
        p.setPen(QPen(QColor("#000"), max(1.0, s * 0.01)))
        p.setBrush(QColor(TERRAIN_COLOURS.get(terrain, "#ccc")))
        p.drawEllipse(QRectF(x, s * 0.76, d, d))
    dp = getattr(c, "dp", 0)
    if dp:
        p.setPen(QColor("#ffe6a3"))
        p.setFont(face_font(s * 0.1, True))
        p.drawText(QRectF(s * 0.3, s * 0.72, s * 0.62, s * 0.2),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{dp} DP")
    hours = getattr(c, "hourglass", 0) if kind in ("finding", "discovery") else 0
    for i in range(hours):  # the Time a Finding or Discovery costs, as hourglasses
        hourglass(p, QRectF(s * (0.07 + i * 0.08), s * 0.07, s * 0.06, s * 0.11))
    p.end()
    return QPixmap.fromImage(img)


def hourglass(p: QPainter, r: QRectF) -> None:
    """A small hourglass in ``r``."""
    p.setPen(QPen(QColor("#ffe6a3"), max(1.0, r.width() * 0.12)))
    p.setBrush(QColor("#ffe6a3"))
    p.drawPolygon(QPolygonF([r.topLeft(), r.topRight(), r.center(), r.bottomRight(), r.bottomLeft(),
                             r.center()]))


def draw_back(back: str, h: int) -> QPixmap:
    """A chit's back: the colour and word of its cup."""
    bg, fg, word = BACKS.get(back, BACKS["events"])
    img, p, s = square(h)
    rounded(p, QRectF(0.5, 0.5, s - 1, s - 1), s * 0.1, QColor(bg), QColor(fg), max(1.5, s * 0.03))
    p.setPen(QColor(fg))
    p.setFont(face_font(s * 0.8 / max(len(word), 5) * 1.4, True))
    p.drawText(QRectF(0, 0, s, s), Qt.AlignmentFlag.AlignCenter, word)
    p.end()
    return QPixmap.fromImage(img)
