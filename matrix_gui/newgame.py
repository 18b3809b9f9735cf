"""What the New Game dialog offers and what the player chose (plain data, no Qt, no ruleset).

A page lists its films (``TablePage.film_choices``) and starts a game from a ``NewGameChoice``
(``TablePage.new_game_from``); the dialog only shows the choices.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FilmChoice:
    """One entry of the New Game dialog's film list."""

    id: str
    name: str
    avatars: tuple[str, ...]
    card_dirs: tuple[str, ...] = ()


@dataclass
class NewGameChoice:
    """A new game as the player set it up (the seed None: a random one)."""

    ruleset: str
    film: str
    players: int
    avatars: list[str]
    seed: int | None
    curtain: bool | None = None  # Matrix Replay: hide the table between the seats (None: as before)
