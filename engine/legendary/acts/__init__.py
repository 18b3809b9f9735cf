"""Python hooks for Act rules no data verb can say, registered by name in ``effects.HOOKS``.

Importing this package registers every film's hooks; the card loader checks that every hook a card
names exists.
"""
from __future__ import annotations

from engine.legendary.acts import the_matrix

__all__ = ["the_matrix"]
