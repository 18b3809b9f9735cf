"""Faults with real processes: a client killed with SIGKILL resumes its seat and plays on; a host
killed with SIGKILL leaves an autosave that goes on, locally or hosted again; a host that quits
says goodbye to every client."""
from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from engine.cli import load_any
from engine.core.autosave import read_autosave
from engine.core.savefile import SaveError
from engine.net.rulesets import make_bot, seat_count
from tests.net.procs import WAIT, Proc, cleanup, ended, join, serve

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def commands_saved(save: Path) -> int:
    """How many commands the autosave holds now (0 while it is being written for the first time)."""
    try:
        return len(read_autosave(save)[1]["commands"])
    except (SaveError, OSError, KeyError):
        return 0


def wait_commands(save: Path, n: int, *procs: Proc) -> None:
    """Wait until the autosave holds ``n`` commands (a game in progress)."""
    end = time.monotonic() + WAIT
    while commands_saved(save) < n:
        assert time.monotonic() < end, f"the game did not reach {n} commands:\n" + \
            "\n".join(line for p in procs for line in p.lines)
        time.sleep(0.05)


def join_bots(home: Path, address: str, code: str, procs: list[Proc], delay: float = 0.0,
              seeds: tuple[int, ...] = (1, 2)) -> list[Proc]:
    """One ``matrix-engine join`` bot per seed (each added to ``procs``, to be stopped)."""
    clients = [join(home, address, "--code", code, "--delay", str(delay), "--seed", str(i)) for i in seeds]
    procs += clients
    return clients


def final_line(proc: Proc) -> dict:
    return json.loads(next(line for line in reversed(proc.lines) if line.startswith("{")))


def test_a_client_killed_mid_game_resumes_its_seat_and_plays_on(tmp_path: Path) -> None:
    save = tmp_path / "hosted.json"
    host, address, code = serve(tmp_path, "--ruleset", "replay", "--seed", "31", "--autosave", str(save))
    with cleanup(host) as procs:
        token = tmp_path / "humans.token"
        humans = join(tmp_path, address, "--code", code, "--seat", "0", "--token-file", str(token),
                      "--delay", "0.3", "--seed", "1")
        procs.append(humans)
        humans.wait_line("Joined seat 0")
        (machines,) = join_bots(tmp_path, address, code, procs, seeds=(2,))
        wait_commands(save, 4, *procs)
        humans.kill()
        host.wait_line(r"seat 0 \(Bot\) dropped")
        at_kill = load_any(save)
        assert not at_kill.over, "the game ended before the client was killed"
        again = join(tmp_path, address, "--token-file", str(token), "--seed", "3")
        procs.append(again)
        again.wait_line("Resumed seat 0")
        ended([again, machines, host], 0, r"^\{")
    game = load_any(save)
    assert game.over
    assert final_line(host)["hash"] == final_line(again)["hash"] == final_line(machines)["hash"] == \
        game.state_hash()
    assert len(game.commands) > len(at_kill.commands) >= 4 and game.commands[:len(at_kill.commands)] == \
        at_kill.commands


def test_a_host_killed_mid_game_leaves_an_autosave_that_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "hosted.json"
    host, address, code = serve(tmp_path, "--ruleset", "legendary", "--players", "3", "--seed", "32",
                                "--bots", "2", "--autosave", str(save))
    with cleanup(host) as procs:
        clients = join_bots(tmp_path, address, code, procs, delay=0.1)
        wait_commands(save, 6, *procs)
        host.kill()
        ended(clients, 1, "connection to the host was lost")
    kept = load_any(save)  # what the app's Continue and Load, and matrix-engine replay, read
    assert not kept.over and len(kept.commands) >= 6
    # It goes on locally: the engine's bots play it to the end from the autosave.
    local = load_any(save)
    bots = [make_bot(local, "random", 40 + i) for i in range(seat_count(local))]
    for _ in range(20000):
        if local.over:
            break
        seat = local.table().acting_seat()
        assert local.apply(bots[seat](local, seat)).accepted
    assert local.over and local.commands[:len(kept.commands)] == kept.commands
    # ... or hosted again: the same seats, a new join code, played to the end.
    host, address, code = serve(tmp_path, "--resume", str(save), "--autosave", str(save))
    with cleanup(host) as procs:
        assert "2 heuristic bot" in host.wait_line(r"^Seats:").string  # the setup records the bot seat
        clients = join_bots(tmp_path, address, code, procs, seeds=(5, 6))
        ended([host, *clients], 0, r"^\{")
    done = load_any(save)
    assert done.over and done.commands[:len(kept.commands)] == kept.commands
    assert final_line(host)["hash"] == done.state_hash()


def test_a_host_that_quits_says_goodbye_to_every_client(tmp_path: Path) -> None:
    save = tmp_path / "hosted.json"
    host, address, code = serve(tmp_path, "--ruleset", "expedition", "--players", "2", "--seed", "33",
                                "--autosave", str(save))
    with cleanup(host) as procs:
        clients = join_bots(tmp_path, address, code, procs, delay=0.5)
        for i in (0, 1):
            host.wait_line(rf"seat {i} \(Bot\) joined")
        host.p.send_signal(signal.SIGINT)  # Ctrl+C
        ended([host], 0, "goes on from its autosave")
        ended(clients, 1, "The host has closed the game: it goes on from the host's autosave.")
    assert not load_any(save).over
