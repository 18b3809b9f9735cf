"""What the New Game dialog offers and what the player chose (plain data, no Qt, no ruleset).

A page lists its films (``TablePage.film_choices``) and starts a game from a ``NewGameChoice``
(``TablePage.new_game_from``); the dialog only shows the choices.
"""
from __future__ import annotations

from dataclasses import dataclass, field

STORY = "story"  # the film list's entry for Make Your Own Stories
# Who may play a seat, as the dialog offers it: (engine.core.seats kind, name).
SEAT_CHOICES = (("human", "Person"), ("heuristic", "Bot"), ("random", "Bot (random moves)"))
# A Legendary seat may also be played by the bot that looks ahead (engine/legendary/bots/search_bot.py).
LEGENDARY_SEAT_CHOICES = (*SEAT_CHOICES, ("search", "Bot (looks ahead)"))


@dataclass(frozen=True)
class FilmChoice:
    """One entry of the New Game dialog's film list."""

    id: str
    name: str
    avatars: tuple[str, ...]
    card_dirs: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionChoice:
    """One difficulty option the dialog offers (``steps``: it may be taken several times)."""

    id: str
    name: str
    side: str  # "easier" or "harder"
    text: str
    steps: bool = False


@dataclass(frozen=True)
class StoryChoices:
    """What a story of the players' own may be built from, as (id, name) pairs: the Acts of each
    slot, the Hero Groups (Extra groups last); and the difficulty options."""

    acts: tuple[tuple[tuple[str, str], ...], ...] = ((), (), ())
    groups: tuple[tuple[str, str], ...] = ()
    options: tuple[OptionChoice, ...] = ()
    traitor_modes: tuple[tuple[str, str], ...] = ()  # (id, name), for 3-5 players


@dataclass(frozen=True)
class SheetChoices:
    """The parent game's inputs a ruleset's setup takes per player (the Expedition sheet): the
    regions, the counters as (id, label, default) and the gear flags as (id, label, default)."""

    regions: tuple[str, ...] = ()
    counters: tuple[tuple[str, str, int], ...] = ()
    flags: tuple[tuple[str, str, bool], ...] = ()
    max_players: int = 4


@dataclass
class NewGameChoice:
    """A new game as the player set it up (the seed None: a random one)."""

    ruleset: str
    film: str
    players: int
    avatars: list[str]
    seed: int | None
    curtain: bool | None = None  # Matrix Replay: hide the table between the seats (None: as before)
    acts: list[str] = field(default_factory=list)  # a story's Acts (film STORY), Act 1 first
    groups: list[str] = field(default_factory=list)  # a story's four Zion Hero Groups
    variants: list[str] = field(default_factory=list)  # difficulty options (a stepped one repeats)
    traitor: str | None = None  # a Traitor mode (LE-TRAITOR, LE-SMITH), or None
    seats: list[str] = field(default_factory=list)  # who plays each seat (engine.core.seats); []: people
    sheets: list[dict[str, object]] = field(default_factory=list)  # Expedition: each player's sheet
