"""Balance report: bots play many seeds at every player count and we print how games end.

    python bench/balance.py                      # The Matrix, heuristic bot, 400 games per count
    python bench/balance.py --games 100 --bot random
    python bench/balance.py --film reloaded      # another film
    python bench/balance.py --ruleset replay     # Matrix Replay: Humans against Machines
    python bench/balance.py --markdown           # the table for docs/balance.md

For Legendary it prints, per player count: win rate (Major, Minor), loss causes, mean turns and the
Act/Part the game ended in. Engine errors are counted and shown; they should be zero.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import cli  # noqa: E402
from engine.legendary.films import available_films  # noqa: E402
from engine.legendary.quickstart import default_setup  # noqa: E402


def legendary_report(games: int, bot: str, seed: int, players: list[int],
                     film: str | None = None, traitor: str | None = None) -> dict[str, Any]:
    """One row per player count: outcomes of ``games`` bot games."""
    from engine.legendary.setup import validate

    db = cli._db([])
    film = film or available_films(db)[0].id
    validate(db, default_setup(db, players[0], seed, [], film, traitor))  # a bad setup: one clear error
    rows = []
    for n in players:
        wins = {"major": 0, "minor": 0, "traitor": 0, "smiths": 0}
        losses: dict[str, int] = {}
        ended: dict[str, int] = {}
        errors: list[str] = []
        turns = 0
        start = time.perf_counter()
        for g in range(games):
            s = seed + 10_000 * n + g
            try:
                game = cli.play_game(db, default_setup(db, n, s, [], film, traitor), bot, s)
            except Exception as e:  # an engine bug: counted and shown, never hidden
                errors.append(f"seed {s}: {type(e).__name__}: {e}")
                continue
            st = game.state
            seen = Counter(c for pile in st.piles.values() for c in pile)
            if len(seen) != len(st.defs) or any(v != 1 for v in seen.values()):
                errors.append(f"seed {s}: card conservation broken at the end")  # every card in one pile
                continue
            turns += st.turn_no
            if st.result.startswith("loss:"):
                losses[st.result[5:]] = losses.get(st.result[5:], 0) + 1
            else:
                wins[st.result] += 1
            key = f"{st.act}.{st.part}"
            ended[key] = ended.get(key, 0) + 1
        done = games - len(errors)
        rows.append({
            "players": n, "games": games, "errors": len(errors), "error_details": errors[:5],
            "win_rate": round((wins["major"] + wins["minor"]) / done, 3) if done else 0.0,
            "major": wins["major"], "minor": wins["minor"], "against_team": wins["traitor"] + wins["smiths"],
            "losses": dict(sorted(losses.items())),
            "mean_turns": round(turns / done, 1) if done else 0.0,
            "ended_in_act_part": dict(sorted(ended.items())),
            "seconds": round(time.perf_counter() - start, 1),
        })
    return {"ruleset": "legendary", "film": film, "traitor": traitor, "bot": bot, "rows": rows}


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table."""
    if report["ruleset"] != "legendary":
        return "```\n" + json.dumps(report, indent=1) + "\n```"
    traitor = report.get("traitor")
    mode = f", Traitor mode `{traitor}`" if traitor else ""
    against = " Traitor/Smiths win |" if traitor else ""
    out = [f"Film `{report['film']}`, bot `{report['bot']}`{mode}.", "",
           f"| players | games | team win rate | Major | Minor |{against} losses | mean turns "
           "| ended in Act.Part | errors |",
           "|---|---|---|---|---|" + ("---|" if traitor else "") + "---|---|---|---|"]
    for r in report["rows"]:
        losses = ", ".join(f"{k} {v}" for k, v in r["losses"].items())
        ended = ", ".join(f"{k}: {v}" for k, v in r["ended_in_act_part"].items())
        col = f" {r['against_team']} |" if traitor else ""
        out.append(f"| {r['players']} | {r['games']} | {r['win_rate']:.1%} | {r['major']} | {r['minor']} |"
                   f"{col} {losses} | {r['mean_turns']} | {ended} | {r['errors']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", choices=("legendary", "replay"), default="legendary")
    ap.add_argument("--games", type=int, default=400, help="games per player count (Legendary) or in all")
    ap.add_argument("--bot", default="heuristic")
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
                                      args.film, args.traitor)
        except ValueError as e:  # a film that is not loaded, a bad player count
            print(f"balance: error: {e}", file=sys.stderr)
            return 2
    print(markdown(report) if args.markdown else json.dumps(report, indent=1))
    bad = sum(r.get("errors", 0) for r in report.get("rows", [])) + report.get("errors", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
