"""Act 2 of Reloaded, Free the Keymaker.

Part 1's Objective (complete Persephone's Price, then The Keymaker Hero Group joins Zion) and
Cause and Effect (an Event that goes into a deck and acts when drawn, LE-CARD-61, LE-CLEANUP-06)
are card data. Part 2's Objective mixes a defeat and a completion, which the data Objective types
cannot say, so it is a query here, with a Hint for bots.
"""
from __future__ import annotations

from engine.legendary.actrules import ActRules, Hint
from engine.legendary.table import Table

TWINS = "free_the_keymaker_the_twins"
CHASE = "free_the_keymaker_freeway_chase"


def keymaker_got_out(t: Table) -> bool:
    """Part 2's Objective: The Twins are defeated and Freeway Chase is completed (either order,
    either Part)."""
    piles, defs = t.s.piles, t.s.defs
    return (any(defs[c] == TWINS for c in piles["defeated_enemies"])
            and any(defs[c] == CHASE for c in piles["discarded"]))


ACT = ActRules(
    story="free_the_keymaker",
    queries={"keymaker_got_out": keymaker_got_out},
    hints={"keymaker_got_out": Hint(cards=frozenset({TWINS, CHASE}))},
)
