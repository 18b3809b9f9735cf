"""Paying Attack for what an Act or a Traitor mode sells outside a fight (Time Track steps, the
ship's repair, a strike on another player): one check of who may spend Attack on what, and of the
amount.

He is The One Part 3's Matrix player spends Attack only to raise the Time Track and to Evade
(LE-CARD-29, as the Part 3 card says). Every Act command, Traitor command and Act effect that takes
Attack asks here, so that rule is checked in one place.
"""
from __future__ import annotations

from engine.core.results import Rejection
from engine.legendary.table import Table

TIME, EVADE, OTHER = "time", "evade", "other"  # what Attack is spent on
MATRIX_PLAYER_SPENDS_ON = frozenset({TIME, EVADE})  # LE-CARD-29


def matrix_player_acts(t: Table) -> bool:
    """The Matrix player (LE-CARD-28) is the active player and still in the game."""
    s = t.s
    seat = s.mods.matrix_player
    return seat is not None and s.active == seat and not s.players[seat].defeated


def _barred(t: Table, use: str) -> bool:
    return use not in MATRIX_PLAYER_SPENDS_ON and matrix_player_acts(t)


def spending_refused(t: Table, what: str, use: str = OTHER) -> Rejection | None:
    """Why the active player may not spend Attack on ``what`` (a ``use``) at all, or None
    (LE-CARD-29)."""
    if not _barred(t, use):
        return None
    return Rejection("LE-CARD-29", f"{t.player_name(t.s.active)} is the Matrix player: Attack buys "
                     f"only Time Track steps and Evades, not {what}")


def attack_refused(t: Table, cost: int, what: str, rule: str, *, use: str = OTHER,
                   because: str = "") -> Rejection | None:
    """Why the active player can't pay ``cost`` Attack for ``what`` now, or None: they may not
    spend Attack on it (LE-CARD-29), or the pool is short (``rule`` sets the price; ``because``
    says where the price comes from)."""
    no = spending_refused(t, what, use)
    if no is not None:
        return no
    have = t.s.turn.attack
    if have < cost:
        note = f" ({because})" if because else ""
        return Rejection(rule, f"{what} costs {cost} Attack{note} and you have {have}")
    return None


def spendable_attack(t: Table, use: str = OTHER) -> int:
    """The Attack the active player may spend on a ``use`` now (for an effect that offers a
    payment): their pool, or none when they may not spend Attack on it (LE-CARD-29)."""
    return 0 if _barred(t, use) else t.s.turn.attack
