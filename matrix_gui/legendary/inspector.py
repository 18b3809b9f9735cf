"""The card inspector: beside the zoomed card, everything printed on it in plain text.

Whenever the table view zooms a card (the mouse rests on it, Z on the focused card, a right-click),
a panel next to the zoom shows the card's name, its kind, its numbers, its full text, each keyword
with its reminder line and rule ID, and the flavour line. The words come from the engine's printed
card information (``engine.legendary.cardinfo``); nothing here knows a rule.
"""
from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QGraphicsView, QLabel

from engine.legendary.cardinfo import CardInfo, card_info

PANEL_WIDTH = 340
STYLE = ("QLabel { background: rgba(4, 10, 6, 235); color: #dff5e6; border: 2px solid #39ff7a;"
         " border-radius: 10px; padding: 10px; font-size: 14px; }")


def info_html(info: CardInfo) -> str:
    """The inspector's text for one card, as Qt rich text."""
    e = html.escape
    out = [f"<div style='font-size:19px; font-weight:bold; color:#ffffff'>{e(info.name)}</div>",
           f"<div style='color:#9fd8b2'><i>{e(info.kind_line)}</i></div>"]
    if info.numbers:
        nums = " &nbsp;·&nbsp; ".join(f"{e(label)} <b>{e(value)}</b>" for label, value in info.numbers)
        out.append(f"<p style='color:#ffdca0'>{nums}</p>")
    out += [f"<p>{e(p)}</p>" for p in info.paragraphs]
    if info.keywords:
        out.append("<hr>")
        for k in info.keywords:
            rule = e(k.rule).replace("-", "\u2011")  # a rule ID never breaks across lines
            out.append(f"<p><b style='color:#ffc84a'>{e(k.name)}</b>: {e(k.reminder)} "
                       f"<span style='color:#7fa88c'>({rule})</span></p>")
    if info.flavor:
        out.append(f"<p style='color:#a8beb2'><i>\u201c{e(info.flavor)}\u201d</i></p>")
    return "".join(out)


class CardInspector(QObject):
    """Follows a table view's zoom: shows the zoomed card's text in a panel beside it."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view: Any = view
        self.panel = QLabel(view.viewport())
        self.panel.setObjectName("card_inspector")
        self.panel.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.panel.setTextFormat(Qt.TextFormat.RichText)
        self.panel.setWordWrap(True)
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.panel.setStyleSheet(STYLE)
        self.panel.setAccessibleName("Card inspector")
        self.panel.hide()
        self.info: CardInfo | None = None
        self._key: Any = None
        view.zoom.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.Hide:
            self.panel.hide()
            self._key = None
        elif kind in (QEvent.Type.Show, QEvent.Type.Move, QEvent.Type.Resize) or (
                kind == QEvent.Type.Paint and self.view.zoom.key != self._key):
            self._follow()
        return False

    def _follow(self) -> None:
        zoom = self.view.zoom
        if not zoom.isVisible():
            return
        self._key = zoom.key
        info = self.card_info(zoom.key)
        if info is None:
            self.panel.hide()
            self.info = None
            return
        self.info = info
        self.panel.setText(info_html(info))
        self.panel.adjustSize()
        vp = self.view.viewport()
        left_side = zoom.x() < vp.width() / 2
        x = zoom.geometry().right() + 10 if left_side else zoom.x() - 10 - self.panel.width()
        x = max(0, min(x, vp.width() - self.panel.width()))
        self.panel.move(x, zoom.y())
        self.panel.show()
        self.panel.raise_()

    def card_info(self, key: Any) -> CardInfo | None:
        """The printed information of the card an item shows (a Legendary card face), else None."""
        if key is None or self.view.table is None:
            return None
        face = self.view.card_face(key)
        db = getattr(self.view.table.faces, "db", None)
        if not (isinstance(face, tuple) and len(face) == 2 and db is not None and face[0] in db.cards):
            return None
        return card_info(db, face[0], face[1])

    def text(self) -> str:
        """The panel's text without markup (for tests and screen readers)."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setHtml(self.panel.text())
        return doc.toPlainText()
