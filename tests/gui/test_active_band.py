"""After a turn ends, the table's cached background (bands and their labels) shows the new player at
once, without a resize: a grab of the view equals a fresh render (issue: stale "(active)" label)."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from engine.replay.bots import HeuristicBot
from tests.gui.conftest import page_of

pytestmark = pytest.mark.gui


def grab(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def fresh(view) -> QImage:
    """The view drawn with no cached background at all."""
    view.resetCachedContent()
    return grab(view)


def band_rect(view, band) -> tuple[int, int, int, int]:
    """A band's rectangle in viewport pixels (x, y, w, h)."""
    from PySide6.QtCore import QRectF

    r = view.mapFromScene(QRectF(band.x, band.y, band.w, band.h)).boundingRect()
    return r.x(), r.y(), r.width(), r.height()


def same_pixels(a: QImage, b: QImage, rect: tuple[int, int, int, int]) -> bool:
    x, y, w, h = rect
    return a.copy(x, y, w, h) == b.copy(x, y, w, h)


def test_end_turn_redraws_the_active_band_at_once(qtbot, win):
    films = [f.id for f in page_of(win).film_choices()]
    assert win.start_new("the_matrix" if "the_matrix" in films else films[0], 2, None, 5)
    view = page_of(win).view
    qtbot.wait(20)
    first = view.table.view["active"]
    band = next(b for b in view.table.layout.bands if b.tone == "active")
    assert band.label.startswith(view.table.view["players"][first]["name"])
    before = grab(view)
    qtbot.keyClick(view, "E")
    assert win.ops.game.observe(None)["active"] != first
    band = next(b for b in view.table.layout.bands if b.tone == "active")
    rect = band_rect(view, band)
    after = grab(view)
    assert not same_pixels(before, after, rect), "the active band still shows the previous player"
    assert same_pixels(after, fresh(view), rect), "the active band differs from a fresh render"


def test_machines_turn_shows_the_machines_band(qtbot, win):
    assert win.start_replay(3, curtain=False)
    table = page_of(win, "replay")
    game = win.ops.game
    bots = (HeuristicBot(3), HeuristicBot(4))
    view = table.view
    qtbot.wait(20)
    humans = grab(view)
    while game.acting != 1:
        assert table.submit(bots[game.acting].choose(game, game.acting)), table.last_reason
    assert table.front == 1 and table.scene.layout.me == 1
    me = next(z for z in table.scene.layout.zones if z.tone == "me")
    rect = band_rect(view, me)
    machines = grab(view)
    assert not same_pixels(humans, machines, rect)
    assert same_pixels(machines, fresh(view), rect), "the Machines' band differs from a fresh render"
    # the band's outline is the Machines' red, not the Humans' green
    x, y, w, h = rect
    edge = QColor(machines.pixel(x + w // 2, y + 1))
    for dy in range(0, 4):
        c = QColor(machines.pixel(x + w // 2, y + dy))
        if c.red() > edge.red():
            edge = c
    assert edge.red() > 150 and edge.green() < 140, edge.name()
