"""Quitting writes the settings file only when a setting changed (start-up and quit stay cheap)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_unchanged_settings_are_not_written_again(qtbot, win):
    path = win.paths.settings_file
    win.save_settings()  # the first time: the file does not exist yet
    assert path.is_file()
    path.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")  # same content, new stamp
    stamp = path.stat().st_mtime_ns
    win.save_settings()
    assert path.stat().st_mtime_ns == stamp  # nothing changed: not rewritten
    win.settings.animation_speed = 2.0
    win.save_settings()
    assert '"animation_speed": 2.0' in path.read_text(encoding="utf-8")
