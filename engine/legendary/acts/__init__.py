"""The Act modules, one per Act, listed explicitly; ``registry()`` gathers what they declare.

The card database carries this registry (``CardDB.acts``, given by the card loader), and general
rules reach an Act's rules only through it, by the names card data uses: no general module imports
this package. A new Act: add its module to ``SHIPPED``.
"""
from __future__ import annotations

from functools import cache

from engine.legendary import traitor
from engine.legendary.actrules import ActCommand, ActRules, Hint, Registry, Restriction
from engine.legendary.acts import (
    club_hel,
    everything_that_has_a_beginning,
    free_the_keymaker,
    he_is_the_one,
    know_thyself,
    the_battle_of_zion,
    the_oracles_call,
    the_source,
    what_is_the_matrix,
)

__all__ = ["SHIPPED", "ActCommand", "ActRules", "Hint", "Registry", "Restriction", "registry"]

# The shipped Acts' rules, and the Traitor modes' (declared the same way).
SHIPPED: tuple[ActRules, ...] = (
    what_is_the_matrix.ACT,
    know_thyself.ACT,
    he_is_the_one.ACT,
    the_oracles_call.ACT,
    free_the_keymaker.ACT,
    the_source.ACT,
    club_hel.ACT,
    the_battle_of_zion.ACT,
    everything_that_has_a_beginning.ACT,
    traitor.RULES,
)


@cache
def registry() -> Registry:
    """The registry of the shipped Acts (``SHIPPED``): what the card loader gives a card database
    unless it is given other Acts."""
    return Registry.of(SHIPPED)
