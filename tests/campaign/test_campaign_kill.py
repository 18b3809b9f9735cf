"""kill -9 inside every step of a campaign's atomic write (issue 27): the next start (the command line
or the app) leaves no temp file behind, and the campaign loads as it was before the write or after it,
never damaged. The writer: campaign_writer.py (a forked child, so each kill costs milliseconds)."""
from __future__ import annotations

import json
import os
import signal

import pytest

from engine.cli import main
from tests.campaign.campaign_writer import write_killed
from tests.robust import damaged_files as df
from tests.robust.helpers import run

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def killed(status: int) -> bool:
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


@pytest.fixture(scope="module")
def body() -> dict:
    return df.campaign_bodies()["fresh"]


@pytest.fixture(scope="module")
def steps(tmp_path_factory, body) -> int:
    folder = tmp_path_factory.mktemp("dry")
    (folder / "fresh.json").write_bytes(df.campaign_envelope(body))
    status, count = write_killed(folder, "fresh", -1, "before")
    assert status == 0 and count is not None
    return count


def test_the_write_has_the_steps_the_kills_land_in(steps):
    assert steps >= 8  # the temp file, write, fsync, close, stat, chmod, rename, the folder's fsync


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_kill_at_every_step_of_a_campaign_write_leaves_no_temp_file_after_the_next_start(
        tmp_path, body, steps, when):
    tries_seen = set()
    for step in range(1, steps + 1):
        folder = tmp_path / f"{when}-{step}"
        folder.mkdir()
        (folder / "fresh.json").write_bytes(df.campaign_envelope(body))
        assert killed(write_killed(folder, "fresh", step, when)[0]), step
        res = run(main, ["campaign", "--dir", str(folder), "show", "fresh"])  # the next start
        assert res.code == 0, (step, res.err)
        assert sorted(p.name for p in folder.iterdir()) == ["fresh.json"], step
        tries_seen.add(len(json.loads(res.out)["games"][0]["tries"]))
    assert tries_seen == {0, 1}  # killed before the rename: as it was; after it: the try started
