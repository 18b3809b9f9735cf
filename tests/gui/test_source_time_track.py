"""The Source Part 3's Time Track offers on the playmat (LE-CARD-50/51): the Attack token dropped
on the Time Track raises it one step for 3 Attack; the Time Track's own action (double-click or
Enter) takes Attack equal to the Time Track times the Neo Heroes in play. Every number is the
engine's."""
from __future__ import annotations

import pytest

from engine.legendary.scenario import Scenario
from tests.gui.conftest import drag

pytestmark = pytest.mark.gui

SETUP = ("setup avatars=neo_reloaded,trinity_reloaded_revolutions "
         "acts=the_oracles_call,free_the_keymaker,the_source "
         "groups=neo_reloaded,morpheus_reloaded_revolutions,trinity_reloaded_revolutions,ship_captains "
         "seed=5 first=0")
PART3 = SETUP + """
empty row.0 row.1 row.2 row.3 row.4 combat real_world
act 3 3
active 0
world 0 real
world 1 real
put the_source_tow_bomb_sentinels real_world up as sentinels
"""
TIME_TRACK, POOL = ("pile", "time"), ("pool", 0)


def start(win, *lines: str):
    sc = Scenario.from_text(PART3 + "\n".join(lines) + "\n")
    assert sc.game is not None and not sc.failures
    sc.game.rebase()
    win.ops.start(sc.game)
    win.view.refit()
    return sc.game.state


@pytest.mark.rule("LE-CARD-50")
def test_the_attack_token_dropped_on_the_time_track_raises_it_a_step(qtbot, win):
    s = start(win, "time 4", "pool attack=7")
    drag(qtbot, win, POOL, TIME_TRACK)
    assert (s.time, s.turn.attack) == (5, 4)
    drag(qtbot, win, POOL, TIME_TRACK)
    assert (s.time, s.turn.attack) == (6, 1)
    drag(qtbot, win, POOL, TIME_TRACK)  # 1 Attack left: the engine refuses and says why
    assert (s.time, s.turn.attack) == (6, 1)
    assert "LE-CARD-50" in win.view.last_reason


@pytest.mark.rule("LE-CARD-51")
def test_the_time_tracks_own_action_takes_attack_from_it(qtbot, win):
    s = start(win, "time 5", "put neo_reloaded_stops_the_bullets p0.play", "pool attack=0")
    assert win.view.activate(TIME_TRACK)
    assert (s.time, s.turn.attack) == (5, 5)  # Time 5 x 1 Neo Hero in play
    assert not win.view.activate(TIME_TRACK)  # once a turn, and never after raising
    assert s.turn.attack == 5


@pytest.mark.rule("LE-TIME-06")
def test_a_time_track_above_its_printed_top_lights_a_cell_of_its_own(qtbot, win):
    """The Time Track has no maximum: at 12 a cell reading 12 sits lit above the printed 10."""
    from PySide6.QtGui import QColor, QImage, QPainter

    start(win, "time 12")
    item = win.table_page("legendary").table.time_item
    assert item.value == 12 and item.cells()[:2] == [12, item.start]
    img = QImage(round(item.w), round(item.h), QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    item.paint(p, None, None)
    p.end()
    step = item.h / len(item.cells())
    lit = QColor("#39ff7a").rgb()
    assert img.pixel(10, round(step / 2)) == lit  # the top cell: 12, lit
    assert img.pixel(10, round(step * 1.5)) != lit  # 10 below it, not lit
    start(win, "time 10")
    item = win.table_page("legendary").table.time_item
    assert item.cells()[0] == 10 and len(item.cells()) == item.start + 1  # the printed track alone
