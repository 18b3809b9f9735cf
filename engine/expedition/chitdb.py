"""Load and validate the Expedition chit files into a read-only chit database."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.cardfiles import CardLoadError, add_card, check_folder, read_card_files
from engine.expedition import schema
from engine.resources import cards_dir

ChitModel = schema.Incident | schema.Finding | schema.Discovery | schema.Rumor | schema.Encounter \
    | schema.Special
SPECIALS = 16  # EX-RUMOR-08: the full set of Special Discoveries


@dataclass
class ChitDB:
    """Chit definitions by id, the pool each belongs to and the file it came from."""

    cards: dict[str, ChitModel]
    pool: dict[str, str]
    files: dict[str, str] = field(default_factory=dict)

    def pool_list(self, pool: str) -> list[str]:
        """The definition ids of one pool's physical chits, copies expanded, in file order."""
        return [cid for cid, c in self.cards.items() if self.pool[cid] == pool for _ in range(c.copies)]

    def counts(self) -> dict[str, Any]:
        """Physical chit counts: totals per pool and per pool/kind (copies included)."""
        out: dict[str, Any] = {"chits": 0, "events": 0, "encounters": 0, "specials": 0, "by_kind": {}}
        kinds: dict[str, int] = {}
        for cid, c in self.cards.items():
            pool = self.pool[cid]
            out["chits"] += c.copies
            out[pool] += c.copies
            key = f"{pool}.{c.kind}"
            kinds[key] = kinds.get(key, 0) + c.copies
        out["by_kind"] = dict(sorted(kinds.items()))
        return out


def load_files(paths: Iterable[Path]) -> ChitDB:
    """Load chit TOML files; raise CardLoadError listing every problem."""
    problems: list[str] = []
    cards: dict[str, ChitModel] = {}
    pool: dict[str, str] = {}
    files: dict[str, str] = {}
    for name, parsed in read_card_files(paths, schema.ChitFile, problems, schema.KINDS, "chit"):
        for chit in parsed.chit:
            if add_card(cards, files, name, chit, problems):
                pool[chit.id] = parsed.pool
    if not problems:
        problems.extend(_cross_checks(cards, pool))
    if problems:
        raise CardLoadError(problems)
    return ChitDB(cards=cards, pool=pool, files=files)


def _cross_checks(cards: dict[str, ChitModel], pool: dict[str, str]) -> list[str]:
    out: list[str] = []
    count = {p: 0 for p in schema.POOL_KINDS}
    for cid, c in cards.items():
        count[pool[cid]] += c.copies
    if count["specials"] != SPECIALS:
        out.append(f"(chits): EX-RUMOR-08: the Special Discovery pool must hold {SPECIALS} chits, "
                   f"not {count['specials']}")
    for p in ("events", "encounters"):
        if count[p] < 2 * 18:
            out.append(f"(chits): the {p} pool holds {count[p]} chits; a Matrix needs at least 36")
    return out


def chit_files(folder: Path) -> list[Path]:
    """Chit files of a folder, sorted for determinism."""
    return sorted(Path(folder).glob("*.toml"))


def load_db(folder: Path | str | None = None) -> ChitDB:
    """The shipped Expedition chits, or those of ``folder``."""
    if folder:
        check_folder(folder, "chit folder")
    return load_files(chit_files(Path(folder) if folder else cards_dir("expedition")))


_DEFAULT: ChitDB | None = None


def default_db() -> ChitDB:
    """The shipped chits, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_db()
    return _DEFAULT
