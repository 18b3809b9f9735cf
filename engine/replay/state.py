"""The whole Matrix Replay game state as plain data: copied for undo, hashed, saved as JSON."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core.ids import PileId, Seat
from engine.core.plaindata import PlainState, dc_dict, int_keys, plain_copy, shared, str_keys
from engine.core.results import Decision

HUMANS: Seat = Seat(0)
MACHINES: Seat = Seat(1)
SIDE_NAMES = ("Humans", "Machines")
SIDE_KEYS = ("humans", "machines")

# Per-player piles: ``table`` holds the Events played in the contest being rolled (MR-EVENT-01
# discards them when it closes). Global: ``mission`` is the Mission card being attempted,
# ``removed`` the completed Missions, out of the game (MR-MISSION-05).
PLAYER_PILES = ("deck", "hand", "play", "discard", "table")
GLOBAL_PILES = ("mission", "removed")

# The segments of a turn, in order (MR-TURN-01); the Matrix and Reality Phases expand into theirs.
TURN = ("time", "zion", "zero_one", "switch", "matrix", "reality", "end_turn")
MATRIX_SEGMENTS = ("interception", "combat", "mission", "escape")
REALITY_SEGMENTS = ("detection", "pursuit", "battle")

MP_TO_WIN = 20  # MR-GEN-02
TIME_TO_WIN = 20  # MR-GEN-05
HAND_LIMIT = 10  # MR-TURN-03
START_HAND = 8  # MR-SETUP-03


def pp(seat: int, name: str) -> PileId:
    """A player's pile, e.g. ``pp(0, 'hand') == 'p0.hand'`` (seat 0: Humans, 1: Machines)."""
    return PileId(f"p{seat}.{name}")


@dataclass(slots=True)
class Contest:
    """A roll contest being resolved (MR-ROLL-01/02). Index 0 is the Humans, 1 the Machines."""

    kind: str  # the segment: interception, combat, mission, escape, detection, pursuit, battle
    roll: str  # the roll type whose Events and modifiers count (a Mission may be rolled as another)
    teams: list[str]  # per side: which characters help: "matrix", "real_world" or "neo_only"
    dice: list[int]
    fixed: list[int]  # printed bonuses such as Showdown's Machine Combat +4
    bonus: list[int]  # Events played in this contest
    to_act: int
    passes: int = 0


# How ``to_dict`` turns the fields that are not plain lists, dicts or sets into JSON. The piles, the
# bulk of the state, are flat lists of ints: a shallow copy of each is enough.
_JSON_FIELDS: dict[str, Any] = {
    "neutral": lambda v, cp: str_keys(v),
    "lasting": lambda v, cp: str_keys(v),
    "decision": lambda v, cp: None if v is None else v.to_dict(),
    "contest": lambda v, cp: None if v is None else dc_dict(v),
    "piles": lambda v, cp: v if cp is shared else {k: list(p) for k, p in v.items()},
    "defs": lambda v, cp: v if cp is shared else list(v),
}


@dataclass(slots=True)
class State(PlainState):
    """One Matrix Replay game. Cards are ints indexing ``defs``; every card is in exactly one pile."""

    JSON_FIELDS = _JSON_FIELDS

    defs: list[str]
    piles: dict[str, list[int]]
    rng: int
    setup: dict[str, Any]
    turn_no: int = 0
    phase: str = "setup"  # time, zion, zero_one, switch, matrix, reality, over
    step: str = ""  # the pause waiting for a command ("" while the flow runs)
    queue: list[str] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)
    decision: Decision | None = None
    contest: Contest | None = None
    mp: int = 0
    time: int = 0
    plugged: set[int] = field(default_factory=set)  # Human characters carrying a Matrix counter
    neutral: dict[int, int] = field(default_factory=dict)  # character -> last turn it is neutralized
    lasting: dict[int, int] = field(default_factory=dict)  # character -> Combat bonus for the game
    turn_bonus: list[int] = field(default_factory=lambda: [0, 0])  # every roll this turn (per side)
    skip_matrix: bool = False
    completed: list[str] = field(default_factory=list)  # definition ids of completed Missions
    seen: list[list[int]] = field(default_factory=lambda: [[], []])  # cards each side looked at
    seen_what: list[str] = field(default_factory=lambda: ["", ""])
    last: dict[str, Any] | None = None  # summary of the last resolved contest
    result: str = ""  # "", "humans", "machines:neo", "machines:neb", "machines:zion"

    def clone(self) -> State:
        """A deep copy for undo snapshots."""
        new = copy.copy(self)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.queue = list(self.queue)
        new.tasks = plain_copy(self.tasks)
        new.contest = None if self.contest is None else Contest(**dc_dict(self.contest))
        new.plugged = set(self.plugged)
        new.neutral = dict(self.neutral)
        new.lasting = dict(self.lasting)
        new.turn_bonus = list(self.turn_bonus)
        new.completed = list(self.completed)
        new.seen = [list(x) for x in self.seen]
        new.seen_what = list(self.seen_what)
        new.last = plain_copy(self.last)
        return new

    # --- serialisation -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """Rebuild from ``to_dict`` output; raises KeyError/TypeError/ValueError on damaged data."""
        kw = {k: (v if k in ("piles", "defs") else plain_copy(v)) for k, v in d.items()}
        kw["piles"] = {k: list(p) for k, p in d["piles"].items()}
        kw["defs"] = list(d["defs"])
        kw["plugged"] = set(kw.get("plugged", []))
        kw["neutral"] = int_keys(kw.get("neutral", {}), int)
        kw["lasting"] = int_keys(kw.get("lasting", {}), int)
        if kw.get("decision") is not None:
            kw["decision"] = Decision.from_dict(kw["decision"])
        if kw.get("contest") is not None:
            kw["contest"] = Contest(**kw["contest"])
        return cls(**kw)
