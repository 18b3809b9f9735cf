"""Does a text fit its box? Measured with Qt's font metrics, the way Qt lays the text out.

Every check returns a list of problems, one sentence each (empty: everything fits), so that a test
can assert on all of them at once and its message names each cut text:

- ``painted(what, text, rect, font, flags)``: a text a widget or a table item paints into ``rect``
  (one line, or word-wrapped: then no word may be wider than the box, which would break it);
- ``label(lab)``: a QLabel's text, plain or rich, in its contents rect; a label cut with "…" fits
  only when its tooltip carries the whole text (the last resort);
- ``button(b)``: a button's text in the room its style gives it (its size hint);
- ``widgets(root)``: every label, button and combo box shown under ``root``;
- ``lines(lab)``: how many lines a label's text takes at its width.

``SIZES`` are the window sizes every check runs at; ``resize(win, size)`` shows the main window at one.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument, QTextOption
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

SIZES = ((1024, 640), (1600, 1000), (2560, 1440))
SLACK = 0.5  # px: rounding in Qt's own layout
ELLIPSIS = "\u2026"
WRAP = int(Qt.TextFlag.TextWordWrap.value)


def resize(win: QWidget, size: tuple[int, int]) -> None:
    """Show the main window at ``size`` and let every layout and the theme follow."""
    win.resize(*size)
    for _ in range(3):
        QApplication.processEvents()


def words(text: str) -> list[str]:
    """The words of a text: what a line may not break inside."""
    return [w for w in re.split(r"\s+", text) if w]


def painted(what: str, text: str, rect: QRectF, font: QFont, flags: int = 0) -> list[str]:
    """Problems of ``text`` painted into ``rect`` with ``font`` and Qt text ``flags``."""
    if not text:
        return []
    fm = QFontMetricsF(font)
    px = font.pixelSize()
    if int(flags) & WRAP:
        out = [f"{what}: the word {w!r} ({fm.horizontalAdvance(w):.0f} px at {px} px) is wider than its "
               f"box ({rect.width():.0f} px): it is broken or cut"
               for w in words(text) if fm.horizontalAdvance(w) > rect.width() + SLACK]
        need = fm.boundingRect(QRectF(0, 0, rect.width(), 1e6), int(flags), text).height()
    else:
        out = [f"{what}: {line!r} is {fm.horizontalAdvance(line):.0f} px wide at {px} px, its box "
               f"{rect.width():.0f} px" for line in text.split("\n")
               if fm.horizontalAdvance(line) > rect.width() + SLACK]
        need = fm.height() * (text.count("\n") + 1)
    if need > rect.height() + SLACK:
        out.append(f"{what}: {text!r} needs {need:.0f} px of height at {px} px, its box "
                   f"{rect.height():.0f} px")
    return out


def rich(text: str) -> bool:
    """Whether a label shows ``text`` as rich text (Qt's own guess)."""
    from PySide6.QtGui import Qt as GuiQt

    return bool(GuiQt.mightBeRichText(text))


def label_text(lab: QLabel) -> str:
    """The text a label shows: a label with a buddy draws "&x" as an underlined x."""
    text = lab.text()
    if lab.buddy() is not None:
        text = re.sub(r"&(.)", r"\1", text)
    return text


def _document(lab: QLabel, width: float | None) -> QTextDocument:
    """The label's text laid out as the label lays it out, but a word wider than the line is kept
    whole (Qt would break it anywhere), so that it shows as too wide."""
    doc = QTextDocument()
    doc.setDefaultFont(lab.font())
    doc.setDocumentMargin(0)
    opt = QTextOption()
    opt.setWrapMode(QTextOption.WrapMode.WordWrap)
    doc.setDefaultTextOption(opt)
    text = label_text(lab)
    if lab.textFormat() == Qt.TextFormat.PlainText or (
            lab.textFormat() == Qt.TextFormat.AutoText and not rich(text)):
        doc.setPlainText(text)
    else:
        doc.setHtml(text)
    doc.setTextWidth(-1 if width is None else width)
    return doc


def _box(lab: QLabel) -> QRect:
    m = lab.margin()
    return lab.contentsRect().adjusted(m, m, -m, -m)


def lines(lab: QLabel) -> int:
    """How many lines ``lab``'s text takes at its width."""
    doc = _document(lab, _box(lab).width() if lab.wordWrap() else None)
    doc.size()  # (lays the document out)
    n, block = 0, doc.begin()
    while block.isValid():
        n += max(1, block.layout().lineCount())
        block = block.next()
    return n


def label(lab: QLabel, what: str = "") -> list[str]:
    """Problems of a label's text in its box."""
    text = label_text(lab)
    if not text or lab.pixmap() is not None and not lab.pixmap().isNull():
        return []
    what = what or lab.accessibleName() or lab.objectName() or "label"
    plain = QTextDocument()
    plain.setHtml(text) if rich(text) else plain.setPlainText(text)
    shown = plain.toPlainText()
    if ELLIPSIS in shown and shown.rstrip(ELLIPSIS).strip() and lab.toolTip():
        cut = shown.split(ELLIPSIS)[0].strip()
        if cut and cut.split()[0] in lab.toolTip():
            return []  # elided, the whole text in the tooltip: the last resort, allowed
    box = _box(lab)
    out = []
    if lab.wordWrap():
        doc = _document(lab, box.width())
        if doc.idealWidth() > box.width() + SLACK:
            out.append(f"{what}: {shown!r} has a word wider than the label ({doc.idealWidth():.0f} > "
                       f"{box.width()} px): it is broken or cut")
    else:  # a glyph's ink may run a pixel past its advance: a label needs that pixel too
        doc = _document(lab, None)
        if doc.idealWidth() > box.width() - 1:
            out.append(f"{what}: {shown!r} needs {doc.idealWidth():.0f} px, the label is {box.width()} px "
                       "wide")
    if doc.size().height() > box.height() + 1:
        out.append(f"{what}: {shown!r} needs {doc.size().height():.0f} px of height, the label has "
                   f"{box.height()} px")
    return out


def button(b: QAbstractButton, what: str = "") -> list[str]:
    """Problems of a button's text: a button smaller than its size hint cuts it."""
    if not b.text():
        return []
    hint, size = b.sizeHint(), b.size()
    what = what or b.text().replace("&", "")
    if size.width() + SLACK < hint.width() or size.height() < b.fontMetrics().height():
        return [f"button {what!r}: {size.width()}x{size.height()} px, its text needs "
                f"{hint.width()}x{hint.height()}"]
    return []


def combo(box: QComboBox, what: str = "") -> list[str]:
    """Problems of a combo box's current text in its edit field."""
    text = box.currentText()
    if not text:
        return []
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    field = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                       QStyle.SubControl.SC_ComboBoxEditField, box)
    need = box.fontMetrics().horizontalAdvance(text)
    if need > field.width() + SLACK:
        return [f"combo box {what or box.accessibleName()!r}: {text!r} needs {need} px, its field is "
                f"{field.width()} px"]
    return []


def shown(root: QWidget) -> Iterable[QWidget]:
    """``root`` and the widgets under it that are shown and not zero-sized."""
    for w in [root, *root.findChildren(QWidget)]:
        if w.isVisible() and w.width() > 0 and w.height() > 0 and w.isVisibleTo(root.window()):
            yield w


def widgets(root: QWidget) -> list[str]:
    """Problems of every label, button and combo box shown under ``root``."""
    out: list[str] = []
    for w in shown(root):
        if isinstance(w, QLabel):
            out += label(w)
        elif isinstance(w, QAbstractButton):
            out += button(w)
        elif isinstance(w, QComboBox):
            out += combo(w)
    return out
