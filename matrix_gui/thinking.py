"""Slow thinking off the GUI thread: a look-ahead (a hint, a bot that looks ahead) takes up to a
second of pure-Python CPU, which must never freeze the table's animations or input.

``Thinker.run(work, deliver)`` runs ``work()`` in a worker thread and calls ``deliver(result)``
back on the GUI thread (a queued signal). The work must only read what was copied for it on the
GUI thread (e.g. ``engine.legendary.advice.snapshot``): the game at the table may move on
meanwhile. ``cancel`` drops every result not yet delivered (a new game, the window closing).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal


class Thinker(QObject):
    """Runs jobs in worker threads; delivers each result on the GUI thread unless cancelled."""

    _finished = Signal(int, object, object)  # (ticket, result, error) from a worker thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._finished.connect(self._deliver)  # a bound slot of a GUI-thread object: queued
        self._next = 0
        self._pending: dict[int, tuple[Callable[[Any], None], Callable[[BaseException], None] | None]] = {}

    @property
    def busy(self) -> bool:
        """Whether a result is still to come."""
        return bool(self._pending)

    def run(self, work: Callable[[], Any], deliver: Callable[[Any], None],
            fail: Callable[[BaseException], None] | None = None) -> int:
        """Start ``work`` in a worker thread; ``deliver(result)`` (or ``fail(error)``) follows on
        the GUI thread. Returns the job's ticket."""
        self._next += 1
        ticket = self._next
        self._pending[ticket] = (deliver, fail)

        def job() -> None:
            try:
                result, error = work(), None
            except Exception as e:  # noqa: BLE001 - handed to ``fail`` on the GUI thread
                result, error = None, e
            try:
                self._finished.emit(ticket, result, error)
            except RuntimeError:  # the window closed meanwhile: nobody waits for this result
                pass

        threading.Thread(target=job, name=f"thinker-{ticket}", daemon=True).start()
        return ticket

    def cancel(self, ticket: int | None = None) -> None:
        """Drop the result of job ``ticket`` (every job's, when None) when it comes."""
        if ticket is None:
            self._pending.clear()
        else:
            self._pending.pop(ticket, None)

    def _deliver(self, ticket: int, result: Any, error: Any) -> None:
        got = self._pending.pop(ticket, None)
        if got is None:
            return  # cancelled
        deliver, fail = got
        if error is None:
            deliver(result)
        elif fail is not None:
            fail(error)
        else:
            raise error
