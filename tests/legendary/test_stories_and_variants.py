"""Make Your Own Stories (LE-STORY) and the difficulty options (LE-VARIANT), on the shipped cards."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.legendary import flow
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import POTS_BY_PLAYERS, LegendarySetup, SetupError
from engine.legendary.state import State, dock
from engine.legendary.stories import story_parts
from engine.legendary.table import Table
from engine.legendary.variants import VARIANTS, variant_problem
from tests.legendary.conftest import setup_line

MATRIX_ACTS = ["what_is_the_matrix", "know_thyself", "he_is_the_one"]
MATRIX_GROUPS = ["morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew"]
MIXED_GROUPS = ["neo_reloaded", "tank", "ship_captains", "trinity_the_matrix"]


@pytest.fixture(scope="module")
def sdb() -> CardDB:
    return load_db()


def story(db: CardDB, avatars: list[str] | None = None, acts: list[str] | None = None,
          groups: list[str] | None = None, **kw: Any) -> LegendaryGame:
    setup = LegendarySetup(avatars=avatars or ["thomas_anderson_neo", "niobe"],
                           acts=acts or ["the_oracles_call", "know_thyself", "he_is_the_one"],
                           groups=groups or MIXED_GROUPS, seed=kw.pop("seed", 3),
                           story=kw.pop("story", True), **kw)
    return LegendaryGame.new(setup, db)


def zion_and_dock(s: State) -> list[int]:
    return s.piles["zion"] + [c for i in range(5) for c in s.piles[dock(i)]]


def group_counts(db: CardDB, s: State, cards: list[int]) -> Counter[str]:
    return Counter(getattr(db.cards[s.defs[c]], "group", None) for c in cards)


# --- LE-STORY ----------------------------------------------------------------------------------


@pytest.mark.rule("LE-STORY-01")
def test_le_story_01_any_avatars_but_one_of_each_character(sdb):
    game = story(sdb, avatars=["thomas_anderson_neo", "morpheus_reloaded_revolutions", "soren"])
    assert len(game.state.players) == 3  # Avatars of two films together
    for pair in (["thomas_anderson_neo", "neo_reloaded"],
                 ["morpheus_the_matrix", "morpheus_reloaded_revolutions"],
                 ["trinity_the_matrix", "trinity_reloaded_revolutions"]):
        with pytest.raises(SetupError, match="LE-SETUP-03"):
            story(sdb, avatars=pair)


@pytest.mark.rule("LE-STORY-02")
def test_le_story_02_any_act_1_any_act_2_any_act_3(sdb):
    game = story(sdb, acts=["the_oracles_call", "know_thyself", "he_is_the_one"])
    s = game.state
    stack = [sdb.cards[s.defs[c]].story for c in reversed(s.piles["acts"])]
    assert stack == ["the_oracles_call", "know_thyself", "he_is_the_one", "he_is_the_one"]
    decks = {sdb.cards[s.defs[c]].deck for c in s.piles["matrix_deck"]}
    assert {"act:the_oracles_call", "act:know_thyself", "act:he_is_the_one"} <= decks
    assert "act:what_is_the_matrix" not in decks and "act:free_the_keymaker" not in decks
    # each Act in its own slot
    with pytest.raises(SetupError, match="LE-SETUP-08"):
        story(sdb, acts=["know_thyself", "the_oracles_call", "he_is_the_one"])


@pytest.mark.rule("LE-STORY-03")
def test_le_story_03_zion_from_any_four_hero_groups(sdb):
    s = story(sdb, groups=MIXED_GROUPS).state
    assert group_counts(sdb, s, zion_and_dock(s)) == {g: 14 for g in MIXED_GROUPS}
    with pytest.raises(SetupError, match="LE-SETUP-18"):
        story(sdb, groups=MIXED_GROUPS[:3])


@pytest.mark.rule("LE-STORY-04")
def test_le_story_04_every_story_needs_a_neo_hero_group(sdb):
    no_neo = ["tank", "ship_captains", "trinity_the_matrix", "morpheus_the_matrix"]
    with pytest.raises(SetupError, match="LE-STORY-04"):
        story(sdb, acts=["the_oracles_call", "know_thyself", "he_is_the_one"], groups=no_neo)
    # What is the Matrix? as Act 1 brings Neo (The Matrix) among its Extras
    s = story(sdb, acts=MATRIX_ACTS, groups=no_neo).state
    assert group_counts(sdb, s, s.piles["extras"])["neo_the_matrix"] == 14
    # or a Neo Hero Group starts in Zion
    story(sdb, acts=["the_oracles_call", "free_the_keymaker", "he_is_the_one"],
          groups=["neo_reloaded", *no_neo[:3]])


@pytest.mark.rule("LE-STORY-05", "LE-SETUP-19")
def test_le_story_05_a_story_may_start_an_extra_hero_group_in_zion(sdb):
    groups = ["neo_the_matrix", "tank", "ship_captains", "the_keymaker"]
    s = story(sdb, acts=MATRIX_ACTS, groups=groups).state
    # default: the Extra group is one of the four, so Zion holds 56 cards
    assert group_counts(sdb, s, zion_and_dock(s)) == {g: 14 for g in groups}
    assert group_counts(sdb, s, s.piles["extras"])["neo_the_matrix"] == 0
    # a film's setup (not a story) keeps Extras out of Zion
    with pytest.raises(SetupError, match="LE-SETUP-19"):
        story(sdb, acts=MATRIX_ACTS, groups=groups, story=False)


@pytest.mark.rule("LE-STORY-05", "LE-SETUP-19")
def test_le_story_05_the_extra_hero_groups_are_those_an_act_adds_to_zion(sdb):
    """From the card data: an Extra Hero Group is one some Act shuffles into Zion during play. The
    Oracle Heroes Know Thyself gives out and The Source's She is Going to Die are Extras with a
    group name, but no Hero Group: no story starts them in Zion."""
    assert story_parts(sdb).extra_groups == ("neo_the_matrix", "seraph", "the_keymaker")
    for g in story_parts(sdb).extra_groups:
        assert sum(c.copies for c in sdb.cards.values() if getattr(c, "group", "") == g) == 14
    for not_a_group in ("oracle", "the_source"):
        assert any(getattr(c, "group", "") == not_a_group and c.extra for c in sdb.cards.values())
        with pytest.raises(SetupError, match="LE-STORY-05") as refused:
            story(sdb, acts=MATRIX_ACTS, groups=["neo_the_matrix", "tank", "ship_captains", not_a_group])
        assert repr(not_a_group) in str(refused.value)


@pytest.mark.rule("LE-STORY-05")
def test_le_story_05_a_card_folders_own_extra_group_counts_when_its_act_adds_it(db):
    """The fixture Act One adds its 3-card group ``test_extra`` to Zion: an Extra Hero Group there."""
    assert "test_extra" in story_parts(db).extra_groups


@pytest.mark.rule("LE-STORY-06")
def test_le_story_06_adding_a_group_that_started_in_zion_is_ignored(sdb):
    groups = ["neo_the_matrix", "tank", "ship_captains", "trinity_the_matrix"]
    game = story(sdb, acts=MATRIX_ACTS, groups=groups)
    s = game.state
    t = Table(sdb, s)
    before = sorted(zion_and_dock(s)), sorted(s.piles["extras"])
    act1 = next(c for c in s.piles["acts"] if s.defs[c] == "what_is_the_matrix")
    # Act 1's first Objective: "shuffle the Neo (The Matrix) Hero Group into Zion"
    s.stack.append({"op": "fx", "fx": {"verb": "add_extras_to_zion", "group": "neo_the_matrix"},
                    "src": act1, "seat": 0})
    flow.run(t)
    assert (sorted(zion_and_dock(s)), sorted(s.piles["extras"])) == before
    assert group_counts(sdb, s, zion_and_dock(s))["neo_the_matrix"] == 14


# --- LE-VARIANT -------------------------------------------------------------------------------


def film_game(db: CardDB, players: int = 2, variants: list[str] | None = None, seed: int = 5
              ) -> LegendaryGame:
    avatars = ["thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch",
               "mouse"][:players]
    return LegendaryGame.new(LegendarySetup(avatars=avatars, acts=MATRIX_ACTS, groups=MATRIX_GROUPS,
                                            seed=seed, variants=variants or []), db)


def pots_in_deck(db: CardDB, s: State) -> int:
    return sum(1 for c in s.piles["matrix_deck"] + [c for i in range(5) for c in s.piles[f"row.{i}"]]
               if getattr(db.cards[s.defs[c]], "part_of_the_system", False))


@pytest.mark.rule("LE-VARIANT-02")
def test_le_variant_02_options_combine_easier_and_harder(sdb):
    every = list(VARIANTS)
    s = film_game(sdb, 3, every).state
    assert s.time == 7  # Time is Running Out
    assert all(p.health_bonus > 0 for p in s.players)  # Dodge Bullets
    assert all(p.prep_turn for p in s.players if p.seat != s.active)  # The Construct
    assert sum(1 for i in range(5) if s.piles[f"row.{i}"]) == 3  # The Agents are Coming
    assert pots_in_deck(sdb, s) == 3 * POTS_BY_PLAYERS[3]  # one step up and one step down
    assert variant_problem(every) is None
    assert variant_problem(["construct", "construct"]) is not None
    with pytest.raises(SetupError, match="LE-VARIANT-02"):
        film_game(sdb, 2, ["time_is_running_out", "time_is_running_out"])
    with pytest.raises(SetupError, match="LE-VARIANT-02"):
        film_game(sdb, 2, ["no_such_option"])


@pytest.mark.rule("LE-VARIANT-03")
def test_le_variant_03_more_part_of_the_system_capped_by_the_supply(sdb):
    assert pots_in_deck(sdb, film_game(sdb, 2).state) == 3 * POTS_BY_PLAYERS[2]
    assert pots_in_deck(sdb, film_game(sdb, 2, ["not_ready_to_be_unplugged"] * 2).state) == \
        3 * (POTS_BY_PLAYERS[2] + 2)
    assert pots_in_deck(sdb, film_game(sdb, 4, ["not_ready_to_be_unplugged"]).state) == 18
    with pytest.raises(SetupError, match="LE-VARIANT-03"):  # 4 players +2: 21 cards, 19 exist
        film_game(sdb, 4, ["not_ready_to_be_unplugged"] * 2)


def prep_turns(s: State) -> list[bool]:
    """Who gets a prep turn: the active player is in theirs when the Row is still empty."""
    row_empty = all(s.piles[f"row.{i}"] == [] for i in range(5))
    return [p.prep_turn or (p.seat == s.active and row_empty) for p in s.players]


@pytest.mark.rule("LE-VARIANT-04")
def test_le_variant_04_the_construct_one_prep_turn_each(sdb):
    game = film_game(sdb, 2, ["construct"])
    s = game.state
    assert prep_turns(s) == [True, True]
    deck = len(s.piles["matrix_deck"])
    assert game.apply("end").accepted  # the second player's prep turn: no Matrix Phase
    assert len(s.piles["matrix_deck"]) == deck and prep_turns(s) == [False, True]
    assert game.apply("end").accepted  # back to the first player: a normal turn
    assert len(s.piles["matrix_deck"]) == deck - 1 and prep_turns(s) == [False, False]
    # with the 5-player prep turn: still one each, not two
    game5 = film_game(sdb, 5, ["construct"])
    deck5 = len(game5.state.piles["matrix_deck"])
    for _ in range(5):
        assert game5.apply("end").accepted
    assert len(game5.state.piles["matrix_deck"]) == deck5 - 1
    assert prep_turns(film_game(sdb, 2).state) == [False, False]


@pytest.mark.rule("LE-VARIANT-05")
def test_le_variant_05_health_raised_by_speed(sdb):
    plain = film_game(sdb, 2).state
    dodge = film_game(sdb, 2, ["dodge_bullets"]).state
    t, t2 = Table(sdb, plain), Table(sdb, dodge)
    for seat in range(2):
        speed = sdb.cards[dodge.defs[dodge.players[seat].avatar]].speed
        assert speed > 0
        assert t2.health(seat) == t.health(seat) + speed


@pytest.mark.rule("LE-VARIANT-07")
def test_le_variant_07_a_smaller_system_never_below_zero(sdb):
    assert pots_in_deck(sdb, film_game(sdb, 3, ["smaller_system"]).state) == 3 * (POTS_BY_PLAYERS[3] - 1)
    assert pots_in_deck(sdb, film_game(sdb, 2, ["smaller_system"] * 3).state) == 0


@pytest.mark.rule("LE-VARIANT-08")
def test_le_variant_08_the_agents_are_coming_three_face_down_in_the_rightmost_spaces(sdb):
    s = film_game(sdb, 2, ["agents_are_coming", "construct"], seed=8).state  # no first Matrix Phase
    plain = film_game(sdb, 2, ["construct"], seed=8).state
    top3 = plain.piles["matrix_deck"][-3:]
    # dealt one at a time as in the Matrix Phase: the first card dealt has moved furthest left
    row = [s.piles[f"row.{i}"] for i in range(5)]
    assert row[0] == [] and row[1] == []
    assert [pile[0] for pile in row[2:]] == [top3[-1], top3[-2], top3[-3]]
    assert not {c for pile in row for c in pile} & s.face_up
    assert len(s.piles["matrix_deck"]) == len(plain.piles["matrix_deck"]) - 3


@pytest.mark.rule("LE-VARIANT-09", "LE-SETUP-21")
def test_le_variant_09_time_is_running_out_starts_at_7(sdb):
    assert film_game(sdb, 2).state.time == 10
    assert film_game(sdb, 2, ["time_is_running_out"]).state.time == 7


@pytest.mark.rule("LE-VARIANT-02", "LE-STORY-02")
def test_a_story_with_options_is_recorded_in_the_save_and_reloads(sdb, tmp_path):
    game = story(sdb, variants=["slowing_time", "not_ready_to_be_unplugged", "not_ready_to_be_unplugged"])
    path = tmp_path / "story.json"
    game.save(path)
    again = LegendaryGame.load(path, sdb)
    assert again.state.setup["story"] is True
    assert again.state.setup["variants"] == ["slowing_time", "not_ready_to_be_unplugged",
                                             "not_ready_to_be_unplugged"]
    assert again.state_hash() == game.state_hash()


@pytest.mark.rule("LE-VARIANT-06")
@pytest.mark.parametrize("slowing", [False, True])
def test_le_variant_06_slowing_time_caps_enemy_strikes_on_time_at_1(scenario, slowing):
    extra = "variants=slowing_time" if slowing else ""
    sc = scenario(setup_line(2, extra=extra) + """
empty row.0 row.1 row.2 row.3 row.4 combat
active 0
world 0 real
put test_one_drill_sentinel combat
put test_one_drill_cop combat
put test_two_drill_enforcer combat
""")
    s = sc.game.state
    res = sc.command("end")
    assert res.accepted
    # default: the cap covers every Enemy strike on the Time Track, Double Strike included
    assert s.time == (9 if slowing else 6)
    assert bool([e for e in res.events if e.kind == "strike_slowed"]) is slowing
