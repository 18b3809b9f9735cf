"""The app loads a save of the first release (other cards) and says what that means."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

WAVE1 = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "legendary_wave1.json"


def test_the_app_loads_a_first_release_save_and_says_so(qtbot, win):
    assert win.load_file(WAVE1)
    assert "earlier moves cannot be replayed" in win.statusBar().currentMessage()
    assert win.ops.game is not None and not win.ops.game.over
    assert win.ops.game.legal_commands()
