"""The Matrix Replay HUD in the smallest window (1024x640): every line fits its label, and a line
too long for its label is cut with "…" and kept whole in its tooltip and the strip's accessible name."""
from __future__ import annotations

import html
import re

import pytest
from PySide6.QtWidgets import QLabel

from engine.replay.bots import HeuristicBot
from tests.gui.replay_helpers import start

pytestmark = [pytest.mark.gui, pytest.mark.slow]
SEED = 5  # heuristic bots: a whole game of ~220 commands, ending with the result shown


def shown(lab: QLabel) -> str:
    """The plain text a label shows (its rich text's tags dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", lab.text()))


def assert_fits(hud) -> None:
    """Every shown label of ``hud`` holds its text: one line within its width, or a wrapped text
    within its height."""
    for lab in hud.findChildren(QLabel):
        if not lab.isVisible() or not lab.text():
            continue
        room = lab.contentsRect()
        if lab.wordWrap():
            assert lab.heightForWidth(lab.width()) <= lab.height(), shown(lab)
        else:
            assert lab.fontMetrics().horizontalAdvance(shown(lab)) <= room.width(), (shown(lab), room)


def test_every_hud_line_fits_a_1024x640_window_through_a_whole_game(qtbot, win):
    win.resize(1024, 640)
    table = start(win, SEED)
    qtbot.wait(20)
    hud, game = table.hud, win.ops.game
    bots = (HeuristicBot(SEED), HeuristicBot(SEED + 1))
    assert_fits(hud)
    cut = 0
    for _ in range(3000):
        if game.over:
            break
        if table.front != game.acting:
            table.acknowledge()
        assert table.submit(bots[game.acting].choose(game, game.acting)), table.last_reason
        assert_fits(hud)
        for lab in (hud.turn, hud.step, *hud.sizes):
            assert lab.full in hud.accessibleName()  # a screen reader reads every line whole
            if shown(lab) != lab.full:
                cut += 1
                assert shown(lab).endswith("…") and lab.toolTip().startswith(lab.full)
            else:
                assert lab.full not in lab.toolTip()
    assert cut, "no line was too long: the tooltip went untried"
    qtbot.wait(20)  # the result appears: the strip is laid out again
    assert game.over and hud.result.isVisible()
    assert_fits(hud)
