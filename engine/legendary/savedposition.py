"""A saved Legendary position (a save's ``initial`` start, or the ``snapshot`` it kept), checked
before a game goes on from it.

Three steps, each ending in one sentence naming what is wrong: the shape (a pydantic model over the
state's own dataclasses: types, missing and unknown fields), what no single field shows (seats, card
numbers, pile names, each card in exactly one pile, task ops, the setup), and whether the rules can
show the table to every seat and list its moves. A position the engine made passes all three.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from pydantic import ConfigDict, Field, StrictStr, ValidationError

from engine.core.inputcheck import InputError, InputModel, problem_text
from engine.core.results import Decision
from engine.legendary import flow
from engine.legendary.carddb import CardDB
from engine.legendary.modifiers import Modifiers, by_field_name
from engine.legendary.setup import LegendarySetup, SetupError, pile_names
from engine.legendary.state import PlayerState, State, Turn

MAX_CARDS = 10_000  # cards on one table (the whole trilogy is ~1,000)


class SavedPosition(InputModel):
    """The JSON of ``State.to_dict``, strictly typed (checked with ``model_validate_json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    defs: list[StrictStr] = Field(min_length=1, max_length=MAX_CARDS)
    piles: dict[str, list[int]]
    players: list[PlayerState] = Field(min_length=1, max_length=5)
    rng: int
    setup: dict[str, Any]
    face_up: list[int] = []
    flipped: list[int] = []
    rotated: list[int] = []
    blank: list[int] = []
    disabled_scan: list[int] = []
    owner: dict[int, int] = {}
    active: int = 0
    turn_no: int = Field(0, ge=0)
    phase: str = "setup"
    time: int = 10
    act: int = Field(1, ge=1, le=3)
    part: int = Field(1, ge=1, le=3)
    inevitable: int = -1
    turn: Turn = Field(default_factory=Turn)
    stack: list[dict[str, Any]] = []
    decision: Decision | None = None
    result: str = ""
    slow_time_used: bool = False
    flags: Modifiers = Field(default_factory=Modifiers)
    ending: dict[str, str] = {}


class MissingCards(InputError):
    """A position on cards this installation does not have (a save made with other cards)."""


def read_position(data: Any, db: CardDB, name: str) -> State:
    """The state of a saved position ``data`` (its field called ``name`` in messages) on the cards
    of ``db``; InputError with one sentence for a damaged one. ``data`` is not changed."""
    if not isinstance(data, dict):
        raise InputError(f"{name} must be an object")
    shape = dict(data)
    if isinstance(shape.get("flags"), dict):
        shape["flags"] = by_field_name(shape["flags"])
    try:
        SavedPosition.model_validate_json(json.dumps(shape), strict=True)
    except ValidationError as e:
        raise InputError(problem_text(e, name)) from None
    except (ValueError, RecursionError) as e:
        raise InputError(f"{name} cannot be read ({e})") from None
    missing = sorted({d for d in shape["defs"] if d not in db.cards})
    if missing:
        raise MissingCards(f"needs cards this installation lacks: {', '.join(missing[:5])}")
    state = State.from_dict(copy.deepcopy(data))
    problem = _problem(state, db)
    if problem is not None:
        raise InputError(f"{name}: {problem}")
    return state


def _problem(s: State, db: CardDB) -> str | None:
    """What a well-typed position gets wrong that no single field shows, or None."""
    n = len(s.players)
    seats = range(n)
    cards = range(len(s.defs))
    try:
        setup = LegendarySetup.from_dict(s.setup)
    except (SetupError, ValueError) as e:
        return f"its setup is damaged ({e})"
    if len(setup.avatars) != n:
        return f"its setup is for {len(setup.avatars)} players, but {n} are seated"
    for i, p in enumerate(s.players):
        if p.seat != i:
            return f"player {i + 1} sits at seat {p.seat}"
    if s.active not in seats:
        return f"the active seat is {s.active}, but this {n}-player game has seats 0 to {n - 1}"
    want, have = pile_names(db, n), set(s.piles)
    extra = sorted(have.difference(want))
    if extra:
        return f"{extra[0]!r} is not a pile of a {n}-player table"
    lost = [p for p in want if p not in have]
    if lost:
        return f"the pile {lost[0]!r} is missing"
    count = Counter(c for pile in s.piles.values() for c in pile)
    odd = next((c for c in count if c not in cards), None)
    if odd is not None:
        return f"card {odd} is in a pile, but the table has cards 0 to {len(s.defs) - 1}"
    twice = next((c for c, k in count.items() if k > 1), None)
    if twice is not None:
        return f"card {twice} is in two places"
    if len(count) != len(s.defs):
        return f"card {next(c for c in cards if c not in count)} is in no pile"
    t = s.turn
    marked: Iterable[int] = (*s.face_up, *s.flipped, *s.rotated, *s.blank, *s.disabled_scan, *s.owner,
                             *(p.avatar for p in s.players), *t.played, *t.virtual, *t.class_used,
                             *t.once_used, *t.bought_time, *t.gained)
    odd = next((c for c in marked if c not in cards), None)
    if odd is not None:
        return f"it names card {odd}, but the table has cards 0 to {len(s.defs) - 1}"
    if s.inevitable != -1 and s.inevitable not in cards:
        return f"the Inevitable is card {s.inevitable}, which the table does not have"
    who = [*s.owner.values(), *([] if s.decision is None else [s.decision.seat])]
    odd = next((x for x in who if x not in seats), None)
    if odd is not None:
        return f"it names seat {odd}, but this {n}-player game has seats 0 to {n - 1}"
    odd_op = next((task.get("op", "") for task in s.stack if task.get("op") not in flow.TASKS.ops), None)
    if odd_op is not None:
        return f"its turn holds the unknown step {str(odd_op)[:40]!r}"
    return None


def unplayable(game: Any) -> str | None:
    """Why the rules cannot show a game's table to every seat or list its moves (an exception's
    message), or None. For a game going on from a position read from a file."""
    try:
        for seat in range(len(game.state.players)):
            game.observe(seat)
        game.legal_commands()
    except Exception as e:  # noqa: BLE001 - a position from a file: whatever breaks, it is the file's
        return f"{type(e).__name__}: {e}"[:200]
    return None
