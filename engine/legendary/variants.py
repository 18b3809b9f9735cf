"""The difficulty options (LE-VARIANT-02..09): what each is called and does, for setup and the
New Game dialog. The rules they change live where those rules are (setup, the Time Track)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

__all__ = ["VARIANTS", "Variant", "variant_problem"]


@dataclass(frozen=True)
class Variant:
    """One difficulty option. ``steps``: it may be chosen more than once, each time one more step."""

    id: str
    name: str
    side: Literal["easier", "harder"]
    rule: str
    text: str
    steps: bool = False


VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Variant("not_ready_to_be_unplugged", "Not Ready to be Unplugged", "easier", "LE-VARIANT-03",
            "One more Part of the System card in every mini-deck, per step.", steps=True),
    Variant("construct", "The Construct", "easier", "LE-VARIANT-04",
            "Every player starts with a prep turn (no Matrix Phase)."),
    Variant("dodge_bullets", "Trying to Tell Me I Can Dodge Bullets?", "easier", "LE-VARIANT-05",
            "Each Avatar's Health is raised by its Speed."),
    Variant("slowing_time", "Slowing Time", "easier", "LE-VARIANT-06",
            "Enemy strikes lower the Time Track by at most 1 in a turn."),
    Variant("smaller_system", "A Smaller System", "harder", "LE-VARIANT-07",
            "One fewer Part of the System card in every mini-deck, per step (never below 0).",
            steps=True),
    Variant("agents_are_coming", "The Agents are Coming", "harder", "LE-VARIANT-08",
            "The game starts with 3 face-down cards in the Matrix Row."),
    Variant("time_is_running_out", "Time is Running Out", "harder", "LE-VARIANT-09",
            "The Time Track starts at 7."),
)}


def variant_problem(chosen: list[str]) -> str | None:
    """Why this list of options cannot be played together, or None (LE-VARIANT-02: any number of
    options combine; an option with steps may repeat, any other is chosen once)."""
    for vid, n in Counter(chosen).items():
        v = VARIANTS.get(vid)
        if v is None:
            return f"LE-VARIANT-02: unknown variant {vid!r}"
        if n > 1 and not v.steps:
            return f"LE-VARIANT-02: {v.name} is chosen {n} times; it is one option"
    return None
