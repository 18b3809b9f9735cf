"""Damaged messages against a live host: each gets exactly one refusal and the game stays as it was.

A seated connection sends more than two hundred damaged frames (truncated, bytes flipped, too
large, the wrong protocol version, fields missing, unknown or of the wrong type, sequence numbers
replayed, commands for another seat, commands the engine refuses, a second join), generated from a
fixed seed; strangers open connections with a wrong join code or seat token or no join at all. After
each frame the next message must be its refusal, and a last probe's refusal must come right after
(so no frame got two answers); the state hash, the command log and the roster must not change.
"""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from engine.net import codes
from engine.net.protocol import (
    MAX_CLIENT_BYTES,
    MAX_FRAME_BYTES,
    Refused,
    Roster,
    Update,
    Welcome,
    read_host,
)
from engine.net.rulesets import GameOptions, new_game
from tests.net.netplay import close_all, seat_clients, start_host, url

Damage = tuple[str | bytes, str | None]  # a frame, and the refusal code it must get (None: any)
WAIT = 60.0  # generous: an answer is expected, never a silence


async def recv(ws: ClientConnection) -> object:
    return read_host(await asyncio.wait_for(ws.recv(), WAIT))


def frame(**fields: object) -> str:
    return json.dumps({"v": 1, **fields})


class Numbers:
    """Fresh sequence numbers, each above every one before."""

    def __init__(self, start: int) -> None:
        self.n = start

    def __call__(self) -> int:
        self.n += 1
        return self.n


def damaged(rng: random.Random, n: Numbers, legal: str, old: list[str], old_legal: str) -> Iterator[Damage]:
    """The damaged frames of a seated connection (``legal`` a command the seat may give now; ``old``
    frames already accepted; ``old_legal`` a legal command under an old sequence number)."""
    illegal = "play 99999"
    for _ in range(40):  # truncated, from a frame that would be accepted whole
        whole = frame(type="command", n=n(), text=legal)
        yield whole[:rng.randrange(1, len(whole))], "malformed"
    for _ in range(40):  # a byte flipped in a frame the engine would refuse anyway
        raw = bytearray(frame(type="command", n=n(), text=illegal).encode())
        i = rng.randrange(len(raw))
        raw[i] ^= 1 << rng.randrange(8)
        yield bytes(raw).decode("utf-8", "replace") if rng.random() < 0.5 else bytes(raw), None
    for _ in range(15):  # too large for the protocol, not for the WebSocket layer
        size = rng.randrange(MAX_CLIENT_BYTES + 1, MAX_FRAME_BYTES - 100)
        yield frame(type="command", n=n(), text=legal, pad="x" * size), "too_large"
    for v in (0, 2, 99, -1, "1", None, [1], 10**30):  # another protocol version
        yield json.dumps({"v": v, "type": "command", "n": n(), "text": legal}), \
            "malformed" if v is None else "version"
    yield json.dumps({"type": "command", "n": n(), "text": legal}), "malformed"  # no version
    for bad in ({"n": "7"}, {"n": 0}, {"n": -3}, {"n": 2**60}, {"n": True}, {"n": 1.5}, {"text": 5},
                {"text": ""}, {"text": "x" * 1001}, {"text": None}, {"extra": 1}, {"type": "commands"},
                {"type": None}):
        fields: dict[str, object] = {"type": "command", "n": n(), "text": legal}
        fields.update(bad)
        yield frame(**fields), "malformed"
    yield frame(type="command", text=legal), "malformed"  # no sequence number
    yield frame(type="undo"), "malformed"
    for raw in ("", " ", "[]", "[1, 2]", '"command"', "5", "null", "true", "{", "}", "{}", "NaN",
                "[" * 5000 + "]" * 5000, '{"v": 1, "type": "command", "n": Infinity, "text": "end"}',
                '{"v": 1, "v": 2}'):
        yield raw, None
    for _ in range(10):  # binary garbage
        yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))), "malformed"
    for text in old:  # replayed frames, exactly as first sent
        yield text, "replayed"
    yield old_legal, "replayed"  # a command legal now, under a number already used
    for text in (illegal, "fight 12345", "frobnicate", "choose 7", "@1 end", "@9 end", "@1", "!!", "1e9"):
        yield frame(type="command", n=n(), text=text), None
    yield frame(type="command", n=n(), text="@1 end"), "not_yours"
    yield frame(type="command", n=n(), text=illegal), "rejected"
    yield frame(type="join", code="XXXXXX", name="again"), "joined"
    yield frame(type="resume", token="whatever"), "joined"
    for _ in range(60):  # random fields from the messages' vocabulary
        fields = {k: rng.choice([1, -1, "end", "", None, [], {}, True, 2**70, "join", "undo", "command"])
                  for k in rng.sample(["v", "type", "n", "text", "code", "name", "seat", "token", "x"],
                                      rng.randrange(1, 6))}
        if fields.get("type") == "command" and fields.get("text") == "end":
            fields["text"] = illegal  # never a command the engine would take
        yield json.dumps(fields), None


def strangers(rng: random.Random) -> Iterator[Damage]:
    """First frames of connections that hold no seat."""
    for _ in range(12):
        yield frame(type="join", code=codes.join_code(), name="Mallory"), "stranger"
    for _ in range(10):
        yield frame(type="resume", token=codes.seat_token()), "token"
    yield frame(type="resume", token="x" * 65), "malformed"
    yield json.dumps({"v": 2, "type": "join", "code": "ABCDEF", "name": "Old"}), "version"
    yield frame(type="join", code="ABCDEF", name="two\nlines"), "malformed"
    yield frame(type="command", n=1, text="end"), "stranger"
    yield frame(type="undo", n=1), "stranger"
    yield "x" * (MAX_CLIENT_BYTES + 10), "too_large"
    for _ in range(6):
        yield bytes(rng.randrange(256) for _ in range(20)), "malformed"


def test_damaged_messages_get_one_refusal_each_and_change_nothing() -> None:
    rng = random.Random(2026)

    async def scenario() -> tuple[int, int]:
        game = new_game(GameOptions("legendary", players=2, seed=21))
        host = await start_host(game, max_failed=10**6)
        ws = await connect(url(host), max_size=None)
        await ws.send(frame(type="join", code=host.session.code, name="Fuzz"))
        welcome = await recv(ws)
        assert isinstance(welcome, Welcome) and welcome.seat == 0
        first = await recv(ws)
        assert isinstance(first, Update) and isinstance(await recv(ws), Roster)
        (other,) = await seat_clients(host, 1)
        assert isinstance(await recv(ws), Roster)  # the other seat joined
        # Two moves of seat 0 that the engine accepts, so that there are numbers to replay.
        n, old, update = Numbers(0), [], first
        for _ in range(2):
            text = frame(type="command", n=n(), text=next(c for c in update.legal if c != "end"))
            await ws.send(text)
            update = await recv(ws)
            assert isinstance(update, Update) and update.ack == n.n
            old.append(text)
        legal = next(c for c in update.legal if c != "end")
        old_legal = frame(type="command", n=1, text=legal)
        before = (game.state_hash(), list(game.commands), host.session.version, host.session.roster())

        count = 0
        for raw, code in damaged(rng, n, legal, old, old_legal):
            await ws.send(raw)
            reply = await recv(ws)
            assert isinstance(reply, Refused), (raw, reply)
            assert code is None or reply.code == code, (raw, reply)
            count += 1
        # A probe: its refusal must be the very next message (no frame above got a second answer).
        probe = n()
        await ws.send(frame(type="command", n=probe, text="play 99999"))
        reply = await recv(ws)
        assert isinstance(reply, Refused) and reply.n == probe and reply.code == "rejected"
        # The other seat, while seat 0 acts: its command is not its to give.
        refused = await other.command("end")
        assert isinstance(refused, Refused) and refused.code == "not_yours"
        count += 1

        for raw, code in strangers(rng):
            async with connect(url(host), max_size=None) as stranger:
                await stranger.send(raw)
                reply = await recv(stranger)
                assert isinstance(reply, Refused) and (code is None or reply.code == code), (raw, reply)
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(stranger.recv(), WAIT)  # one refusal, then closed
                assert stranger.close_code == 1008
            count += 1

        assert (game.state_hash(), list(game.commands), host.session.version, host.session.roster()) == before
        # ... and the table plays on: seat 0's next command, with the next number, is taken.
        await ws.send(frame(type="command", n=n(), text=legal))
        done = await recv(ws)
        assert isinstance(done, Update) and done.ack == n.n and done.version == before[2] + 1
        await ws.close()
        await close_all(host, [other])
        return count, len(game.commands)

    count, commands = asyncio.run(scenario())
    assert count >= 200
    assert commands == 3


def test_a_frame_too_large_for_the_websocket_layer_closes_that_connection_only() -> None:
    async def scenario() -> None:
        game = new_game(GameOptions("replay", seed=5))
        host = await start_host(game)
        a, b = await seat_clients(host, 2)
        before = game.state_hash()
        await a.send_raw("x" * (MAX_FRAME_BYTES + 1))
        await a.changed(a.update.version if a.update else 0, WAIT)  # returns once the connection ends
        assert a.closed is not None and not a.closed.goodbye
        assert "too large" in a.closed.reason
        assert game.state_hash() == before and b.closed is None
        await a.reconnect()  # the seat token brings it back
        assert a.seat == 0 and a.closed is None
        await close_all(host, [a, b])

    asyncio.run(scenario())
