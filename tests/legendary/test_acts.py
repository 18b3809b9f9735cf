"""Rule tests for LE-ACT (Acts, Objectives, Extras, victory levels) and LE-INEVITABLE."""
from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from engine.legendary import flow, schema
from engine.legendary.carddb import CardDB
from engine.legendary.scenario import Scenario
from engine.legendary.state import dock
from tests.legendary.conftest import setup_line

CLEAR = "\nempty row.0 row.1 row.2 row.3 row.4 combat\n"


def rejected(res, rule: str) -> bool:
    return not res.accepted and res.rule == rule


def relabelled(db: CardDB, **labels: str) -> CardDB:
    """A copy of the card database where some fixture cards carry an Act's Deck Label."""
    cards = dict(db.cards)
    for cid, deck in labels.items():
        cards[cid] = cards[cid].model_copy(update={"deck": deck})
    return db.with_cards(cards)


def game_with(db: CardDB, text: str = "", acts: str | None = None, players: int = 2) -> Scenario:
    head = setup_line(players)
    if acts:
        head = head.replace("acts=test_act_one,test_act_two,test_act_three", f"acts={acts}")
    return Scenario.from_text(head + CLEAR + text, db)


def run_fx(sc: Scenario, fx: dict[str, Any], src: int, seat: int = 0) -> list:
    """Resolve one effect now as if card ``src`` gave the instruction."""
    eff = TypeAdapter(schema.Effect).validate_python(fx).model_dump()
    t = sc.t
    t.push({"op": "fx", "fx": eff, "src": src, "seat": seat})
    flow.run(t)
    return t.events


def lines(sc: Scenario, text: str) -> None:
    """Apply several scenario position lines."""
    for line in text.strip().splitlines():
        sc.line(line.strip())


def act_card(sc: Scenario, def_id: str) -> int:
    s = sc.game.state
    return next(c for c in s.piles["acts"] if s.defs[c] == def_id)


def kinds(events, kind: str) -> list[dict]:
    return [e.data for e in events if e.kind == kind]


# --- LE-ACT: Parts and Objectives -----------------------------------------------------------------


@pytest.mark.rule("LE-ACT-01")
def test_le_act_01_game_starts_at_act_1_part_1(scenario):
    sc = scenario()
    s = sc.game.state
    assert (s.act, s.part) == (1, 1)
    top = s.piles["acts"][-1]
    assert s.defs[top] == "test_act_one" and top not in s.flipped
    assert flow.current_part(sc.t).title == "Find the Drill Agent"
    assert sc.game.observe(0)["act"] == 1 and sc.game.observe(0)["part"] == 1


@pytest.mark.rule("LE-ACT-03", "LE-ACT-12")
def test_le_act_03_12_objective_met_waits_until_the_team_completes_it(scenario):
    sc = scenario("put test_one_drill_agent defeated_enemies")
    s = sc.game.state
    assert flow.objective_met(sc.t)
    assert sc.command("end").accepted  # the team may delay
    assert (s.act, s.part) == (1, 1) and s.active == 1
    res = sc.command("objective")  # any later turn: still there to complete
    assert res.accepted
    assert (s.act, s.part) == (1, 2)
    assert kinds(res.events, "act_advanced") == [{"act": 1, "part": 2}]


@pytest.mark.rule("LE-ACT-04", "LE-ACT-05")
def test_le_act_04_objective_rejected_until_its_condition_holds(scenario):
    sc = scenario("put test_one_drill_sentinel defeated_enemies")
    before = sc.game.state_hash()
    res = sc.command("objective")
    assert rejected(res, "LE-ACT-04")
    assert "Defeat the Drill Agent." in res.reason  # the Objective's own words
    assert sc.game.state_hash() == before
    assert "objective" not in [c.text() for c in sc.game.legal_commands()]
    sc.line("put test_one_drill_agent defeated_enemies")
    assert "objective" in [c.text() for c in sc.game.legal_commands()]
    assert sc.command("objective").accepted


@pytest.mark.rule("LE-ACT-04", "LE-ACT-10")
def test_le_act_04_10_completing_a_challenge_objective_and_the_next_setup(db):
    sc = game_with(db, """
act 2 1
world 0 matrix
put test_two_drill_door_code row.2 up as code
pool attack=4
""", acts="test_act_one,rules_two_codes,test_act_three")
    s = sc.game.state
    assert rejected(sc.command("objective"), "LE-ACT-04")
    assert sc.command("complete $code attack").accepted
    assert sc.ref("code") in s.piles["discarded"] and s.time == 11  # Complete: +1
    res = sc.command("objective")
    assert res.accepted and (s.act, s.part) == (2, 2)
    # Part 2's "Setup: Lower the Time Track by 1" is done as the Part begins, before Cleanup
    assert s.time == 10
    order = [e.kind for e in res.events if e.kind in ("act_advanced", "time_changed", "phase")]
    assert order[:3] == ["act_advanced", "time_changed", "phase"]


@pytest.mark.rule("LE-ACT-04")
def test_le_act_04_a_part_without_objective_has_none_to_complete(db):
    sc = game_with(db, "act 1 2", acts="rules_one_briefing,test_act_two,test_act_three")
    assert rejected(sc.command("objective"), "LE-ACT-04")


@pytest.mark.rule("LE-ACT-02", "LE-ACT-07", "LE-ACT-09")
def test_le_act_07_09_flip_then_retire_the_act_card(scenario):
    sc = scenario("put test_one_drill_agent defeated_enemies")
    s = sc.game.state
    one = act_card(sc, "test_act_one")
    assert sc.command("objective").accepted
    assert one in s.flipped and s.piles["acts"][-1] == one and (s.act, s.part) == (1, 2)
    sc.line("put test_one_drill_sentinel defeated_enemies")
    sc.line("put test_one_drill_sentinel defeated_enemies")
    assert sc.command("objective").accepted
    assert s.piles["acts"][0] == one  # finished: to the bottom of the Act stack
    assert s.defs[s.piles["acts"][-1]] == "test_act_two" and (s.act, s.part) == (2, 1)
    assert [s.defs[c] for c in reversed(s.piles["acts"])] == [
        "test_act_two", "test_act_three_a", "test_act_three_b", "test_act_one"]


@pytest.mark.rule("LE-ACT-02", "LE-ACT-09")
def test_le_act_02_act_3_second_card_carries_part_3(scenario):
    sc = scenario("""
act 3 2
put test_three_drill_squid defeated_enemies
put test_three_drill_squid defeated_enemies
""")
    s = sc.game.state
    a = act_card(sc, "test_act_three_a")
    assert sc.command("objective").accepted
    assert s.piles["acts"][0] == a
    assert s.defs[s.piles["acts"][-1]] == "test_act_three_b" and (s.act, s.part) == (3, 3)
    assert flow.current_part(sc.t).minor_victory  # the final Part's special rule


@pytest.mark.rule("LE-ACT-06", "LE-ACT-08", "LE-ACT-13")
def test_le_act_08_13_announced_objective_then_instructions_lead_to_the_next_act(db):
    sc = game_with(db, acts="rules_one_briefing,test_act_two,test_act_three")
    s = sc.game.state
    hand_before = list(s.piles["p0.hand"])
    res = sc.command("objective")  # "you may 'free Neo from the Matrix'": announce it
    assert res.accepted
    # on_complete (+1), then Part 2's Setup (+2) whose instruction begins Act 2 Part 1
    assert s.time == 13
    assert kinds(res.events, "act_advanced") == [{"act": 1, "part": 2}, {"act": 2, "part": 1}]
    assert s.defs[s.piles["acts"][-1]] == "test_act_two"
    # the turn ended once, straight to Cleanup
    assert [e["seat"] for e in kinds(res.events, "phase") if e["phase"] == "cleanup"] == [0]
    assert s.active == 1 and not set(hand_before) & set(s.piles["p0.hand"])


@pytest.mark.rule("LE-ACT-08")
def test_le_act_08_a_part_2_with_its_own_objective_waits_for_it(scenario):
    sc = scenario("put test_one_drill_agent defeated_enemies")
    s = sc.game.state
    assert sc.command("objective").accepted
    assert (s.act, s.part) == (1, 2)
    assert rejected(sc.command("objective"), "LE-ACT-04")
    assert sc.command("end").accepted and (s.act, s.part) == (1, 2)


@pytest.mark.rule("LE-ACT-06", "LE-ACT-11")
def test_le_act_06_11_a_revealed_card_begins_the_next_part_and_ends_the_turn(scenario):
    sc = scenario("""
world 0 matrix
put rules_event_next_part row.3 down as turn
put test_one_drill_sentinel combat up
pool attack=5
""")
    s = sc.game.state
    assert sc.ref("turn") not in s.face_up
    res = sc.command("scan 3")
    assert res.accepted
    assert (s.act, s.part) == (1, 2)
    phases = [(e["phase"], e["seat"]) for e in kinds(res.events, "phase")]
    # no Strike Phase: the Combat Zone Drill Sentinel never strikes p0 (in the Matrix)
    assert ("strike", 0) not in phases and not kinds(res.events, "strike_drawn")
    assert phases[0] == ("cleanup", 0) and s.active == 1 and s.phase == "action"
    assert s.piles["p0.strikes"] == [] and len(s.piles["p0.hand"]) == 6
    assert s.turn.attack == 0  # the unspent Attack is gone with the turn


@pytest.mark.rule("LE-ACT-11")
def test_le_act_11_objective_skips_rest_of_action_and_the_strike_phase(scenario):
    sc = scenario("""
world 0 real
put test_one_drill_sentinel combat up
put test_one_drill_agent defeated_enemies
pool recruit=5 attack=3
""")
    s = sc.game.state
    res = sc.command("objective")
    assert res.accepted and (s.act, s.part) == (1, 2)
    assert s.time == 10  # the Sentinel never struck the Time Track
    phases = [(e["phase"], e["seat"]) for e in kinds(res.events, "phase")]
    assert phases == [("cleanup", 0), ("action", 1)]
    assert s.active == 1 and s.turn.recruit == 0


@pytest.mark.rule("LE-ACT-11")
def test_le_act_11_part_change_in_the_matrix_phase_skips_the_whole_action_phase(scenario):
    sc = scenario("""
world 1 real
put rules_event_next_part row.0 down as turn
put test_one_drill_cop row.1 down
put test_one_drill_cop row.2 down
put test_one_drill_sentinel row.3 down
put test_one_drill_sentinel row.4 down
""")
    s = sc.game.state
    res = sc.command("end")  # p1's Matrix Phase pushes the card into the Combat Zone
    assert res.accepted
    assert sc.ref("turn") in s.piles["discarded"] and (s.act, s.part) == (1, 2)
    steps = [("turn", e.data["seat"]) if e.kind == "turn_started" else (e.data["phase"], e.data["seat"])
             for e in res.events if e.kind in ("turn_started", "phase")]
    assert steps == [("strike", 0), ("cleanup", 0), ("turn", 1), ("cleanup", 1), ("turn", 0),
                     ("action", 0)]
    assert s.active == 0


@pytest.mark.rule("LE-ACT-14", "LE-ACT-15")
def test_le_act_14_15_minor_victory_only_when_offered(scenario):
    sc = scenario("act 3 1")
    assert rejected(sc.command("minor-victory"), "LE-ACT-14")
    assert "minor-victory" not in [c.text() for c in sc.game.legal_commands()]
    sc.line("act 3 3")
    assert "minor-victory" in [c.text() for c in sc.game.legal_commands()]
    res = sc.command("minor-victory")
    assert res.accepted and sc.game.state.result == "minor"
    assert kinds(res.events, "game_over") == [{"result": "minor"}]


@pytest.mark.rule("LE-ACT-14", "LE-ACT-15")
def test_le_act_15_continuing_keeps_the_game_going_with_the_risk_of_losing(scenario):
    sc = scenario("""
act 3 3
time 2
world 0 real
put test_three_drill_squid combat up
""")
    s = sc.game.state
    assert sc.command("end").accepted  # declined: play on
    assert not s.result and s.time == 1 and (s.act, s.part) == (3, 3)
    assert sc.game.is_legal("minor-victory")  # still offered
    sc.line("world 1 real")
    assert sc.command("end").accepted
    assert s.result == "loss:time"


# --- LE-ACT: Extras -------------------------------------------------------------------------------


@pytest.mark.rule("LE-ACT-16", "LE-SETUP-19")
def test_le_act_16_extras_stay_out_of_play_until_an_instruction(scenario):
    sc = scenario("world 0 real\npool recruit=20")
    s = sc.game.state
    extras = list(s.piles["extras"])
    assert len(extras) == 3
    assert rejected(sc.command(f"recruit {extras[0]}"), "LE-RECRUIT-04")
    assert "recruit_in_matrix" not in s.turn.allow and s.piles["extras"] == extras
    sc.line("put test_one_drill_agent defeated_enemies")
    res = sc.command("objective")  # "shuffle the Test Extra Hero Group into Zion"
    assert res.accepted and s.piles["extras"] == []
    assert set(extras) <= set(s.piles["zion"]) | {c for i in range(5) for c in s.piles[dock(i)]}
    assert kinds(res.events, "zion_grows") == [{"count": 3}]


@pytest.mark.rule("LE-ACT-16", "LE-RECRUIT-08")
def test_le_act_16_gain_extra_gives_each_player_one(scenario):
    sc = scenario()
    s = sc.game.state
    run_fx(sc, {"verb": "gain_extra", "card": "test_extra_stand_in"}, act_card(sc, "test_act_one"))
    assert [s.defs[c] for c in s.piles["p0.discard"]] == ["test_extra_stand_in"]
    assert [s.defs[c] for c in s.piles["p1.discard"]] == ["test_extra_stand_in"]
    assert [s.defs[c] for c in s.piles["extras"]] == ["test_extra_understudy"]


@pytest.mark.rule("LE-ACT-17")
def test_le_act_17_an_instruction_means_its_own_acts_extras(db):
    db2 = relabelled(db, rules_extra_recruit="act:test_act_two")
    sc = game_with(db2, "put test_two_drill_door_code row.1 up as code")
    s = sc.game.state
    assert sorted(s.defs[c] for c in s.piles["extras"]) == [
        "rules_extra_recruit", "rules_extra_recruit", "test_extra_stand_in", "test_extra_stand_in",
        "test_extra_understudy"]
    # an Act 2 card, revealed during Act 1, adds Act 2's Extras, not the current Act's
    run_fx(sc, {"verb": "add_extras_to_zion"}, sc.ref("code"))
    assert sorted(s.defs[c] for c in s.piles["extras"]) == [
        "test_extra_stand_in", "test_extra_stand_in", "test_extra_understudy"]
    # an Act 2 card cannot reach an Act 1 Extra, even by its id
    run_fx(sc, {"verb": "gain_extra", "card": "test_extra_understudy", "who": "self"}, sc.ref("code"))
    assert s.piles["p0.discard"] == [] and len(s.piles["extras"]) == 3
    # the Act 1 card's own instruction does
    run_fx(sc, {"verb": "gain_extra", "card": "test_extra_understudy", "who": "self"},
           act_card(sc, "test_act_one"))
    assert [s.defs[c] for c in s.piles["p0.discard"]] == ["test_extra_understudy"]


@pytest.mark.rule("LE-ACT-18", "LE-ACT-16")
def test_le_act_18_an_extra_enemy_in_play_is_an_ordinary_enemy(db):
    db2 = relabelled(db, rules_extra_agent="act:test_act_one")
    sc = game_with(db2, "world 0 matrix\npool attack=3")
    s = sc.game.state
    agent = next(c for c in s.piles["extras"] if s.defs[c] == "rules_extra_agent")
    assert rejected(sc.command(f"fight {agent}"), "LE-FIGHT-01")  # out of play
    run_fx(sc, {"verb": "put_extra", "card": "rules_extra_agent", "to": "matrix_row", "space": 2},
           act_card(sc, "test_act_one"))
    assert s.piles["row.2"] == [agent] and agent in s.face_up
    assert sc.command(f"fight {agent}").accepted
    assert agent in s.piles["defeated_enemies"]


@pytest.mark.rule("LE-ACT-18")
def test_le_act_18_an_extra_hero_in_zion_is_recruited_like_any_other(scenario):
    sc = scenario("world 0 real\npool recruit=30\nempty zion")
    s = sc.game.state
    for i in range(5):
        sc.line(f"empty {dock(i)}")
    sc.line("put test_one_drill_agent defeated_enemies")
    assert sc.command("objective").accepted  # the Extras join the (empty) Zion and fill the Dock
    shown = [s.piles[dock(i)][0] for i in range(3)]
    assert {s.defs[c] for c in shown} == {"test_extra_stand_in", "test_extra_understudy"}
    lines(sc, "active 1\nworld 1 real\npool recruit=30")
    assert sc.command(f"recruit {shown[0]}").accepted
    assert shown[0] in s.piles["p1.discard"]


@pytest.mark.rule("LE-ACT-19", "LE-ACT-17")
def test_le_act_19_the_act_names_which_agent_smith_extra(db):
    db2 = relabelled(db, rules_smith_first="act:test_act_three",
                     rules_smith_second="act:test_act_three")
    sc = game_with(db2, "act 3 1")
    s = sc.game.state
    smiths = {s.defs[c]: c for c in s.piles["extras"] if s.defs[c].startswith("rules_smith")}
    assert {sc.t.name(c) for c in smiths.values()} == {"Rules Agent Smith"}
    run_fx(sc, {"verb": "put_extra", "card": "rules_smith_second", "to": "combat_zone"},
           act_card(sc, "test_act_three_a"))
    assert s.piles["combat"] == [smiths["rules_smith_second"]]
    assert smiths["rules_smith_first"] in s.piles["extras"]


# --- LE-INEVITABLE --------------------------------------------------------------------------------


INEV = "test_three_drill_countdown"


def _inev_last(extra: str = "") -> str:
    """The Inevitable as the only card left in the Matrix Deck."""
    return f"empty matrix_deck\nput {INEV} matrix_deck as inev\n{extra}"


@pytest.mark.rule("LE-INEVITABLE-01", "LE-INEVITABLE-02", "LE-INEVITABLE-08")
def test_le_inevitable_02_enters_only_as_the_last_card_and_pushes(scenario):
    sc = scenario(_inev_last("""
put test_one_drill_cop matrix_deck as cop
put test_one_drill_sentinel row.4 down as s4
"""))
    s = sc.game.state
    inev = sc.ref("inev")
    assert s.piles["matrix_deck"] == [inev, sc.ref("cop")]
    assert sc.command("end").accepted  # p1's Matrix Phase: the Cop, not the Inevitable
    assert s.piles["row.4"] == [sc.ref("cop")] and s.piles["row.3"] == [sc.ref("s4")]
    assert s.piles["matrix_deck"] == [inev]
    res = sc.command("end")  # p0's Matrix Phase: the Inevitable is the only card left
    assert res.accepted
    assert s.piles["row.4"] == [inev] and inev in s.face_up
    assert s.piles["row.3"] == [sc.ref("cop")] and s.piles["row.2"] == [sc.ref("s4")]
    assert kinds(res.events, "inevitable_arrives")
    view = sc.game.observe(0)["piles"]["row.4"]["cards"][0]
    assert view["id"] == inev and view["name"] == "Drill Countdown"


@pytest.mark.rule("LE-INEVITABLE-03")
def test_le_inevitable_03_not_turned_over_when_it_enters(db, scenario):
    sc = scenario(_inev_last())
    s = sc.game.state
    assert sc.command("end").accepted and s.piles["row.4"] == [sc.ref("inev")]
    assert sc.ref("inev") not in s.flipped
    cards = dict(db.cards)
    cards[INEV] = cards[INEV].model_copy(update={"start_side": "back"})
    sc = game_with(db.with_cards(cards), _inev_last())
    s = sc.game.state
    assert sc.ref("inev") in s.flipped  # its stated start side
    assert sc.command("end").accepted and s.piles["row.4"] == [sc.ref("inev")]
    assert sc.ref("inev") in s.flipped


@pytest.mark.rule("LE-INEVITABLE-04")
def test_le_inevitable_04_moves_one_space_instead_of_a_new_card(scenario):
    sc = scenario(f"""
put {INEV} row.1 as inev
put test_one_drill_sentinel row.0 down as x
""")
    s = sc.game.state
    deck = len(s.piles["matrix_deck"])
    inev, x = sc.ref("inev"), sc.ref("x")
    res = sc.command("end")
    assert res.accepted and kinds(res.events, "inevitable_moves")
    assert len(s.piles["matrix_deck"]) == deck  # no Matrix card was added
    assert s.piles["row.0"] == [inev] and s.piles["combat"] == [x] and x in s.face_up
    assert all(not s.piles[f"row.{i}"] for i in range(1, 5))
    # p1 ends in the Real World: only the Sentinel strikes the Time Track, not the Inevitable
    assert sc.command("end").accepted
    # default: from the leftmost space it enters the Combat Zone and its own text applies
    assert s.piles["combat"] == [x, inev]
    assert s.time == 10 - 1 - 3
    assert len(s.piles["matrix_deck"]) == deck


@pytest.mark.rule("LE-INEVITABLE-05")
def test_le_inevitable_05_cannot_be_scanned_fought_or_interacted_with(scenario):
    sc = scenario(f"""
put {INEV} row.2 as inev
world 0 matrix
pool attack=20 recruit=20
""")
    inev = sc.ref("inev")
    before = sc.game.state_hash()
    for cmd in ("scan 2", f"fight {inev}", f"buytime {inev}", f"evade {inev}",
                f"complete {inev}", f"complete {inev} attack"):
        res = sc.command(cmd)
        assert rejected(res, "LE-INEVITABLE-05"), (cmd, res)
    assert sc.game.state_hash() == before
    legal = [c.text() for c in sc.game.legal_commands()]
    assert not [c for c in legal if c.endswith(f" {inev}") or c == "scan 2"]


@pytest.mark.rule("LE-INEVITABLE-05")
def test_le_inevitable_05_effects_cannot_target_it(scenario):
    sc = scenario(f"""
put {INEV} row.2 as inev
put test_one_drill_sentinel row.3 down as x
""")
    s = sc.game.state
    inev, x = sc.ref("inev"), sc.ref("x")
    sc.line("effect 0 scan_any")  # only the face-down Sentinel can be chosen: no decision
    assert s.decision is None and x in s.face_up
    sc.line("effect 0 defeat_enemy where=matrix_row")
    assert x in s.piles["defeated_enemies"] and s.piles["row.2"] == [inev]
    sc.line("effect 0 defeat_enemy")
    assert s.piles["row.2"] == [inev] and s.decision is None


@pytest.mark.rule("LE-INEVITABLE-06")
def test_le_inevitable_06_scan_costs_it_enters_are_gone_for_good(scenario):
    sc = scenario(_inev_last())
    s = sc.game.state
    res = sc.command("end")  # enters the Street (Scan Cost 3)
    assert res.accepted and s.disabled_scan == {4}
    assert kinds(res.events, "scan_disabled") == [{"space": 4}]
    assert sc.command("end").accepted  # moves on to the Lobby
    assert s.piles["row.3"] == [sc.ref("inev")] and s.disabled_scan == {3, 4}
    assert sc.game.observe(1)["disabled_scan"] == [3, 4]
    lines(sc, "put test_one_drill_cop row.4 down as cop\nworld 0 matrix\npool attack=9")
    before = sc.game.state_hash()
    res = sc.command("scan 4")
    assert rejected(res, "LE-INEVITABLE-06") and sc.game.state_hash() == before
    # default: a free "scan any space" effect still reveals it
    sc.line("effect 0 scan_any")
    assert sc.ref("cop") in s.face_up


@pytest.mark.rule("LE-INEVITABLE-07")
def test_le_inevitable_07_the_combat_zone_phone_always_works(scenario):
    sc = scenario(_inev_last())
    s = sc.game.state
    for _ in range(6):  # in at the Street, through every space, into the Combat Zone
        assert sc.command("end").accepted
    assert s.piles["combat"] == [sc.ref("inev")] and s.disabled_scan == {0, 1, 2, 3, 4}
    seat = s.active
    lines(sc, f"world {seat} matrix\npool attack=3")
    lines(sc, "put test_one_drill_cop row.0 down\nput test_one_drill_cop row.2 down")
    assert rejected(sc.command("move real alley"), "LE-MOVE-08")
    assert sc.command("move real combat").accepted
    assert not s.players[seat].in_matrix and s.turn.attack == 0


@pytest.mark.rule("LE-INEVITABLE-08", "LE-KEYWORD-23")
def test_le_inevitable_08_counts_as_face_up_beside_a_cover_enemy(scenario):
    sc = scenario(f"""
put {INEV} row.3 as inev
put test_one_drill_cop row.2 up as cop
world 0 matrix
pool attack=2
""")
    s = sc.game.state
    assert sc.command("fight $cop").accepted and sc.ref("cop") in s.piles["defeated_enemies"]
    sc = scenario("""
put test_one_drill_sentinel row.3 down
put test_one_drill_cop row.2 up as cop
world 0 matrix
pool attack=2
""")
    assert rejected(sc.command("fight $cop"), "LE-KEYWORD-23")  # control: a face-down neighbour


@pytest.mark.rule("LE-INEVITABLE-09", "LE-KEYWORD-27")
def test_le_inevitable_09_skips_over_a_stationary_card(scenario):
    sc = scenario(f"""
put {INEV} row.3 as inev
put test_two_drill_guard row.2 up as guard
put test_one_drill_sentinel row.1 down as x
""")
    s = sc.game.state
    assert sc.command("end").accepted
    assert s.piles["row.2"] == [sc.ref("guard")]
    assert s.piles["row.1"] == [sc.ref("inev")] and s.piles["row.0"] == [sc.ref("x")]
    assert 1 in s.disabled_scan and 2 not in s.disabled_scan


@pytest.mark.rule("LE-INEVITABLE-10")
def test_le_inevitable_10_a_card_entering_its_space_pushes_it(db):
    db2 = relabelled(db, rules_extra_agent="act:test_act_one")
    sc = game_with(db2, f"put {INEV} row.4 as inev\nput test_one_drill_cop row.3 down as cop")
    s = sc.game.state
    run_fx(sc, {"verb": "put_extra", "card": "rules_extra_agent", "to": "matrix_row", "space": 4},
           act_card(sc, "test_act_one"))
    assert s.defs[s.piles["row.4"][0]] == "rules_extra_agent"
    assert s.piles["row.3"] == [sc.ref("inev")] and s.piles["row.2"] == [sc.ref("cop")]
    assert 3 in s.disabled_scan


@pytest.mark.rule("LE-INEVITABLE-04", "LE-TIMING-08")
def test_inevitable_pushed_into_the_combat_zone_with_the_row_resolves_its_own_text(scenario):
    sc = scenario("""
time 9
put test_three_drill_countdown row.0 up as countdown
put test_one_drill_cop row.1 down as cop
effect 0 push_row_into_combat
""")
    s = sc.game.state
    assert s.piles["combat"] == [sc.ref("countdown"), sc.ref("cop")]
    assert s.time == 6  # Drill Countdown: lower the Time Track by 3 on entering the Combat Zone
    assert sc.ref("cop") in s.face_up
