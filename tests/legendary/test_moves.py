"""Rule tests: moving between the Real World and the Matrix (LE-MOVE)."""
from __future__ import annotations

import pytest

# Both Alley/Subway phones blocked and three cards in the Combat Zone: no free move out.
LOCKED_IN = """
active 0
world 0 matrix
put rules_rf_grunt row.0 down
put rules_rf_grunt row.2 up
put rules_rf_grunt combat up
put rules_rf_grunt combat up
put rules_rf_grunt combat up
pool attack=5
"""


def in_matrix(sc, seat: int = 0) -> bool:
    return sc.game.state.players[seat].in_matrix


def rejected(sc, command: str, rule: str) -> None:
    """The command is refused under ``rule`` and changes nothing."""
    before = sc.game.state_hash()
    res = sc.command(command)
    assert not res.accepted, f"{command!r} was accepted"
    assert res.rule == rule, str(res)
    assert sc.game.state_hash() == before


@pytest.mark.rule("LE-MOVE-01")
def test_le_move_01_one_free_move_per_turn_into_the_matrix(scenario):
    sc = scenario("""
active 0
world 0 real
""")
    assert sc.command("move matrix").accepted and in_matrix(sc)
    rejected(sc, "move real subway", "LE-MOVE-01")
    rejected(sc, "move real", "LE-MOVE-01")
    assert in_matrix(sc)


@pytest.mark.rule("LE-MOVE-01")
def test_le_move_01_one_free_move_per_turn_out_of_the_matrix_and_a_new_one_next_turn(scenario):
    sc = scenario("""
active 0
world 0 matrix
world 1 matrix
""")
    assert sc.command("move real subway").accepted and not in_matrix(sc)
    rejected(sc, "move matrix", "LE-MOVE-01")
    assert sc.command("end").accepted
    assert sc.game.state.active == 1
    assert sc.command("move real alley").accepted and not in_matrix(sc, 1)


@pytest.mark.rule("LE-MOVE-02")
def test_le_move_02_effects_grant_extra_moves(scenario):
    sc = scenario("""
active 0
world 0 real
effect 0 extra_move amount=2
""")
    assert sc.game.state.turn.extra_moves == 2
    assert sc.command("move matrix").accepted  # the free move
    assert sc.command("move real").accepted  # extra move 1
    assert sc.command("move matrix").accepted  # extra move 2
    assert in_matrix(sc)
    rejected(sc, "move real", "LE-MOVE-01")


@pytest.mark.rule("LE-MOVE-03", "LE-ACTION-15")
def test_le_move_03_the_free_move_fits_between_card_plays(scenario):
    sc = scenario("""
active 0
world 0 real
hand 0 there_is_no_spoon unplug there_is_no_spoon
""")
    hand = list(sc.game.state.piles["p0.hand"])
    assert sc.command(f"play {hand[0]}").accepted
    assert sc.command("move matrix").accepted and in_matrix(sc)
    assert sc.command(f"play {hand[1]}").accepted
    assert sc.command(f"play {hand[2]}").accepted
    turn = sc.game.state.turn
    assert (turn.recruit, turn.attack) == (1, 2) and turn.free_move_used


@pytest.mark.rule("LE-MOVE-04")
def test_le_move_04_entering_the_matrix_is_always_allowed(scenario):
    sc = scenario(LOCKED_IN + "world 0 real\npool attack=0\n")
    res = sc.command("move matrix")
    assert res.accepted and in_matrix(sc)
    assert sc.game.state.turn.attack == 0
    moved = [e for e in res.events if e.kind == "rsi_moved"]
    assert [(e.data["seat"], e.data["in_matrix"]) for e in moved] == [(0, True)]


@pytest.mark.rule("LE-MOVE-05")
def test_le_move_05_entering_the_real_world_puts_the_rsi_on_the_avatar(scenario):
    sc = scenario("""
active 0
world 0 matrix
""")
    res = sc.command("move real subway")
    assert res.accepted
    assert [p["in_matrix"] for p in sc.game.observe(0)["players"]][0] is False
    assert [(e.data["seat"], e.data["in_matrix"]) for e in res.events if e.kind == "rsi_moved"] == [
        (0, False)]
    rejected(sc, "move real subway", "LE-MOVE-05")  # already there


@pytest.mark.rule("LE-MOVE-06")
def test_le_move_06_leaving_with_the_free_move_needs_a_phone(scenario):
    sc = scenario("""
active 0
world 0 matrix
""")
    rejected(sc, "move real", "LE-MOVE-06")
    rejected(sc, "move real rooftop", "LE-MOVE-06")  # a Row space without a phone
    assert in_matrix(sc) and not sc.game.state.turn.free_move_used


@pytest.mark.rule("LE-MOVE-07")
def test_le_move_07_either_phone_when_both_spaces_are_clear(scenario):
    for phone in ("alley", "subway"):
        sc = scenario("""
active 0
world 0 matrix
""")
        assert sc.command(f"move real {phone}").accepted and not in_matrix(sc)


@pytest.mark.rule("LE-MOVE-07")
def test_le_move_07_one_clear_space_keeps_the_phone_available(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_rf_grunt row.0 down
""")
    rejected(sc, "move real subway", "LE-MOVE-07")
    assert "Alley is clear" in sc.game.check("move real subway").reason
    assert sc.command("move real alley").accepted and not in_matrix(sc)
    sc2 = scenario("""
active 0
world 0 matrix
put rules_rf_grunt row.2 up
""")
    rejected(sc2, "move real alley", "LE-MOVE-07")
    assert sc2.command("move real subway").accepted and not in_matrix(sc2)


@pytest.mark.rule("LE-MOVE-08", "LE-MOVE-09")
def test_le_move_08_both_spaces_holding_cards_block_their_phone(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_rf_grunt row.0 down
put rules_rf_grunt row.2 up
pool attack=3
""")
    rejected(sc, "move real alley", "LE-MOVE-08")
    rejected(sc, "move real subway", "LE-MOVE-08")
    # the pay phone is still there (Combat Zone empty)
    assert sc.command("move real combat").accepted and not in_matrix(sc)
    assert sc.game.state.turn.attack == 0


@pytest.mark.rule("LE-MOVE-09")
def test_le_move_09_pay_phone_costs_three_attack_below_three_combat_cards(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_rf_grunt combat up
put rules_rf_grunt combat up
pool attack=4
""")
    assert sc.command("move real combat").accepted and not in_matrix(sc)
    assert sc.game.state.turn.attack == 1


@pytest.mark.rule("LE-MOVE-09")
def test_le_move_09_pay_phone_refused_without_attack_or_with_three_combat_cards(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
""")
    rejected(sc, "move real combat", "LE-MOVE-09")
    sc2 = scenario("""
active 0
world 0 matrix
put rules_rf_grunt combat up
put rules_rf_grunt combat up
put rules_rf_grunt combat up
pool attack=9
""")
    rejected(sc2, "move real combat", "LE-MOVE-09")
    # the Alley/Subway phone does not care about the Combat Zone
    assert sc2.command("move real alley").accepted and sc2.game.state.turn.attack == 9


@pytest.mark.rule("LE-MOVE-09")
def test_le_move_09_pay_phone_usable_even_when_a_free_phone_is_open(scenario):
    """Open-question default: the pay phone works whenever its own condition holds."""
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
""")
    res = sc.command("move real combat")
    assert res.accepted and not in_matrix(sc) and sc.game.state.turn.attack == 0


@pytest.mark.rule("LE-MOVE-10", "LE-MOVE-11")
def test_le_move_10_locked_in_for_the_free_move_but_effects_still_move_you(scenario):
    sc = scenario(LOCKED_IN)
    for phone in ("alley", "subway", "combat"):
        rejected(sc, f"move real {phone}", "LE-MOVE-10")
    rejected(sc, "move real", "LE-MOVE-06")
    sc.line("effect 0 move_to_real_world")
    assert not in_matrix(sc)
    assert not sc.game.state.turn.free_move_used  # the effect did not spend the free move
    assert sc.game.state.turn.attack == 5


@pytest.mark.rule("LE-MOVE-10", "LE-MOVE-11", "LE-MOVE-02")
def test_le_move_11_an_extra_move_out_needs_no_phone(scenario):
    sc = scenario(LOCKED_IN + "effect 0 extra_move\n")
    res = sc.command("move real")
    assert res.accepted and not in_matrix(sc)
    turn = sc.game.state.turn
    assert turn.extra_moves == 0 and not turn.free_move_used and turn.attack == 5


@pytest.mark.rule("LE-MOVE-11")
def test_le_move_11_extra_move_naming_a_phone_still_needs_and_pays_for_none(scenario):
    sc = scenario(LOCKED_IN + "free-move used\npool attack=3\neffect 0 extra_move\n")
    res = sc.command("move real combat")
    assert res.accepted and not in_matrix(sc)
    turn = sc.game.state.turn
    assert turn.extra_moves == 0 and turn.attack == 3


@pytest.mark.rule("LE-MOVE-12")
def test_le_move_12_effects_relocate_another_player_during_someone_elses_turn(scenario):
    sc = scenario("""
active 0
world 0 real
world 1 real
effect 1 move_to_matrix
""")
    assert in_matrix(sc, 1) and not in_matrix(sc, 0)
    assert not sc.game.state.turn.free_move_used
    sc.line("effect 0 move_to_real_world who=choose")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and d.rule == "LE-MOVE-12"
    assert sc.command("choose 1").accepted
    assert not in_matrix(sc, 1) and sc.game.state.active == 0


@pytest.mark.rule("LE-MOVE-13", "LE-MOVE-08")
def test_le_move_13_defeating_the_alley_enemy_opens_its_phone_this_turn(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_rf_grunt row.0 down
put rules_rf_grunt row.2 up as blocker
pool attack=2
""")
    rejected(sc, "move real alley", "LE-MOVE-08")
    rejected(sc, "move real combat", "LE-MOVE-09")  # 2 Attack is not enough for the pay phone
    assert sc.command("fight $blocker").accepted
    assert sc.command("move real alley").accepted and not in_matrix(sc)


@pytest.mark.rule("LE-MOVE-14")
def test_le_move_14_the_log_names_the_phone_used(scenario):
    sc = scenario("""
active 0
world 0 matrix
""")
    res = sc.command("move real alley")
    texts = [e.text for e in res.events if e.kind == "rsi_moved"]
    assert len(texts) == 1 and "alley phone" in texts[0]


@pytest.mark.rule("LE-MOVE-15")
def test_le_move_15_the_inevitable_blocks_its_phone(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_three_drill_countdown row.2 as inev
pool attack=0
""")
    assert sc.ref("inev") == sc.game.state.inevitable
    rejected(sc, "move real alley", "LE-MOVE-15")
    assert sc.command("move real subway").accepted and not in_matrix(sc)


@pytest.mark.rule("LE-MOVE-15", "LE-MOVE-10")
def test_le_move_15_the_inevitable_counts_towards_a_full_lock(scenario):
    sc = scenario("""
active 0
world 0 matrix
put test_three_drill_countdown row.0 as inev
put rules_rf_grunt row.2 down
put rules_rf_grunt combat up
put rules_rf_grunt combat up
put rules_rf_grunt combat up
pool attack=3
""")
    for phone in ("subway", "alley", "combat"):
        rejected(sc, f"move real {phone}", "LE-MOVE-10")
