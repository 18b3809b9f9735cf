"""``matrix-engine campaign``: campaigns from the command line (LE-CAMPAIGN).

new       start a campaign (the film campaign, or three custom films from a TOML/JSON file)
list      the campaigns in the folder, damaged files with their reason
show      one campaign as JSON: team, films, games and tries, scars, the next game
play      write the starting save of the game to play now (a new try, or the one in progress)
advance   record a finished game's save: a Major Victory moves on, anything else waits for a retry
give-up   end a campaign
autoplay  a bot plays the campaign to its end (or until a game has used up its tries)
"""
from __future__ import annotations

import argparse
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.cliargs import positive_int, whole_number
from engine.core.inputcheck import InputError, check
from engine.core.userdirs import app_dirs, campaigns_dir
from engine.core.userfile import UnreadableFile, parse_json, read_text_limited

MAX_CUSTOM_BYTES = 1024 * 1024  # three films take ~1 KB


def add_parser(sub: Any, card_folder: Any) -> argparse.ArgumentParser:
    """The ``campaign`` command and its subcommands, under ``sub`` (argparse subparsers)."""
    camp = sub.add_parser("campaign", help="play a campaign of three games (new, show, advance, ...)",
                          description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    camp.add_argument("--dir", type=Path, default=None,
                      help="the campaign folder (default: campaigns/ in the user data folder)")
    verbs = camp.add_subparsers(dest="verb", required=True)
    new = verbs.add_parser("new", help="start a campaign")
    new.add_argument("--team", required=True,
                     help="one character per player, comma separated, e.g. neo,morpheus,switch")
    new.add_argument("--custom", type=Path, default=None,
                     help="a TOML or JSON file of three custom films ([[film]] name, acts, groups)")
    new.add_argument("--name", default="")
    new.add_argument("--id", default=None, help="the campaign id (default: date, time, random)")
    new.add_argument("--seed", type=whole_number, default=0)
    new.add_argument("--variant", action="append", default=[], help="a difficulty option, repeatable")
    new.add_argument("--cards", action="append", default=[], type=card_folder)
    verbs.add_parser("list", help="list the campaigns")
    show = verbs.add_parser("show", help="one campaign as JSON")
    show.add_argument("campaign", help="a campaign id or the path of its file")
    play = verbs.add_parser("play", help="write the starting save of the game to play now")
    play.add_argument("campaign")
    play.add_argument("save", type=Path)
    adv = verbs.add_parser("advance", help="record a finished game's save")
    adv.add_argument("save", type=Path)
    adv.add_argument("--campaign", default=None, help="(default: the campaign the save names)")
    give = verbs.add_parser("give-up", help="end a campaign")
    give.add_argument("campaign")
    auto = verbs.add_parser("autoplay", help="a bot plays the campaign")
    auto.add_argument("campaign")
    auto.add_argument("--bot", default="heuristic")
    auto.add_argument("--max-tries", type=positive_int, default=50, help="per game (default 50)")
    return camp


def _store(args: argparse.Namespace) -> Any:
    """The campaign folder's store, with any temp file a killed write left there removed."""
    from engine.core.autosave import clean_stale_temp
    from engine.legendary.campaign import CampaignStore

    store = CampaignStore(args.dir if args.dir is not None else campaigns_dir(app_dirs()[0]))
    clean_stale_temp(store.folder)
    return store


def _db(card_dirs: list[str]) -> Any:
    from engine.legendary.carddb import load_db

    return load_db([Path(d) for d in card_dirs])


def read_custom(path: Path) -> list[Any]:
    """The three custom films of a TOML or JSON file (``film``: a list of name, acts, groups);
    ValueError naming the bad field."""
    from engine.legendary.campaign import FilmPlan
    from engine.legendary.campaign.fileschema import FilmPlanFile

    try:
        text = read_text_limited(path, MAX_CUSTOM_BYTES)
        doc = parse_json(path, text) if path.suffix == ".json" else tomllib.loads(text)
    except UnreadableFile as e:
        raise ValueError(f"custom films file {str(path)!r} {e.reason}") from None
    except (tomllib.TOMLDecodeError, RecursionError) as e:
        raise ValueError(f"custom films file {str(path)!r} is not valid TOML ({e or 'nested too deeply'})"
                         ) from None
    films = doc.get("film") if isinstance(doc, dict) else None
    if not isinstance(films, list):
        raise ValueError(f"custom films file {str(path)!r} has no list of films ('film')")
    plans = []
    for i, f in enumerate(films):
        try:
            ff = check(FilmPlanFile, f, f"film[{i}]")
        except InputError as e:
            raise ValueError(f"custom films file {str(path)!r}: {e}") from None
        plans.append(FilmPlan(name=ff.name, acts=ff.acts, groups=ff.groups))
    return plans


def summary(c: Any) -> dict[str, Any]:
    """A campaign as JSON for ``show`` and ``list``."""
    from engine.legendary.campaign.fileschema import to_body

    out = to_body(c)
    out["state"] = c.describe()
    return out


def run(args: argparse.Namespace) -> int:
    """The chosen ``campaign`` subcommand; bad input raises (the caller prints one line)."""
    from engine.legendary import campaign as cp

    store = _store(args)
    if args.verb == "new":
        team = [t.strip() for t in args.team.split(",") if t.strip()]
        custom = read_custom(args.custom) if args.custom is not None else None
        db = _db(args.cards)
        c = cp.new_campaign(db, team, custom=custom, name=args.name, seed=args.seed,
                            variants=args.variant, card_dirs=args.cards,
                            campaign_id=cp.CampaignId(args.id) if args.id else None)
        path = store.create(c)
        print(json.dumps({"id": c.id, "path": str(path), "state": c.describe(),
                          "avatars": c.current.avatars}, indent=1))
        return 0
    if args.verb == "list":
        rows = [{"path": str(e.path), "error": e.error} if e.campaign is None else
                {"path": str(e.path), "id": e.campaign.id, "name": e.campaign.name,
                 "state": e.campaign.describe(), "scars": e.campaign.scars}
                for e in store.listing()]
        print(json.dumps(rows, indent=1))
        return 0
    if args.verb == "show":
        _, c = store.load(args.campaign)
        print(json.dumps(summary(c), indent=1))
        return 0
    if args.verb == "give-up":
        path, c = store.load(args.campaign)
        cp.give_up(c)
        store.save(c, path)
        print(json.dumps({"id": c.id, "state": c.describe()}))
        return 0
    if args.verb == "play":
        from engine.legendary.game import LegendaryGame

        path, c = store.load(args.campaign)
        setup = cp.play(c)
        game = LegendaryGame.new(setup, _db(c.card_dirs))
        store.save(c, path)  # the try is recorded as started before its save exists
        game.save(args.save)
        print(json.dumps({"id": c.id, "state": c.describe(), "save": str(args.save),
                          "setup": setup.to_dict()}, indent=1))
        return 0
    if args.verb == "advance":
        return _advance(args, store)
    if args.verb == "autoplay":
        return _autoplay(args, store)
    return 2


def _advance(args: argparse.Namespace, store: Any) -> int:
    from engine.cli import load_any
    from engine.legendary import campaign as cp
    from engine.legendary.game import LegendaryGame

    game = load_any(args.save)
    if not isinstance(game, LegendaryGame):
        raise ValueError(f"{str(args.save)!r} is not a Legendary Encounters game")
    setup = game.setup
    named = cp.campaign_of(setup)
    ref = args.campaign or (named[0] if named else "")
    if not ref:
        raise ValueError(f"{str(args.save)!r} is not a campaign game: name the campaign with --campaign")
    path, c = store.load(ref)
    carried = cp.record(game.db, c, setup, cp.outcome_of(game.db, game.state),
                        save=str(Path(args.save).resolve()))
    store.save(c, path)
    print(json.dumps({"id": c.id, "state": c.describe(), "result": game.state.result,
                      **carried.__dict__}, indent=1))
    return 0


def _autoplay(args: argparse.Namespace, store: Any) -> int:
    from engine.legendary.bots import BOTS

    if args.bot not in BOTS:
        raise ValueError(f"unknown bot {args.bot!r}; known: {', '.join(sorted(BOTS))}")
    path, c = store.load(args.campaign)
    log = autoplay(_db(c.card_dirs), c, args.bot, args.max_tries,
                   after_try=lambda done: store.save(done, path))
    print(json.dumps({"id": c.id, "state": c.describe(), "scars": c.scars, "tries": log}, indent=1))
    return 0


def autoplay(db: Any, c: Any, bot: str, max_tries: int,
             after_try: Callable[[Any], None] | None = None) -> list[dict[str, Any]]:
    """A bot plays campaign ``c`` (changed in place) until it is over or the game it waits on has
    used up ``max_tries`` tries, as a team would stop; one log row per try played.
    ``after_try(c)`` runs after each try is recorded (e.g. to save the campaign)."""
    from engine.cli import play_game
    from engine.legendary import campaign as cp

    log = []
    while not c.over:
        number = c.current.number
        if c.current.pending is None and len(c.current.tries) >= max_tries:
            break  # this game has used up its tries: the campaign waits, as a team would
        setup = cp.play(c)
        game = play_game(db, setup, bot, setup.seed)
        carried = cp.record(db, c, setup, cp.outcome_of(db, game.state))
        if after_try is not None:
            after_try(c)
        log.append({"game": number, "result": game.state.result,
                    "scars_gained": carried.scars_gained, "defeated": carried.defeated,
                    "next_time": carried.next_time, "next_prep_turns": carried.next_prep_turns})
    return log
