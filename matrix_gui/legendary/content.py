"""What can be played: the card database, the films on offer and their setups."""
from __future__ import annotations

from pathlib import Path

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.setup import LegendarySetup
from engine.legendary.stories import choosable_avatars
from matrix_gui.newgame import STORY, FilmChoice, NewGameChoice, OptionChoice, StoryChoices

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
        from engine.legendary.stories import story_parts

        out = [FilmChoice(f.id, f.name, f.avatars) for f in available_films(self.db)]
        parts = story_parts(self.db)
        if out and all(parts.acts):  # LE-STORY: any Acts, Groups and Avatars of the loaded films
            # one version of each character first, so the first seats start with a legal team
            chars = [self.db.cards[a].character for a in parts.avatars]
            first = [a for i, a in enumerate(parts.avatars) if chars[i] not in chars[:i]]
            avatars = (*first, *(a for a in parts.avatars if a not in first))
            out.append(FilmChoice(STORY, "Your own story (choose Acts and Hero Groups)", avatars))
        if self.dev:
            out.append(FilmChoice(TEST_FILM, "Test film (developer cards)", self._test_avatars(),
                                  tuple(self.card_dirs)))
        return out

    def _test_avatars(self) -> tuple[str, ...]:
        seen: set[str] = set()
        out: list[str] = []
        avatars = choosable_avatars(self.db)
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

    def story_choices(self) -> StoryChoices:
        """The parts of a story of the players' own and the difficulty options, with names."""
        from engine.legendary.stories import story_parts
        from engine.legendary.traitor import MODES
        from engine.legendary.variants import VARIANTS
        from matrix_gui.cardfaces.spec import Labels, humanize

        parts = story_parts(self.db)
        labels = Labels.from_db(self.db)
        # the films' own Acts and groups first, in release order: the defaults make the first film
        films = [f for f in self.db.films.values() if f.loaded(self.db.cards)]
        rank = {x: i for i, x in enumerate(x for f in films for x in (*f.acts, *f.groups))}

        def ordered(ids: tuple[str, ...]) -> list[str]:
            return sorted(ids, key=lambda x: (rank.get(x, len(rank)), x))

        acts = tuple(tuple((st, labels.act_names.get(f"act:{st}", humanize(st))) for st in ordered(slot))
                     for slot in parts.acts)
        groups = tuple((g, humanize(g)) for g in ordered(parts.groups)) + \
            tuple((g, f"{humanize(g)} (Extra)") for g in parts.extra_groups)
        options = tuple(OptionChoice(v.id, v.name, v.side, v.text, v.steps) for v in VARIANTS.values())
        return StoryChoices(acts, groups, options, tuple(MODES.items()))

    def setup_of(self, choice: NewGameChoice) -> LegendarySetup:
        """The setup a New Game choice describes (its seed set); SetupError when the rules forbid
        it (the engine checks it: ``engine.legendary.setup.validate``)."""
        from engine.legendary.setup import validate

        assert choice.seed is not None
        if choice.film == STORY:
            s = LegendarySetup(avatars=list(choice.avatars), acts=list(choice.acts),
                               groups=list(choice.groups), seed=choice.seed, story=True,
                               card_dirs=list(self.card_dirs))
        else:
            s = self.setup(choice.film, choice.players, choice.seed, choice.avatars or None)
        s.variants = list(choice.variants)
        s.traitor = choice.traitor
        s.seats = list(choice.seats)
        validate(self.db, s)
        return s

    def setup(self, film_id: str, players: int, seed: int,
              avatars: list[str] | None = None) -> LegendarySetup:
        """The setup of a new game of a film (raises SetupError for a setup the rules forbid)."""
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
