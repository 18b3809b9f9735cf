"""The Act modules, one per Act, listed explicitly; ``registry()`` gathers what they declare.

General rules reach Act rules only through ``registry()``, by the names card data uses. The
registry is built on first use, so general modules may import this package at load time while the
Act modules import them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.results import Rejection
from engine.legendary.acts.base import (
    ActCommand,
    ActRules,
    ClearedHook,
    DefeatHook,
    DefeatVeto,
    Effect,
    Hint,
    Query,
    Restriction,
    SpareHook,
)
from engine.legendary.table import Table

__all__ = ["ActCommand", "ActRules", "Hint", "Registry", "Restriction", "registry"]


@dataclass(frozen=True)
class Registry:
    """Every Act's rules, with their effects, queries and commands by name (names are unique)."""

    acts: tuple[ActRules, ...]
    effects: dict[str, Effect]
    queries: dict[str, Query]
    restrictions: tuple[Restriction, ...]
    commands: dict[str, ActCommand]
    hints: dict[str, Hint]
    defeat_hooks: tuple[DefeatHook, ...] = ()
    spare_hooks: tuple[SpareHook, ...] = ()
    cleared_hooks: tuple[ClearedHook, ...] = ()
    defeat_vetoes: tuple[DefeatVeto, ...] = ()

    @classmethod
    def of(cls, acts: tuple[ActRules, ...]) -> Registry:
        effects: dict[str, Effect] = {}
        queries: dict[str, Query] = {}
        commands: dict[str, ActCommand] = {}
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

    def effect(self, name: str) -> Effect:
        return self.effects[name]

    def query(self, name: str) -> Query:
        return self.queries[name]

    def defeat_forbidden(self, t: Table, seat: int, cid: int) -> Rejection | None:
        """Why ``seat`` may not defeat the Enemy ``cid`` now, by a fight or an effect, or None."""
        for veto in self.defeat_vetoes:
            if (no := veto(t, seat, cid)) is not None:
                return no
        return None


@cache
def registry() -> Registry:
    """The shipped Acts' rules, and the Traitor modes' (declared the same way). A new Act: add its
    module here."""
    from engine.legendary import traitor
    from engine.legendary.acts import (
        club_hel,
        everything_that_has_a_beginning,
        free_the_keymaker,
        he_is_the_one,
        know_thyself,
        the_battle_of_zion,
        the_oracles_call,
        the_source,
        what_is_the_matrix,
    )

    return Registry.of((
        what_is_the_matrix.ACT,
        know_thyself.ACT,
        he_is_the_one.ACT,
        the_oracles_call.ACT,
        free_the_keymaker.ACT,
        the_source.ACT,
        club_hel.ACT,
        the_battle_of_zion.ACT,
        everything_that_has_a_beginning.ACT,
        traitor.RULES,
    ))
