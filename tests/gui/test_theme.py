"""One dark look for every window (matrix_gui/theme.py): readable contrast, the theme on every
window and dialog (Qt's own file dialog too), the text growing with a big window and with the
"larger text" setting (issue 23)."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from matrix_gui import theme
from tests.gui.test_text_fit import in_modal, mid_game
from tests.gui.textfit import resize, widgets

pytestmark = pytest.mark.gui


def test_contrast_is_the_wcag_formula():
    assert theme.contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert theme.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert theme.contrast("#123456", "#123456") == pytest.approx(1.0)


@pytest.mark.parametrize(("fg", "bg"), theme.TEXT_PAIRS)
def test_every_text_colour_of_the_theme_reaches_wcag_aa(fg, bg):
    assert theme.contrast(theme.INK[fg], theme.INK[bg]) >= theme.AA_TEXT, (fg, bg)


def test_the_palettes_text_roles_reach_wcag_aa(qtbot, win):
    pal = QApplication.instance().palette()
    R = QPalette.ColorRole
    for fg, bg in ((R.WindowText, R.Window), (R.Text, R.Base), (R.Text, R.AlternateBase),
                   (R.ButtonText, R.Button), (R.HighlightedText, R.Highlight), (R.ToolTipText, R.ToolTipBase),
                   (R.PlaceholderText, R.Base), (R.Link, R.Base)):
        assert theme.contrast(pal.color(fg).name(), pal.color(bg).name()) >= theme.AA_TEXT, (fg, bg)


def test_every_window_and_dialog_is_dark(qtbot, win):
    """The main window, New Game, Settings and Qt's own Load dialog (not the platform's, which would
    ignore the palette) all draw on the theme's dark window colour."""
    dark = theme.luminance(theme.INK["window"])
    assert theme.luminance(win.palette().color(QPalette.ColorRole.Window).name()) == pytest.approx(dark)
    seen = []

    def look(dlg):
        seen.append(type(dlg).__name__)
        assert theme.luminance(dlg.palette().color(QPalette.ColorRole.Window).name()) == pytest.approx(dark)
        assert theme.luminance(dlg.palette().color(QPalette.ColorRole.Base).name()) < 0.01

    for open_it in (win.new_game_dialog, win.settings_dialog, win.load_dialog):
        in_modal(qtbot, open_it, look)
    assert seen == ["NewGameDialog", "SettingsDialog", "QFileDialog"]


def test_the_menus_and_the_status_bar_grow_with_the_window(qtbot, win):
    resize(win, (1600, 1000))
    small = win.menuBar().font().pixelSize(), win.statusBar().font().pixelSize()
    resize(win, (2560, 1440))
    big = win.menuBar().font().pixelSize(), win.statusBar().font().pixelSize()
    assert big[0] >= small[0] * 1.4 and big[1] >= small[1] * 1.4, (small, big)
    resize(win, (1024, 640))  # a small window keeps readable text
    assert win.menuBar().font().pixelSize() >= theme.BASE_PX


def test_larger_text_scales_every_text(qtbot, win):
    """The Settings dialog's text size: the app's text, the HUD's and the card faces' grow with it,
    and the HUD still fits its two lines."""
    from matrix_gui.hudstrip import ui_scale

    page = mid_game(win, "legendary", 2)
    resize(win, (1600, 1000))
    before = (QApplication.instance().font().pixelSize(), page.hud.turn.font().pixelSize(),
              ui_scale(win.width(), win.height()))
    card = next(it for it in page.table_view.table.cards.values() if it.face_up and it.isVisible())
    face = card.pixmap().cacheKey()

    def larger(dlg):
        dlg.text_size.setCurrentIndex(dlg.text_size.count() - 1)
        dlg.accept()

    in_modal(qtbot, win.settings_dialog, larger)
    assert win.settings.text_scale == theme.TEXT_SCALES[-1] == 1.5
    QApplication.processEvents()
    after = (QApplication.instance().font().pixelSize(), page.hud.turn.font().pixelSize(),
             ui_scale(win.width(), win.height()))
    assert all(a >= b * 1.4 for a, b in zip(after, before, strict=True)), (before, after)
    assert card.pixmap().cacheKey() != face, "the card faces are drawn again, their text larger"
    for size in ((1024, 640), (2560, 1440)):
        resize(win, size)
        assert not widgets(page.hud)
    assert win.paths.settings_file.is_file() and '"text_scale": 1.5' in win.paths.settings_file.read_text()


def test_two_windows_of_different_sizes_do_not_restyle_each_other_without_end(qtbot, _home, face_cache,
                                                                              monkeypatch):
    """The style is the application's: the window last shown leads and the other's resizes leave it
    be (two windows taking turns restyled each other until the stack ran out: a crash in CI)."""
    from matrix_gui.paths import AppPaths
    from tests.gui.conftest import open_window

    paths = AppPaths.default(_home)
    first = open_window(qtbot, paths)
    second = open_window(qtbot, paths)
    calls: list[float] = []
    real = theme.apply

    def counted(app, scale=1.0, text=1.0):
        calls.append(scale)
        return real(app, scale, text)

    monkeypatch.setattr(theme, "apply", counted)
    first.resize(1024, 640)
    second.resize(2560, 1440)
    qtbot.wait(50)
    for _ in range(3):
        first.resize(1200, 760)
        first.resize(1024, 640)
        QApplication.processEvents()
    assert theme.current_scale() == theme.window_scale(second.width(), second.height())
    assert len(calls) < 10, calls
    first.activateWindow()
    first.show()
    qtbot.wait(50)
