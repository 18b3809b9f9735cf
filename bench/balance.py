"""Balance report: bots play many seeds at every player count and we print how games end.

    python bench/balance.py                      # The Matrix, heuristic bot, 400 games per count
    python bench/balance.py --games 100 --bot random
    python bench/balance.py --film reloaded      # another film
    python bench/balance.py --ruleset replay     # Matrix Replay: Humans against Machines
    python bench/balance.py --markdown           # the table for docs/balance.md
    python bench/balance.py --bot search --games 40 --players 2-4 --jobs 2   # the look-ahead bot
    python bench/balance.py --campaign --games 100 --markdown   # film campaigns, campaign bot

For Legendary it prints, per player count: win rate (Major, Minor), loss causes, mean turns and the
Act/Part the game ended in. Engine errors are counted and shown, and so are hangs: games stopped past
``stall.HUNG_TURNS`` turns (or MAX_COMMANDS commands) that the bots did not end; both should be zero,
and either makes the exit status 1.

With --campaign it plays ``--games`` film campaigns (the three films in release order) per player
count (default 2-4) through the campaign API, as ``matrix-engine campaign autoplay`` does, retrying a
lost game up to ``--max-tries`` times, and prints the chance to finish the trilogy with at most 3, 5
and ``--max-tries`` tries per game, the mean tries per game, the scars at the end and the starting
Time Track of games 2 and 3.
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
from engine.core.botplay import Unfinished, play_out  # noqa: E402
from engine.core.commands import Command  # noqa: E402
from engine.legendary.films import available_films  # noqa: E402
from engine.legendary.quickstart import default_setup  # noqa: E402
from engine.legendary.stall import HUNG_TURNS  # noqa: E402


def _one_game(job: tuple[str, int, int, str, str, str | None]) -> dict[str, Any]:
    """Play one bot game (a worker of ``legendary_report``): its ending, the engine error, or the
    turn limit it ran past (a hang: bots give a stalled game up once the engine offers it)."""
    from engine.legendary.bots import BOTS
    from engine.legendary.game import LegendaryGame

    bot, n, s, film, goal, traitor = job
    db = _DB.get("db") or _DB.setdefault("db", cli._db([]))
    times: list[float] = []
    weighed: list[float] = []  # the decisions the look-ahead bot played moves out for

    def choose(game: LegendaryGame, seat: int) -> Command:
        t0 = time.perf_counter()
        if analyse is not None:
            analysis = analyse(game)
            cmd = analysis.best
        else:
            cmd = player.choose(game)
        times.append(time.perf_counter() - t0)
        if analyse is not None and analysis.options:
            weighed.append(times[-1])
        return cmd

    try:
        game = LegendaryGame.new(default_setup(db, n, s, [], film, traitor), db, track_undo=False)
        player = BOTS[bot](s, goal=goal) if bot == "search" else BOTS[bot](s)
        analyse = getattr(player, "analyse", None)
        play_out(game, choose, MAX_COMMANDS, turns=cli.turn_of, max_turns=HUNG_TURNS)
    except Unfinished as e:  # stopped at the limit, never left to loop: a failing result
        return {"hang": f"seed {s}: {e}"}
    except Exception as e:  # an engine bug: counted and shown, never hidden
        return {"error": f"seed {s}: {type(e).__name__}: {e}"}
    st = game.state
    seen = Counter(c for pile in st.piles.values() for c in pile)
    if len(seen) != len(st.defs) or any(v != 1 for v in seen.values()):
        return {"error": f"seed {s}: card conservation broken at the end"}  # every card in one pile
    return {"result": st.result, "turns": st.turn_no, "ended": f"{st.act}.{st.part}", "times": times,
            "weighed": weighed}


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
    hangs = [p["hang"] for p in played if "hang" in p]
    done = [p for p in played if "error" not in p and "hang" not in p]
    for p in done:
        if p["result"].startswith("loss:"):
            losses[p["result"][5:]] = losses.get(p["result"][5:], 0) + 1
        else:
            wins[p["result"]] += 1
        ended[p["ended"]] = ended.get(p["ended"], 0) + 1
    times = sorted(t for p in done for t in p["times"])
    weighed = sorted(t for p in done for t in p["weighed"])
    k = len(done)
    return {
        "players": n, "games": games, "errors": len(errors), "error_details": errors[:5],
        "hangs": len(hangs), "hang_details": hangs[:5],
        "win_rate": round((wins["major"] + wins["minor"]) / k, 3) if k else 0.0,
        "major": wins["major"], "minor": wins["minor"], "against_team": wins["traitor"] + wins["smiths"],
        "losses": dict(sorted(losses.items())),
        "mean_turns": round(sum(p["turns"] for p in done) / k, 1) if k else 0.0,
        "max_turns": max((p["turns"] for p in done), default=0),
        "ended_in_act_part": dict(sorted(ended.items())),
        "decision_seconds": _spread(times),
        "weighed_decisions": len(weighed), "weighed_seconds": _spread(weighed),
        "seconds": round(seconds, 1),
    }


def _spread(sorted_values: list[float]) -> dict[str, float]:
    return {"median": _pct(sorted_values, 0.5), "p99": _pct(sorted_values, 0.99),
            "max": round(sorted_values[-1], 4) if sorted_values else 0.0}


def _pct(sorted_values: list[float], q: float) -> float:
    return round(sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))], 4) \
        if sorted_values else 0.0


TRIES_SHOWN = (3, 5)  # per-game try limits the campaign report gives a finish chance for


def team_of(db: Any, players: int) -> list[str]:
    """The campaign team for ``players``: the characters of the first film's recommended Avatars."""
    first = available_films(db)[0].id
    return [db.cards[a].character for a in default_setup(db, players, 0, [], first).avatars]


def campaign_report(games: int, bot: str, seed: int, players: list[int],
                    max_tries: int = 30) -> dict[str, Any]:
    """One row per player count: ``games`` film campaigns played by ``bot`` with retries."""
    from engine.cli_campaign import autoplay
    from engine.legendary.campaign import GAMES, CampaignId, new_campaign

    db = cli._db([])
    limits = sorted({*TRIES_SHOWN, max_tries})
    rows = []
    for n in players:
        team = team_of(db, n)
        finished = dict.fromkeys(limits, 0)
        tries: list[list[int]] = [[] for _ in range(GAMES)]  # tries used by each game that was won
        scars: list[int] = []
        start_times: list[list[int]] = [[], []]  # games 2 and 3
        errors: list[str] = []
        start = time.perf_counter()
        for g in range(games):
            s = seed + 10_000 * n + g
            try:
                c = new_campaign(db, team, seed=s, campaign_id=CampaignId(f"bench-{n}-{g}"))
                autoplay(db, c, bot, max_tries)
            except Exception as e:  # an engine bug: counted and shown, never hidden
                errors.append(f"seed {s}: {type(e).__name__}: {e}")
                continue
            used = [len(game.tries) for game in c.games if game.won]
            for i, k in enumerate(used):
                tries[i].append(k)
            for i, game in enumerate(c.games[1:]):
                start_times[i].append(game.start_time)
            if c.status == "won":
                scars.append(sum(c.scars))
                for lim in limits:
                    finished[lim] += max(used) <= lim
        done = games - len(errors)
        rows.append({
            "players": n, "team": team, "campaigns": games, "errors": len(errors),
            "error_details": errors[:5],
            "finished": {str(k): round(v / done, 3) if done else 0.0 for k, v in finished.items()},
            "mean_tries": [round(sum(t) / len(t), 2) if t else None for t in tries],
            "mean_scars": round(sum(scars) / len(scars), 2) if scars else None,
            "start_time": [dict(sorted(Counter(t).items())) for t in start_times],
            "seconds": round(time.perf_counter() - start, 1),
        })
    return {"ruleset": "legendary-campaign", "bot": bot, "max_tries": max_tries, "rows": rows}


def campaign_markdown(report: dict[str, Any]) -> str:
    """The campaign report as a Markdown table."""
    cap = report["max_tries"]
    shown = [k for k in report["rows"][0]["finished"]] if report["rows"] else []
    heads = " | ".join(f"finished, ≤{k} tries/game" if int(k) != cap else f"finished, ≤{k} (cap)"
                       for k in shown)
    out = [f"Film campaign (The Matrix, Reloaded, Revolutions), bot `{report['bot']}`, "
           f"at most {cap} tries per game.", "",
           f"| players | team | campaigns | {heads} | mean tries game 1 / 2 / 3 | scars at the end "
           "(team) | starting Time game 2 | starting Time game 3 | errors |",
           "|---|---|---|" + "---|" * len(shown) + "---|---|---|---|---|"]
    for r in report["rows"]:
        fin = " | ".join(f"{r['finished'][k]:.0%}" for k in shown)
        tries = " / ".join("-" if t is None else f"{t}" for t in r["mean_tries"])
        times = [", ".join(f"{k}: {v}" for k, v in t.items()) or "-" for t in r["start_time"]]
        out.append(f"| {r['players']} | {', '.join(r['team'])} | {r['campaigns']} | {fin} | {tries} | "
                   f"{r['mean_scars'] if r['mean_scars'] is not None else '-'} | {times[0]} | {times[1]} "
                   f"| {r['errors']} |")
    return "\n".join(out)


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table."""
    if report["ruleset"] == "legendary-campaign":
        return campaign_markdown(report)
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
           "| ended in Act.Part |" + (" s/decision median, p99, max | weighed decisions: count; s median, "
                                       "p99, max |" if timed else "") + " errors | hangs |",
           "|---|---|---|---|---|" + ("---|" if traitor else "") + "---|---|---|"
           + ("---|---|" if timed else "") + "---|---|"]
    for r in report["rows"]:
        losses = ", ".join(f"{k} {v}" for k, v in r["losses"].items())
        ended = ", ".join(f"{k}: {v}" for k, v in r["ended_in_act_part"].items())
        col = f" {r['against_team']} |" if traitor else ""
        d = r["decision_seconds"]
        w = r["weighed_seconds"]
        secs = f" {d['median']}, {d['p99']}, {d['max']} | {r['weighed_decisions']}; {w['median']}, " \
            f"{w['p99']}, {w['max']} |" if timed else ""
        out.append(f"| {r['players']} | {r['games']} | {r['win_rate']:.1%} | {r['major']} | {r['minor']} |"
                   f"{col} {losses} | {r['mean_turns']} | {ended} |{secs} {r['errors']} | {r['hangs']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", choices=("legendary", "replay"), default="legendary")
    ap.add_argument("--games", type=int, default=400, help="games per player count (Legendary) or in all")
    ap.add_argument("--bot", default=None, choices=("heuristic", "random", "search", "campaign"),
                    help="default: heuristic (campaign with --campaign)")
    ap.add_argument("--goal", default="win", choices=("win", "major"),
                    help="what the search bot plays for (major: only a Major Victory counts)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default=None, help="player counts (default 1-5; 2-4 with --campaign)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--film", default=None, help="Legendary film id (default: the first loaded film)")
    ap.add_argument("--traitor", default=None, choices=("ignorance_is_bliss", "me_me_me"),
                    help="a Traitor mode (use --players 3-5)")
    ap.add_argument("--campaign", action="store_true",
                    help="play film campaigns with retries (default bot: campaign)")
    ap.add_argument("--max-tries", type=int, default=30, help="with --campaign: tries per game at most")
    args = ap.parse_args(argv)
    players = args.players or ("2-4" if args.campaign else "1-5")
    if args.ruleset == "replay":
        from engine.replay.sim import balance_report

        report = balance_report(args.games, args.seed)
        report.setdefault("ruleset", "replay")
    elif args.campaign:
        report = campaign_report(args.games, args.bot or "campaign", args.seed, cli.player_counts(players),
                                 args.max_tries)
    else:
        try:
            report = legendary_report(args.games, args.bot or "heuristic", args.seed,
                                      cli.player_counts(players), args.film, args.traitor, args.jobs,
                                      args.goal)
        except ValueError as e:  # a film that is not loaded, a bad player count
            print(f"balance: error: {e}", file=sys.stderr)
            return 2
    print(markdown(report) if args.markdown else json.dumps(report, indent=1))
    rows = report.get("rows", [])
    bad = report.get("errors", 0) + sum(r.get("errors", 0) + r.get("hangs", 0) for r in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
