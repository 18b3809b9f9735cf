"""What an Act module declares: one ``ActRules`` object holding the rules its card data cannot say;
and the ``Registry`` of every Act's rules by name, which the card database carries
(``CardDB.acts``) so that general rules reach an Act's rules through the table they are given
(``t.db.acts``), never by importing the Act modules.

Card data names these rules: ``{ verb = "hook", name = N }`` runs the effect N; an Objective of
``type = "hook"`` and a Challenge's ``condition_hook`` ask the query N. The card loader refuses a
card that names an effect or query no Act declares.

Every rule takes the Legendary ``Table`` (``engine/legendary/table.py``) first; it is the type
parameter ``T`` here, so that this module, which the card database imports, imports no rule.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.core.commands import Command
from engine.core.results import Rejection

T = TypeVar("T")  # the Legendary Table
Effect = Callable[[T, dict[str, Any]], None]  # changes the state; gets its task (src, seat, answer)
Query = Callable[[T], bool]  # a yes/no question about the state; changes nothing
Check = Callable[[T, Command], Rejection | None]
Perform = Callable[[T, Command], None]
# Before a player is defeated (seat, the card that defeated them or None); True: the rule replaced
# the defeat (the player stays in the game).
DefeatHook = Callable[[T, int, int | None], bool]
# Whether a strike against a seat from a card is skipped entirely (seat, the striking card).
SpareHook = Callable[[T, int, int], bool]
# After an Act instruction clears the Matrix Deck: the cards it held, top first.
ClearedHook = Callable[[T, list[int]], None]
# Why a seat may not defeat an Enemy now, by any means (seat, the Enemy), or None.
DefeatVeto = Callable[[T, int, int], Rejection | None]


@dataclass(frozen=True)
class ActCommand(Generic[T]):
    """A command only an Act brings. Its check runs after the shared preconditions (game not
    over, no decision pending, the active player, the Action Phase)."""

    verb: str
    usage: str
    check: Check[T]
    perform: Perform[T]
    candidates: Callable[[T], Iterable[Command]]  # the commands of this verb worth checking now


@dataclass(frozen=True)
class Restriction(Generic[T]):
    """A limit an Act puts on the Action Phase commands while the Act facts it guards are in force.

    ``in_force`` is asked once per list of legal commands (and before each check), so that the
    common case, a limit not in force, costs one call per list instead of one per command.
    ``check`` returns the Rejection of a command the limit forbids, or None.
    """

    in_force: Query[T]
    check: Check[T]


@dataclass(frozen=True)
class Hint:
    """What works toward a query's "yes", for bots that cannot read Python: card ids to defeat or
    complete, decks worth recruiting from, and the Act's commands worth using whenever legal."""

    cards: frozenset[str] = frozenset()
    recruit: frozenset[str] = frozenset()
    commands: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ActRules(Generic[T]):
    """One Act's rules beyond its card data.

    ``restrictions`` run on every command after the shared preconditions, while the Act facts
    each one guards (``State.mods``) are in force.
    """

    story: str  # the Act cards' ``story``
    effects: Mapping[str, Effect[T]] = field(default_factory=dict)
    queries: Mapping[str, Query[T]] = field(default_factory=dict)
    restrictions: tuple[Restriction[T], ...] = ()
    commands: tuple[ActCommand[T], ...] = ()
    hints: Mapping[str, Hint] = field(default_factory=dict)  # by query name
    on_defeat: DefeatHook[T] | None = None
    spares: SpareHook[T] | None = None
    on_cleared: ClearedHook[T] | None = None
    forbids_defeat: DefeatVeto[T] | None = None


@dataclass(frozen=True, eq=False)
class Registry(Generic[T]):
    """Every Act's rules, with their effects, queries and commands by name (names are unique).
    Compared by identity: the commands of a game are built once per registry."""

    acts: tuple[ActRules[T], ...]
    effects: dict[str, Effect[T]]
    queries: dict[str, Query[T]]
    restrictions: tuple[Restriction[T], ...]
    commands: dict[str, ActCommand[T]]
    hints: dict[str, Hint]
    defeat_hooks: tuple[DefeatHook[T], ...] = ()
    spare_hooks: tuple[SpareHook[T], ...] = ()
    cleared_hooks: tuple[ClearedHook[T], ...] = ()
    defeat_vetoes: tuple[DefeatVeto[T], ...] = ()

    @classmethod
    def of(cls, acts: tuple[ActRules[T], ...]) -> Registry[T]:
        effects: dict[str, Effect[T]] = {}
        queries: dict[str, Query[T]] = {}
        commands: dict[str, ActCommand[T]] = {}
        hints: dict[str, Hint] = {}
        for act in acts:
            for kind, into, items in (("effect", effects, act.effects), ("query", queries, act.queries),
                                      ("command", commands, {c.verb: c for c in act.commands}),
                                      ("hint", hints, act.hints)):
                for name, item in items.items():
                    if name in into:
                        raise ValueError(f"Act {act.story!r} declares the {kind} {name!r} a second time")
                    into[name] = item  # type: ignore[index]
        restrictions = tuple(r for act in acts for r in act.restrictions)
        defeat_hooks = tuple(act.on_defeat for act in acts if act.on_defeat is not None)
        spare_hooks = tuple(act.spares for act in acts if act.spares is not None)
        cleared_hooks = tuple(act.on_cleared for act in acts if act.on_cleared is not None)
        vetoes = tuple(act.forbids_defeat for act in acts if act.forbids_defeat is not None)
        return cls(acts, effects, queries, restrictions, commands, hints, defeat_hooks, spare_hooks,
                   cleared_hooks, vetoes)

    def effect(self, name: str) -> Effect[T]:
        return self.effects[name]

    def query(self, name: str) -> Query[T]:
        return self.queries[name]

    def defeat_forbidden(self, t: T, seat: int, cid: int) -> Rejection | None:
        """Why ``seat`` may not defeat the Enemy ``cid`` now, by a fight or an effect, or None."""
        for veto in self.defeat_vetoes:
            if (no := veto(t, seat, cid)) is not None:
                return no
        return None
