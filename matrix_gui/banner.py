"""A brief banner on the table when a new Act or Part begins: it fades in, stays, fades out.

It is an item of the table's scene (it scales with the table and is painted with it): a widget
laid over the table's viewport would make every repaint of the table several times dearer.
"""
from __future__ import annotations

from PySide6.QtCore import QPropertyAnimation, QRectF, QSequentialAnimationGroup, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

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
        self._h = 110.0 + (46.0 if detail else 0.0)
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
        p.setPen(QColor("#ffc84a"))
        f = QFont()
        f.setPixelSize(40)
        f.setBold(True)
        p.setFont(f)
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        p.drawText(QRectF(24, 14, WIDTH - 48, 86), flags, self.title)
        if self.detail:
            f.setPixelSize(24)
            f.setBold(False)
            p.setFont(f)
            p.setPen(QColor("#d9ffe6"))
            p.drawText(QRectF(24, 96, WIDTH - 48, self._h - 106), flags, self.detail)
