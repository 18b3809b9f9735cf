"""Keyword reminder text (``cards/legendary/keywords.toml``): one line in our own words per keyword.

    reminders = load_keywords()
    reminders["chase"].reminder   # "After the Matrix Phase it moves one more space ..."
    card_keywords(card)           # ["chase", "cover"]: the keywords a card shows, in order
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.cardfiles import CardLoadError
from engine.resources import cards_dir

KEYWORDS_FILE = "keywords.toml"
RULE_ID = r"^(LE|MR)-[A-Z]+-\d{2}$"


class Keyword(BaseModel):
    """One keyword: the id card files use, the name printed on cards, a one-line reminder, its rule."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    family: Literal["hero", "matrix"]
    rule: str = Field(pattern=RULE_ID)
    reminder: str = Field(min_length=8, max_length=120)


class KeywordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    keyword: list[Keyword] = Field(min_length=1)


def parse_keywords(text: str, source: str = KEYWORDS_FILE) -> dict[str, Keyword]:
    """Keywords by id from TOML text; CardLoadError naming every problem."""
    try:
        parsed = KeywordFile.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise CardLoadError([f"{source}: {e}"]) from None
    except ValidationError as e:
        raise CardLoadError([f"{source}: {'.'.join(map(str, err['loc']))}: {err['msg']}"
                             for err in e.errors()]) from None
    out: dict[str, Keyword] = {}
    dupes = []
    for kw in parsed.keyword:
        if kw.id in out:
            dupes.append(f"{source}: keyword '{kw.id}' is listed twice")
        out[kw.id] = kw
    if dupes:
        raise CardLoadError(dupes)
    return out


@lru_cache(maxsize=4)
def load_keywords(path: Path | None = None) -> dict[str, Keyword]:
    """The shipped keyword reminders (or those of ``path``)."""
    path = path or cards_dir("legendary") / KEYWORDS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CardLoadError([f"{KEYWORDS_FILE}: {e}"]) from None
    return parse_keywords(text, source=path.name)


def card_keywords(card: Any) -> list[str]:
    """The keyword ids a card shows: its listed keywords, then Sacrifice and Free Your Mind abilities."""
    ids = list(dict.fromkeys(getattr(card, "keywords", None) or []))
    if getattr(card, "sacrifice", None):
        ids.append("sacrifice")
    if getattr(card, "free_your_mind", False):
        ids.append("free_your_mind")
    return ids


def missing_reminders(cards: Any, keywords: dict[str, Keyword]) -> list[str]:
    """'card id: keyword' for every keyword a card uses that has no reminder text."""
    return [f"{c.id}: keyword '{k}' has no reminder in {KEYWORDS_FILE}"
            for c in cards for k in card_keywords(c) if k not in keywords]
