"""Engine throughput: random full games, commands and player-turns per second, p99 command time.

Run: ``python bench/engine_throughput.py [--games 200] [--players 4]``. Numbers are for one core.
Each figure is also given as a ratio against a bare-Python baseline measured in the same run (a
loop that picks a random item from a 40-item list and appends it to a list), so results compare
across machines.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.legendary.carddb import load_db  # noqa: E402
from engine.legendary.game import LegendaryGame  # noqa: E402
from engine.legendary.setup import LegendarySetup  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "cards"
AVATARS = ["test_avatar_captain", "test_avatar_pilot", "test_avatar_medic", "test_avatar_operator",
           "test_avatar_brawler"]


def baseline_op_seconds(n: int = 200_000) -> float:
    """Seconds per bare-Python operation (choice + append)."""
    rng = random.Random(1)
    items = list(range(40))
    out: list[int] = []
    start = time.perf_counter()
    for _ in range(n):
        out.append(rng.choice(items))
    return (time.perf_counter() - start) / n


def setup_for(players: int, seed: int) -> LegendarySetup:
    return LegendarySetup(avatars=AVATARS[:players],
                          acts=["test_act_one", "test_act_two", "test_act_three"],
                          groups=["test_alpha", "test_beta", "test_gamma", "test_delta"], seed=seed,
                          card_dirs=[str(FIXTURE)])


def run(games: int, players: int) -> dict[str, float]:
    db = load_db([FIXTURE])
    apply_times: list[float] = []
    commands = turns = 0
    start = time.perf_counter()
    for g in range(games):
        game = LegendaryGame.new(setup_for(players, g), db, track_undo=True)
        rng = random.Random(g)
        while not game.over:
            cmd = rng.choice(game.legal_commands())
            t0 = time.perf_counter()
            res = game.apply(cmd)
            apply_times.append(time.perf_counter() - t0)
            assert res.accepted, res
            commands += 1
        turns += game.state.turn_no
    total = time.perf_counter() - start
    apply_total = sum(apply_times)
    p99 = statistics.quantiles(apply_times, n=100)[98]
    base = baseline_op_seconds()
    return {
        "players": players,
        "games": games,
        "games_per_second": round(games / total, 2),
        "player_turns_per_second": round(turns / total, 1),
        "commands_per_second_apply_only": round(commands / apply_total, 1),
        "commands_per_second_with_legal_moves": round(commands / total, 1),
        "mean_commands_per_game": round(commands / games, 1),
        "p99_command_ms": round(p99 * 1000, 3),
        "max_command_ms": round(max(apply_times) * 1000, 3),
        "baseline_op_us": round(base * 1e6, 4),
        "p99_command_in_baseline_ops": round(p99 / base, 1),
        "mean_command_in_baseline_ops": round(apply_total / commands / base, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    print(json.dumps(run(args.games, args.players), indent=1))


if __name__ == "__main__":
    main()
