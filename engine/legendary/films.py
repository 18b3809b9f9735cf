"""The three film setups (LE-FILMS): which Acts, Hero Groups and Avatars each film uses."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.legendary.carddb import CardDB
from engine.legendary.setup import LegendarySetup, SetupError


@dataclass(frozen=True)
class Film:
    """One film's fixed content: Act stories 1-3, four Zion Hero Groups, its Avatars (card ids)."""

    id: str
    name: str
    acts: tuple[str, str, str]
    groups: tuple[str, str, str, str]
    avatars: tuple[str, ...]

    def loaded(self, db: CardDB) -> bool:
        """True when every Act, Hero Group and Avatar of this film is in ``db``."""
        return not self.missing(db)

    def missing(self, db: CardDB) -> list[str]:
        """What of this film ``db`` lacks, one phrase each: an Act without its Act card(s) or
        mini-deck (LE-SETUP-10), a Hero Group without cards, an Avatar."""
        out: list[str] = []
        for n, story in enumerate(self.acts, start=1):
            act_cards = [c for c in db.cards.values() if c.kind == "act" and c.story == story]
            if len(act_cards) != (2 if n == 3 else 1):
                out.append(f"the Act card(s) of Act {n} {story!r}")
            if not any(c.deck == f"act:{story}" and c.kind != "act" for c in db.cards.values()):
                out.append(f"the mini-deck of Act {n} {story!r}")
        groups = {c.group for c in db.cards.values() if c.kind == "hero" and not c.extra}
        out.extend(f"the Hero Group {g!r}" for g in self.groups if g not in groups)
        out.extend(f"the Avatar {a!r}" for a in self.avatars if a not in db.cards)
        return out


FILMS: dict[str, Film] = {
    "the_matrix": Film(
        id="the_matrix", name="The Matrix",
        acts=("what_is_the_matrix", "know_thyself", "he_is_the_one"),  # LE-FILMS-01
        groups=("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew"),  # LE-FILMS-02
        # LE-FILMS-03; the first five in the order LE-SETUP-26/27 drops them from the end.
        avatars=("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse",
                 "apoc"),
    ),
}


def incomplete_films(db: CardDB) -> list[str]:
    """One line per film whose cards are only partly loaded (a card file emptied or deleted),
    naming what is missing (LE-FILMS-01..03); empty when every film is whole."""
    return [f"{f.name} is incomplete: missing {', '.join(miss)}"
            for f in FILMS.values() if (miss := f.missing(db))]


def available_films(db: CardDB) -> list[Film]:
    """The films whose cards are all loaded, in release order."""
    return [f for f in FILMS.values() if f.loaded(db)]


def film_setup(film_id: str, players: int, seed: int = 0, avatars: list[str] | None = None,
               **options: object) -> LegendarySetup:
    """The setup of a film for ``players`` players; without ``avatars``, the film's first ones
    (for The Matrix, the recommended first game of LE-SETUP-26/27)."""
    film = FILMS.get(film_id)
    if film is None:
        raise SetupError(f"LE-FILMS-10: no film {film_id!r}")
    if avatars is None:
        avatars = list(film.avatars[:players])
    for a in avatars:
        if a not in film.avatars:
            raise SetupError(f"LE-FILMS-10: {a!r} is not an Avatar of {film.name}")
    return LegendarySetup(avatars=list(avatars), acts=list(film.acts), groups=list(film.groups),
                          seed=seed, **options)  # type: ignore[arg-type]


def deal_avatars(film_id: str, players: int, seed: int) -> list[str]:
    """LE-SETUP-02: deal each player one of the film's Avatars at random (one version per
    character, LE-SETUP-03)."""
    film = FILMS.get(film_id)
    if film is None:
        raise SetupError(f"LE-FILMS-10: no film {film_id!r}")
    seats = min(5, len(film.avatars))  # LE-GEN-01: at most 5 players
    if not 1 <= players <= seats:
        raise SetupError(f"LE-GEN-01: {film.name} seats 1 to {seats} players")
    return random.Random(seed).sample(list(film.avatars), players)
