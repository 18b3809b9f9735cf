"""``matrix-engine serve`` and ``join``: a bad option is one line and exit status 2, before any game
is hosted. (Whole hosted games through these commands: test_faults.py.)"""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

from engine.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MATRIX_TABLETOP_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(("args", "says"), [
    (["serve", "--players", "2", "--bots", "5"], "there is no seat 5 in this 2-seat game"),
    (["serve", "--ruleset", "replay", "--players", "3"], "Matrix Replay is for 2 players"),
    (["serve", "--ruleset", "expedition", "--traitor", "me_me_me"], "Legendary options"),
    (["serve", "--players", "2", "--traitor", "me_me_me"], "LE-TRAITOR-01"),
    (["serve", "--film", "nope"], "the film 'nope' is not loaded"),
    (["serve", "--cert", "c.pem"], "give both --cert and --key"),
    (["serve", "--port", "70000"], "is not a port"),
    (["serve", "--bots", "x"], "is not a list of seats"),
    (["join", "ws://127.0.0.1:1"], "give --code"),
])
def test_a_bad_option_is_one_line_and_status_2(args: list[str], says: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert run(args) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


def run(args: list[str]) -> int:
    """``matrix-engine ARGS``' exit status (argparse's own errors exit at once)."""
    try:
        return main(args)
    except SystemExit as e:
        return int(e.code or 0)


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        status = run(["serve", "--ruleset", "replay", "--host", "127.0.0.1", "--port", str(port)])
    err = capsys.readouterr().err
    assert status == 2 and "matrix-engine serve: error:" in err and len(err.strip().splitlines()) == 1


def test_join_without_a_host_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "ws://127.0.0.1:1", "--code", "ABCDEF"]) == 1
    assert "cannot reach the host" in capsys.readouterr().out
