"""Animations of the Expedition table: the generic queue glides each chit drawn from a cup, moved
or returned (the engine's ``chit_*`` events as card moves), and the Explorer walks to its new slot."""
from __future__ import annotations

from PySide6.QtCore import QPointF

from engine.core.results import Event
from matrix_gui.animation import AnimationQueue, Step, group_events

WALK_MS = 260.0
CHIT_EVENTS = ("chit_drawn", "chit_moved", "chit_returned")


def as_move(ev: Event) -> Event:
    """A chit event as the generic queue's card move (a draw comes out of its cup)."""
    d = ev.data
    src = f"cup.{d['pool']}" if ev.kind == "chit_drawn" else d["src"]
    return Event("card_moved", {"card": d["chit"], "src": src, "dst": d["dst"]}, ev.text)


def expedition_steps(events: tuple[Event, ...] | list[Event]) -> list[Step]:
    """The chit moves and the Explorer's walk, in order; a turn's start and a decision pause."""
    steps: list[Step] = []
    run: list[Event] = []
    for ev in events:
        if ev.kind in CHIT_EVENTS:
            run.append(as_move(ev))
            continue
        if ev.kind in ("explorer_moved", "turn_started", "decision"):
            steps.extend(group_events(run))
            run = []
            steps.append(Step("walk" if ev.kind == "explorer_moved" else "pause", [ev]))
    steps.extend(group_events(run))
    return steps


class ExpeditionAnimation(AnimationQueue):
    """The animation queue of an ExpeditionScene."""

    def to_steps(self, events: tuple[Event, ...]) -> list[Step]:
        return expedition_steps(events)

    def _start_walk(self, step: Step) -> None:
        sc = self.scene
        d = step.events[0].data
        seat = int(d["seat"])
        ex = sc.explorers.get(seat)  # type: ignore[attr-defined]
        lay = sc.layout
        if ex is None or lay is None or seat not in lay.boards:
            self._next_step()
            return
        b = lay.boards[seat]

        def spot(slot: list[int]) -> QPointF:
            x, y = b.slot_xy(int(slot[0]), int(slot[1]))
            return QPointF(x + b.slot - ex.w - b.slot * 0.04, y + b.slot - ex.h - b.slot * 0.03)

        a, z = spot(d["frm"]), spot(d["to"])
        ex.setPos(a)

        def tick(t: float) -> None:
            ex.setPos(a + (z - a) * t)

        self._run(WALK_MS, tick, lambda: ex.setPos(z))
