"""The hand-off curtain: an opaque cover over the whole table while the computer changes hands.

Hands are secret in Matrix Replay and in the Legendary Traitor modes. When the seat that must act
changes, the curtain hides the table until the next player clicks it or presses Space (or Enter);
the table behind it is drawn from a spectator's view, so no secret card is shown at all.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QLinearGradient, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from matrix_gui.fittext import WRAP_CENTRE, TextBox, fit, font
from matrix_gui.hudstrip import ui_scale

CENTER = Qt.AlignmentFlag.AlignCenter
GLYPHS = "0110100111010:=+*<>0101ZX10"  # digital rain (glyphs every font has)


class Curtain(QWidget):
    """Covers its parent; ``acknowledged`` is emitted on a click, Space or Enter. ``names`` and
    ``colours`` (hex) give each seat's name and colour; ``article`` goes before a name ("the")."""

    acknowledged = Signal()

    def __init__(self, parent: QWidget, names: Callable[[int], str], colours: Callable[[int], str],
                 article: str = "") -> None:
        super().__init__(parent)
        self.names, self.colours, self.article = names, colours, article
        self.seat = 0
        self.reason = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAccessibleName("Hand-off curtain")
        self.hide()

    @property
    def name(self) -> str:
        return self.names(self.seat)

    @property
    def title(self) -> str:
        return f"Pass the computer to {self.article}{self.name}"

    @property
    def hint(self) -> str:
        return "click or press Space when ready"

    def cover(self, seat: int, reason: str) -> None:
        """Show the curtain for ``seat`` (who must act next) over the whole parent."""
        self.seat, self.reason = seat, reason
        self.setAccessibleDescription(f"{self.title}: {self.hint}. {reason}")
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self.update()

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = float(self.width()), float(self.height())
        colour = QColor(self.colours(self.seat))
        grad = QLinearGradient(0, 0, 0, h)
        grad.setColorAt(0, QColor("#020403"))
        grad.setColorAt(1, colour.darker(700))
        p.fillRect(self.rect(), grad)
        rain = QColor(colour)
        rain.setAlpha(46)
        p.setPen(rain)
        k = max(1.0, self.scale())  # the rain grows with the window
        p.setFont(font(18 * k))
        cols = max(1, int(w // (34 * k)))
        for i in range(cols):
            n = (i * 7 + self.seat * 5) % 19 + 6
            for j in range(n):
                ch = GLYPHS[(i * 3 + j * 5 + self.seat) % len(GLYPHS)]
                p.drawText(QRectF((i * 34 + 6) * k, ((i * 37 % 90) + j * 28) * k, 30 * k, 28 * k), CENTER, ch)
        boxes = self.text_boxes()
        pad = 24 * self.scale()  # the plate around the texts
        box = QRectF((w - self.box_width()) / 2, boxes[0].rect.top() - pad, self.box_width(),
                     boxes[-1].rect.bottom() - boxes[0].rect.top() + 2 * pad)
        p.setPen(QPen(colour, 3))
        p.setBrush(QColor(3, 8, 5, 235))
        p.drawRoundedRect(box, 24, 24)
        for tb in boxes:
            tb.paint(p)
        p.end()

    def scale(self) -> float:
        return ui_scale(self.width(), self.height())

    def box_width(self) -> float:
        """The plate's width: 760 px at the reference window, less on a narrow one."""
        return min(self.width() - 32.0, 760.0 * max(1.0, self.scale()))

    def text_boxes(self) -> list[TextBox]:
        """The title (whose turn, shrunk and then wrapped to fit), the hint and the reason, placed on
        a plate in the middle of the curtain: what ``paintEvent`` draws and tests measure."""
        s = self.scale()
        inner = self.box_width() - 48 * s
        colour = QColor(self.colours(self.seat)).lighter(130).name()
        texts = [(self.title, 34, 20, True, 2, colour),
                 (f"{self.name}: {self.hint}", 20, 13, False, 2, "#e8ffe8"),
                 (f"Next: {self.reason}" if self.reason else "", 15, 11, False, 4, "#9fb8a8")]
        fitted = [(fit(t, inner, big * s, small * s, bold, max_lines=n), c)
                  for t, big, small, bold, n, c in texts if t]
        total = sum(f.height for f, _ in fitted) + 12 * s * (len(fitted) - 1)
        y = (self.height() - total) / 2
        x = (self.width() - inner) / 2
        out = []
        for f, c in fitted:
            out.append(TextBox(f.text, QRectF(x, y, inner, f.height), f.font, WRAP_CENTRE, c))
            y += f.height + 12 * s
        return out

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if e.button() == Qt.MouseButton.LeftButton:
            self.acknowledged.emit()

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.acknowledged.emit()
        else:
            super().keyPressEvent(e)
