"""The command line: --screenshot, --smoke and ``python -m matrix_gui.app``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gui.conftest import FIXTURES

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "matrix_gui.app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_screenshot_after_a_scenario(tmp_path, _home):
    out = tmp_path / "shot.png"
    res = run(["--screenshot", str(out), "--scenario", str(ROOT / "tests/scenarios/phone_blocked.scn"),
               "--size", "1280x800"], _home)
    assert res.returncode == 0, res.stderr
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert img.width() == 1280 and img.height() == 800


def test_smoke_draws_the_first_frame(_home):
    res = run(["--smoke", "--dev", str(FIXTURES)], _home)
    assert res.returncode == 0, res.stderr
    assert "OK" in res.stdout


@pytest.mark.slow
def test_smoke_fails_clearly_without_a_film(_home):
    res = run(["--smoke", "--film", "no_such_film"], _home)
    assert res.returncode != 0
    assert "no_such_film" in res.stderr


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_screenshot_and_smoke_never_write_the_autosave_or_settings(qtbot, win, _home, tmp_path):
    """Issue 16 item 1: only a real game writes the user's autosave (and settings)."""
    from tests.gui.conftest import drag, ref, scenario

    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    win.close()  # writes the settings too
    data, config = _files(win.paths.data), _files(win.paths.config)
    assert "autosave.json" in data and "settings.json" in config

    dev = ["--dev", str(FIXTURES)]
    runs = [["--screenshot", str(tmp_path / "a.png")], ["--smoke"], ["--smoke", *dev, "--continue"],
            ["--screenshot", str(tmp_path / "b.png"), *dev, "--continue"]]
    for args in runs:
        res = run(args, _home)
        assert res.returncode == 0, (args, res.stderr)
        assert _files(win.paths.data) == data, f"{args} changed the data folder"
        assert _files(win.paths.config) == config, f"{args} changed the settings"
    assert (tmp_path / "a.png").is_file() and (tmp_path / "b.png").is_file()


@pytest.mark.parametrize("blocker, names", [
    ("", "the autosave"),  # the home itself is a file
    ("data", "the autosave"),
    ("config", "the settings"),
    ("data/autosave.json/x", "the autosave"),  # a folder where the autosave goes
])
def test_smoke_fails_when_the_home_cannot_be_written(tmp_path, blocker, names):
    """Issue 16 item 3 (tests run as root, so a file in the way stands for an unwritable folder)."""
    home = tmp_path / "home"
    in_the_way = home / blocker if blocker else home
    in_the_way.parent.mkdir(parents=True, exist_ok=True)
    in_the_way.write_text("in the way")
    res = run(["--smoke", "--home", str(home)], tmp_path / "unused")
    assert res.returncode != 0
    assert "OK" not in res.stdout
    assert f"matrix-tabletop --smoke: FAILED: cannot write {names}" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
    assert in_the_way.read_text() == "in the way"
