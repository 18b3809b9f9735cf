"""Acceptance: a whole Matrix Replay game played through the GUI, with the hand-off curtain shown at
every change of the seat that must act, and no hand of the next seat drawn while it is up."""
from __future__ import annotations

import pytest

from engine.replay.bots import HeuristicBot
from tests.gui.conftest import page_of
from tests.gui.replay_helpers import apply_through_gui, hand_over, start

pytestmark = [pytest.mark.gui, pytest.mark.slow]
SEED = 5  # heuristic bots: ~220 commands, ~120 hand-offs, every verb (take, recall, plug, mission...)


def assert_no_hand_shown(table, game, seat: int) -> None:
    """The scene draws nothing of ``seat``'s hand: no face-up card of it anywhere, hands as backs only."""
    hand = set(game.state.piles[f"p{seat}.hand"])
    assert table.scene.view["seat"] is None, "the table behind the curtain is a spectator's view"
    assert not hand & table.scene.shown_ids(), "a card of the next seat's hand is drawn"
    assert not table.scene.hand_ids(0) and not table.scene.hand_ids(1)


def test_a_whole_replay_game_through_the_gui_with_the_curtain_at_each_hand_off(qtbot, win):
    table = start(win, SEED)
    game = win.ops.game
    bots = (HeuristicBot(SEED), HeuristicBot(SEED + 1))
    ways: dict[str, int] = {}
    curtains = 0
    previous = None
    verbs: set[str] = set()
    for _ in range(3000):
        if game.over:
            break
        seat = game.acting
        assert seat is not None
        if seat != previous:  # a hand-off (or the first seat): the curtain hides the table
            assert table.curtain.isVisible() and table.covered, f"no curtain before the {seat} act"
            assert table.curtain.geometry() == table.rect(), "the curtain covers the whole table page"
            assert table.curtain.title == f"Pass the computer to the {('Humans', 'Machines')[seat]}"
            assert_no_hand_shown(table, game, seat)
            assert table.legal() == [], "nothing can be done behind the curtain"
            hand_over(qtbot, table, "click" if curtains % 2 else "space")
            curtains += 1
            assert not table.curtain.isVisible() and table.front == seat
        else:
            assert not table.curtain.isVisible()
        assert table.scene.view["seat"] == seat
        assert not table.scene.hand_ids(1 - seat), "the other seat's hand is drawn"
        n = len(game.commands)
        cmd = bots[seat].choose(game, seat)
        how = apply_through_gui(qtbot, win, cmd)
        ways[how] = ways.get(how, 0) + 1
        verbs.add(cmd.verb)
        assert len(game.commands) == n + 1, f"{how} of {cmd} did nothing: {table.last_reason}"
        previous = seat
    assert game.over, "the game did not finish"
    assert game.state.result and page_of(win, "replay").hud.values["result"]
    assert table.end.isVisible()  # the end screen, with the engine's rule and cause
    assert table.end.cause.text() == game.observe(None)["outcome"]["text"]
    assert curtains == table.handoffs and curtains > 10
    assert ways.get("drag", 0) and ways.get("click", 0), ways
    assert {"draw", "deploy", "done", "plug", "pass", "mission"} <= verbs, verbs
    assert win.paths.autosave.is_file()
