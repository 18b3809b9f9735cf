"""Load and validate the Matrix Replay card files into a read-only card database."""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.replay import schema
from engine.resources import cards_dir

CardModel = schema.CharacterCard | schema.EventCard | schema.MissionCard


class CardLoadError(Exception):
    """Card files that fail to load; ``problems`` lists 'file: card[i] 'id'.field: message' lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class ReplayDB:
    """Card definitions by id, with the side each belongs to and the file it came from."""

    cards: dict[str, CardModel]
    side: dict[str, str]
    files: dict[str, str] = field(default_factory=dict)

    def deck_list(self, side: str) -> list[str]:
        """The definition ids of one side's physical cards, copies expanded, in file order."""
        return [cid for cid, c in self.cards.items() if self.side[cid] == side for _ in range(c.copies)]

    def counts(self) -> dict[str, Any]:
        """Physical card counts: totals per side and per side/category (copies included)."""
        out: dict[str, Any] = {"cards": 0, "humans": 0, "machines": 0, "by_category": {}}
        cats: dict[str, int] = {}
        for cid, c in self.cards.items():
            side = self.side[cid]
            out["cards"] += c.copies
            out[side] += c.copies
            key = f"{side}.{category(c)}"
            cats[key] = cats.get(key, 0) + c.copies
        out["by_category"] = dict(sorted(cats.items()))
        return out


def category(card: CardModel) -> str:
    """``event``, ``mission``, or the character code in lower case (``h``, ``hb``, ``rp``, ``a``, ``b``)."""
    if isinstance(card, schema.CharacterCard):
        return card.code.lower()
    return card.type


def _fmt_loc(loc: tuple, doc: dict) -> str:
    """``card[3] 'neo'.modifiers.0.amount`` from a pydantic error location."""
    parts: list[str] = []
    i = 0
    while i < len(loc):
        p = loc[i]
        if p == "card" and i + 1 < len(loc) and isinstance(loc[i + 1], int):
            n = loc[i + 1]
            cards = doc.get("card", [])
            cid = cards[n].get("id", "?") if n < len(cards) and isinstance(cards[n], dict) else "?"
            parts.append(f"card[{n}] '{cid}'")
            i += 2
            # skip the discriminator tag pydantic puts in the location (character/event/mission)
            if i < len(loc) and loc[i] in ("character", "event", "mission"):
                i += 1
            continue
        parts.append(str(p))
        i += 1
    return ".".join(parts) if parts else "(file)"


def load_files(paths: Iterable[Path]) -> ReplayDB:
    """Load card TOML files; raise CardLoadError listing every problem."""
    problems: list[str] = []
    cards: dict[str, CardModel] = {}
    side: dict[str, str] = {}
    files: dict[str, str] = {}
    for path in paths:
        name = path.name
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            problems.append(f"{name}: cannot read: {e}")
            continue
        except tomllib.TOMLDecodeError as e:
            problems.append(f"{name}: not valid TOML: {e}")
            continue
        try:
            parsed = schema.CardFile.model_validate(doc)
        except ValidationError as e:
            problems.extend(f"{name}: {_fmt_loc(tuple(err['loc']), doc)}: {err['msg']}" for err in e.errors())
            continue
        for card in parsed.card:
            if card.id in cards:
                problems.append(f"{name}: card '{card.id}': id already used in {files[card.id]}")
                continue
            cards[card.id] = card
            side[card.id] = parsed.side
            files[card.id] = name
    if not problems:
        problems.extend(_cross_checks(cards, side))
    if problems:
        raise CardLoadError(problems)
    return ReplayDB(cards=cards, side=side, files=files)


# Cards the rules name (setup, victory, prerequisites): each must exist with the right side.
REQUIRED = {"neo": "humans", "morpheus": "humans", "trinity": "humans", "agent_smith": "machines",
            "agent_jones": "machines"}


def _cross_checks(cards: dict[str, CardModel], side: dict[str, str]) -> list[str]:
    out: list[str] = []
    for cid, want in REQUIRED.items():
        if cid not in cards:
            out.append(f"(cards): card '{cid}' is missing; the rules need it")
        elif side[cid] != want or not isinstance(cards[cid], schema.CharacterCard):
            out.append(f"(cards): card '{cid}' must be a {want} Character")
    for cid, c in cards.items():
        if isinstance(c, schema.MissionCard):
            for fld in ("requires_in_play", "requires_completed"):
                ref = getattr(c, fld)
                if ref is not None and ref not in cards:
                    out.append(f"(cards): card '{cid}'.{fld}: no card '{ref}'")
    return out


def card_files(folder: Path) -> list[Path]:
    """Card files of a folder, sorted for determinism."""
    return sorted(Path(folder).glob("*.toml"))


def load_db(folder: Path | str | None = None) -> ReplayDB:
    """The shipped Matrix Replay cards, or those of ``folder``."""
    return load_files(card_files(Path(folder) if folder else cards_dir("replay")))


_DEFAULT: ReplayDB | None = None


def default_db() -> ReplayDB:
    """The shipped cards, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_db()
    return _DEFAULT
