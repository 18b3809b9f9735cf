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
    matrix = next(iter(shipped.films.values()))
    assert cat.acts == {story: n for n, story in enumerate(matrix.acts, start=1)}
    assert cat.groups == frozenset(matrix.groups)
    assert cat.neo_acts == {matrix.acts[0]}  # the Act 1 whose Extras hold the first Neo group
    assert {"neo_the_matrix", "neo_reloaded"} <= cat.neo_groups
    assert {"neo_the_matrix", "the_keymaker"} <= cat.extra_groups


@pytest.mark.rule("LE-CAMPAIGN-07")
def test_a_custom_campaign_needs_the_content_of_three_films(shipped):
    if len(shipped.films) >= 3:
        pytest.skip("all three films are registered now")
    matrix = next(iter(shipped.films.values()))
    plan = FilmPlan("Mine", matrix.acts, matrix.groups)
    with pytest.raises(SetupError, match="LE-CAMPAIGN-07: a custom campaign uses the Acts and Hero "
                                         "Groups of all 3 films"):
        new_campaign(shipped, ["neo"], custom=[plan, plan, plan])
