"""The Matrix Replay table: New Game, saves and Continue, refusals, the keyboard route, the curtain
setting, undo at the hand-off, the dice animation and the screenshot command."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from engine.core.commands import Command
from engine.replay.bots import HeuristicBot
from engine.replay.game import ReplayGame
from tests.gui.conftest import FIXTURES, page_of
from tests.gui.engine_calls import engine_mutations
from tests.gui.replay_helpers import hand_over, rclick, rdrag, start

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def play(win, n: int, seed: int = 3) -> None:
    """Let heuristic bots play ``n`` commands through the controller, taking each hand-off."""
    table = page_of(win, "replay")
    game = win.ops.game
    bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
    for _ in range(n):
        if game.over:
            return
        if table.front != game.acting:
            table.acknowledge()
        assert table.submit(bots[game.acting].choose(game, game.acting)), table.last_reason


def card_in(game, pile: str, def_id: str) -> int:
    return next(c for c in game.state.piles[pile] if game.state.defs[c] == def_id)


@pytest.mark.rule("MR-GEN-01")
def test_new_game_dialog_starts_a_replay_game(qtbot, win):
    seen: dict[str, object] = {}

    def fill() -> None:
        dlg = QApplication.activeModalWidget()
        assert dlg is not None
        dlg.ruleset.setCurrentIndex(dlg.ruleset.findData("replay"))
        seen["film_hidden"] = not dlg.film.isVisibleTo(dlg)
        seen["curtain_shown"] = dlg.curtain.isVisibleTo(dlg)
        dlg.seed.setText("11")
        dlg.accept()

    QTimer.singleShot(0, fill)
    win.new_game_dialog()
    assert seen == {"film_hidden": True, "curtain_shown": True}
    assert page_of(win, "replay").game is not None and win.pages.currentWidget() is page_of(win, "replay")
    game = win.ops.game
    assert game.setup.seed == 11 and game.acting == 0
    table = page_of(win, "replay")
    assert table.covered and table.curtain.title == "Pass the computer to the Humans"
    assert win.settings.last_setup.ruleset == "replay"
    hand_over(qtbot, table, "space")
    assert table.front == 0 and len(table.scene.hand_ids(0)) == 8 and not table.scene.hand_ids(1)
    assert page_of(win).hud is not None and table.hud.values["mp"] == "MP 0/20"


def test_save_continue_and_load_give_the_same_game(qtbot, win, tmp_path):
    table = start(win, 5)
    play(win, 40, 5)
    game = win.ops.game
    want = game.state_hash()
    path = tmp_path / "replay.json"
    assert win.save_file(path)
    from engine.core.savefile import read_save_any

    assert read_save_any(path)[0] == "replay"
    assert win.start_new("test", 1, None, 3)  # a Legendary game in between
    assert page_of(win, "replay").game is None and win.pages.currentWidget() is page_of(win)
    assert win.load_file(path)
    assert page_of(win, "replay").game is not None and win.ops.game.state_hash() == want
    assert table.covered and table.pending == win.ops.game.acting  # hands stay hidden after a load
    # Continue: the autosave of the last command, in a fresh window too
    assert win.start_replay(9)
    play(win, 12, 9)
    want = win.ops.game.state_hash()
    from matrix_gui.mainwindow import MainWindow

    other = MainWindow(win.paths, dev=FIXTURES)
    qtbot.addWidget(other)
    other.settings.skip_animations = True
    assert other.continue_game()
    assert page_of(other, "replay").game is not None and other.ops.game.state_hash() == want
    assert page_of(other, "replay").covered


def test_a_refused_drag_shows_the_engines_reason(qtbot, win):
    table = start(win, 3)
    hand_over(qtbot, table, "click")
    game = win.ops.game
    keymaker = card_in(game, "p0.hand", "the_keymaker")
    before = game.state_hash()
    rdrag(qtbot, win, ("card", keymaker), ("pile", "p0.matrix"))  # deploy before drawing
    why = game.check(Command("deploy", (keymaker,), 0))
    assert why is not None and why.rule == "MR-CHAR-09"
    assert table.view.last_reason == f"{why.reason} (MR-CHAR-09)"
    assert why.reason in win.statusBar().currentMessage()
    assert game.state_hash() == before
    home = table.scene.slot_rect("p0.hand", 0).topLeft()
    assert table.view.table.item_for(("card", keymaker)).pos() == home, "the card snapped back"
    # a command of the other seat is refused with the engine's reason too
    assert not table.submit(Command("draw", (), 1))
    assert "MR-TURN-04" in table.last_reason and game.state_hash() == before


def test_the_keyboard_and_the_actions_menu_play_a_turn(qtbot, win):
    table = start(win, 3)
    game = win.ops.game
    win.actions_menu.aboutToShow.emit()
    texts = [a.text() for a in win.actions_menu.actions()]
    assert texts[0] == "Take over as the Humans (Space)"
    win.actions_menu.actions()[0].trigger()
    assert table.front == 0
    win.actions_menu.aboutToShow.emit()
    draw = next(a for a in win.actions_menu.actions() if a.text() == "Draw the top 2 cards of your deck")
    draw.trigger()
    assert game.state.step == "zion_deploy"
    view = table.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.focus_key is not None
    n = len(game.commands)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert len(game.commands) == n + 1 and game.commands[-1].startswith("@0 deploy")
    qtbot.keyClick(view, Qt.Key.Key_D)  # Done deploying: the Machines draw next, behind the curtain
    assert game.commands[-1] == "@0 done" and table.covered and table.pending == 1
    qtbot.keyClick(win, Qt.Key.Key_E)  # nothing happens behind the curtain
    assert game.commands[-1] == "@0 done"
    hand_over(qtbot, table, "space")
    rclick(qtbot, win, ("button", "draw"))
    assert game.commands[-1] == "@1 draw"


def test_the_curtain_can_be_switched_off_for_one_person(qtbot, win):
    table = start(win, 3, curtain=False)
    game = win.ops.game
    assert not table.curtain.isVisible() and table.front == 0
    play(win, 6)
    assert not table.curtain.isVisible() and table.front == game.acting
    assert table.handoffs == 0
    from matrix_gui.replay.prefs import ReplayPrefs

    assert ReplayPrefs.load(win.paths.config).curtain is False
    table.set_curtain(True)
    assert ReplayPrefs.load(win.paths.config).curtain is True


def test_undo_belongs_to_the_side_that_moved(qtbot, win):
    table = start(win, 3)
    game = win.ops.game
    play(win, 1)  # the Humans draw: the undo window closes behind a draw
    hand_over_done = Command("done", (), 0)
    assert table.submit(hand_over_done) and table.covered and table.pending == 1
    win.undo()  # still at the screen, the Humans take it back: the curtain goes down again
    assert game.state.step == "zion_deploy" and not table.covered and table.front == 0
    assert table.submit(hand_over_done) and table.covered
    hand_over(qtbot, table, "click")
    win.undo()  # the Machines may not take back the Humans' move
    assert "only they can take it back" in table.last_reason and game.commands[-1] == "@0 done"
    table.hand_over()  # the Machines give the computer back (e.g. to play an instant Event)
    assert table.covered and table.pending == 0 and table.last_front == 1


@pytest.mark.rule("MR-COMP-04")
def test_dice_tumble_then_show_the_rolled_faces(qtbot, win):
    table = start(win, 3)
    game = win.ops.game
    bots = (HeuristicBot(3), HeuristicBot(4))
    while True:  # to the command that starts the first contest (tried on a scratch copy first)
        if table.front != game.acting:
            table.acknowledge()
        cmd = bots[game.acting].choose(game, game.acting)
        scratch = ReplayGame(game.db, game.state.clone(), track_undo=False)
        if any(e.kind == "dice_rolled" for e in scratch.apply(cmd).events):
            break
        assert table.submit(cmd)
    win.settings.skip_animations = False
    win.settings.animation_speed = 4.0
    frames: list[tuple] = []
    panel = table.scene.contest
    table.anim.frame.connect(lambda: frames.append(panel.rolling))
    assert table.submit(cmd)
    qtbot.waitUntil(lambda: not table.busy(), timeout=5000)
    tumbling = [f for f in frames if f is not None]
    assert len(tumbling) >= 2
    dice = game.state.contest.dice if game.state.contest else game.state.last["dice"]
    assert tumbling[-1][:2] == tuple(dice), "the tumble ends on the rolled faces"
    assert len({f[:2] for f in tumbling}) > 1, "the faces tumble first"
    assert panel.rolling is None and panel.view == table.observe()


@pytest.mark.slow
def test_screenshot_of_a_replay_table(tmp_path, _home):
    out = tmp_path / "replay.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(_home))
    args = ["--screenshot", str(out), "--ruleset", "replay", "--seed", "3", "--bot", "20",
            "--size", "1280x800"]
    res = subprocess.run([sys.executable, "-m", "matrix_gui.app", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert img.width() == 1280 and img.height() == 800


def test_the_replay_table_changes_the_game_only_through_the_operations_layer():
    assert engine_mutations(sorted((ROOT / "matrix_gui" / "replay").glob("*.py"))) == []
