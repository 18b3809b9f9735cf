"""Table geometry in card units, shared by both tables (pure geometry, no Qt widgets).

One card is ``CARD_W`` x ``CARD_H`` scene units (a card unit of 100). An ``Area`` is one place on a
table: a pile or a GUI-only space, with its rectangle and how it is drawn (a stack, a spread...).
"""
from __future__ import annotations

from dataclasses import dataclass

CARD_W = 100.0
CARD_H = 140.0

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

    @property
    def card_w(self) -> float:
        return CARD_W * self.scale

    @property
    def card_h(self) -> float:
        return CARD_H * self.scale


def spread_positions(area: Area, n: int) -> list[tuple[float, float]]:
    """Top-left corners of ``n`` cards laid left to right in ``area``, overlapping when crowded."""
    if n == 0:
        return []
    cw = area.card_w
    gap = cw * 0.12
    step = cw + gap
    if n > 1 and (n - 1) * step + cw > area.w:
        step = max((area.w - cw) / (n - 1), cw * 0.12)
    y = area.y + (area.h - area.card_h) / 2
    return [(area.x + i * step, y) for i in range(n)]
