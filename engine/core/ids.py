"""Typed ids shared by every ruleset."""
from __future__ import annotations

from typing import NewType

CardId = NewType("CardId", int)
"""A physical card instance, stable for a whole game."""

Seat = NewType("Seat", int)
"""A player's seat, 0-based, in clockwise order."""

PileId = NewType("PileId", str)
"""A named pile such as ``row.0``, ``combat`` or ``p1.hand``."""
