"""A quick game without choosing: the setup the command line and the GUI start when asked for
"a game" over whatever cards are loaded."""
from __future__ import annotations

from engine.legendary.carddb import CardDB
from engine.legendary.films import available_films, film_setup
from engine.legendary.setup import LegendarySetup, SetupError
from engine.legendary.stories import choosable_avatars, playable_acts


def default_setup(db: CardDB, players: int, seed: int, card_dirs: list[str],
                  film: str | None = None, traitor: str | None = None) -> LegendarySetup:
    """The setup of ``film`` (LE-FILMS), or of the first loaded film; without a film, a legal setup
    from whatever content is loaded: first Acts, Groups and Avatars by id."""
    films = available_films(db)
    if film is not None:
        if film not in {f.id for f in films}:
            known = ", ".join(f.id for f in films) or "none"
            raise SetupError(f"LE-FILMS-10: the film {film!r} is not loaded (loaded films: {known})")
        return film_setup(film, players, seed, db=db, card_dirs=card_dirs, traitor=traitor)
    if films:
        return film_setup(films[0].id, players, seed, db=db, card_dirs=card_dirs, traitor=traitor)

    acts = []
    for n in (1, 2, 3):
        stories = playable_acts(db, n)
        if not stories:
            raise SetupError("no playable Act cards are loaded: pass a card folder with Acts")
        acts.append(stories[0])
    groups = sorted({c.group for c in db.cards.values()
                     if c.kind == "hero" and c.group and not c.extra and c.deck.startswith("group:")})
    avatars: list[str] = []
    seen: set[str] = set()
    for a in choosable_avatars(db):
        if a.character not in seen:
            avatars.append(a.id)
            seen.add(a.character)
    return LegendarySetup(avatars=avatars[:players], acts=acts, groups=groups[:4], seed=seed,
                          card_dirs=card_dirs, traitor=traitor)
