"""First end-to-end checks of the fixture film."""
from __future__ import annotations

import pytest


@pytest.mark.rule("LE-MOVE-10")
def test_le_move_10_both_phones_blocked_and_full_combat_zone(scenario):
    sc = scenario("""
world 0 matrix
active 0
put test_one_drill_cop row.0 down
put test_one_drill_cop row.2 down as cop2
put test_one_drill_agent combat up
put test_one_drill_sentinel combat up
put test_one_drill_program combat up
pool attack=5
""")
    res = sc.command("move real alley")
    assert not res.accepted and res.rule == "LE-MOVE-10"
    assert str(res) == "LE-MOVE-10: both phones are blocked and the Combat Zone holds 3 cards"
    assert sc.game.state.players[0].in_matrix
