"""Rule tests: fighting Enemies (LE-FIGHT) and completing Challenges (LE-CHALLENGE)."""
from __future__ import annotations

import pytest


def where(sc, name: str) -> str:
    return sc.game.state.where(sc.ref(name))


def rejected(sc, command: str, rule: str) -> None:
    """The command is refused under ``rule`` and changes nothing."""
    before = sc.game.state_hash()
    res = sc.command(command)
    assert not res.accepted, f"{command!r} was accepted"
    assert res.rule == rule, str(res)
    assert sc.game.state_hash() == before


def pools(sc) -> tuple[int, int]:
    turn = sc.game.state.turn
    return turn.recruit, turn.attack


# --- LE-FIGHT --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-FIGHT-01", "LE-FIGHT-02")
def test_le_fight_01_fight_face_up_enemies_in_the_row_and_the_combat_zone(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=5
put rules_rf_grunt row.3 up as in_row
put rules_rf_tripwire combat up as in_combat
""")
    res = sc.command("fight $in_row")
    assert res.accepted and pools(sc) == (0, 3)
    assert where(sc, "in_row") == "defeated_enemies" and sc.game.state.piles["row.3"] == []
    assert sc.command("fight $in_combat").accepted and pools(sc) == (0, 0)
    assert where(sc, "in_combat") == "defeated_enemies" and sc.game.state.piles["combat"] == []
    assert sc.ref("in_row") in sc.game.state.face_up
    assert any(e.kind == "card_moved" and e.data["dst"] == "defeated_enemies" for e in res.events)


@pytest.mark.rule("LE-FIGHT-01")
def test_le_fight_01_fighting_needs_the_matrix_and_an_enemy_in_play(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=9
put rules_rf_grunt row.3 up as g
put rules_rf_attack_gate row.1 up as gate
put rules_rf_grunt p0.hand as held
""")
    rejected(sc, "fight $g", "LE-FIGHT-01")
    sc.line("world 0 matrix")
    rejected(sc, "fight $gate", "LE-FIGHT-01")  # a Challenge is not fought
    rejected(sc, "fight $held", "LE-FIGHT-01")  # not in play


@pytest.mark.rule("LE-FIGHT-03")
def test_le_fight_03_partial_payment_does_nothing(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_rf_tripwire row.2 up as t
""")
    rejected(sc, "fight $t", "LE-FIGHT-03")
    assert where(sc, "t") == "row.2" and pools(sc) == (0, 2)


@pytest.mark.rule("LE-FIGHT-04")
def test_le_fight_04_fight_ability_triggers_on_defeat(scenario):
    sc = scenario("""
active 0
world 0 matrix
time 5
pool attack=3
put rules_rf_bounty combat up as b
""")
    hand = len(sc.game.state.piles["p0.hand"])
    assert sc.command("fight $b").accepted
    assert where(sc, "b") == "defeated_enemies"
    assert sc.game.state.time == 7
    assert len(sc.game.state.piles["p0.hand"]) == hand + 1


@pytest.mark.rule("LE-FIGHT-05", "LE-ACTION-15")
def test_le_fight_05_leftover_attack_pays_for_more_scans_and_fights(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=7
put rules_rf_grunt row.1 up as first
put rules_rf_grunt row.4 down as hidden
""")
    assert sc.command("fight $first").accepted and pools(sc) == (0, 5)
    assert sc.command("scan 4").accepted and pools(sc) == (0, 2)
    assert sc.command("fight $hidden").accepted and pools(sc) == (0, 0)
    assert where(sc, "first") == where(sc, "hidden") == "defeated_enemies"


@pytest.mark.rule("LE-FIGHT-06")
def test_le_fight_06_some_enemies_must_be_fought_twice_in_one_turn(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=4
put rules_rf_twin row.1 up as twin
""")
    res = sc.command("fight $twin")
    assert res.accepted and pools(sc) == (0, 2)
    assert where(sc, "twin") == "row.1"
    assert any(e.kind == "enemy_hit" for e in res.events)
    assert sc.command("fight $twin").accepted and pools(sc) == (0, 0)
    assert where(sc, "twin") == "defeated_enemies"


@pytest.mark.rule("LE-FIGHT-06")
def test_le_fight_06_fights_do_not_carry_over_to_the_next_turn(scenario):
    sc = scenario("""
active 0
world 0 matrix
world 1 matrix
pool attack=2
put rules_rf_twin row.1 up as twin
""")
    assert sc.command("fight $twin").accepted and where(sc, "twin") == "row.1"
    sc.line("world 0 real")
    assert sc.command("end").accepted and sc.game.state.active == 1
    sc.line("pool attack=2")
    assert sc.command("fight $twin").accepted
    assert where(sc, "twin") == "row.1"  # one fight this turn is not enough


@pytest.mark.rule("LE-FIGHT-08")
def test_le_fight_08_an_enemy_with_an_icon_cannot_be_fought(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=99
put rules_rf_sentinel_icon combat up as icon
""")
    rejected(sc, "fight $icon", "LE-FIGHT-08")
    assert f"fight {sc.ref('icon')}" not in [c.text() for c in sc.game.legal_commands()]


@pytest.mark.rule("LE-FIGHT-09")
def test_le_fight_09_face_down_cards_cannot_be_fought(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=9
put rules_rf_grunt row.2 down as g
""")
    rejected(sc, "fight $g", "LE-FIGHT-09")
    assert sc.ref("g") not in sc.game.state.face_up


@pytest.mark.rule("LE-FIGHT-10")
def test_le_fight_10_real_world_enemies_need_the_fighter_in_the_real_world(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_rf_grunt real_world up as g
""")
    rejected(sc, "fight $g", "LE-FIGHT-10")
    sc.line("world 0 real")
    assert sc.command("fight $g").accepted
    assert where(sc, "g") == "defeated_enemies" and pools(sc) == (0, 0)


@pytest.mark.rule("LE-FIGHT-11", "LE-FIGHT-10")
def test_le_fight_11_any_real_world_player_may_fight_an_enemy_beside_another_avatar(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_rf_grunt p1.beside up as focused
""")
    rejected(sc, "fight $focused", "LE-FIGHT-10")
    sc.line("world 0 real")
    assert sc.command("fight $focused").accepted
    assert where(sc, "focused") == "defeated_enemies" and sc.game.state.piles["p1.beside"] == []


# --- LE-CHALLENGE ----------------------------------------------------------------------------------


@pytest.mark.rule("LE-CHALLENGE-01", "LE-CHALLENGE-03")
def test_le_challenge_01_complete_in_the_row_combat_zone_and_operations(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=9
put rules_rf_attack_gate row.3 up as in_row
put rules_rf_attack_gate combat up as in_combat
put rules_rf_briefing operations up as in_ops
""")
    for name in ("in_row", "in_combat", "in_ops"):
        assert sc.command(f"complete ${name}").accepted, name
        assert where(sc, name) == "discarded"
    assert pools(sc) == (0, 9 - 3 - 3 - 2)
    assert sc.game.state.piles["row.3"] == sc.game.state.piles["combat"] == []
    assert sc.game.state.piles["operations"] == []


@pytest.mark.rule("LE-CHALLENGE-01")
def test_le_challenge_01_completing_needs_the_matrix_and_a_face_up_challenge(scenario):
    sc = scenario("""
active 0
world 0 real
pool attack=9 recruit=9
put rules_rf_attack_gate row.3 up as gate
put rules_rf_briefing operations up as ops
put rules_rf_attack_gate row.1 down as hidden
put rules_rf_grunt combat up as enemy
""")
    rejected(sc, "complete $gate", "LE-CHALLENGE-01")
    rejected(sc, "complete $ops", "LE-CHALLENGE-01")  # Operations needs the Matrix (default)
    sc.line("world 0 matrix")
    rejected(sc, "complete $hidden", "LE-CHALLENGE-01")
    rejected(sc, "complete $enemy", "LE-CHALLENGE-01")


@pytest.mark.rule("LE-CHALLENGE-02", "LE-CHALLENGE-03")
def test_le_challenge_02_pay_the_stated_attack(scenario):
    sc = scenario("""
active 0
world 0 matrix
time 5
pool attack=2 recruit=9
put rules_rf_attack_gate row.2 up as gate
""")
    rejected(sc, "complete $gate", "LE-CHALLENGE-02")  # Recruit does not pay an Attack cost
    sc.line("pool attack=3")
    res = sc.command("complete $gate")
    assert res.accepted and pools(sc) == (9, 0)
    assert where(sc, "gate") == "discarded"
    assert sc.game.state.time == 6  # its Complete: effect


@pytest.mark.rule("LE-CHALLENGE-02", "LE-CHALLENGE-05")
def test_le_challenge_02_pay_the_stated_recruit_even_in_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=3 attack=9
put rules_rf_recruit_gate row.2 up as gate
""")
    rejected(sc, "complete $gate", "LE-CHALLENGE-02")
    sc.line("pool recruit=4")
    assert sc.command("complete $gate").accepted
    assert pools(sc) == (0, 9) and where(sc, "gate") == "discarded"
    assert sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-CHALLENGE-02", "LE-CHALLENGE-05")
def test_le_challenge_02_either_cost_paid_from_the_named_pool(scenario):
    text = """
active 0
world 0 matrix
pool recruit=3 attack=3
put rules_rf_either_gate combat up as gate
"""
    sc = scenario(text)
    assert sc.command("complete $gate recruit").accepted and pools(sc) == (0, 3)
    sc = scenario(text)
    assert sc.command("complete $gate attack").accepted and pools(sc) == (3, 0)
    sc = scenario(text + "pool recruit=2 attack=2\n")
    rejected(sc, "complete $gate", "LE-CHALLENGE-02")
    rejected(sc, "complete $gate recruit", "LE-CHALLENGE-02")
    sc = scenario(text + "pool recruit=3 attack=1\n")
    rejected(sc, "complete $gate attack", "LE-CHALLENGE-02")
    assert sc.command("complete $gate").accepted and pools(sc) == (0, 1)


@pytest.mark.rule("LE-CHALLENGE-02")
def test_le_challenge_02_condition_challenge_needs_its_condition_not_payment(scenario):
    dock = """
active 0
world 0 matrix
pool recruit=0 attack=0
empty dock.0 dock.1 dock.2 dock.3 dock.4
put rules_rf_crowd_test row.2 up as crowd
put test_alpha_shield_drill dock.0
put test_beta_terminal dock.1
put test_gamma_sprint dock.2
"""
    sc = scenario(dock + "put test_gamma_dodge dock.3\nput test_alpha_sidearm dock.4\n")
    rejected(sc, "complete $crowd", "LE-CARD-13")  # three Hero Groups only
    sc = scenario(dock + "put test_delta_wrench dock.3\nput test_alpha_sidearm dock.4\n")
    assert sc.command("complete $crowd").accepted
    assert where(sc, "crowd") == "discarded" and pools(sc) == (0, 0)


@pytest.mark.rule("LE-CHALLENGE-04")
def test_le_challenge_04_real_world_challenge_needs_the_real_world(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_rf_attack_gate real_world up as gate
""")
    rejected(sc, "complete $gate", "LE-CHALLENGE-04")
    sc.line("world 0 real")
    assert sc.command("complete $gate").accepted
    assert where(sc, "gate") == "discarded" and pools(sc) == (0, 0)


@pytest.mark.rule("LE-CHALLENGE-06")
def test_le_challenge_06_challenges_in_the_combat_zone_never_strike(scenario):
    for world in ("matrix", "real"):
        sc = scenario(f"""
active 0
world 0 {world}
time 5
put rules_rf_attack_gate combat up as gate
put rules_rf_either_gate real_world up as rw_gate
""")
        res = sc.command("end")
        assert res.accepted
        s = sc.game.state
        assert not any(e.kind in ("strike_drawn", "time_changed") for e in res.events), world
        assert s.piles["p0.strikes"] == [] and s.time == 5
        assert where(sc, "gate") == "combat" and where(sc, "rw_gate") == "real_world"
