"""Bot explorations of the Matrix Phase: DP found, turns, how explorations end, errors and speed.

``simulate`` is what ``matrix-engine simulate --ruleset expedition`` prints.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from typing import Any

from engine.core.botplay import play_out
from engine.expedition.bots import make_bot
from engine.expedition.chitdb import ChitDB, default_db
from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import MAX_PLAYERS, ExpeditionSetup

MAX_COMMANDS = 5000


def chit_problems(game: ExpeditionGame) -> list[str]:
    """Conservation of chits: every chit is in exactly one pile ([] when it holds)."""
    s = game.state
    seen = Counter(c for pile in s.piles.values() for c in pile)
    out = [f"chit {c} is in {n} places" for c, n in seen.items() if n > 1]
    missing = len(s.defs) - len(seen)
    if missing:
        out.append(f"{missing} chits are nowhere")
    return out


def setup_for(seed: int, players: int) -> ExpeditionSetup:
    """The simulated setup of one game: default sheets, gear varied by the seed."""
    return ExpeditionSetup.for_players(players, seed, guide=seed % 2 == 0, telescope=seed % 3 == 0,
                                       wildman=seed % 7 == 0)


def play_game(seed: int, players: int = 1, bot: str = "heuristic", db: ChitDB | None = None,
              max_commands: int = MAX_COMMANDS) -> ExpeditionGame:
    """Play one Matrix Phase with one bot per seat; RuntimeError if a bot picks an illegal move,
    the phase never ends or a chit is lost or doubled."""
    bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
    game = ExpeditionGame.new(setup_for(seed, players), db or default_db(), track_undo=False)
    play_out(game, lambda g, seat: bots[seat].choose(g, seat), max_commands, "the Matrix Phase")
    problems = chit_problems(game)
    if problems:
        raise RuntimeError("chit conservation: " + "; ".join(problems[:3]))
    return game


def simulate(games: int, seed: int = 1, bot: str = "heuristic",
             players: list[int] | None = None) -> dict[str, Any]:
    """Play ``games`` Matrix Phases (seeds ``seed``, ``seed + 1``, ...; player counts in turn)."""
    counts = players or list(range(1, MAX_PLAYERS + 1))
    if not all(1 <= n <= MAX_PLAYERS for n in counts):
        raise ValueError(f"the Matrix Phase is for 1 to {MAX_PLAYERS} players")
    make_bot(bot)
    db = default_db()
    errors: list[str] = []
    ended: Counter[str] = Counter()
    explorations = dp = turns = commands = 0
    start = time.perf_counter()
    for g in range(games):
        n = counts[g % len(counts)]
        try:
            game = play_game(seed + g, n, bot, db)
        except Exception as e:  # a bug in the engine or a bot: counted and reported, never hidden
            errors.append(f"game {g} (seed {seed + g}, {n} players): {type(e).__name__}: {e}")
            continue
        commands += len(game.commands)
        for sh in game.state.sheets:
            explorations += 1
            dp += sh.dp
            turns += sh.turns
            ended[sh.ended_by] += 1
    elapsed = time.perf_counter() - start
    return {
        "ruleset": "expedition", "bot": bot, "games": games, "players": counts,
        "explorations": explorations, "errors": len(errors), "error_details": errors[:20],
        "mean_dp": round(dp / explorations, 2) if explorations else 0.0,
        "mean_turns": round(turns / explorations, 2) if explorations else 0.0,
        "ended_by": dict(sorted(ended.items())), "commands": commands, "seconds": round(elapsed, 3),
        "commands_per_second": round(commands / elapsed, 1) if elapsed else 0.0,
    }


# --- command line (called by engine/cli.py) ---------------------------------------------------------


def cli_simulate(games: int, seed: int, bot: str, players: list[int] | None) -> int:
    try:
        out = simulate(games, seed, bot, players)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, indent=1))
    return 0
