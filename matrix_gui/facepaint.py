"""Painting helpers of the cards both tables draw themselves with QPainter: a card canvas, rounded
shapes, the face font, the digital-rain texture, the inner field and text fitted to a box."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap


def canvas(h: int) -> tuple[QImage, QPainter, float, float]:
    w = round(h / 1.4)
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    return img, p, float(w), float(h)


def rounded(p: QPainter, r: QRectF, radius: float, fill: QColor, pen: QColor | None = None,
             width: float = 1.0) -> None:
    path = QPainterPath()
    path.addRoundedRect(r, radius, radius)
    p.fillPath(path, fill)
    if pen is not None:
        p.setPen(QPen(pen, width))
        p.drawPath(path)


def face_font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(6, round(px)))
    f.setBold(bold)
    return f


RAIN_GLYPHS = "01アイウエオカキクケコサシスセソタチツテト"


def rain(p: QPainter, w: float, h: float, colour: QColor, seed: int, glyphs: str = RAIN_GLYPHS,
          alpha: int = 38) -> None:
    """A faint digital-rain texture: nine columns of ``glyphs``, their lengths and letters from ``seed``."""
    p.save()
    c = QColor(colour)
    c.setAlpha(alpha)
    p.setPen(c)
    p.setFont(face_font(h * 0.045))
    cols = 9
    for i in range(cols):
        x = w * (i + 0.3) / cols
        n = (seed * 7 + i * 13) % 11 + 5
        for j in range(n):
            ch = glyphs[(seed + i * 3 + j * 5) % len(glyphs)]
            p.drawText(QRectF(x, h * 0.06 * j + (i * 17 % 23), w / cols, h * 0.06),
                       Qt.AlignmentFlag.AlignCenter, ch)
    p.restore()


def blank(h: int) -> QPixmap:
    """The face of a card the database does not know: a grey card."""
    img, p, w, hh = canvas(h)
    rounded(p, QRectF(0.5, 0.5, w - 1, hh - 1), w * 0.07, QColor("#333"), QColor("#999"))
    p.end()
    return QPixmap.fromImage(img)


def field(p: QPainter, inner: QRectF, w: float, hh: float, top: str, bottom: str) -> None:
    """The card's dark inner field: a rounded gradient from ``top`` down to ``bottom``."""
    grad = QLinearGradient(0, 0, 0, hh)
    grad.setColorAt(0, QColor(top))
    grad.setColorAt(1, QColor(bottom))
    path = QPainterPath()
    path.addRoundedRect(inner, w * 0.05, w * 0.05)
    p.fillPath(path, grad)


def fit_font(p: QPainter, r: QRectF, flags: Any, text: str, hh: float) -> None:
    """The largest font (from 5% of the card's height, down to 2.4%) at which ``text`` fits ``r``."""
    size = hh * 0.05
    while size > hh * 0.024:
        p.setFont(face_font(size))
        if p.boundingRect(r, flags, text).height() <= r.height():
            break
        size *= 0.9
