"""What the Revolutions Hero Group and Avatar tests share: the shipped card database, the value
yardstick of The Matrix's groups, and games on The Matrix's own table.

Revolutions' Acts are not registered as a film yet, so its cards are played on the fixture film's
table or on The Matrix's (an Avatar ability depends only on the Act number, LE-ACTION-14).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard

SHIPPED: CardDB = load_db()
MATRIX_ACTS = "what_is_the_matrix,know_thyself,he_is_the_one"
MATRIX_GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew")
# The Matrix's groups with its Extra group: the yardstick for a new group's value.
YARDSTICK = (*MATRIX_GROUPS, "neo_the_matrix")
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"

# A Smith that cannot be fought, as the five Smiths of Everything That Has a Beginning Part 3 are
# (LE-CARD-19): a test-only card, kept out of every setup by its deck label.
STAND_IN_SMITH = """
[[card]]
id = "stand_in_smith"
kind = "enemy"
name = "Stand-in Smith"
deck = "rules_fixture"
attack = 0
attack_icon = true
descriptors = ["Program"]
text = "Shows an icon instead of an Attack: it cannot be fought."
"""


def db_with_stand_in_smith(folder: Path, *more: Path) -> CardDB:
    """The shipped cards, the folders ``more`` and the stand-in Smith (written into ``folder``)."""
    (folder / "stand_in_smith.toml").write_text(STAND_IN_SMITH, encoding="utf-8")
    return load_db([*more, folder])


def group_cards(gid: str) -> list[HeroCard]:
    """A Hero Group's cards, commons first (most copies), then by Cost."""
    return sorted((c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == gid),
                  key=lambda c: (-c.copies, c.cost))


def gain(effects: list[Any], what: str) -> int:
    """The Recruit or Attack a list of effects adds outright (nested ones not counted)."""
    return sum(e.amount for e in effects if e.verb == f"gain_{what}")


def value(c: HeroCard, with_class: bool) -> int:
    """Recruit+Attack a copy always gives, plus its class gains if ``with_class``."""
    flat = c.recruit + c.attack + gain(c.effects, "recruit") + gain(c.effects, "attack")
    if with_class and c.class_ability:
        flat += gain(c.class_ability.effects, "recruit") + gain(c.class_ability.effects, "attack")
    return flat


def ratio(cards: list[HeroCard], with_class: bool) -> float:
    """Recruit+Attack per point of Cost over a group's 14 cards."""
    return sum(c.copies * value(c, with_class) for c in cards) / sum(c.copies * c.cost for c in cards)


def yardstick(with_class: bool) -> list[float]:
    return [ratio(group_cards(g), with_class) for g in YARDSTICK]


def pool(sc: Scenario) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def matrix_film(text: str, avatars: str = "thomas_anderson_neo,morpheus_the_matrix",
                db: CardDB = SHIPPED) -> Scenario:
    """A table of the shipped film The Matrix, Row and Combat Zone cleared, then ``text``."""
    head = f"setup avatars={avatars} acts={MATRIX_ACTS} groups={','.join(MATRIX_GROUPS)} seed=3\n{CLEAR}\n"
    return Scenario.from_text(head + text, db)
