"""The task runner: the flow of a turn as a stack of small resumable tasks.

A task is a plain dict (it is saved with the state) whose ``op`` names what runs it. The runner pops
the top task and calls its op; an op that needs a player's choice calls ``table.ask(task, ...)``,
which puts the task back and sets the pending decision. ``choose K`` stores ``answer = K`` in it and
the next run resumes it. This is the one suspend/resume protocol of every ruleset.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

Task = dict[str, Any]


class RunnableTable(Protocol):
    stack: list[Task]

    @property
    def s(self) -> Any: ...


T = TypeVar("T", bound=RunnableTable)
Op = Callable[[T, Task], None]


def take_answer(task: Task) -> int | None:
    """The answer a resumed task was given (None on its first run); forgets the question."""
    if "answer" not in task:
        return None
    task.pop("asked", None)
    return task.pop("answer")


class TaskRunner(Generic[T]):
    """The ops of one ruleset by name, and the loop that works its task stack."""

    def __init__(self) -> None:
        self.ops: dict[str, Op[T]] = {}

    def op(self, name: str) -> Callable[[Op[T]], Op[T]]:
        """Register the function that runs tasks of this ``op``."""
        def deco(fn: Op[T]) -> Op[T]:
            self.add(name, fn)
            return fn
        return deco

    def add(self, name: str, fn: Op[T]) -> None:
        if name in self.ops:
            raise ValueError(f"task op {name!r} is registered twice")
        self.ops[name] = fn

    def run(self, t: T) -> None:
        """Run tasks until the stack is empty, a decision is pending or the game is over."""
        s = t.s
        stack = t.stack
        ops = self.ops
        while stack and s.decision is None and not s.result:
            task = stack.pop()
            ops[task["op"]](t, task)

