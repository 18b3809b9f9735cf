"""``matrix-engine serve`` and ``matrix-engine join``: remote play without a GUI (docs/network.md).

serve   host a game: prints the address and join code, runs until the game ends or Ctrl+C
join    join a hosted game and let a bot play the seat (or resume it with --token-file)
"""
from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path
from typing import Any

from engine.core.cliargs import whole_number


def seat_list(text: str) -> list[int]:
    """An argparse type: seat numbers such as ``1`` or ``1,2``."""
    try:
        seats = [whole_number(x) for x in text.split(",") if x.strip()]
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of seats such as 1 or 1,2") from None
    if any(s < 0 for s in seats):
        raise argparse.ArgumentTypeError(f"{text!r}: seats are numbered from 0")
    return seats


def port_number(text: str) -> int:
    n = whole_number(text)
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port (0 to 65535; 0: any free port)")
    return n


def seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= x <= 86400:
        raise argparse.ArgumentTypeError(f"{text!r} is not between 0 and 86400 seconds")
    return x


def add_parsers(sub: Any, card_folder: Any, rulesets: tuple[str, ...]) -> None:
    """The ``serve`` and ``join`` commands, under ``sub`` (argparse subparsers)."""
    from engine.net import DEFAULT_PORT

    srv = sub.add_parser("serve", help="host a game for remote players (no GUI)",
                         description="Host a game: the engine and every hidden card stay on this machine; "
                                     "each remote player sees only their seat's view.")
    srv.add_argument("--ruleset", choices=rulesets, default="legendary")
    srv.add_argument("--players", type=whole_number, default=None,
                     help="seats (Legendary 1-5, default 2; Replay 2; Expedition 1-4, default 2)")
    srv.add_argument("--film", default=None, help="a Legendary film id (default: the first loaded film)")
    srv.add_argument("--traitor", default=None, choices=("ignorance_is_bliss", "me_me_me"),
                     help="a Legendary Traitor mode (3-5 players)")
    srv.add_argument("--seed", type=whole_number, default=None,
                     help="the game's seed (default: a random one, which no client is ever told)")
    srv.add_argument("--cards", action="append", default=[], type=card_folder, help="extra card folder")
    srv.add_argument("--bots", type=seat_list, default=[], help="seats the host's bots play, e.g. 1,2")
    srv.add_argument("--bot-kind", choices=("heuristic", "random"), default="heuristic")
    srv.add_argument("--bot-delay", type=seconds, default=0.5,
                     help="seconds between a bot's moves (default 0.5)")
    srv.add_argument("--bot-after", type=seconds, default=None,
                     help="hand a dropped player's seat to a bot after this many seconds (default: never)")
    srv.add_argument("--host", default="0.0.0.0",
                     help="the address to listen on (default 0.0.0.0: every interface, for a LAN)")
    srv.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                     help=f"default {DEFAULT_PORT}; 0: any free port")
    srv.add_argument("--tls", action="store_true",
                     help="encrypt with a self-signed certificate (made by openssl, kept in the data folder)")
    srv.add_argument("--cert", type=Path, default=None, help="your own certificate (PEM) for --tls")
    srv.add_argument("--key", type=Path, default=None, help="its private key (PEM)")
    srv.add_argument("--autosave", type=Path, default=None,
                     help="the autosave (default: hosted/<ruleset>-<time>.json in the user data folder)")
    srv.add_argument("--resume", type=Path, default=None,
                     help="host a saved game (any ruleset's save or autosave) instead of a new one")

    join = sub.add_parser("join", help="join a hosted game; a bot plays the seat",
                          description="Join a hosted game and let a bot play the seat "
                                      "(people join from the app).")
    join.add_argument("url", help="the host's address, e.g. ws://192.168.1.20:8765")
    join.add_argument("--code", default=None, help="the join code the host shows")
    join.add_argument("--token-file", type=Path, default=None,
                      help="keep the seat token here; when it holds one, resume that seat")
    join.add_argument("--seat", type=whole_number, default=None,
                      help="the seat to take (default: the first free)")
    join.add_argument("--name", default="Bot")
    join.add_argument("--seed", type=whole_number, default=0, help="the bot's seed")
    join.add_argument("--delay", type=seconds, default=0.0, help="seconds the bot waits before each command")
    join.add_argument("--fingerprint", default=None, help="the host's TLS certificate fingerprint (wss://)")


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` or ``join``."""
    from engine.net.serve import join_game, serve_game
    from engine.net.serve import run as run_async

    def say(line: str) -> None:
        print(line, flush=True)

    if args.cmd == "join":
        if args.code is None and args.token_file is None:
            print("matrix-engine join: error: give --code (or --token-file holding a seat token)",
                  file=sys.stderr)
            return 2
        return run_async(join_game(args.url, code=args.code, token_file=args.token_file, seat=args.seat,
                                   name=args.name, seed=args.seed, delay=args.delay,
                                   fingerprint=args.fingerprint, say=say))
    session, tls, fingerprint = _session(args)
    return run_async(serve_game(session, bind=args.host, port=args.port, tls=tls, fingerprint=fingerprint,
                                bot_delay=args.bot_delay, bot_after=args.bot_after, say=say))


def _session(args: argparse.Namespace) -> tuple[Any, Any, str | None]:
    """The hosted game's session, its TLS context and certificate fingerprint (None without TLS);
    ValueError (SetupError, SaveError's kin, TLSError) with one sentence for bad options."""
    from engine.core.userdirs import app_dirs
    from engine.net import tls as tlsmod
    from engine.net.rulesets import GameOptions, new_game
    from engine.net.session import HostSession

    data = app_dirs()[0]
    bots = dict.fromkeys(args.bots, args.bot_kind)
    if args.resume is not None:
        from engine.cli import load_any
        from engine.net.rulesets import recorded_bots

        game = load_any(args.resume)
        bots = {**recorded_bots(game), **bots}
        ruleset = game.RULESET
    else:
        seed = args.seed if args.seed is not None else secrets.randbits(53)
        game = new_game(GameOptions(ruleset=args.ruleset, players=args.players, seed=seed, film=args.film,
                                    traitor=args.traitor, cards=list(args.cards), bots=bots))
        ruleset = args.ruleset
    autosave = args.autosave or data / "hosted" / f"{ruleset}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    tls = fingerprint = None
    if args.tls or args.cert or args.key:
        if (args.cert is None) != (args.key is None):
            raise tlsmod.TLSError("give both --cert and --key, or neither")
        cert, key = (args.cert, args.key) if args.cert else tlsmod.self_signed(data / "network")
        tls = tlsmod.server_context(cert, key)
        fingerprint = tlsmod.file_fingerprint(cert)
    return HostSession(game, bots=bots, autosave=autosave), tls, fingerprint
