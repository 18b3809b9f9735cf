"""LE-STRIKE (Strike Phase and Strike cards) and LE-TIME (the Time Track)."""
from __future__ import annotations

import pytest

from tests.legendary.helpers import accepted, pile, rejected


def kinds(events, *wanted: str) -> list[str]:
    return [e.kind for e in events if e.kind in wanted]


def strike_seats(events) -> list[int]:
    return [e.data["seat"] for e in events if e.kind == "strike_drawn"]


def time_causes(events) -> list[str]:
    return [e.data["cause"] for e in events if e.kind == "time_changed"]


def ev_dicts(events) -> list[dict]:
    return [e if isinstance(e, dict) else e.to_dict() for e in events]


# Two known 1-damage Strikes on top of the Strike deck (the rest of the deck stays below).
TOP_STRIKES = """
put strike_bullet_graze strikes down as st1
put strike_split_lip strikes down as st2
"""


# --- LE-STRIKE ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-STRIKE-01", "LE-STRIKE-03")
def test_combat_zone_enemies_strike_once_each_rightmost_first(scenario):
    sc = scenario("""
active 0
world 0 real
put test_one_drill_sentinel combat as oldest
put test_one_drill_cop combat as newest
""")
    s = sc.game.state
    assert pile(sc, "combat") == [sc.ref("oldest"), sc.ref("newest")]  # oldest = rightmost
    res = accepted(sc, "end")
    causes = time_causes(res.events)
    assert len(causes) == 2
    assert causes[0].startswith("Drill Sentinel strikes") and causes[1].startswith("Drill Cop strikes")
    assert s.time == 8
    assert not strike_seats(res.events) and not pile(sc, "p0.strikes")


@pytest.mark.rule("LE-STRIKE-01", "LE-STRIKE-02")
def test_in_the_matrix_each_strike_draws_a_strike_rightmost_first(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_one_drill_sentinel combat as oldest
put rules_as_striker_plus combat as newest
""" + TOP_STRIKES)
    s = sc.game.state
    res = accepted(sc, "end")
    order = kinds(res.events, "strike_drawn", "time_changed")
    # the Sentinel (rightmost) strikes first; then the Striker Plus lowers the Time Track and strikes
    assert order == ["strike_drawn", "time_changed", "strike_drawn"]
    assert strike_seats(res.events) == [0, 0]
    assert pile(sc, "p0.strikes") == [sc.ref("st2"), sc.ref("st1")]
    assert s.time == 9  # only the Strike: ability touched the Time Track


@pytest.mark.rule("LE-STRIKE-04")
@pytest.mark.parametrize("active_world", ["matrix", "real"])
def test_only_the_active_players_location_matters(scenario, active_world):
    other = "real" if active_world == "matrix" else "matrix"
    sc = scenario(f"""
active 0
world 0 {active_world}
world 1 {other}
put test_one_drill_sentinel combat
""" + TOP_STRIKES)
    s = sc.game.state
    res = accepted(sc, "end")
    assert not pile(sc, "p1.strikes")
    if active_world == "matrix":
        assert strike_seats(res.events) == [0] and s.time == 10
    else:
        assert strike_seats(res.events) == [] and s.time == 9


@pytest.mark.rule("LE-STRIKE-05")
def test_drawing_a_strike_resolves_it_then_places_it_beside_the_avatar(scenario):
    sc = scenario("""
active 0
hand 0 unplug there_is_no_spoon
put strike_dislocated_shoulder strikes down as shoulder
""")
    s = sc.game.state
    shoulder = sc.ref("shoulder")
    sc.line("effect 0 draw_strike")
    # its text ("Discard a card") is being resolved: the Strike waits in `resolving`
    assert s.decision is not None and s.decision.rule == "LE-ABILITY-03"
    assert pile(sc, "resolving") == [shoulder] and shoulder not in pile(sc, "strikes")
    accepted(sc, f"choose {pile(sc, 'p0.hand').index(sc.ref('unplug'))}")
    assert pile(sc, "p0.strikes") == [shoulder] and not pile(sc, "resolving")
    assert sc.ref("unplug") in pile(sc, "p0.discard")


@pytest.mark.rule("LE-STRIKE-05")
def test_strike_text_resolves_before_it_is_placed(scenario):
    sc = scenario("""
active 0
put strike_thrown_through_a_wall strikes down as wall
""")
    sc.line("effect 0 draw_strike")
    wall = sc.ref("wall")
    seq = []
    for e in ev_dicts(sc.events):
        if e["kind"] == "card_moved" and e["card"] == wall:
            seq.append(f"{e['src']}->{e['dst']}")
        elif e["kind"] == "time_changed":
            seq.append("time")
    assert seq == ["strikes->resolving", "time", "resolving->p0.strikes"]
    assert sc.game.state.time == 9


@pytest.mark.rule("LE-STRIKE-05")
def test_a_strike_that_says_otherwise_is_not_kept(scenario):
    sc = scenario("""
active 0
put strike_deja_vu strikes down as deja
""")
    sc.line("effect 0 draw_strike")
    assert sc.ref("deja") in pile(sc, "strike_discard")
    assert not pile(sc, "p0.strikes") and sc.game.state.time == 8


@pytest.mark.rule("LE-STRIKE-06")
def test_damage_is_strike_damage_plus_scars(scenario):
    sc = scenario("""
active 0
put strike_bullet_graze p0.strikes
put strike_sentinel_laser p0.strikes
put strike_deja_vu p0.strikes
put strike_split_lip p0.scars
put strike_point_blank p1.strikes
""")
    t = sc.t
    assert t.damage(0) == 1 + 2 + 0 + 1
    assert t.damage(1) == 2
    view = sc.game.observe(0)["players"]
    assert [p["damage"] for p in view] == [4, 2]


@pytest.mark.rule("LE-STRIKE-07")
def test_healing_discards_the_strike_to_discarded_strikes(scenario):
    sc = scenario("""
active 0
put strike_sentinel_laser p0.strikes as laser
""")
    sc.line("effect 0 heal_strike")
    assert pile(sc, "strike_discard") == [sc.ref("laser")]
    assert not pile(sc, "p0.strikes") and sc.t.damage(0) == 0


@pytest.mark.rule("LE-STRIKE-08")
@pytest.mark.parametrize(("enemy", "world", "strikes", "time"), [
    ("rules_as_striker_plus", "matrix", 1, 9),  # adds an effect, still strikes
    ("rules_as_striker_plus", "real", 0, 8),
    ("rules_as_striker_instead", "matrix", 0, 8),  # changes how it strikes
    ("rules_as_striker_instead", "real", 0, 8),
    ("test_three_drill_firewall", "matrix", 0, 10),  # never strikes
    ("test_three_drill_firewall", "real", 0, 10),
])
def test_strike_abilities_add_change_or_stop_strikes(scenario, enemy, world, strikes, time):
    sc = scenario(f"""
active 0
world 0 {world}
put {enemy} combat
""" + TOP_STRIKES)
    res = accepted(sc, "end")
    assert len(strike_seats(res.events)) == strikes
    assert len(pile(sc, "p0.strikes")) == strikes
    assert sc.game.state.time == time


@pytest.mark.rule("LE-STRIKE-09")
def test_avoided_strike_effect_draws_nothing(scenario):
    sc = scenario("active 0\n" + TOP_STRIKES)
    deck = list(pile(sc, "strikes"))
    sc.line("effect 0 avoid_strike")
    sc.line("effect 0 draw_strike")
    assert pile(sc, "strikes") == deck and not pile(sc, "p0.strikes")
    assert "strike_avoided" in [e["kind"] for e in ev_dicts(sc.events)]
    sc.line("effect 0 draw_strike")  # the avoid was used up
    assert pile(sc, "p0.strikes") == [sc.ref("st2")]


@pytest.mark.rule("LE-STRIKE-09")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_avoided_enemy_strike_neither_draws_nor_costs_time(scenario, world):
    sc = scenario(f"""
active 0
world 0 {world}
put test_one_drill_sentinel combat
put test_one_drill_cop combat
""" + TOP_STRIKES)
    sc.line("effect 0 avoid_strike")
    res = accepted(sc, "end")
    assert kinds(res.events, "strike_avoided") == ["strike_avoided"]
    if world == "matrix":  # the second Enemy still strikes
        assert strike_seats(res.events) == [0] and sc.game.state.time == 10
    else:
        assert strike_seats(res.events) == [] and sc.game.state.time == 9


@pytest.mark.rule("LE-STRIKE-10")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_real_world_enemies_strike_the_active_player_after_the_combat_zone(scenario, world):
    sc = scenario(f"""
active 0
world 0 {world}
world 1 matrix
put test_one_drill_sentinel combat
put test_three_drill_swarm real_world as swarm
""" + TOP_STRIKES)
    res = accepted(sc, "end")
    order = kinds(res.events, "strike_drawn", "time_changed")
    if world == "real":
        assert order == ["time_changed", "strike_drawn"]  # a Strike even in the Real World
    else:
        assert order == ["strike_drawn", "strike_drawn"]
    assert strike_seats(res.events) == [0] * order.count("strike_drawn")
    assert not pile(sc, "p1.strikes")
    assert sc.ref("swarm") in pile(sc, "real_world")


@pytest.mark.rule("LE-STRIKE-10")
@pytest.mark.parametrize(("first", "order"), [
    (0, ["time_changed", "strike_drawn", "strike_drawn"]),
    (1, ["strike_drawn", "time_changed", "strike_drawn"]),
])
def test_active_player_orders_real_world_strikes(scenario, first, order):
    sc = scenario("""
active 0
world 0 real
put rules_as_striker_plus real_world as plus
put test_one_drill_sentinel real_world as sentinel
""" + TOP_STRIKES)
    s = sc.game.state
    accepted(sc, "end")
    assert s.decision is not None and s.decision.rule == "LE-STRIKE-10" and s.decision.seat == 0
    assert list(s.decision.options) == ["Rules Striker Plus", "Drill Sentinel"]
    res = accepted(sc, f"choose {first}")
    assert kinds(res.events, "strike_drawn", "time_changed") == order
    assert len(pile(sc, "p0.strikes")) == 2


@pytest.mark.rule("LE-STRIKE-11")
def test_enemy_beside_an_avatar_strikes_only_that_player_on_their_turn(scenario):
    sc = scenario("""
active 0
world 0 real
world 1 real
put test_three_drill_swarm p1.beside as swarm
""" + TOP_STRIKES)
    s = sc.game.state
    res = accepted(sc, "end")
    assert strike_seats(res.events) == []
    assert not pile(sc, "p0.strikes") and not pile(sc, "p1.strikes")
    assert s.active == 1 and s.phase == "action"
    res = accepted(sc, "end")
    assert strike_seats(res.events) == [1]
    assert len(pile(sc, "p1.strikes")) == 1 and not pile(sc, "p0.strikes")


@pytest.mark.rule("LE-STRIKE-12")
def test_strike_deck_is_rebuilt_from_discarded_strikes_at_once(scenario):
    sc = scenario("""
active 0
empty strikes strike_discard
put strike_bullet_graze strikes down as last
put strike_split_lip strike_discard as d1
put strike_cracked_ribs strike_discard as d2
""")
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    assert pile(sc, "p0.strikes") == [sc.ref("last")]
    assert sorted(pile(sc, "strikes")) == sorted([sc.ref("d1"), sc.ref("d2")])
    assert not pile(sc, "strike_discard") and not s.over
    assert not set(pile(sc, "strikes")) & s.face_up  # face down again
    evs = [e["kind"] for e in ev_dicts(sc.events)]
    assert evs.index("strike_drawn") < evs.index("strikes_reshuffled")


@pytest.mark.rule("LE-STRIKE-12")
def test_empty_strike_deck_is_rebuilt_before_a_draw(scenario):
    sc = scenario("""
active 0
empty strikes strike_discard
put strike_split_lip strike_discard as d1
put strike_cracked_ribs strike_discard as d2
""")
    sc.line("effect 0 draw_strike")
    got = pile(sc, "p0.strikes")
    assert len(got) == 1 and got[0] in (sc.ref("d1"), sc.ref("d2"))
    assert len(pile(sc, "strikes")) == 1 and not pile(sc, "strike_discard")
    assert not sc.game.state.over


@pytest.mark.rule("LE-STRIKE-13")
def test_no_strikes_anywhere_loses_the_game(scenario):
    sc = scenario("""
active 0
empty strikes strike_discard
put strike_bullet_graze strikes down
""")
    s = sc.game.state
    sc.line("effect 0 draw_strike")
    assert s.result == "loss:strikes" and s.over
    rejected(sc, "end", "LE-GEN-03")


@pytest.mark.rule("LE-STRIKE-13")
def test_strike_phase_with_no_strikes_left_loses(scenario):
    sc = scenario("""
active 0
world 0 matrix
empty strikes strike_discard
put test_one_drill_sentinel combat
""")
    accepted(sc, "end")
    assert sc.game.state.result == "loss:strikes"


@pytest.mark.rule("LE-STRIKE-14")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_effect_strike_outside_the_strike_phase(scenario, world):
    sc = scenario(f"""
active 0
world 0 {world}
put strike_thrown_through_a_wall strikes down as wall
""")
    s = sc.game.state
    assert s.phase == "action"
    sc.line("effect 0 draw_strike")
    assert pile(sc, "p0.strikes") == [sc.ref("wall")]  # a card even in the Real World
    assert s.time == 9  # its text resolved (Lower the Time Track by 1), no Time lost for the strike
    assert s.phase == "action" and s.active == 0


@pytest.mark.rule("LE-STRIKE-14")
def test_effect_strike_for_the_next_player(scenario):
    sc = scenario("active 0\n" + TOP_STRIKES)
    sc.line("effect 0 draw_strike who=next")
    assert pile(sc, "p1.strikes") == [sc.ref("st2")] and not pile(sc, "p0.strikes")


# --- LE-TIME --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-TIME-01")
def test_time_track_starts_at_ten(scenario, db):
    sc = scenario("", clear=False)
    assert sc.game.state.time == 10 == db.playmat.start_time
    assert sc.game.observe(0)["time"] == 10


@pytest.mark.rule("LE-TIME-02")
def test_time_reaching_zero_loses(scenario):
    sc = scenario("""
active 0
time 2
""")
    s = sc.game.state
    sc.line("effect 0 lower_time amount=1")
    assert s.time == 1 and not s.over
    sc.line("effect 0 lower_time amount=3")
    assert s.time == 0 and s.result == "loss:time" and s.phase == "over"
    assert "game_over" in [e["kind"] for e in ev_dicts(sc.events)]
    rejected(sc, "end", "LE-GEN-03")


@pytest.mark.rule("LE-TIME-02", "LE-TIME-03")
def test_strike_phase_in_the_real_world_can_run_out_the_clock(scenario):
    sc = scenario("""
active 0
world 0 real
time 1
put test_one_drill_sentinel combat
put test_one_drill_cop combat
""")
    res = accepted(sc, "end")
    s = sc.game.state
    assert s.result == "loss:time" and s.time == 0
    assert len(time_causes(res.events)) == 1  # the game ended at the first strike
    assert s.active == 0 and s.phase == "over"


@pytest.mark.rule("LE-TIME-03")
def test_leaving_the_matrix_before_the_strike_phase_costs_time_per_strike(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_one_drill_sentinel combat
put test_one_drill_cop combat
put test_one_drill_program combat
""" + TOP_STRIKES)
    accepted(sc, "move real alley")
    res = accepted(sc, "end")
    assert sc.game.state.time == 7
    assert strike_seats(res.events) == [] and not pile(sc, "p0.strikes")


@pytest.mark.rule("LE-TIME-04")
def test_card_effects_lower_the_time_track(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put test_one_drill_glitch row.2 down as glitch
hand 0 rules_as_borrowed_time
""")
    s = sc.game.state
    accepted(sc, "scan 2")  # Reveal: Lower the Time Track by 1
    assert s.time == 9 and sc.ref("glitch") in pile(sc, "discarded")
    accepted(sc, "play $rules_as_borrowed_time")
    assert s.time == 8


@pytest.mark.rule("LE-TIME-05")
def test_time_track_can_be_raised_by_paying_attack(scenario):
    sc = scenario("""
active 0
hand 0 rules_as_time_dial there_is_no_spoon
""")
    s = sc.game.state
    accepted(sc, "play $rules_as_time_dial")
    accepted(sc, "use $rules_as_time_dial")
    assert s.decision is not None and s.decision.kind == "yes_no"
    accepted(sc, "choose 1")
    assert s.time == 11 and s.turn.attack == 0


@pytest.mark.rule("LE-TIME-05")
def test_paying_for_time_is_optional_and_needs_the_attack(scenario):
    sc = scenario("""
active 0
hand 0 rules_as_time_dial
""")
    s = sc.game.state
    accepted(sc, "play $rules_as_time_dial")
    accepted(sc, "use $rules_as_time_dial")
    accepted(sc, "choose 0")  # decline
    assert s.time == 10 and s.turn.attack == 2
    sc2 = scenario("""
active 0
hand 0 rules_as_time_dial
pool attack=0
""")
    accepted(sc2, "play $rules_as_time_dial")
    sc2.line("pool attack=1")
    accepted(sc2, "use $rules_as_time_dial")  # cannot afford: nothing offered
    assert sc2.game.state.decision is None and sc2.game.state.time == 10


@pytest.mark.rule("LE-TIME-05")
def test_taking_attack_from_the_time_track(scenario):
    sc = scenario("""
active 0
hand 0 rules_as_borrowed_time
""")
    accepted(sc, "play $rules_as_borrowed_time")
    assert sc.game.state.time == 9 and sc.game.state.turn.attack == 3


@pytest.mark.rule("LE-TIME-05")
def test_completing_a_part_can_raise_the_time_track(scenario):
    sc = scenario("""
active 0
act 2 2
time 6
put test_two_drill_hunter defeated_enemies
put test_two_drill_hunter defeated_enemies as h2
""")
    accepted(sc, "objective")  # Part 2 of Test Act Two: raise the Time Track by 1
    s = sc.game.state
    assert (s.act, s.part) == (3, 1) and s.time == 7


@pytest.mark.rule("LE-TIME-06")
def test_time_track_has_no_maximum(scenario):
    sc = scenario("active 0")
    s = sc.game.state
    sc.line("effect 0 raise_time amount=3")
    assert s.time == 13
    sc.line("effect 0 raise_time amount=10")
    assert s.time == 23
    assert sc.game.observe(1)["time"] == 23
