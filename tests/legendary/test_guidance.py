"""The view's guidance: next step, Objective, Act/Part, the strike forecast and how the game ended.

The forecast is the Strike Phase's own plan (engine/legendary/strikeplan.py), so each forecast is
checked against what ending the Action Phase then really does.
"""
from __future__ import annotations

import pytest

from engine.legendary import flow
from engine.legendary.game import LegendaryGame
from engine.legendary.state import pp
from tests.legendary.helpers import accepted

TOP_STRIKES = """
put strike_bullet_graze strikes down
put strike_split_lip strikes down
put strike_bullet_graze strikes down
"""


def view(sc, seat=None):
    return sc.game.observe(seat)


def drawn(events) -> int:
    return sum(1 for e in events if e.kind == "strike_drawn")


def time_lost(events) -> int:
    return sum(e.data["before"] - e.data["after"] for e in events if e.kind == "time_changed")


def forecast_comes_true(sc, time: int, cards: int) -> dict:
    """The forecast says ``time`` lost and ``cards`` Strikes drawn, and ending the Action Phase
    then does exactly that (the forecast is the Strike Phase's own plan)."""
    fc = view(sc)["strike_forecast"]
    assert (fc["time_loss"], fc["strike_cards"]) == (time, cards)
    res = accepted(sc, "end")
    assert (time_lost(res.events), drawn(res.events)) == (time, cards)
    return fc


@pytest.mark.rule("LE-STRIKE-01", "LE-STRIKE-03")
def test_le_strike_03_forecast_in_the_real_world_is_time_lost(scenario):
    sc = scenario("""
active 0
world 0 real
put test_one_drill_sentinel combat
put test_one_drill_cop combat
""")
    fc = forecast_comes_true(sc, 2, 0)
    assert [r["name"] for r in fc["enemies"]] == ["Drill Sentinel", "Drill Cop"]  # rightmost first
    assert fc["text"] == "Strikes this turn: Time -2"


@pytest.mark.rule("LE-STRIKE-02", "LE-KEYWORD-24")
def test_le_strike_02_forecast_in_the_matrix_counts_strike_cards_and_double_strike(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_one_drill_cop combat
put test_two_drill_enforcer combat
""" + TOP_STRIKES)
    name = view(sc)["players"][0]["name"]
    fc = forecast_comes_true(sc, 0, 3)
    assert [(r["name"], r["hits"]) for r in fc["enemies"]] == [("Drill Cop", 1), ("Drill Enforcer", 2)]
    assert fc["text"] == f"Strikes this turn: {name} draws 3 Strikes"


@pytest.mark.rule("LE-STRIKE-10", "LE-STRIKE-11")
def test_le_strike_10_forecast_adds_real_world_enemies_whichever_world(scenario):
    sc = scenario("""
active 0
world 0 real
put test_one_drill_cop combat
put test_one_drill_sentinel real_world
""" + TOP_STRIKES)
    fc = forecast_comes_true(sc, 1, 1)
    assert [(r["where"], r["to_time"]) for r in fc["enemies"]] == [("combat", True), ("real_world", False)]


@pytest.mark.rule("LE-KEYWORD-19", "LE-STRIKE-09")
def test_le_keyword_19_forecast_leaves_out_a_distracted_enemy(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=6
put test_one_drill_agent combat up as agent
put test_one_drill_cop combat
""" + TOP_STRIKES)
    accepted(sc, "buytime $agent")
    fc = forecast_comes_true(sc, 0, 1)
    agent = next(r for r in fc["enemies"] if r["card"] == sc.ref("agent"))
    assert agent["skipped"] == "Buy Time"


def test_forecast_says_nothing_strikes_on_an_empty_table(scenario):
    sc = scenario("active 0")
    fc = view(sc)["strike_forecast"]
    assert fc["enemies"] == [] and fc["text"] == "Nothing strikes this turn"


@pytest.mark.rule("LE-DEFEAT-09")
def test_le_defeat_09_outcome_names_the_defeated_player_and_the_act(scenario):
    sc = scenario("""
active 0
act 1 1
put strike_point_blank p1.strikes
put strike_roundhouse_kick p1.strikes
put strike_bullet_graze p1.strikes
put strike_bullet_graze strikes down
""", players=5)
    name = view(sc)["players"][1]["name"]
    sc.line("effect 1 draw_strike")
    v = view(sc)
    out = v["outcome"]
    assert v["result"] == "loss:defeat"
    assert out["text"] == f"LE-DEFEAT-09: {name} was defeated in Act 1"
    assert (out["rule"], out["headline"], out["won"], out["act"]) == ("LE-DEFEAT-09", "Defeat", False, 1)
    assert out["strikes_taken"] == 4 and out["strikes_by_player"][name] == 4
    assert v["next_step"] == f"Defeat: {name} was defeated in Act 1"
    over = [e for e in sc.events if e["kind"] == "game_over"]
    assert over[-1]["text"] == out["text"]


@pytest.mark.rule("LE-TIME-02")
def test_le_time_02_outcome_after_the_time_track_runs_out(scenario):
    sc = scenario("""
active 0
time 1
world 0 real
put test_one_drill_cop combat
""")
    assert view(sc)["outcome"] is None
    accepted(sc, "end")
    out = view(sc)["outcome"]
    assert out["text"] == "LE-TIME-02: the Time Track reached 0" and out["turns"] == sc.game.state.turn_no


@pytest.mark.rule("LE-ACT-14", "LE-ACT-15")
def test_le_act_15_outcome_of_a_minor_victory(scenario):
    sc = scenario("act 3 3")
    assert "a Minor Victory is offered" in view(sc)["next_step"]
    accepted(sc, "minor-victory")
    out = view(sc)["outcome"]
    assert (out["headline"], out["won"], out["rule"]) == ("Minor Victory", True, "LE-ACT-15")


def test_ending_is_left_out_of_the_hash_so_older_saves_load(scenario, tmp_path):
    sc = scenario("""
active 0
time 1
world 0 real
put test_one_drill_cop combat
""")
    accepted(sc, "end")
    s = sc.game.state
    h = s.hash()
    s.ending = {}
    assert s.hash() == h
    s.ending = {"rule": "LE-TIME-02", "cause": "the Time Track reached 0"}
    sc.game.save(tmp_path / "over.json")
    again = LegendaryGame.load(tmp_path / "over.json", sc.game.db)
    assert again.observe(None)["outcome"]["rule"] == "LE-TIME-02"


@pytest.mark.rule("LE-ACT-03", "LE-ACT-04")
def test_le_act_04_objective_and_act_part_follow_the_act(scenario):
    sc = scenario("put test_one_drill_agent defeated_enemies")
    v = view(sc)
    assert v["objective"] == "Defeat the Drill Agent."
    assert v["act_part"] == "Act 1 Part 1: Find the Drill Agent"
    assert "the Objective can be completed now" in v["next_step"]
    assert v["objective_ready"]
    accepted(sc, "objective")
    v = view(sc)
    assert v["act_part"] == "Act 1 Part 2: Clear the Sentinels"
    assert v["objective"] == "Defeat 2 Drill Sentinels."


@pytest.mark.rule("LE-TURN-01")
def test_next_step_in_the_action_phase_names_the_active_player(scenario):
    sc = scenario("active 0")
    v = view(sc)
    name = v["players"][0]["name"]
    assert v["next_step"] == f"{name}: play cards, recruit, fight, scan or move; End Turn when done"
    accepted(sc, "end")
    assert view(sc)["next_step"].startswith(view(sc)["players"][1]["name"] + ":")


@pytest.mark.rule("LE-ABILITY-03")
def test_le_ability_03_a_decision_prompt_names_its_source_card(scenario):
    sc = scenario("active 0")
    s = sc.game.state
    hand = s.piles[pp(0, "hand")]
    src = hand[0]
    t = sc.t
    t.push({"op": "fx", "fx": {"verb": "discard", "amount": 1}, "src": src, "seat": 0})
    flow.run(t)
    v = view(sc)
    who, card = v["players"][0]["name"], t.name(src)
    assert v["decision_source"] == card
    assert v["next_step"] == f"{who} ({card}): Discard a card (1 to go)"


@pytest.mark.rule("LE-ACT-04", "LE-ACT-05")
def test_le_act_04_the_view_names_the_objectives_cards_and_the_copies_it_shows():
    """"Complete The Red Pill." is about The Red Pill: the view names it (printed on the Act card)
    and gives the numbers of the copies the seat sees, none while it is face down."""
    from engine.legendary.carddb import load_db
    from engine.legendary.scenario import Scenario

    sdb = load_db()
    head = ("setup avatars=thomas_anderson_neo,morpheus_the_matrix "
            "acts=what_is_the_matrix,know_thyself,he_is_the_one "
            "groups=morpheus_the_matrix,trinity_the_matrix,tank,nebuchadnezzar_crew seed=3\n"
            "empty row.0 row.1 row.2 row.3 row.4\n")
    sc = Scenario.from_text(head + "put the_red_pill row.1 down as pill\n", sdb)
    v = sc.game.observe(None)
    assert v["objective"] == "Complete The Red Pill."
    assert v["objective_cards"] == [{"def": "the_red_pill", "name": "The Red Pill", "ids": []}]
    sc = Scenario.from_text(head + "put the_red_pill row.1 up as pill\n", sdb)
    pill = sc.ref("pill")
    assert sc.game.observe(0)["objective_cards"][0]["ids"] == [pill]
    # an Objective its Act's rule checks: the cards of the Act's hint its text names
    head2 = ("setup avatars=neo_reloaded,trinity_reloaded_revolutions "
             "acts=the_oracles_call,free_the_keymaker,the_source "
             "groups=neo_reloaded,morpheus_reloaded_revolutions,trinity_reloaded_revolutions,ship_captains "
             "seed=5\nact 2 2\n")
    v = Scenario.from_text(head2, sdb).game.observe(None)
    assert v["objective"] == "Defeat The Twins and complete Freeway Chase."
    assert sorted(c["name"] for c in v["objective_cards"]) == ["Freeway Chase", "The Twins"]
