"""``matrix-engine``: the headless engine from the command line.

simulate       bots play N games; JSON summary
replay SAVE    verify a save (any ruleset) by replaying it; print the final state hash
validate-cards load every card file and check the lessons; counts per category, or errors with file and field
run-scenario   run a scenario file (docs/scenarios.md); print the events, rejections and final state
campaign       new, list, show, play, advance, give-up, autoplay: three games with scars (LE-CAMPAIGN)
serve          host a game for remote players without a GUI (docs/network.md)
join           join a hosted game; a bot plays the seat
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.cli_campaign import add_parser as add_campaign_parser
from engine.cli_campaign import run as run_campaign
from engine.cli_net import add_parsers as add_net_parsers
from engine.cli_net import run as run_net
from engine.core.botplay import Unfinished
from engine.core.cardfiles import CardLoadError
from engine.core.cliargs import OneLineParser, positive_int, whole_number
from engine.core.inputcheck import one_line
from engine.core.savefile import SaveError

# Bad input (a damaged save, card file or scenario, an unreadable file): one line, exit status 2.
# SetupError and ScenarioError are ValueErrors.
EXPECTED_ERRORS = (SaveError, CardLoadError, OSError, ValueError)
RULESETS = ("legendary", "replay", "expedition")


def _db(extra: list[str]) -> Any:
    from engine.legendary.carddb import load_db

    return load_db([Path(d) for d in extra])


def play_game(db: Any, setup: Any, bot: str, seed: int, max_commands: int = 20000) -> Any:
    """Play one bot game to its end; returns the finished LegendaryGame. Raises on an engine bug,
    and ``Unfinished`` for a game that hung: past ``stall.HUNG_TURNS`` turns (bots give a stalled
    game up once it is offered) or ``max_commands`` commands."""
    from engine.core.botplay import play_out
    from engine.legendary.bots import BOTS
    from engine.legendary.game import LegendaryGame
    from engine.legendary.stall import HUNG_TURNS

    game = LegendaryGame.new(setup, db, track_undo=False)
    player = BOTS[bot](seed)
    play_out(game, lambda g, seat: player.choose(g), max_commands, turns=turn_of, max_turns=HUNG_TURNS)
    return game


def turn_of(game: Any) -> int:
    """A Legendary game's turn number (the benches' turn limit reads it)."""
    return int(game.state.turn_no)


def simulate(games: int, players: list[int], bot: str, seed: int, card_dirs: list[str],
             max_commands: int = 20000, film: str | None = None, traitor: str | None = None
             ) -> dict[str, Any]:
    """Play ``games`` bot games and summarise them."""
    from engine.legendary.quickstart import default_setup
    from engine.legendary.setup import validate

    db = _db(card_dirs)
    first = default_setup(db, players[0], seed, card_dirs, film, traitor)  # a bad setup: one clear error
    validate(db, first)
    wins: dict[str, int] = {}
    losses: dict[str, int] = {}
    ended_in: dict[str, int] = {}
    errors: list[str] = []
    hung = 0
    turns = commands = 0
    start = time.perf_counter()
    for g in range(games):
        n = players[g % len(players)]
        try:
            game = play_game(db, default_setup(db, n, seed + g, card_dirs, film, traitor), bot, seed + g,
                             max_commands)
        except Exception as e:  # a bug in the engine or a game that hung: counted, reported, never hidden
            hung += isinstance(e, Unfinished)
            errors.append(f"game {g} (seed {seed + g}, {n} players): {type(e).__name__}: {e}")
            continue
        commands += len(game.commands)
        turns += game.state.turn_no
        res_name = game.state.result
        if res_name.startswith("loss:"):
            losses[res_name[5:]] = losses.get(res_name[5:], 0) + 1
        else:
            wins[res_name] = wins.get(res_name, 0) + 1
        where = f"act {game.state.act} part {game.state.part}"
        ended_in[where] = ended_in.get(where, 0) + 1
    elapsed = time.perf_counter() - start
    done = games - len(errors)
    return {"games": games, "acts": list(first.acts), "wins": wins, "losses": losses,
            "ended_in": dict(sorted(ended_in.items())),
            "errors": len(errors), "hung": hung, "error_details": errors[:20],
            "mean_turns": round(turns / done, 2) if done else 0,
            "commands": commands, "seconds": round(elapsed, 3),
            "commands_per_second": round(commands / elapsed, 1) if elapsed else 0}


def load_any(path: Path) -> Any:
    """Load a save of any ruleset, as its envelope names it (a LegendaryGame, ReplayGame or
    ExpeditionGame), with the autosave journal beside it folded in; raises SaveError for a bad file
    or a ruleset this engine does not know."""
    from engine.core.autosave import read_autosave
    from engine.core.savefile import SaveError

    ruleset, payload = read_autosave(path)
    if ruleset == "legendary":
        from engine.legendary.game import LegendaryGame

        return LegendaryGame.from_payload(payload, path=Path(path))
    if ruleset == "replay":
        from engine.replay.game import ReplayGame

        return ReplayGame.from_payload(payload, path=Path(path))
    if ruleset == "expedition":
        from engine.expedition.game import ExpeditionGame

        return ExpeditionGame.from_payload(payload, path=Path(path))
    raise SaveError(Path(path), f'is for the "{ruleset}" ruleset, which this engine does not know '
                                f'(known: {", ".join(RULESETS)})')


def player_counts(text: str) -> list[int]:
    """An argparse type: ``4``, ``1-5`` or ``2,3``, each count 1 to 5 (LE-GEN-01)."""
    try:
        if "-" in text:
            lo, hi = (whole_number(x) for x in text.split("-"))
            counts = list(range(lo, hi + 1))
        else:
            counts = [whole_number(x) for x in text.split(",")]
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a player count such as 4, 1-5 or 2,3") from None
    if not counts or not all(1 <= n <= 5 for n in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: LE-GEN-01: the game is for 1 to 5 players")
    return counts


def card_folder(text: str) -> str:
    """An argparse type: an existing folder of card files."""
    if not Path(text).is_dir():
        what = "is not a folder" if Path(text).exists() else "does not exist"
        raise argparse.ArgumentTypeError(f"card folder {text!r} {what}")
    return text


def _cards_problem(db: Any) -> str | None:
    """Why the loaded cards cannot be played as shipped: a film with a card file emptied or deleted."""
    from engine.legendary.films import incomplete_films

    problems = incomplete_films(db)
    return "; ".join(problems) if problems else None


def validate_counts(ruleset: str, card_dirs: list[str]) -> int:
    """``validate-cards`` for Matrix Replay or the Expedition: the shipped files (or the last
    ``--cards`` folder) loaded, their JSON counts printed, or every problem and exit status 1."""
    if ruleset == "replay":
        from engine.replay.carddb import load_db
    else:
        from engine.expedition.chitdb import load_db
    try:
        db = load_db(card_dirs[-1] if card_dirs else None)
    except CardLoadError as e:
        for p in e.problems:
            print(f"error: {p}", file=sys.stderr)
        print(f"{len(e.problems)} error(s)", file=sys.stderr)
        return 1
    print(json.dumps({"ruleset": ruleset, **db.counts()}, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one ``matrix-engine`` command; bad input is one line on stderr and exit status 2."""
    parser = OneLineParser(prog="matrix-engine", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="bots play games; prints a JSON summary")
    sim.add_argument("--games", type=positive_int, default=100)
    sim.add_argument("--players", type=player_counts, default=None,
                     help="e.g. 4, 1-5 or 2,3 (default: 1-5; expedition: 1-4)")
    sim.add_argument("--bot", default="random")
    sim.add_argument("--seed", type=whole_number, default=1)
    sim.add_argument("--ruleset", choices=RULESETS, default="legendary",
                     help="which game (replay: Matrix Replay; --bot random|heuristic|H:M, --players unused; "
                          "expedition: the Matrix Phase grid search, --bot random|heuristic)")
    sim.add_argument("--cards", action="append", default=None, type=card_folder,
                     help="extra card folder (default: the shipped cards only)")
    sim.add_argument("--film", default=None,
                     help="Legendary film id (the_matrix, reloaded, ...; default: the first loaded film)")
    sim.add_argument("--traitor", default=None, choices=("ignorance_is_bliss", "me_me_me"),
                     help="a Legendary Traitor mode (3-5 players)")
    rep = sub.add_parser("replay", help="verify a save of any ruleset and print its final hash")
    rep.add_argument("save", type=Path)
    val = sub.add_parser("validate-cards", help="validate the card files")
    val.add_argument("--cards", action="append", default=[], type=card_folder)
    val.add_argument("--ruleset", choices=RULESETS, default="legendary")
    scn = sub.add_parser("run-scenario", help="run a scenario file; prints JSON")
    scn.add_argument("file", type=Path)
    add_campaign_parser(sub, card_folder)
    add_net_parsers(sub, card_folder, RULESETS)
    args = parser.parse_args(argv)
    if args.cmd == "simulate" and args.ruleset == "legendary":
        from engine.legendary.bots import BOTS

        if args.bot not in BOTS:
            sim.error(f"argument --bot: unknown bot {args.bot!r}; known: {', '.join(sorted(BOTS))}")
    try:
        return _run(args)
    except EXPECTED_ERRORS as e:
        print(f"matrix-engine {args.cmd}: error: {one_line(e)}", file=sys.stderr)
        return 2
    except RecursionError:
        named = getattr(args, "save", None) or getattr(args, "file", None)
        where = f'"{named}" ' if named is not None else "the input "
        print(f"matrix-engine {args.cmd}: error: {where}is nested too deeply to be read", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    """The chosen command, its arguments checked by the parser."""
    if args.cmd == "simulate":
        if args.ruleset == "replay":
            from engine.replay.sim import cli_simulate

            return cli_simulate(args.games, args.seed, args.bot)
        if args.ruleset == "expedition":
            from engine.expedition.sim import cli_simulate as expedition_simulate

            return expedition_simulate(args.games, args.seed, args.bot, args.players)
        cards = args.cards or []
        problem = _cards_problem(_db(cards))
        if problem:
            print(f"matrix-engine simulate: error: {problem}", file=sys.stderr)
            return 2
        players = args.players or [1, 2, 3, 4, 5]
        out = simulate(args.games, players, args.bot, args.seed, cards, film=args.film, traitor=args.traitor)
        print(json.dumps(out, indent=1))
        return 1 if out["errors"] else 0  # an engine error or a game that hung fails the run
    if args.cmd == "replay":
        game = load_any(args.save)
        out = {"hash": game.state_hash(), "commands": len(game.commands), "result": game.state.result}
        if getattr(game, "resumed", ""):  # an older build's save: the log went on from its kept position
            out["resumed"] = f"{game.resumed} (commands counts only the moves replayed after it)"
        print(json.dumps(out))
        return 0
    if args.cmd == "validate-cards":
        if args.ruleset != "legendary":
            return validate_counts(args.ruleset, args.cards)
        from engine.legendary.carddb import CardLoadError

        try:
            db = _db(args.cards)
        except CardLoadError as e:
            for p in e.problems:
                print(f"error: {p}", file=sys.stderr)
            print(f"{len(e.problems)} error(s)", file=sys.stderr)
            return 1
        from engine.legendary.keywords import load_keywords, missing_reminders

        try:
            missing = missing_reminders(db.cards.values(), load_keywords())
        except CardLoadError as e:
            missing = e.problems
        problem = _cards_problem(db)
        if problem:
            missing = [*missing, problem]
        from engine.legendary.lessons import check_shipped

        lessons: dict[str, Any] = {}
        if not missing:  # the lessons are played on these cards: only once they load cleanly
            try:
                lessons = check_shipped(db)
            except CardLoadError as e:
                missing = e.problems
        for p in missing:
            print(f"error: {p}", file=sys.stderr)
        if missing:
            return 1
        counts = db.kind_counts()
        print(json.dumps({"cards": sum(counts.values()), "by_category": counts,
                          "by_act": db.act_counts(), "by_group": db.group_counts(),
                          "by_film": db.film_counts(), "lessons": lessons}, indent=1))
        return 0
    if args.cmd == "run-scenario":
        from engine.legendary.scenario import run_scenario

        out = run_scenario(args.file)
        print(json.dumps(out, indent=1))
        return 1 if out["failures"] else 0
    if args.cmd == "campaign":
        return run_campaign(args)
    if args.cmd in ("serve", "join"):
        return run_net(args)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
