"""The Matrix Replay table: a two-seat hot-seat playmat with secret hands and a hand-off curtain.

``page.ReplayPage`` is the page (HUD, view, curtain) and its controller; ``scene``/``layout``/
``items``/``faces`` draw one seat's view; ``intents`` maps gestures to engine commands; ``animation``
adds the dice to the generic animation queue. The engine (``engine.replay``) owns every rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.replay.game import ReplayGame

RULESET = "replay"


def new_game(seed: int, seats: list[str] | None = None) -> ReplayGame:
    """A new game with the shipped cards, ``seats`` saying who plays each side (None: two people;
    raises SetupError or CardLoadError)."""
    from engine.replay.game import ReplayGame
    from engine.replay.setup import ReplaySetup

    return ReplayGame.new(ReplaySetup(seed=seed, seats=list(seats or [])))
