"""Building blocks of both tables' HUDs: the strip, its labels and the shown values.

A ``HudStrip`` is one row above the table. Its labels carry a ``role`` that the style sheet colours;
``publish`` keeps the texts shown (tests, tools) and makes them the strip's accessible name, so a
screen reader reads the whole HUD. A ``FitLabel`` is one line that never runs past its width: a text
too long for it ends in "…" and the whole text is its tooltip.
"""
from __future__ import annotations

from html import escape
from typing import TypeVar

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent, QTextDocument
from PySide6.QtWidgets import QBoxLayout, QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from matrix_gui.theme import notifier, text_scale

PLAIN_PX, BIG_PX = 13.0, 17.0  # font sizes at the reference window (REF_W x REF_H)
REF_W, REF_H = 1440.0, 900.0
MIN_SCALE, MAX_SCALE = 0.8, 2.4
L = TypeVar("L", bound=QLabel)


def ui_scale(width: float, height: float) -> float:
    """How much the table's text grows with the window: 1.0 at 1440x900, the table's own
    proportion (it fits the window keeping its aspect), within MIN_SCALE..MAX_SCALE, times the
    player's text size (``theme.text_scale``)."""
    return max(MIN_SCALE, min(MAX_SCALE, width / REF_W, height / REF_H)) * text_scale()


def hud_style(name: str, roles: dict[str, str], scale: float = 1.0) -> str:
    """The style sheet of a strip named ``name``: its frame, plain labels, and a big bold label per
    role in its colour (an empty colour keeps the label's own), sized by ``scale``."""
    plain, big = round(PLAIN_PX * scale), round(BIG_PX * scale)
    lines = [f"QFrame#{name} {{ background: #07110b; border-bottom: 1px solid #1f6b3d; }}",
             f"QFrame#{name}:focus {{ border: 1px dashed #7fd6ff; }}",
             f"QLabel {{ color: #cfeedd; font-size: {plain}px; }}",
             f"QToolButton {{ font-size: {plain}px; }}"]
    for role, colour in roles.items():
        ink = f"color: {colour}; " if colour else ""
        lines.append(f'QLabel[role="{role}"] {{ {ink}font-size: {big}px; font-weight: bold; }}')
    return "\n" + "\n".join(lines) + "\n"


class _FittingLabel(QLabel):
    """A label that fits its text again (``_fit``) whenever its width or font changes."""

    def _fit(self) -> None:
        raise NotImplementedError

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        self._fit()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        super().changeEvent(e)
        if e.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()


class FitLabel(_FittingLabel):
    """One line of text cut to the label's width with "…"; the whole text is then the tooltip.
    A ``lead`` (a side's name) starts the line in its own colour and is never cut."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.full = ""
        self.lead, self.colour, self.tip = "", "", ""
        self.shown = ""  # the plain text on show: ``full`` or its cut form

    def show_text(self, text: str, lead: str = "", colour: str = "", tip: str = "") -> None:
        """Show ``lead`` + ``text`` (``tip`` is added to the tooltip)."""
        self.full, self.lead, self.colour, self.tip = lead + text, lead, colour, tip
        self._fit()

    def _fit(self) -> None:
        fm = self.fontMetrics()
        rest = self.full[len(self.lead):]
        room = self.contentsRect().width() - self.margin() * 2 - fm.horizontalAdvance(self.lead) - 1
        cut = fm.elidedText(rest, Qt.TextElideMode.ElideRight, max(0, room))
        self.shown = self.lead + cut
        if self.lead and self.colour:
            self.setTextFormat(Qt.TextFormat.RichText)
            super().setText(f"<span style='color:{self.colour}'>{escape(self.lead)}</span>{escape(cut)}")
        else:
            self.setTextFormat(Qt.TextFormat.PlainText)
            super().setText(self.shown)
        whole = self.full if self.shown != self.full else ""
        self.setToolTip("\n".join(t for t in (whole, self.tip) if t))



class ChoiceLabel(_FittingLabel):
    """One line of rich text: the first of its ``variants`` (longest first, each a shorter way to say
    the same) that fits the label's width; when none does, the last one cut with "…". The first
    variant, in plain words, is then its tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.variants: list[str] = []
        self.tip = ""

    def show_choices(self, variants: list[str], tip: str = "") -> None:
        self.variants, self.tip = variants, tip
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width() - self.margin() * 2 - 1  # (a glyph's ink may run a pixel on)
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setDocumentMargin(0)
        plain = ""
        for html in self.variants:
            doc.setHtml(html)
            plain = plain or doc.toPlainText()
            if doc.idealWidth() <= room:
                super().setText(html)
                whole = plain if html != self.variants[0] else ""
                self.setToolTip("\n".join(t for t in (whole, self.tip) if t))
                return
        cut = self.fontMetrics().elidedText(doc.toPlainText(), Qt.TextElideMode.ElideRight, max(0, room))
        super().setText(escape(cut))
        self.setToolTip("\n".join(t for t in (plain, self.tip) if t))



class CounterLabel(QLabel):
    """A counter's label as wide as its widest value (``sample``) in its font, so the strip does not
    shift as the number grows."""

    def __init__(self, sample: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sample = sample

    def sizeHint(self) -> QSize:  # noqa: N802
        hint = super().sizeHint()
        pad = self.contentsMargins().left() + self.contentsMargins().right() + 2 * self.margin()
        wide = self.fontMetrics().horizontalAdvance(self.sample) + pad
        return QSize(max(hint.width(), wide), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()


def _with_role(lab: L, role: str) -> L:
    lab.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    if role:
        lab.setProperty("role", role)
    return lab


class HudStrip(QFrame):
    """One strip above the table; ``values`` keeps the shown texts (and the accessible name)."""

    def __init__(self, name: str, roles: dict[str, str], spacing: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.roles = roles
        self.scale = 1.0
        self.setStyleSheet(hud_style(name, roles) + self.extra_style(1.0))
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(12, 6, 12, 6)
        self.row.setSpacing(spacing)
        self.values: dict[str, str] = {}
        self.setAccessibleName(name)  # (until ``publish`` reads the strip's texts out)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it: a screen reader reads it out
        notifier().text_changed.connect(self._text_changed)

    def _label(self, role: str = "") -> QLabel:
        return _with_role(QLabel(), role)

    def _fit_label(self, role: str = "") -> FitLabel:
        """A one-line label cut to its width, the whole text as its tooltip."""
        return _with_role(FitLabel(), role)

    def _choice_label(self, role: str = "") -> ChoiceLabel:
        """A one-line label of rich text that says less where it has less room (``show_choices``)."""
        return _with_role(ChoiceLabel(), role)

    def _counter_label(self, role: str, sample: str) -> CounterLabel:
        """A counter's label, never cut and as wide as ``sample`` (its widest value)."""
        lab = _with_role(CounterLabel(sample), role)
        lab.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        return lab

    def add_column(self, stretch: int, *widgets: QWidget) -> QBoxLayout:
        """Widgets stacked in one column of the strip."""
        col = QVBoxLayout()
        col.setSpacing(2)
        for w in widgets:
            col.addWidget(w)
        self.row.addLayout(col, stretch)
        return col

    def extra_style(self, scale: float) -> str:
        """More style sheet for a strip's own widgets at ``scale`` (none by default)."""
        return ""

    def set_scale(self, scale: float) -> None:
        """Size the strip's text for a window ``scale`` times the reference (``ui_scale``)."""
        if abs(scale - self.scale) < 0.04:
            return
        self.scale = scale
        self.setStyleSheet(hud_style(self.objectName(), self.roles, scale) + self.extra_style(scale))
        m = round(12 * scale), round(5 * scale)
        self.row.setContentsMargins(m[0], m[1], m[0], m[1])

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        win = self.window()
        self.set_scale(ui_scale(win.width(), win.height()))

    def _text_changed(self, _text: float) -> None:
        """The player's text size changed: size the strip's text again."""
        win = self.window()
        self.set_scale(ui_scale(win.width(), win.height()))

    def publish(self, values: dict[str, str]) -> None:
        """Keep the shown texts and read them out as the strip's accessible name."""
        self.values = values
        self.setAccessibleName(" · ".join(v for v in values.values() if v))
