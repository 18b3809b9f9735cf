"""Bot simulations of Matrix Replay: win rates, the Machines' ways of winning, speed.

``simulate`` is what ``matrix-engine simulate --ruleset replay`` prints; ``balance_report`` is what
``bench/balance.py`` reads.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any

from engine.core.botplay import play_out
from engine.replay.bots import make_bot
from engine.replay.carddb import ReplayDB, default_db
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup

MAX_COMMANDS = 20000
WAYS = ("neo", "neb", "zion")  # MR-GEN-03/04/05


def _bot_names(bot: str) -> tuple[str, str]:
    """``"heuristic"`` for both sides, or ``"HUMANS:MACHINES"`` such as ``"heuristic:random"``."""
    parts = bot.split(":")
    if len(parts) == 1:
        return parts[0], parts[0]
    if len(parts) == 2:
        return parts[0], parts[1]
    raise ValueError(f"bad bot spec {bot!r}: use NAME or HUMANS_BOT:MACHINES_BOT")


def play_game(seed: int, bot: str = "heuristic", db: ReplayDB | None = None,
              max_commands: int = MAX_COMMANDS) -> ReplayGame:
    """Play one game between two bots; raise RuntimeError if a bot picks an illegal move or it never ends."""
    h_name, m_name = _bot_names(bot)
    bots = (make_bot(h_name, seed * 2 + 1), make_bot(m_name, seed * 2 + 2))
    game = ReplayGame.new(ReplaySetup(seed=seed), db or default_db(), track_undo=False)
    play_out(game, lambda g, seat: bots[seat].choose(g, seat), max_commands)
    return game


def simulate(games: int, seed: int = 1, bot: str = "heuristic") -> dict[str, Any]:
    """Play ``games`` bot games (seeds ``seed``, ``seed + 1``, ...) and summarise them."""
    _bot_names(bot)
    for name in _bot_names(bot):
        make_bot(name)  # fail early on an unknown bot name
    db = default_db()
    wins = {"humans": 0, "machines": 0}
    ways = dict.fromkeys(WAYS, 0)
    errors: list[str] = []
    turns = commands = 0
    start = time.perf_counter()
    for g in range(games):
        try:
            game = play_game(seed + g, bot, db)
        except Exception as e:  # a bug in the engine or a bot: counted and reported, never hidden
            errors.append(f"game {g} (seed {seed + g}): {type(e).__name__}: {e}")
            continue
        commands += len(game.commands)
        turns += game.state.turn_no
        result = game.state.result
        if result == "humans":
            wins["humans"] += 1
        else:
            wins["machines"] += 1
            ways[result.split(":", 1)[1]] += 1
    elapsed = time.perf_counter() - start
    done = games - len(errors)
    return {
        "ruleset": "replay", "bot": bot, "games": games, "wins": wins, "machine_wins_by": ways,
        "human_win_rate": round(wins["humans"] / done, 4) if done else 0.0,
        "mean_turns": round(turns / done, 2) if done else 0.0,
        "mean_commands": round(commands / done, 1) if done else 0.0,
        "errors": len(errors), "error_details": errors[:20], "commands": commands,
        "seconds": round(elapsed, 3), "commands_per_second": round(commands / elapsed, 1) if elapsed else 0.0,
    }


def balance_report(games: int = 1000, seed: int = 1) -> dict[str, Any]:
    """Heuristic vs heuristic: win rates of each side, mean length, and how the Machines win."""
    out = simulate(games, seed, "heuristic")
    done = games - out["errors"]
    machine = out["wins"]["machines"]
    return {
        "ruleset": "replay", "games": games, "seed": seed, "bot": "heuristic",
        "human_win_rate": out["human_win_rate"],
        "machine_win_rate": round(machine / done, 4) if done else 0.0,
        "mean_turns": out["mean_turns"], "mean_commands": out["mean_commands"],
        "machine_win_ways": out["machine_wins_by"],
        "machine_win_way_shares": {k: round(v / machine, 4) if machine else 0.0
                                   for k, v in out["machine_wins_by"].items()},
        "errors": out["errors"], "commands_per_second": out["commands_per_second"],
    }


# --- command line (called by engine/cli.py) ---------------------------------------------------------


def cli_simulate(games: int, seed: int, bot: str) -> int:
    try:
        out = simulate(games, seed, bot)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, indent=1))
    return 0
