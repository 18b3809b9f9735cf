"""The whole Expedition state as plain data: copied for undo, hashed, saved as JSON.

Chits are ints indexing ``defs``; every chit is in exactly one pile at every moment: a cup
(``cup.events``, ``cup.encounters``, ``cup.specials``), a slot of a player's Matrix
(``p0.r2c4``), the Events a player holds out (``p0.out``) or their region on the map
(``p0.region``).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core.ids import PileId
from engine.core.plaindata import PlainState, dc_dict, plain_copy, shared
from engine.core.results import Decision
from engine.expedition.grid import SLOTS, slot_key

CUPS = {"events": PileId("cup.events"), "encounters": PileId("cup.encounters"),
        "specials": PileId("cup.specials")}
SHEET_COUNTERS = ("time", "dp", "resources", "food", "gifts", "askari", "porters", "health", "sanity")
GUIDE_LIMIT = 8  # EX-GUIDE-01: a Guide helps at 8 Time or less
HUMILITY_GAP = 6  # EX-HUM-01


def slot_pile(seat: int, slot: tuple[int, int]) -> PileId:
    """The pile of one slot of ``seat``'s Matrix, e.g. ``p0.r1c3``."""
    return PileId(f"p{seat}.{slot_key(slot)}")


def out_pile(seat: int) -> PileId:
    """The Events ``seat`` has drawn and holds out (EX-EVENT-03/06, EX-HUM-02)."""
    return PileId(f"p{seat}.out")


def region_pile(seat: int) -> PileId:
    """The chits ``seat`` has moved onto their region on the map (EX-EVENT-10, EX-RUMOR-08)."""
    return PileId(f"p{seat}.region")


def seat_piles(seat: int) -> list[PileId]:
    return [*(slot_pile(seat, s) for s in SLOTS), out_pile(seat), region_pile(seat)]


@dataclass(slots=True)
class Sheet:
    """One player's Expedition Sheet: the counters, the gear, the Explorer and the Arrow."""

    name: str
    region: str
    time: int
    dp: int
    resources: int
    food: int
    gifts: int
    askari: int
    porters: int
    health: int
    sanity: int
    guide: bool = False
    guide_flipped: bool = False
    telescope: bool = False
    wildman: bool = False
    pos: list[int] = field(default_factory=lambda: [1, 3])
    arrow: list[int] | None = None  # the slot the Explorer just left (EX-PLACE-02)
    discovered: bool = False  # the Discovery Procedure has run this Game Turn (EX-DISC-01)
    rumor: int | None = None  # the activated Rumor chit (EX-RUMOR-02..10)
    rumor_activated: bool = False  # a Rumor activated this Game Turn (EX-RUMOR-03)
    turns: int = 0
    done: bool = False  # Time is up (EX-TURN-05/06)
    ended_by: str = ""  # "time" or "special" once done

    def counter(self, name: str) -> int:
        return int(getattr(self, name))


@dataclass(slots=True)
class State(PlainState):
    """One Matrix Phase of 1-4 players."""

    JSON_FIELDS = {
        "decision": lambda v, cp: None if v is None else v.to_dict(),
        "sheets": lambda v, cp: [dc_dict(x, cp) for x in v],
        "piles": lambda v, cp: v if cp is shared else {k: list(p) for k, p in v.items()},
    }

    defs: list[str]
    piles: dict[str, list[int]]
    rng: int
    setup: dict[str, Any]
    sheets: list[Sheet]
    current: int = 0
    step: str = ""  # "move" while the current player must move; "" while the flow runs
    stack: list[dict[str, Any]] = field(default_factory=list)
    decision: Decision | None = None
    # What the current Player Turn remembers between its steps: the first Incident and whether it
    # cost something (EX-EVENT-03/04), the held second Incident and what it took (EX-EVENT-06), an
    # Impassable, the Humility targets of this occasion (EX-HUM-05).
    memo: dict[str, Any] = field(default_factory=dict)
    result: str = ""  # "" while the phase runs, "over" when every player's Time is up

    def clone(self) -> State:
        """A deep copy for undo snapshots."""
        new = copy.copy(self)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.sheets = [Sheet(**dc_dict(x)) for x in self.sheets]
        new.stack = plain_copy(self.stack)
        new.memo = plain_copy(self.memo)
        return new

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """Rebuild from ``to_dict`` output; raises KeyError/TypeError/ValueError on damaged data."""
        kw = {k: plain_copy(v) for k, v in d.items()}
        kw["sheets"] = [Sheet(**x) for x in kw["sheets"]]
        if kw.get("decision") is not None:
            kw["decision"] = Decision.from_dict(kw["decision"])
        return cls(**kw)
