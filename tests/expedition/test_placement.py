"""Placing Encounters around the Explorer (EX-PLACE) and returning chits (EX-RETURN)."""
from __future__ import annotations

import pytest

from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import ExpeditionSetup
from engine.expedition.state import slot_pile
from tests.expedition.helpers import at, in_cup, of_kind, only, put, quiet, run_op

ENC = "charging_buffalo"
# Encounters for the cup in placement tests (whether they are legal matters only to the returns).
ENCS = [ENC] * 3 + ["crocodile_pool"] * 2 + ["leopard_ambush"] * 2 + ["quicksand"] * 2


def encounter_slots(game: ExpeditionGame, seat: int = 0) -> list[tuple[int, int]]:
    s = game.state
    return sorted((r, c) for r in range(1, 5) for c in range(1, 6)
                  if any(s.defs[x] in ENCS for x in s.piles[slot_pile(seat, (r, c))]))


def stand(game: ExpeditionGame, pos: tuple[int, int], arrow: tuple[int, int] | None) -> None:
    sh = game.state.sheets[0]
    sh.pos = list(pos)
    sh.arrow = None if arrow is None else list(arrow)


@pytest.mark.rule("EX-PLACE-01", "EX-PLACE-02")
def test_two_nearest_slots_each_way_but_the_way_the_explorer_came():
    game = quiet(1)
    stand(game, (2, 3), (1, 3))  # came down from Start here: the Arrow points down at the Explorer
    only(game, "encounters", *ENCS[:3])
    events = run_op(game, op="place", seat=0)
    assert game.observe(0)["players"][0]["arrow"] == {"slot": [1, 3], "points": "down"}
    assert game.observe(0)["players"][0]["came_from"] == "up"
    # the cup holds only 3: the first three slots in reading order get them, then the cup is empty
    assert encounter_slots(game) == [(2, 1), (2, 2), (2, 4)] and of_kind(events, "cup_empty")
    game = quiet(1)
    stand(game, (2, 3), (1, 3))
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    assert encounter_slots(game) == [(2, 1), (2, 2), (2, 4), (2, 5), (3, 3), (4, 3)]


@pytest.mark.rule("EX-PLACE-01")
def test_an_occupied_or_missing_slot_is_skipped_not_replaced_by_a_farther_one():
    game = quiet(1)
    stand(game, (2, 2), (1, 2))
    put(game, 0, (2, 3), "old_map_fragment")
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    # right: (2,3) is taken, (2,4) gets one and (2,5) does not; left: only (2,1) exists
    assert encounter_slots(game) == [(2, 1), (2, 4), (3, 2), (4, 2)]


@pytest.mark.rule("EX-PLACE-03")
def test_the_first_turn_places_left_right_and_down_from_start_here():
    game = quiet(1)
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    assert game.state.sheets[0].arrow is None
    assert encounter_slots(game) == [(1, 1), (1, 2), (1, 4), (1, 5), (2, 3), (3, 3)]


@pytest.mark.rule("EX-PLACE-04")
def test_never_diagonally_without_a_telescope():
    game = quiet(1)
    stand(game, (2, 3), (1, 3))
    only(game, "encounters", *ENCS[:8])
    events = run_op(game, op="place", seat=0)
    assert not of_kind(events, "decision")
    assert all(encounter_slots(game).count(s) == 0 for s in [(1, 2), (1, 4), (3, 2), (3, 4)])


@pytest.mark.rule("EX-PLACE-05")
def test_slots_are_filled_in_reading_order():
    game = quiet(1, telescope=True)
    stand(game, (2, 3), (1, 3))
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    assert game.state.decision is not None
    res = game.apply("choose 3")  # the Telescope's slot (3,4) is filled in its reading-order turn
    dst = [e.data["dst"] for e in of_kind(res.events, "chit_drawn")]
    want = [slot_pile(0, s) for s in [(2, 1), (2, 2), (2, 4), (2, 5), (3, 3), (3, 4), (4, 3)]]
    assert dst == want


@pytest.mark.rule("EX-PLACE-06")
def test_encounters_go_only_into_empty_slots():
    game = quiet(1)
    put(game, 0, (1, 2), "old_map_fragment")  # a Finding alone still makes the slot non-empty
    put(game, 0, (2, 3), "friendly_hunters")
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    assert at(game, 0, (1, 2)) == ["old_map_fragment"] and at(game, 0, (2, 3)) == ["friendly_hunters"]
    assert encounter_slots(game) == [(1, 1), (1, 4), (1, 5), (3, 3)]


@pytest.mark.rule("EX-PLACE-07")
def test_a_telescope_adds_one_encounter_diagonally_in_a_slot_the_player_chooses():
    game = quiet(1, telescope=True)
    stand(game, (2, 3), (1, 3))
    put(game, 0, (1, 2), "old_map_fragment")
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    d = game.state.decision
    assert d is not None and d.rule == "EX-PLACE-07"
    view = game.observe(0)
    assert view["decision"]["slots"] == [[1, 4], [3, 2], [3, 4]]  # (1,2) is taken
    assert game.apply("choose 1").accepted
    assert (3, 2) in encounter_slots(game) and (1, 4) not in encounter_slots(game)
    assert (3, 4) not in encounter_slots(game)


@pytest.mark.rule("EX-PLACE-08")
def test_start_here_and_end_here_take_encounters():
    game = quiet(1)
    stand(game, (3, 3), (3, 2))
    only(game, "encounters", *ENCS[:8])
    run_op(game, op="place", seat=0)
    assert (4, 3) in encounter_slots(game) and (1, 3) in encounter_slots(game)


# --- returning chits --------------------------------------------------------------------------------


@pytest.mark.rule("EX-RETURN-01")
def test_illegal_chits_are_returned_after_placing():
    game = quiet(1)  # grassland
    orchid = put(game, 0, (2, 3), "rare_orchid")  # forest, swamp
    croc = put(game, 0, (1, 2), "crocodile_pool")  # swamp
    map_ = put(game, 0, (1, 4), "old_map_fragment")  # no dots
    events = run_op(game, op="sweep", seat=0)
    assert in_cup(game, orchid) and in_cup(game, croc) and not in_cup(game, map_)
    assert {e.data["rule"] for e in of_kind(events, "chit_returned")} == {"EX-RETURN-01"}


@pytest.mark.rule("EX-RETURN-02")
def test_chits_under_the_arrow_are_returned():
    game = quiet(1)
    stand(game, (2, 3), (1, 3))
    f = put(game, 0, (1, 3), "old_map_fragment")
    g = put(game, 0, (1, 3), "friendly_hunters")
    events = run_op(game, op="sweep", seat=0)
    assert in_cup(game, f) and in_cup(game, g)
    assert [e.data["rule"] for e in of_kind(events, "chit_returned")] == ["EX-RETURN-02"] * 2


@pytest.mark.rule("EX-RETURN-03")
def test_chits_three_or_more_steps_away_are_returned():
    game = quiet(1)
    two = put(game, 0, (3, 3), "old_map_fragment")
    three = put(game, 0, (4, 3), "old_map_fragment")
    four = put(game, 0, (4, 5), "friendly_hunters")
    run_op(game, op="sweep", seat=0)
    assert not in_cup(game, two) and in_cup(game, three) and in_cup(game, four)


@pytest.mark.rule("EX-RETURN-04")
def test_discoveries_and_the_activated_rumor_stay():
    game = quiet(1)
    stand(game, (2, 3), (1, 3))
    under_arrow = put(game, 0, (1, 3), "sunken_temple")  # illegal too (swamp)
    far = put(game, 0, (4, 5), "migration_plain")
    rumor = put(game, 0, (4, 1), "whispered_legend")  # 4 steps away, no host
    game.state.sheets[0].rumor = rumor
    run_op(game, op="sweep", seat=0)
    assert at(game, 0, (1, 3)) == ["sunken_temple"] and at(game, 0, (4, 5)) == ["migration_plain"]
    assert at(game, 0, (4, 1)) == ["whispered_legend"]
    assert not any(in_cup(game, c) for c in (under_arrow, far, rumor))
    # an unactivated Rumor is not exempt
    game.state.sheets[0].rumor = None
    run_op(game, op="sweep", seat=0)
    assert in_cup(game, rumor)


@pytest.mark.rule("EX-RETURN-05")
def test_a_returned_chit_goes_back_to_its_own_cup():
    game = quiet(1)
    e = put(game, 0, (4, 4), "friendly_hunters")
    f = put(game, 0, (4, 5), "old_map_fragment")
    run_op(game, op="sweep", seat=0)
    assert e in game.state.piles["cup.encounters"] and f in game.state.piles["cup.events"]


def test_a_full_turn_start_places_then_returns():
    """EX-TURN-01 step 1 through the real flow: a new game's first player has placed and swept."""
    game = ExpeditionGame.new(ExpeditionSetup.for_players(1, 2))
    t = game.table()
    for r in range(1, 5):
        for c in range(1, 6):
            for cid in t.at(0, (r, c)):
                assert t.kind(cid) == "discovery" or t.legal_here(0, cid)
