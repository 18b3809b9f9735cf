"""The action registry: for each command verb, its check, its perform, its usage text and the
generator of its legal commands.

``check`` is the single judge of legality: it returns a Rejection naming the rule, or None.
``legal`` lists, from the state, exactly the commands of that verb that ``check`` accepts now
(a test holds the two together over fuzz games). Actions are registered explicitly, one line each,
in the ruleset's actions module.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.commands import Command, command
from engine.core.results import Decision, Rejection

T = TypeVar("T")
Check = Callable[[T, Command], "Rejection | None"]
Perform = Callable[[T, Command], None]
Legal = Callable[[T], Iterable[Command]]


@dataclass(frozen=True, slots=True)
class Action(Generic[T]):
    """One command verb: how it is checked, performed, written, and listed when legal."""

    verb: str
    usage: str
    check: Check[T]
    perform: Perform[T]
    legal: Legal[T]
    gated: bool = True  # listed only while the registry's gate is open


class ActionRegistry(Generic[T]):
    """The actions of one ruleset, by verb, in registration order.

    ``gate`` (optional) says whether the shared preconditions of the gated actions hold now, so
    their generators are not even asked when they do not; ``restrict`` (optional) filters what
    the gated generators list (restrictions a ruleset adds to every such command).
    """

    def __init__(self, gate: Callable[[T], bool] | None = None,
                 restrict: Callable[[T, list[Command]], list[Command]] | None = None) -> None:
        self._actions: dict[str, Action[T]] = {}
        self.gate = gate
        self.restrict = restrict
        self._gated: list[Legal[T]] = []
        self._ungated: list[Legal[T]] = []

    def add(self, verb: str, usage: str, check: Check[T], perform: Perform[T], legal: Legal[T], *,
            gated: bool = True) -> None:
        """Register one verb (once): its check, perform, usage text and legal-command generator."""
        self.add_action(Action(verb, usage, check, perform, legal, gated))

    def add_action(self, action: Action[T]) -> None:
        """Register one verb (once), declared as an ``Action``."""
        if action.verb in self._actions:
            raise ValueError(f"command {action.verb!r} is registered twice")
        self._actions[action.verb] = action
        (self._gated if action.gated else self._ungated).append(action.legal)

    def __getitem__(self, verb: str) -> Action[T]:
        return self._actions[verb]

    def __contains__(self, verb: object) -> bool:
        return verb in self._actions

    def __iter__(self) -> Iterator[str]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def get(self, verb: str) -> Action[T] | None:
        return self._actions.get(verb)

    def values(self) -> Iterable[Action[T]]:
        return self._actions.values()

    def unknown(self, verb: str) -> Rejection:
        """The rejection of a verb no action has (undo is the game's own command)."""
        known = ", ".join(sorted([*self._actions, "undo"]))
        return Rejection("COMMAND", f"unknown command {verb!r}; known: {known}")

    def legal(self, t: T) -> list[Command]:
        """Every legal command now, from each action's generator."""
        out: list[Command] = []
        if self.gate is None or self.gate(t):
            for legal in self._gated:
                out += legal(t)
            if self.restrict is not None and out:
                out = self.restrict(t, out)
        for legal in self._ungated:
            out += legal(t)
        return out


def check_choose(d: Decision | None, over: Rejection | None, seat: int | None, k: object, *,
                 no_decision_rule: str, seat_rule: str, seat_name: Callable[[int], str]) -> Rejection | None:
    """Why ``choose K`` by ``seat`` is refused now, or None: the game must go on (``over`` is the
    refusal once it ended), a decision must be pending, the deciding seat must answer (else
    ``seat_rule``), and K must name one of its options."""
    if over is not None:
        return over
    if d is None:
        return Rejection(no_decision_rule, "there is no decision to answer")
    if seat is not None and seat != d.seat:
        return Rejection(seat_rule, f"this choice is for {seat_name(d.seat)}, not {seat_name(seat)}")
    if not isinstance(k, int) or not 0 <= k < len(d.options):
        return Rejection(d.rule or no_decision_rule,
                         f"answer with 'choose K', K an option from 0 to {len(d.options) - 1}")
    return None


def legal_choices(d: Decision | None, seat: int | None = None) -> Iterator[Command]:
    """The answers to the pending decision, each naming the deciding seat when ``seat`` is set."""
    if d is not None:
        for k in range(len(d.options)):
            yield command("choose", (k,), seat)
