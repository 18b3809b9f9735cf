"""Table geometry in card units, shared by both tables (pure geometry, no Qt widgets).

One card is ``CARD_W`` x ``CARD_H`` scene units (a card unit of 100). An ``Area`` is one place on a
table: a pile or a GUI-only space, with its rectangle and how it is drawn (a stack, a spread...).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

CARD_W = 100.0
CARD_H = 140.0

FAN_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45)
FAN_GAP = 4.0

STACK, SPREAD, SPACE, TRACK, TOKEN = "stack", "spread", "space", "track", "token"


@dataclass(frozen=True)
class Area:
    """One place on the table: a pile (or a GUI-only space) with its rectangle and drawing style."""

    key: str  # pile name, or "in_matrix", "time", "poolN"
    x: float
    y: float
    w: float
    h: float
    style: str
    label: str
    scale: float = 1.0  # card size in this area, relative to a full card
    back: str = "hero"  # which card back hidden cards show
    seat: int | None = None
    fan: bool = False  # crowded cards shrink into rows so that every name shows (``fitted``)

    @property
    def card_w(self) -> float:
        return CARD_W * self.scale

    @property
    def card_h(self) -> float:
        return CARD_H * self.scale


def _grid(area: Area, cw: float, ch: float) -> tuple[int, int]:
    """How many rows and columns of ``cw`` x ``ch`` cards fit in ``area`` without overlapping."""
    rows = max(1, int((area.h + FAN_GAP) // (ch + FAN_GAP)))
    cols = max(1, int((area.w + FAN_GAP) // (cw + FAN_GAP)))
    return rows, cols


def fitted(area: Area, n: int) -> Area:
    """``area`` with the card size ``n`` cards take there: a fan area shrinks its cards until they
    lie side by side, in one row or more, none over another (every name shows: see
    ``spread_positions``); other areas are unchanged."""
    if not area.fan or n <= 1:
        return area
    base = area.scale
    for k in FAN_SCALES:
        rows, cols = _grid(area, CARD_W * base * k, CARD_H * base * k)
        if rows * cols >= n:
            return replace(area, scale=base * k)
    return replace(area, scale=base * FAN_SCALES[-1])


def spread_positions(area: Area, n: int) -> list[tuple[float, float]]:
    """Top-left corners of ``n`` cards laid left to right in ``area``, overlapping when crowded. A
    fan area (already ``fitted``) lays them in rows, left to right and then the next row down,
    overlapping only when even its smallest cards do not fit."""
    if n == 0:
        return []
    if area.fan and n > 1:
        cw, ch = area.card_w, area.card_h
        rows, cols = _grid(area, cw, ch)
        rows = min(rows, -(-n // cols)) if rows * cols >= n else rows
        per_row = -(-n // rows)
        step = cw + FAN_GAP if per_row * (cw + FAN_GAP) - FAN_GAP <= area.w else (area.w - cw) / (per_row - 1)
        top = area.y + (area.h - (rows * ch + (rows - 1) * FAN_GAP)) / 2
        return [(area.x + (i % per_row) * step, top + (i // per_row) * (ch + FAN_GAP)) for i in range(n)]
    cw = area.card_w
    gap = cw * 0.12
    step = cw + gap
    if n > 1 and (n - 1) * step + cw > area.w:
        step = max((area.w - cw) / (n - 1), cw * 0.12)
    y = area.y + (area.h - area.card_h) / 2
    return [(area.x + i * step, y) for i in range(n)]
