"""Rule tests for LE-GEN (overview, win and loss), LE-SETUP (game setup) and LE-TURN (turn order).

Setup rules are checked on the state right after ``LegendaryGame.new``; the fixture film has the
10/11/13-card mini-decks and the 19 Part of the System cards of the real box.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine.legendary import carddb
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import (
    LegendarySetup,
    SetupError,
    recommended_first_game_avatars,
)
from engine.legendary.state import State, dock, pp
from engine.legendary.table import Table
from tests.legendary.conftest import ACTS, AVATARS, FIXTURE_CARDS, GROUPS, setup_line
from tests.legendary.helpers import POTS_BY_PLAYERS

ACT_LIST = ACTS.split(",")
GROUP_LIST = GROUPS.split(",")
# Ranks of the fixture Avatars: captain 2, pilot 3, medic 4, operator 5, brawler 3.


def new_game(db: CardDB, players: int = 2, *, avatars: list[str] | None = None,
             acts: list[str] | None = None, groups: list[str] | None = None, seed: int = 1,
             **kw) -> LegendaryGame:
    avatars = list(AVATARS[:players]) if avatars is None else avatars
    setup = LegendarySetup(avatars=avatars, acts=acts or ACT_LIST,
                           groups=groups or GROUP_LIST, seed=seed, card_dirs=[str(FIXTURE_CARDS)],
                           **kw)
    return LegendaryGame.new(setup, db)


def defs(s: State, pile: str) -> list[str]:
    return [s.defs[c] for c in s.piles[pile]]


def matrix_cards(s: State) -> list[int]:
    """The Matrix Deck as built by setup, bottom to top: the first turn's Matrix Phase has already
    moved its top card into the rightmost Row space (a prep turn does not)."""
    entered = [c for i in range(5) for c in s.piles[f"row.{i}"]]
    assert len(entered) <= 1
    return s.piles["matrix_deck"] + entered


def with_deck_labels(db: CardDB, **labels: str) -> CardDB:
    """A copy of the card database where some cards carry another Deck Label."""
    cards = dict(db.cards)
    for cid, deck in labels.items():
        cards[cid] = cards[cid].model_copy(update={"deck": deck})
    return db.with_cards(cards)


def rejected(res, rule: str) -> bool:
    return not res.accepted and res.rule == rule


# --- LE-GEN ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-GEN-01")
def test_le_gen_01_one_to_five_players(db):
    with pytest.raises(SetupError, match="LE-GEN-01"):
        new_game(db, avatars=[])
    with pytest.raises(SetupError, match="LE-GEN-01"):
        new_game(db, avatars=[*AVATARS, "test_avatar_neo"])
    assert len(new_game(db, 1).state.players) == 1
    assert len(new_game(db, 5).state.players) == 5


@pytest.mark.rule("LE-GEN-01", "LE-SETUP-05", "LE-DEFEAT-09")
def test_le_gen_01_one_defeat_before_act_3_loses_for_the_whole_team(scenario):
    sc = scenario("""
world 0 matrix
put strike_cracked_ribs p0.strikes
put strike_cracked_ribs p0.strikes
put strike_cracked_ribs p0.strikes
put strike_cracked_ribs p0.strikes
put strike_split_lip p0.strikes
put strike_split_lip p0.strikes
put strike_split_lip p0.strikes
put strike_bullet_graze strikes as graze
""")
    t = sc.t
    assert t.health(0) == 8 and t.damage(0) == 7  # Test Captain's Health is 8
    sc.line("effect 0 draw_strike")
    s = sc.game.state
    assert sc.ref("graze") in s.piles["p0.strikes"]
    assert s.result == "loss:defeat" and sc.game.over
    # one shared result: nobody, the other player included, may act any more
    assert rejected(sc.command("end"), "LE-GEN-03")
    hand1 = s.piles["p1.hand"][0]
    assert rejected(sc.command(f"@1 coordinate {hand1}"), "LE-GEN-03")
    assert sc.game.legal_commands() == []


@pytest.mark.rule("LE-GEN-02", "LE-SETUP-08")
def test_le_gen_02_three_acts_chosen_in_order(db):
    with pytest.raises(SetupError, match="LE-SETUP-08"):
        new_game(db, acts=["test_act_two", "test_act_one", "test_act_three"])
    with pytest.raises(SetupError, match="LE-SETUP-08"):
        new_game(db, acts=["test_act_one", "test_act_two"])
    with pytest.raises(SetupError, match="LE-SETUP-08"):
        new_game(db, acts=["test_act_one", "test_act_two", "test_act_three", "test_act_three"])


OBJECTIVE_CARDS = {  # (act, part) -> the Enemies its Objective needs defeated
    (1, 1): ["test_one_drill_agent"],
    (1, 2): ["test_one_drill_sentinel", "test_one_drill_sentinel"],
    (2, 1): ["test_two_drill_enforcer"],
    (2, 2): ["test_two_drill_hunter", "test_two_drill_hunter"],
    (3, 1): ["test_three_drill_agent_squad"],
    (3, 2): ["test_three_drill_squid", "test_three_drill_squid"],
    (3, 3): ["test_three_drill_smith"],
}


def _meet_objective(sc: Scenario) -> None:
    s = sc.game.state
    sc.line("empty row.0 row.1 row.2 row.3 row.4 combat")
    for d in OBJECTIVE_CARDS[(s.act, s.part)]:
        sc.line(f"put {d} defeated_enemies")


@pytest.mark.rule("LE-GEN-02", "LE-GEN-03", "LE-ACT-03")
def test_le_gen_02_play_runs_through_act_1_2_3_and_the_final_objective_wins(scenario):
    sc = scenario()
    s = sc.game.state
    seen = [(s.act, s.part)]
    while not sc.game.over:
        _meet_objective(sc)
        assert sc.command("objective").accepted
        seen.append((s.act, s.part))
    assert seen == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (3, 3)]
    assert s.result == "major"
    assert rejected(sc.command("end"), "LE-GEN-03")


@pytest.mark.rule("LE-GEN-03", "LE-ACT-15")
def test_le_gen_03_minor_victory_is_a_team_win(scenario):
    sc = scenario("act 3 3")
    assert sc.command("minor-victory").accepted
    assert sc.game.state.result == "minor"
    assert rejected(sc.command("end"), "LE-GEN-03")
    assert rejected(sc.command("objective"), "LE-GEN-03")


@pytest.mark.rule("LE-GEN-04", "LE-RECRUIT-04")
def test_le_gen_04_recruited_hero_goes_to_discard_then_into_the_next_deck(scenario):
    sc = scenario("world 0 real\npool recruit=9")
    s = sc.game.state
    hero = s.piles[dock(2)][0]
    assert sc.command(f"recruit {hero}").accepted
    assert hero in s.piles["p0.discard"]
    assert hero not in s.piles["p0.deck"] and hero not in s.piles["p0.hand"]
    sc.line("empty p0.deck")  # the deck runs out: Cleanup's draw reshuffles the discard pile
    assert sc.command("end").accepted
    assert hero in s.piles["p0.deck"] + s.piles["p0.hand"]
    assert not s.piles["p0.discard"]


@pytest.mark.rule("LE-GEN-05", "LE-FIGHT-10")
def test_le_gen_05_cards_beside_an_avatar_are_in_the_real_world(scenario):
    sc = scenario("""
put test_three_drill_swarm p1.beside up as swarm
world 0 matrix
pool attack=9
""")
    s = sc.game.state
    res = sc.command("fight $swarm")
    assert rejected(res, "LE-FIGHT-10") and sc.ref("swarm") in s.piles["p1.beside"]
    sc.line("world 0 real")
    assert sc.command("fight $swarm").accepted
    assert sc.ref("swarm") in s.piles["defeated_enemies"]


@pytest.mark.rule("LE-GEN-06")
def test_le_gen_06_avatar_stays_put_while_the_rsi_moves(scenario):
    sc = scenario("world 0 real")
    s = sc.game.state
    avatar = s.players[0].avatar
    assert s.piles["p0.avatar"] == [avatar]
    assert sc.command("move matrix").accepted
    assert s.players[0].in_matrix and s.piles["p0.avatar"] == [avatar]
    view = sc.game.observe(0)
    assert view["players"][0]["in_matrix"] is True
    assert view["piles"]["p0.avatar"]["cards"][0]["id"] == avatar


@pytest.mark.rule("LE-GEN-07")
def test_le_gen_07_in_the_matrix_effects_check_each_rsi(scenario):
    sc = scenario("""
world 0 matrix
world 1 real
put test_two_drill_ambush row.1 down as ambush
put strike_bullet_graze strikes as graze1
put strike_split_lip strikes as graze2
pool attack=2
""")
    s = sc.game.state
    assert sc.command("scan 1").accepted  # Reveal: each player in the Matrix draws a Strike
    assert sc.ref("graze2") in s.piles["p0.strikes"]
    assert s.piles["p1.strikes"] == []
    assert sc.ref("graze1") in s.piles["strikes"]


@pytest.mark.rule("LE-GEN-08")
def test_le_gen_08_hands_are_open_in_the_normal_game(scenario):
    sc = scenario()
    s = sc.game.state
    view = sc.game.observe(1)
    shown = [c.get("id") for c in view["piles"]["p0.hand"]["cards"]]
    assert shown == s.piles["p0.hand"] and len(shown) == 6


# --- LE-SETUP -------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-01")
def test_le_setup_01_thirteen_card_starting_decks(db):
    g = new_game(db, 4)
    s = g.state
    for seat in range(4):
        cards = Counter(defs(s, pp(seat, "deck")) + defs(s, pp(seat, "hand")))
        assert cards == {"unplug": 7, "there_is_no_spoon": 5, "free_your_mind": 1}


@pytest.mark.rule("LE-SETUP-02", "LE-SETUP-23")
def test_le_setup_02_each_player_has_one_avatar_with_the_rsi_on_it(db):
    g = new_game(db, 3)
    s = g.state
    for seat, av in enumerate(AVATARS[:3]):
        assert defs(s, pp(seat, "avatar")) == [av]
        assert s.players[seat].avatar in s.face_up
        assert s.players[seat].in_matrix is False
    with pytest.raises(SetupError, match="LE-SETUP-02"):
        new_game(db, avatars=["test_avatar_captain", "unplug"])
    with pytest.raises(SetupError, match="LE-SETUP-02"):
        new_game(db, avatars=["test_avatar_captain", "no_such_avatar"])


@pytest.mark.rule("LE-SETUP-03")
def test_le_setup_03_no_shared_avatar_and_one_version_per_character(db):
    with pytest.raises(SetupError, match="LE-SETUP-03"):
        new_game(db, avatars=["test_avatar_captain", "test_avatar_captain"])
    with pytest.raises(SetupError, match="LE-SETUP-03: two versions"):
        new_game(db, avatars=["test_avatar_neo", "rules_avatar_neo_again"])
    assert new_game(db, avatars=["test_avatar_neo", "test_avatar_captain"]).state.players


@pytest.mark.rule("LE-SETUP-04", "LE-SETUP-23")
def test_le_setup_04_thomas_anderson_starts_in_the_matrix_without_free_your_mind(db):
    g = new_game(db, avatars=["test_avatar_captain", "test_avatar_neo"])
    s = g.state
    neo, other = s.players[1], s.players[0]
    assert neo.in_matrix and not other.in_matrix
    mine = defs(s, "p1.deck") + defs(s, "p1.hand")
    assert len(mine) == 12 and "free_your_mind" not in mine
    assert Counter(mine) == {"unplug": 7, "there_is_no_spoon": 5}
    assert defs(s, "out_of_play").count("free_your_mind") == 1
    assert len(s.piles["p0.deck"]) + len(s.piles["p0.hand"]) == 13


@pytest.mark.rule("LE-SETUP-04")
def test_le_setup_04_double_sided_avatar_starts_on_its_named_side(db):
    g = new_game(db, avatars=["rules_avatar_anderson", "test_avatar_captain"])
    s = g.state
    t = Table(g.db, s)
    assert s.players[0].avatar in s.flipped
    assert t.player_name(0) == "Rules Thomas Anderson"
    assert g.observe(0)["players"][0]["name"] == "Rules Thomas Anderson"
    assert s.players[0].in_matrix and "free_your_mind" in defs(s, "out_of_play")
    # a one-sided Avatar is not turned over
    assert s.players[1].avatar not in s.flipped and t.player_name(1) == "Test Captain"


@pytest.mark.rule("LE-SETUP-05", "LE-SETUP-25")
def test_le_setup_25_best_rank_goes_first(db):
    g = new_game(db, avatars=["test_avatar_medic", "test_avatar_captain", "test_avatar_pilot"])
    assert g.state.active == 1  # Rank 2 beats 3 and 4
    g = new_game(db, avatars=["test_avatar_captain", "test_avatar_neo"])
    assert g.state.active == 1  # Rank 1


@pytest.mark.rule("LE-SETUP-25")
def test_le_setup_25_tie_for_best_rank(db):
    tied = ["test_avatar_medic", "test_avatar_pilot", "test_avatar_brawler"]  # ranks 4, 3, 3
    assert new_game(db, avatars=tied, first_player=2).state.active == 2  # the tied players agree
    assert new_game(db, avatars=tied, first_player=1).state.active == 1
    drawn = {new_game(db, avatars=tied, seed=seed).state.active for seed in range(12)}
    assert drawn == {1, 2}  # otherwise one of them at random, never the Rank-4 player
    with pytest.raises(SetupError, match="LE-SETUP-25"):
        new_game(db, avatars=tied, first_player=0)


@pytest.mark.rule("LE-SETUP-06")
def test_le_setup_06_hovercraft_stack_of_five_face_down_and_shuffled(db):
    orders = set()
    for seed in range(4):
        g = new_game(db, seed=seed)
        s = g.state
        pile = s.piles["hovercraft"]
        assert len(pile) == 5 and not set(pile) & s.face_up
        assert {g.db.cards[d].deck for d in defs(s, "hovercraft")} == {"hovercraft"}
        assert g.observe(0)["piles"]["hovercraft"] == {"count": 5}
        orders.add(tuple(defs(s, "hovercraft")))
    assert len(orders) > 1


@pytest.mark.rule("LE-SETUP-07")
def test_le_setup_07_forty_strikes_face_down_and_shuffled(db):
    orders = set()
    for seed in range(3):
        s = new_game(db, seed=seed).state
        assert len(s.piles["strikes"]) == 40 and not set(s.piles["strikes"]) & s.face_up
        assert {db.cards[d].kind for d in defs(s, "strikes")} == {"strike"}
        orders.add(tuple(defs(s, "strikes")))
    assert len(orders) > 1


@pytest.mark.rule("LE-SETUP-09")
def test_le_setup_09_act_stack_order(db):
    s = new_game(db).state
    # top of a pile is the end of its list
    assert list(reversed(defs(s, "acts"))) == [
        "test_act_one", "test_act_two", "test_act_three_a", "test_act_three_b"]
    assert all(c in s.face_up and c not in s.flipped for c in s.piles["acts"])


@pytest.mark.rule("LE-SETUP-10")
def test_le_setup_10_one_act_card_for_acts_1_and_2_two_for_act_3(db):
    with pytest.raises(SetupError, match="LE-SETUP-10"):
        new_game(db, acts=["rules_one_twin", "test_act_two", "test_act_three"])
    with pytest.raises(SetupError, match="LE-SETUP-10"):
        new_game(db, acts=["test_act_one", "test_act_two", "rules_three_single"])
    s = new_game(db).state
    assert len(s.piles["acts"]) == 4


@pytest.mark.rule("LE-SETUP-11", "LE-INEVITABLE-01", "LE-INEVITABLE-08")
def test_le_setup_11_inevitable_at_the_bottom_face_up(db):
    s = new_game(db).state
    bottom = s.piles["matrix_deck"][0]
    assert s.defs[bottom] == "test_three_drill_countdown" and s.inevitable == bottom
    assert bottom in s.face_up and bottom not in s.flipped  # its start side is the front
    assert sum(1 for c in s.piles["matrix_deck"] if c in s.face_up) == 1


@pytest.mark.rule("LE-SETUP-11", "LE-INEVITABLE-01")
def test_le_setup_11_inevitable_shows_its_stated_start_side(db):
    cards = dict(db.cards)
    inev = cards["test_three_drill_countdown"]
    cards[inev.id] = inev.model_copy(update={"start_side": "back"})
    s = new_game(db.with_cards(cards)).state
    assert s.piles["matrix_deck"][0] == s.inevitable and s.inevitable in s.flipped


def _segments(s: State, n: int) -> tuple[list[str], list[str], list[str], list[str]]:
    """The Matrix Deck bottom to top: Inevitable, Act 3, Act 2, Act 1 segments."""
    deck = [s.defs[c] for c in matrix_cards(s)]
    return deck[:1], deck[1:13 + n], deck[13 + n:24 + 2 * n], deck[24 + 2 * n:]


def _label(db: CardDB, d: str) -> str:
    return db.cards[d].deck


@pytest.mark.rule("LE-SETUP-12", "LE-SETUP-13", "LE-SETUP-14")
def test_le_setup_12_to_14_matrix_deck_is_act_1_over_act_2_over_act_3_over_inevitable(db):
    n = POTS_BY_PLAYERS[3]
    s = new_game(db, 3).state
    inev, three, two, one = _segments(s, n)
    assert inev == ["test_three_drill_countdown"]
    for seg, story, size in ((three, "test_act_three", 12), (two, "test_act_two", 11),
                             (one, "test_act_one", 10)):
        labels = Counter(_label(db, d) for d in seg)
        assert labels == {f"act:{story}": size, "part_of_the_system": n}, story
    assert all(c not in s.face_up for c in matrix_cards(s)[1:])


@pytest.mark.rule("LE-SETUP-12", "LE-SETUP-13", "LE-SETUP-14")
def test_le_setup_12_to_14_each_mini_deck_is_shuffled_with_random_part_of_the_system(db):
    n = POTS_BY_PLAYERS[3]
    orders, picks = set(), set()
    for seed in range(6):
        s = new_game(db, 3, seed=seed).state
        segs = _segments(s, n)
        orders.add(tuple(segs[3]))
        picks.add(tuple(sorted(d for seg in segs for d in seg if _label(db, d) == "part_of_the_system")))
    assert len(orders) > 1 and len(picks) > 1


@pytest.mark.rule("LE-SETUP-15", "LE-SETUP-16")
@pytest.mark.parametrize(("players", "pots", "size"),
                         [(1, 0, 34), (2, 1, 37), (3, 3, 43), (4, 5, 49), (5, 5, 49)])
def test_le_setup_15_16_part_of_the_system_and_deck_size_by_player_count(db, players, pots, size):
    s = new_game(db, players).state
    deck = [s.defs[c] for c in matrix_cards(s)]
    assert len(deck) == size
    assert sum(1 for d in deck if _label(db, d) == "part_of_the_system") == 3 * pots
    for seg in _segments(s, pots)[1:]:
        assert sum(1 for d in seg if _label(db, d) == "part_of_the_system") == pots
    unused = [d for d in defs(s, "out_of_play") if _label(db, d) == "part_of_the_system"]
    total = sum(c.copies for c in db.cards.values() if getattr(c, "part_of_the_system", False))
    assert len(unused) == total - 3 * pots


@pytest.mark.rule("LE-SETUP-17", "LE-SETUP-19", "LE-ACT-16")
def test_le_setup_17_extras_set_aside_out_of_play(db):
    g = new_game(db)
    s = g.state
    assert Counter(defs(s, "extras")) == {"test_extra_stand_in": 2, "test_extra_understudy": 1}
    assert all(d.startswith("test_extra") for d in defs(s, "extras"))
    in_play = defs(s, "zion") + defs(s, "matrix_deck") + [d for i in range(5) for d in defs(s, dock(i))]
    assert not any(d.startswith("test_extra") for d in in_play)
    assert g.observe(0)["piles"]["extras"] == {"count": 3}


@pytest.mark.rule("LE-SETUP-18", "LE-SETUP-22")
def test_le_setup_18_22_zion_is_four_groups_and_the_dock_shows_five(db):
    g = new_game(db)
    s = g.state
    zion = defs(s, "zion")
    shown = [s.piles[dock(i)] for i in range(5)]
    assert len(zion) == 51 and all(len(p) == 1 for p in shown)
    shown_ids = [p[0] for p in shown]
    assert all(c in s.face_up for c in shown_ids)
    assert not set(s.piles["zion"]) & s.face_up
    groups = Counter(db.cards[d].group for d in zion + [s.defs[c] for c in shown_ids])
    assert groups == {grp: 14 for grp in GROUP_LIST}


@pytest.mark.rule("LE-SETUP-22")
def test_le_setup_22_zion_is_shuffled_before_filling_the_dock(db):
    shown = set()
    for seed in range(6):
        s = new_game(db, seed=seed).state
        shown.add(tuple(s.defs[s.piles[dock(i)][0]] for i in range(5)))
    assert len(shown) > 1


@pytest.mark.rule("LE-SETUP-18")
def test_le_setup_18_unused_groups_stay_in_the_box_and_four_are_needed(db):
    spare = with_deck_labels(db, rules_spare_hero="group:rules_spare")
    s = new_game(spare).state
    assert defs(s, "box").count("rules_spare_hero") == 14
    s = new_game(spare, groups=["rules_spare", *GROUP_LIST[1:]]).state
    assert not any(d.startswith("test_alpha") for d in defs(s, "zion"))
    assert "rules_spare_hero" in defs(s, "zion") + [s.defs[s.piles[dock(i)][0]] for i in range(5)]
    with pytest.raises(SetupError, match="LE-SETUP-18"):
        new_game(db, groups=GROUP_LIST[:3])
    with pytest.raises(SetupError, match="LE-SETUP-18"):
        new_game(db, groups=[*GROUP_LIST[:3], GROUP_LIST[0]])
    with pytest.raises(SetupError, match="LE-SETUP-18"):
        new_game(db, groups=[*GROUP_LIST[:3], "no_such_group"])
    # a card that only names the group (not labelled as one of its cards) is not a Hero Group
    with pytest.raises(SetupError, match="LE-SETUP-18"):
        new_game(db, groups=[*GROUP_LIST[:3], "rules_spare"])


@pytest.mark.rule("LE-SETUP-19")
def test_le_setup_19_an_extra_hero_group_cannot_start_in_zion(db):
    with pytest.raises(SetupError, match="LE-SETUP-19"):
        new_game(db, groups=[*GROUP_LIST[:3], "test_extra"])


@pytest.mark.rule("LE-SETUP-20", "LE-SETUP-21")
def test_le_setup_20_21_operations_empty_and_time_track_on_10(db):
    s = new_game(db, 3).state
    assert s.piles["operations"] == []
    assert s.time == 10


@pytest.mark.rule("LE-SETUP-23")
def test_le_setup_23_everyone_starts_in_the_real_world(db):
    s = new_game(db, 5).state
    assert [p.in_matrix for p in s.players] == [False] * 5


@pytest.mark.rule("LE-SETUP-24")
def test_le_setup_24_each_player_shuffles_and_draws_six(db):
    hands = set()
    for seed in range(4):
        s = new_game(db, 3, seed=seed).state
        for seat in range(3):
            assert len(s.piles[pp(seat, "hand")]) == 6 and len(s.piles[pp(seat, "deck")]) == 7
            assert not set(s.piles[pp(seat, "deck")]) & s.face_up
        hands.add(tuple(sorted(defs(s, "p0.hand"))))
    assert len(hands) > 1
    s = new_game(db, avatars=["test_avatar_neo", "test_avatar_captain"]).state
    assert len(s.piles["p0.hand"]) == 6 and len(s.piles["p0.deck"]) == 6  # 12-card deck


@pytest.mark.rule("LE-SETUP-26", "LE-SETUP-27")
def test_le_setup_26_27_recommended_first_game_avatars():
    assert recommended_first_game_avatars(5) == ["neo", "morpheus", "trinity", "switch", "mouse"]
    assert recommended_first_game_avatars(4) == ["neo", "morpheus", "trinity", "switch"]
    assert recommended_first_game_avatars(3) == ["neo", "morpheus", "trinity"]
    assert recommended_first_game_avatars(2) == ["neo", "morpheus"]
    assert recommended_first_game_avatars(1) == ["neo"]
    with pytest.raises(SetupError, match="LE-GEN-01"):
        recommended_first_game_avatars(6)


@pytest.mark.rule("LE-SETUP-28")
def test_le_setup_28_extra_hero_groups_are_labelled_extra(db):
    extra = db.cards["test_extra_stand_in"]
    assert extra.extra and carddb.category(extra) == "extra_hero"
    assert carddb.category(db.cards["test_alpha_sidearm"]) == "hero_group"
    assert db.cards["test_alpha_sidearm"].deck == "group:test_alpha"


# --- LE-TURN --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-TURN-01")
def test_le_turn_01_matrix_action_strike_cleanup_in_order(scenario):
    sc = scenario("world 0 real\nput test_one_drill_sentinel combat up")
    res = sc.command("end")
    assert res.accepted
    steps = []
    for e in res.events:
        if e.kind == "phase":
            steps.append((e.data["phase"], e.data["seat"]))
        elif e.kind == "turn_started":
            steps.append(("turn", e.data["seat"]))
        elif e.kind == "card_moved" and e.data["src"] == "matrix_deck":
            steps.append(("matrix", e.data["dst"]))
        elif e.kind == "time_changed":
            steps.append(("strike", "time"))
    assert steps == [("strike", 0), ("strike", "time"), ("cleanup", 0), ("turn", 1),
                     ("matrix", "row.4"), ("action", 1)]
    assert sc.game.state.phase == "action"


@pytest.mark.rule("LE-TURN-02")
def test_le_turn_02_turns_pass_clockwise(scenario):
    sc = scenario(players=3)
    s = sc.game.state
    order = [s.active]
    for _ in range(4):
        assert sc.command("end").accepted
        order.append(s.active)
    assert order == [0, 1, 2, 0, 1]
    sc = Scenario.from_text(setup_line(avatars="test_avatar_medic,test_avatar_pilot,test_avatar_captain")
                            + "\nempty row.0 row.1 row.2 row.3 row.4 combat", sc.game.db)
    s = sc.game.state
    order = [s.active]
    for _ in range(3):
        assert sc.command("end").accepted
        order.append(s.active)
    assert order == [2, 0, 1, 2]


@pytest.mark.rule("LE-TURN-03")
def test_le_turn_03_only_the_active_player_takes_turn_actions(scenario):
    sc = scenario()
    s = sc.game.state
    before = sc.game.state_hash()
    card = s.piles["p1.hand"][0]
    assert rejected(sc.command(f"@1 play {card}"), "LE-TURN-03")
    assert rejected(sc.command("@1 end"), "LE-TURN-03")
    assert sc.game.state_hash() == before
    assert sc.command("@0 end").accepted and s.active == 1


@pytest.mark.rule("LE-TURN-04", "LE-VARIANT-01")
def test_le_turn_04_prep_turn_skips_only_the_matrix_phase(scenario):
    sc = scenario(players=5)
    s = sc.game.state
    deck = len(s.piles["matrix_deck"])
    assert all(not s.piles[f"row.{i}"] for i in range(5)) and s.phase == "action"
    # the rest of the turn is normal: a move and a recruit
    assert sc.command("move matrix").accepted and s.players[0].in_matrix
    for _ in range(4):
        assert sc.command("end").accepted
        assert len(s.piles["matrix_deck"]) == deck  # every player's first turn is a prep turn
    sc.line("world 4 real")
    sc.line("pool recruit=3")
    assert sc.command("recruit hovercraft").accepted
    assert sc.command("end").accepted  # back to the first player: a normal turn
    assert s.active == 0 and len(s.piles["matrix_deck"]) == deck - 1
    assert len(s.piles["row.4"]) == 1
