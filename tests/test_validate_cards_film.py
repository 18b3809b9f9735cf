"""`matrix-engine validate-cards` reports the components table's counts for every category The Matrix
film uses (shared/rules/legendary-encounters.md, "Components and counts")."""
from __future__ import annotations

import contextlib
import io
import json

import pytest

from engine import cli

# From the components table: counts for the categories the first film uses.
CATEGORIES = {"unplug": 35, "there_is_no_spoon": 25, "free_your_mind": 5, "hovercraft": 5, "strike": 40,
              "part_of_the_system": 19}
FILM_AVATARS = 6  # The Matrix's Avatars (LE-FILMS-03)
FILM_ACT_CARDS = {"what_is_the_matrix": 1, "know_thyself": 1, "he_is_the_one": 2}  # LE-SETUP-10
MINI_DECKS = {"what_is_the_matrix": 10, "know_thyself": 11, "he_is_the_one": 13}
EXTRAS = {"what_is_the_matrix": 14, "know_thyself": 9, "he_is_the_one": 11}
GROUPS = ("morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew", "neo_the_matrix")


@pytest.fixture(scope="module")
def report() -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["validate-cards"])
    assert code == 0, "validate-cards found errors in the shipped cards"
    return json.loads(out.getvalue())


@pytest.mark.rule("LE-SETUP-01", "LE-SETUP-06", "LE-SETUP-07", "LE-SETUP-15")
def test_validate_cards_reports_the_singles_of_the_components_table(report):
    for cat, n in CATEGORIES.items():
        assert report["by_category"][cat] == n, cat
    assert report["by_film"]["the_matrix"]["avatars"] == FILM_AVATARS


@pytest.mark.rule("LE-SETUP-10", "LE-SETUP-11", "LE-SETUP-17", "LE-FILMS-01")
def test_validate_cards_reports_each_act_of_the_matrix(report):
    for story in FILM_ACT_CARDS:
        row = report["by_act"][story]
        assert row == {"act_cards": FILM_ACT_CARDS[story], "mini_deck": MINI_DECKS[story],
                       "extras": EXTRAS[story]}, story
    film = report["by_film"]["the_matrix"]
    for n, story in enumerate(FILM_ACT_CARDS, start=1):
        assert (film[f"act{n}_act_cards"], film[f"act{n}_mini_deck"], film[f"act{n}_extras"]) == \
            (FILM_ACT_CARDS[story], MINI_DECKS[story], EXTRAS[story]), story


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-19", "LE-FILMS-02")
def test_validate_cards_reports_14_cards_per_hero_group(report):
    for g in GROUPS:
        assert report["by_group"][g] == 14, g
    assert report["by_film"]["the_matrix"]["hero_group_cards"] == 4 * 14


def test_a_card_naming_an_unknown_hook_fails_at_load(tmp_path):
    """Hooks are checked when the cards load, never mid-game, with the file and card named."""
    from engine.legendary.carddb import CardLoadError, load_files
    from engine.resources import cards_dir

    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nid = "odd_event"\nkind = "event"\nname = "Odd"\ndeck = "act:x"\n'
                   'reveal = [{ verb = "hook", name = "no_such_hook" }]\n', encoding="utf-8")
    with pytest.raises(CardLoadError) as err:
        load_files([bad], cards_dir("legendary") / "playmat.toml")
    assert any("bad.toml" in p and "odd_event" in p and "no_such_hook" in p for p in err.value.problems)


@pytest.mark.rule("LE-KEYWORD-30")
def test_every_keyword_appears_on_a_card_of_the_matrix():
    """Every Hero keyword and Matrix Deck keyword of LE-KEYWORD is printed on at least one card the
    film uses (its Acts' cards, its Hero Groups, the Hovercrafts and Part of the System)."""
    from typing import get_args

    from engine.legendary import schema
    from engine.legendary.carddb import load_db
    db = load_db()
    film = db.films["the_matrix"]
    decks = {f"act:{a}" for a in film.acts} | {f"group:{g}" for g in film.groups} | \
        {"hovercraft", "part_of_the_system"}
    cards = [c for c in db.cards.values() if c.deck in decks]
    printed = {k for c in cards for k in getattr(c, "keywords", ())}
    wanted = set(get_args(schema.EnemyKeyword)) | {"coordinate", "digital"}
    assert wanted <= printed, f"keywords on no card of the film: {sorted(wanted - printed)}"
    assert any(c.kind == "hero" and c.sacrifice for c in cards), "Sacrifice"
    assert any(c.kind == "hero" and c.class_ability for c in cards), "class abilities"
