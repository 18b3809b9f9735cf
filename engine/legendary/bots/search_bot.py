"""A bot that looks ahead: flat Monte Carlo over tables dealt again from what its seat cannot see.

At a decision worth weighing, it takes the heuristic bot's move and the sensible alternatives, and for
each deal of the unseen cards (``engine/legendary/unseen.py``: deck orders, face-down cards, and in a
Traitor game other seats' secrets) it plays every alternative out to the end of the game with the
heuristic bot at every seat. The same deals serve every alternative, so the alternatives differ only
by the move. It picks the move that wins most, and keeps the heuristic's move unless another wins
clearly more. It never reads the order or faces of cards its seat cannot see: the deals start from
a fixed order and a seed taken from its own view of the table.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Collection
from dataclasses import dataclass

from engine.core.commands import Command
from engine.legendary import unseen
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.state import State
from engine.legendary.view import observe

DEALS = 4  # deals of the unseen cards per decision; every alternative is played out on each
MAX_OPTIONS = 7  # alternatives weighed at once (the heuristic's move always among them)
ROLLOUT_CAP = 6000  # commands in one play-out before it counts as unfinished
# Verbs never weighed: playing the hand comes first and in any order; giving up is the heuristic's call.
NOT_WEIGHED = frozenset({"play", "concede", "sacrifice", "solo-discard"})
# Which alternatives come first when there are more than MAX_OPTIONS.
VERB_ORDER = ("end", "minor-victory", "objective", "fight", "complete", "time-attack", "recruit", "move",
              "evade", "buytime", "coordinate", "use", "scan")
GOALS = ("win", "major")


@dataclass(frozen=True)
class Option:
    """One move the bot weighed."""

    command: Command
    value: float  # mean play-out score, 0..1 (a win scores 1)
    wins: int  # play-outs won
    rollouts: int  # play-outs played


@dataclass(frozen=True)
class Analysis:
    """What the bot would do and the moves it weighed (best first; empty when only one was sensible)."""

    best: Command
    options: tuple[Option, ...] = ()


class SearchBot:
    """Looks ahead by playing the game out; ``goal`` "major" counts only a Major Victory as a win
    (a campaign: a Minor Victory does not move it on, LE-CAMPAIGN-10)."""

    name = "search"

    def __init__(self, seed: int = 0, goal: str = "win", deals: int = DEALS) -> None:
        if goal not in GOALS:
            raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
        self.seed = seed
        self.goal = goal
        self.deals = deals
        self.policy = HeuristicBot(seed)

    def choose(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Command:
        """One legal command (of ``seats`` only, if given)."""
        return self.analyse(game, seats).best

    def analyse(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Analysis:
        """The move this bot makes now and, when it weighed several, each one's play-out results."""
        base = self.policy.choose(game, seats)
        s = game.state
        if base.verb in NOT_WEIGHED or s.setup.get("traitor"):
            return Analysis(base)  # a Traitor game's seats want different things: no team play-out
        options = self._options(game, base, seats)
        if len(options) < 2:
            return Analysis(base)
        seat = game.table().acting_seat()
        rng = random.Random(self._seed(game.db, s, seat))
        deals = [unseen.redeal(game.db, s, seat, rng) for _ in range(self.deals)]
        scores = {c: [self._play_out(game.db, d, c) for d in deals] for c in options}
        weighed = sorted((Option(c, sum(v) / len(v), sum(x >= 1.0 for x in v), len(v))
                          for c, v in scores.items()), key=lambda o: -o.value)
        best = weighed[0]
        mine = next(o for o in weighed if o.command == base)
        # Keep the heuristic's move unless another is clearly better on the same deals: with few
        # play-outs, a lucky one must not sway it.
        if best.value - mine.value < 0.5 / self.deals:
            best = mine
            weighed = [mine, *(o for o in weighed if o is not mine)]
        return Analysis(best.command, tuple(weighed))

    # --- what to weigh -----------------------------------------------------------------------------

    def _options(self, game: LegendaryGame, base: Command, seats: Collection[int] | None) -> list[Command]:
        """The heuristic's move and the distinct alternatives (cards told apart by what they are,
        not which copy), at most MAX_OPTIONS."""
        legal = game.legal_commands()
        s = game.state
        if s.decision is None and seats is not None:
            t = game.table()
            legal = [c for c in legal if t.command_seat(c) in seats]
        seen = {self._key(s, base)}
        out = [base]
        rank = {v: i for i, v in enumerate(VERB_ORDER)}
        for c in sorted(legal, key=lambda c: rank.get(c.verb, len(rank))):
            if c.verb in NOT_WEIGHED or len(out) >= MAX_OPTIONS:
                continue
            k = self._key(s, c)
            if k not in seen:
                seen.add(k)
                out.append(c)
        return out

    @staticmethod
    def _key(s: State, c: Command) -> tuple:
        if c.verb == "choose" and s.decision is not None:
            return ("choose", s.decision.options[int(c.args[0])])
        return (c.verb, *(s.defs[a] if isinstance(a, int) and c.verb != "scan" else a for a in c.args))

    # --- playing out -------------------------------------------------------------------------------

    def _seed(self, db: CardDB, s: State, seat: int | None) -> int:
        """A seed from this bot's seed and what ``seat`` sees: the same view gives the same deals."""
        view = json.dumps(observe(db, s, seat), sort_keys=True, default=str)
        return int.from_bytes(hashlib.blake2b(f"{self.seed}|{view}".encode(), digest_size=8).digest(), "big")

    def _play_out(self, db: CardDB, deal: State, cmd: Command) -> float:
        game = LegendaryGame(db, deal.clone(), track_undo=False)
        if not game.apply(cmd).accepted:
            raise RuntimeError(f"the search weighed an illegal command {cmd.text()!r}")
        steps = 0
        while not game.over and steps < ROLLOUT_CAP:
            game.apply(self.policy.choose(game))
            steps += 1
        return self._score(game.state)

    def _score(self, s: State) -> float:
        """1 for a win (only a Major Victory when the goal is "major"); a lost game scores a little for
        how far it got, so that among lost lines the longer fight is preferred."""
        if s.result == "major" or (s.result == "minor" and self.goal == "win"):
            return 1.0
        return 0.05 * min(1.0, ((s.act - 1) * 3 + s.part - 1) / 9)
