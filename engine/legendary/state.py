"""The whole Legendary game state as plain data: copied for undo, hashed, saved as JSON."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.plaindata import (
    PlainState,
    dc_dict,
    field_copy,
    field_values,
    int_keys,
    plain_copy,
    str_keys,
)
from engine.core.results import Decision
from engine.core.savefile import digest
from engine.legendary.modifiers import Modifiers

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
    gained: list[int] = field(default_factory=list)  # cards the active player gained this turn
    chosen_classes: dict[str, str] = field(default_factory=dict)  # card id -> class picked on play
    strike_cards: int = 0  # Strike cards the active player has drawn this turn (LE-CARD-24..26)

    def copy(self) -> Turn:
        """A deep copy: its lists and dict hold only ints and strings, so copying them is enough."""
        return Turn(*[v.copy() if type(v) in (list, dict) else v for v in field_values(Turn)(self)])


def _turn_dict(turn: Turn, cp: Any) -> dict[str, Any]:
    d = dc_dict(turn, cp)
    if not d["gained"]:
        del d["gained"]  # absent while empty, so positions saved before it existed hash the same
    if not d["chosen_classes"]:
        del d["chosen_classes"]  # the same
    if not d["strike_cards"]:
        del d["strike_cards"]  # the same
    return d


# How ``to_dict`` turns the fields that are not plain lists, dicts or sets into JSON.
_JSON_FIELDS: dict[str, Any] = {
    "players": lambda v, cp: [dc_dict(p, cp) for p in v],
    "turn": _turn_dict,
    "mods": lambda v, cp: v.to_saved(),
    "decision": lambda v, cp: None if v is None else v.to_dict(),
    "owner": lambda v, cp: str_keys(v),
}


@dataclass(slots=True)
class State(PlainState):
    """One Legendary game. Cards are ints indexing ``defs``; every card is in exactly one pile."""

    JSON_FIELDS = _JSON_FIELDS

    defs: list[str]
    piles: dict[str, list[int]]
    players: list[PlayerState]
    rng: int
    setup: dict[str, Any]
    face_up: set[int] = field(default_factory=set)
    flipped: set[int] = field(default_factory=set)
    # Cards turned upside down (180°): Enemies that rotate (LE-CARD-08..11; row.moved). Every
    # view marks them "rotated": True so the playmat can draw them upside down.
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
    # Facts Acts set that change general rules (engine/legendary/modifiers.py).
    mods: Modifiers = field(default_factory=Modifiers)
    # How the game ended: {"rule": ..., "cause": ...} (Table.end_game). Follows from the commands;
    # left out of the hash so saves made before it existed still load.
    ending: dict[str, str] = field(default_factory=dict)

    def clone(self) -> State:
        """A deep copy for undo snapshots (much faster than copy.deepcopy on the whole object).
        ``setup``, ``decision`` and ``ending`` are replaced, never changed in place, so they are
        shared."""
        new = field_copy(self)
        new.piles = {k: v.copy() for k, v in self.piles.items()}
        new.players = [field_copy(p) for p in self.players]
        new.face_up = self.face_up.copy()
        new.flipped = self.flipped.copy()
        new.rotated = self.rotated.copy()
        new.blank = self.blank.copy()
        new.disabled_scan = self.disabled_scan.copy()
        new.owner = self.owner.copy()
        new.turn = self.turn.copy()
        new.stack = plain_copy(self.stack) if self.stack else []
        new.mods = self.mods.copy()
        return new

    def hash(self) -> str:
        """A stable hash of the state (``ending`` left out, see above)."""
        d = self.to_dict(share=True)
        d.pop("ending", None)
        return digest(d)

    # --- serialisation -------------------------------------------------------------------------

    def to_dict(self, *, share: bool = False) -> dict[str, Any]:
        d = PlainState.to_dict(self, share=share)
        d["flags"] = d.pop("mods")  # the modifiers keep the key saves have always used
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        kw = dict(d)
        for name in ("face_up", "flipped", "rotated", "blank", "disabled_scan"):
            kw[name] = set(kw.get(name, []))
        kw["players"] = [PlayerState(**p) for p in kw["players"]]
        kw["turn"] = Turn(**kw["turn"])
        kw["mods"] = Modifiers.from_dict(kw.pop("flags", None) or kw.get("mods") or {})
        kw["owner"] = int_keys(kw.get("owner", {}))
        if kw.get("decision") is not None:
            kw["decision"] = Decision.from_dict(kw["decision"])
        return cls(**kw)
