"""Custom campaigns (LE-CAMPAIGN-07..09): three films built before game 1 from every standard Act
and Hero Group once, each with the lead character's Hero Group either from its Act 1's Extras or in
its starting Zion, never both, and no Extra Hero Group in a starting Zion."""
from __future__ import annotations

import pytest

from engine.legendary.campaign import (
    Catalog,
    FilmPlan,
    catalog,
    check_custom,
    custom_problems,
    new_campaign,
)
from engine.legendary.setup import SetupError

# A stand-in for the three films' content: Acts a/b/c 1..3, twelve groups, "neo_two" and
# "neo_three" the lead character's standard groups, "neo_one" the Extra of Act a1.
CAT = Catalog(
    acts={f"{x}{n}": n for x in "abc" for n in (1, 2, 3)},
    groups=frozenset({"neo_two", "neo_three", *(f"g{i}" for i in range(1, 11))}),
    extra_groups=frozenset({"neo_one", "keymaker"}),
    neo_groups=frozenset({"neo_one", "neo_two", "neo_three"}),
    neo_acts=frozenset({"a1"}),
    films=3,
)
GOOD = [
    FilmPlan("One", ("a1", "a2", "a3"), ("g1", "g2", "g3", "g4")),
    FilmPlan("Two", ("b1", "b2", "b3"), ("neo_two", "g5", "g6", "g7")),
    FilmPlan("Three", ("c1", "c2", "c3"), ("neo_three", "g8", "g9", "g10")),
]


def with_film(i: int, **change) -> list[FilmPlan]:
    plans = list(GOOD)
    old = plans[i]
    plans[i] = FilmPlan(change.get("name", old.name), change.get("acts", old.acts),
                        change.get("groups", old.groups))
    return plans


@pytest.mark.rule("LE-CAMPAIGN-07", "LE-CAMPAIGN-08", "LE-CAMPAIGN-09")
def test_a_legal_custom_campaign_has_no_problem():
    assert custom_problems(GOOD, CAT) == []
    check_custom(GOOD, CAT)


@pytest.mark.rule("LE-CAMPAIGN-01")
def test_a_custom_campaign_has_three_films():
    assert custom_problems(GOOD[:2], CAT) == ["LE-CAMPAIGN-01: a campaign has 3 films, not 2"]


@pytest.mark.rule("LE-CAMPAIGN-07")
@pytest.mark.parametrize(("plans", "words"), [
    (with_film(0, acts=("b1", "a2", "a3")), "used twice: b1"),  # b1 twice, a1 unused
    (with_film(0, acts=("b1", "a2", "a3")), "unused: a1"),
    (with_film(0, acts=("a2", "a1", "a3")), "'a2' is not one of the films' Act 1s"),
    (with_film(0, groups=("g1", "g2", "g3", "g5")), "used twice: g5"),
    (with_film(0, groups=("g1", "g2", "g3", "g3")), "4 different Hero Groups"),
    (with_film(0, groups=("g1", "g2", "g3", "zzz")), "'zzz' is not one of the films' Hero Groups"),
])
def test_every_act_and_hero_group_is_used_exactly_once(plans, words):
    problems = custom_problems(plans, CAT)
    assert any(p.startswith("LE-CAMPAIGN-07") and words in p for p in problems), problems


@pytest.mark.rule("LE-CAMPAIGN-08")
def test_a_film_needs_the_lead_act_or_a_lead_group_but_not_both():
    both = [GOOD[0], FilmPlan("Two", ("b1", "b2", "b3"), ("neo_two", "g5", "g6", "g7")), GOOD[2]]
    both[0] = FilmPlan("One", ("a1", "a2", "a3"), ("neo_two", "g2", "g3", "g4"))
    problems = custom_problems(both, CAT)
    assert any(p.startswith("LE-CAMPAIGN-08: film 1 (One) has both") for p in problems), problems
    neither = with_film(1, groups=("g1", "g5", "g6", "g7"))
    problems = custom_problems(neither, CAT)
    assert any(p.startswith("LE-CAMPAIGN-08: film 2 (Two) has neither") for p in problems), problems


@pytest.mark.rule("LE-CAMPAIGN-09")
@pytest.mark.parametrize("extra", ["neo_one", "keymaker"])
def test_extra_hero_groups_never_start_in_zion(extra):
    problems = custom_problems(with_film(0, groups=("g1", "g2", "g3", extra)), CAT)
    assert any(p.startswith("LE-CAMPAIGN-09") and extra in p for p in problems), problems


@pytest.mark.rule("LE-CAMPAIGN-07")
def test_check_custom_raises_the_first_problem_and_counts_the_rest():
    with pytest.raises(SetupError, match=r"^LE-CAMPAIGN-0[78]: .* \(and \d+ more\)$"):
        check_custom(with_film(0, acts=("b1", "b2", "a3")), CAT)


@pytest.mark.rule("LE-CAMPAIGN-07", "LE-CAMPAIGN-08", "LE-CAMPAIGN-09")
def test_the_catalog_comes_from_the_films_and_the_cards(shipped):
    cat = catalog(shipped)
    films = list(shipped.films.values())
    assert cat.acts == {story: n for f in films for n, story in enumerate(f.acts, start=1)}
    assert cat.groups == frozenset(g for f in films for g in f.groups)
    assert cat.neo_acts == {"what_is_the_matrix"}  # the Act 1 whose Extras hold a Neo group
    assert {"neo_the_matrix", "neo_reloaded", "neo_revolutions"} <= cat.neo_groups
    assert {"neo_the_matrix", "the_keymaker", "seraph"} <= cat.extra_groups


# A custom campaign over the three shipped films: every Act and standard Hero Group once; each film
# has the lead character's group (What is the Matrix?'s Extras, or a Neo group in Zion), not both.
SHIPPED_PLANS = [
    FilmPlan("The Red Pill", ("what_is_the_matrix", "the_battle_of_zion", "he_is_the_one"),
             ("tank", "link", "ship_captains", "morpheus_the_matrix")),
    FilmPlan("The Council", ("the_oracles_call", "know_thyself", "everything_that_has_a_beginning"),
             ("neo_reloaded", "trinity_the_matrix", "niobe", "defenders_of_zion")),
    FilmPlan("The Last Train", ("club_hel", "free_the_keymaker", "the_source"),
             ("neo_revolutions", "nebuchadnezzar_crew", "morpheus_reloaded_revolutions",
              "trinity_reloaded_revolutions")),
]


@pytest.mark.rule("LE-CAMPAIGN-07", "LE-CAMPAIGN-08", "LE-CAMPAIGN-09")
def test_a_custom_campaign_over_the_shipped_films_starts_and_its_first_game_sets_up(shipped):
    from engine.legendary.campaign import play
    from engine.legendary.game import LegendaryGame

    c = new_campaign(shipped, ["neo", "niobe"], custom=SHIPPED_PLANS, seed=4)
    setup = play(c)
    assert tuple(setup.acts) == SHIPPED_PLANS[0].acts and tuple(setup.groups) == SHIPPED_PLANS[0].groups
    game = LegendaryGame.new(setup, shipped)
    assert len(game.state.players) == 2 and not game.over
    mixed = [SHIPPED_PLANS[1], SHIPPED_PLANS[0], SHIPPED_PLANS[2]]
    mixed[0] = FilmPlan("Both", SHIPPED_PLANS[1].acts, ("neo_reloaded", "trinity_the_matrix", "niobe",
                                                        "the_keymaker"))
    with pytest.raises(SetupError, match="LE-CAMPAIGN-0[79]"):
        new_campaign(shipped, ["neo"], custom=mixed)
