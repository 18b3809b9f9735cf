"""Helpers of the network tests: a host on localhost (a free port), clients that join it, bots
that play them, and the local game a host's command log is checked against."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from engine.net.client import Client
from engine.net.host import Host
from engine.net.protocol import Update
from engine.net.rulesets import GameOptions, new_game, seat_count
from engine.net.session import HostSession
from engine.net.viewbot import RandomLegal, play

QUIET = 3600.0  # no periodic roster while a test counts messages
GAME_SECONDS = 600.0  # a generous bound on a whole game (a loaded 2-core machine)
BOT_SEED = 11


async def start_host(game: Any, *, bots: dict[int, str] | None = None, local: tuple[int, ...] = (),
                     **kw: Any) -> Host:
    """A host of ``game`` on 127.0.0.1, any free port, started."""
    session = HostSession(game, bots=bots or {}, local=local, bot_seed=BOT_SEED,
                          autosave=kw.pop("autosave", None))
    kw.setdefault("roster_seconds", QUIET)
    host = Host(session, bind="127.0.0.1", port=0, **kw)
    await host.start()
    return host


def url(host: Host) -> str:
    return host.urls()[0]


async def seat_clients(host: Host, count: int, *,
                       record: Callable[[int], Callable[[str | bytes], None]] | None = None) -> list[Client]:
    """``count`` clients, each joined to the next free seat (``record(i)`` hears client i's frames)."""
    clients = []
    for i in range(count):
        c = Client(url(host), name=f"Friend {i}", code=host.session.code,
                   record=record(i) if record is not None else None)
        await c.connect()
        clients.append(c)
    return clients


async def play_out(clients: list[Client], seed: int = 0) -> list[Update | None]:
    """Bots play every client's seat to the end of the game."""
    return await asyncio.wait_for(
        asyncio.gather(*(play(c, RandomLegal(seed * 10 + i)) for i, c in enumerate(clients))), GAME_SECONDS)


async def close_all(host: Host, clients: list[Client]) -> None:
    await host.stop()
    for c in clients:
        await c.close()


def open_seats(opts: GameOptions, game: Any) -> int:
    return seat_count(game) - len(opts.bots)


def local_game(opts: GameOptions, commands: list[str]) -> Any:
    """A game of the same options (so the same seed) with ``commands`` applied one by one."""
    game = new_game(opts)
    for i, line in enumerate(commands):
        res = game.apply(line)
        assert res.accepted, f"command {i + 1} {line!r} was refused locally: {res}"
    return game
