"""The second and third films as setups (LE-FILMS-04..09) and the box's counts that
`matrix-engine validate-cards` reports for them (the components table in shared/rules)."""
from __future__ import annotations

import contextlib
import io
import itertools
import json

import pytest

from engine import cli
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import available_films, film_setup
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import SetupError

FILMS = {
    "reloaded": {
        "name": "Reloaded",
        "acts": ("the_oracles_call", "free_the_keymaker", "the_source"),
        "act_names": ("The Oracle's Call", "Free the Keymaker", "The Source"),
        "groups": ("neo_reloaded", "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions",
                   "ship_captains"),
        "avatars": ("neo_reloaded", "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions",
                    "niobe", "roland", "soren"),
        "counts": {"the_oracles_call": (1, 10, 4), "free_the_keymaker": (1, 11, 14),
                   "the_source": (2, 13, 1)},
    },
    "revolutions": {
        "name": "Revolutions",
        "acts": ("club_hel", "the_battle_of_zion", "everything_that_has_a_beginning"),
        "act_names": ("Club Hel", "The Battle of Zion", "Everything That Has a Beginning"),
        "groups": ("neo_revolutions", "niobe", "link", "defenders_of_zion"),
        "avatars": ("neo_revolutions", "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions",
                    "niobe", "roland", "soren"),
        "counts": {"club_hel": (1, 10, 14), "the_battle_of_zion": (1, 11, 0),
                   "everything_that_has_a_beginning": (2, 13, 0)},
    },
}
WHOLE_BOX_WITHOUT_TRAITOR_MODE = 491  # the components table's total minus the 9 Traitor Mode cards


@pytest.fixture(scope="module")
def sdb() -> CardDB:
    return load_db()


@pytest.fixture(scope="module")
def report() -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["validate-cards"]) == 0, "validate-cards found errors in the shipped cards"
    return json.loads(out.getvalue())


@pytest.mark.rule("LE-FILMS-04", "LE-FILMS-05", "LE-FILMS-06", "LE-FILMS-07", "LE-FILMS-08", "LE-FILMS-09")
@pytest.mark.parametrize("film_id", list(FILMS))
def test_le_films_04_to_09_acts_groups_and_avatars(sdb, film_id):
    want = FILMS[film_id]
    f = sdb.films[film_id]
    assert f.name == want["name"] and f in available_films(sdb)
    assert f.acts == want["acts"] and f.groups == want["groups"] and f.avatars == want["avatars"]
    first = {c.story: c for c in sdb.cards.values() if c.kind == "act" and c.parts[0].part == 1}
    assert tuple(first[a].name for a in f.acts) == want["act_names"]
    assert [first[a].act for a in f.acts] == [1, 2, 3]
    for g in f.groups:  # standard Hero Groups of 14 cards (LE-SETUP-18), never Extras
        cards = [c for c in sdb.cards.values() if c.kind == "hero" and c.group == g]
        assert sum(c.copies for c in cards) == 14 and not any(c.extra for c in cards), g


@pytest.mark.rule("LE-FILMS-06", "LE-FILMS-09", "LE-FILMS-10", "LE-SETUP-03")
@pytest.mark.parametrize("film_id", list(FILMS))
def test_every_combination_of_a_films_avatars_sets_up(sdb, film_id):
    avatars = FILMS[film_id]["avatars"]
    built = 0
    for n in range(1, 6):
        for combo in itertools.combinations(avatars, n):
            s = LegendaryGame.new(film_setup(film_id, n, 5, avatars=list(combo)), sdb).state
            assert [s.defs[p.avatar] for p in s.players] == list(combo)
            assert s.phase == "action" and not s.result
            built += 1
    assert built == 6 + 15 + 20 + 15 + 6
    with pytest.raises(SetupError, match="LE-FILMS-10"):  # The Matrix's Neo is not in this film
        film_setup(film_id, 2, 1, avatars=["thomas_anderson_neo", avatars[1]])


@pytest.mark.rule("LE-SETUP-10", "LE-SETUP-17", "LE-FILMS-04", "LE-FILMS-07")
@pytest.mark.parametrize("film_id", list(FILMS))
def test_validate_cards_counts_each_act(report, film_id):
    for story, (act_cards, mini, extras) in FILMS[film_id]["counts"].items():
        assert report["by_act"][story] == {"act_cards": act_cards, "mini_deck": mini, "extras": extras}, story


@pytest.mark.rule("LE-FILMS-05", "LE-FILMS-08", "LE-FILMS-06", "LE-FILMS-09")
def test_validate_cards_counts_the_whole_box(report):
    groups = [g for f in FILMS.values() for g in f["groups"]]
    for g in groups:
        assert report["by_group"][g] == 14, g
    new_avatars = {a for f in FILMS.values() for a in f["avatars"]}
    assert len(new_avatars) == 7  # Neo (Reloaded), Neo (Revolutions) and the five shared ones
    assert report["by_category"]["traitor_mode"] == 9
    assert report["cards"] - report["by_category"]["traitor_mode"] == WHOLE_BOX_WITHOUT_TRAITOR_MODE
