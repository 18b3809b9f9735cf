"""Matrix Phase (MR-MATRIX) and Reality Phase (MR-REALITY)."""
from __future__ import annotations

import pytest

from engine.replay.state import pp
from tests.replay.helpers import (
    H,
    M,
    advance,
    at_step,
    attempt_mission,
    cid,
    close_contest,
    kinds,
    matrix_ready,
    ok,
    rejected,
    roll,
    set_dice,
    to_escape,
    to_play,
)


def contests(events) -> list[str]:
    return [e.data["contest"] for e in events if e.kind == "dice_rolled"]


def test_mr_matrix_01_four_segments_in_order():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    events = to_escape(g, combat=(9, 1))
    events += roll(g, "escape", 9, 1)
    assert contests(events) == ["interception", "combat", "mission", "escape"]


def test_mr_matrix_02_skipped_without_a_human_in_the_matrix_rogue_program_alone_is_not_enough():
    g = matrix_ready(humans=("morpheus", "seraph"), plugged=())
    events = ok(g, "@0 done")
    assert "phase_skipped" in kinds(events) and contests(events) == ["detection"]
    g2 = matrix_ready(plugged=("trinity",))
    events = ok(g2, "@0 done")
    assert contests(events) == ["interception"]


def test_mr_matrix_03_matrix_contests_count_characters_in_the_matrix():
    g = matrix_ready(humans=("morpheus", "trinity", "dozer"), plugged=("trinity",))
    to_play(g, M, "sentinels")
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    advance(g, at_step("contest", "combat"))
    c = g.observe(H)["contest"]
    assert c["characters"] == [2, 4]  # Trinity only; Smith + Jones (Sentinels are Robots)


def test_mr_matrix_04_won_interception_skips_combat_and_escape_not_the_mission():
    g = matrix_ready(plugged=("morpheus",))
    ok(g, "@0 done")
    events = roll(g, "interception", 9, 1)
    assert g.state.step == "mission_choice"
    events += attempt_mission(g, "basic", 1, 9)
    assert contests(events) == ["mission", "detection"]


def test_mr_matrix_05_combat_loser_chooses_a_character_in_the_matrix():
    g = matrix_ready(humans=("morpheus", "trinity", "tank"), plugged=("morpheus", "trinity"))
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    roll(g, "combat", 1, 9)
    d = g.state.decision
    assert d is not None and d.seat == H and d.rule == "MR-MATRIX-05" and len(d.options) == 2  # not Tank
    tr = cid(g, "trinity")
    k = g.state.tasks[-1]["cards"].index(tr)
    rejected(g, f"@1 choose {k}", "MR-MATRIX-05")
    ok(g, f"@0 choose {k}")
    assert g.state.where(tr) == pp(H, "discard") and g.state.where(cid(g, "morpheus")) == pp(H, "play")
    # the Machines lose: they lose an Agent
    g2 = matrix_ready(plugged=("morpheus",))
    ok(g2, "@0 done")
    roll(g2, "interception", 1, 9)
    roll(g2, "combat", 10, 1)
    assert g2.state.decision.seat == M
    ok(g2, "@1 choose 0")
    assert len(g2.state.piles[pp(M, "play")]) == 1


def test_mr_matrix_06_no_human_left_in_the_matrix_ends_the_phase():
    g = matrix_ready(plugged=("morpheus",))
    ok(g, "@0 done")
    roll(g, "interception", 1, 9)
    events = roll(g, "combat", 1, 9)
    assert "phase_skipped" in kinds(events)
    assert contests(events)[-1] == "detection" and g.state.phase == "reality"


def test_mr_matrix_07_lost_escape_repeats_combat_and_escape():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    events = to_escape(g, combat=(9, 1))
    events += roll(g, "escape", 1, 9)
    assert "escape_failed" in kinds(events)
    events += roll(g, "combat", 6, 5)
    events += roll(g, "escape", 1, 9)
    events += roll(g, "combat", 6, 5)
    events += roll(g, "escape", 10, 1)
    assert contests(events) == ["interception", "combat", "mission", "escape", "combat", "escape", "combat",
                                "escape"]
    assert g.state.step == "unplug"


@pytest.mark.rule("MR-MATRIX-08")
def test_the_escape_loop_never_repeats_the_mission():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    events = to_escape(g)
    for _ in range(3):
        events += roll(g, "escape", 1, 9)
        events += roll(g, "combat", 6, 5)
    assert contests(events).count("mission") == 1
    assert "mission" not in g.state.queue


def test_mr_matrix_09_won_escape_lets_the_humans_remove_counters():
    g = matrix_ready(plugged=("morpheus", "trinity"))
    to_escape(g)
    events = roll(g, "escape", 10, 1)
    assert "escaped" in kinds(events) and g.state.step == "unplug"
    m = cid(g, "morpheus")
    rejected(g, f"@0 plug {m}", "MR-TURN-09")
    ok(g, f"@0 unplug {m}")
    assert m not in g.state.plugged and cid(g, "trinity") in g.state.plugged
    events = ok(g, "@0 done")
    assert contests(events) == ["detection"]


# --- Reality Phase ------------------------------------------------------------------------------------


def test_mr_reality_01_detection_pursuit_battle_in_order():
    g = matrix_ready(plugged=())
    events = ok(g, "@0 done")
    events += roll(g, "detection", 1, 9)
    events += roll(g, "pursuit", 1, 9)
    events += roll(g, "battle", 9, 1)
    assert contests(events) == ["detection", "pursuit", "battle"]
    assert not g.over


def test_mr_reality_02_only_characters_outside_the_matrix_count():
    g = matrix_ready(humans=("morpheus", "dozer", "seraph"), plugged=("morpheus",))
    to_play(g, M, "sentinels", "scouts")
    ok(g, "@0 done")
    roll(g, "interception", 9, 1)
    advance(g, at_step("mission_choice"))
    attempt_mission(g, "basic", 1, 9)
    advance(g, at_step("contest", "detection"))
    assert g.observe(H)["contest"]["characters"] == [0, 1]  # Scouts
    set_dice(g, 1, 9)
    close_contest(g)
    advance(g, at_step("contest", "pursuit"))
    assert g.observe(H)["contest"]["characters"] == [1, 1]  # Dozer; Sentinels


def test_mr_reality_03_not_detected_ends_the_phase():
    g = matrix_ready(plugged=())
    events = ok(g, "@0 done")
    events += roll(g, "detection", 10, 1)
    assert contests(events) == ["detection"] and g.state.turn_no == 2


def test_mr_reality_04_pursuit_shaken_off_ends_the_phase():
    g = matrix_ready(plugged=())
    events = ok(g, "@0 done")
    events += roll(g, "detection", 1, 10)
    events += roll(g, "pursuit", 10, 1)
    assert contests(events) == ["detection", "pursuit"] and g.state.turn_no == 2


@pytest.mark.rule("MR-REALITY-05", "MR-GEN-04")
def test_a_lost_battle_destroys_the_neb_without_extermination_units():
    g = matrix_ready(plugged=())
    ok(g, "@0 done")
    roll(g, "detection", 1, 10)
    roll(g, "pursuit", 1, 10)
    assert not any(g.state.defs[c] == "extermination_unit" for c in g.state.piles[pp(M, "discard")])
    events = roll(g, "battle", 1, 10)
    assert g.over and g.state.result == "machines:neb" and "game_over" in kinds(events)
    rejected(g, "@0 draw", "MR-GEN-06")
    assert g.legal_commands() == []


def test_mr_reality_06_played_every_turn_even_after_a_skipped_matrix_phase():
    g = matrix_ready(plugged=())
    for turn in range(1, 4):
        events = advance(g, at_step("contest", "detection"))
        assert g.state.turn_no == turn
        set_dice(g, 10, 1)
        close_contest(g)
    assert events is not None
