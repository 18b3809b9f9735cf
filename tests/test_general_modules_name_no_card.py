"""The general rules never name a film, an Act or a card (DESIGN §2 "An Act is a module").

Film, Act and card rules live in card data and in engine/legendary/acts/; the general modules read
them only through the card data, the Act registry and the typed modifiers. This test scans the
general modules' text (code, strings and comments) for every card id, card name, Act story id and
film id of the card database, case-insensitive and word-bounded.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.legendary.carddb import CardDB, load_db

ROOT = Path(__file__).resolve().parents[1]
LEGENDARY = ROOT / "engine" / "legendary"
GENERAL = [LEGENDARY / f"{name}.py" for name in ("actions", "flow", "effects", "row", "table", "stall")] + \
    sorted((LEGENDARY / "bots").glob("*.py"))

# Words that are both a card's name or id and a term of the rules every film shares.
ALLOWED = {
    "free_your_mind": "every starting deck's Free Your Mind is a rulebook mechanic (LE-ACTION-12..14); "
                      "the card schema flags it",
    "free your mind": "the same rulebook mechanic, in prose",
    "incoming": "an ordinary word ('the incoming card' entering a Row space), not the Strike",
    "hovercraft": "the Hovercraft stack is part of every game (LE-SETUP-06)",
    "matrix": "the Matrix, one of the two worlds (LE-MOVE)",
    "zion": "the Zion deck of Heroes (LE-SETUP-18)",
    "real world": "the other world (LE-MOVE)",
    "strike": "Strikes and the Strike Phase (LE-STRIKE)",
}


def named_things(db: CardDB) -> dict[str, str]:
    """Every card id, card name (both sides), Act story and film id -> what it names."""
    out: dict[str, str] = {}
    for c in db.cards.values():
        out[c.id.lower()] = f"card id {c.id}"
        out[c.name.lower()] = f"card name of {c.id}"
        if getattr(c, "back_name", ""):
            out[c.back_name.lower()] = f"card name of {c.id}"
        if c.kind == "act":
            out[c.story.lower()] = f"Act story {c.story}"
    for f in db.films.values():
        out[f.id.lower()] = f"film id {f.id}"
    return {k: v for k, v in out.items() if k not in ALLOWED}


def mentions(text: str, names: dict[str, str]) -> list[str]:
    """``line N: 'word' (what it names)`` for every mention of a name in ``text``."""
    found = []
    for name, what in names.items():
        for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
            found.append(f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r} ({what})")
    return found


@pytest.fixture(scope="module")
def names() -> dict[str, str]:
    return named_things(load_db())


@pytest.mark.parametrize("path", GENERAL, ids=lambda p: str(p.relative_to(LEGENDARY)))
def test_general_modules_never_name_a_film_act_or_card(path: Path, names: dict[str, str]):
    assert mentions(path.read_text(encoding="utf-8"), names) == []


def test_the_scan_finds_a_card_name_in_a_comment(names: dict[str, str]):
    """The scan itself works: names, ids and stories are found in any case, whole words only."""
    text = "x = 1  # like Sentinel Destroyer\ny = 'he_is_the_one'\nz = the_matrix_extra\nTHE_MATRIX"
    got = mentions(text, names)
    assert any("'Sentinel Destroyer'" in g and g.startswith("line 1") for g in got)
    assert any("'he_is_the_one'" in g for g in got)
    assert any("'THE_MATRIX'" in g and "film id" in g for g in got)
    assert not any("the_matrix_extra" in g for g in got)


def test_the_allow_list_stays_small():
    assert len(ALLOWED) <= 10 and all(reason for reason in ALLOWED.values())
