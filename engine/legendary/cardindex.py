"""The card sets and least costs the rules ask for on every command, read once from the card
database (``CardDB.index``).

Legal-command generators run on every command and most of them look only for a few kinds of card
(Coordinate Heroes, Buy Time Agents, Challenges...). With these sets at hand a generator checks a
card's definition id against a frozenset, and stops at once when even the cheapest such card is
out of reach, instead of reading card data or asking the database for an index each time.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CardIndex:
    """Definition ids by what the rules look for, and the least costs that make a search worth it."""

    heroes: frozenset[str]
    once_this_turn: frozenset[str]  # cards with a 'Once this turn' effect
    sacrifice: frozenset[str]  # cards with a Sacrifice ability
    on_draw: frozenset[str]  # cards with a "when you draw this" effect
    coordinate: frozenset[str]  # Coordinate Heroes
    coordinate_unlimited: frozenset[str]  # ... that may be used again in a turn
    challenges: frozenset[str]
    buy_time: frozenset[str]  # Enemies with Buy Time
    evade: frozenset[str]  # Enemies with Evade
    rotates: frozenset[str]  # Enemies that turn over when revealed and as they move (LE-CARD-08..11)
    allowed: frozenset[str]  # what some card's "Matrix Row:"/"Combat Zone:" ability allows
    forbidden: frozenset[str]  # ... and forbids
    least_attack: int | None  # of any Enemy (None: no Enemy has an Attack)
    least_buy_time_cost: int | None  # of the Buy Time Enemies
    least_evade_cost: int | None  # of the Evade Enemies
    least_scan_cost: int | None  # of the Row spaces that have one (None: no space can be scanned)
    phones: dict[str, int]  # the Row spaces with a phone, by lower-case space name
    parts: dict[tuple[str, int], Any]  # each Act card's Parts, by (card id, Part number)
    decks: dict[str, tuple[str, ...]]  # the card ids of each deck (setup builds piles from them)

    @classmethod
    def of(cls, cards: Mapping[str, Any], playmat: Any, area: Iterable[dict]) -> CardIndex:
        """The index of ``cards`` on ``playmat``; ``area`` holds every effect of their "Matrix Row:"
        and "Combat Zone:" abilities."""

        def ids(kind: str, *keywords: str) -> frozenset[str]:
            return frozenset(d for d, c in cards.items() if c.kind == kind and all(k in c.keywords
                                                                                  for k in keywords))

        def having(attr: str) -> frozenset[str]:
            return frozenset(d for d, c in cards.items() if getattr(c, attr, None))

        buy_time, evade = ids("enemy", "buy_time"), ids("enemy", "evade")
        parts: dict[tuple[str, int], Any] = {}
        for d, c in cards.items():
            for p in c.parts if c.kind == "act" else ():
                parts.setdefault((d, p.part), p)  # the first of a number, as a search would find
        decks: dict[str, tuple[str, ...]] = {}
        for d in sorted(cards):
            decks[cards[d].deck] = (*decks.get(cards[d].deck, ()), d)
        area = list(area)
        return cls(
            heroes=ids("hero"), once_this_turn=having("once_this_turn"),
            sacrifice=having("sacrifice"), on_draw=having("on_draw"),
            coordinate=ids("hero", "coordinate"),
            coordinate_unlimited=ids("hero", "coordinate", "coordinate_unlimited"),
            challenges=ids("challenge"), buy_time=buy_time, evade=evade,
            allowed=frozenset(e.get("what") for e in area if e["verb"] == "allow"),
            forbidden=frozenset(e.get("what") for e in area if e["verb"] == "forbid"),
            rotates=having("rotates"),
            least_attack=min((a for c in cards.values() if c.kind == "enemy"
                              for a in (c.attack, c.upside_down_attack) if a is not None), default=None),
            least_buy_time_cost=min((cards[d].buy_time_cost for d in buy_time), default=None),
            least_evade_cost=min((cards[d].evade_cost for d in evade), default=None),
            least_scan_cost=min((sp.scan_cost for sp in playmat.row if sp.scan_cost is not None),
                                default=None),
            phones={sp.name.lower(): i for i, sp in enumerate(playmat.row) if sp.phone},
            parts=parts, decks=decks)
