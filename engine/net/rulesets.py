"""The rulesets a host can serve, behind one small table: a new game from the host's options, how
many seats it has, and the bot that plays a seat. The rest of ``engine.net`` reaches a ruleset only
through here (and through the ``LoggedGame`` interface every game shares)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.commands import Command
from engine.core.seats import BOT_KINDS, HUMAN

RULESETS = ("legendary", "replay", "expedition")
# A bot's move for ``seat`` in ``game``.
BotMove = Callable[[Any, int], Command]


@dataclass
class GameOptions:
    """What the host chooses for a new game (``matrix-engine serve``'s options, the Host dialog's)."""

    ruleset: str = "legendary"
    players: int | None = None  # None: the ruleset's usual count (Legendary 2, Replay 2, Expedition 2)
    seed: int = 1
    film: str | None = None  # Legendary only
    traitor: str | None = None  # Legendary only
    cards: list[str] = field(default_factory=list)  # extra card folders (Legendary), the card folder (Replay)
    bots: dict[int, str] = field(default_factory=dict)  # seat -> bot kind (engine.core.seats.BOT_KINDS)


class OptionsError(ValueError):
    """Options that set up no game; the message is one sentence."""


def new_game(opts: GameOptions) -> Any:
    """A new game (a ``LoggedGame`` with undo) of ``opts``; OptionsError, or the ruleset's
    SetupError / CardLoadError (ValueErrors), for options its rules refuse."""
    if opts.ruleset not in RULESETS:
        raise OptionsError(f"unknown ruleset {opts.ruleset!r} (known: {', '.join(RULESETS)})")
    for seat, kind in opts.bots.items():
        if kind not in BOT_KINDS:
            raise OptionsError(f"seat {seat}: {kind!r} is not a bot (choose {', '.join(BOT_KINDS)})")
    if opts.ruleset != "legendary" and (opts.film or opts.traitor):
        raise OptionsError("films and Traitor modes are Legendary options")
    game = {"legendary": _legendary, "replay": _replay, "expedition": _expedition}[opts.ruleset](opts)
    n = seat_count(game)
    bad = sorted(s for s in opts.bots if not 0 <= s < n)
    if bad:
        raise OptionsError(f"there is no seat {bad[0]} in this {n}-seat game (seats 0 to {n - 1})")
    return game


def _seats(opts: GameOptions, n: int) -> list[str]:
    """The setup's record of who plays each seat (empty when nobody is a bot)."""
    return [opts.bots.get(i, HUMAN) for i in range(n)] if opts.bots else []


def _legendary(opts: GameOptions) -> Any:
    from engine.legendary.carddb import load_db
    from engine.legendary.game import LegendaryGame
    from engine.legendary.quickstart import default_setup
    from engine.legendary.setup import validate

    n = opts.players or 2
    db = load_db([Path(d) for d in opts.cards])
    setup = default_setup(db, n, opts.seed, list(opts.cards), opts.film, opts.traitor)
    setup = dataclasses.replace(setup, seats=_seats(opts, n))
    validate(db, setup)
    return LegendaryGame.new(setup, db)


def _replay(opts: GameOptions) -> Any:
    from engine.replay.game import ReplayGame
    from engine.replay.setup import ReplaySetup

    if opts.players not in (None, 2):
        raise OptionsError("Matrix Replay is for 2 players (the Humans and the Machines)")
    card_dir = opts.cards[-1] if opts.cards else None
    return ReplayGame.new(ReplaySetup(seed=opts.seed, card_dir=card_dir, seats=_seats(opts, 2)))


def _expedition(opts: GameOptions) -> Any:
    from engine.expedition.game import ExpeditionGame
    from engine.expedition.setup import ExpeditionSetup

    if opts.cards:
        raise OptionsError("the Expedition takes no card folder here")
    return ExpeditionGame.new(ExpeditionSetup.for_players(opts.players or 2, opts.seed))


def seat_count(game: Any) -> int:
    """How many seats ``game`` has."""
    if game.RULESET == "legendary":
        return len(game.state.players)
    if game.RULESET == "expedition":
        return len(game.state.sheets)
    return 2


def recorded_bots(game: Any) -> dict[int, str]:
    """The bot seats a game's setup records (Legendary and Replay setups name who plays each seat)."""
    from engine.core.seats import bot_seats

    return bot_seats(list(game.state.setup.get("seats") or []))


def make_bot(game: Any, kind: str, seed: int) -> BotMove:
    """The engine's bot of ``kind`` for one seat of ``game``; each reads what its seat may see."""
    if game.RULESET == "legendary":
        from engine.legendary.advice import goal_of
        from engine.legendary.bots import seat_bot

        bot = seat_bot(kind, seed, goal_of(game))
        return lambda g, seat: bot.choose(g, seats={seat})
    if game.RULESET == "replay":
        from engine.replay.bots import make_bot as replay_bot

        return replay_bot(kind, seed).choose
    from engine.expedition.bots import make_bot as expedition_bot

    return expedition_bot(kind, seed).choose
