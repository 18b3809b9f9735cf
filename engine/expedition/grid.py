"""The Matrix grid of an Expedition Sheet: 4 rows by 5 columns, counted orthogonally (EX-GRID)."""
from __future__ import annotations

from typing import NewType

Slot = NewType("Slot", tuple[int, int])
"""A grid slot as (row, column), both 1-based: rows 1-4 top to bottom, columns 1-5 left to right."""

ROWS = 4  # EX-GRID-01
COLS = 5
START: Slot = Slot((1, 3))  # EX-GRID-02
END: Slot = Slot((4, 3))
# EX-GRID-03 default: (3,1)-(3,5) carry 1-5 and (4,1) carries 6, until the printed sheet is known.
NUMBERED: dict[int, Slot] = {1: Slot((3, 1)), 2: Slot((3, 2)), 3: Slot((3, 3)), 4: Slot((3, 4)),
                             5: Slot((3, 5)), 6: Slot((4, 1))}
NUMBER_OF: dict[Slot, int] = {v: k for k, v in NUMBERED.items()}
# The four orthogonal directions as (row step, column step), in a fixed order.
DIRECTIONS: dict[str, tuple[int, int]] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
# Every slot in reading order: row by row, left to right (EX-PLACE-05).
SLOTS: tuple[Slot, ...] = tuple(Slot((r, c)) for r in range(1, ROWS + 1) for c in range(1, COLS + 1))


def on_grid(r: int, c: int) -> bool:
    return 1 <= r <= ROWS and 1 <= c <= COLS


def slot_key(slot: tuple[int, int]) -> str:
    """The slot's short name, ``r2c4``: part of its pile's name."""
    return f"r{slot[0]}c{slot[1]}"


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """EX-GRID-04: steps counted up/down/left/right, never diagonally."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def neighbours(slot: tuple[int, int]) -> list[Slot]:
    """The slots one orthogonal step away, on the grid."""
    r, c = slot
    return [Slot((r + dr, c + dc)) for dr, dc in DIRECTIONS.values() if on_grid(r + dr, c + dc)]


def direction_of(frm: tuple[int, int], to: tuple[int, int]) -> str:
    """The direction of the orthogonal step from ``frm`` to the adjacent ``to``."""
    step = (to[0] - frm[0], to[1] - frm[1])
    for name, d in DIRECTIONS.items():
        if d == step:
            return name
    raise ValueError(f"{frm} and {to} are not orthogonally adjacent")


def ray(slot: tuple[int, int], direction: str, n: int = 2) -> list[Slot]:
    """The ``n`` nearest slots from ``slot`` in one direction that are on the grid (EX-PLACE-01)."""
    dr, dc = DIRECTIONS[direction]
    out = []
    for k in range(1, n + 1):
        r, c = slot[0] + dr * k, slot[1] + dc * k
        if on_grid(r, c):
            out.append(Slot((r, c)))
    return out


def diagonals(slot: tuple[int, int]) -> list[Slot]:
    """The slots diagonally next to ``slot``, on the grid, in reading order (EX-PLACE-07)."""
    r, c = slot
    return [Slot((r + dr, c + dc)) for dr, dc in DIAGONALS if on_grid(r + dr, c + dc)]


def cross(slot: tuple[int, int]) -> list[Slot]:
    """EX-RUMOR-04: a slot and its orthogonal neighbours (the Wasteland), in reading order."""
    return sorted([Slot((slot[0], slot[1])), *neighbours(slot)])


def label(slot: tuple[int, int]) -> str:
    """What the sheet prints in a slot: ``Start here``, ``End here``, a Rumor number, or ''."""
    if slot == START:
        return "Start here"
    if slot == END:
        return "End here"
    n = NUMBER_OF.get(Slot((slot[0], slot[1])))
    return str(n) if n else ""
