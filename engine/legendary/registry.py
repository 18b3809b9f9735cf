"""The Legendary commands of a game (``actions_for``): the general verbs, each declared once as an
``Action`` (``engine/legendary/actions/``: its usage text, check, perform and legal-command
generator), then the commands of the game's Acts (``ActCommand``, ``engine/legendary/acts/``).

A generator lists, from the state, exactly the commands of its verb that the check accepts now:
it walks only what could be used (the hand, the Dock, the Row, what Attack and Recruit afford)
instead of trying every candidate. ``check`` stays the single judge; the fuzz tests hold the
generated lists equal to the checked ones.
"""
from __future__ import annotations

from functools import cache

from engine.core.actions import Action, ActionRegistry
from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary.actions import GENERAL, common
from engine.legendary.actrules import ActCommand, Registry
from engine.legendary.acts import registry
from engine.legendary.table import Table


def act_action(cmd: ActCommand[Table]) -> Action[Table]:
    """The ``Action`` of a command an Act brings: checked after the shared preconditions, listed
    when its candidates pass that check."""
    def check(t: Table, c: Command) -> Rejection | None:
        return common.gate(t, c) or cmd.check(t, c)

    def legal(t: Table) -> list[Command]:
        return [c for c in cmd.candidates(t) if cmd.check(t, c) is None]

    return Action(cmd.verb, cmd.usage, check, cmd.perform, legal)


@cache
def actions_for(acts: Registry[Table]) -> ActionRegistry[Table]:
    """The commands of a game whose cards are bound to ``acts`` (``CardDB.acts``): the general verbs,
    then each Act's own."""
    actions: ActionRegistry[Table] = ActionRegistry(common.is_open, common.restrict)
    for action in (*GENERAL, *map(act_action, acts.commands.values())):
        actions.add_action(action)
    return actions


ACTIONS = actions_for(registry())  # the commands over the shipped Acts
