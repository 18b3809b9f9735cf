"""The read-only card database of a Legendary game: every card definition by id, the playmat, the
films, and the rules of the Acts the cards name (loaded by ``engine/legendary/carddb.py``)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.legendary import schema
from engine.legendary.actrules import Registry
from engine.legendary.cardindex import CardIndex

CardModel = Any  # one of the schema card models


@dataclass
class CardDB:
    """All card definitions by id, the playmat, and effects as plain dicts for the engine."""

    cards: dict[str, CardModel]
    playmat: schema.Playmat
    files: dict[str, str] = field(default_factory=dict)  # card id -> file name
    films: dict[str, schema.Film] = field(default_factory=dict)  # by id, in release order
    starting_deck: tuple[tuple[str, int], ...] = ()  # (card id, copies) per player (LE-SETUP-01)
    neo_groups: frozenset[str] = frozenset()  # the Neo Hero Groups (LE-STORY-04), films.toml
    acts: Registry = field(kw_only=True)  # the rules of the Acts the cards name (carddb.load_db)
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
        area = [e for d in self.area_cards() for e in (*self.fx(d, "matrix_row"), *self.fx(d, "combat_zone"))]
        return CardIndex.of(self.cards, self.playmat, area)

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
        """A copy holding other card definitions, with the same playmat, films, starting deck and Acts."""
        return CardDB(cards=cards, playmat=self.playmat, films=self.films,
                      starting_deck=self.starting_deck, neo_groups=self.neo_groups, acts=self.acts)

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
