"""The working context of one command, shared by every ruleset.

A ``BaseTable`` bundles the card database, the state being changed, the events produced so far and
the task stack of the flow. It holds the low-level moves every ruleset needs: emitting events,
moving cards between piles, shuffling and drawing numbers from the seeded RNG, scheduling tasks,
and suspending a task on a decision (``ask``) that ``choose K`` answers (``answer``). A ruleset's
``Table`` derives from it and adds its own rules (damage, the Time Track, contests...).
"""
from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.core import rng
from engine.core.commands import Command
from engine.core.results import Decision, Event

Task = dict[str, Any]


class TableState(Protocol):
    """What ``BaseTable`` needs of a ruleset's state."""

    defs: list[str]
    piles: dict[str, list[int]]
    rng: Any
    decision: Decision | None
    result: str


DB = TypeVar("DB")
S = TypeVar("S", bound=TableState)


class BaseTable(Generic[DB, S]):
    """The card database, the state being changed, its task stack and the events so far."""

    __slots__ = ("db", "s", "events", "stack")

    # The state field that holds the task stack (last item runs first).
    STACK_FIELD: ClassVar[str] = "stack"

    def __init__(self, db: DB, s: S) -> None:
        self.db = db
        self.s = s
        self.events: list[Event] = []
        self.stack: list[Task] = getattr(s, self.STACK_FIELD)

    # --- what a ruleset supplies ------------------------------------------------------------------

    def acting_seat(self) -> int | None:
        """Who must act now (None when the game is over or nobody may act)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """A seat's name in messages."""
        raise NotImplementedError

    def decided_text(self, seat: int, option: int) -> str:
        """The log line of ``seat`` answering the pending decision with ``option``."""
        assert self.s.decision is not None
        return f"{self.seat_name(seat)} chooses: {self.s.decision.options[option]}"

    def decision_data(self, d: Decision) -> dict[str, Any]:
        """The data of the ``decision`` event (rulesets hide what not every seat may see)."""
        return {"seat": d.seat, "options": list(d.options), "rule": d.rule}

    # --- looking things up ------------------------------------------------------------------------

    def card(self, cid: int) -> Any:
        return self.db.cards[self.s.defs[cid]]  # type: ignore[attr-defined]

    def name(self, cid: int) -> str:
        return self.card(cid).name

    def command_seat(self, cmd: Command) -> int | None:
        """Who issues ``cmd``: its ``@SEAT``, else whoever must act now."""
        return cmd.seat if cmd.seat is not None else self.acting_seat()

    # --- events, piles, chance --------------------------------------------------------------------

    def emit(self, kind: str, text: str = "", **data: Any) -> None:
        self.events.append(Event(kind, data, text))

    def take(self, cid: int, src: str, dst: str, *, bottom: bool = False) -> None:
        """Move one card between piles (to the top unless ``bottom``), without an event."""
        self.s.piles[src].remove(cid)
        if bottom:
            self.s.piles[dst].insert(0, cid)
        else:
            self.s.piles[dst].append(cid)

    def shuffle_pile(self, pile: str) -> None:
        """Shuffle a pile with the game's seeded RNG (the caller says what happened)."""
        self.s.rng = rng.shuffle(self.s.rng, self.s.piles[pile])

    def deck_ready(self, seat: int, deck: str, discard: str) -> bool:
        """Whether ``deck`` has a card to draw; an empty deck first takes the shuffled ``discard``
        pile (``reshuffled`` then says so). False when both are empty."""
        piles = self.s.piles
        if piles[deck]:
            return True
        if not piles[discard]:
            return False
        cards = piles[discard]
        piles[deck], piles[discard] = cards, []
        self.shuffle_pile(deck)
        self.reshuffled(seat, cards)
        return True

    def reshuffled(self, seat: int, cards: list[int]) -> None:
        """``seat``'s discard pile (``cards``) has just become their shuffled deck."""

    def below(self, n: int) -> int:
        """A seeded random number in 0..n-1."""
        self.s.rng, x = rng.below(self.s.rng, n)
        return x

    # --- tasks and decisions ------------------------------------------------------------------------

    def push(self, *tasks: Task) -> None:
        """Schedule tasks to run in the given order (before anything already scheduled)."""
        self.stack.extend(reversed(tasks))

    def ask(self, task: Task, seat: int, prompt: str, options: list[str] | tuple[str, ...],
            rule: str = "", kind: str = "") -> None:
        """Suspend ``task`` on a decision: it goes back on the stack, and ``choose K`` resumes it
        with ``task['answer'] = K`` (see ``answer``)."""
        task["asked"] = True
        self.stack.append(task)
        d = Decision(seat, prompt, tuple(options), rule, kind)
        self.s.decision = d
        self.emit("decision", prompt, **self.decision_data(d))

    def answer(self, seat: int, option: int) -> None:
        """Answer the pending decision: the suspended task resumes with ``answer`` set."""
        self.emit("decided", self.decided_text(seat, option), seat=seat, option=option)
        self.stack[-1]["answer"] = option
        self.s.decision = None
