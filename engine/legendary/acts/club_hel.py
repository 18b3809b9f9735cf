"""Act 1 of Revolutions, Club Hel.

Part 1's Objective (defeat The Trainman, then the Seraph Hero Group joins Zion; LE-STORY-06 when it
started there), Part 2's Setup and closing moves (Act instructions that override Stranded,
LE-CARD-46), Stranded itself (a standing prohibition) and the turning Club Hel Guards (the card
field ``rotates``, LE-CARD-08..11) are card data. Part 2's Objective counts defeats and a
completion together, which the data Objective types cannot say, so it is a query here, with a Hint
for bots.
"""
from __future__ import annotations

from engine.legendary.actrules import ActRules, Hint
from engine.legendary.table import Table

GUARDS = "club_hel_guards"
STANDOFF = "club_hel_the_standoff"
GUARDS_NEEDED = 2


def club_hel_stormed(t: Table) -> bool:
    """Part 2's Objective: 2 Club Hel Guards are defeated and The Standoff is completed (either
    order, either Part)."""
    piles, defs = t.s.piles, t.s.defs
    guards = sum(1 for c in piles["defeated_enemies"] if defs[c] == GUARDS)
    return guards >= GUARDS_NEEDED and any(defs[c] == STANDOFF for c in piles["discarded"])


ACT = ActRules(
    story="club_hel",
    queries={"club_hel_stormed": club_hel_stormed},
    hints={"club_hel_stormed": Hint(cards=frozenset({GUARDS, STANDOFF}))},
)
