"""A campaign as plain data (LE-CAMPAIGN): the team, its films (one game each), each game's tries
and the scars that carry over. Pure data and small derived facts; the rules that change it are in
``play.py`` and ``carryover.py``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NewType

CampaignId = NewType("CampaignId", str)
Character = NewType("Character", str)  # an Avatar card's ``character`` (e.g. every Neo is "neo")

# LE-CAMPAIGN-01: the rulebook's campaign is three games, one per film. A campaign has a game per
# film it plans (``Campaign.length``): the film campaign one per registered film (a fourth film
# makes a fourth game), never fewer than this.
GAMES = 3
Kind = Literal["films", "custom"]
Status = Literal["playing", "won", "given_up"]
MAJOR = "major"  # State.result of a Major Victory


@dataclass(frozen=True)
class FilmPlan:
    """What one game of the campaign is made of: its Acts (1, 2, 3) and its four Zion Hero Groups.
    ``film`` is the registered film's id (cards/legendary/films.toml), "" for a custom film."""

    name: str
    acts: tuple[str, str, str]
    groups: tuple[str, str, str, str]
    film: str = ""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, as read from its state (``play.outcome_of``), one entry per seat
    for the tuples. ``health`` is the Avatar's printed Health (LE-CAMPAIGN-15 default)."""

    result: str  # "major", "minor" or "loss:<cause>"
    defeated: tuple[bool, ...]
    damage: tuple[int, ...]
    health: tuple[int, ...]
    strikes: tuple[int, ...]  # Strike cards beside each Avatar at the end (scars not counted)
    turns: int = 0

    @property
    def major(self) -> bool:
        return self.result == MAJOR


@dataclass
class Try:
    """One attempt at a game: its seed, and once finished its result and what it carried over."""

    number: int  # 1, 2, ...
    seed: int
    result: str = ""  # "" while it is being played
    defeated: list[int] = field(default_factory=list)  # seats defeated in it
    scars_gained: list[int] = field(default_factory=list)  # per seat (only a Major Victory gives any)
    strikes: list[int] = field(default_factory=list)  # Strike cards per seat at the end
    turns: int = 0
    save: str = ""  # where the game's save (its full command log) was kept, if known

    @property
    def finished(self) -> bool:
        return bool(self.result)


@dataclass
class Game:
    """One game of the campaign as it is set up for every try (LE-CAMPAIGN-11: a retry uses exactly
    this setup): the Avatars (one per seat, LE-CAMPAIGN-04/05), the starting Time Track
    (LE-CAMPAIGN-14), each seat's scars (LE-CAMPAIGN-16) and whether everyone has a prep turn
    (LE-CAMPAIGN-18)."""

    number: int  # 1, 2, ... up to the campaign's length
    avatars: list[str]
    start_time: int | None  # None: the rulebook's start (10, or a variant's)
    scars: list[int]
    prep_turns: bool
    tries: list[Try] = field(default_factory=list)

    @property
    def won(self) -> bool:
        """Only a Major Victory wins a campaign game (LE-CAMPAIGN-10 and its default)."""
        return any(t.result == MAJOR for t in self.tries)

    @property
    def pending(self) -> Try | None:
        """The try being played (started, not yet finished), if any."""
        return self.tries[-1] if self.tries and not self.tries[-1].finished else None


@dataclass
class Campaign:
    """A whole campaign: the team (one character per seat, LE-CAMPAIGN-02), the three films, the
    games started so far and each seat's scars now (they never heal, LE-CAMPAIGN-17)."""

    id: CampaignId
    name: str
    kind: Kind
    characters: list[Character]
    films: list[FilmPlan]  # one per game, decided before game 1 (LE-CAMPAIGN-07)
    seed: int = 0
    variants: list[str] = field(default_factory=list)  # difficulty options kept for every game
    card_dirs: list[str] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    scars: list[int] = field(default_factory=list)  # per seat, accumulated (LE-CAMPAIGN-17)
    status: Status = "playing"
    created: str = ""  # ISO time, for listings

    @property
    def players(self) -> int:
        return len(self.characters)

    @property
    def current(self) -> Game:
        """The game the team plays now (the last one started; the campaign starts with game 1)."""
        return self.games[-1]

    @property
    def over(self) -> bool:
        return self.status != "playing"

    @property
    def length(self) -> int:
        """How many games the campaign has: one per film it plans."""
        return len(self.films)

    def describe(self) -> str:
        """One line for a HUD or a listing, e.g. ``Campaign: game 2 of 3, try 2``."""
        if self.status == "won":
            return "Campaign: won"
        if self.status == "given_up":
            return f"Campaign: given up in game {self.current.number} of {self.length}"
        g = self.current
        shown = len(g.tries) if g.pending else len(g.tries) + 1
        return f"Campaign: game {g.number} of {self.length}, try {max(shown, 1)}"
