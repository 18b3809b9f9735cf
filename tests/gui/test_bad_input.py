"""Load, Continue and New Game with damaged saves or card files show a message box with a clear sentence
and change nothing; the app's arguments are checked in one line (issue 16, items 9, 10, 19, 20)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matrix_gui.app import main as app_main
from tests.robust.damage import base_payloads, damaged_envelope
from tests.robust.helpers import real_save, run, shipped_cards_copy, write_payload

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def payload(tmp_path_factory) -> dict:
    return real_save(tmp_path_factory.mktemp("save") / "good.json", commands=6)


def _damaged(payload: dict, which: str) -> dict:
    setup = payload["setup"]
    return {
        "list": {**payload, "setup": []},
        "null": {**payload, "setup": None},
        "seed": {**payload, "setup": {**setup, "seed": "abc"}},
        "avatar": {**payload, "setup": {**setup, "avatars": ["nobody", "mouse"]}},
        "digit": {**payload, "commands": [*payload["commands"], "play ²"]},
    }[which]


WORDS = {"list": "setup must be an object, not a list", "null": "setup must be an object, not null",
         "seed": 'setup.seed must be a whole number, not the text "abc"',
         "avatar": "LE-SETUP-02: 'nobody' is not an Avatar", "digit": "bad number"}


@pytest.mark.parametrize("which", sorted(WORDS))
def test_load_of_a_damaged_save_shows_the_clear_sentence(qtbot, win, payload, which):
    path = win.paths.saves / "bad.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    before = write_payload(path, _damaged(payload, which))
    assert not win.load_file(path)
    assert WORDS[which] in win.last_error and "bad.json" in win.last_error
    assert win._error_box is not None and WORDS[which] in win._error_box.text()
    assert "unsupported operand" not in win.last_error
    assert path.read_bytes() == before and win.ops.game is None


@pytest.mark.parametrize("which", ["list", "seed"])
def test_continue_on_a_damaged_autosave_shows_the_clear_sentence(qtbot, win, payload, which):
    win.paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    before = write_payload(win.paths.autosave, _damaged(payload, which))
    assert not win.continue_game()
    assert WORDS[which] in win.last_error
    assert win.paths.autosave.read_bytes() == before


@pytest.fixture
def broken_cards(tmp_path, monkeypatch) -> Path:
    return shipped_cards_copy(tmp_path, monkeypatch)


def test_new_game_shows_a_card_load_error(qtbot, win, broken_cards):
    (broken_cards / "heroes_tank.toml").write_text("[[card]\nid = 1\n", encoding="utf-8")
    win.new_game_dialog()  # no dialog: the cards do not load, and the player is told why
    assert "heroes_tank.toml" in win.last_error and win.ops.game is None
    assert not win.start_new("the_matrix", 2, None, 1)
    assert "heroes_tank.toml" in win.last_error


def test_continue_with_a_card_file_nested_5000_deep_shows_the_file(qtbot, win, payload, broken_cards):
    (broken_cards / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    win.paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    before = write_payload(win.paths.autosave, payload)
    assert not win.continue_game()
    assert "deep.toml: nested too deeply" in win.last_error
    assert win.paths.autosave.read_bytes() == before


@pytest.mark.parametrize("argv", [["--size", "abc"], ["--size", "10x10"], ["--zoom", "card:abc"],
                                  ["--zoom", "row.0;rm"], ["--seed", "x"], ["--players", "²"],
                                  ["--bot", "many"]])
def test_bad_app_arguments_are_one_line(argv):
    res = run(app_main, ["--screenshot", "never.png", *argv])
    assert res.refused_clearly(), res.err
    assert not Path("never.png").exists()


def _app(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "matrix_gui.app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def our_lines(stderr: str) -> list[str]:
    """Stderr without the offscreen Qt plugin's own notices."""
    return [ln for ln in stderr.splitlines() if ln.strip() and "propagateSizeHints" not in ln]


def test_zoom_on_nothing_is_refused(tmp_path, _home):
    out = tmp_path / "shot.png"
    res = _app(["--screenshot", str(out), "--zoom", "nonsense"], _home)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert our_lines(res.stderr) == ["matrix-tabletop --screenshot: --zoom: pile 'nonsense' shows no card "
                                     "face on this table"]
    assert not out.exists()


@pytest.fixture(scope="module")
def fuzz_bases(tmp_path_factory) -> dict[str, dict]:
    return base_payloads(tmp_path_factory.mktemp("bases"))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_load_refuses_fuzzed_saves_with_a_message_and_never_changes_them(qtbot, win, fuzz_bases, data):
    """The hypothesis saves of tests/robust/test_fuzz_inputs.py through the app's own Load."""
    raw = data.draw(damaged_envelope(fuzz_bases))
    path = win.paths.saves / "fuzzed.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    win.last_error = ""
    if not win.load_file(path):
        assert win.last_error.strip() and "Traceback" not in win.last_error
    assert path.read_bytes() == raw
