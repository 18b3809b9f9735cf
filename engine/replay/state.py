"""The whole Matrix Replay game state as plain data: copied for undo, hashed, saved as JSON."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.ids import PileId, Seat
from engine.core.results import Decision
from engine.core.savefile import digest

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


@dataclass(slots=True)
class State:
    """One Matrix Replay game. Cards are ints indexing ``defs``; every card is in exactly one pile."""

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

    @property
    def over(self) -> bool:
        return bool(self.result)

    def where(self, card: int) -> str:
        """The pile holding ``card`` (linear scan; for tests and tools)."""
        for name, pile in self.piles.items():
            if card in pile:
                return name
        raise KeyError(card)

    def clone(self) -> State:
        """A deep copy for undo snapshots."""
        new = copy.copy(self)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.queue = list(self.queue)
        new.tasks = _plain_copy(self.tasks)
        new.contest = None if self.contest is None else Contest(**_dc_dict(self.contest))
        new.plugged = set(self.plugged)
        new.neutral = dict(self.neutral)
        new.lasting = dict(self.lasting)
        new.turn_bonus = list(self.turn_bonus)
        new.completed = list(self.completed)
        new.seen = [list(x) for x in self.seen]
        new.seen_what = list(self.seen_what)
        new.last = _plain_copy(self.last)
        return new

    # --- serialisation -------------------------------------------------------------------------

    def to_dict(self, *, share: bool = False) -> dict[str, Any]:
        """Plain JSON-ready data. ``share=True`` skips copying (read-only uses such as hashing)."""
        cp = (lambda v: v) if share else _plain_copy
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, set):
                v = sorted(v)
            elif f.name in ("neutral", "lasting"):
                v = {str(k): n for k, n in sorted(v.items())}
            elif f.name == "decision":
                v = None if v is None else v.to_dict()
            elif f.name == "contest":
                v = None if v is None else _dc_dict(v)
            elif f.name == "piles":  # the bulk of the state: flat lists of ints
                v = v if share else {k: list(p) for k, p in v.items()}
            elif f.name == "defs":
                v = v if share else list(v)
            elif isinstance(v, (list, dict)):
                v = cp(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """Rebuild from ``to_dict`` output; raises KeyError/TypeError/ValueError on damaged data."""
        kw = {k: (v if k in ("piles", "defs") else _plain_copy(v)) for k, v in d.items()}
        kw["piles"] = {k: list(p) for k, p in d["piles"].items()}
        kw["defs"] = list(d["defs"])
        kw["plugged"] = set(kw.get("plugged", []))
        kw["neutral"] = {int(k): int(n) for k, n in kw.get("neutral", {}).items()}
        kw["lasting"] = {int(k): int(n) for k, n in kw.get("lasting", {}).items()}
        dec = kw.get("decision")
        if dec is not None:
            kw["decision"] = Decision(dec["seat"], dec["prompt"], tuple(dec["options"]),
                                      dec.get("rule", ""), dec.get("kind", ""))
        if kw.get("contest") is not None:
            kw["contest"] = Contest(**kw["contest"])
        return cls(**kw)

    def hash(self) -> str:
        """A stable hash of the whole state (same on every OS and process)."""
        return digest(self.to_dict(share=True))


def _dc_dict(obj: Any) -> dict[str, Any]:
    return {f.name: _plain_copy(getattr(obj, f.name)) for f in fields(obj)}


def _plain_copy(v: Any) -> Any:
    """Copy nested lists and dicts of plain values (much faster than copy.deepcopy)."""
    if isinstance(v, list):
        return [_plain_copy(x) if isinstance(x, (list, dict)) else x for x in v]
    if isinstance(v, dict):
        return {k: _plain_copy(x) if isinstance(x, (list, dict)) else x for k, x in v.items()}
    return v

