"""Load and validate the Legendary card files into a read-only card database."""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.core.cardfiles import TOO_DEEP, CardLoadError, add_card, read_card_files, validation_problems
from engine.legendary import schema
from engine.resources import cards_dir

CardModel = Any  # one of the schema card models
# The card discriminator tags pydantic puts in error locations (left out of the messages).
# Files of a card folder that hold no cards.
NOT_CARD_FILES = ("playmat.toml", "keywords.toml")
KIND_TAGS = ("hero", "avatar", "act", "enemy", "challenge", "event", "special", "strike", "inevitable")


@dataclass
class CardDB:
    """All card definitions by id, the playmat, and effects as plain dicts for the engine."""

    cards: dict[str, CardModel]
    playmat: schema.Playmat
    files: dict[str, str] = field(default_factory=dict)  # card id -> file name
    _fx: dict[tuple[str, str], list[dict]] = field(default_factory=dict)

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

    def by_deck(self, deck: str) -> list[CardModel]:
        return [c for c in self.cards.values() if c.deck == deck]

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


def category(card: CardModel) -> str:
    """The sorting-guide category of a card, used by validate-cards."""
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


def _hook_names(node: Any) -> Iterable[tuple[str, str]]:
    """Every (field, hook name) a card's data refers to, at any depth."""
    if isinstance(node, dict):
        if node.get("verb") == "hook":
            yield "hook", node["name"]
        for key in ("hook", "condition_hook"):
            if isinstance(node.get(key), str) and node[key] and node.get("verb") != "hook":
                yield key, node[key]
        for v in node.values():
            yield from _hook_names(v)
    elif isinstance(node, list):
        for v in node:
            yield from _hook_names(v)


def _hook_problems(card: CardModel) -> list[str]:
    """Hooks a card names that no Act module registers (checked at load, never mid-game)."""
    from engine.legendary import acts  # noqa: F401  (registers the hooks)
    from engine.legendary.effects import HOOKS

    return [f"{field}: unknown hook {name!r}" for field, name in _hook_names(card.model_dump())
            if name not in HOOKS]


def load_files(paths: Iterable[Path], playmat_path: Path | None = None) -> CardDB:
    """Load card TOML files (and the playmat); raise CardLoadError listing every problem."""
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
    playmat = None
    if playmat_path is not None:
        try:
            playmat = schema.Playmat.model_validate(
                tomllib.loads(playmat_path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            problems.append(f"{playmat_path.name}: {e}")
        except RecursionError:
            problems.append(f"{playmat_path.name}: {TOO_DEEP}")
        except ValidationError as e:
            problems.extend(validation_problems(playmat_path.name, e, {}, KIND_TAGS))
    elif not problems:
        problems.append("playmat.toml: missing")
    if problems:
        raise CardLoadError(problems)
    assert playmat is not None
    return CardDB(cards=cards, playmat=playmat, files=files)


def card_files(folder: Path) -> list[Path]:
    """Card files of a folder (every ``*.toml`` but the playmat and the keyword reminders), sorted."""
    return sorted(p for p in folder.glob("*.toml") if p.name not in NOT_CARD_FILES)


def load_db(extra_dirs: Iterable[Path] = (), *, base: Path | None = None) -> CardDB:
    """The shipped cards plus any extra folders (fixtures, user stories)."""
    base = base or cards_dir("legendary")
    paths = card_files(base)
    for d in extra_dirs:
        if not Path(d).is_dir():
            raise CardLoadError([f"{d}: the card folder does not exist"])
        paths.extend(card_files(Path(d)))
    return load_files(paths, base / "playmat.toml")
