"""An asyncio loop on a worker thread: how a GUI (or any threaded program) runs a host or a client.

Coroutines go to the loop with ``run`` and plain functions with ``call``; both return a
``concurrent.futures.Future`` to wait on or to attach a callback to. Callbacks given to a client or
host run on the worker thread: a GUI hands what they carry to its own thread (a queued Qt signal).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """A daemon thread running one asyncio event loop until ``stop``."""

    def __init__(self, name: str = "matrix-net") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)
        self._thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.close()

    def run(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run ``coro`` on the loop."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        """Call ``fn(*args)`` on the loop's thread."""

        async def call() -> T:
            return fn(*args)

        return self.run(call())

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the loop (its tasks are cancelled) and wait for the thread."""
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            if threading.current_thread() is not self._thread:
                self._thread.join(timeout)
