"""Geometry of the Expedition table (pure geometry, no Qt): the acting player's Matrix large on the
left with the chits they hold out and their region below, the cups, the sheet panel and the other
players' Matrices small on the right.

Piles are the engine's: ``p0.r2c4`` (a slot), ``p0.out``, ``p0.region``, ``cup.events``...
"""
from __future__ import annotations

from dataclasses import dataclass, field

from matrix_gui.layout import Area

ROWS, COLS = 4, 5
WIDTH, HEIGHT = 1600.0, 810.0
MAIN_SLOT, MAIN_GAP, MAIN_X, MAIN_Y = 140.0, 8.0, 24.0, 64.0
MINI_MAX, MINI_GAP = 66.0, 4.0  # the largest slot of another player's Matrix
RIGHT_X = 800.0
CUP_Y, CUP = 64.0, 92.0
PANEL_Y, PANEL_H = 196.0, 196.0
MINI_Y = 448.0
SLOT, ROW, CUP_STYLE = "slot", "row", "cup"
CUP_NAMES = {"events": "Events", "encounters": "Encounters", "specials": "Special Discoveries"}


@dataclass(frozen=True)
class Board:
    """One player's Matrix on the table: where its slots lie and how big they are."""

    seat: int
    x: float
    y: float
    slot: float
    gap: float
    main: bool

    @property
    def w(self) -> float:
        return COLS * self.slot + (COLS - 1) * self.gap

    @property
    def h(self) -> float:
        return ROWS * self.slot + (ROWS - 1) * self.gap

    def slot_xy(self, row: int, col: int) -> tuple[float, float]:
        return self.x + (col - 1) * (self.slot + self.gap), self.y + (row - 1) * (self.slot + self.gap)


@dataclass
class ExpeditionLayout:
    """The areas (slots, held-out rows, cups) and boards for ``players`` with ``main`` drawn large."""

    players: int
    main: int
    boards: dict[int, Board] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    panel: tuple[float, float, float, float] = (RIGHT_X, PANEL_Y, WIDTH - RIGHT_X - 16, PANEL_H)
    width: float = WIDTH
    height: float = HEIGHT


def slot_name(seat: int, row: int, col: int) -> str:
    return f"p{seat}.r{row}c{col}"


def compute(players: int, main: int) -> ExpeditionLayout:
    """The table for ``players`` (1-4) with seat ``main`` (the one to act) in front."""
    lay = ExpeditionLayout(players, main)
    lay.boards[main] = Board(main, MAIN_X, MAIN_Y, MAIN_SLOT, MAIN_GAP, True)
    others = [s for s in range(players) if s != main]
    span = WIDTH - 16 - RIGHT_X
    # the other Matrices share the right column's width (as large as its height allows)
    each = (span - 20 * (len(others) - 1)) / max(len(others), 1)
    mini = min(MINI_MAX, (each - (COLS - 1) * MINI_GAP) / COLS)
    mini_w = COLS * mini + (COLS - 1) * MINI_GAP
    step = (span - mini_w) / max(len(others) - 1, 1) if len(others) > 1 else 0
    for i, s in enumerate(others):
        x = RIGHT_X + (i * step if len(others) > 1 else (span - mini_w) / 2)
        lay.boards[s] = Board(s, x, MINI_Y + 30, mini, MINI_GAP, False)
    for s, b in lay.boards.items():
        for r in range(1, ROWS + 1):
            for c in range(1, COLS + 1):
                x, y = b.slot_xy(r, c)
                name = slot_name(s, r, c)
                lay.areas[name] = Area(name, x, y, b.slot, b.slot, SLOT, "", seat=s)
        below = b.y + b.h + (28 if b.main else 6)
        if b.main:
            lay.areas[f"p{s}.out"] = Area(f"p{s}.out", b.x, below, 480, 96, ROW, "Held out", 0.9, seat=s)
            lay.areas[f"p{s}.region"] = Area(f"p{s}.region", b.x + 500, below, b.w - 500, 96, ROW,
                                             "On the region", 0.9, seat=s)
        else:
            lay.areas[f"p{s}.out"] = Area(f"p{s}.out", b.x, below, b.w * 0.6, 34, ROW, "", 0.3, seat=s)
            lay.areas[f"p{s}.region"] = Area(f"p{s}.region", b.x + b.w * 0.62, below, b.w * 0.38, 34, ROW,
                                             "", 0.3, seat=s)
    for i, pool in enumerate(CUP_NAMES):
        name = f"cup.{pool}"
        lay.areas[name] = Area(name, RIGHT_X + 20 + i * 250, CUP_Y, CUP, CUP, CUP_STYLE,
                               f"{CUP_NAMES[pool]} cup", back=pool)
    return lay


def chit_rects(area: Area, n: int) -> list[tuple[float, float, float]]:
    """(x, y, size) of ``n`` chits in ``area``: a slot stacks them corner-wise (a Rumor on its
    Village shows both), a row lays them left to right (overlapping when crowded), a cup shows one."""
    if n <= 0:
        return []
    if area.style == SLOT:
        pad = area.w * 0.08
        off = area.w * 0.14
        size = area.w - 2 * pad - (n - 1) * off
        return [(area.x + pad + i * off, area.y + pad + i * off, size) for i in range(n)]
    if area.style == CUP_STYLE:
        return [(area.x, area.y, area.w)] * n
    size = min(area.h, 100 * area.scale)
    step = size + 6
    if n > 1 and (n - 1) * step + size > area.w:
        step = max((area.w - size) / (n - 1), size * 0.15)
    y = area.y + (area.h - size) / 2
    return [(area.x + i * step, y, size) for i in range(n)]
