"""The turn and the game: the Objective (``objective``), a Minor Victory (``minor-victory``), giving up
(``concede``), ending the Action Phase (``end``) and answering a decision (``choose``)."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.actions import Action, legal_choices
from engine.core.actions import check_choose as _check_choose
from engine.core.commands import Command, command
from engine.core.results import Rejection
from engine.legendary import flow, stall
from engine.legendary.actions.common import R, gate
from engine.legendary.table import Table


def check_objective(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    part = flow.current_part(t)
    if part.objective is None:
        return R("LE-ACT-04", f"Act {t.s.act} Part {t.s.part} has no Objective to complete")
    if not flow.objective_met(t):
        return R("LE-ACT-04", f"the Objective is not met yet: {part.objective.text}")
    return None


def do_objective(t: Table, cmd: Command) -> None:
    flow.complete_objective(t)


def legal_objective(t: Table) -> list[Command]:
    """The current Part's Objective, once it is met."""
    return [command("objective")] if flow.objective_met(t) else []


def check_minor_victory(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    if not flow.current_part(t).minor_victory:
        return R("LE-ACT-14", "no Minor Victory is offered now")
    if t.s.setup.get("traitor"):
        return R("LE-TRAITOR-08", "Traitor modes allow no Minor Victory")
    return None


def do_minor_victory(t: Table, cmd: Command) -> None:
    t.end_game("minor", "LE-ACT-15", "the team took the Minor Victory the Act offered")


def legal_minor_victory(t: Table) -> list[Command]:
    """A Minor Victory, when the Part offers one outside Traitor modes."""
    if flow.current_part(t).minor_victory and not t.s.setup.get("traitor"):
        return [command("minor-victory")]
    return []


def check_concede(t: Table, cmd: Command) -> Rejection | None:
    if t.s.result:
        return R("LE-GEN-03", f"the game is over ({t.s.result})")
    return None


def do_concede(t: Table, cmd: Command) -> None:
    """The players give the game up: everyone loses (a table's choice, never a rule's)."""
    t.end_game("loss:conceded", "", "the players gave the game up")


def legal_concede(t: Table) -> list[Command]:
    """Giving the game up, offered once the game has stalled or nobody has a card left
    (``stall.offered``); asked for, it is accepted at any time."""
    return [command("concede")] if stall.offered(t) else []


def check_end(t: Table, cmd: Command) -> Rejection | None:
    return gate(t, cmd)


def do_end(t: Table, cmd: Command) -> None:
    flow.end_action_phase(t)


END_CMD = command("end")


def legal_end(t: Table) -> tuple[Command]:
    """Ending the Action Phase is always possible in it."""
    return (END_CMD,)


def check_choose(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    over = R("LE-GEN-03", f"the game is over ({s.result})") if s.result else None
    return _check_choose(s.decision, over, cmd.seat, cmd.args[0] if len(cmd.args) == 1 else None,
                         no_decision_rule="LE-ABILITY-04", seat_rule="LE-ABILITY-04",
                         seat_name=t.player_name)


def do_choose(t: Table, cmd: Command) -> None:
    assert t.s.decision is not None
    t.answer(t.s.decision.seat, cmd.args[0])


def legal_choose(t: Table) -> Iterator[Command]:
    """Each option of the pending decision."""
    if not t.s.result:
        yield from legal_choices(t.s.decision)


OBJECTIVE = Action("objective", "objective: complete the current Part's Objective (you may wait)",
                   check_objective, do_objective, legal_objective)
MINOR_VICTORY = Action("minor-victory", "minor-victory: end the game now with a Minor Victory, when offered",
                       check_minor_victory, do_minor_victory, legal_minor_victory)
CONCEDE = Action("concede", "concede: the players give the game up (everyone loses); listed among the "
                 "legal moves once the game has stalled or nobody has a card left", check_concede,
                 do_concede, legal_concede)
END = Action("end", "end: end your Action Phase (then the Strike and Cleanup Phases run)",
             check_end, do_end, legal_end)
CHOOSE = Action("choose", "choose K: answer the pending decision with option K (0-based)",
                check_choose, do_choose, legal_choose, gated=False)
