"""Rule tests: the Matrix Phase and the Matrix Row (LE-MATRIX), scanning and revealing (LE-SCAN)."""
from __future__ import annotations

import pytest

from engine.legendary import flow
from engine.legendary import row as rowmod
from engine.legendary.actions import phone_spaces


def run_matrix_phase(sc) -> list:
    """Run one Matrix Phase on the current table and resolve what it schedules; return its events."""
    t = sc.t
    rowmod.matrix_phase(t)
    flow.run(t)
    return t.events


def row_of(sc) -> list[int | None]:
    """The card occupying each Row space, left (Subway) to right."""
    s = sc.game.state
    return [s.piles[f"row.{i}"][0] if s.piles[f"row.{i}"] else None for i in range(5)]


def up(sc, name: str) -> bool:
    return sc.ref(name) in sc.game.state.face_up


def where(sc, name: str) -> str:
    return sc.game.state.where(sc.ref(name))


# --- LE-MATRIX ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-MATRIX-01", "LE-MATRIX-11")
def test_le_matrix_01_next_turn_adds_top_card_face_down_to_rightmost_space(scenario):
    sc = scenario("""
active 0
world 0 real
put rules_rf_grunt matrix_deck as top
""")
    res = sc.command("end")
    assert res.accepted
    s = sc.game.state
    assert s.active == 1 and s.phase == "action"
    assert row_of(sc) == [None, None, None, None, sc.ref("top")]
    assert not up(sc, "top")
    entered = [e for e in res.events if e.kind == "card_moved" and e.data["card"] == sc.ref("top")]
    assert len(entered) == 1
    assert entered[0].data["src"] == "matrix_deck" and entered[0].data["dst"] == "row.4"
    assert not entered[0].data["face_up"]
    assert not any(e.kind == "card_revealed" for e in res.events)
    # nobody looks at it: every seat (and a spectator) sees a hidden card only
    for seat in (0, 1, None):
        pile = sc.game.observe(seat)["piles"]["row.4"]
        assert pile["cards"] == [{"hidden": True}]


@pytest.mark.rule("LE-MATRIX-02", "LE-MATRIX-03", "LE-MATRIX-06")
def test_le_matrix_02_each_space_holds_one_card_through_many_matrix_phases(scenario):
    sc = scenario("""
put rules_rf_grunt row.0 down as a
put rules_rf_grunt row.1 down as b
put rules_rf_grunt row.2 down as c
put rules_rf_grunt row.3 down as d
put rules_rf_grunt row.4 down as e
""")
    s = sc.game.state
    deck_top = list(reversed(s.piles["matrix_deck"][-3:]))
    for _ in range(3):
        run_matrix_phase(sc)
        assert all(len(s.piles[f"row.{i}"]) == 1 for i in range(5))
    assert row_of(sc) == [sc.ref("d"), sc.ref("e"), *deck_top]
    assert s.piles["combat"] == [sc.ref("a"), sc.ref("b"), sc.ref("c")]


@pytest.mark.rule("LE-MATRIX-02", "LE-TERM-02")
def test_le_matrix_02_attached_cards_do_not_occupy_their_space(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_rf_flare att.4 up as stuck
put rules_rf_flare att.2 up as stuck2
put rules_rf_grunt row.0 down as subway
put rules_rf_grunt matrix_deck as top
""")
    run_matrix_phase(sc)
    assert row_of(sc) == [sc.ref("subway"), None, None, None, sc.ref("top")]
    assert where(sc, "stuck") == "att.4" and where(sc, "stuck2") == "att.2"
    # the Alley counts as clear even with a card attached to it, so its phone works
    assert rowmod.is_clear(sc.t, 2)
    res = sc.command("move real alley")
    assert res.accepted and not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-MATRIX-03")
def test_le_matrix_03_push_cascades_only_as_far_as_needed(scenario):
    sc = scenario("""
put rules_rf_grunt row.4 down as a
put rules_rf_grunt row.3 up as b
put rules_rf_grunt row.2 down as c
put rules_rf_grunt row.0 down as d
put rules_rf_grunt matrix_deck as top
""")
    run_matrix_phase(sc)
    assert row_of(sc) == [sc.ref("d"), sc.ref("c"), sc.ref("b"), sc.ref("a"), sc.ref("top")]
    assert sc.game.state.piles["combat"] == []


@pytest.mark.rule("LE-MATRIX-04")
def test_le_matrix_04_cards_never_slide_into_gaps(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_rf_grunt row.3 down as right
put rules_rf_grunt row.2 up as mid
put rules_rf_grunt row.0 down as left
put rules_rf_grunt matrix_deck as top
""")
    assert sc.command("fight $mid").accepted
    # the gap left by the defeated Enemy stays open
    assert row_of(sc) == [sc.ref("left"), None, None, sc.ref("right"), None]
    run_matrix_phase(sc)
    # the new card takes the empty rightmost space; nobody else needed to move
    assert row_of(sc) == [sc.ref("left"), None, None, sc.ref("right"), sc.ref("top")]


@pytest.mark.rule("LE-MATRIX-05")
def test_le_matrix_05_face_up_and_face_down_cards_push_alike(scenario):
    sc = scenario("""
put rules_rf_grunt row.4 up as a
put rules_rf_grunt row.3 down as b
put rules_rf_grunt row.2 up as c
put rules_rf_grunt row.1 down as d
put rules_rf_grunt matrix_deck as top
""")
    run_matrix_phase(sc)
    assert row_of(sc) == [sc.ref("d"), sc.ref("c"), sc.ref("b"), sc.ref("a"), sc.ref("top")]
    assert [up(sc, n) for n in ("a", "b", "c", "d", "top")] == [True, False, True, False, False]


@pytest.mark.rule("LE-MATRIX-06", "LE-SCAN-04", "LE-SCAN-06")
def test_le_matrix_06_face_down_card_pushed_into_combat_is_revealed_and_its_reveal_fires(scenario):
    sc = scenario("""
time 8
put rules_rf_tripwire row.0 down as trip
put rules_rf_grunt row.1 down
put rules_rf_grunt row.2 down as g2
put rules_rf_grunt row.3 down as g3
put rules_rf_grunt row.4 down as g4
put rules_rf_grunt matrix_deck as top
""")
    events = run_matrix_phase(sc)
    s = sc.game.state
    assert s.piles["combat"] == [sc.ref("trip")]
    assert up(sc, "trip")
    revealed = [e for e in events if e.kind == "card_revealed"]
    assert [(e.data["card"], e.data["how"]) for e in revealed] == [(sc.ref("trip"), "combat")]
    assert s.time == 7  # its Reveal: ability fired
    # the other Row cards were only pushed, not revealed
    assert not any(up(sc, n) for n in ("g2", "g3", "g4", "top"))


@pytest.mark.rule("LE-MATRIX-06", "LE-SCAN-06")
def test_le_matrix_06_face_up_card_pushed_into_combat_does_not_reveal_again(scenario):
    sc = scenario("""
time 8
put rules_rf_tripwire row.0 up as trip
put rules_rf_grunt row.1 down
put rules_rf_grunt row.2 down
put rules_rf_grunt row.3 down
put rules_rf_grunt row.4 down
""")
    events = run_matrix_phase(sc)
    assert sc.game.state.piles["combat"] == [sc.ref("trip")]
    assert not any(e.kind == "card_revealed" for e in events)
    assert sc.game.state.time == 8


@pytest.mark.rule("LE-MATRIX-07")
def test_le_matrix_07_newcomers_enter_the_combat_zone_at_the_new_end(scenario):
    sc = scenario("""
put rules_rf_grunt combat up as oldest
put rules_rf_grunt row.0 up as next
put rules_rf_grunt row.1 up
put rules_rf_grunt row.2 up
put rules_rf_grunt row.3 up
put rules_rf_grunt row.4 up
""")
    run_matrix_phase(sc)
    run_matrix_phase(sc)
    combat = sc.game.state.piles["combat"]
    # the pile lists the rightmost (oldest) card first, the newest last (leftmost on the mat)
    assert combat[:2] == [sc.ref("oldest"), sc.ref("next")] and len(combat) == 3


@pytest.mark.rule("LE-MATRIX-08", "LE-SCAN-08")
def test_le_matrix_08_effect_placing_into_a_space_pushes_normally(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_rf_dropper row.3 down as dropper
put rules_rf_grunt row.2 down as alley
put rules_rf_grunt row.1 up as roof
put rules_rf_grunt matrix_deck as top
""")
    res = sc.command("scan 3")
    assert res.accepted
    s = sc.game.state
    # the top Matrix card went face down into the Alley, pushing the cards there leftwards
    assert row_of(sc) == [sc.ref("roof"), sc.ref("alley"), sc.ref("top"), None, None]
    assert not up(sc, "top") and not up(sc, "alley") and up(sc, "roof")
    assert where(sc, "dropper") == "discarded"  # the Event was resolved, then discarded
    assert s.piles["combat"] == []


@pytest.mark.rule("LE-MATRIX-08", "LE-MATRIX-06")
def test_le_matrix_08_placing_this_card_into_the_subway_pushes_into_combat(scenario):
    sc = scenario("""
time 8
put rules_rf_grunt combat up as mover
put rules_rf_tripwire row.0 down as trip
""")
    t = sc.t
    t.push({"op": "fx", "fx": {"verb": "place_in_row", "space": 0, "card": "this"},
            "src": sc.ref("mover"), "seat": 0})
    flow.run(t)
    s = sc.game.state
    assert row_of(sc)[0] == sc.ref("mover") and up(sc, "mover")
    assert s.piles["combat"] == [sc.ref("trip")] and up(sc, "trip")
    assert s.time == 7


@pytest.mark.rule("LE-MATRIX-09")
def test_le_matrix_09_each_space_charges_its_own_scan_cost_and_two_carry_phones(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=20
put rules_rf_grunt row.0 down
put rules_rf_grunt row.1 down
put rules_rf_grunt row.2 down
put rules_rf_grunt row.3 down
put rules_rf_grunt row.4 down
""")
    costs = []
    for sp in range(5):
        before = sc.game.state.turn.attack
        assert sc.command(f"scan {sp}").accepted
        costs.append(before - sc.game.state.turn.attack)
    assert costs == [sp.scan_cost for sp in sc.game.db.playmat.row] == [1, 2, 2, 3, 3]
    assert phone_spaces(sc.t) == {"subway": 0, "alley": 2}


@pytest.mark.rule("LE-MATRIX-10")
def test_le_matrix_10_empty_matrix_deck_adds_nothing_and_the_turn_goes_on(scenario):
    sc = scenario("""
active 0
world 0 real
empty matrix_deck
put rules_rf_grunt row.3 down as g
""")
    res = sc.command("end")
    assert res.accepted
    s = sc.game.state
    assert s.active == 1 and s.phase == "action"
    assert row_of(sc) == [None, None, None, sc.ref("g"), None]
    assert s.piles["matrix_deck"] == [] and s.piles["combat"] == []


@pytest.mark.rule("LE-MATRIX-10")
def test_le_matrix_10_matrix_phase_with_empty_deck_reports_it(scenario):
    sc = scenario("""
empty matrix_deck
""")
    sc.game.state.inevitable = -1  # a film without an Inevitable
    events = run_matrix_phase(sc)
    assert [e.kind for e in events] == ["matrix_deck_empty"]
    assert row_of(sc) == [None] * 5


@pytest.mark.rule("LE-MATRIX-11", "LE-TERM-04")
def test_le_matrix_11_face_down_cards_are_hidden_in_every_view_and_in_rejections(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=10 recruit=10
put rules_rf_grunt row.1 down as enemy
put rules_rf_attack_gate row.3 down as gate
""")
    for seat in (0, 1, None):
        view = sc.game.observe(seat)
        assert view["piles"]["row.1"]["cards"] == [{"hidden": True}]
        assert view["piles"]["row.3"]["cards"] == [{"hidden": True}]
        assert "cards" not in view["piles"]["matrix_deck"]
    # trying to act on a face-down card must not tell an Enemy from a Challenge
    on_enemy = sc.command("complete $enemy")
    on_gate = sc.command("complete $gate")
    assert (on_enemy.rule, on_enemy.reason) == (on_gate.rule, on_gate.reason) == (
        "LE-CHALLENGE-01", "face-down cards cannot be completed: scan it first")
    f_enemy = sc.command("fight $enemy")
    f_gate = sc.command("fight $gate")
    assert (f_enemy.rule, f_enemy.reason) == (f_gate.rule, f_gate.reason)
    assert f_enemy.rule == "LE-FIGHT-09"


# --- LE-SCAN ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SCAN-01")
def test_le_scan_01_scanning_pays_the_space_cost_and_turns_the_card_up(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put rules_rf_grunt row.3 down as g
""")
    res = sc.command("scan 3")
    assert res.accepted
    assert sc.game.state.turn.attack == 2
    assert up(sc, "g") and where(sc, "g") == "row.3"
    assert [(e.data["card"], e.data["how"]) for e in res.events if e.kind == "card_revealed"] == [
        (sc.ref("g"), "scan")]


@pytest.mark.rule("LE-SCAN-01")
def test_le_scan_01_scanning_needs_the_matrix_and_enough_attack(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=5
put rules_rf_grunt row.3 down as g
""")
    before = sc.game.state_hash()
    res = sc.command("scan 3")
    assert not res.accepted and res.rule == "LE-SCAN-01" and "Real World" in res.reason
    assert sc.game.state_hash() == before
    sc2 = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_rf_grunt row.3 down as g
""")
    before = sc2.game.state_hash()
    res = sc2.command("scan 3")
    assert not res.accepted and res.rule == "LE-SCAN-01" and "costs 3 Attack" in res.reason
    assert sc2.game.state_hash() == before and not up(sc2, "g")


@pytest.mark.rule("LE-SCAN-02")
def test_le_scan_02_only_a_face_down_card_can_be_scanned(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=9
put rules_rf_grunt row.1 up as g
""")
    before = sc.game.state_hash()
    for sp in (0, 1):  # an empty space, then a face-up card
        res = sc.command(f"scan {sp}")
        assert not res.accepted and res.rule == "LE-SCAN-02"
    assert sc.game.state_hash() == before


@pytest.mark.rule("LE-SCAN-03")
def test_le_scan_03_scan_any_is_free_and_works_from_the_real_world(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=0
put rules_rf_grunt row.4 down as g
effect 0 scan_any
""")
    assert up(sc, "g")
    assert sc.game.state.turn.attack == 0


@pytest.mark.rule("LE-SCAN-03")
def test_le_scan_03_scan_any_lets_the_player_pick_the_space(scenario):
    sc = scenario("""
active 0
world 0 real
put rules_rf_grunt row.0 down as a
put rules_rf_grunt row.4 down as b
effect 0 scan_any
""")
    d = sc.game.state.decision
    assert d is not None and d.options == ("Subway", "Street")
    assert sc.command("choose 1").accepted
    assert up(sc, "b") and not up(sc, "a")


@pytest.mark.rule("LE-SCAN-05")
def test_le_scan_05_a_revealed_enemy_stays_and_moves_on_with_the_row(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_rf_grunt row.3 down as g
put rules_rf_grunt row.4 down as behind
put rules_rf_grunt matrix_deck as top
""")
    assert sc.command("scan 3").accepted
    assert where(sc, "g") == "row.3" and up(sc, "g")
    events = run_matrix_phase(sc)
    assert where(sc, "g") == "row.2" and up(sc, "g")
    assert not any(e.kind == "card_revealed" for e in events)


@pytest.mark.rule("LE-SCAN-06")
def test_le_scan_06_reveal_fires_once_and_again_only_after_turning_face_down(scenario):
    sc = scenario("""
active 0
world 0 matrix
time 8
pool attack=1
put rules_rf_tripwire row.0 down as trip
""")
    assert sc.command("scan 0").accepted
    assert sc.game.state.time == 7
    # pushed into the Combat Zone face up: no second Reveal
    t = sc.t
    rowmod.shift_left(t, sc.ref("trip"), 0)
    flow.run(t)
    assert where(sc, "trip") == "combat" and sc.game.state.time == 7
    # somehow turned face down, then revealed again: it fires again
    sc.game.state.face_up.discard(sc.ref("trip"))
    t = sc.t
    t.push({"op": "reveal", "card": sc.ref("trip"), "how": "combat"})
    flow.run(t)
    assert up(sc, "trip") and sc.game.state.time == 6


@pytest.mark.rule("LE-SCAN-07")
def test_le_scan_07_revealed_challenge_goes_where_its_reveal_says(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_rf_briefing row.3 down as brief
""")
    assert sc.command("scan 3").accepted
    assert where(sc, "brief") == "operations" and up(sc, "brief")
    assert row_of(sc)[3] is None


@pytest.mark.rule("LE-SCAN-07")
def test_le_scan_07_revealed_challenge_without_a_destination_stays_and_moves(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_rf_attack_gate row.3 down as gate
put rules_rf_grunt row.4 down
""")
    assert sc.command("scan 3").accepted
    assert where(sc, "gate") == "row.3" and up(sc, "gate")
    run_matrix_phase(sc)
    assert where(sc, "gate") == "row.2" and up(sc, "gate")


@pytest.mark.rule("LE-SCAN-08")
def test_le_scan_08_revealed_event_resolves_then_is_discarded(scenario):
    sc = scenario("""
active 0
world 0 matrix
time 5
pool attack=2
put rules_rf_flare row.2 down as flare
""")
    assert sc.command("scan 2").accepted
    assert sc.game.state.time == 6
    assert where(sc, "flare") == "discarded" and row_of(sc)[2] is None


@pytest.mark.rule("LE-SCAN-08", "LE-SCAN-04")
def test_le_scan_08_event_pushed_into_combat_resolves_then_is_discarded(scenario):
    sc = scenario("""
time 5
put rules_rf_flare row.0 down as flare
put rules_rf_grunt row.1 down
put rules_rf_grunt row.2 down
put rules_rf_grunt row.3 down
put rules_rf_grunt row.4 down
""")
    run_matrix_phase(sc)
    assert sc.game.state.time == 6
    assert where(sc, "flare") == "discarded" and sc.game.state.piles["combat"] == []


@pytest.mark.rule("LE-SCAN-09")
def test_le_scan_09_the_matrix_deck_is_mostly_enemies(scenario):
    sc = scenario("", clear=False)
    s = sc.game.state
    t = sc.t
    matrix_cards = s.piles["matrix_deck"] + [c for i in range(5) for c in s.piles[f"row.{i}"]]
    kinds = [t.card(c).kind for c in matrix_cards]
    assert set(kinds) <= {"enemy", "challenge", "event", "special", "inevitable"}
    assert {"challenge", "event"} <= set(kinds)
    assert kinds.count("enemy") > len(kinds) / 2
    assert any(getattr(t.card(c), "part_of_the_system", False) for c in matrix_cards)


@pytest.mark.rule("LE-SCAN-10")
def test_le_scan_10_scanning_a_card_early_can_beat_letting_it_reach_combat(scenario):
    scanned = scenario("""
active 0
world 0 matrix
time 6
pool attack=1
put rules_rf_mobile_mine row.0 down as mine
""")
    assert scanned.command("scan 0").accepted
    assert scanned.game.state.time == 7  # the scan-time Reveal helped
    pushed = scenario("""
time 6
put rules_rf_mobile_mine row.0 down as mine
put rules_rf_grunt row.1 down
put rules_rf_grunt row.2 down
put rules_rf_grunt row.3 down
put rules_rf_grunt row.4 down
""")
    run_matrix_phase(pushed)
    assert where(pushed, "mine") == "combat" and up(pushed, "mine")
    assert pushed.game.state.time == 4  # revealed by the Combat Zone: it hurt instead
