"""What can be played: the card database, the films on offer and their setups."""
from __future__ import annotations

from pathlib import Path

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.setup import LegendarySetup
from matrix_gui.newgame import FilmChoice

TEST_FILM = "test"


class Content:
    """The loaded cards and the films they make playable (plus the test film in dev mode)."""

    def __init__(self, dev: Path | str | None = None) -> None:
        """``dev``: a folder of developer cards (e.g. the tests' fixture film) to offer as the test
        film, or None."""
        self.dev = dev is not None and Path(dev).is_dir()
        extra = [Path(dev)] if dev is not None and self.dev else []
        self.db: CardDB = load_db(extra)
        self.card_dirs = [str(p) for p in extra]

    def films(self) -> list[FilmChoice]:
        from engine.legendary.films import available_films

        out = [FilmChoice(f.id, f.name, f.avatars) for f in available_films(self.db)]
        if self.dev:
            out.append(FilmChoice(TEST_FILM, "Test film (developer cards)", self._test_avatars(),
                                  tuple(self.card_dirs)))
        return out

    def _test_avatars(self) -> tuple[str, ...]:
        seen: set[str] = set()
        out: list[str] = []
        avatars = sorted((c for c in self.db.cards.values() if c.kind == "avatar"),
                         key=lambda c: (c.rank, c.id))
        for a in avatars:
            if a.character not in seen:
                out.append(a.id)
                seen.add(a.character)
        return tuple(out)

    def avatar_name(self, avatar_id: str) -> str:
        card = self.db.cards.get(avatar_id)
        if card is None:
            return avatar_id
        back = getattr(card, "back_name", "")
        return f"{back} / {card.name}" if back else card.name  # "Thomas Anderson / Neo"

    def setup(self, film_id: str, players: int, seed: int,
              avatars: list[str] | None = None) -> LegendarySetup:
        """The setup of a new game (raises SetupError for a setup the rules forbid)."""
        if film_id == TEST_FILM:
            from engine.legendary.quickstart import default_setup

            s = default_setup(self.db, players, seed, self.card_dirs)
            if avatars:
                s.avatars = list(avatars)
            return s
        from engine.legendary.films import film_setup

        s = film_setup(film_id, players, seed, avatars, db=self.db)
        s.card_dirs = list(self.card_dirs)
        return s


class DbCache:
    """Card databases by their extra card folders (a save names the folders it was played with)."""

    def __init__(self, content: Content) -> None:
        self._dbs: dict[tuple[str, ...], CardDB] = {tuple(content.card_dirs): content.db}

    def get(self, card_dirs: list[str] | tuple[str, ...]) -> CardDB:
        key = tuple(card_dirs)
        if key not in self._dbs:
            self._dbs[key] = load_db([Path(d) for d in key])
        return self._dbs[key]
