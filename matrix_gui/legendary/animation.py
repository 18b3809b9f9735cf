"""Animations of the Legendary table: the generic queue, with a card that travels beneath the Dock
(LE-CARD-21..23) gliding from position to position (``tablefacts.beneath_moves``)."""
from __future__ import annotations

from typing import Any

from engine.core.results import Event
from matrix_gui.animation import AnimationQueue, Step, group_events
from matrix_gui.legendary.tablefacts import beneath_dock, beneath_moves


class LegendaryAnimation(AnimationQueue):
    """The animation queue of a Legendary TableScene."""

    _before: dict[str, Any] | None = None  # the view the batch being queued starts from

    def enqueue(self, events: tuple[Event, ...], final_view: dict[str, Any]) -> None:
        before = self.batches[-1][1] if self.batches else self.final or self.scene.view
        self._before = before
        super().enqueue(events, final_view)

    def to_steps(self, events: tuple[Event, ...]) -> list[Step]:
        return group_events(beneath_moves(events, self._before))

    def _next_batch(self) -> None:
        if self.batches and beneath_dock(self.batches[0][1]) is not None:
            self.scene.open_lane()  # type: ignore[attr-defined]
        super()._next_batch()

    def _card_info(self, cid: int, dst: str) -> dict[str, Any]:
        """A card landing at a position beneath the Dock shows as the final view shows it."""
        if dst.startswith("beneath."):
            got = self.final_cards.get(cid)
            return dict(got[2]) if got is not None else {"hidden": True}
        return super()._card_info(cid, dst)
