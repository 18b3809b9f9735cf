"""One dark look for every window: the QApplication's style, palette, font and style sheet.

``apply(app, scale)`` sets them (again only when the scale changed); ``follow(window)`` applies them
at once and whenever the window's size or the player's text size ("larger text",
``Settings.text_scale``) changes the scale: the menus, the status bar, dialogs and file dialogs
(Qt's own, which follow the palette) grow with a big window, 1.6x at 2560x1440, and never shrink
below the reference size in a small one. The colours are WCAG AA pairs: ``TEXT_PAIRS`` lists each
text colour on each background it is drawn on, and tests/gui/test_theme.py checks their ``contrast``.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

# the colours of the table's felt and the app around it
INK = {
    "window": "#07110b",  # windows, dialogs, strips
    "base": "#050a07",  # text fields, lists, tables
    "alt": "#0c1d13",  # every other row of a list or table
    "button": "#0e2a18",
    "hover": "#175c33",  # a button under the mouse or with the focus; a selection
    "text": "#d9ffe6",
    "dim": "#9fd8b2",  # notes, captions, placeholders
    "accent": "#39ff7a",  # titles, borders
    "line": "#2f7a4c",  # frames of fields
    "disabled": "#8aa896",
    "warn": "#ffdca0",  # the status bar
    "error": "#ff8a7a",  # a refusal in a dialog
    "link": "#7fd6ff",
}
# (text colour, background) pairs drawn in the app: each must reach AA_TEXT (tests check it)
TEXT_PAIRS = [("text", bg) for bg in ("window", "base", "alt", "button", "hover")] + [
    (fg, bg) for fg in ("dim", "accent", "warn", "error", "link")
    for bg in ("window", "base", "alt", "button")] + [("disabled", "button"), ("disabled", "window")]
AA_TEXT = 4.5  # WCAG 2 level AA, normal text

BASE_PX = 13  # the app's text at the reference window (1440x900) and text scale 1
REF_W, REF_H = 1440.0, 900.0
MAX_SCALE = 2.4
TEXT_SCALES = (1.0, 1.15, 1.3, 1.5)  # the Settings dialog's "Text size" choices

STYLE = """
QToolTip {{ color: {text}; background: {button}; border: 1px solid {accent}; padding: 3px; }}
QStatusBar {{ background: {window}; color: {warn}; }}
QStatusBar QLabel {{ color: {warn}; }}
QMenuBar {{ background: {window}; color: {text}; }}
QMenuBar::item:selected {{ background: {hover}; }}
QMenu {{ background: {window}; color: {text}; border: 1px solid {line}; }}
QMenu::item:selected {{ background: {hover}; }}
QMenu::item:disabled {{ color: {disabled}; }}
QMenu::separator {{ height: 1px; background: {line}; margin: 3px 8px; }}
QToolBar {{ background: {window}; border-top: 1px solid {line}; spacing: {gap}px; }}
QToolBar QToolButton {{ color: {text}; padding: 3px 8px; }}
QToolBar QToolButton:disabled {{ color: {disabled}; }}
QPushButton {{ background: {button}; color: {text}; border: 1px solid {accent}; border-radius: 6px;
              padding: {pad_v}px {pad_h}px; }}
QPushButton:disabled {{ color: {disabled}; border-color: {line}; }}
QPushButton:focus, QPushButton:hover {{ background: {hover}; }}
QHeaderView::section {{ background: {button}; color: {text}; border: none;
                        border-right: 1px solid {line}; padding: 3px 6px; }}
QGroupBox {{ border: 1px solid {line}; border-radius: 6px; margin-top: 1.2em; padding-top: 4px; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 8px; color: {accent}; }}
QWidget#start {{ background: {base}; }}
QWidget#start QLabel#title {{ color: {accent}; font-size: {title}px; font-weight: bold;
                              letter-spacing: 4px; }}
QWidget#start QLabel#subtitle {{ color: {dim}; font-size: {subtitle}px; }}
QWidget#start QPushButton {{ border-radius: 8px; padding: {start_v}px {start_h}px; font-size: {start}px;
                             min-width: {start_w}px; }}
QCheckBox::indicator {{ width: {box}px; height: {box}px; border: 1px solid {accent}; border-radius: 3px;
                       background: {base}; }}
QCheckBox::indicator:checked {{ background: {accent}; border-color: {text}; }}
QCheckBox::indicator:disabled {{ border-color: {line}; }}
QLabel {{ padding-right: 2px; }}
QLabel[role="problem"] {{ color: {error}; }}
QLabel[role="note"] {{ color: {dim}; }}
"""


def luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    c = QColor(colour)

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(fg: str, bg: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def window_scale(width: float, height: float) -> float:
    """How much the app's text grows with the window: its proportion to 1440x900, never under 1
    (a small window keeps readable text), to a tenth."""
    return round(max(1.0, min(MAX_SCALE, width / REF_W, height / REF_H)), 1)


def palette() -> QPalette:
    """The dark palette: every role a widget paints text or a background with."""
    pal = QPalette()
    R, G = QPalette.ColorRole, QPalette.ColorGroup
    for role, name in ((R.Window, "window"), (R.WindowText, "text"), (R.Base, "base"),
                       (R.AlternateBase, "alt"), (R.ToolTipBase, "button"), (R.ToolTipText, "text"),
                       (R.PlaceholderText, "dim"), (R.Text, "text"), (R.Button, "button"),
                       (R.ButtonText, "text"), (R.BrightText, "warn"), (R.Highlight, "hover"),
                       (R.HighlightedText, "text"), (R.Link, "link"), (R.LinkVisited, "link"),
                       (R.Light, "line"), (R.Midlight, "hover"), (R.Mid, "button"), (R.Dark, "base"),
                       (R.Shadow, "base")):
        pal.setColor(role, QColor(INK[name]))
    for role in (R.WindowText, R.Text, R.ButtonText, R.HighlightedText):
        pal.setColor(G.Disabled, role, QColor(INK["disabled"]))
    return pal


def style_sheet(scale: float) -> str:
    """The app's style sheet at ``scale`` (sizes in pixels grow with it)."""
    sizes = {"gap": 4, "box": 13, "pad_v": 5, "pad_h": 16, "title": 40, "subtitle": 16, "start": 17,
             "start_v": 10, "start_h": 28, "start_w": 260}  # px at the reference size
    return STYLE.format(**INK, **{k: round(v * scale) for k, v in sizes.items()})


def px(size: float, scale: float | None = None) -> int:
    """A text size of the reference window in pixels at ``scale`` (default: the applied one)."""
    return max(1, round(size * (current_scale() if scale is None else scale)))


_applied: dict[str, float] = {}


def _own_dialogs(app: QApplication) -> None:
    from PySide6.QtCore import Qt

    app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, True)


class Notifier(QObject):
    """``text_changed`` (the new text scale) when the player's text size changes: the HUDs and the
    tables' card faces follow it."""

    text_changed = Signal(float)


_notifier: list[Notifier] = []


def notifier() -> Notifier:
    if not _notifier:
        _notifier.append(Notifier())
    return _notifier[0]


def current_scale() -> float:
    """The scale the app's text is drawn at now: the window's times the text's (1.0 before ``apply``)."""
    return _applied.get("scale", 1.0) * text_scale()


def text_scale() -> float:
    """The player's text size ("larger text"), 1.0 by default: the tables' HUDs and card faces
    multiply their own sizes by it."""
    return _applied.get("text", 1.0)


def apply(app: QApplication, scale: float = 1.0, text: float = 1.0) -> bool:
    """Give ``app`` the dark look at the window's ``scale`` and the player's ``text`` size; False
    (nothing done) when it already has it."""
    if (_applied.get("scale"), _applied.get("text"), _applied.get("app")) == (scale, text, id(app)):
        return False
    first = _applied.get("app") != id(app)
    text_changed = _applied.get("text", 1.0) != text
    _applied.update(scale=scale, text=text, app=id(app))
    if first:
        from PySide6.QtCore import QTimer

        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")  # the style that paints with the palette on every platform
        app.setPalette(palette())
        # Qt's own file and message dialogs: the native ones ignore the palette. (Once the event
        # loop runs: the first use of the ``Qt`` namespace builds all its enums, 50-80 ms here,
        # which the first frame need not wait for.)
        QTimer.singleShot(0, lambda: _own_dialogs(app))
    f = QFont(app.font())
    f.setPixelSize(px(BASE_PX, scale * text))
    app.setFont(f)
    app.setStyleSheet(style_sheet(scale * text))
    if text_changed:
        notifier().text_changed.emit(text)
    return True


def clamp_text(value: Any) -> float:
    """A text scale from the settings file: a number from TEXT_SCALES' least to twice its greatest,
    else 1.0."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 1.0
    return min(max(v, TEXT_SCALES[0]), 2 * TEXT_SCALES[-1]) if v == v else 1.0


class _Follower(QObject):
    """Applies the theme again when the window's size or its settings' text scale change it.

    The style is the application's, so one window leads: the last one followed, shown or
    activated. Two windows of different sizes taking turns would otherwise restyle each other
    without end (each restyle relays out the other, whose resize restyles again)."""

    _lead: list[_Follower] = []
    _busy: list[bool] = [False]

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window

    def lead(self) -> None:
        type(self)._lead[:] = [self]

    def leads(self) -> bool:
        from shiboken6 import Shiboken

        lead = self._lead[0] if self._lead else None
        return lead is None or lead is self or not Shiboken.isValid(lead)

    def update(self) -> None:
        if self._busy[0] or not self.leads():
            return
        app = QApplication.instance()
        settings = getattr(self.window, "settings", None)
        text = clamp_text(getattr(settings, "text_scale", 1.0))
        if isinstance(app, QApplication):
            self._busy[0] = True
            try:
                apply(app, window_scale(self.window.width(), self.window.height()), text)
            finally:
                self._busy[0] = False

    def eventFilter(self, obj: Any, ev: QEvent) -> bool:  # noqa: N802 - Qt API
        kind = ev.type()
        if kind in (QEvent.Type.Show, QEvent.Type.WindowActivate):
            self.lead()
            self.update()
        elif kind == QEvent.Type.Resize:
            self.update()
        return False


def follow(window: QWidget) -> None:
    """Apply the theme for ``window`` now and whenever it is resized; ``refresh(window)`` after its
    settings' text scale changes."""
    f = _Follower(window)
    window.installEventFilter(f)
    f.lead()
    f.update()


def refresh(window: QWidget) -> None:
    """Apply the theme again for ``window`` (its text scale changed)."""
    f = window.findChild(_Follower)
    if f is not None:
        f.lead()
        f.update()
