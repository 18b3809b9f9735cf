"""Bots for the Matrix Phase: uniformly random, and a heuristic explorer.

A bot answers ``choose(game, seat)`` with one of ``game.legal_commands(seat)``. Every chit in a
Matrix is face up, so the heuristic sees only what any player sees.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.core.commands import Command
from engine.expedition import schema
from engine.expedition.game import ExpeditionGame
from engine.expedition.grid import SLOTS, distance
from engine.expedition.table import Table


class Bot(Protocol):
    name: str

    def choose(self, game: ExpeditionGame, seat: int) -> Command: ...


def _legal(game: ExpeditionGame, seat: int) -> list[Command]:
    legal = game.legal_commands(seat)
    if not legal:
        raise RuntimeError(f"no legal command for seat {seat} in a Matrix Phase that is not over")
    return legal


class RandomBot:
    """Picks a uniformly random legal command."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ExpeditionGame, seat: int) -> Command:
        return self.rng.choice(_legal(game, seat))


def change_value(changes: object) -> float:
    """What a list of counter changes is worth to the one it is applied to (Time counts double)."""
    return sum(c.amount * (2.0 if c.counter == "time" else 1.0) for c in changes)  # type: ignore[attr-defined]


def chit_value(t: Table, seat: int, cid: int) -> float:
    """How much entering a slot holding this chit is worth to ``seat``."""
    sh = t.sheet(seat)
    c = t.chit(cid)
    if isinstance(c, (schema.Finding, schema.Discovery)):
        return c.dp - 1.5 * c.hourglass + (1.0 if isinstance(c, schema.Discovery) and c.kingdom else 0.0)
    if isinstance(c, schema.Encounter):
        return change_value(c.changes) + c.dp + (1.0 if c.type == "village" else 0.0)
    if c.kind == "rumor" and cid == sh.rumor:
        return 8.0 if sh.time <= 4 else 2.0  # a Special Discovery ends the exploration
    return 0.0


class HeuristicBot:
    """Walks toward the DP it can see, avoids costly Encounters, uses its Guide, and picks the
    cheapest answer to each decision."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ExpeditionGame, seat: int) -> Command:
        legal = _legal(game, seat)
        t = game.table()
        d = t.s.decision
        if d is not None:
            return legal[self.answer(t, seat, d.kind, len(legal))]
        return max(legal, key=lambda c: (self.slot_score(t, seat, (int(c.args[0]), int(c.args[1]))),
                                         self.rng.random()))

    def slot_score(self, t: Table, seat: int, slot: tuple[int, int]) -> float:
        sh = t.sheet(seat)
        here = sum(chit_value(t, seat, c) for c in t.at(seat, slot))
        if list(slot) == sh.arrow:
            here -= 0.5  # emptied by EX-RETURN-02
        lure = 0.0
        for other in SLOTS:
            if other != slot:
                best = sum(chit_value(t, seat, c) for c in t.at(seat, other) if t.kind(c) != "encounter")
                if best > 0:
                    lure = max(lure, best / (1 + distance(slot, other)))
        return here + 0.5 * lure

    def answer(self, t: Table, seat: int, kind: str, n: int) -> int:
        task = t.s.stack[-1]
        if kind == "guide":
            return 0
        if kind == "duplicate":
            chit = t.chit(task["chit"])
            return 1 if change_value(getattr(chit, "changes", ())) < 0 else 0
        if kind == "slot":
            pos = tuple(t.sheet(seat).pos)
            slots = task.get("slots", [])
            return min(range(len(slots)), key=lambda i: distance(pos, slots[i])) if slots else 0
        if kind == "humility":
            return 0 if t.sheet(seat).time > 3 else n - 1
        if kind == "humility_incident":
            incidents = [c for c in task.get("drawn", []) if t.kind(c) == "incident"]
            worst = min(range(len(incidents)),
                        key=lambda i: change_value(getattr(t.chit(incidents[i]), "changes", ())))
            return worst
        return 0


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ValueError naming the known ones otherwise."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed)
