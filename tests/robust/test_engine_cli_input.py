"""``matrix-engine`` refuses bad arguments, card files and scenario files with one line on stderr and a
non-zero exit status, never a traceback or an error buried in JSON (issue 16, items 9, 10, 20)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from tests.robust.helpers import run, shipped_cards_copy

ROOT = Path(__file__).resolve().parents[2]
PHONE = ROOT / "tests" / "scenarios" / "phone_blocked.scn"


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "-5"], ["simulate", "--games", "0"], ["simulate", "--games", "many"],
    ["simulate", "--players", "9"], ["simulate", "--players", "0"], ["simulate", "--players", "x"],
    ["simulate", "--players", "3-1"], ["simulate", "--players", "1-9"],
    ["simulate", "--bot", "nosuchbot"], ["simulate", "--cards", "/nonexistent"],
    ["simulate", "--ruleset", "replay", "--bot", "zz"], ["simulate", "--ruleset", "replay", "--games", "-3"],
    ["validate-cards", "--cards", "/nonexistent"],
    ["validate-cards", "--ruleset", "replay", "--cards", "/nope"],
    ["replay", "/nonexistent.json"], ["run-scenario", "/nonexistent.scn"], ["frobnicate"], [],
])
def test_bad_arguments_exit_non_zero_with_one_line(argv):
    res = run(main, argv)
    assert res.refused_clearly(), (res.code, res.err)
    assert res.out == ""


@pytest.mark.rule("LE-GEN-01")
def test_le_gen_01_simulate_refuses_a_player_count_outside_1_to_5():
    res = run(main, ["simulate", "--games", "1", "--players", "6"])
    assert res.code == 2 and "LE-GEN-01" in res.err


def test_simulate_still_runs_good_arguments():
    res = run(main, ["simulate", "--games", "2", "--players", "2,3", "--bot", "random"])
    assert res.code == 0, res.err
    assert json.loads(res.out)["errors"] == 0


def test_a_card_file_nested_5000_deep_is_a_card_load_error(tmp_path):
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    res = run(main, ["validate-cards", "--cards", str(tmp_path)])
    assert res.code == 1 and "deep.toml: nested too deeply" in res.err and "Traceback" not in res.err
    res = run(main, ["simulate", "--games", "1", "--cards", str(tmp_path)])
    assert res.refused_clearly() and "deep.toml" in res.err, res.err


def test_a_card_file_with_a_deep_field_is_a_card_load_error(tmp_path):
    (tmp_path / "deep.toml").write_text('[[card]]\nid = "a"\nkind = "hero"\nname = "A"\ndeck = "x"\n'
                                        "effects = " + "[" * 900 + "]" * 900 + "\n", encoding="utf-8")
    res = run(main, ["validate-cards", "--cards", str(tmp_path)])
    assert res.code == 1 and "deep.toml" in res.err and "Traceback" not in res.err


def test_simulate_names_a_broken_card_file_in_one_line(tmp_path):
    (tmp_path / "oops.toml").write_text("[[card]\nid = 1\n", encoding="utf-8")
    res = run(main, ["simulate", "--games", "1", "--cards", str(tmp_path)])
    assert res.refused_clearly() and "oops.toml: not valid TOML" in res.err, res.err


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch) -> Path:
    return shipped_cards_copy(tmp_path, monkeypatch)


@pytest.mark.rule("LE-FILMS-01", "LE-FILMS-02", "LE-FILMS-03")
@pytest.mark.parametrize(("name", "emptied", "missing"), [
    ("act_know_thyself.toml", True, "Act 2 'know_thyself'"),
    ("act_he_is_the_one.toml", False, "Act 3 'he_is_the_one'"),
    ("heroes_tank.toml", False, "Hero Group 'tank'"),
    ("avatars_the_matrix.toml", True, "Avatar 'switch'"),
])
def test_a_film_with_a_card_file_emptied_or_deleted_fails_validation_and_simulate(shipped_copy, name, emptied,
                                                                                  missing):
    path = shipped_copy / name
    if emptied:
        path.write_text("", encoding="utf-8")
    else:
        path.unlink()
    res = run(main, ["validate-cards"])
    assert res.code == 1 and "The Matrix is incomplete" in res.err and missing in res.err, res.err
    res = run(main, ["simulate", "--games", "1"])
    assert res.refused_clearly() and "The Matrix is incomplete" in res.err and res.out == "", res.err


@pytest.mark.parametrize(("text", "words"), [
    (b"\xff\xfe\x00garbage" * 50, "is not UTF-8"),
    (b"setup avatars=a seed=abc\n", 'setup.seed must be a whole number, not the text "abc"'),
    (b"setup colour=red\n", "setup.colour is not a known field"),
    (b"setup avatars=nobody acts=a,b,c groups=a,b,c,d\n", "LE-SETUP-02"),
    (b"setup cards=/nonexistent\n", "card folder does not exist"),
    (b'setup "unclosed\n', "line 1"),
    (b"time 3\n", "the first directive must be 'setup'"),
])
def test_run_scenario_names_the_bad_line_or_field(tmp_path, text, words):
    path = tmp_path / "bad.scn"
    path.write_bytes(text)
    res = run(main, ["run-scenario", str(path)])
    assert res.refused_clearly() and words in res.err and str(path) in res.err, res.err
    assert path.read_bytes() == text


@pytest.mark.parametrize(("extra", "words"), [
    ("empty nosuch", "no such name 'nosuch'"),
    ("effect 0 teleport x=1", "effect"),
    ("effect 0 gain_recruit amount=²", "bad number '²'"),
    ("put nosuch p0.hand", "no card 'nosuch'"),
    ("> play ²", ""),
])
def test_run_scenario_on_bad_position_lines(tmp_path, extra, words):
    text = PHONE.read_text(encoding="utf-8").replace("cards=../fixtures/cards",
                                                     f"cards={ROOT / 'tests' / 'fixtures' / 'cards'}")
    path = tmp_path / "bad.scn"
    path.write_text(text + extra + "\n", encoding="utf-8")
    res = run(main, ["run-scenario", str(path)])
    if words:
        assert res.refused_clearly() and words in res.err, res.err
    else:  # a refused command is part of the scenario's output, not an error
        assert "Traceback" not in res.err
        assert json.loads(res.out)["rejections"][-1]["rule"] == "COMMAND"


def test_the_installed_command_prints_no_traceback_for_a_binary_scenario(tmp_path):
    path = tmp_path / "noise.scn"
    path.write_bytes(bytes(range(256)) * 8)
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "run-scenario", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "not UTF-8" in proc.stderr
