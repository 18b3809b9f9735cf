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
from tests.legendary.helpers import accepted, hero_effects, pile, rejected

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


# --- checks every Hero Group file of the film passes ----------------------------------------------


def check_group_shape(gid: str, ids: list[str]) -> None:
    """14 cards as 5 + 5 commons (Cost 2-4), 3 uncommons (5-6) and 1 rare (7-8), in the order
    ``ids``; a standard Zion group (not Extras) whose ids start with the group id."""
    cards = group_cards(gid)
    assert [c.copies for c in cards] == [5, 5, 3, 1]
    assert [c.id for c in cards] == ids
    assert len({c.name for c in cards}) == 4
    assert all(2 <= c.cost <= 4 for c in cards[:2])
    assert 5 <= cards[2].cost <= 6
    assert 7 <= cards[3].cost <= 8
    assert all(c.deck == f"group:{gid}" and not c.extra and c.id.startswith(f"{gid}_") for c in cards)


def check_group_style(gid: str) -> None:
    """Plus marks match the data; text ends with a full stop; a short flavour line; the class
    ability's Recruit/Attack written as "<Class>: +N Recruit. +N Attack." or "Draw a card."."""
    for c in group_cards(gid):
        verbs = {e.verb for e in hero_effects(c)}
        assert c.recruit_plus == ("gain_recruit" in verbs), c.id
        assert c.attack_plus == ("gain_attack" in verbs), c.id
        assert c.text.strip().endswith("."), c.id
        assert c.flavor and len(c.flavor.split()) <= 9, c.id
        assert not c.keywords and not c.sacrifice, c.id  # no keyword: no reminder text needed
        if ca := c.class_ability:
            said = [f"+{n} {w.title()}" for w in ("recruit", "attack") if (n := gain(ca.effects, w))]
            said += ["Draw a card"] * sum(1 for e in ca.effects if e.verb == "draw")
            assert f"{ca.cls.title()}: {'. '.join(said)}." in c.text, c.id


def check_group_value(gid: str, with_class: bool) -> None:
    """No more value per Cost than The Matrix's best group (5% slack), no less than its weakest;
    no card gives more than its Cost (the curve: about Cost-1, class abilities +1-2)."""
    cards = group_cards(gid)
    theirs = yardstick(with_class)
    assert min(theirs) <= ratio(cards, with_class) <= max(theirs) * 1.05, (ratio(cards, with_class), theirs)
    for c in cards:
        assert value(c, True) <= c.cost, c.id


def check_recruited_for_its_cost(scenario, cid: str) -> None:
    """From the Dock: refused one Recruit short (LE-RECRUIT-04), then gained to the discard pile."""
    cost = SHIPPED.cards[cid].cost
    sc = scenario(f"""
active 0
world 0 real
empty dock.0
put {cid} dock.0 up as bought
pool recruit={cost - 1} attack=0
""")
    rejected(sc, "recruit $bought", "LE-RECRUIT-04")
    sc.line(f"pool recruit={cost}")
    accepted(sc, "recruit $bought")
    assert sc.ref("bought") in pile(sc, "p0.discard") and pool(sc) == (0, 0)


def check_played_alone(scenario, cid: str, world: str) -> None:
    """Played alone from ``world`` on an empty table: nothing to choose, no class ability, and the
    printed Recruit and Attack in the pool (LE-ACTION-04)."""
    c = SHIPPED.cards[cid]
    sc = scenario(f"""
active 0
world 0 {world}
pool recruit=0 attack=0
hand 0 {cid}
""")
    accepted(sc, f"play ${cid}")
    assert sc.game.state.decision is None
    assert pool(sc) == (c.recruit, c.attack)
    assert sc.ref(cid) in pile(sc, "p0.play") and not sc.game.state.turn.class_used
