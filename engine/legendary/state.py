"""The whole Legendary game state as plain data: copied for undo, hashed, saved as JSON."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.results import Decision
from engine.core.savefile import digest

# Global pile names. Row spaces are ``row.0`` (leftmost, the Subway) .. ``row.4`` (rightmost);
# ``att.N`` holds cards attached to Row space N (they do not occupy it, LE-TERM-02).
GLOBAL_PILES = (
    "box", "matrix_deck", "combat", "operations", "real_world", "acts", "hovercraft", "zion",
    "strikes", "strike_discard", "defeated_heroes", "defeated_enemies", "discarded", "extras",
    "out_of_play", "removed", "resolving",
)
PLAYER_PILES = ("avatar", "deck", "hand", "play", "discard", "strikes", "scars", "beside",
                "coordinated", "hidden")


def row(i: int) -> str:
    return f"row.{i}"


def att(i: int) -> str:
    return f"att.{i}"


def dock(i: int) -> str:
    return f"dock.{i}"


def pp(seat: int, name: str) -> str:
    """A player's pile, e.g. ``pp(1, 'hand') == 'p1.hand'``."""
    return f"p{seat}.{name}"


@dataclass(slots=True)
class PlayerState:
    seat: int
    avatar: int
    in_matrix: bool = False
    defeated: bool = False
    prep_turn: bool = False
    health_bonus: int = 0
    coordinated_this_turn: bool = False
    avoid: int = 0  # strikes still avoided this turn


@dataclass(slots=True)
class Turn:
    """Everything that lasts one turn."""

    recruit: int = 0
    attack: int = 0
    free_move_used: bool = False
    extra_moves: int = 0
    played: list[int] = field(default_factory=list)  # order of play, virtual copies included
    virtual: list[int] = field(default_factory=list)  # coordinated cards played as copies
    class_used: list[int] = field(default_factory=list)
    once_used: list[int] = field(default_factory=list)
    hits: dict[str, int] = field(default_factory=dict)  # enemy id -> fights so far (multi-fight)
    bought_time: list[int] = field(default_factory=list)
    attack_reduction: int = 0
    allow: list[str] = field(default_factory=list)
    forbid: list[str] = field(default_factory=list)
    solo_discard_used: bool = False
    strikes_to_time: int = 0
    skip_to_cleanup: bool = False


@dataclass(slots=True)
class State:
    """One Legendary game. Cards are ints indexing ``defs``; every card is in exactly one pile."""

    defs: list[str]
    piles: dict[str, list[int]]
    players: list[PlayerState]
    rng: int
    setup: dict[str, Any]
    face_up: set[int] = field(default_factory=set)
    flipped: set[int] = field(default_factory=set)
    rotated: set[int] = field(default_factory=set)
    blank: set[int] = field(default_factory=set)
    disabled_scan: set[int] = field(default_factory=set)
    owner: dict[int, int] = field(default_factory=dict)  # coordinated/strike/event card -> seat
    active: int = 0
    turn_no: int = 0
    phase: str = "setup"
    time: int = 10
    act: int = 1
    part: int = 1
    inevitable: int = -1  # card id of the Inevitable once known
    turn: Turn = field(default_factory=Turn)
    stack: list[dict[str, Any]] = field(default_factory=list)
    decision: Decision | None = None
    result: str = ""  # "", "major", "minor", "loss:<cause>"
    slow_time_used: bool = False
    # Act-specific facts set by Act hooks (engine/legendary/acts/), e.g. the Matrix player of
    # He is The One Part 3. Plain JSON values only.
    flags: dict[str, Any] = field(default_factory=dict)

    # --- convenience ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return bool(self.result)

    def where(self, card: int) -> str:
        """The pile holding ``card`` (linear scan; for tests and tools, not hot paths)."""
        for name, pile in self.piles.items():
            if card in pile:
                return name
        raise KeyError(card)

    def clone(self) -> State:
        """A deep copy for undo snapshots (faster than copy.deepcopy on the whole object)."""
        new = copy.copy(self)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.players = [copy.copy(p) for p in self.players]
        new.face_up = set(self.face_up)
        new.flipped = set(self.flipped)
        new.rotated = set(self.rotated)
        new.blank = set(self.blank)
        new.disabled_scan = set(self.disabled_scan)
        new.owner = dict(self.owner)
        new.turn = Turn(**_dc_dict(self.turn, _plain_copy))
        new.stack = _plain_copy(self.stack)
        new.flags = _plain_copy(self.flags)
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
            elif f.name == "players":
                v = [_dc_dict(p, cp) for p in v]
            elif f.name == "turn":
                v = _dc_dict(v, cp)
            elif f.name == "decision":
                v = None if v is None else v.to_dict()
            elif f.name == "owner":
                v = {str(k): s for k, s in sorted(v.items())}
            elif isinstance(v, (list, dict)):
                v = cp(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        kw = dict(d)
        for name in ("face_up", "flipped", "rotated", "blank", "disabled_scan"):
            kw[name] = set(kw.get(name, []))
        kw["players"] = [PlayerState(**p) for p in kw["players"]]
        kw["turn"] = Turn(**kw["turn"])
        kw["owner"] = {int(k): s for k, s in kw.get("owner", {}).items()}
        dec = kw.get("decision")
        if dec is not None:
            kw["decision"] = Decision(dec["seat"], dec["prompt"], tuple(dec["options"]),
                                      dec.get("rule", ""), dec.get("kind", ""))
        return cls(**kw)

    def hash(self) -> str:
        """A stable hash of the whole state (same on every OS and process)."""
        return digest(self.to_dict(share=True))


def _dc_dict(obj: Any, cp: Any) -> dict[str, Any]:
    return {f.name: cp(getattr(obj, f.name)) for f in fields(obj)}


def _plain_copy(v: Any) -> Any:
    """Copy nested lists and dicts of plain values (much faster than copy.deepcopy)."""
    if isinstance(v, list):
        return [_plain_copy(x) if isinstance(x, (list, dict)) else x for x in v]
    if isinstance(v, dict):
        return {k: _plain_copy(x) if isinstance(x, (list, dict)) else x for k, x in v.items()}
    return v
