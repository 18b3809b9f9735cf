"""Helpers of the Expedition GUI tests: real drags and clicks on the Expedition view, and one engine
command done the way a player would do it."""
from __future__ import annotations

from engine.core.commands import Command
from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import ExpeditionSetup
from matrix_gui.expedition.intents import describe, gestures, intended
from tests.gui.conftest import page_of, through_actions_menu, view_click, view_drag


def edrag(qtbot, win, src: tuple, dst: tuple, steps: int = 4) -> None:
    """A real mouse drag on the Expedition view's viewport, from one item's centre to another's."""
    view_drag(qtbot, page_of(win, "expedition").view, src, dst, steps)


def eclick(qtbot, win, key: tuple) -> None:
    view_click(qtbot, page_of(win, "expedition").view, key)


def apply_through_gui(qtbot, win, cmd: Command) -> str:
    """Do ``cmd`` as the seat to act would: a drag or a click on the table where one means it, else
    the Actions menu (the keyboard route)."""
    table = page_of(win, "expedition")
    view = table.view
    ix = view.index()
    legal = set(table.legal())
    assert cmd in legal, f"{cmd} is not legal for the seat to act"
    for subj, tgt in gestures(cmd, ix):
        if view.table.item_for(subj) is None:
            continue
        if tgt is None:
            eclick(qtbot, win, subj)
            return "click"
        if view.table.item_for(tgt) is None or subj == tgt:
            continue
        if next((c for c in intended(subj, tgt, ix) if c in legal), None) == cmd:
            edrag(qtbot, win, subj, tgt)
            return "drag"
    if through_actions_menu(win, describe(cmd, ix)):
        return "actions-menu"
    raise AssertionError(f"no way to do {cmd} through the GUI")


def start_with_a_slot_too_far(win) -> tuple[int, int]:
    """Start a one-player Matrix Phase whose first turn waits for the Explorer's move; a slot two or
    more steps from the Explorer (a move there is refused)."""
    seed = next(n for n in range(1, 50)
                if ExpeditionGame.new(ExpeditionSetup.for_players(1, n)).state.decision is None)
    assert win.start_expedition(1, seed)
    r, c = win.ops.game.state.sheets[0].pos
    return next((rr, cc) for rr in range(1, 5) for cc in range(1, 6) if abs(rr - r) + abs(cc - c) >= 2)
