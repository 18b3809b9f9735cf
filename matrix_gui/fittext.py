"""Painted text that fits its box, measured with Qt's font metrics.

``fit`` finds the largest font size, from ``max_px`` down to ``min_px``, at which a text word-wraps
into a box (in at most ``max_lines`` lines) with no word broken inside: the font shrinks before a word
would break, and lines break only between words. Only when even ``min_px`` does not fit is the text
cut with "…" (``Fitted.cut``; whoever draws it then offers the whole text elsewhere: a tooltip, the
inspector, an accessible name). A ``TextBox`` is one text placed on a painted widget or item, as it is
drawn: the widget paints its boxes and tests measure the same boxes.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

ELLIPSIS = "\u2026"
MIN_LABEL_PX = 10.0  # a place's label on a table is never drawn smaller than this on the screen
WRAP_CENTRE = int(Qt.AlignmentFlag.AlignCenter.value | Qt.TextFlag.TextWordWrap.value)


def font(px: float, bold: bool = False) -> QFont:
    """The tables' font (DejaVu Sans) ``px`` pixels high."""
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


table_font = font


@dataclass(frozen=True)
class Fitted:
    """A text fitted to a width: the font to draw it in, the text drawn (cut: it ends in "…"), and
    the height its lines take."""

    font: QFont
    text: str
    cut: bool
    height: float


@dataclass(frozen=True)
class TextBox:
    """One painted text: where, in which font, with which Qt flags and colour."""

    text: str
    rect: QRectF
    font: QFont
    flags: int
    colour: str

    def paint(self, p: QPainter) -> None:
        p.setPen(QColor(self.colour))
        p.setFont(self.font)
        p.drawText(self.rect, self.flags, self.text)


def wrapped_height(text: str, fm: QFontMetricsF, width: float) -> float:
    """The height ``text`` takes word-wrapped to ``width``."""
    return fm.boundingRect(QRectF(0, 0, width, 1e6), WRAP_CENTRE, text).height()


def fits(text: str, f: QFont, width: float, height: float | None = None,
         max_lines: int | None = None) -> bool:
    """Whether ``text`` word-wraps into ``width`` (and ``height``, ``max_lines``) with ``f``, no word
    broken."""
    fm = QFontMetricsF(f)
    if any(fm.horizontalAdvance(w) > width for w in text.split()):
        return False
    h = wrapped_height(text, fm, width)
    if max_lines is not None and h > fm.lineSpacing() * (max_lines + 0.5):
        return False
    return height is None or h <= height + 0.5


def fit(text: str, width: float, max_px: float, min_px: float, bold: bool = False,
        height: float | None = None, max_lines: int | None = None) -> Fitted:
    """``text`` in the largest font from ``max_px`` down to ``min_px`` that word-wraps into ``width``
    (and ``height``, ``max_lines``) keeping every word whole; cut with "…" at ``min_px`` otherwise."""
    top, low = max(1, round(max_px)), max(1, round(min(min_px, max_px)))
    px = top
    while True:
        f = table_font(px, bold)
        if fits(text, f, width, height, max_lines):
            return Fitted(f, text, False, wrapped_height(text, QFontMetricsF(f), width))
        if px <= low:
            break
        px = max(low, min(px - 1, int(px * 0.94)))
    return _cut(text, table_font(low, bold), width, height, max_lines)


def _cut(text: str, f: QFont, width: float, height: float | None, max_lines: int | None) -> Fitted:
    """The last resort: each word too wide cut to the width, then words dropped from the end (with
    "…") until the text fits."""
    fm = QFontMetricsF(f)
    ws = [w if fm.horizontalAdvance(w) <= width else fm.elidedText(w, Qt.TextElideMode.ElideRight, width)
          for w in text.split()]
    for n in range(len(ws), 0, -1):
        shown = " ".join(ws[:n]) + ("" if n == len(ws) else ELLIPSIS)
        if fits(shown, f, width, height, max_lines):
            return Fitted(f, shown, True, wrapped_height(shown, fm, width))
    return Fitted(f, fm.elidedText(text, Qt.TextElideMode.ElideRight, width), True, fm.height())


def label_box(label: str, x: float, y: float, width: float, device_scale: float, px: float = 12.5) -> TextBox:
    """A place's label on a table, above ``y``: ``px`` scene units high, but never under
    ``MIN_LABEL_PX`` on the screen (a small window draws the table small); cut with "…" to
    ``width`` where it then runs too long (the place's tooltip says it whole)."""
    size = max(px, MIN_LABEL_PX / max(device_scale, 1e-3))
    f = font(size)
    h = max(20.0, size * 1.35)
    text = QFontMetricsF(f).elidedText(label, Qt.TextElideMode.ElideRight, width)
    return TextBox(text, QRectF(x, y - 2 - h, width, h), f,
                   int(Qt.AlignmentFlag.AlignLeft.value | Qt.AlignmentFlag.AlignVCenter.value), "#9fd8b2")

