"""Every control and every card item of a mid-game table has an accessible name, and Tab follows the
table: the HUD, the table (Tab moves between its cards, Ctrl+Tab leaves it), then the next-step strip
and its buttons (issue 23)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsView,
    QLineEdit,
)

from matrix_gui.items import CardItem
from matrix_gui.page import order_focus
from tests.gui.test_text_fit import mid_game
from tests.gui.textfit import shown

pytestmark = pytest.mark.gui
CONTROLS = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QAbstractItemView, QGraphicsView)


def accessible_name(w) -> str:
    """The name a screen reader hears for ``w`` (Qt's: the accessible name, else its text)."""
    iface = QAccessible.queryAccessibleInterface(w)
    return "" if iface is None else iface.text(QAccessible.Text.Name).strip()


@pytest.mark.parametrize(("ruleset", "players"), [("legendary", 3), ("replay", 2), ("expedition", 3)])
def test_every_control_and_card_item_of_a_mid_game_table_has_an_accessible_name(qtbot, win, ruleset,
                                                                                 players):
    page = mid_game(win, ruleset, players)
    ports = {id(a.viewport()) for a in win.findChildren(QAbstractScrollArea)}  # a scroll area's insides
    unnamed = [f"{type(w).__name__} {w.objectName()!r}" for w in shown(win)
               if (isinstance(w, CONTROLS) or w.focusPolicy() & Qt.FocusPolicy.TabFocus)
               and id(w) not in ports and not accessible_name(w)]
    items = list(page.table_view.table.keyed_items())
    assert len(items) > 20
    unnamed += [str(it.key) for it in items if not it.accessible_name().strip()]
    assert not unnamed
    cards = [it for it in items if isinstance(it, CardItem)]
    assert cards
    for it in cards:  # a card says its name (or that it lies face down) and where it lies
        name = it.info.get("name") if it.face_up else "a face-down card"
        assert it.accessible_name().startswith(f"{name}, "), (it.key, it.accessible_name())
        assert it.toolTip() == (it.info.get("name") if it.face_up else "")


def test_tab_follows_the_table_and_the_keyboard_item_is_read_out(qtbot, win):
    page = mid_game(win, "legendary", 2)
    order = order_focus(page)
    strip = page.guide.strip
    assert order[:2] == [page.hud, page.table_view]
    buttons = [b for b in (strip.hint, strip.complete, strip.end_turn) if b.isVisibleTo(page)]
    assert buttons and [order.index(b) for b in buttons] == sorted(order.index(b) for b in buttons)
    assert order.index(strip) < min(order.index(b) for b in buttons)
    chain, w = [], order[0]
    for _ in range(len(order) - 1):  # Qt's own focus chain runs the same way
        w = w.nextInFocusChain()
        while w not in order:
            w = w.nextInFocusChain()
        chain.append(w)
    assert chain == order[1:]
    view = page.table_view
    win.activateWindow()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # Tab stays in the table: the first card to act on
    assert QApplication.focusWidget() is view and view.focus_key is not None
    item = view.table.item_for(view.focus_key)
    assert view.accessibleDescription() == item.accessible_name() != ""
    qtbot.keyClick(view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Tab leaves it
    assert QApplication.focusWidget() is order[2]
