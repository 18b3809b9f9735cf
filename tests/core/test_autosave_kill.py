"""kill -9 at any moment loses at most the command in progress and never leaves an unloadable
autosave (issue 16, item 22): a writer process is killed at random points, mid-append or mid-rewrite."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core.autosave import read_autosave
from engine.legendary.game import LegendaryGame
from tests.core.long_game import fixture_db

pytestmark = pytest.mark.slow

WRITER = Path(__file__).with_name("autosave_writer_proc.py")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_killed_writer_leaves_a_loadable_autosave(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    base = tmp_path / "autosave.json"
    proc = subprocess.Popen([sys.executable, str(WRITER), str(base), str(seed)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    seen: list[str] = []
    wanted = rng.randrange(3, 70)  # saved commands before the kill
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            seen.append(line)
            if (line.startswith("SAVED") and len(seen) > 2 * wanted) or time.monotonic() > deadline:
                break
        time.sleep(rng.random() * 0.004)  # land anywhere in the next command's write
        os.kill(proc.pid, signal.SIGKILL)
        # Read the rest through the same file object: communicate() reads the raw pipe and would
        # miss lines this object has already buffered but the loop above has not yet yielded.
        rest = proc.stdout.read()
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, err
    printed = [ln.split() for ln in "".join(seen).splitlines() + rest.splitlines()]
    last_saved = max(i for i, (kind, _) in enumerate(printed) if kind == "SAVED")
    # the last saved position, or the one the killed command was saving
    allowed = {printed[last_saved][1]} | {h for kind, h in printed[last_saved + 1:] if kind == "DID"}

    _, payload = read_autosave(base)
    loaded = LegendaryGame.from_payload(payload, fixture_db(), path=base)
    assert loaded.state_hash() in allowed
