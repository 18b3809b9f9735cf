"""A bot that looks ahead: flat Monte Carlo over tables dealt again from what its seat cannot see.

On a critical table (the last Act, the Time Track or a player's Health near its end, a Minor Victory
on offer) it takes the heuristic bot's move and the sensible alternatives, and for each deal of the
unseen cards (``engine/legendary/unseen.py``: deck orders, face-down cards) it plays every
alternative out to the end of the game with the heuristic bot at every seat (the campaign bot when
only a Major Victory counts). The same deals serve every alternative, so the alternatives differ
only by the move. It keeps the heuristic's move unless another wins clearly more. It never reads the
order or faces of cards its seat cannot see: the deals start from a fixed order and a seed taken
from its own view of the table.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Collection
from dataclasses import dataclass

from engine.core.commands import Command
from engine.legendary import unseen
from engine.legendary.bots.campaign_bot import CampaignBot
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.state import State
from engine.legendary.view import observe

SCREEN = 2  # deals every sensible move is played out on
CONFIRM = 10  # more deals for the best-looking alternative and the heuristic's move
MIN_CONFIRM = 4  # fewer confirming deals than this and the heuristic's move stands
MARGIN = 0.08  # the mean score by which an alternative must beat the heuristic's move
CRITICAL_TIME = 4  # a Time Track this low, or
CRITICAL_HEALTH = 2  # a player this close to defeat, makes a table worth weighing
BUDGET = 10_000  # commands played out per decision (about 0.5 s on the machine we measured)
MAX_OPTIONS = 6  # alternatives weighed at once (the heuristic's move always among them)
ROLLOUT_CAP = 6000  # commands in one play-out before it counts as unfinished
# Verbs never weighed: playing the hand comes first and in any order; giving up is the heuristic's call.
NOT_WEIGHED = frozenset({"play", "concede", "sacrifice", "solo-discard"})
# Which alternatives come first when there are more than MAX_OPTIONS.
VERB_ORDER = ("end", "minor-victory", "objective", "fight", "complete", "time-attack", "recruit", "move",
              "evade", "buytime", "coordinate", "use", "scan")
GOALS = ("win", "major")
LOSS_CREDIT = 0.4  # the most a lost play-out scores (one that got through every Part but the last)


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

    def __init__(self, seed: int = 0, goal: str = "win", screen: int = SCREEN,
                 confirm: int = CONFIRM, everywhere: bool = False) -> None:
        if goal not in GOALS:
            raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
        self.seed = seed
        self.goal = goal
        self.screen = screen
        self.confirm = confirm
        self.everywhere = everywhere  # weigh moves on every table, not only critical ones
        # The moves it proposes and plays out with: the campaign bot's when only a Major counts.
        self.policy = CampaignBot(seed) if goal == "major" else HeuristicBot(seed)
        self._spent = 0  # commands played out for the decision being weighed

    def choose(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Command:
        """One legal command (of ``seats`` only, if given)."""
        return self.analyse(game, seats).best

    def analyse(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Analysis:
        """The move this bot makes now and, when it weighed several, each one's play-out results.

        Every sensible move is played out on a few deals; the best-looking alternative is then played
        out against the heuristic's move on more deals, and replaces it only if it wins clearly more
        often on the same deals (with few play-outs the best-looking of several moves is mostly luck).
        """
        base = self.policy.choose(game, seats)
        s = game.state
        if base.verb in NOT_WEIGHED or s.setup.get("traitor"):
            return Analysis(base)  # a Traitor game's seats want different things: no team play-out
        options = self._options(game, base, seats)
        if len(options) < 2 or not (self.everywhere or self._critical(game, options)):
            return Analysis(base)
        seat = game.table().acting_seat()
        deals = _Deals(game.db, s, seat, random.Random(self._seed(game.db, s, seat)))
        self._spent = 0
        scores: dict[Command, list[float]] = {c: [] for c in options}
        for i in range(self.screen):  # a second screening deal only while it fits the budget
            if i and self._spent * (i + 1) > BUDGET * i // 2:
                break
            for c in options:
                scores[c].append(self._play_out(game.db, deals[i], c))
        screened = len(scores[base])
        rival = max(options[1:], key=lambda c: sum(scores[c]))
        if sum(scores[rival]) - sum(scores[base]) >= MARGIN * screened:
            # As many more deals as the budget allows (counted in commands, not seconds, so the
            # same table always gets the same answer), judged from the play-outs so far.
            per_deal = 2 * self._spent / (len(options) * screened)
            more = min(self.confirm, int((BUDGET - self._spent) / max(per_deal, 1.0)))
            if more >= MIN_CONFIRM:
                for c in (base, rival):
                    scores[c] += [self._play_out(game.db, deals[i], c)
                                  for i in range(screened, screened + more)]
        weighed = sorted((Option(c, sum(v) / len(v), sum(x >= 1.0 for x in v), len(v))
                          for c, v in scores.items()), key=lambda o: (-o.rollouts, -o.value))
        best = base if not self._clearly_better(scores[rival], scores[base]) else rival
        first = next(o for o in weighed if o.command == best)
        return Analysis(best, (first, *(o for o in weighed if o is not first)))

    def _clearly_better(self, rival: list[float], base: list[float]) -> bool:
        """Whether ``rival`` beats ``base`` on the same deals by a margin luck seldom gives: more
        deals better than worse by a clear count, and a higher mean."""
        if len(rival) != len(base) or len(rival) < 1 + MIN_CONFIRM:
            return False
        better = sum(r > b + 1e-9 for r, b in zip(rival, base, strict=True))
        worse = sum(r < b - 1e-9 for r, b in zip(rival, base, strict=True))
        return 2 * better >= 3 * worse + 4 and sum(rival) - sum(base) >= MARGIN * len(base)

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
    def _critical(game: LegendaryGame, options: list[Command]) -> bool:
        """A table where one move can decide the game, and the play-outs are short enough to tell:
        the last Act, a Time Track or a player's Health near its end, a Minor Victory on offer.
        Elsewhere the heuristic's move stands (measured: earlier, play-outs seldom tell moves apart
        and cost the most)."""
        s = game.state
        if s.act >= 3 or s.time <= CRITICAL_TIME or any(c.verb == "minor-victory" for c in options):
            return True
        t = game.table()
        return any(t.health(x) - t.damage(x) <= CRITICAL_HEALTH for x in t.living())

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
            game.play_legal(self.policy.choose(game))
            steps += 1
        self._spent += steps
        return self._score(game.state)

    def _score(self, s: State) -> float:
        """1 for a win (only a Major Victory when the goal is "major"); a lost game scores up to 0.4
        for how far through the Acts it got, so that play-outs that lose still tell moves apart."""
        if s.result == "major" or (s.result == "minor" and self.goal == "win"):
            return 1.0
        return LOSS_CREDIT * min(1.0, ((s.act - 1) * 3 + s.part - 1) / 8)


class _Deals:
    """Deals of the unseen cards, made when first asked for, always in the same order."""

    def __init__(self, db: CardDB, s: State, seat: int | None, rng: random.Random) -> None:
        self.db, self.s, self.seat, self.rng = db, s, seat, rng
        self.made: list[State] = []

    def __getitem__(self, i: int) -> State:
        while len(self.made) <= i:
            self.made.append(unseen.redeal(self.db, self.s, self.seat, self.rng))
        return self.made[i]
