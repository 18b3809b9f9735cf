"""The animation queue: plays each accepted command's events in order on the table.

Moves glide (~230 ms), consecutive moves of one kind (a draw, the push cascade into the Combat Zone)
fly together with a small stagger, reveals and Act changes flip as a horizontal scale, Time Track
changes pulse. Input waits while cards move; with "skip animations" a batch just redraws the view.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QVariantAnimation, Signal
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem

from engine.core.results import Event
from matrix_gui.items import CardItem, ValueItem
from matrix_gui.keyedscene import KeyedScene, ident
from matrix_gui.layout import STACK

MOVE_MS = 230.0
FLIP_MS = 260.0
PULSE_MS = 320.0
STAGGER_MS = 45.0
def _family(pile: str) -> str:
    return "row" if pile.startswith("row.") or pile == "combat" else pile


@dataclass
class Step:
    kind: str  # "moves", "flip", "act", "time", "pause"
    events: list[Event] = field(default_factory=list)


def group_events(events: tuple[Event, ...] | list[Event]) -> list[Step]:
    """Group a batch's events into animation steps (consecutive like moves fly together)."""
    steps: list[Step] = []
    for ev in events:
        if ev.kind == "card_moved":
            last = steps[-1] if steps else None
            if last is not None and last.kind == "moves":
                first = last.events[0].data
                d = ev.data
                same = (first["src"], first["dst"]) == (d["src"], d["dst"]) or (
                    _family(first["src"]) == _family(d["src"]) == _family(d["dst"]) == "row")
                if same and all(e.data["card"] != d["card"] for e in last.events):
                    last.events.append(ev)
                    continue
            steps.append(Step("moves", [ev]))
        elif ev.kind == "card_revealed":
            steps.append(Step("flip", [ev]))
        elif ev.kind == "act_advanced":
            steps.append(Step("act", [ev]))
        elif ev.kind == "time_changed":
            steps.append(Step("time", [ev]))
        elif ev.kind in ("strike_drawn", "decision"):
            steps.append(Step("pause", [ev]))
    return steps


def flip_transform(item: QGraphicsItem, s: float, w: float) -> None:
    """Scale an item horizontally about its centre (a card flip)."""
    cx = w / 2
    item.setTransform(QTransform().translate(cx, 0).scale(max(s, 0.001), 1).translate(-cx, 0))


class AnimationQueue(QObject):
    """Plays event batches in order on a table scene."""

    batch_started = Signal()
    idle = Signal()
    frame = Signal()  # one animation frame (used by the frame benchmark)

    def __init__(self, scene: KeyedScene, speed: Callable[[], float], skip: Callable[[], bool]) -> None:
        super().__init__()
        self.scene = scene
        self.speed = speed
        self.skip = skip
        self.batches: deque[tuple[list[Step], dict[str, Any]]] = deque()
        self.steps: deque[Step] = deque()
        self.final: dict[str, Any] | None = None
        self.anim: QVariantAnimation | None = None
        self._tick: Callable[[float], None] = lambda t: None
        self._done: Callable[[], None] = lambda: None
        self.ghosts: list[CardItem] = []

    @property
    def busy(self) -> bool:
        return self.final is not None or bool(self.batches)

    def enqueue(self, events: tuple[Event, ...], final_view: dict[str, Any]) -> None:
        """Queue one command's events; ``final_view`` is the table after them."""
        if self.skip() and not self.busy:
            self.scene.set_view(final_view)
            self.idle.emit()
            return
        self.batches.append((self.to_steps(events), final_view))
        if self.final is None:
            self._next_batch()

    def to_steps(self, events: tuple[Event, ...]) -> list[Step]:
        """A batch's events as animation steps."""
        return group_events(events)

    def finish_all(self) -> None:
        """Jump to the end of everything queued (skip pressed, window closing, tests)."""
        if self.anim is not None:
            self.anim.stop()
            self.anim = None
        self._clear_ghosts()
        last = self.final
        while self.batches:
            last = self.batches.popleft()[1]
        self.steps.clear()
        self.final = None
        if last is not None:
            self.scene.set_view(last)
            self.idle.emit()

    # --- batches and steps ------------------------------------------------------------------------------

    def _next_batch(self) -> None:
        if not self.batches:
            self.final = None
            self.idle.emit()
            return
        steps, final = self.batches.popleft()
        self.final = final
        self.steps = deque(steps)
        self.final_cards: dict[int, tuple[str, int, dict[str, Any]]] = {}
        self.final_piles: dict[str, dict[str, Any]] = final["piles"]
        for name, pile in final["piles"].items():
            for i, c in enumerate(pile.get("cards", ())):
                if "id" in c:
                    self.final_cards[c["id"]] = (name, i, c)
        self.batch_started.emit()
        if self.skip():
            self._end_batch()
            return
        self._next_step()

    def _end_batch(self) -> None:
        self._clear_ghosts()
        assert self.final is not None
        self.scene.set_view(self.final)
        self.final = None
        self._next_batch()

    def _next_step(self) -> None:
        if self.skip():
            self.steps.clear()
        if not self.steps:
            self._end_batch()
            return
        step = self.steps.popleft()
        getattr(self, f"_start_{step.kind}")(step)

    def _run(self, ms: float, tick: Callable[[float], None], done: Callable[[], None]) -> None:
        ms = max(1.0, ms / max(self.speed(), 0.05))
        self._tick, self._done = tick, done
        a = QVariantAnimation(self)
        a.setStartValue(0.0)
        a.setEndValue(1.0)
        a.setDuration(int(ms))
        a.valueChanged.connect(self._on_value)
        a.finished.connect(self._on_finished)
        self.anim = a
        a.start()

    def _on_value(self, v: float) -> None:
        self._tick(float(v))
        self.frame.emit()

    def _on_finished(self) -> None:
        self.anim = None
        done = self._done
        self._done = lambda: None
        done()
        self._next_step()

    # --- moves ------------------------------------------------------------------------------------------

    def _card_info(self, cid: int, dst: str) -> dict[str, Any]:
        """How a card that moves to ``dst`` lands: face down in a pile whose cards the final view
        does not show (only its count: a deck, the Matrix Deck...), else as the final view shows it."""
        if "cards" not in self.final_piles.get(dst, {}):
            return {"hidden": True}
        got = self.final_cards.get(cid)
        return dict(got[2]) if got is not None else {"hidden": True}

    def _start_moves(self, step: Step) -> None:
        sc = self.scene
        flights: list[tuple[CardItem, QRectF, QRectF, dict, float, tuple]] = []
        touched: set[str] = set()
        for ev in step.events:
            d = ev.data
            src, dst, cid = d["src"], d["dst"], d["card"]
            if src not in sc.display or dst not in sc.display:
                continue
            cards = sc.display[src]
            idx = next((i for i, c in enumerate(cards) if c.get("id") == cid), None)
            if idx is None:
                idx = len(cards) - 1 if cards else None
            start = sc.slot_rect(src, idx) if idx is not None else sc.slot_rect(src)
            old = cards.pop(idx) if idx is not None else {"hidden": True}
            start = sc.drag_origin.pop(("card", cid), start)
            new = self._card_info(cid, dst)
            sc.display[dst].append(new)
            new_idt = ident(dst, len(sc.display[dst]) - 1, new)
            sc.hidden_idents.add(new_idt)
            end = sc.slot_rect(dst, len(sc.display[dst]) - 1)
            touched.update((src, dst))
            src_area = sc.areas[src].area if src in sc.areas else None
            back = src_area.back if src_area else "hero"
            ghost = CardItem(("ghost", cid), old, src, start.width() / 100.0, back)
            ghost.setZValue(200 + len(flights))
            ghost.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # resized every frame: no cache to refill
            ghost.setPos(start.topLeft())
            sc.addItem(ghost)
            self.ghosts.append(ghost)
            flights.append((ghost, start, end, new, len(flights) * STAGGER_MS, new_idt))
        for name in touched:
            sc.layout_pile(name)
        if not flights:
            self._next_step()
            return
        total = MOVE_MS + STAGGER_MS * (len(flights) - 1)

        def tick(t: float) -> None:
            now = t * total
            for ghost, a, b, new, delay, _ in flights:
                u = min(max((now - delay) / MOVE_MS, 0.0), 1.0)
                u = QEasingCurve(QEasingCurve.Type.OutCubic).valueForProgress(u)
                x = a.x() + (b.x() - a.x()) * u
                y = a.y() + (b.y() - a.y()) * u
                ghost.setPos(QPointF(x, y))
                ghost.set_size(a.width() + (b.width() - a.width()) * u,
                               a.height() + (b.height() - a.height()) * u)
                flip = ghost.face_up != (not new.get("hidden"))
                if flip:
                    s = abs(1 - 2 * u)
                    if u >= 0.5 and ghost.info is not new:
                        ghost.info = new
                        ghost.back = sc.areas[ghost.pile].area.back if ghost.pile in sc.areas else ghost.back
                    flip_transform(ghost, s, ghost.w)
                elif ghost.info is new:
                    flip_transform(ghost, abs(1 - 2 * u), ghost.w)
                ghost.update()

        def done() -> None:
            for _, _, _, _, _, idt in flights:
                sc.hidden_idents.discard(idt)
            self._clear_ghosts()
            for name in touched:
                sc.layout_pile(name)

        self._run(total, tick, done)

    def _clear_ghosts(self) -> None:
        for g in self.ghosts:
            if g.scene() is not None:
                g.scene().removeItem(g)
        self.ghosts.clear()
        self.scene.hidden_idents.clear()

    # --- flips, Acts, the Time Track, pauses -------------------------------------------------------------

    def _start_flip(self, step: Step) -> None:
        sc = self.scene
        cid = step.events[0].data["card"]
        got = self.final_cards.get(cid)
        if got is None:
            self._next_step()
            return
        pile, _, info = got
        cards = sc.display.get(pile, [])
        idx = next((i for i, c in enumerate(cards) if c.get("hidden")), None)
        if idx is None:
            self._next_step()
            return
        item = sc.cards.get(ident(pile, idx, cards[idx]))
        state = {"swapped": False, "item": item}

        def tick(t: float) -> None:
            if t >= 0.5 and not state["swapped"]:
                cards[idx] = dict(info)
                sc.layout_pile(pile)
                state["item"] = sc.cards.get(("card", cid))
                state["swapped"] = True
            it = state["item"]
            if it is not None:
                flip_transform(it, abs(1 - 2 * t), it.w)

        def done() -> None:
            it = state["item"]
            if it is not None:
                it.setTransform(QTransform())

        self._run(FLIP_MS, tick, done)

    def _start_act(self, step: Step) -> None:
        sc = self.scene
        item = sc.areas.get("acts")
        assert self.final is not None
        final_acts = list(self.final["piles"]["acts"].get("cards", []))
        if item is None:
            self._next_step()
            return
        state = {"swapped": False}

        def tick(t: float) -> None:
            if t >= 0.5 and not state["swapped"]:
                sc.display["acts"] = final_acts
                sc.layout_pile("acts")
                state["swapped"] = True
            flip_transform(item, abs(1 - 2 * t), item.area.card_w)

        self._run(FLIP_MS * 1.4, tick, lambda: item.setTransform(QTransform()))

    def _start_time(self, step: Step) -> None:
        self._pulse(self.scene.time_item, int(step.events[0].data["after"]), PULSE_MS)

    def _pulse(self, item: ValueItem | None, after: int, ms: float) -> None:
        """A number changing: the item glows up and down, showing ``after`` from 30% of the way."""
        if item is None:
            self._next_step()
            return

        def tick(t: float) -> None:
            if t >= 0.3:
                item.set_value(after)
            item.pulse = 1 - abs(1 - 2 * t)
            item.update()

        def done() -> None:
            item.pulse = 0.0
            item.update()

        self._run(ms, tick, done)

    def _start_pause(self, step: Step) -> None:
        self._run(140.0, lambda t: None, lambda: None)


__all__ = ["AnimationQueue", "STACK", "group_events"]
