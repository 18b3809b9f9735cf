"""A card that forbids leaving or entering the Matrix binds card effects too (LE-ABILITY-02), not
only the free move; only an Act card's instruction overrides it (LE-CARD-46).

Fixture cards: ``forbid`` effects ("Nobody may leave the Matrix this turn") and the Rules Jammer
("Combat Zone: You can't leave the Matrix"); the shipped Strike Jacked Out Hard and the Hero
Narrow Escape ("Once this turn: Move to the Real World").
"""
from __future__ import annotations

import pytest

from tests.legendary.helpers import accepted


def _stays(res_events: list[dict], seat: int) -> list[dict]:
    return [e for e in res_events if e["kind"] == "rsi_stays" and e["seat"] == seat]


@pytest.mark.rule("LE-ABILITY-02", "LE-MOVE-12")
@pytest.mark.parametrize(("world", "forbidden", "effect"), [
    ("matrix", "leave_matrix", "move_to_real_world"),
    ("real", "enter_matrix", "move_to_matrix"),
])
def test_le_ability_02_a_card_effect_cannot_move_a_player_while_that_move_is_forbidden(
        scenario, world, forbidden, effect):
    sc = scenario(f"active 0\nworld 0 {world}\neffect 0 forbid what={forbidden}\neffect 0 {effect}")
    assert sc.game.state.players[0].in_matrix == (world == "matrix")
    stays = _stays(sc.events, 0)
    assert stays and "LE-ABILITY-02" in stays[0]["text"]


@pytest.mark.rule("LE-ABILITY-02", "LE-TIMING-02")
def test_le_ability_02_a_standing_prohibition_keeps_an_effect_from_moving_the_player(scenario):
    """The Jammer's Combat Zone ability forbids leaving while it sits there."""
    sc = scenario("""
active 0
world 0 matrix
put rules_timing_jammer combat up
effect 0 move_to_real_world
""")
    assert sc.game.state.players[0].in_matrix
    assert _stays(sc.events, 0)


@pytest.mark.rule("LE-ABILITY-02")
def test_le_ability_02_a_hero_played_from_hand_cannot_move_its_player_out(scenario):
    sc = scenario("""
active 0
world 0 matrix
put trinity_the_matrix_narrow_escape p0.hand as escape
effect 0 forbid what=leave_matrix
""")
    s = sc.game.state
    accepted(sc, "play $escape")
    accepted(sc, "use $escape")
    assert s.players[0].in_matrix


@pytest.mark.rule("LE-ABILITY-02", "LE-STRIKE-05", "LE-MOVE-12")
@pytest.mark.parametrize("forbidden", [True, False])
def test_le_ability_02_a_strike_jacks_a_player_out_only_if_leaving_is_not_forbidden(scenario, forbidden):
    forbid = "effect 0 forbid what=leave_matrix" if forbidden else ""
    sc = scenario(f"""
active 0
world 0 matrix
put strike_jacked_out_hard strikes as jack
{forbid}
effect 0 draw_strike
""")
    s = sc.game.state
    assert sc.ref("jack") in s.piles["p0.strikes"]  # the Strike itself still hurts
    assert s.players[0].in_matrix == forbidden
