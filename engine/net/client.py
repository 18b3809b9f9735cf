"""The client of one seat: an asyncio ``Client``, and ``ClientThread`` for a GUI.

A client joins with the host's address and join code (or resumes its seat with the seat token it
was given), then follows the game through the host's messages: ``update`` (the seat's view, legal
commands and events), ``roster``, ``refused``, ``goodbye``. It sends commands and undo, each with
the next sequence number, and can wait for the host's answer to each. Every message from the host
is checked by the protocol's models before it is used. Nothing from the host is executed: messages
are JSON data only.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.net import tls
from engine.net.loop import LoopThread
from engine.net.protocol import (
    MAX_HOST_BYTES,
    Act,
    Goodbye,
    Join,
    Message,
    ProtocolError,
    Refused,
    Resume,
    Roster,
    Undo,
    Update,
    Welcome,
    dump,
    read_host,
)

PING_SECONDS = 10.0
OPEN_SECONDS = 30.0
HostMessageT = Welcome | Roster | Update | Refused | Goodbye


class JoinRefused(Exception):
    """The host refused to seat this client (``refused`` says why)."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.reason)
        self.refused = refused


class HostLost(ConnectionError):
    """The connection to the host is gone (its message says how)."""


@dataclass(frozen=True)
class Closed:
    """Delivered last: the connection has ended, and why (a goodbye's reason, or how it was lost)."""

    reason: str
    goodbye: bool  # the host said goodbye (it closed the game, or the game is over)


class Client:
    """One seat's connection to a host (asyncio). Connect with ``connect()``; the latest update,
    roster and latency are kept here; ``on_message`` hears every message (on the loop's thread)
    and ``record`` every frame as received (tests read them)."""

    def __init__(self, url: str, *, name: str = "Player", code: str | None = None, seat: int | None = None,
                 token: str | None = None, fingerprint: str | None = None,
                 on_message: Callable[[HostMessageT | Closed], None] | None = None,
                 record: Callable[[str | bytes], None] | None = None) -> None:
        if code is None and token is None:
            raise ValueError("a client needs the join code or its seat token")
        self.url, self.name, self.code, self.wanted_seat = url, name, code, seat
        self.token = token
        self.pin = fingerprint
        self.on_message, self.record = on_message, record
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.update: Update | None = None  # the latest
        self.roster: Roster | None = None
        self.closed: Closed | None = None
        self.host_fingerprint: str | None = None  # the TLS certificate's (pinned or not)
        self.next_n = 1
        self.refusals: list[Refused] = []
        self._pending: dict[int, asyncio.Future[Update | Refused]] = {}
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    # --- connecting -----------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return None if self.welcome is None else self.welcome.seat

    async def connect(self) -> Welcome:
        """Join (or, holding a token, resume) and wait for the welcome and the seat's first view.
        Raises JoinRefused, tls.TLSError or HostLost (the host cannot be reached)."""
        ctx = tls.client_context() if self.url.startswith("wss://") else None
        try:
            ws = await connect(self.url, ssl=ctx, max_size=MAX_HOST_BYTES, ping_interval=PING_SECONDS,
                               ping_timeout=max(20.0, PING_SECONDS * 2), open_timeout=OPEN_SECONDS)
        except (TimeoutError, OSError, InvalidHandshake, InvalidURI) as e:
            raise HostLost(f"cannot reach the host at {self.url} ({e or type(e).__name__})") from None
        if ctx is not None:
            ssl_object = ws.transport.get_extra_info("ssl_object")
            der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
            self.host_fingerprint = tls.fingerprint(der) if der else None
            if self.pin is not None:
                try:
                    tls.check_pin(der, self.pin)
                except tls.TLSError:
                    await ws.close(1008, "certificate fingerprint mismatch")
                    raise
        self.ws = ws
        self.closed = None
        hello: Message = Resume(token=self.token) if self.token else \
            Join(code=self.code or "", name=self.name, seat=self.wanted_seat)
        try:
            await ws.send(dump(hello))
            first = self._read(await asyncio.wait_for(ws.recv(), OPEN_SECONDS))
            if isinstance(first, Refused):
                raise JoinRefused(first)
            if not isinstance(first, Welcome):
                raise ProtocolError(f"the host answered a join with {first.type}")
            self.welcome, self.token = first, first.token
            self.next_n = max(self.next_n, first.next_n)
            view = self._read(await asyncio.wait_for(ws.recv(), OPEN_SECONDS))
            if not isinstance(view, Update):
                raise ProtocolError(f"the host sent {view.type} instead of the seat's view")
        except (TimeoutError, ConnectionClosed, ProtocolError) as e:
            await ws.close(1002 if isinstance(e, ProtocolError) else 1000)
            raise HostLost(f"the host did not seat this client ({e or 'no answer in time'})") from None
        except JoinRefused:
            await ws.close()
            raise
        self._reader = asyncio.create_task(self._listen(ws))
        return first

    async def reconnect(self, attempts: int = 1, pause: float = 2.0) -> Welcome:
        """Resume the seat with its token on a new connection (after a drop), trying up to
        ``attempts`` times ``pause`` seconds apart while the host cannot be reached (JoinRefused at
        once if the host refuses the token)."""
        if self.token is None:
            raise ValueError("this client has no seat token yet")
        await self.close()
        for attempt in range(attempts):
            try:
                return await self.connect()
            except HostLost:
                if attempt + 1 >= attempts:
                    raise
                await asyncio.sleep(pause)
        raise HostLost("no attempt was made")  # (attempts < 1)

    async def close(self) -> None:
        """Close the connection (the seat stays ours: resume it with the token)."""
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    # --- what the host sends ----------------------------------------------------------------------

    def _read(self, raw: str | bytes) -> HostMessageT:
        if self.record is not None:
            self.record(raw)
        msg = read_host(raw)
        if isinstance(msg, Update):
            if self.update is None or msg.version >= self.update.version:
                self.update = msg
            self._answer(msg.ack, msg)
            self._changed.set()
        elif isinstance(msg, Refused):
            self.refusals.append(msg)
            self._answer(msg.n, msg)
        elif isinstance(msg, Roster):
            self.roster = msg
        elif isinstance(msg, Goodbye):
            self.closed = Closed(msg.reason, True)
        if self.on_message is not None:
            self.on_message(msg)
        return msg

    def _answer(self, n: int | None, msg: Update | Refused) -> None:
        fut = self._pending.pop(n, None) if n is not None else None
        if fut is not None and not fut.done():
            fut.set_result(msg)

    async def _listen(self, ws: ClientConnection) -> None:
        why = "the connection to the host was lost"
        try:
            async for raw in ws:
                self._read(raw)
        except ProtocolError as e:
            why = str(e)
            await ws.close(1002, "protocol error")
        except ConnectionClosed:
            pass
        finally:
            if self.closed is None:
                if ws.close_code == 1009:
                    why = "the host refused a message that was too large"
                elif ws.close_reason and ws.close_code not in (1000, 1001):
                    why = f"the host closed the connection: {ws.close_reason}"
                self.closed = Closed(why, False)
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(HostLost(self.closed.reason))
            self._pending.clear()
            self._changed.set()
            if self.on_message is not None:
                self.on_message(self.closed)

    # --- what the client sends ----------------------------------------------------------------------

    async def command(self, text: str) -> Update | Refused:
        """Send a command; the host's answer: the update it made, or its refusal."""
        return await self._ask(lambda n: Act(n=n, text=text))

    async def undo(self) -> Update | Refused:
        """Take back this seat's last command (as the engine allows at one screen)."""
        return await self._ask(lambda n: Undo(n=n))

    async def _ask(self, make: Callable[[int], Act | Undo]) -> Update | Refused:
        if self.ws is None or self.closed is not None:
            raise HostLost(self.closed.reason if self.closed else "not connected")
        n = self.next_n
        self.next_n += 1
        fut: asyncio.Future[Update | Refused] = asyncio.get_running_loop().create_future()
        self._pending[n] = fut
        try:
            await self.ws.send(dump(make(n)))
        except ConnectionClosed:
            self._pending.pop(n, None)
            raise HostLost("the connection to the host was lost") from None
        return await fut

    async def send_raw(self, data: str | bytes) -> None:
        """Send a frame as it is (tests of the host's refusals)."""
        assert self.ws is not None
        await self.ws.send(data)

    async def changed(self, after: int, timeout: float | None = None) -> Update | None:
        """Wait until an update newer than version ``after`` has come (or the connection ended):
        the latest update, or None once closed."""
        async def wait() -> None:
            while self.closed is None and (self.update is None or self.update.version <= after):
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(wait(), timeout)
        return self.update if self.update is not None and self.update.version > after else None

    @property
    def latency(self) -> float:
        """The last measured round trip to the host, in seconds (0 before the first keepalive)."""
        return self.ws.latency if self.ws is not None else 0.0

    async def ping(self) -> float:
        """Measure the round trip to the host now (seconds)."""
        if self.ws is None:
            raise HostLost("not connected")
        try:
            return await (await self.ws.ping())
        except ConnectionClosed:
            raise HostLost("the connection to the host was lost") from None


class ClientThread:
    """A ``Client`` on its own worker thread, for a GUI.

    Every message from the host (and ``Closed`` at the end) is put on ``messages`` and passed to
    ``deliver``, both on the worker thread: a Qt GUI emits a signal from ``deliver`` and handles it
    on its own thread. ``connect``, ``command``, ``undo``, ``reconnect`` and ``ping`` return
    ``concurrent.futures.Future``s; nothing blocks unless the caller waits on one.
    """

    def __init__(self, url: str, *, name: str = "Player", code: str | None = None, seat: int | None = None,
                 token: str | None = None, fingerprint: str | None = None,
                 deliver: Callable[[HostMessageT | Closed], None] | None = None) -> None:
        self.messages: queue.Queue[HostMessageT | Closed] = queue.Queue()
        self._deliver = deliver
        self._loop = LoopThread("matrix-net-client")
        self.client = Client(url, name=name, code=code, seat=seat, token=token, fingerprint=fingerprint,
                             on_message=self._got)

    def _got(self, msg: HostMessageT | Closed) -> None:
        self.messages.put(msg)
        if self._deliver is not None:
            self._deliver(msg)

    def connect(self) -> concurrent.futures.Future[Welcome]:
        return self._loop.run(self.client.connect())

    def reconnect(self, attempts: int = 1, pause: float = 2.0) -> concurrent.futures.Future[Welcome]:
        return self._loop.run(self.client.reconnect(attempts, pause))

    def command(self, text: str) -> concurrent.futures.Future[Update | Refused]:
        return self._loop.run(self.client.command(text))

    def undo(self) -> concurrent.futures.Future[Update | Refused]:
        return self._loop.run(self.client.undo())

    def ping(self) -> concurrent.futures.Future[float]:
        return self._loop.run(self.client.ping())

    # The latest state the host sent (read after a message says it changed).
    @property
    def update(self) -> Update | None:
        return self.client.update

    @property
    def roster(self) -> Roster | None:
        return self.client.roster

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def token(self) -> str | None:
        return self.client.token

    @property
    def latency(self) -> float:
        return self.client.latency

    @property
    def closed(self) -> Closed | None:
        return self.client.closed

    def close(self, timeout: float = 10.0) -> None:
        """Close the connection and stop the worker thread."""
        if self._loop.alive:
            with contextlib.suppress(Exception):  # closing: whatever failed, the thread ends
                self._loop.run(self.client.close()).result(timeout)
            self._loop.stop(timeout)

    def __enter__(self) -> ClientThread:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
