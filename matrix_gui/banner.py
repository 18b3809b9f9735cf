"""A brief banner on the table when a new Act or Part begins: it fades in, stays, fades out.

It is an item of the table's scene (it scales with the table and is painted with it): a widget
laid over the table's viewport would make every repaint of the table several times dearer.
"""
from __future__ import annotations

from PySide6.QtCore import QPropertyAnimation, QRectF, QSequentialAnimationGroup, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from matrix_gui.fittext import WRAP_CENTRE, TextBox, fit

FADE_MS, HOLD_MS = 260, 1600
WIDTH = 900.0  # scene units


class ActBanner(QGraphicsObject):
    """The banner item; ``announce`` shows it over the middle of the table for about two seconds."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.detail = ""
        self._h = 150.0
        self.setZValue(90)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._anim: QSequentialAnimationGroup | None = None
        self._timer = QTimer()  # hides an unanimated banner
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def text(self) -> str:
        return self.title + (f"\n{self.detail}" if self.detail else "")

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(0, 0, WIDTH, self._h)

    def announce(self, title: str, detail: str = "", *, animate: bool = True) -> None:
        """Show ``title`` (and ``detail`` below it) for about two seconds."""
        self.prepareGeometryChange()
        self.title, self.detail = title, detail
        boxes = self.text_boxes()
        self._h = boxes[-1].rect.bottom() + 18.0
        sc = self.scene()
        if sc is not None:
            r = sc.sceneRect()
            self.setPos(r.center().x() - WIDTH / 2, r.top() + r.height() * 0.3)
        if self._anim is not None:
            self._anim.stop()
        self._timer.stop()
        self.setOpacity(1.0)
        self.show()
        self.update()
        if not animate:
            self._timer.start(HOLD_MS)
            return
        group = QSequentialAnimationGroup(self)
        group.addAnimation(self._fade(0.0, 1.0, FADE_MS))
        group.addPause(HOLD_MS)
        group.addAnimation(self._fade(1.0, 0.0, FADE_MS * 2))
        group.finished.connect(self.hide)
        self._anim = group
        group.start()

    def _fade(self, a: float, b: float, ms: int) -> QPropertyAnimation:
        anim = QPropertyAnimation(self, b"opacity", self)
        anim.setStartValue(a)
        anim.setEndValue(b)
        anim.setDuration(ms)
        return anim

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#ffc84a"), 3))
        p.setBrush(QColor(5, 12, 8, 235))
        p.drawRoundedRect(QRectF(2, 2, WIDTH - 4, self._h - 4), 22, 22)
        for tb in self.text_boxes():
            tb.paint(p)

    def text_boxes(self) -> list[TextBox]:
        """The title (shrunk, then on two lines) and the detail under it (up to three lines), each
        fitted to the banner's width: what ``paint`` draws and tests measure."""
        width = WIDTH - 48
        title = fit(self.title, width, 40, 24, True, max_lines=2)
        out = [TextBox(title.text, QRectF(24, 16, width, title.height), title.font, WRAP_CENTRE, "#ffc84a")]
        if self.detail:
            detail = fit(self.detail, width, 24, 15, False, max_lines=3)
            out.append(TextBox(detail.text, QRectF(24, 16 + title.height + 8, width, detail.height),
                               detail.font, WRAP_CENTRE, "#d9ffe6"))
        return out
