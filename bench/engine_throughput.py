"""Engine throughput: random-bot player-turns per second on the shipped film, against pyminion.

Run: ``python bench/engine_throughput.py [--games 60] [--players 4] [--undo]``. Throughputs are in
CPU seconds of this process (``time.process_time``), so other load on a shared machine does not
count; numbers are for one core. The per-call samples (``legal_commands`` median, p99 command time)
use ``time.perf_counter``: reading the process clock is a system call that costs more than a
tenth of a command here, and four of them per command would count in the throughput. In one run
it reports:

- random full games of Legendary on The Matrix (random legal commands, ``track_undo`` off unless
  ``--undo``): games, commands and player-turns per second, p99 command time;
- the median time of ``legal_commands()`` in mid-game positions (Action Phase, no decision
  pending, from turn 3 on);
- when ``pyminion`` (a Python Dominion engine; the ``bench`` extra) is installed, 4 BigMoney bots'
  player-turns per second and our figure as a ratio of it;
- a bare-Python baseline (a loop that picks a random item of a 40-item list and appends it), so
  figures compare across machines.
"""
from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.legendary.carddb import load_db  # noqa: E402
from engine.legendary.films import film_setup  # noqa: E402
from engine.legendary.game import LegendaryGame  # noqa: E402

FILM = "the_matrix"


def baseline_op_seconds(n: int = 200_000) -> float:
    """Seconds per bare-Python operation (choice + append)."""
    rng = random.Random(1)
    items = list(range(40))
    out: list[int] = []
    start = time.process_time()
    for _ in range(n):
        out.append(rng.choice(items))
    return (time.process_time() - start) / n


def run_legendary(games: int, players: int, undo: bool) -> dict[str, Any]:
    """Random legal commands through whole games of the shipped film."""
    db = load_db([])
    apply_times: list[float] = []
    legal_mid: list[float] = []
    commands = turns = 0
    clock = time.perf_counter  # per-call samples (see the module docstring)
    start = time.process_time()
    for g in range(games):
        game = LegendaryGame.new(film_setup(FILM, players, seed=g), db, track_undo=undo)
        rng = random.Random(g)
        while not game.over:
            s = game.state
            t0 = clock()
            legal = game.legal_commands()
            t1 = clock()
            if s.phase == "action" and s.decision is None and s.turn_no >= 3:
                legal_mid.append(t1 - t0)
            cmd = rng.choice(legal)
            t0 = clock()
            res = game.apply(cmd)
            apply_times.append(clock() - t0)
            assert res.accepted, res
            commands += 1
        turns += game.state.turn_no
    total = time.process_time() - start
    return {
        "film": FILM,
        "players": players,
        "games": games,
        "track_undo": undo,
        "games_per_second": round(games / total, 2),
        "player_turns_per_second": round(turns / total, 1),
        "commands_per_second_with_legal_moves": round(commands / total, 1),
        "mean_commands_per_player_turn": round(commands / turns, 2),
        "p99_command_ms": round(statistics.quantiles(apply_times, n=100)[98] * 1000, 3),
        "legal_commands_mid_game_median_ms": round(statistics.median(legal_mid) * 1000, 4),
    }


def run_pyminion(games: int) -> dict[str, Any] | None:
    """4 BigMoney bots on the base set, in pyminion; None when pyminion is not installed."""
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions.base import base_set
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)
    random.seed(1)
    turns = 0
    start = time.process_time()
    for _ in range(games):
        bots = [BigMoney(player_id=f"bot {i}") for i in range(4)]
        game = Game(players=bots, expansions=[base_set], log_stdout=False)
        result = game.play()
        turns += sum(p.turns for p in result.game.players)
    total = time.process_time() - start
    return {"games": games, "player_turns_per_second": round(turns / total, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--pyminion-games", type=int, default=100)
    ap.add_argument("--undo", action="store_true", help="keep undo snapshots (as the GUI does)")
    args = ap.parse_args()
    out: dict[str, Any] = {"legendary": run_legendary(args.games, args.players, args.undo)}
    pm = run_pyminion(args.pyminion_games)
    if pm is not None:
        out["pyminion_big_money"] = pm
        out["legendary_to_pyminion_ratio"] = round(
            out["legendary"]["player_turns_per_second"] / pm["player_turns_per_second"], 3)
    else:
        out["pyminion_big_money"] = "not installed (pip install -e '.[bench]')"
    out["baseline_op_us"] = round(baseline_op_seconds() * 1e6, 4)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
