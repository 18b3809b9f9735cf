"""Helpers of the Expedition GUI tests: real drags and clicks on the Expedition view, and one engine
command done the way a player would do it."""
from __future__ import annotations

from engine.core.commands import Command
from matrix_gui.expedition.intents import describe, gestures, intended
from tests.gui.conftest import through_actions_menu, view_click, view_drag


def edrag(qtbot, win, src: tuple, dst: tuple, steps: int = 4) -> None:
    """A real mouse drag on the Expedition view's viewport, from one item's centre to another's."""
    view_drag(qtbot, win.expedition.view, src, dst, steps)


def eclick(qtbot, win, key: tuple) -> None:
    view_click(qtbot, win.expedition.view, key)


def apply_through_gui(qtbot, win, cmd: Command) -> str:
    """Do ``cmd`` as the seat to act would: a drag or a click on the table where one means it, else
    the Actions menu (the keyboard route)."""
    table = win.expedition
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
