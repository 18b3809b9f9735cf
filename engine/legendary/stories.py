"""Make Your Own Stories (LE-STORY): what the loaded cards offer for a story of the players' own.

Whether a chosen story may be played is ``setup.validate`` (with ``LegendarySetup.story``); this
module only lists the parts to choose from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.legendary.carddb import CardDB
from engine.legendary.traitor import DECK

__all__ = ["StoryParts", "story_parts"]


@dataclass(frozen=True)
class StoryParts:
    """The Acts playable in each slot (story ids, Act 1 first), the Hero Groups (standard ones
    first, then the Extra groups a story may start in Zion, LE-STORY-05) and one Avatar id per
    version, each list sorted for display."""

    acts: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    groups: tuple[str, ...]
    extra_groups: tuple[str, ...]
    avatars: tuple[str, ...]


def playable_acts(db: CardDB, slot: int) -> list[str]:
    """The stories with the Act card(s) an Act ``slot`` needs and a mini-deck (LE-SETUP-08/10)."""
    counts: dict[str, int] = {}
    for c in db.cards.values():
        if c.kind == "act" and c.act == slot:
            counts[c.story] = counts.get(c.story, 0) + 1
    decks = db.index.decks
    return sorted(st for st, k in counts.items() if k == (2 if slot == 3 else 1)
                  and any(db.cards[d].kind != "act" for d in decks.get(f"act:{st}", ())))


def choosable_avatars(db: CardDB) -> list[Any]:
    """The Avatars a player may choose (not the Traitor Mode's), best Rank first."""
    return sorted((c for c in db.cards.values() if c.kind == "avatar" and c.deck != DECK),
                  key=lambda c: (c.rank, c.id))


def story_parts(db: CardDB) -> StoryParts:
    """What a story may be built from, over the loaded cards (LE-STORY-01..05)."""
    heroes = [c for c in db.cards.values() if c.kind == "hero" and c.group]
    standard = sorted({c.group for c in heroes if not c.extra and c.deck == f"group:{c.group}"})
    extra = sorted(db.extra_groups - set(standard))
    avatars = choosable_avatars(db)
    acts = (tuple(playable_acts(db, 1)), tuple(playable_acts(db, 2)), tuple(playable_acts(db, 3)))
    return StoryParts(acts, tuple(standard), tuple(extra), tuple(a.id for a in avatars))
