"""Load and validate the Legendary card files into a read-only card database."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.core.cardfiles import (
    TOO_DEEP,
    CardLoadError,
    add_card,
    check_folder,
    read_card_files,
    read_toml,
    validation_problems,
)
from engine.legendary import schema
from engine.legendary.cardindex import CardIndex
from engine.resources import cards_dir

CardModel = Any  # one of the schema card models
FILMS_FILE = "films.toml"  # the film setups and the starting deck, not cards
PLAYMAT_FILE = "playmat.toml"
# Files of a card folder that hold no cards.
NOT_CARD_FILES = (PLAYMAT_FILE, FILMS_FILE, "keywords.toml")
# The card discriminator tags pydantic puts in error locations (left out of the messages).
KIND_TAGS = ("hero", "avatar", "act", "enemy", "challenge", "event", "special", "strike", "inevitable")


@dataclass
class CardDB:
    """All card definitions by id, the playmat, and effects as plain dicts for the engine."""

    cards: dict[str, CardModel]
    playmat: schema.Playmat
    files: dict[str, str] = field(default_factory=dict)  # card id -> file name
    films: dict[str, schema.Film] = field(default_factory=dict)  # by id, in release order
    starting_deck: tuple[tuple[str, int], ...] = ()  # (card id, copies) per player (LE-SETUP-01)
    neo_groups: frozenset[str] = frozenset()  # the Neo Hero Groups (LE-STORY-04), films.toml
    _fx: dict[tuple[str, str], list[dict]] = field(default_factory=dict)
    _area: frozenset[str] | None = None
    _area_with: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)

    def area_cards(self) -> frozenset[str]:
        """The ids of the cards with a "Matrix Row:" or "Combat Zone:" ability (computed once)."""
        if self._area is None:
            self._area = frozenset(d for d in self.cards
                                   if self.fx(d, "matrix_row") or self.fx(d, "combat_zone"))
        return self._area

    @cached_property
    def fingerprint(self) -> str:
        """A digest of what numbers the cards of a game (every definition id and its copies): a
        save's log replays only over the same fingerprint."""
        import hashlib

        text = ";".join(f"{d}:{self.cards[d].copies}" for d in sorted(self.cards))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @cached_property
    def index(self) -> CardIndex:
        """The card sets and least costs the rules ask for on every command (computed once)."""
        return CardIndex.of(self)

    @cached_property
    def extra_groups(self) -> frozenset[str]:
        """The Extra Hero Groups: the Extra Heroes' groups some card shuffles into Zion during play
        (``add_extras_to_zion``, LE-SETUP-19), the only Extras a story may start there
        (LE-STORY-05). Extras that are only ever gained (the Oracle Heroes) are no Hero Group."""
        extra = [c for c in self.cards.values() if c.kind == "hero" and c.extra and c.group]
        out: set[str] = set()
        for card in self.cards.values():
            own = card.deck if card.deck.startswith("act:") else None  # else: the current Act's
            for fx in _effects_named(card.model_dump(), "add_extras_to_zion"):
                # the instruction adds its own Act's Extras (LE-ACT-17): one group, or all of them
                out.update(c.group for c in extra if own in (None, c.deck)
                           and fx.get("group") in (None, c.group))
        return frozenset(out)

    def area_cards_with(self, verb: str, what: str) -> frozenset[str]:
        """The ids of the cards with a "Matrix Row:" or "Combat Zone:" ability ``verb`` ``what``
        (each pair computed once)."""
        got = self._area_with.get((verb, what))
        if got is None:
            got = self._area_with[verb, what] = frozenset(
                d for d in self.area_cards()
                if any(e["verb"] == verb and e.get("what") == what
                       for e in (*self.fx(d, "matrix_row"), *self.fx(d, "combat_zone"))))
        return got

    def phone_spaces(self) -> dict[str, int]:
        """The Row spaces with a phone, by lower-case space name (a shared dict: do not change)."""
        return self.index.phones

    def fx(self, card_id: str, attr: str) -> list[dict]:
        """The effects list ``attr`` of a card as plain dicts (cached)."""
        key = (card_id, attr)
        got = self._fx.get(key)
        if got is None:
            card = self.cards[card_id]
            if attr == "class_ability_fx":
                value = card.class_ability.effects if getattr(card, "class_ability", None) else []
            else:
                value = getattr(card, attr, None) or []
            got = [e.model_dump() for e in value]
            self._fx[key] = got
        return got

    def with_cards(self, cards: dict[str, CardModel]) -> CardDB:
        """A copy holding other card definitions, with the same playmat, films and starting deck."""
        return CardDB(cards=cards, playmat=self.playmat, films=self.films,
                      starting_deck=self.starting_deck, neo_groups=self.neo_groups)

    def kind_counts(self) -> dict[str, int]:
        """Physical card counts per category (copies included)."""
        out: dict[str, int] = {}
        for c in self.cards.values():
            out[category(c)] = out.get(category(c), 0) + c.copies
        return dict(sorted(out.items()))


    def act_counts(self) -> dict[str, dict[str, int]]:
        """Per Act story: its Act cards, mini-deck and Extras (the components table's columns)."""
        out: dict[str, dict[str, int]] = {}
        for c in self.cards.values():
            if not c.deck.startswith("act:"):
                continue
            row = out.setdefault(c.deck[4:], {"act_cards": 0, "mini_deck": 0, "extras": 0})
            key = "act_cards" if c.kind == "act" else "extras" if c.extra else "mini_deck"
            row[key] += c.copies
        return dict(sorted(out.items()))

    def group_counts(self) -> dict[str, int]:
        """Cards per Hero Group (standard and Extra), copies included."""
        out: dict[str, int] = {}
        for c in self.cards.values():
            if c.kind == "hero" and c.group:
                out[c.group] = out.get(c.group, 0) + c.copies
        return dict(sorted(out.items()))

    def film_counts(self) -> dict[str, dict[str, int]]:
        """Per film: its Avatars and Hero Group cards present, and its Acts' cards (LE-FILMS)."""
        groups = self.group_counts()
        acts = self.act_counts()
        out: dict[str, dict[str, int]] = {}
        for film in self.films.values():
            row = {"avatars": sum(1 for a in film.avatars if a in self.cards),
                   "hero_group_cards": sum(groups.get(g, 0) for g in film.groups)}
            for n, story in enumerate(film.acts, start=1):
                for key, k in acts.get(story, {"act_cards": 0, "mini_deck": 0, "extras": 0}).items():
                    row[f"act{n}_{key}"] = k
            out[film.id] = row
        return out


def category(card: CardModel) -> str:
    """The sorting-guide category of a card, used by validate-cards."""
    if card.deck == "traitor_mode":  # the 9 Traitor Mode cards (LE-TRAITOR-02, LE-SMITH-01)
        return "traitor_mode"
    if card.kind == "hero":
        if card.deck == "starting":
            return card.id
        if card.deck == "hovercraft":
            return "hovercraft"
        if card.extra:
            return "extra_hero"
        return "hero_group"
    if getattr(card, "part_of_the_system", False):
        return "part_of_the_system"
    if card.kind in ("enemy", "challenge", "event", "special", "inevitable"):
        return "extra_matrix_card" if card.extra else "mini_deck"
    return card.kind


def _effects_named(node: Any, verb: str) -> Iterable[dict[str, Any]]:
    """Every effect ``verb`` in a card's data, at any depth (options, nested effects)."""
    if isinstance(node, dict):
        if node.get("verb") == verb:
            yield node
        for v in node.values():
            yield from _effects_named(v, verb)
    elif isinstance(node, list):
        for v in node:
            yield from _effects_named(v, verb)


def _hook_names(node: Any) -> Iterable[tuple[str, str]]:
    """Every (kind, name) of an Act rule a card's data refers to, at any depth: "effect" for a
    ``hook`` verb, "query" for an Objective's ``hook`` or a Challenge's ``condition_hook``."""
    if isinstance(node, dict):
        if node.get("verb") == "hook":
            yield "effect", node["name"]
        for key in ("hook", "condition_hook"):
            if isinstance(node.get(key), str) and node[key] and node.get("verb") != "hook":
                yield "query", node[key]
        for v in node.values():
            yield from _hook_names(v)
    elif isinstance(node, list):
        for v in node:
            yield from _hook_names(v)


def _hook_problems(card: CardModel) -> list[str]:
    """Act rules a card names that no Act module declares (checked at load, never mid-game)."""
    from engine.legendary.acts import registry

    known = {"effect": registry().effects, "query": registry().queries}
    return [f"unknown hook {name!r} (no Act declares the {kind} {name!r})"
            for kind, name in _hook_names(card.model_dump()) if name not in known[kind]]


def _load_films(paths: Iterable[Path], cards: dict[str, CardModel], problems: list[str]
                ) -> tuple[dict[str, schema.Film], tuple[tuple[str, int], ...], frozenset[str]]:
    """The films, the starting deck and the Neo Hero Groups of the ``films.toml`` files (later
    folders add films and Neo groups)."""
    films: dict[str, schema.Film] = {}
    deck: tuple[tuple[str, int], ...] = ()
    neo: set[str] = set()
    for path in paths:
        doc = read_toml(path, problems)
        if doc is None:
            continue
        try:
            parsed = schema.FilmsFile.model_validate(doc)
        except ValidationError as e:
            problems.extend(validation_problems(path.name, e, doc, KIND_TAGS))
            continue
        if parsed.starting_deck:
            if deck:
                problems.append(f"{path.name}: starting_deck: a starting deck is already given")
            deck = tuple((e.card, e.count) for e in parsed.starting_deck)
            for i, (cid, _) in enumerate(deck):
                card = cards.get(cid)
                if card is None or card.kind != "hero" or card.deck != "starting":
                    problems.append(f"{path.name}: starting_deck.{i}: {cid!r} is not a starting Hero")
        neo.update(parsed.neo_groups)
        for f in parsed.film:
            if f.id in films:
                problems.append(f"{path.name}: film '{f.id}': id already used")
            films[f.id] = f
    return films, deck, frozenset(neo)


def load_files(paths: Iterable[Path], playmat_path: Path | None = None,
               films_paths: Iterable[Path] = ()) -> CardDB:
    """Load card TOML files (and the playmat and film files); raise CardLoadError listing every
    problem."""
    problems: list[str] = []
    cards: dict[str, CardModel] = {}
    files: dict[str, str] = {}
    for name, parsed in read_card_files(paths, schema.CardFile, problems, KIND_TAGS):
        for card in parsed.card:
            try:
                problems.extend(f"{name}: card '{card.id}': {m}" for m in _hook_problems(card))
            except RecursionError:
                problems.append(f"{name}: card '{card.id}': {TOO_DEEP}")
            add_card(cards, files, name, card, problems)
    films, deck, neo = _load_films(films_paths, cards, problems)
    playmat = None
    if playmat_path is not None:
        doc = read_toml(playmat_path, problems)
        try:
            playmat = None if doc is None else schema.Playmat.model_validate(doc)
        except RecursionError:
            problems.append(f"{playmat_path.name}: {TOO_DEEP}")
        except ValidationError as e:
            problems.extend(validation_problems(playmat_path.name, e, {}, KIND_TAGS))
    elif not problems:
        problems.append("playmat.toml: missing")
    if problems:
        raise CardLoadError(problems)
    assert playmat is not None
    return CardDB(cards=cards, playmat=playmat, files=files, films=films, starting_deck=deck,
                  neo_groups=neo)


def card_files(folder: Path) -> list[Path]:
    """Card files of a folder (every ``*.toml`` but the playmat, the films and the keyword reminders),
    sorted."""
    return sorted(p for p in folder.glob("*.toml") if p.name not in NOT_CARD_FILES)


def load_db(extra_dirs: Iterable[Path] = (), *, base: Path | None = None) -> CardDB:
    """The shipped cards plus any extra folders (fixtures, user stories)."""
    base = base or cards_dir("legendary")
    paths = card_files(base)
    films = [base / FILMS_FILE]
    for d in extra_dirs:
        check_folder(d)
        paths.extend(card_files(Path(d)))
        if (Path(d) / FILMS_FILE).is_file():
            films.append(Path(d) / FILMS_FILE)
    return load_files(paths, base / PLAYMAT_FILE, films)
