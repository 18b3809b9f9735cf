"""The host: a WebSocket server (the ``websockets`` package, asyncio) in front of a ``HostSession``.

One connection per remote seat. A connection's first message must be ``join`` (the join code) or
``resume`` (a seat token); anything else, or a wrong code or token, gets one ``refused`` and the
connection is closed, and an address with too many failures is refused at once. After that every
message gets exactly one answer (``engine.net.protocol``). Frames longer than ``MAX_FRAME_BYTES``
are cut off by the WebSocket layer itself (close code 1009). Each connection has its own queue of
outgoing messages, so a slow client never holds up the others; bots play the seats given to them
between messages; a periodic task reports each connection's latency (the WebSocket keepalive's
ping round trip) in the roster and hands long-dropped seats to a bot when asked to.

Everything here runs on one asyncio loop: a GUI runs it in a worker thread (``HostThread``) and
talks to it only through that loop.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import socket
import ssl
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.net import DEFAULT_PORT
from engine.net.loop import LoopThread
from engine.net.protocol import (
    MAX_FRAME_BYTES,
    Goodbye,
    Join,
    Message,
    Refused,
    Resume,
    Roster,
    Update,
    dump,
    read_client,
    refusal,
)
from engine.net.session import Change, HostSession, Joined

T = TypeVar("T")

MAX_FAILED_JOINS = 20  # failed joins from one address before it is refused at once
MAX_QUEUED = 2000  # messages waiting for a client that does not read: then it is dropped
HELLO_SECONDS = 30.0  # how long a new connection may take to send its join
PING_SECONDS = 10.0  # the WebSocket keepalive (and so the latency measure) interval
ROSTER_SECONDS = 5.0  # how often latencies and long-dropped seats are looked at
CLOSE_SECONDS = 5.0


class _Conn:
    """One client connection and the queue of what it is to be sent, in order."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, msg: Message) -> None:
        if self.queue.qsize() >= MAX_QUEUED:
            self.ws.transport.abort()  # it reads nothing: drop it (it may resume and get the view again)
            return
        self.queue.put_nowait(dump(msg))

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return

    async def finish(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close."""
        self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
            await asyncio.wait_for(asyncio.shield(self.writer), CLOSE_SECONDS)
        self.writer.cancel()
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close(code, reason[:120])


class Host:
    """A ``HostSession`` served over WebSockets on ``bind``:``port`` (0: any free port)."""

    def __init__(self, session: HostSession, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 tls: ssl.SSLContext | None = None, bot_delay: float = 0.0, bot_after: float | None = None,
                 bot_kind: str = "heuristic", max_failed: int = MAX_FAILED_JOINS,
                 hello_seconds: float = HELLO_SECONDS, ping_seconds: float = PING_SECONDS,
                 roster_seconds: float = ROSTER_SECONDS, on_log: Callable[[str], None] | None = None,
                 on_local: Callable[[int, Update], None] | None = None,
                 on_roster: Callable[[Roster], None] | None = None) -> None:
        self.session = session
        self.bind, self.port, self.tls = bind, port, tls
        self.bot_delay, self.bot_after, self.bot_kind = bot_delay, bot_after, bot_kind
        self.max_failed, self.hello_seconds = max_failed, hello_seconds
        self.ping_seconds, self.roster_seconds = ping_seconds, roster_seconds
        self.on_log, self.on_local, self.on_roster = on_log, on_local, on_roster
        self.conns: dict[int, _Conn] = {}
        self.failed: Counter[str] = Counter()
        self.over = asyncio.Event()  # set once the game is over and every seat has been sent so
        self.problem: str | None = None  # a bot's error: the bots stop
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._bots: asyncio.Task[None] | None = None
        self._shown_latency: list[int | None] = []

    # --- starting and stopping ---------------------------------------------------------------------

    async def start(self) -> None:
        """Open the server (OSError if the port cannot be had) and start the bots' and roster's work."""
        self._server = await serve(self._serve, self.bind, self.port, max_size=MAX_FRAME_BYTES,
                                   ssl=self.tls, ping_interval=self.ping_seconds,
                                   ping_timeout=max(20.0, self.ping_seconds * 2))
        self.port = self._server.sockets[0].getsockname()[1]
        self._spawn(self._watch())
        self._kick_bots()
        if self.session.game.over:
            self.over.set()

    def urls(self) -> list[str]:
        """The addresses clients may use: this machine's LAN address first when bound to all."""
        scheme = "wss" if self.tls is not None else "ws"
        hosts = [self.bind] if self.bind not in ("", "0.0.0.0", "::") else [*lan_addresses(), "127.0.0.1"]
        return [f"{scheme}://{_bracketed(h)}:{self.port}" for h in hosts]

    async def stop(self, reason: str = "The host has closed the game.") -> None:
        """Tell every client why, close every connection and the server, fold the autosave."""
        over = self.session.game.over
        conns = list(self.conns.values())
        self.conns.clear()
        for conn in conns:
            conn.send(Goodbye(reason=reason, over=over))
        await asyncio.gather(*(c.finish(1001, "the host closed the game") for c in conns),
                             return_exceptions=True)
        for task in [*self._tasks, *([self._bots] if self._bots else [])]:
            task.cancel()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), CLOSE_SECONDS)
        self.session.close()

    # --- one connection ------------------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        conn = _Conn(ws)
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        try:
            joined = await self._hello(conn, addr)
            if joined is None:
                return
            seat = self._seat(conn, joined)
            async for raw in ws:
                if conn.seat != seat:
                    break  # the seat was taken over by a newer connection, or given to someone else
                msg = read_client(raw)
                if isinstance(msg, Refused):
                    conn.send(msg)
                elif isinstance(msg, (Join, Resume)):
                    conn.send(refusal("joined", f"this connection already holds seat {seat}"))
                else:
                    refused, updates = self.session.handle(seat, msg)
                    if refused is not None:
                        conn.send(refused)
                    self._deliver(updates)
        except ConnectionClosed:
            pass
        finally:
            if conn.seat is not None and self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]
                self.session.drop(conn.seat)
                self._log(f"seat {conn.seat} ({self.session.seats[conn.seat].name}) dropped")
                self._roster_changed()
            await conn.finish()

    async def _hello(self, conn: _Conn, addr: str) -> Joined | None:
        """The seat a new connection joins or resumes; None (after one refusal) if it may not."""
        if self.failed[addr] >= self.max_failed:
            conn.send(refusal("locked", "too many failed joins from your address: the host must start "
                                        "a new game to let it in"))
            await conn.finish(1008, "too many failed joins")
            return None
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.hello_seconds)
        except TimeoutError:
            await conn.finish(1008, "no join message in time")
            return None
        msg = read_client(raw)
        if isinstance(msg, Join):
            answer: Joined | Refused = self.session.join(msg)
        elif isinstance(msg, Resume):
            answer = self.session.resume(msg)
        elif isinstance(msg, Refused):
            answer = msg
        else:
            answer = refusal("stranger", "join the game first (a join message with the join code)", msg.n)
        if isinstance(answer, Refused):
            self.failed[addr] += 1
            conn.send(answer)
            await conn.finish(1008, answer.reason)
            return None
        return answer

    def _seat(self, conn: _Conn, joined: Joined) -> int:
        seat, welcome, update = joined
        old = self.conns.get(seat)
        if old is not None:
            old.seat = None
            old.send(Goodbye(reason="your seat was taken over by a new connection with its token"))
            self._spawn(old.finish(1000, "seat taken over"))
        conn.seat = seat
        self.conns[seat] = conn
        conn.send(welcome)
        conn.send(update)
        self._log(f"seat {seat} ({self.session.seats[seat].name}) joined")
        self._roster_changed()
        self._kick_bots()
        return seat

    # --- changes ------------------------------------------------------------------------------------

    def _deliver(self, updates: dict[int, Update]) -> None:
        for seat, update in updates.items():
            if self.session.seats[seat].kind == "local":
                if self.on_local is not None:
                    self.on_local(seat, update)
            elif (conn := self.conns.get(seat)) is not None:
                conn.send(update)
        if self.session.autosave_problem:
            self._log(self.session.autosave_problem)
        if self.session.game.over:
            self.over.set()
        elif updates:
            self._kick_bots()

    def submit_local(self, seat: int, text: str) -> Refused | None:
        """A command (or ``undo``) of a seat played at the host's screen: its refusal, or None."""
        refused, updates = self.session.submit_local(seat, text)
        self._deliver(updates)
        return refused

    def release(self, seat: int) -> None:
        """Free a remote seat for someone else (its client, if connected, is told and closed)."""
        self.session.release(seat)
        conn = self.conns.pop(seat, None)
        if conn is not None:
            conn.seat = None
            conn.send(Goodbye(reason="the host has given your seat to someone else"))
            self._spawn(conn.finish(1000, "seat released"))
        self._log(f"seat {seat} is free again")
        self._roster_changed()

    def hand_to_bot(self, seat: int, kind: str | None = None) -> None:
        """A bot plays remote seat ``seat`` until its client resumes."""
        self.session.hand_to_bot(seat, kind or self.bot_kind)
        self._log(f"seat {seat} is played by a {kind or self.bot_kind} bot until its player is back")
        self._roster_changed()
        self._kick_bots()

    def _kick_bots(self) -> None:
        if self.problem is None and (self._bots is None or self._bots.done()):
            if self.session.bot_due() is not None:
                self._bots = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while self.session.bot_due() is not None:
            await asyncio.sleep(self.bot_delay)
            try:
                updates = self.session.play_bot()
            except Exception as e:  # a bug in a bot or the engine: said, and the bots stop
                self.problem = f"{type(e).__name__}: {e}"
                self._log(f"the bots stopped: {self.problem}")
                return
            self._deliver(updates)

    # --- the roster --------------------------------------------------------------------------------

    def _roster_changed(self) -> None:
        roster = self.session.roster()
        for conn in self.conns.values():
            conn.send(roster)
        if self.on_roster is not None:
            self.on_roster(roster)
        self._shown_latency = [s.latency_ms for s in roster.seats]

    async def _watch(self) -> None:
        """Latencies into the roster (when they change), and long-dropped seats to a bot."""
        while True:
            await asyncio.sleep(self.roster_seconds)
            for seat, conn in self.conns.items():
                if conn.ws.latency > 0:
                    self.session.seats[seat].latency = conn.ws.latency
            if self.bot_after is not None:
                for seat in self.session.dropped_since(self.bot_after):
                    self.hand_to_bot(seat)
            if [s.info().latency_ms for s in self.session.seats] != self._shown_latency:
                self._roster_changed()

    # --- small things ------------------------------------------------------------------------------

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _log(self, text: str) -> None:
        if self.on_log is not None:
            self.on_log(text)


@dataclass(frozen=True)
class LocalUpdate:
    """An update for a seat played at the host's screen."""

    seat: int
    update: Update


@dataclass(frozen=True)
class HostLog:
    """A line for the host's log (a seat joined or dropped, a bot took over, an autosave failed)."""

    text: str


HostNews = LocalUpdate | Roster | HostLog | Change


class HostThread:
    """A ``Host`` on its own worker thread, for a GUI.

    Everything the host tells its own screen (``LocalUpdate``, ``Roster``, ``HostLog`` and each
    ``Change`` with the whole events) is put on ``news`` and passed to ``deliver``, both on the
    worker thread: a Qt GUI emits a signal from ``deliver``. The game belongs to the worker thread
    while the host runs: read it there, with ``call`` (``call(game.observe, seat).result()``).
    """

    def __init__(self, session: HostSession, *, deliver: Callable[[HostNews], None] | None = None,
                 **host_options: Any) -> None:
        self.session = session
        self.news: queue.Queue[HostNews] = queue.Queue()
        self._deliver = deliver
        if session.on_change is None:
            session.on_change = self._tell
        self._loop = LoopThread("matrix-net-host")
        self.host = Host(session, on_log=lambda text: self._tell(HostLog(text)),
                         on_local=lambda seat, update: self._tell(LocalUpdate(seat, update)),
                         on_roster=self._tell, **host_options)

    def _tell(self, news: HostNews) -> None:
        self.news.put(news)
        if self._deliver is not None:
            self._deliver(news)

    def start(self) -> concurrent.futures.Future[list[str]]:
        """Open the server; the future's result is the addresses to give friends (``Host.urls``)."""

        async def start() -> list[str]:
            await self.host.start()
            return self.host.urls()

        return self._loop.run(start())

    def submit_local(self, seat: int, text: str) -> concurrent.futures.Future[Refused | None]:
        """A command (or ``undo``) of a seat played at the host's screen."""
        return self._loop.call(self.host.submit_local, seat, text)

    def hand_to_bot(self, seat: int, kind: str | None = None) -> concurrent.futures.Future[None]:
        return self._loop.call(self.host.hand_to_bot, seat, kind)

    def release(self, seat: int) -> concurrent.futures.Future[None]:
        return self._loop.call(self.host.release, seat)

    def call(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        """Run ``fn(*args)`` on the host's thread (to read the game safely)."""
        return self._loop.call(fn, *args)

    def stop(self, reason: str = "The host has closed the game.", timeout: float = 30.0) -> None:
        """Say goodbye to every client, close the server, fold the autosave, end the thread."""
        if self._loop.alive:
            with contextlib.suppress(Exception):  # stopping: whatever failed, the thread ends
                self._loop.run(self.host.stop(reason)).result(timeout)
            self._loop.stop(timeout)


def lan_addresses() -> list[str]:
    """This machine's address on its local network (the interface of its default route), if any."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
        addr = s.getsockname()[0]
        if addr and not addr.startswith("127."):
            return [addr]
    return []


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host
