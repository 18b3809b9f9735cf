"""``matrix-engine serve`` and ``join`` as child processes: their output read line by line as it comes."""
from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120.0  # generous: a loaded 2-core machine starts Python slowly


class Proc:
    """A ``python -m engine.cli ARGS`` child whose output lines are kept (stdout and stderr together)."""

    def __init__(self, args: list[str], home: Path) -> None:
        env = {**os.environ, "MATRIX_TABLETOP_HOME": str(home), "PYTHONPATH": str(ROOT),
               "PYTHONUNBUFFERED": "1"}
        self.p = subprocess.Popen([sys.executable, "-m", "engine.cli", *args], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self._new: queue.Queue[str | None] = queue.Queue()  # one item a line, then None
        self._ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.lines.append(line.rstrip("\n"))
            self._new.put(line)
        self._new.put(None)

    def wait_line(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        """The first output line matching ``pattern`` (waiting for it); AssertionError if the process
        ends or ``timeout`` passes first."""
        rx = re.compile(pattern)
        seen = 0
        while True:
            while seen < len(self.lines):
                m = rx.search(self.lines[seen])
                seen += 1
                if m:
                    return m
            if self._ended:
                raise AssertionError(f"the process ended without {pattern!r}:\n" + "\n".join(self.lines))
            try:
                if self._new.get(timeout=timeout) is None:
                    self._ended = True  # every line came before this
            except queue.Empty:
                raise AssertionError(f"no {pattern!r} in {timeout} s:\n" + "\n".join(self.lines)) from None

    def wait(self, timeout: float = WAIT) -> int:
        return self.p.wait(timeout)

    def kill(self) -> None:
        """SIGKILL (kill -9)."""
        self.p.kill()
        self.p.wait(WAIT)

    def stop(self) -> None:
        if self.p.poll() is None:
            self.kill()


def serve(home: Path, *args: str) -> tuple[Proc, str, str]:
    """A host on 127.0.0.1 (any free port): the process, its address and its join code."""
    host = Proc(["serve", "--host", "127.0.0.1", "--port", "0", "--bot-delay", "0", *args], home)
    address = host.wait_line(r"^Address:\s+(\S+)").group(1)
    code = host.wait_line(r"^Join code:\s+(\S+)").group(1)
    return host, address, code


def join(home: Path, address: str, *args: str) -> Proc:
    return Proc(["join", address, *args], home)


@contextmanager
def cleanup(*procs: Proc) -> Iterator[list[Proc]]:
    """The processes started in the block (add them to the list): each killed at its end if still running."""
    started = list(procs)
    try:
        yield started
    finally:
        for p in started:
            p.stop()


def ended(procs: list[Proc], status: int, line: str) -> None:
    """Each process exits with ``status`` after printing ``line``."""
    for p in procs:
        assert p.wait() == status, "\n".join(p.lines)
        p.wait_line(line)
