"""The connection itself: latency in the roster, a threaded client for a GUI, a long-dropped seat
handed to a bot, a host whose messages break the protocol, and TLS with a pinned certificate."""
from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from websockets.asyncio.server import ServerConnection, serve

from engine.net import tls
from engine.net.client import Client, ClientThread, Closed, HostLost, JoinRefused
from engine.net.host import HostThread, LocalUpdate
from engine.net.protocol import Refused, Roster, Update, Welcome, dump
from engine.net.rulesets import GameOptions, new_game
from engine.net.session import Change, HostSession
from engine.net.viewbot import RandomLegal, play
from tests.net.netplay import GAME_SECONDS, QUIET, close_all, seat_clients, start_host, url

WAIT = 60.0
T = TypeVar("T")


def test_each_seats_latency_reaches_the_roster() -> None:
    async def scenario() -> None:
        game = new_game(GameOptions("replay", seed=1))
        host = await start_host(game, ping_seconds=0.2, roster_seconds=0.2)
        (a,) = await seat_clients(host, 1)
        assert await a.ping() >= 0.0

        async def measured() -> Roster:
            while True:
                roster = a.roster
                if roster is not None and roster.seats[0].latency_ms is not None:
                    return roster
                await asyncio.sleep(0.05)

        roster = await asyncio.wait_for(measured(), WAIT)
        assert roster.seats[0].connected and roster.seats[1].kind == "open"
        assert roster.seats[1].latency_ms is None
        await close_all(host, [a])

    asyncio.run(scenario())


def test_a_threaded_client_delivers_every_message_and_answers_by_future() -> None:
    async def scenario() -> None:
        game = new_game(GameOptions("expedition", players=2, seed=2, bots={1: "heuristic"}))
        host = await start_host(game, bots={1: "heuristic"})
        got: list[object] = []
        client = ClientThread(url(host), name="GUI", code=host.session.code, deliver=got.append)
        loop = asyncio.get_running_loop()
        welcome = await loop.run_in_executor(None, lambda: client.connect().result(WAIT))
        assert isinstance(welcome, Welcome) and client.seat == 0
        update = client.update
        assert update is not None and update.acting == 0
        answer = await loop.run_in_executor(None, lambda: client.command(update.legal[0]).result(WAIT))
        assert isinstance(answer, Update) and answer.ack == 1
        refused = await loop.run_in_executor(None, lambda: client.command("move 99 99").result(WAIT))
        assert isinstance(refused, Refused) and refused.code == "rejected"
        await loop.run_in_executor(None, client.close)
        assert isinstance(got[0], Welcome) and isinstance(got[-1], Closed)
        queued = []
        while not client.messages.empty():
            queued.append(client.messages.get())
        assert queued == got
        await host.stop()

    asyncio.run(scenario())


def test_a_seat_dropped_long_enough_is_played_by_a_bot_and_the_game_ends() -> None:
    async def scenario() -> None:
        game = new_game(GameOptions("legendary", players=2, seed=3))
        host = await start_host(game, bot_after=0.0, roster_seconds=0.05)
        a, b = await seat_clients(host, 2)
        await b.close()
        final = await asyncio.wait_for(play(a, RandomLegal(1)), GAME_SECONDS)
        assert final is not None and final.over and game.over
        assert host.session.seats[1].bot == "heuristic" and not host.session.seats[1].connected
        assert a.roster is not None and a.roster.seats[1].bot == "heuristic"
        await close_all(host, [a])

    asyncio.run(scenario())


def test_a_client_refuses_a_host_whose_messages_break_the_protocol() -> None:
    async def fake(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(dump(Welcome(game="x", ruleset="replay", seat=0, seats=2, token="t" * 32, next_n=1)))
        await ws.send('{"v": 1, "type": "update", "view": "not an object"}')
        await ws.wait_closed()  # the client hangs up

    async def scenario() -> None:
        async with serve(fake, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            c = Client(f"ws://127.0.0.1:{port}", code="ABCDEF")
            with pytest.raises(HostLost, match="malformed"):
                await c.connect()

    asyncio.run(scenario())


def test_a_wrong_join_code_is_refused_with_its_reason() -> None:
    async def scenario() -> None:
        host = await start_host(new_game(GameOptions("replay", seed=4)))
        with pytest.raises(JoinRefused, match="wrong join code") as e:
            await Client(url(host), code="222222" if host.session.code != "222222" else "333333").connect()
        assert e.value.refused.code == "stranger"
        with pytest.raises(HostLost, match="cannot reach"):
            await Client("ws://127.0.0.1:1", code="222222").connect()
        await host.stop()

    asyncio.run(scenario())


needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None,
                                   reason="a self-signed TLS certificate needs openssl (not found)")


@needs_openssl
def test_tls_with_a_pinned_fingerprint(tmp_path: Path) -> None:
    cert, key = tls.self_signed(tmp_path)
    assert tls.self_signed(tmp_path) == (cert, key)  # made once, then kept
    pin = tls.file_fingerprint(cert)

    async def scenario() -> None:
        game = new_game(GameOptions("replay", seed=5))
        host = await start_host(game, tls=tls.server_context(cert, key))
        assert url(host).startswith("wss://")
        good = Client(url(host), code=host.session.code, fingerprint=pin[:19])
        await good.connect()
        assert good.seat == 0 and good.host_fingerprint == pin
        wrong = Client(url(host), code=host.session.code, fingerprint="0000-" * 4)
        with pytest.raises(tls.TLSError, match="fingerprint"):
            await wrong.connect()
        assert host.session.seats[1].kind == "open"  # the join code was never sent
        unpinned = Client(url(host), code=host.session.code)
        await unpinned.connect()
        assert unpinned.host_fingerprint == pin
        await close_all(host, [good, unpinned])

    asyncio.run(scenario())


def test_a_host_thread_plays_a_seat_at_its_screen_against_a_remote_seat() -> None:
    game = new_game(GameOptions("replay", seed=12))
    session = HostSession(game, local=(0,), bots={}, bot_seed=1)
    host = HostThread(session, bind="127.0.0.1", port=0, roster_seconds=QUIET)
    try:
        address = host.start().result(WAIT)[0]
        with ClientThread(address, name="Friend", code=session.code) as client:
            assert client.connect().result(WAIT).seat == 1
            mine, theirs, heard = RandomLegal(1), RandomLegal(2), Heard(host)
            local = host.call(session.update, 0).result(WAIT)
            for version in range(1, 5000):
                if local.over:
                    break
                if local.acting == 0:
                    assert host.submit_local(0, mine.choose(local.legal)).result(WAIT) is None
                else:
                    remote = wait_for(lambda v=version - 1: client.update
                                      if client.update.version == v else None)
                    assert isinstance(client.command(theirs.choose(remote.legal)).result(WAIT), Update)
                local = heard.local(version)
            assert game.over and local.hash == game.state_hash()
            assert wait_for(lambda: client.update if client.update.over else None).hash == game.state_hash()
            changes = [n for n in heard.all() if isinstance(n, Change)]
            assert [c.version for c in changes] == list(range(1, len(game.commands) + 1))
            host.stop("Good game.")
            closed = wait_for(lambda: client.closed)
            assert closed.goodbye and closed.reason == "Good game."
    finally:
        host.stop()


class Heard:
    """Everything a ``HostThread`` told its screen so far."""

    def __init__(self, host: HostThread) -> None:
        self.host = host
        self.news: list[object] = []

    def all(self) -> list[object]:
        while not self.host.news.empty():
            self.news.append(self.host.news.get())
        return self.news

    def local(self, version: int) -> Update:
        """The local seat's update of change ``version`` (sent by the time a local command's future
        is done, or with the remote seat's change)."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            for n in reversed(self.all()):
                if isinstance(n, LocalUpdate) and n.update.version == version:
                    return n.update
            time.sleep(0.01)
        raise AssertionError(f"no update of change {version} for the seat at the host's screen")


def wait_for(get: Callable[[], T | None]) -> T:
    end = time.monotonic() + WAIT
    while (got := get()) is None:
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.01)
    return got


def test_a_released_seat_is_free_for_someone_else() -> None:
    async def scenario() -> None:
        host = await start_host(new_game(GameOptions("replay", seed=13)))
        a, b = await seat_clients(host, 2)
        host.release(0)
        await a.changed(a.update.version if a.update else 0, WAIT)  # until its connection ends
        assert a.closed is not None and a.closed.goodbye and "someone else" in a.closed.reason
        with pytest.raises(JoinRefused):
            await a.reconnect()  # its token no longer holds the seat
        (c,) = await seat_clients(host, 1)
        assert c.seat == 0 and b.roster is not None and b.roster.seats[0].name == "Friend 0"
        await close_all(host, [b, c])

    asyncio.run(scenario())


def test_a_second_connection_with_the_seat_token_takes_the_seat_over() -> None:
    async def scenario() -> None:
        game = new_game(GameOptions("replay", seed=14))
        host = await start_host(game)
        a, b = await seat_clients(host, 2)
        twin = Client(url(host), token=a.token)
        assert (await twin.connect()).seat == 0
        await a.changed(a.update.version if a.update else 0, WAIT)  # until its connection ends
        assert a.closed is not None and a.closed.goodbye and "taken over" in a.closed.reason
        with pytest.raises(HostLost):
            await a.command(twin.update.legal[0] if twin.update else "done")
        answer = await twin.command(twin.update.legal[0] if twin.update else "done")
        assert isinstance(answer, Update) and answer.ack == 1 and len(game.commands) == 1
        await close_all(host, [b, twin])

    asyncio.run(scenario())
