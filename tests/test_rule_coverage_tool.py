"""Tests of the rule-coverage tooling: checklist parser, ID extraction, recorder plugin, report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools import rule_coverage
from tools.rule_ids import (
    SESSION_KEY,
    ids_from_marker_args,
    ids_from_test_name,
    parse_rules_text,
    read_hits,
    sections_in_order,
    write_hits,
)

REPO = Path(__file__).resolve().parent.parent

SAMPLE_RULES = textwrap.dedent(
    """\
    # Sample checklist

    Line format: `- **ID** statement. (kind: K)`.

    ## LE-MOVE — Movement

    - **LE-MOVE-01** Each player may move once per turn for free. (kind: legality)
    - **LE-MOVE-02** Moving costs nothing. (kind: effect)
      - open question: **LE-MOVE-99** is not a rule line but a note.
      - default: ignore it.
    - **LE-MOVE-03** The RSI standee shows where you are. (kind: ui)

    ## MR-DICE — Dice

    - **MR-DICE-01** Roll a d10. (kind: effect)
    - **MR-DICE-02** A statement without a kind.
    """
)


def _write_rules(tmp_path: Path) -> Path:
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "sample.md").write_text(SAMPLE_RULES, encoding="utf-8")
    return rules_dir


def test_parse_rules_text_reads_ids_kinds_and_statements() -> None:
    rules = parse_rules_text(SAMPLE_RULES, source="sample.md")
    assert [r.id for r in rules] == ["LE-MOVE-01", "LE-MOVE-02", "LE-MOVE-03", "MR-DICE-01", "MR-DICE-02"]
    assert [r.kind for r in rules] == ["legality", "effect", "ui", "effect", ""]
    assert rules[0].statement == "Each player may move once per turn for free."
    assert rules[0].section == "LE-MOVE"
    assert rules[0].source == "sample.md" and rules[0].line == 7
    assert sections_in_order(rules) == ["LE-MOVE", "MR-DICE"]


def test_shared_checklists_parse_with_a_kind_on_every_rule() -> None:
    rules_dir = rule_coverage.DEFAULT_RULES
    if not rules_dir.is_dir():
        pytest.skip(f"no shared rules at {rules_dir}")
    rules = rule_coverage.parse_rules_dir(rules_dir)
    assert len(rules) > 100
    assert all(r.kind in {"setup", "legality", "effect", "timing", "end", "ui"} for r in rules)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("test_le_move_07_free_move_once", ["LE-MOVE-07"]),
        ("test_mr_dice_03_x", ["MR-DICE-03"]),
        ("test_EX_RUMOR_10", ["EX-RUMOR-10"]),
        ("test_le_move_07_and_le_move_08[seed-3]", ["LE-MOVE-07", "LE-MOVE-08"]),
        ("test_le_move_07_le_move_07_twice", ["LE-MOVE-07"]),
        ("test_le_move_7_one_digit", []),
        ("test_le_move_071_three_digits", []),
        ("test_complex_move_12", []),
        ("test_card_conservation", []),
    ],
)
def test_ids_from_test_name(name: str, expected: list[str]) -> None:
    assert ids_from_test_name(name) == expected


def test_ids_from_marker_args_normalises_and_flattens() -> None:
    assert ids_from_marker_args(["le-move-07", ("LE-MOVE-08", " LE_MOVE_09 "), "LE-MOVE-07"]) == [
        "LE-MOVE-07",
        "LE-MOVE-08",
        "LE-MOVE-09",
    ]


def test_write_hits_is_atomic_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "build" / "rule_hits.json"
    write_hits(path, {"LE-MOVE-02": ["b", "a", "a"]}, {"tests_collected": 3})
    write_hits(path, {"LE-MOVE-01": ["t"]}, {"tests_collected": 1})  # overwrites, no merge
    loaded = read_hits(path)
    assert loaded.hits == {"LE-MOVE-01": ["t"]}
    assert loaded.session == {"tests_collected": 1}
    assert [p.name for p in path.parent.iterdir()] == ["rule_hits.json"]


RECORDED_TESTS = textwrap.dedent(
    """\
    import pytest

    pytestmark = pytest.mark.rule("MR-DICE-01")

    @pytest.mark.rule("LE-MOVE-02", "LE-MOVE-03")
    def test_marked():
        pass

    def test_le_move_01_by_name():
        pass

    def test_le_move_02_fails():
        assert False

    @pytest.mark.skip(reason="not yet")
    def test_mr_dice_02_skipped():
        pass

    @pytest.mark.xfail(reason="known gap")
    def test_ex_grid_01_xfail():
        assert False

    class TestClass:
        pytestmark = pytest.mark.rule("EX-GRID-02")

        def test_inherits(self):
            pass
    """
)


def _run_inner_pytest(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], dict]:
    """Run pytest with only the recorder plugin on a sample test file; return the run and the JSON."""
    (tmp_path / "test_sample.py").write_text(RECORDED_TESTS, encoding="utf-8")
    hits_path = tmp_path / "out" / "rule_hits.json"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "tests.plugins.rule_recorder",
        "-p",
        "no:cacheprovider",
        f"--rule-hits={hits_path}",
        "--rootdir",
        str(tmp_path),
        str(tmp_path / "test_sample.py"),
        *args,
    ]
    proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert hits_path.exists(), proc.stdout + proc.stderr
    return proc, json.loads(hits_path.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_recorder_writes_passing_tests_per_rule(tmp_path: Path) -> None:
    proc, data = _run_inner_pytest(tmp_path)
    assert proc.returncode == 1, proc.stdout  # test_le_move_02_fails fails
    session = data.pop(SESSION_KEY)
    marked, by_name, inherits = (
        "test_sample.py::test_marked",
        "test_sample.py::test_le_move_01_by_name",
        "test_sample.py::TestClass::test_inherits",
    )
    assert data == {
        "EX-GRID-02": [inherits],
        "LE-MOVE-01": [by_name],
        "LE-MOVE-02": [marked],
        "LE-MOVE-03": [marked],
        "MR-DICE-01": sorted([inherits, by_name, marked]),
    }
    assert session["tests_collected"] == 6
    assert session["tests_passed"] == 3
    assert session["partial"] is True  # the run named one file, not the testpaths


@pytest.mark.slow
def test_recorder_marks_deselection_as_partial(tmp_path: Path) -> None:
    _, data = _run_inner_pytest(tmp_path, "-k", "marked")
    session = data.pop(SESSION_KEY)
    assert set(data) == {"LE-MOVE-02", "LE-MOVE-03", "MR-DICE-01"}
    assert session["tests_deselected"] == 5
    assert "5 tests deselected" in session["partial_reasons"]


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    status = rule_coverage.main(list(argv))
    return status, capsys.readouterr().out.splitlines()


def test_report_counts_sections_and_requires(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules_dir = _write_rules(tmp_path)
    hits = tmp_path / "rule_hits.json"
    write_hits(hits, {"LE-MOVE-01": ["t1"], "LE-MOVE-02": ["t2"], "LE-BOGUS-01": ["t3"]}, {"partial": False})
    base = ["--rules", str(rules_dir), "--hits", str(hits)]

    status, out = _report(capsys, *base)
    assert status == 0
    assert out[0] == "warning: tests cite IDs that no checklist defines: LE-BOGUS-01"
    assert out[1].split() == ["LE-MOVE", "2/3", "(ui:", "1", "not", "covered)"]
    assert out[2].split() == ["MR-DICE", "0/2"]
    assert out[-1] == "covered 2 of 5"

    status, out = _report(capsys, *base, "--section", "MR-DICE", "--kinds")
    assert status == 0
    assert out[1:] == [
        "MR-DICE   0/2",
        "    MR-DICE-01  (kind: effect)",
        "    MR-DICE-02  (kind: ?)",
        "covered 0 of 2",
    ]

    status, out = _report(capsys, *base, "--require", "LE-MOVE")  # only the ui rule is missing
    assert status == 0
    status, out = _report(capsys, *base, "--require", "le-move,MR-DICE")
    assert status == 1
    assert "    MR-DICE-01  (kind: effect)" in out and out[-1] == "covered 2 of 5"


def test_report_without_hits_file_or_with_bad_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules_dir = _write_rules(tmp_path)
    base = ["--rules", str(rules_dir), "--hits", str(tmp_path / "absent.json")]
    status, out = _report(capsys, *base, "--missing")
    assert status == 0
    assert out[0].startswith("note:") and out[-1] == "covered 0 of 5"
    assert "    LE-MOVE-03" in out
    assert rule_coverage.main([*base, "--section", "LE-NOPE"]) == 2
