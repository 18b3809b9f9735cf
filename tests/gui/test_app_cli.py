"""The command line: --screenshot, --smoke and ``python -m matrix_gui.app``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "matrix_gui.app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_screenshot_after_a_scenario(tmp_path, _home):
    out = tmp_path / "shot.png"
    res = run(["--screenshot", str(out), "--scenario", str(ROOT / "tests/scenarios/phone_blocked.scn"),
               "--size", "1280x800"], _home)
    assert res.returncode == 0, res.stderr
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert img.width() == 1280 and img.height() == 800


def test_smoke_draws_the_first_frame(_home):
    res = run(["--smoke", "--dev"], _home)
    assert res.returncode == 0, res.stderr
    assert "OK" in res.stdout


def test_smoke_fails_clearly_without_a_film(_home):
    res = run(["--smoke", "--film", "no_such_film"], _home)
    assert res.returncode != 0
    assert "no_such_film" in res.stderr
