"""A failed autosave is shown at once and until it works again (issue 16, item 17); stale temp
files are cleaned at start, Continue and Load keep the game log and show progress (items 16, 21, 22)."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import drag, open_window, ref, scenario

pytestmark = pytest.mark.gui


def _play_unplug(qtbot, win) -> None:
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))


def _disk_full_under(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes to files under ``root`` fail at the OS boundary as on a full disk."""
    real = os.write

    def write(fd: int, data: bytes) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(root)):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to tell files apart")
def test_a_full_disk_is_shown_at_the_first_failed_autosave_and_until_it_works(qtbot, win, monkeypatch):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug unplug")
    warning = win.autosave_warning
    assert warning.isHidden()
    with monkeypatch.context() as m:
        _disk_full_under(win.paths.data, m)
        _play_unplug(qtbot, win)
        assert len(win.ops.game.state.piles["p0.play"]) == 1  # the game goes on
        assert warning.isVisible()
        assert "Autosave failed" in warning.text() and os.strerror(errno.ENOSPC) in warning.text()
        assert "not being saved" in warning.text()
        qtbot.waitUntil(lambda: "Autosave failed" in win.statusBar().currentMessage(), timeout=2000)
        win.statusBar().clearMessage()
        _play_unplug(qtbot, win)
        assert warning.isVisible()
        qtbot.waitUntil(lambda: "Autosave failed" in win.statusBar().currentMessage(),  # said again
                        timeout=2000)
    _play_unplug(qtbot, win)  # the disk has room again
    assert warning.isHidden()
    assert win.ops.autosave_error == ""
    h = win.ops.game.state_hash()
    again = open_window(qtbot, win.paths)
    assert again.continue_game()
    assert again.ops.game.state_hash() == h


def test_a_data_folder_that_cannot_be_made_is_shown_at_once(qtbot, _home, face_cache):
    """As root no folder is read-only; a data folder inside a regular file fails the same way."""
    from matrix_gui.paths import AppPaths

    _home.mkdir(parents=True, exist_ok=True)
    blocker = _home / "blocker"
    blocker.write_text("a file where the data folder's parent should be")
    paths = AppPaths(blocker / "data", _home / "config", _home / "cache")
    paths.cache.mkdir(parents=True)
    paths.faces.symlink_to(face_cache, target_is_directory=True)
    win = open_window(qtbot, paths)
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    assert win.autosave_warning.isVisible()
    assert "Autosave failed" in win.autosave_warning.text()
    assert "Not a directory" in win.autosave_warning.text() or "exists" in win.autosave_warning.text()
    _play_unplug(qtbot, win)
    assert len(win.ops.game.state.piles["p0.play"]) == 1
    assert win.autosave_warning.isVisible()
    blocker.unlink()
    _play_unplug(qtbot, win)
    assert win.autosave_warning.isHidden()
    assert paths.autosave.is_file()


def test_a_read_only_data_folder_is_shown_at_the_first_failed_autosave(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    data = win.paths.data
    data.chmod(0o555)
    try:
        if os.access(data, os.W_OK):
            pytest.skip("this user can write to read-only folders (root)")
        _play_unplug(qtbot, win)
        assert win.autosave_warning.isVisible()
        assert "Permission denied" in win.autosave_warning.text()
    finally:
        data.chmod(0o755)
    _play_unplug(qtbot, win)
    assert win.autosave_warning.isHidden()


def test_stale_temp_files_are_cleaned_at_start(qtbot, win):
    data, saves = win.paths.data, win.paths.saves
    saves.mkdir(parents=True, exist_ok=True)
    stale = [data / ".autosave.json.a1b2c3.tmp", data / ".autosave.journal.z9.tmp",
             saves / ".mine.json.q.tmp"]
    keep = [saves / "mine.json", data / "notes.txt"]
    for p in stale + keep:
        p.write_text("{}")
    open_window(qtbot, win.paths)
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in keep)


def test_continue_keeps_the_game_log(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    _play_unplug(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_E)  # end the turn: more events, some revealing
    before = win.log.lines()
    assert len(before) > 3
    again = open_window(qtbot, win.paths)
    assert again.continue_game()
    assert again.log.lines() == before


@pytest.mark.slow
def test_loading_a_long_game_shows_progress_and_rebuilds_the_log(qtbot, win, monkeypatch):
    from PySide6.QtWidgets import QProgressDialog

    from tests.core.long_game import play, start

    game = play(start(), 2_600)
    path = win.paths.saves / "long.json"
    game.save(path)
    shown: list[int] = []
    real = QProgressDialog.setValue

    def spy(self, value: int) -> None:
        shown.append(value)
        real(self, value)

    monkeypatch.setattr(QProgressDialog, "setValue", spy)
    assert win.load_file(path)
    assert win.ops.game.state_hash() == game.state_hash()
    assert len(shown) >= 5 and shown == sorted(shown) and shown[-1] >= 2_500
    assert len(win.log.lines()) > 2_600


def test_the_log_takes_a_batch_of_lines_at_once_and_shows_the_newest(qtbot, win):
    scenario(win, "world 0 matrix")
    win.log.show()
    rows = [(f"line {i}", "#cfeedd") for i in range(5_000)]
    win.log.clear()
    win.log.add_lines(rows)
    qtbot.wait(10)
    assert win.log.lines() == [t for t, _ in rows]
    bar = win.log.view.verticalScrollBar()
    assert bar.value() == bar.maximum() > 0


def test_closing_the_window_folds_the_journal_into_an_ordinary_save(qtbot, win):
    from engine.core.autosave import journal_path
    from engine.legendary.game import LegendaryGame

    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    _play_unplug(qtbot, win)
    journal = journal_path(win.paths.autosave)
    assert journal.read_bytes().count(b"\n") == 2  # the header and the command
    h = win.ops.game.state_hash()
    win.close()
    assert journal.read_bytes().count(b"\n") == 1
    assert LegendaryGame.load(win.paths.autosave).state_hash() == h
