"""Load and validate the Legendary card files into a read-only card database (``CardDB``,
``engine/legendary/carddata.py``), bound to the rules of the Acts its cards name (by default the
shipped Acts, ``engine/legendary/acts/``)."""
from __future__ import annotations

from collections.abc import Iterable
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
from engine.legendary.actrules import Registry
from engine.legendary.acts import registry
from engine.legendary.carddata import CardDB, CardModel
from engine.legendary.carddata import category as category  # public here too
from engine.resources import cards_dir

FILMS_FILE = "films.toml"  # the film setups and the starting deck, not cards
PLAYMAT_FILE = "playmat.toml"
# Files of a card folder that hold no cards.
NOT_CARD_FILES = (PLAYMAT_FILE, FILMS_FILE, "keywords.toml")
# The card discriminator tags pydantic puts in error locations (left out of the messages).
KIND_TAGS = ("hero", "avatar", "act", "enemy", "challenge", "event", "special", "strike", "inevitable")


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


def _hook_problems(card: CardModel, acts: Registry) -> list[str]:
    """Act rules a card names that no Act module declares (checked at load, never mid-game)."""
    known = {"effect": acts.effects, "query": acts.queries}
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
               films_paths: Iterable[Path] = (), acts: Registry | None = None) -> CardDB:
    """Load card TOML files (and the playmat and film files) bound to the rules of ``acts`` (default:
    the shipped Acts); raise CardLoadError listing every problem."""
    acts = registry() if acts is None else acts
    problems: list[str] = []
    cards: dict[str, CardModel] = {}
    files: dict[str, str] = {}
    for name, parsed in read_card_files(paths, schema.CardFile, problems, KIND_TAGS):
        for card in parsed.card:
            try:
                problems.extend(f"{name}: card '{card.id}': {m}" for m in _hook_problems(card, acts))
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
                  neo_groups=neo, acts=acts)


def card_files(folder: Path) -> list[Path]:
    """Card files of a folder (every ``*.toml`` but the playmat, the films and the keyword reminders),
    sorted."""
    return sorted(p for p in folder.glob("*.toml") if p.name not in NOT_CARD_FILES)


def load_db(extra_dirs: Iterable[Path | str] = (), *, base: Path | None = None,
            acts: Registry | None = None) -> CardDB:
    """The shipped cards plus any extra folders (fixtures, user stories), bound to the rules of
    ``acts`` (default: the shipped Acts; a test film may bring Act modules of its own)."""
    base = base or cards_dir("legendary")
    paths = card_files(base)
    films = [base / FILMS_FILE]
    for d in extra_dirs:
        check_folder(d)
        paths.extend(card_files(Path(d)))
        if (Path(d) / FILMS_FILE).is_file():
            films.append(Path(d) / FILMS_FILE)
    return load_files(paths, base / PLAYMAT_FILE, films, acts)
