"""A forked child that starts a campaign's next try and writes the campaign, killing itself (SIGKILL)
at one step of the atomic write (used by test_campaign_kill.py).

``write_killed(folder, id, step, when)`` kills the child just ``before`` or ``after`` the step-th
system call of the write (the temp file made, each write, fsync, close, stat, chmod, the rename, the
folder's fsync); step -1 lets the write finish. It returns the child's wait status and how many steps
the write took (when it finished).
"""
from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path
from typing import Any

import engine.core.savefile as savefile
from engine.legendary.campaign import CampaignStore, play

STEPS = [(os, "open"), (os, "write"), (os, "fsync"), (os, "close"), (os, "stat"), (os, "chmod"),
         (os, "replace"), (tempfile, "mkstemp")]


def write_killed(folder: Path, cid: str, step: int, when: str) -> tuple[int, int | None]:
    """Fork a child that writes the campaign ``cid`` of ``folder`` and is killed at ``step``."""
    store = CampaignStore(folder)
    path, c = store.load(cid)
    play(c)  # the next try counts as started: the campaign changes
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: hook the write's system calls, write, report the count
        os.close(r)
        try:
            count = _hooked_write(store, c, path, step, when)
            os.write(w, str(count).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as out:
        text = out.read()
    _, status = os.waitpid(pid, 0)
    return status, int(text) if text else None


def _hooked_write(store: CampaignStore, c: Any, path: Path, step: int, when: str) -> int:
    armed, inside, count = [False], [False], [0]

    def hook(module: Any, name: str) -> None:
        real = getattr(module, name)

        def call(*args: Any, **kw: Any) -> Any:
            if not armed[0] or inside[0]:  # (mkstemp's own os.open is part of its step)
                return real(*args, **kw)
            count[0] += 1
            mine = count[0]
            if mine == step and when == "before":
                os.kill(os.getpid(), signal.SIGKILL)
            inside[0] = True
            try:
                out = real(*args, **kw)
            finally:
                inside[0] = False
            if mine == step and when == "after":
                os.kill(os.getpid(), signal.SIGKILL)
            return out

        setattr(module, name, call)

    for module, name in STEPS:
        hook(module, name)
    write = savefile._write_atomic

    def armed_write(*args: Any) -> None:
        armed[0] = True
        try:
            write(*args)
        finally:
            armed[0] = False

    savefile._write_atomic = armed_write
    store.save(c, path)
    return count[0]
