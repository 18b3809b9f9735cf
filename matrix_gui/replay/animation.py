"""Animations of the Matrix Replay table: the generic queue (card glides, Time pulses) plus the d10
rolls (a short tumble of random faces, then the rolled faces), the Mission Point pulse and a
contest's verdict banner."""
from __future__ import annotations

from engine.core.results import Event
from matrix_gui.animation import AnimationQueue, Step, group_events
from matrix_gui.replay.items import SIDE_HEX

DICE_MS = 720.0
VERDICT_MS = 650.0
MP_MS = 420.0
OWN_STEPS = {"dice_rolled": "dice", "contest_resolved": "verdict", "mp_changed": "mp"}


def replay_steps(events: tuple[Event, ...] | list[Event]) -> list[Step]:
    """The generic steps (moves, Time) with dice, verdict and Mission Point steps in their places."""
    steps: list[Step] = []
    run: list[Event] = []
    for ev in events:
        kind = OWN_STEPS.get(ev.kind)
        if kind is None:
            run.append(ev)
            continue
        steps.extend(group_events(run))
        run = []
        steps.append(Step(kind, [ev]))
    steps.extend(group_events(run))
    return steps


class ReplayAnimation(AnimationQueue):
    """The animation queue of a ReplayScene."""

    def to_steps(self, events: tuple[Event, ...]) -> list[Step]:
        return replay_steps(events)

    def _start_dice(self, step: Step) -> None:
        panel = self.scene.contest  # type: ignore[attr-defined]
        data = step.events[0].data
        if panel is None:
            self._next_step()
            return
        dice = [int(x) for x in data["dice"]]
        kind = str(data.get("contest", "")).capitalize()
        self._run(DICE_MS, lambda t: panel.tumble(kind, t, dice), lambda: None)

    def _start_verdict(self, step: Step) -> None:
        banner = self.scene.banner  # type: ignore[attr-defined]
        d = step.events[0].data
        h, m = d["totals"]
        win = d.get("winner")
        verdict = "a tie" if win == "tie" else f"{win.capitalize()} win it"
        text = f"{d['contest'].capitalize()}: Humans {h} – {m} Machines · {verdict}"
        colour = SIDE_HEX[0] if win == "humans" else SIDE_HEX[1] if win == "machines" else "#ffc84a"
        banner.show_text(text, colour)

        def tick(t: float) -> None:
            banner.setOpacity(min(1.0, 4 * t, 4 * (1 - t)))

        def done() -> None:
            banner.setVisible(False)
            banner.setOpacity(1.0)

        self._run(VERDICT_MS, tick, done)

    def _start_mp(self, step: Step) -> None:
        self._pulse(self.scene.mp_item, int(step.events[0].data["after"]), MP_MS)  # type: ignore[attr-defined]

    def finish_all(self) -> None:
        banner = getattr(self.scene, "banner", None)
        if banner is not None:
            banner.setVisible(False)
            banner.setOpacity(1.0)
        super().finish_all()
