"""Undo, Save/Load, autosave, Continue, and a SIGKILL mid-game (issue 4, item 6)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import FIXTURES, drag, ref, scenario

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def test_undo_with_ctrl_z_inside_the_undo_window(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    before = win.ops.game.state_hash()
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    assert win.ops.game.state_hash() != before
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.ops.game.state_hash() == before
    assert win.view.table.pile_cards("p0.play") == []


def test_undo_outside_the_window_shows_why(qtbot, win):
    scenario(win, "world 0 matrix")
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "cannot undo" in win.statusBar().currentMessage()


def test_autosave_after_every_command_and_continue(qtbot, win, _home):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    h = win.ops.game.state_hash()
    assert win.paths.autosave.is_file()
    from matrix_gui.mainwindow import MainWindow

    again = MainWindow(win.paths, dev=FIXTURES)
    qtbot.addWidget(again)
    assert again.btn_continue.isEnabled()
    assert again.continue_game()
    assert again.ops.game.state_hash() == h
    said = again.statusBar().currentMessage()  # in the player's words, not the autosave's folder
    assert said == "Continuing your last game" and str(win.paths.data) not in said


def test_save_and_load_with_the_shortcuts(qtbot, win, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    target = win.paths.saves / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
    qtbot.keyClick(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert target.is_file()
    h = win.ops.game.state_hash()
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    assert win.ops.game.state_hash() != h
    qtbot.keyClick(win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert win.ops.game.state_hash() == h
    assert str(target).startswith(str(win.paths.data))


def test_a_bad_save_shows_why_and_is_left_untouched(qtbot, win):
    bad = win.paths.saves / "broken.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "matrix-tabletop-save", "version": 1, "ruleset": "legendary", "payload": {}}')
    before = bad.read_bytes()
    assert not win.load_file(bad)
    assert "broken.json" in win.last_error
    assert bad.read_bytes() == before
    assert win.ops.game is None


def test_kill_mid_game_then_continue_restores_the_same_state(qtbot, win, _home):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(_home))
    proc = subprocess.Popen([sys.executable, "-m", "matrix_gui.app", "--dev", str(FIXTURES), "--film", "test",
                             "--seed", "5", "--bot", "40"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL,
                            text=True)
    last = ""
    deadline = time.monotonic() + 60
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("HASH "):
                last = line.split()[1]
            if line.startswith("BOT DONE") or time.monotonic() > deadline:
                break
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert last
    from matrix_gui.mainwindow import MainWindow

    again = MainWindow(win.paths, dev=FIXTURES)
    qtbot.addWidget(again)
    assert again.btn_continue.isEnabled()
    assert again.continue_game()
    assert again.ops.game.state_hash() == last
