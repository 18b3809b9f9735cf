"""``matrix-engine serve`` and ``matrix-engine join``: a host without a GUI, and a client played by
a bot (the command line parses the options: ``engine/cli_net.py``)."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import ssl
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.net import codes
from engine.net.client import Client, HostLost, JoinRefused
from engine.net.host import Host
from engine.net.session import HostSession
from engine.net.viewbot import RandomLegal, play

NAMES = {"legendary": "Legendary Encounters: The Matrix", "replay": "Matrix Replay",
         "expedition": "the Expedition"}
ROUTER_NOTE = ("Friends on your local network can join now. From outside it, your router must forward "
               "port {port} to this machine (or use a VPN); anyone with the join code can take a free seat.")
QUIT_REASON = "The host has closed the game: it goes on from the host's autosave."


def describe_seats(session: HostSession) -> str:
    return ", ".join(f"{s.seat} {s.bot + ' bot' if s.kind == 'bot' and s.bot else s.kind}"
                     for s in session.seats)


async def serve_game(session: HostSession, *, bind: str, port: int, tls: ssl.SSLContext | None,
                     fingerprint: str | None, bot_delay: float, bot_after: float | None,
                     say: Callable[[str], None]) -> int:
    """Host ``session`` until its game is over or the process is asked to stop (Ctrl+C, SIGTERM);
    0 when the game ended or the host stopped cleanly."""
    host = Host(session, bind=bind, port=port, tls=tls, bot_delay=bot_delay, bot_after=bot_after,
                on_log=lambda line: say(f"  {line}"))
    try:
        await host.start()
    except OSError:
        session.close()
        raise
    urls = host.urls()
    say(f"Hosting {NAMES.get(session.ruleset, session.ruleset)}: {len(session.seats)} seats")
    say(f"Address:   {urls[0]}" + (f"   (on this machine: {urls[-1]})" if len(urls) > 1 else ""))
    say(f"Join code: {codes.shown(session.code)}")
    if fingerprint:
        say(f"TLS certificate fingerprint: {fingerprint}")
    say(f"Seats:     {describe_seats(session)}")
    if session.autosave_path is not None:
        say(f"Autosave:  {session.autosave_path}")
    if bind in ("", "0.0.0.0", "::"):
        say(ROUTER_NOTE.format(port=host.port))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # (Windows: Ctrl+C raises instead)
            loop.add_signal_handler(sig, stop.set)
    over = asyncio.create_task(host.over.wait())
    stopped = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({over, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        over.cancel()
        stopped.cancel()
        game = session.game
        if game.over:
            result = getattr(game.state, "result", "") or "over"
            say(f"Game over: {result}")
            say(json.dumps({"result": result, "hash": game.state_hash(), "commands": len(game.commands)}))
            await host.stop(f"The game is over ({result}).")
        else:
            await host.stop(QUIT_REASON)
            say("The host stopped; the game goes on from its autosave.")
    return 0


def read_token(path: Path | None) -> str | None:
    """The seat token kept in ``path`` by an earlier run, if any."""
    if path is None or not path.is_file():
        return None
    text = path.read_text(encoding="utf-8").strip()
    return text or None


def keep_token(path: Path, token: str) -> None:
    """Write the seat token for a later run (only this user may read it), atomically."""
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(token + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


async def join_game(url: str, *, code: str | None, token_file: Path | None, seat: int | None, name: str,
                    seed: int, delay: float, fingerprint: str | None, say: Callable[[str], None]) -> int:
    """Join (or resume, with the token kept in ``token_file``) and let a bot play the seat to the
    end: 0 when the game ended, 1 when the host refused, left or could not be reached."""
    token = read_token(token_file)
    client = Client(url, name=name, code=code, seat=seat, token=token, fingerprint=fingerprint)
    try:
        welcome = await client.connect()
    except JoinRefused as e:
        say(f"The host refused: {e.refused.reason}")
        return 1
    except (HostLost, ValueError) as e:
        say(str(e))
        return 1
    if token_file is not None:
        keep_token(token_file, welcome.token)
    say(f"{'Resumed' if token else 'Joined'} seat {welcome.seat} of a {welcome.ruleset} game")
    try:
        final = await play(client, RandomLegal(seed), pause=delay)
    except HostLost as e:
        say(str(e))
        return 1
    finally:
        await client.close()
    if final is None:
        say(client.closed.reason if client.closed else "the connection ended")
        return 1
    say(json.dumps({"seat": welcome.seat, "over": final.over, "hash": final.hash}))
    return 0


def run(coro: Any) -> int:
    """Run a ``serve_game`` or ``join_game`` coroutine to its exit status."""
    try:
        return asyncio.run(coro)
    except KeyboardInterrupt:  # Windows, where the loop cannot catch SIGINT
        return 130
