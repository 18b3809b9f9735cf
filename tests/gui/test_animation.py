"""The animation queue: batches in order, input waits while cards move, speed and skip settings."""
from __future__ import annotations

import pytest

from engine.core.results import Event
from matrix_gui.animation import group_events
from tests.gui.conftest import drag, page_of, ref, scenario

pytestmark = pytest.mark.gui


def moved(card, src, dst):
    return Event("card_moved", {"card": card, "src": src, "dst": dst, "face_up": True})


def test_events_group_into_steps_in_order():
    evs = [moved(1, "p0.deck", "p0.hand"), moved(2, "p0.deck", "p0.hand"),  # a draw flies together
           Event("time_changed", {"before": 9, "after": 8}),
           moved(3, "row.0", "combat"), moved(4, "row.1", "row.0"), moved(5, "matrix_deck", "row.4"),
           Event("card_revealed", {"card": 5}), Event("act_advanced", {"act": 1, "part": 2})]
    steps = group_events(evs)
    assert [s.kind for s in steps] == ["moves", "time", "moves", "moves", "flip", "act"]
    assert [len(s.events) for s in steps][:3] == [2, 1, 2]  # the push cascade slides together


def test_input_waits_while_cards_move_then_the_table_matches_the_engine(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    win.settings.skip_animations = False
    win.setProperty("skip_animations", False)
    win.settings.animation_speed = 1.0
    a, b = [c for c in win.ops.game.state.piles["p0.hand"]]
    drag(qtbot, win, ("card", a), ("pile", "p0.play"))
    assert win.busy() and win.anim.ghosts  # a card is in flight
    n = len(win.ops.game.commands)
    if page_of(win).view.table.item_for(("card", b)):
        drag(qtbot, win, ("card", b), ("pile", "p0.play"))
    assert len(win.ops.game.commands) == n  # ignored while busy
    qtbot.waitUntil(lambda: not win.busy(), timeout=3000)
    assert [c.get("id") for c in page_of(win).view.table.pile_cards("p0.play")] == [a]
    assert page_of(win).view.table.item_for(("card", a)).pile == "p0.play"


def test_speed_setting_shortens_the_moves(qtbot, win):
    """The same move's first animation lasts a quarter as long at speed 4 as at speed 1 (the
    durations the queue sets, not the clock: a busy machine stretches wall time, not them)."""
    def first_move_ms(speed: float) -> int:
        scenario(win, "world 0 matrix", "hand 0 unplug unplug")
        win.settings.skip_animations = False
        win.settings.animation_speed = speed
        page = page_of(win)
        page.view.activate(("card", ref(win, "unplug", "p0.hand")))
        assert win.busy() and page.anim.anim is not None
        ms = page.anim.anim.duration()
        page.anim.finish_all()
        return ms

    slow, fast = first_move_ms(1.0), first_move_ms(4.0)
    assert slow > 4 and abs(fast - slow / 4) <= 1


def test_skip_animations_finishes_what_is_playing(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    win.settings.skip_animations = False
    win.settings.animation_speed = 0.25
    page_of(win).view.activate(("card", ref(win, "unplug", "p0.hand")))
    assert win.busy()
    win.act_skip.setChecked(True)
    win.toggle_skip()
    assert not win.busy()
    assert page_of(win).view.table.pile_cards("p0.play")
