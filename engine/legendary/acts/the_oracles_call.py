"""Act 1 of Reloaded, The Oracle's Call.

Crisis Meeting's Dock condition is card data (the Challenge field ``condition = "dock_groups_4"``,
LE-CARD-13), and so are Seraph and the Oracle's Counsel (``put_extra``). The two Objectives are
queries so that they can carry Hints for bots and one rule of ours the rulebook leaves open: once
Zion and the Dock together no longer hold Heroes of 4 Hero Groups, Crisis Meeting can never be
completed, so Part 1's Objective is met without it (otherwise, with the Matrix Deck spent, the game
could never move on nor end).
"""
from __future__ import annotations

from engine.legendary.actrules import ActRules, Hint
from engine.legendary.state import dock
from engine.legendary.table import Table

CRISIS = "the_oracles_call_crisis_meeting"
SERAPH = "the_oracles_call_seraph"
COUNSEL = "the_oracles_call_counsel"
GROUPS_NEEDED = 4  # Crisis Meeting's "4 or more Hero Groups" (LE-CARD-13)


def _completed(t: Table, def_id: str) -> bool:
    defs = t.s.defs
    return any(defs[c] == def_id for c in t.s.piles["discarded"])


def groups_left(t: Table) -> int:
    """How many Hero Groups the Heroes still in Zion and the Dock belong to."""
    s = t.s
    piles = [s.piles["zion"], *(s.piles[dock(i)] for i in range(t.mat.dock_spaces))]
    return len({t.card(c).group for pile in piles for c in pile})


def council_met(t: Table) -> bool:
    """Part 1's Objective: Crisis Meeting is completed, or it no longer can be."""
    return _completed(t, CRISIS) or groups_left(t) < GROUPS_NEEDED


def heard_the_oracle(t: Table) -> bool:
    """Part 2's Objective: The Oracle's Counsel is completed (Seraph guards the way to it)."""
    return _completed(t, COUNSEL)


ACT = ActRules(
    story="the_oracles_call",
    queries={"council_met": council_met, "heard_the_oracle": heard_the_oracle},
    hints={"council_met": Hint(cards=frozenset({CRISIS})),
           "heard_the_oracle": Hint(cards=frozenset({SERAPH, COUNSEL}))},
)
