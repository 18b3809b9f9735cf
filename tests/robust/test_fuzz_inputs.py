"""Hypothesis throws damaged saves, scenario files and arguments at both command lines and at the load
path the app uses: a non-zero exit status with one clear line, never a traceback, never a changed
file (issue 16, acceptance). A robustness test: no rule is involved.

Most examples run in-process through ``engine.cli.main``, a few through the installed command; the
app's Load path (``MainWindow.load_file``) gets the same saves in tests/gui/test_bad_input.py.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import load_any, main
from engine.core.savefile import SaveError
from tests.robust.damage import ODD_TEXT, base_payloads, damaged_envelope
from tests.robust.helpers import Run, run

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "cards"
PHONE = ROOT / "tests" / "scenarios" / "phone_blocked.scn"


def fuzz(examples: int) -> settings:
    """Bounded, repeatable runs: the same examples every time, no example database."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

@pytest.fixture(scope="module")
def bases(tmp_path_factory) -> dict[str, dict]:
    return base_payloads(tmp_path_factory.mktemp("bases"))


def _clear_or_fine(res: Run) -> None:
    """Refused with one clear line, or accepted with its JSON: never a traceback."""
    assert "Traceback" not in res.err, res.err
    if res.code == 0:
        assert res.err == "" and "hash" in json.loads(res.out)
    else:
        assert res.refused_clearly(), (res.code, res.err)


@fuzz(120)
@given(data=st.data())
def test_damaged_saves_are_refused_in_one_line_and_left_unchanged(tmp_path, bases, data):
    path = _replay_damaged(tmp_path, data.draw(damaged_envelope(bases)), lambda argv: run(main, argv))
    try:
        load_any(path)  # what Load and Continue call: a SaveError or a game, nothing else
    except SaveError as e:
        assert "\n" not in str(e) and str(path) in str(e)


def _replay_damaged(tmp_path: Path, raw: bytes, cli: Callable[[list[str]], Run]) -> Path:
    """``matrix-engine replay`` (through ``cli``) on a save holding ``raw``: a clear refusal or the
    replayed game, and the file unchanged; the save's path."""
    path = tmp_path / "save.json"
    path.write_bytes(raw)
    _clear_or_fine(cli(["replay", str(path)]))
    assert path.read_bytes() == raw
    return path


SCENARIO_LINES = PHONE.read_text(encoding="utf-8").replace(
    "cards=../fixtures/cards", f"cards={FIXTURE}").splitlines()
DIRECTIVES = ["setup", "time", "act", "active", "world", "pool", "free-move", "empty", "put", "hand",
              "effect", "expect", ">", "seed=", "avatars=", "cards=", "#"]
TOKEN = st.one_of(st.sampled_from(DIRECTIVES + ODD_TEXT + ["row.0", "p0.hand", "0", "1", "-3", "matrix",
                                                           "$x", "as", "x=1", "recruit=2"]),
                  st.text(max_size=8))


@st.composite
def damaged_scenario(draw) -> bytes:
    """A real scenario with lines deleted, replaced or added, tokens swapped, or random bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=400))
    lines = list(SCENARIO_LINES)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines)))
        op = draw(st.sampled_from(["add", "replace", "delete", "token"]))
        new = " ".join(draw(st.lists(TOKEN, min_size=1, max_size=5)))
        if op == "add" or i == len(lines):
            lines.insert(i, new)
        elif op == "replace":
            lines[i] = new
        elif op == "delete":
            del lines[i]
        else:
            words = lines[i].split() or [""]
            words[draw(st.integers(0, len(words) - 1))] = draw(TOKEN)
            lines[i] = " ".join(words)
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@fuzz(80)
@given(raw=damaged_scenario())
def test_damaged_scenarios_are_refused_in_one_line_and_left_unchanged(tmp_path, raw):
    path = tmp_path / "s.scn"
    path.write_bytes(raw)
    res = run(main, ["run-scenario", str(path)])
    assert "Traceback" not in res.err, res.err
    if res.code == 2:
        assert res.refused_clearly(), res.err
    else:  # the scenario ran: its JSON, with failed expectations (1) or none (0)
        assert res.code in (0, 1) and res.err == "" and "final" in json.loads(res.out)
    assert path.read_bytes() == raw


ARG = st.one_of(st.sampled_from(["-5", "0", "9", "1-5", "3-1", "2,3", "x", "²", "1" * 30, "", "random",
                                 "heuristic", "nosuchbot", "a:b", "/nonexistent", str(FIXTURE), "legendary",
                                 "replay", "chess", "--games", "--players", "--bot", "--cards", "--seed",
                                 "--ruleset", "--help"]), st.text(max_size=6))


@st.composite
def argv(draw) -> list[str]:
    """A sub-command and random options; a valid --games is kept to 1 so the runs stay short."""
    cmd = draw(st.sampled_from(["simulate", "validate-cards", "replay", "run-scenario", "frobnicate"]))
    rest = draw(st.lists(ARG, max_size=6))
    if cmd == "simulate":
        rest = ["--games", draw(st.sampled_from(["1", "-5", "0", "x", "²"])), *rest]
        rest = [a if a not in ("--games", "--help") or i == 0 else "--seed" for i, a in enumerate(rest)]
        rest = rest[:2] + [a for a in rest[2:] if a not in ("1-5", "2,3")] + ["--players", "1"]
    return [cmd, *rest]


@fuzz(60)
@given(args=argv())
def test_random_engine_arguments_never_print_a_traceback(args):
    res = run(main, args)
    assert "Traceback" not in res.err, (args, res.err)
    if res.code != 0:
        assert res.refused_clearly() or "error(s)" in res.err, (args, res.err)


@fuzz(4)
@given(data=st.data())
def test_the_installed_command_refuses_damaged_saves_in_one_line(tmp_path, bases, data):
    def installed(argv: list[str]) -> Run:
        proc = subprocess.run([sys.executable, "-m", "engine.cli", *argv], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        return Run(proc.returncode, proc.stdout, proc.stderr)

    _replay_damaged(tmp_path, data.draw(damaged_envelope(bases)), installed)
