"""Keyword reminder text (cards/legendary/keywords.toml) and the printed card information."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.cardfiles import CardLoadError
from engine.legendary.carddb import load_db
from engine.legendary.cardinfo import card_info
from engine.legendary.keywords import card_keywords, load_keywords, missing_reminders, parse_keywords
from engine.legendary.schema import EnemyKeyword, HeroKeyword

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cards"


@pytest.mark.rule("LE-KEYWORD-30")
def test_every_keyword_a_card_uses_has_a_reminder() -> None:
    keywords = load_keywords()
    db = load_db([FIXTURES])
    used = {k for c in db.cards.values() for k in card_keywords(c)}
    assert {"coordinate", "buy_time", "chase", "sacrifice", "free_your_mind"} <= used
    assert missing_reminders(db.cards.values(), keywords) == []
    # every keyword the card schema allows, not only those in use today
    for literal in (EnemyKeyword, HeroKeyword):
        assert set(literal.__args__) <= set(keywords)


def test_reminders_are_one_short_line_naming_a_rule() -> None:
    for kw in load_keywords().values():
        assert "\n" not in kw.reminder and len(kw.reminder) <= 120
        assert kw.rule.startswith("LE-")


CHASE = '[[keyword]]\nid = "chase"\nname = "Chase"\nfamily = "matrix"\nrule = "LE-KEYWORD-21"\n'


def test_a_bad_keyword_file_names_the_problem() -> None:
    with pytest.raises(CardLoadError, match="reminder"):
        parse_keywords(CHASE)
    with pytest.raises(CardLoadError, match="listed twice"):
        one = CHASE + 'reminder = "Moves one more space."\n'
        parse_keywords(one + one)
    with pytest.raises(CardLoadError, match="keywords.toml"):
        parse_keywords("[[keyword]\n")


def test_missing_reminders_names_card_and_keyword() -> None:
    db = load_db()
    keywords = {k: v for k, v in load_keywords().items() if k != "chase"}
    missing = missing_reminders(db.cards.values(), keywords)
    assert missing and all("'chase'" in m for m in missing)


def test_card_info_holds_numbers_text_and_keyword_reminders() -> None:
    db = load_db()
    info = card_info(db, "agent_on_the_rooftop")
    assert info.name == "Agent on the Rooftop" and ("Attack", "8") in info.numbers
    assert ("Buy Time", "5") in info.numbers
    assert any("Fight:" in p for p in info.paragraphs)
    names = [k.name for k in info.keywords]
    assert names == ["Wild Swing", "Buy Time"]
    assert all(k.reminder and k.rule.startswith("LE-KEYWORD") for k in info.keywords)
    neo = card_info(db, "thomas_anderson_neo", side="back")
    assert neo.name == "Thomas Anderson" and ("Health", "9") in neo.numbers
