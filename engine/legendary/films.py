"""The film setups (LE-FILMS), read from cards/legendary/films.toml with the card database."""
from __future__ import annotations

import random
from functools import cache

from engine.legendary.carddb import FILMS_FILE, CardDB
from engine.legendary.schema import Film, FilmsFile
from engine.legendary.setup import LegendarySetup, SetupError
from engine.resources import cards_dir

__all__ = ["Film", "available_films", "deal_avatars", "film_setup", "shipped_films"]


@cache
def shipped_films() -> dict[str, Film]:
    """The shipped films by id, in release order (without loading every card)."""
    import tomllib

    path = cards_dir("legendary") / FILMS_FILE
    parsed = FilmsFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    return {f.id: f for f in parsed.film}


def incomplete_films(db: CardDB) -> list[str]:
    """One line per film whose cards are only partly loaded (a card file emptied or deleted),
    naming what is missing (LE-FILMS-01..03); empty when every film is whole."""
    return [f"{f.name} is incomplete: missing {', '.join(miss)}"
            for f in db.films.values() if (miss := f.missing(db.cards))]


def available_films(db: CardDB) -> list[Film]:
    """The films whose cards are all loaded, in release order."""
    return [f for f in db.films.values() if f.loaded(db.cards)]


def _film(film_id: str, db: CardDB | None) -> Film:
    film = (db.films if db is not None else shipped_films()).get(film_id)
    if film is None:
        raise SetupError(f"LE-FILMS-10: no film {film_id!r}")
    return film


def film_setup(film_id: str, players: int, seed: int = 0, avatars: list[str] | None = None,
               *, db: CardDB | None = None, **options: object) -> LegendarySetup:
    """The setup of a film for ``players`` players; without ``avatars``, the film's first ones
    (for The Matrix, the recommended first game of LE-SETUP-26/27). The film comes from ``db``, or
    from the shipped films."""
    film = _film(film_id, db)
    if avatars is None:
        avatars = list(film.avatars[:players])
    for a in avatars:
        if a not in film.avatars:
            raise SetupError(f"LE-FILMS-10: {a!r} is not an Avatar of {film.name}")
    return LegendarySetup(avatars=list(avatars), acts=list(film.acts), groups=list(film.groups),
                          seed=seed, **options)  # type: ignore[arg-type]


def deal_avatars(film_id: str, players: int, seed: int, *, db: CardDB | None = None) -> list[str]:
    """LE-SETUP-02: deal each player one of the film's Avatars at random (one version per
    character, LE-SETUP-03)."""
    film = _film(film_id, db)
    seats = min(5, len(film.avatars))  # LE-GEN-01: at most 5 players
    if not 1 <= players <= seats:
        raise SetupError(f"LE-GEN-01: {film.name} seats 1 to {seats} players")
    return random.Random(seed).sample(list(film.avatars), players)
