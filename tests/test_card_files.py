"""The card files load, validate and hold the counts the rulebook fixes.

Covers the real files in cards/legendary/ and the test film in tests/fixtures/cards/. Depends only on
engine.legendary.schema (no engine logic), so a card-data error fails here with a clear message.
"""
from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from engine.legendary.carddb import NOT_CARD_FILES
from engine.legendary.schema import (
    ActCard,
    AvatarCard,
    CardFile,
    ChallengeCard,
    EnemyCard,
    EventCard,
    HeroCard,
    InevitableCard,
    Playmat,
    StrikeCard,
)

ROOT = Path(__file__).resolve().parent.parent
REAL_DIR = ROOT / "cards" / "legendary"
FIXTURE_DIR = ROOT / "tests" / "fixtures" / "cards"
PLAYMAT = REAL_DIR / "playmat.toml"

CLASSES = {"intellect", "range", "strength", "survival", "tech"}
MATRIX_KEYWORDS = {
    "buy_time", "chase", "cover", "double_strike", "evade", "stationary", "undefeatable", "wild_swing",
}
DECK_LABEL = re.compile(
    r"^(starting|hovercraft|strikes|avatar|part_of_the_system|traitor_mode|rules_fixture|group:[a-z0-9_]+|act:[a-z0-9_]+)$"
)


def _load(path: Path) -> CardFile:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    try:
        return CardFile.model_validate(data)
    except Exception as exc:  # pragma: no cover - the message is the point
        raise AssertionError(f"{path.relative_to(ROOT)}: {exc}") from exc


def _card_files(folder: Path) -> list[Path]:
    """The card files as the loader reads them: the top of the folder (lessons/ holds no cards)."""
    return sorted(p for p in folder.glob("*.toml") if p.name not in NOT_CARD_FILES)


def _cards(folder: Path) -> list:
    return [c for p in _card_files(folder) for c in _load(p).card]


def _copies(cards, **where) -> int:
    return sum(c.copies for c in cards if all(getattr(c, k, None) == v for k, v in where.items()))


@pytest.fixture(scope="module")
def real() -> list:
    return _cards(REAL_DIR)


@pytest.fixture(scope="module")
def fixture() -> list:
    return _cards(FIXTURE_DIR)


@pytest.fixture(scope="module")
def fixture_by_file() -> dict[str, list]:
    return {p.stem: _load(p).card for p in _card_files(FIXTURE_DIR)}


# --- every file ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    _card_files(REAL_DIR) + _card_files(FIXTURE_DIR),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_card_file_validates(path: Path) -> None:
    assert _load(path).card, f"{path.name} holds no [[card]]"


def test_ids_unique_across_all_files() -> None:
    seen: dict[str, str] = {}
    dupes = []
    for path in _card_files(REAL_DIR) + _card_files(FIXTURE_DIR):
        for card in _load(path).card:
            if card.id in seen:
                dupes.append(f"{card.id}: {seen[card.id]} and {path.name}")
            seen[card.id] = path.name
    assert not dupes, dupes


def test_deck_labels_follow_convention(real, fixture) -> None:
    bad = [(c.id, c.deck) for c in real + fixture if not DECK_LABEL.match(c.deck)]
    assert not bad, bad


def test_cards_with_rules_have_text(real, fixture) -> None:
    """A card whose data does something beyond its printed numbers says so in its text."""
    missing = []
    for c in real + fixture:
        busy = any(
            getattr(c, f, None)
            for f in ("effects", "class_ability", "once_this_turn", "sacrifice", "on_draw", "reveal",
                      "fight", "strike", "complete", "on_enter_combat", "keywords", "free_your_mind",
                      "may_take_instead", "pay_time_to_avoid")
        )
        if isinstance(c, StrikeCard) and not c.stays:
            busy = True
        if busy and not c.text.strip():
            missing.append(c.id)
    assert not missing, missing


# --- the real cards ------------------------------------------------------------------------------


@pytest.mark.rule("LE-MATRIX-09", "LE-MOVE-09")
def test_playmat() -> None:
    with PLAYMAT.open("rb") as fh:
        mat = Playmat.model_validate(tomllib.load(fh))
    assert mat.row[0].name == "Subway" and mat.row[0].phone
    assert mat.row[2].name == "Alley" and mat.row[2].phone
    assert [r.phone for r in mat.row].count(True) == 2
    assert [r.scan_cost for r in mat.row] == [1, 2, 2, 3, 3]
    assert (mat.combat_phone_cost, mat.combat_phone_max_cards) == (3, 2)
    assert (mat.dock_spaces, mat.hand_size, mat.start_time, mat.buy_time_default) == (5, 6, 10, 5)


@pytest.mark.rule("LE-SETUP-01")
def test_starting_heroes(real) -> None:
    start = {c.id: c for c in real if c.deck == "starting"}
    assert {k: v.copies for k, v in start.items()} == {
        "unplug": 35, "there_is_no_spoon": 25, "free_your_mind": 5,
    }
    assert all(isinstance(c, HeroCard) and c.cost == 0 and not c.classes for c in start.values())
    assert (start["unplug"].recruit, start["unplug"].attack) == (1, 0)
    assert (start["there_is_no_spoon"].recruit, start["there_is_no_spoon"].attack) == (0, 1)
    fym = start["free_your_mind"]
    assert fym.free_your_mind and fym.recruit == 0 and fym.attack == 0


@pytest.mark.rule("LE-SETUP-06", "LE-RECRUIT-06", "LE-RECRUIT-07", "LE-KEYWORD-08")
def test_hovercrafts(real) -> None:
    ships = [c for c in real if c.deck == "hovercraft"]
    assert sum(c.copies for c in ships) == 5
    assert all(isinstance(c, HeroCard) for c in ships)
    assert sorted(cls for c in ships for cls in c.classes) == sorted(CLASSES)
    assert all(len(c.classes) == 1 for c in ships)
    assert all(c.cost == 3 and "coordinate" in c.keywords and c.group == "hovercraft" for c in ships)


@pytest.mark.rule("LE-SETUP-07")
def test_strikes(real) -> None:
    strikes = [c for c in real if c.deck == "strikes"]
    assert all(isinstance(c, StrikeCard) for c in strikes)
    assert sum(c.copies for c in strikes) == 40
    names = {c.name: c for c in strikes}
    assert names["One of You is Going to Die"].may_take_instead
    assert names["Incoming"].pay_time_to_avoid == 1
    damage = Counter()
    for c in strikes:
        damage[c.damage] += c.copies
    assert damage[1] > damage[2] > damage[0] > 0, damage


# --- the test film -------------------------------------------------------------------------------


def test_fixture_avatars(fixture_by_file) -> None:
    avatars = fixture_by_file["avatars"]
    assert len(avatars) == 6 and all(isinstance(a, AvatarCard) and a.deck == "avatar" for a in avatars)
    assert len({a.character for a in avatars}) == 6
    neo = [a for a in avatars if a.character == "neo"]
    assert len(neo) == 1
    assert neo[0].rank == 1 and neo[0].starts_in_matrix and neo[0].free_your_mind_out_of_play
    assert all(2 <= a.rank <= 5 for a in avatars if a is not neo[0])
    assert all(len(a.ability_text) == 3 and a.abilities[0] != "same" for a in avatars)


def test_fixture_hero_groups(fixture_by_file) -> None:
    cards = fixture_by_file["groups"]
    groups: dict[str, list[HeroCard]] = {}
    for c in cards:
        assert isinstance(c, HeroCard) and c.deck == f"group:{c.group}", c.id
        groups.setdefault(c.group, []).append(c)
    assert len(groups) == 4
    for gid, members in groups.items():
        assert sorted(c.copies for c in members) == [1, 3, 5, 5], gid
        assert all(2 <= c.cost <= 8 for c in members), gid
    assert {cls for c in cards for cls in c.classes} == CLASSES


@pytest.mark.rule("LE-SETUP-09", "LE-SETUP-10", "LE-SETUP-11")
def test_fixture_acts_and_minidecks(fixture_by_file, fixture) -> None:
    acts = [c for c in fixture_by_file["acts"] if isinstance(c, ActCard)]
    stories = {1: "test_act_one", 2: "test_act_two", 3: "test_act_three"}
    sizes = {1: 10, 2: 11, 3: 13}
    mini = fixture_by_file["minidecks"]
    for n, story in stories.items():
        cards = [c for c in acts if c.act == n]
        assert all(c.story == story and c.deck == f"act:{story}" for c in cards)
        parts = sorted(p.part for c in cards for p in c.parts)
        assert parts == ([1, 2, 3] if n == 3 else [1, 2]), story
        assert len(cards) == (2 if n == 3 else 1), story
        deck = [c for c in mini if c.deck == f"act:{story}" and not c.extra]
        assert sum(c.copies for c in deck) == sizes[n], story
        assert _copies(deck, kind="inevitable") == (1 if n == 3 else 0), story
        ids = {c.id for c in deck}
        for c in cards:
            for p in c.parts:
                if p.objective and p.objective.type == "defeated":
                    assert p.objective.cards and set(p.objective.cards) <= ids, (story, p.part)
                    target = sum(x.copies for x in deck if x.id in p.objective.cards)
                    assert target >= p.objective.count, (story, p.part)
                    assert all(isinstance(x, EnemyCard) for x in deck if x.id in p.objective.cards)
    assert any(p.minor_victory for c in acts if c.act == 3 for p in c.parts)
    kinds = {type(c) for c in mini}
    assert {EnemyCard, ChallengeCard, EventCard, InevitableCard} <= kinds
    used = {k for c in mini if isinstance(c, EnemyCard | ChallengeCard) for k in c.keywords}
    assert used == MATRIX_KEYWORDS
    assert all(c.evade_cost > 0 for c in mini if isinstance(c, EnemyCard) and "evade" in c.keywords)
    assert any(isinstance(c, ChallengeCard) and any(e.verb == "move_to_operations" for e in c.reveal)
               for c in mini)
    assert any(isinstance(c, EventCard) and any(e.verb == "put_into_deck" for e in c.reveal)
               for c in mini)
    # every card of the test film sits in a deck the acts know
    for c in fixture:
        if c.deck.startswith("act:"):
            assert c.deck.removeprefix("act:") in stories.values(), c.id


def test_fixture_part_of_the_system(fixture_by_file) -> None:
    pots = fixture_by_file["part_of_the_system"]
    assert sum(c.copies for c in pots) == 19
    assert all(c.deck == "part_of_the_system" and c.part_of_the_system for c in pots)
    assert all(c.attack is not None and 1 <= c.attack <= 2 for c in pots if isinstance(c, EnemyCard))


def test_fixture_extras(fixture_by_file) -> None:
    extras = fixture_by_file["extras"]
    assert all(c.extra and c.deck == "act:test_act_one" for c in extras)
    groups = {c.group for c in extras if isinstance(c, HeroCard)}
    for act in fixture_by_file["acts"]:
        for p in act.parts:
            for e in p.on_complete + p.setup:
                if e.verb == "add_extras_to_zion" and e.group:
                    assert e.group in groups, (act.id, e.group)
