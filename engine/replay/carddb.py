"""Load and validate the Matrix Replay card files into a read-only card database."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.cardfiles import CardLoadError, add_card, check_folder, read_card_files
from engine.replay import schema
from engine.resources import cards_dir

CardModel = schema.CharacterCard | schema.EventCard | schema.MissionCard
# The card discriminator tags pydantic puts in error locations (left out of the messages).
TYPE_TAGS = ("character", "event", "mission")


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


def load_files(paths: Iterable[Path]) -> ReplayDB:
    """Load card TOML files; raise CardLoadError listing every problem."""
    problems: list[str] = []
    cards: dict[str, CardModel] = {}
    side: dict[str, str] = {}
    files: dict[str, str] = {}
    for name, parsed in read_card_files(paths, schema.CardFile, problems, TYPE_TAGS):
        for card in parsed.card:
            if add_card(cards, files, name, card, problems):
                side[card.id] = parsed.side
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
    if folder:
        check_folder(folder)
    return load_files(card_files(Path(folder) if folder else cards_dir("replay")))


_DEFAULT: ReplayDB | None = None


def default_db() -> ReplayDB:
    """The shipped cards, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_db()
    return _DEFAULT
