"""Helpers of the Matrix Replay GUI tests: real clicks and drags on the Replay view, and one engine
command done the way a player would do it."""
from __future__ import annotations

from PySide6.QtCore import Qt

from engine.core.commands import Command
from matrix_gui.replay.intents import describe, gestures, intended
from tests.gui.conftest import page_of, through_actions_menu, view_click, view_drag


def start(win, seed: int, curtain: bool = True):
    """A new Replay game; returns the Replay page (its controller)."""
    assert win.start_replay(seed, curtain)
    return page_of(win, "replay")


def rdrag(qtbot, win, src: tuple, dst: tuple, steps: int = 3) -> None:
    """A real mouse drag on the Replay view's viewport, from one item's centre to another's."""
    view_drag(qtbot, page_of(win, "replay").view, src, dst, steps)


def rclick(qtbot, win, key: tuple) -> None:
    view_click(qtbot, page_of(win, "replay").view, key)


def hand_over(qtbot, table, how: str) -> None:
    """Take the computer at the curtain: a click on it, or Space."""
    if how == "click":
        qtbot.mouseClick(table.curtain, Qt.MouseButton.LeftButton)
    else:
        qtbot.keyClick(table.curtain, Qt.Key.Key_Space)


def apply_through_gui(qtbot, win, cmd: Command) -> str:
    """Do ``cmd`` as the seat at the screen would: a drag or a click on the table where one means it,
    the deck chooser for 'take', the D/P keys, else the Actions menu (the keyboard route)."""
    table = page_of(win, "replay")
    view = table.view
    ix = view.index()
    legal = set(table.legal())
    assert cmd in legal, f"{cmd} is not legal for the seat at the screen"
    for subj, tgt in gestures(cmd, ix):
        if view.table.item_for(subj) is None:
            continue
        if tgt is None:
            if subj == ("button", "take"):
                continue
            rclick(qtbot, win, subj)
            return "click"
        if view.table.item_for(tgt) is None:
            continue
        if next((c for c in intended(subj, tgt, ix) if c in legal), None) == cmd:
            rdrag(qtbot, win, subj, tgt)
            return "drag"
    if cmd.verb in ("take", "recall") and view.table.item_for(("button", "take")) is not None:
        rclick(qtbot, win, ("button", "take"))
        assert table.take_dialog is not None and table.take_dialog.isVisible()
        table.take_dialog.pick_command(cmd)
        return "chooser"
    if cmd.verb in ("done", "pass"):
        qtbot.keyClick(view, Qt.Key.Key_D if cmd.verb == "done" else Qt.Key.Key_P)
        return "key"
    if through_actions_menu(win, describe(cmd, ix)):
        return "actions-menu"
    raise AssertionError(f"no way to do {cmd} through the GUI")
