"""What the Legendary verbs share: the preconditions every Action Phase command checks first
(``gate``), and its version for the generators (``is_open``, ``restrict``); reading the card a command
names; the pile names the generators walk."""
from __future__ import annotations

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import row as rowmod
from engine.legendary.state import dock, pp
from engine.legendary.table import Table


def R(rule: str, reason: str) -> Rejection:
    return Rejection(rule, reason)


# --- shared preconditions -------------------------------------------------------------------------


def gate(t: Table, cmd: Command, *, seat_must_be_active: bool = True) -> Rejection | None:
    """The shared preconditions of the Action Phase commands, then the Acts' restrictions."""
    s = t.s
    if s.result:
        return R("LE-GEN-03", f"the game is over ({s.result})")
    if s.decision is not None:
        who = t.player_name(s.decision.seat)
        return R(s.decision.rule or "LE-ABILITY-04", f"waiting for {who} to decide: {s.decision.prompt}")
    if seat_must_be_active and cmd.seat is not None and cmd.seat != s.active:
        return R("LE-TURN-03", f"it is {t.player_name(s.active)}'s turn, not {t.player_name(cmd.seat)}'s")
    if s.phase != "action" or s.stack:
        return R("LE-TURN-01", f"that is done in the Action Phase; this is the {s.phase} phase")
    for limit in t.db.acts.restrictions:  # an Act's limits (engine/legendary/acts/)
        if limit.in_force(t) and (r := limit.check(t, cmd)) is not None:
            return r
    return None


def is_open(t: Table) -> bool:
    """The shared preconditions of every Action Phase command (``gate``)."""
    s = t.s
    return not s.result and s.decision is None and s.phase == "action" and not s.stack


def restrict(t: Table, cmds: list[Command]) -> list[Command]:
    """Only the commands that pass the restrictions the Acts add, of those in force now."""
    for limit in t.db.acts.restrictions:
        if limit.in_force(t):
            cmds = [c for c in cmds if limit.check(t, c) is None]
    return cmds


def card_arg(cmd: Command, i: int = 0) -> int | None:
    if len(cmd.args) > i and isinstance(cmd.args[i], int):
        return cmd.args[i]
    return None


def in_matrix(t: Table) -> bool:
    return t.s.players[t.s.active].in_matrix


def named_card(t: Table, cmd: Command, what: str) -> int | Rejection:
    """The card ``cmd`` names by its number (its first argument), or the Rejection asking for one."""
    cid = card_arg(cmd)
    if cid is None or not 0 <= cid < len(t.s.defs):
        return R("LE-ACTION-01", f"name the {what} by its card number, e.g. '{cmd.verb} 12'")
    return cid


def target(t: Table, cmd: Command, what: str) -> int | Rejection:
    """How the check of a command on one card opens: the shared preconditions (``gate``), then the
    card the command names (``named_card``). The card, or the first Rejection."""
    return gate(t, cmd) or named_card(t, cmd, what)


# --- what the generators walk ---------------------------------------------------------------------

ROWS = rowmod.ROWS
MAX_SEATS = 6  # more than any game seats (LE-GEN-01)
DOCKS = tuple(dock(i) for i in range(8))  # the usual Dock spaces' pile names
HAND, PLAY_AREA, COORDINATED, BESIDE = (tuple(pp(i, name) for i in range(MAX_SEATS))
                                        for name in ("hand", "play", "coordinated", "beside"))


def row_occupants(piles: dict[str, list[int]]) -> list[int]:
    """Each Row space's occupant, left to right (not what is attached)."""
    return [p[0] for p in map(piles.__getitem__, ROWS) if p]
