"""A whole game of The Matrix played through the GUI layer: a bot chooses, the GUI applies its choice
as a real drag, a click, a keyboard shortcut or a context-menu entry."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core.commands import Command
from matrix_gui.legendary.intents import gestures, intended
from tests.gui.conftest import click, drag, page_of

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def apply_through_gui(qtbot, win, cmd: Command) -> str:
    """Do ``cmd`` the way a player would; return how it was done."""
    view = page_of(win).view
    ix = view.index()
    legal = set(win.ops.legal())
    for s, t in gestures(cmd, ix):
        if t is None:
            if view.table.item_for(s) is not None:
                click(qtbot, win, s)
                return "click"
            continue
        if view.table.item_for(s) is None or view.table.item_for(t) is None:
            continue
        first = next((c for c in intended(s, t, ix) if c in legal), None)
        if first == cmd:
            drag(qtbot, win, s, t, steps=3)
            return "drag"
    if cmd.verb == "end":
        qtbot.keyClick(win, Qt.Key.Key_E)
        return "key"
    # anything else: the item's context menu (what the menu key opens from the keyboard)
    for key in [("card", cmd.args[0])] if cmd.args and isinstance(cmd.args[0], int) else []:
        menu = view.build_menu(key)
        for act in menu.actions():
            if act.text() and act.isEnabled():
                from matrix_gui.legendary.intents import describe

                if act.text() == describe(cmd, ix):
                    act.trigger()
                    return "menu"
    win.actions_menu.aboutToShow.emit()
    from matrix_gui.legendary.intents import describe

    for act in win.actions_menu.actions():
        if act.text() == describe(cmd, ix):
            act.trigger()
            return "actions-menu"
    raise AssertionError(f"no way to do {cmd} through the GUI")


def play_through_gui(qtbot, win, bot, limit: int = 5000) -> dict[str, int]:
    """``bot`` chooses each command of the current game (up to ``limit``, until it is over) and the
    GUI does it as a player would; how often each way was used."""
    game = win.ops.game
    ways: dict[str, int] = {}
    for _ in range(limit):
        if game.over:
            break
        n = len(game.commands)
        cmd = bot.choose(game)
        how = apply_through_gui(qtbot, win, cmd)
        ways[how] = ways.get(how, 0) + 1
        assert len(game.commands) == n + 1, f"{how} of {cmd} did nothing: {page_of(win).view.last_reason}"
        game = win.ops.game
    return ways


def play_whole_game(qtbot, win, film: str, players: int, seed: int) -> dict[str, int]:
    """Start ``film`` for ``players`` and let the heuristic bot choose every command, each done
    through the GUI; return how often each way (drag, click, key, menu) was used."""
    from engine.legendary.bots import BOTS

    assert film in [f.id for f in page_of(win).film_choices()], f"New Game does not offer {film}"
    assert win.start_new(film, players, None, seed)
    ways = play_through_gui(qtbot, win, BOTS["heuristic"](seed))
    game = win.ops.game
    assert game.over, "the game did not finish"
    assert game.state.result
    assert page_of(win).hud.values["result"]
    return ways


def test_a_whole_game_of_the_matrix_through_the_gui(qtbot, win):
    ways = play_whole_game(qtbot, win, "the_matrix", 1, 1)
    assert ways.get("drag", 0) > 10 and ways.get("key", 0) > 3


def test_a_three_player_game_of_revolutions_through_the_gui(qtbot, win):
    ways = play_whole_game(qtbot, win, "revolutions", 3, 5)
    assert ways.get("drag", 0) > 20 and ways.get("key", 0) > 6


def test_a_two_player_game_of_reloaded_through_the_gui(qtbot, win):
    ways = play_whole_game(qtbot, win, "reloaded", 2, 3)
    assert ways.get("drag", 0) > 20 and ways.get("key", 0) > 6
