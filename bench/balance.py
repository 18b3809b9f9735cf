"""Balance report: bots play many seeds at every player count and we print how games end.

    python bench/balance.py                      # The Matrix, heuristic bot, 400 games per count
    python bench/balance.py --games 100 --bot random
    python bench/balance.py --film reloaded      # another film
    python bench/balance.py --ruleset replay     # Matrix Replay: Humans against Machines
    python bench/balance.py --markdown           # the table for docs/balance.md
    python bench/balance.py --bot search --games 40 --players 2-4 --jobs 2   # the look-ahead bot

For Legendary it prints, per player count: win rate (Major, Minor), loss causes, mean turns and the
Act/Part the game ended in. Engine errors are counted and shown; they should be zero.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import cli  # noqa: E402
from engine.legendary.films import available_films  # noqa: E402
from engine.legendary.quickstart import default_setup  # noqa: E402


def _one_game(job: tuple[str, int, int, str, str, str | None]) -> dict[str, Any]:
    """Play one bot game (a worker of ``legendary_report``): its ending, or the engine error."""
    from engine.legendary.bots import BOTS
    from engine.legendary.game import LegendaryGame

    bot, n, s, film, goal, traitor = job
    db = _DB.get("db") or _DB.setdefault("db", cli._db([]))
    try:
        game = LegendaryGame.new(default_setup(db, n, s, [], film, traitor), db, track_undo=False)
        player = BOTS[bot](s, goal=goal) if bot == "search" else BOTS[bot](s)
        times: list[float] = []
        while not game.over:
            if len(times) >= MAX_COMMANDS:
                raise RuntimeError(f"the game did not end in {MAX_COMMANDS} commands")
            t0 = time.perf_counter()
            cmd = player.choose(game)
            times.append(time.perf_counter() - t0)
            if not game.apply(cmd).accepted:
                raise RuntimeError(f"bot chose an illegal command {cmd.text()!r}")
    except Exception as e:  # an engine bug: counted and shown, never hidden
        return {"error": f"seed {s}: {type(e).__name__}: {e}"}
    st = game.state
    seen = Counter(c for pile in st.piles.values() for c in pile)
    if len(seen) != len(st.defs) or any(v != 1 for v in seen.values()):
        return {"error": f"seed {s}: card conservation broken at the end"}  # every card in one pile
    return {"result": st.result, "turns": st.turn_no, "ended": f"{st.act}.{st.part}", "times": times}


_DB: dict[str, Any] = {}  # the card database, loaded once per worker process
MAX_COMMANDS = 20_000


def legendary_report(games: int, bot: str, seed: int, players: list[int],
                     film: str | None = None, traitor: str | None = None, jobs: int = 1,
                     goal: str = "win") -> dict[str, Any]:
    """One row per player count: outcomes of ``games`` bot games (on ``jobs`` processes), and the
    seconds per decision (median, 99th percentile, slowest)."""
    from engine.legendary.setup import validate

    db = cli._db([])
    film = film or available_films(db)[0].id
    validate(db, default_setup(db, players[0], seed, [], film, traitor))  # a bad setup: one clear error
    rows = []
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        for n in players:
            start = time.perf_counter()
            work = [(bot, n, seed + 10_000 * n + g, film, goal, traitor) for g in range(games)]
            played = pool.map(_one_game, work, chunksize=1) if pool else [_one_game(w) for w in work]
            rows.append(_row(n, games, played, time.perf_counter() - start))
    finally:
        if pool:
            pool.close()
    return {"ruleset": "legendary", "film": film, "traitor": traitor, "bot": bot, "rows": rows,
            **({"goal": goal} if bot == "search" else {})}


def _row(n: int, games: int, played: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    wins = {"major": 0, "minor": 0, "traitor": 0, "smiths": 0}
    losses: dict[str, int] = {}
    ended: dict[str, int] = {}
    errors = [p["error"] for p in played if "error" in p]
    done = [p for p in played if "error" not in p]
    for p in done:
        if p["result"].startswith("loss:"):
            losses[p["result"][5:]] = losses.get(p["result"][5:], 0) + 1
        else:
            wins[p["result"]] += 1
        ended[p["ended"]] = ended.get(p["ended"], 0) + 1
    times = sorted(t for p in done for t in p["times"])
    k = len(done)
    return {
        "players": n, "games": games, "errors": len(errors), "error_details": errors[:5],
        "win_rate": round((wins["major"] + wins["minor"]) / k, 3) if k else 0.0,
        "major": wins["major"], "minor": wins["minor"], "against_team": wins["traitor"] + wins["smiths"],
        "losses": dict(sorted(losses.items())),
        "mean_turns": round(sum(p["turns"] for p in done) / k, 1) if k else 0.0,
        "ended_in_act_part": dict(sorted(ended.items())),
        "decision_seconds": {"median": _pct(times, 0.5), "p99": _pct(times, 0.99),
                             "max": round(times[-1], 4) if times else 0.0},
        "seconds": round(seconds, 1),
    }


def _pct(sorted_values: list[float], q: float) -> float:
    return round(sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))], 4) \
        if sorted_values else 0.0


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table."""
    if report["ruleset"] != "legendary":
        return "```\n" + json.dumps(report, indent=1) + "\n```"
    traitor = report.get("traitor")
    mode = f", Traitor mode `{traitor}`" if traitor else ""
    against = " Traitor/Smiths win |" if traitor else ""
    timed = report["bot"] == "search"  # the look-ahead bot's seconds per decision matter to players
    wins = "a Major Victory" if report.get("goal") == "major" else "any win"
    goal = f", playing for {wins}" if timed else ""
    out = [f"Film `{report['film']}`, bot `{report['bot']}`{mode}{goal}.", "",
           f"| players | games | team win rate | Major | Minor |{against} losses | mean turns "
           "| ended in Act.Part |" + (" s/decision median, p99, max |" if timed else "") + " errors |",
           "|---|---|---|---|---|" + ("---|" if traitor else "") + "---|---|---|" + ("---|" if timed else "")
           + "---|"]
    for r in report["rows"]:
        losses = ", ".join(f"{k} {v}" for k, v in r["losses"].items())
        ended = ", ".join(f"{k}: {v}" for k, v in r["ended_in_act_part"].items())
        col = f" {r['against_team']} |" if traitor else ""
        d = r["decision_seconds"]
        secs = f" {d['median']}, {d['p99']}, {d['max']} |" if timed else ""
        out.append(f"| {r['players']} | {r['games']} | {r['win_rate']:.1%} | {r['major']} | {r['minor']} |"
                   f"{col} {losses} | {r['mean_turns']} | {ended} |{secs} {r['errors']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", choices=("legendary", "replay"), default="legendary")
    ap.add_argument("--games", type=int, default=400, help="games per player count (Legendary) or in all")
    ap.add_argument("--bot", default="heuristic", choices=("heuristic", "random", "search"))
    ap.add_argument("--goal", default="win", choices=("win", "major"),
                    help="what the search bot plays for (major: only a Major Victory counts)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="1-5")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--film", default=None, help="Legendary film id (default: the first loaded film)")
    ap.add_argument("--traitor", default=None, choices=("ignorance_is_bliss", "me_me_me"),
                    help="a Traitor mode (use --players 3-5)")
    args = ap.parse_args(argv)
    if args.ruleset == "replay":
        from engine.replay.sim import balance_report

        report = balance_report(args.games, args.seed)
        report.setdefault("ruleset", "replay")
    else:
        try:
            report = legendary_report(args.games, args.bot, args.seed, cli.player_counts(args.players),
                                      args.film, args.traitor, args.jobs, args.goal)
        except ValueError as e:  # a film that is not loaded, a bad player count
            print(f"balance: error: {e}", file=sys.stderr)
            return 2
    print(markdown(report) if args.markdown else json.dumps(report, indent=1))
    bad = sum(r.get("errors", 0) for r in report.get("rows", [])) + report.get("errors", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
