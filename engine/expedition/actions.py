"""Player commands of the Matrix Phase: ``move ROW COL`` and ``choose K``, each with one check (a
Rejection naming the rule, or None), one perform and one generator of its legal commands,
registered explicitly in ``ACTIONS``.

Checks run in a fixed order: the phase goes on, no decision is pending, the player whose turn it
is, the step, then the slot.
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.actions import ActionRegistry, check_choose, legal_choices
from engine.core.commands import Command, command
from engine.core.results import Rejection
from engine.expedition.flow import do_move, move_targets
from engine.expedition.grid import END, on_grid
from engine.expedition.table import Table, slot_text

OVER = Rejection("EX-TURN-06", "the Matrix Phase is over: every player's Time is up")


def is_open(t: Table) -> bool:
    """No decision pending and the phase goes on."""
    return not t.s.result and t.s.decision is None


ACTIONS: ActionRegistry[Table] = ActionRegistry(is_open)


def _gate(t: Table, seat: int | None) -> Rejection | None:
    s = t.s
    if s.result:
        return OVER
    if s.decision is not None:
        return Rejection(s.decision.rule or "EX-TURN-01",
                         f"waiting for {t.seat_name(s.decision.seat)} to decide: {s.decision.prompt}")
    if seat is not None and seat != s.current:
        return Rejection("EX-TURN-04", f"it is {t.seat_name(s.current)}'s Player Turn, "
                                       f"not {t.seat_name(seat)}'s")
    return None


def check_move(t: Table, cmd: Command) -> Rejection | None:
    seat = t.command_seat(cmd)
    if (r := _gate(t, seat)) is not None:
        return r
    if t.s.step != "move":  # pragma: no cover - the flow always stops at a move or a decision
        return Rejection("EX-TURN-01", "the Explorer moves in step 3 of the Player Turn")
    if len(cmd.args) != 2 or not all(isinstance(a, int) for a in cmd.args):
        return Rejection("COMMAND", "usage: move ROW COL (rows 1-4, columns 1-5), e.g. 'move 2 3'")
    r, c = int(cmd.args[0]), int(cmd.args[1])
    if not on_grid(r, c):
        return Rejection("EX-MOVE-01", f"({r},{c}) is off the grid: rows run 1-4 and columns 1-5")
    sh = t.sheet(t.s.current)
    pr, pc = sh.pos
    dr, dc = abs(r - pr), abs(c - pc)
    if dr == dc == 0:
        if (r, c) == END:
            return None
        return Rejection("EX-MOVE-03", f"the Explorer must move: only on End here may it stay, "
                                       f"and it is on {slot_text((r, c))}")
    if dr == 1 and dc == 1:
        return Rejection("EX-MOVE-01", "the Explorer never moves diagonally")
    if dr + dc != 1:
        return Rejection("EX-MOVE-01", f"the Explorer moves exactly one slot; {slot_text((r, c))} is "
                                       f"{dr + dc} slots away")
    return None


def perform_move(t: Table, cmd: Command) -> None:
    do_move(t, t.s.current, (int(cmd.args[0]), int(cmd.args[1])))


def legal_move(t: Table) -> Iterator[Command]:
    if t.s.step == "move":
        seat = t.s.current
        for slot in move_targets(t, seat):
            yield command("move", slot, seat)


def check_choose_k(t: Table, cmd: Command) -> Rejection | None:
    d = t.s.decision
    return check_choose(d, OVER if t.s.result else None, t.command_seat(cmd),
                        cmd.args[0] if len(cmd.args) == 1 else None, no_decision_rule="COMMAND",
                        seat_rule=(d.rule if d else "") or "COMMAND", seat_name=t.seat_name)


def perform_choose(t: Table, cmd: Command) -> None:
    d = t.s.decision
    assert d is not None
    t.answer(d.seat, int(cmd.args[0]))


def legal_choose(t: Table) -> Iterator[Command]:
    d = t.s.decision
    if not t.s.result and d is not None:
        yield from legal_choices(d, d.seat)


ACTIONS.add("move", "move ROW COL: move the Explorer one slot up, down, left or right (on End here, "
            "'move 4 3' stays)", check_move, perform_move, legal_move)
ACTIONS.add("choose", "choose K: answer the pending decision with option K (0-based)", check_choose_k,
            perform_choose, legal_choose, gated=False)
