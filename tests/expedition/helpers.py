"""Helpers for the Expedition rule tests: build positions from real chits, drive the flow, and
rig what chance gives (which chits a cup holds, which numbers the dice show).

Positions are built by moving real chits between the state's piles (as a scenario would). A cup
can be narrowed to chosen chits: the others wait in an ``aside`` pile of the test. The dice are
set by choosing the game's seed state so that its next rolls are the wanted ones.
"""
from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.core.results import Accepted, Event, Result
from engine.expedition import flow
from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import ExpeditionSetup
from engine.expedition.state import CUPS, Sheet, out_pile, region_pile, slot_pile

ASIDE = "aside"


def quiet(n: int = 1, seed: int = 0, **sheet: Any) -> ExpeditionGame:
    """A Matrix Phase of ``n`` players at seat 0's move step: every Matrix empty, every sheet as
    set up, the Explorers on Start here with no Arrow, the Discovery Procedures done."""
    game = ExpeditionGame.new(ExpeditionSetup.for_players(n, seed, **sheet))
    s = game.state
    t = game.table()
    for seat in range(n):
        for pile in [*(p for p in s.piles if p.startswith(f"p{seat}.")), out_pile(seat)]:
            for cid in list(s.piles[pile]):
                t.give_back(cid, pile, "test", "clearing the table")
    s.sheets = [Sheet(**p.model_dump(), pos=[1, 3], discovered=True, turns=1 if i == 0 else 0)
                for i, p in enumerate(game.setup.players)]
    s.stack.clear()
    s.decision = None
    s.step = "move"
    s.current = 0
    s.memo = {}
    s.piles[ASIDE] = []
    game.close_undo("the test set the position up")
    return game


def chit_of(game: ExpeditionGame, def_id: str, n: int = 0) -> int:
    """The chit number of the ``n``-th copy of a definition."""
    ids = [i for i, d in enumerate(game.state.defs) if d == def_id]
    assert ids, f"no chit {def_id!r}"
    return ids[n]


def cup_of(game: ExpeditionGame, def_id: str) -> str:
    return CUPS[game.db.pool[def_id]]


def put(game: ExpeditionGame, seat: int, slot: tuple[int, int], def_id: str) -> int:
    """Move a chit of ``def_id`` from its cup (or the aside pile) into a slot of ``seat``'s Matrix."""
    s = game.state
    for pile in (cup_of(game, def_id), ASIDE):
        for cid in s.piles.get(pile, []):
            if s.defs[cid] == def_id:
                s.piles[pile].remove(cid)
                s.piles[slot_pile(seat, slot)].append(cid)
                return cid
    raise AssertionError(f"no {def_id!r} left to place")


def only(game: ExpeditionGame, pool: str, *defs: str) -> list[int]:
    """Leave in a cup exactly one chit of each listed definition (repeats: more copies); the rest
    wait aside. Returns the chits left in the cup."""
    s = game.state
    cup = CUPS[pool]
    s.piles[ASIDE] += s.piles[cup]
    s.piles[cup] = []
    kept = []
    for def_id in defs:
        cid = next(c for c in s.piles[ASIDE] if s.defs[c] == def_id)
        s.piles[ASIDE].remove(cid)
        s.piles[cup].append(cid)
        kept.append(cid)
    return kept


def dice(game: ExpeditionGame, *values: int) -> None:
    """Set the seeded RNG so that its next d6 rolls show ``values`` (nothing else may draw first)."""
    for seed in range(1, 10**6):
        state, ok = seed, True
        for v in values:
            state, x = rng.below(state, 6)
            if x + 1 != v:
                ok = False
                break
        if ok:
            game.state.rng = seed
            return
    raise AssertionError(f"no seed rolls {values}")


def run_op(game: ExpeditionGame, **task: Any) -> list[Event]:
    """Run one task of the flow (and whatever it schedules) on the game; its events."""
    t = game.table()
    t.push(task)
    flow.run(t)
    return t.events


def apply(game: ExpeditionGame, cmd: str) -> Accepted:
    res: Result = game.apply(cmd)
    assert res.accepted, f"{cmd}: {res}"
    assert isinstance(res, Accepted)
    return res


def settle(game: ExpeditionGame, k: int = 0) -> None:
    """Answer every pending decision with option ``k`` (a repeated Quiet Day asks, EX-EVENT-05)."""
    while game.state.decision is not None:
        apply(game, f"choose {k}")


def kinds(events: Any) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Any, kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def at(game: ExpeditionGame, seat: int, slot: tuple[int, int]) -> list[str]:
    """The definitions of the chits in a slot."""
    return [game.state.defs[c] for c in game.state.piles[slot_pile(seat, slot)]]


def region(game: ExpeditionGame, seat: int) -> list[str]:
    return [game.state.defs[c] for c in game.state.piles[region_pile(seat)]]


def held(game: ExpeditionGame, seat: int) -> list[str]:
    return [game.state.defs[c] for c in game.state.piles[out_pile(seat)]]


def in_cup(game: ExpeditionGame, cid: int) -> bool:
    return cid in game.state.piles[cup_of(game, game.state.defs[cid])]


def matrix_chits(game: ExpeditionGame, seat: int) -> int:
    return sum(len(p) for name, p in game.state.piles.items()
               if name.startswith(f"p{seat}.r") and name != region_pile(seat))
