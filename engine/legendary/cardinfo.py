"""What a player may read on a face-up card, as plain data for an inspector: ``card_info(db, def_id)``.

Only printed information (name, numbers, text, keywords with their reminders); no rules are applied.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.legendary.keywords import Keyword, card_keywords, load_keywords

ROMAN = {1: "I", 2: "II", 3: "III"}


@dataclass(frozen=True)
class KeywordNote:
    """A keyword on a card with its reminder line and the rule that explains it."""

    name: str
    reminder: str
    rule: str


@dataclass
class CardInfo:
    """A card as printed: name, kind line, numbers (label, value), paragraphs, keywords, flavour."""

    id: str
    name: str
    kind: str
    kind_line: str
    numbers: list[tuple[str, str]] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    keywords: list[KeywordNote] = field(default_factory=list)
    flavor: str = ""


def _num(value: int | None, plus: bool) -> str:
    return f"{value or 0}{'+' if plus else ''}"


def _words(ident: str) -> str:
    return " ".join(w.capitalize() for w in ident.split("_"))


def card_info(db: Any, def_id: str, side: str = "front",
              keywords: dict[str, Keyword] | None = None) -> CardInfo:
    """The printed information of card ``def_id`` (``side`` matters for two-sided Avatars)."""
    c = db.cards[def_id]
    reminders = load_keywords() if keywords is None else keywords
    kind = c.kind
    info = CardInfo(id=c.id, name=c.name, kind=kind, kind_line=kind.capitalize(), flavor=c.flavor.strip())
    text = c.text.strip()
    if kind == "hero":
        classes = " / ".join(x.capitalize() for x in c.classes)
        group = _words(c.group) if c.group else ("Starting Hero" if c.deck == "starting" else "")
        info.kind_line = " · ".join(x for x in ("Hero", group, classes) if x)
        info.numbers = [("Cost", str(c.cost))]
        if c.recruit or c.recruit_plus:
            info.numbers.append(("Recruit", _num(c.recruit, c.recruit_plus)))
        if c.attack or c.attack_plus:
            info.numbers.append(("Attack", _num(c.attack, c.attack_plus)))
    elif kind == "enemy":
        info.kind_line = " · ".join(["Enemy", *c.descriptors])
        attack = "can't be fought" if c.attack is None or c.attack_icon else _num(c.attack, c.attack_plus)
        info.numbers = [("Attack", attack)]
        if "evade" in c.keywords:
            info.numbers.append(("Evade", str(c.evade_cost)))
        if "buy_time" in c.keywords:
            info.numbers.append(("Buy Time", str(c.buy_time_cost)))
        if c.fights_needed > 1:
            info.numbers.append(("Fights needed", str(c.fights_needed)))
    elif kind == "challenge":
        info.kind_line = " · ".join(["Challenge", *c.descriptors])
        for label, value in (("Recruit to complete", c.cost_recruit), ("Attack to complete", c.cost_attack),
                             ("Recruit or Attack to complete", c.cost_either)):
            if value:
                info.numbers.append((label, str(value)))
    elif kind in ("event", "special"):
        info.kind_line = " · ".join([kind.capitalize(), *c.descriptors])
    elif kind == "strike":
        info.numbers = [("Damage", str(c.damage))]
        info.kind_line = "Strike" + ("" if c.stays else " · discarded after it resolves")
    elif kind == "avatar":
        back = side == "back" and bool(c.back_name)
        info.name = c.back_name if back else c.name
        other = c.name if back else c.back_name
        info.kind_line = "Avatar" + (f" · other side: {other}" if other else "")
        info.numbers = [("Rank", str(c.rank)), ("Speed", str(c.speed)), ("Health", str(c.health))]
        abilities = [t for t in c.ability_text if t]
        info.paragraphs = [f"Act {ROMAN.get(i + 1, i + 1)}: {t}" for i, t in enumerate(abilities)]
    elif kind == "act":
        info.kind_line = f"Act {ROMAN.get(c.act, c.act)}"
        for part in sorted(c.parts, key=lambda p: p.part):
            head = f"Part {part.part}" + (f": {part.title}" if part.title else "")
            body = part.text.strip()
            if part.objective and part.objective.text and "Objective" not in body:
                body = (body + " " if body else "") + f"Objective: {part.objective.text}"
            info.paragraphs.append(f"{head}. {body}" if body else head)
    if text:
        info.paragraphs += [p.strip() for p in text.split("\n") if p.strip()]
    for k in card_keywords(c):
        kw = reminders.get(k)
        if kw is not None and all(n.name != kw.name for n in info.keywords):
            info.keywords.append(KeywordNote(kw.name, kw.reminder, kw.rule))
    return info
