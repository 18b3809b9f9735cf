"""The card inspector: a hovered (or zoomed) card's full text and keyword reminders beside the zoom."""
from __future__ import annotations

import pytest

from tests.gui.conftest import page_of, scenario

pytestmark = pytest.mark.gui


def test_hovering_a_card_shows_its_name_full_text_and_keyword_reminders(qtbot, win):
    scenario(win, "empty combat", "put test_one_drill_agent combat up")
    view = page_of(win).view
    inspector = view.inspector
    assert not inspector.panel.isVisible()
    card = view.index().cards
    key = next(("card", cid) for cid, c in card.items() if c.get("def") == "test_one_drill_agent")
    qtbot.mouseMove(view.viewport(), view.item_center(key))
    qtbot.waitUntil(inspector.panel.isVisible, timeout=3000)
    text = inspector.text()
    assert "Drill Agent" in text and "Buy Time." in text  # the name and the card's full text
    assert "Attack 5" in text and "Buy Time 5" in text  # its numbers
    from engine.legendary.keywords import load_keywords

    assert load_keywords()["buy_time"].reminder in text and "LE\u2011KEYWORD\u201119" in text
    panel, zoom = inspector.panel.geometry(), view.zoom.geometry()
    assert not panel.intersects(zoom)  # beside the zoomed card, not over it
    qtbot.mouseMove(view.viewport(), view.item_center(("pile", "time")))
    qtbot.waitUntil(lambda: not inspector.panel.isVisible(), timeout=3000)


def test_the_keyboard_zoom_shows_the_inspector_too(qtbot, win):
    scenario(win, "hand 0 unplug there_is_no_spoon")
    view = page_of(win).view
    key = next(("card", cid) for cid, c in view.index().cards.items() if c.get("def") == "there_is_no_spoon")
    assert view.show_zoom(key)
    qtbot.waitUntil(view.inspector.panel.isVisible, timeout=3000)
    assert "There Is No Spoon" in view.inspector.text()
