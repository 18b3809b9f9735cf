"""What an Act module declares: one ``ActRules`` object holding the rules its card data cannot say.

Card data names these rules: ``{ verb = "hook", name = N }`` runs the effect N; an Objective of
``type = "hook"`` and a Challenge's ``condition_hook`` ask the query N. The card loader refuses a
card that names an effect or query no Act declares.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary.table import Table

Effect = Callable[[Table, dict[str, Any]], None]  # changes the state; gets its task (src, seat, answer)
Query = Callable[[Table], bool]  # a yes/no question about the state; changes nothing
Check = Callable[[Table, Command], Rejection | None]
Perform = Callable[[Table, Command], None]
# Before a player is defeated (seat, the card that defeated them or None); True: the rule replaced
# the defeat (the player stays in the game).
DefeatHook = Callable[[Table, int, int | None], bool]
# Whether a strike against a seat from a card is skipped entirely (seat, the striking card).
SpareHook = Callable[[Table, int, int], bool]
# After an Act instruction clears the Matrix Deck: the cards it held, top first.
ClearedHook = Callable[[Table, list[int]], None]
# Why a seat may not defeat an Enemy now, by any means (seat, the Enemy), or None.
DefeatVeto = Callable[[Table, int, int], Rejection | None]


@dataclass(frozen=True)
class ActCommand:
    """A command only an Act brings. Its check runs after the shared preconditions (game not
    over, no decision pending, the active player, the Action Phase)."""

    verb: str
    usage: str
    check: Check
    perform: Perform
    candidates: Callable[[Table], Iterable[Command]]  # the commands of this verb worth checking now


@dataclass(frozen=True)
class Restriction:
    """A limit an Act puts on the Action Phase commands while the Act facts it guards are in force.

    ``in_force`` is asked once per list of legal commands (and before each check), so that the
    common case, a limit not in force, costs one call per list instead of one per command.
    ``check`` returns the Rejection of a command the limit forbids, or None.
    """

    in_force: Query
    check: Check


@dataclass(frozen=True)
class Hint:
    """What works toward a query's "yes", for bots that cannot read Python: card ids to defeat or
    complete, decks worth recruiting from, and the Act's commands worth using whenever legal."""

    cards: frozenset[str] = frozenset()
    recruit: frozenset[str] = frozenset()
    commands: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ActRules:
    """One Act's rules beyond its card data.

    ``restrictions`` run on every command after the shared preconditions, while the Act facts
    each one guards (``State.mods``) are in force.
    """

    story: str  # the Act cards' ``story``
    effects: Mapping[str, Effect] = field(default_factory=dict)
    queries: Mapping[str, Query] = field(default_factory=dict)
    restrictions: tuple[Restriction, ...] = ()
    commands: tuple[ActCommand, ...] = ()
    hints: Mapping[str, Hint] = field(default_factory=dict)  # by query name
    on_defeat: DefeatHook | None = None
    spares: SpareHook | None = None
    on_cleared: ClearedHook | None = None
    forbids_defeat: DefeatVeto | None = None
