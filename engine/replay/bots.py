"""Bots for either side of Matrix Replay: uniformly random, and a heuristic player for each side.

A bot answers ``choose(game, seat)`` with one of ``game.legal_commands(seat)``. The simulation asks
the bot of the side that must act; that side may also play its instant Events at its own steps.

The heuristic sees only what its side may see: its own hand, its own deck while it draws, and the
public piles. Its choices that are a matter of judgement are the fields of a ``Policy``; the
defaults are the best found in heuristic-against-heuristic runs (``bench/balance.py --ruleset
replay``).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.core.commands import Command
from engine.replay import schema
from engine.replay.game import ReplayGame
from engine.replay.rules import Table
from engine.replay.state import HUMANS, MACHINES


class Bot(Protocol):
    name: str

    def choose(self, game: ReplayGame, seat: int) -> Command: ...


class RandomBot:
    """Picks a uniformly random legal command of its side."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ReplayGame, seat: int) -> Command:
        return self.rng.choice(_legal(game, seat))


def _legal(game: ReplayGame, seat: int) -> list[Command]:
    legal = game.legal_commands(seat)
    if not legal:
        raise RuntimeError(f"no legal command for seat {seat} in a game that is not over")
    return legal


# --- card values -----------------------------------------------------------------------------------

SURVIVAL = {"battle": 1.6, "pursuit": 1.3, "detection": 1.3, "escape": 1.2}
INSTANT_VALUE = {"draw": 4.0, "time": 6.0, "opponent_discards": 5.0, "opponent_kills_humans_in_matrix": 6.0,
                 "neutralize": 3.0, "retrieve_from_discard": 3.0, "search_deck": 4.0,
                 "skip_matrix_phase": 0.0,
                 "look_opponent_deck": 0.5, "look_opponent_hand": 0.5}


def card_value(t: Table, cid: int) -> float:
    """How much a side would miss this card (higher: keep it)."""
    c = t.card(cid)
    if isinstance(c, schema.MissionCard):
        return 10.0 + c.mp
    if isinstance(c, schema.CharacterCard):
        if c.id == "neo":
            return 100.0
        return 3.0 + 2.0 * sum(m.amount for m in c.modifiers) + (2.0 if c.code == "H" else 0.0)
    value = max((m.amount * SURVIVAL.get(m.roll, 1.0) for m in c.options), default=0.0)
    value += sum(INSTANT_VALUE.get(e.verb, 1.0) for e in c.effects)
    return value


def _need(kind: str, seat: int, h: int, m: int) -> int:
    """How many points ``seat`` still needs for an acceptable outcome (<= 0: none).

    A tie is a Human failure except in Combat (nobody dies) and Battle (the Neb survives), MR-ROLL-03.
    """
    if seat == HUMANS:
        return m - h if kind in ("combat", "battle") else m - h + 1
    return h - m + 1 if kind == "battle" else h - m


def event_points(t: Table, cid: int, roll: str, seat: int, team: str | None = None) -> int:
    """What an Event of ``seat`` would add to a ``roll`` contest (0 if it cannot be played there).

    ``team`` is the side's team in that contest; without it (judging a hand), "Neo only" Events
    count while Neo is in play and Agent bonuses count one Agent.
    """
    card = t.card(cid)
    if not isinstance(card, schema.EventCard):
        return 0
    best = 0
    for o in card.options:
        if o.roll not in (roll, "any"):
            continue
        amount = o.amount
        if o.who == "neo":
            neo = t.neo()
            if seat != HUMANS or neo is None or (team is not None and neo not in t.team(HUMANS, team)):
                continue
        elif o.who == "agent_smith":
            smith = t.find_in_play("agent_smith")
            if seat != MACHINES or smith is None or (team is not None
                                                     and smith not in t.team(MACHINES, team)):
                continue
        elif o.who == "each_agent" and team is not None:
            amount *= sum(1 for c in t.team(seat, team) if t.code(c) == "A")
        best = max(best, amount)
    return best


def hand_points(t: Table, seat: int, roll: str) -> int:
    return sum(event_points(t, c, roll, seat) for c in t.hand(seat))


def _best(t: Table, takes: dict[str, Command], score: Callable[[int], float]) -> Command | None:
    """The ``take`` command whose card scores highest, if any scores above 0."""
    best = max(takes.values(), key=lambda c: score(int(c.args[0])), default=None)
    return best if best is not None and score(int(best.args[0])) > 0 else None


def _is_shield(card: object) -> bool:
    """A character that can stand by Neo in the Matrix: an RP, or an H but Neo and the Operators."""
    return isinstance(card, schema.CharacterCard) and card.id != "neo" and (
        card.code == "RP" or (card.code == "H" and not card.operator))


# --- the heuristic ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """The heuristic's judgement calls. The defaults are the best found in heuristic-against-heuristic
    runs of thousands of games (``bench/balance.py --ruleset replay``).

    ``take_order`` lists, in priority order, what the Humans' Zion draw takes instead of the top two
    cards: ``neo`` (while he is not in play or in hand), ``emp`` (with two Robots in play),
    ``battle_floor`` / ``battle`` (a Battle Event while the hand holds fewer Battle points than
    ``battle_floor`` / ``battle_reserve``), ``shield`` (a character to go with Neo while fewer than
    ``neo_shields`` are in play), ``mission`` (while no Mission card in hand can be attempted),
    ``mission_rp`` (Visit Oracle or The Keymaker, Mission +2, while not in play) and ``reality`` (a
    Detection or Pursuit Event while the hand holds fewer than 2 such points). ``machine_take_order``
    does the same for the Machines' Zero-One draw: ``traitor`` (Traitor when it would kill Neo now),
    ``battle`` and ``robot``.
    """

    take_order: tuple[str, ...] = ("neo", "emp", "battle_floor", "shield", "mission", "mission_rp")
    battle_reserve: int = 8  # Humans: Battle points kept back (the "battle" take; Travel to Zero-One)
    battle_floor: int = 2  # Humans: Battle points below which "battle_floor" takes one
    neo_shields: int = 2  # Humans: other characters in the Matrix before Neo plugs in
    neo_only_for_missions: bool = False  # Humans: Neo plugs in only with a Mission card to go on
    enter_without_mission: bool = True  # Humans: the fighters go in without Neo (Basic Mission)
    basic_mission_events: bool = False  # Humans: spend Mission Events on the Basic Mission too
    combat_kill: bool = False  # Humans: spend in a Combat to win it, not only to tie
    machine_take_order: tuple[str, ...] = ("traitor", "battle")
    machine_battle: int = 2  # Machines: Battle points below which "battle" takes one
    machine_robots: int = 3  # Machines: Robots (in play and in hand) below which "robot" takes one
    machine_agents: int = 2  # Machines: Agents in play below which they take one back from the discard
    machine_combat_kill: bool = True  # Machines: spend in a Combat to win it, not only to tie


DEFAULT_POLICY = Policy()


class HeuristicBot:
    """Plays either side with simple priorities.

    - Draws: each side takes the card it lacks most (``Policy.take_order``), or draws two.
    - Both sides deploy every Character they draw.
    - Humans: the fighters (H but Neo and the Operators) go into the Matrix; Neo goes with them once
      two others can shield him. After a won Escape everybody unplugs, so that Traitor and the Train
      Man find nobody between turns. The Mission is the card worth most (MP times a rough chance).
    - Contests: a side plays the cheapest Event that turns the contest its way (a tie is enough where
      it is), and keeps its cards when they cannot; the Machines also play to kill in a Combat.
    - Instant Events are played at once, except cards that only show hidden cards (kept as hand-limit
      discards), draws into a full hand and Return to Zion on a turn the Humans go into the Matrix.
    - Losses (discards, casualties) are the least valuable card; gains the most valuable.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, policy: Policy = DEFAULT_POLICY) -> None:
        self.rng = random.Random(seed)
        self.p = policy

    def choose(self, game: ReplayGame, seat: int) -> Command:
        legal = _legal(game, seat)
        t = Table(game.db, game.state)
        s = game.state
        if s.decision is not None:
            return self._decide(t, seat)
        if s.step == "contest":
            return self._contest(t, seat, legal)
        instant = self._instant(t, seat, legal)
        if instant is not None:
            return instant
        by_verb: dict[str, list[Command]] = {}
        for c in legal:
            by_verb.setdefault(c.verb, []).append(c)
        step = s.step
        if step == "zion_draw":
            return self._zion_draw(t, by_verb)
        if step == "zero_one_draw":
            return self._zero_one_draw(t, by_verb)
        if step in ("zion_deploy", "zero_one_deploy"):
            return (by_verb.get("deploy") or by_verb["done"])[0]
        if step == "switch":
            return self._switch(t, by_verb)
        if step == "unplug":  # out of the Matrix between turns: safe from Traitor and the Train Man
            return (by_verb.get("unplug") or by_verb["done"])[0]
        if step == "mission_choice":
            return self._mission(t, by_verb["mission"])
        return self.rng.choice(legal)  # pragma: no cover - every step is handled above

    # --- decisions --------------------------------------------------------------------------------------

    def _decide(self, t: Table, seat: int) -> Command:
        d = t.s.decision
        assert d is not None
        cards = t.s.tasks[-1]["cards"]
        if d.kind in ("discard", "kill"):  # losing one of ours: the least valuable
            k = min(range(len(cards)), key=lambda i: self._keep_value(t, seat, cards[i]))
        elif d.kind == "neutralize":  # the opposing character that helps its side most
            k = max(range(len(cards)), key=lambda i: self._threat(t, cards[i]))
        else:  # gaining one, or a Robot to scrap: the most valuable
            k = max(range(len(cards)), key=lambda i: card_value(t, cards[i]))
        return Command("choose", (k,), d.seat)

    def _keep_value(self, t: Table, seat: int, cid: int) -> float:
        """``card_value``, raised for Battle Events and Missions that can be attempted, lowered for
        Missions whose prerequisites are far off."""
        value = card_value(t, cid)
        card = t.card(cid)
        if seat == HUMANS and isinstance(card, schema.MissionCard):
            value += 5.0 if self._mission_usable(t, card) else -8.0
        if isinstance(card, schema.EventCard) and any(o.roll == "battle" for o in card.options):
            value += 4.0
        return value

    def _threat(self, t: Table, cid: int) -> float:
        """How much an opposing character helps its side (Neo above all)."""
        card = t.card(cid)
        if not isinstance(card, schema.CharacterCard):
            return 0.0
        if card.id == "neo":
            return 50.0
        return sum(m.amount for m in card.modifiers) + t.s.lasting.get(cid, 0)

    # --- roll contests ------------------------------------------------------------------------------------

    def _contest(self, t: Table, seat: int, legal: list[Command]) -> Command:
        """Play the cheapest Event that turns the contest; pass when ahead or when it cannot be turned."""
        k = t.s.contest
        assert k is not None
        h, m = t.total(HUMANS), t.total(MACHINES)
        need = _need(k.kind, seat, h, m)
        kill = self.p.combat_kill if seat == HUMANS else self.p.machine_combat_kill
        if k.kind == "combat" and kill and need <= 0 <= need + 1:
            need += 1  # a tie only protects; one more point kills a character
        passing = next(c for c in legal if c.verb == "pass")
        if need <= 0:
            return passing
        gains: list[tuple[int, float, Command]] = []
        for c in legal:
            if c.verb != "play":
                continue
            cid = int(c.args[0])
            card = t.card(cid)
            assert isinstance(card, schema.EventCard)
            if any(isinstance(e, schema.KillOwnCharacter) for e in card.effects) and len(t.in_play(seat)) < 3:
                continue  # Sacrifice only with characters to spare
            gain = event_points(t, cid, k.roll, seat, k.teams[seat])
            if gain > 0:
                gains.append((gain, card_value(t, cid), c))
        if k.kind == "mission" and seat == HUMANS:
            if k.roll == "battle":  # Travel to Zero-One: the Battle reserve is for the Nebuchadnezzar
                spare = hand_points(t, HUMANS, "battle") - self.p.battle_reserve
                gains = [g for g in gains if g[0] <= spare]
            elif not t.s.piles["mission"] and not self.p.basic_mission_events:
                return passing
        if sum(g for g, _, _ in gains) < need:
            return passing  # no way to turn it: keep the cards
        enough = [gc for gc in gains if gc[0] >= need]
        if enough:
            return min(enough, key=lambda gc: (gc[0], gc[1]))[2]
        return max(gains, key=lambda gc: (gc[0], -gc[1]))[2]

    # --- instants ---------------------------------------------------------------------------------------

    def _instant(self, t: Table, seat: int, legal: list[Command]) -> Command | None:
        s = t.s
        hand = len(t.hand(seat))
        for c in legal:
            if c.verb != "play":
                continue
            card = t.card(int(c.args[0]))
            assert isinstance(card, schema.EventCard)
            verbs = {e.verb for e in card.effects}
            if "skip_matrix_phase" in verbs:  # Return to Zion: on a turn the Humans stay out anyway
                if s.step == "switch" and hand <= 7 and not self._matrix_plan(t):
                    return c
                continue
            if verbs <= {"look_opponent_deck", "look_opponent_hand"}:
                if hand >= 10:
                    return c
                continue
            if "draw" in verbs and hand >= 9:
                continue
            has_mission = any(isinstance(t.card(x), schema.MissionCard) for x in t.hand(seat))
            if "search_deck" in verbs and has_mission:
                continue
            return c
        return None

    # --- draw phases ------------------------------------------------------------------------------------

    def _zion_draw(self, t: Table, by_verb: dict[str, list[Command]]) -> Command:
        """Take the first card the Humans lack (``Policy.take_order``); else draw the top 2 cards."""
        s = t.s
        takes = {s.defs[int(c.args[0])]: c for c in by_verb.get("take", [])}
        hand = t.hand(HUMANS)
        held = {s.defs[c] for c in hand}
        for want in self.p.take_order:
            pick: Command | None = None
            if want == "neo":
                if t.neo() is None and "neo" not in held:
                    pick = takes.get("neo")
            elif want == "emp":
                if sum(1 for c in t.in_play(MACHINES) if t.code(c) == "B") >= 2:
                    pick = takes.get("emp")
            elif want in ("battle", "battle_floor"):
                floor = self.p.battle_reserve if want == "battle" else self.p.battle_floor
                if hand_points(t, HUMANS, "battle") < floor:
                    pick = _best(t, takes, lambda c: event_points(t, c, "battle", HUMANS))
            elif want == "shield":
                if t.neo() is not None and self._shields(t) < self.p.neo_shields:
                    pick = _best(t, takes, lambda c: card_value(t, c) if _is_shield(t.card(c)) else 0)
            elif want == "mission":
                if not any(self._mission_usable(t, t.card(c)) for c in hand):
                    pick = _best(t, takes, lambda c: self._mission_ev(t, c)
                                 if self._mission_usable(t, t.card(c)) else 0)
            elif want == "mission_rp":
                pick = next((takes[d] for d in ("visit_oracle", "the_keymaker")
                             if d in takes and d not in held and t.find_in_play(d) is None), None)
            elif want == "reality":
                if hand_points(t, HUMANS, "detection") + hand_points(t, HUMANS, "pursuit") < 2:
                    pick = _best(t, takes, lambda c: max(event_points(t, c, "detection", HUMANS),
                                                         event_points(t, c, "pursuit", HUMANS)))
            if pick is not None:
                return pick
        return by_verb["draw"][0]

    def _shields(self, t: Table) -> int:
        return sum(1 for c in t.in_play(HUMANS) if _is_shield(t.card(c)))

    def _mission_ev(self, t: Table, cid: int) -> float:
        card = t.card(cid)
        assert isinstance(card, schema.MissionCard)
        return card.mp * MISSION_ODDS[card.team]

    def _zero_one_draw(self, t: Table, by_verb: dict[str, list[Command]]) -> Command:
        """Agent Smith back, or an Agent while too few are in play; else the first card the Machines
        lack (``Policy.machine_take_order``); else the top 2 cards."""
        s = t.s
        recall = by_verb.get("recall", [])
        if recall:
            best = max(recall, key=lambda c: card_value(t, int(c.args[0])))
            agents = sum(1 for x in t.in_play(MACHINES) if t.code(x) == "A")
            if s.defs[int(best.args[0])] == "agent_smith" or agents < self.p.machine_agents:
                return best
        takes = {s.defs[int(c.args[0])]: c for c in by_verb.get("take", [])}
        hand = t.hand(MACHINES)
        for want in self.p.machine_take_order:
            pick: Command | None = None
            if want == "traitor":
                if self._traitor_kills_neo(t) and not any(s.defs[c] == "traitor_cypher" for c in hand):
                    pick = takes.get("traitor_cypher")
            elif want == "battle":
                if hand_points(t, MACHINES, "battle") < self.p.machine_battle:
                    pick = _best(t, takes, lambda c: event_points(t, c, "battle", MACHINES))
            elif want == "robot":
                robots = sum(1 for c in (*t.in_play(MACHINES), *hand) if t.code(c) == "B")
                if robots < self.p.machine_robots:
                    pick = takes.get("scouts") or takes.get("sentinels")
            if pick is not None:
                return pick
        return by_verb["draw"][0]

    def _traitor_kills_neo(self, t: Table) -> bool:
        """Traitor (Cypher) now would take Neo: he is in the Matrix with at most one other Human."""
        neo = t.neo()
        return neo is not None and neo in t.s.plugged and len(t.humans_in_matrix()) <= 2

    # --- the Matrix -------------------------------------------------------------------------------------

    def _mission_usable(self, t: Table, card: object) -> bool:
        """A Mission card whose prerequisites hold now (Neo aside)."""
        if not isinstance(card, schema.MissionCard):
            return False
        if card.requires_in_play and t.find_in_play(card.requires_in_play) is None:
            return False
        return not (card.requires_completed and card.requires_completed not in t.s.completed)

    def _switch(self, t: Table, by_verb: dict[str, list[Command]]) -> Command:
        want = self._matrix_plan(t)
        for c in by_verb.get("plug", []):
            if int(c.args[0]) in want:
                return c
        for c in by_verb.get("unplug", []):
            if int(c.args[0]) not in want:
                return c
        return by_verb["done"][0]

    def _matrix_plan(self, t: Table) -> set[int]:
        """Who goes into the Matrix this turn: the fighters (every H but Neo and the Operators); Neo
        too when he has a Mission card to go on and enough others to shield him."""
        fighters = {c for c in t.in_play(HUMANS) if t.code(c) == "H" and _is_shield(t.card(c))}
        shields = len(fighters) + sum(1 for c in t.in_play(HUMANS) if t.code(c) == "RP")
        neo = t.neo()
        ready = any(self._mission_usable(t, t.card(c)) and t.card(c).neo_in_matrix for c in t.hand(HUMANS))
        if neo is not None and shields >= self.p.neo_shields and (ready or not self.p.neo_only_for_missions):
            return fighters | {neo}
        return fighters if self.p.enter_without_mission else set()

    def _mission(self, t: Table, options: list[Command]) -> Command:
        """The Mission card worth most MP times a rough chance; the Basic Mission if none beats it."""
        cards = [c for c in options if c.args[0] != "basic"]
        best = max(cards, key=lambda c: (self._mission_ev(t, int(c.args[0])), -int(c.args[0])), default=None)
        if best is not None and self._mission_ev(t, int(best.args[0])) > MISSION_ODDS["matrix"]:
            return best
        return next(c for c in options if c.args[0] == "basic")


# Rough chances of a Mission contest by team: the Matrix team, a Battle roll outside it (Travel to
# Zero-One), Neo alone against the Machines' Combat +4 (Showdown with Agent Smith).
MISSION_ODDS = {"matrix": 0.55, "real_world": 0.45, "neo_only": 0.1}


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """A bot by name (``random`` or ``heuristic``)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "Bot", "DEFAULT_POLICY", "HeuristicBot", "Policy", "RandomBot", "card_value", "make_bot"]
