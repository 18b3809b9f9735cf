"""Crowded areas lay whole cards in rows, so no card hides another's name (layout only, no Qt)."""
from __future__ import annotations

import pytest

from matrix_gui.layout import fitted, spread_positions
from matrix_gui.legendary.layout import RowSpaceInfo, compute

pytestmark = pytest.mark.gui

ROW = [RowSpaceInfo(f"S{i}", i, i in (0, 2)) for i in range(5)]


CROWDED = [(players, pile, 8) for players in (1, 3, 5) for pile in ("combat", "p0.strikes", "real_world")]
# the other players' small areas (a narrow column on the right): hands and play areas up to 8 cards;
# Beside and Coordinated, one card wide, up to 4 (2 x 2 of the smallest cards)
CROWDED += [(players, f"p{seat}.{pile}", most) for players in (2, 3, 5) for seat in range(1, players)
            for pile, most in (("hand", 8), ("play", 8), ("strikes", 8), ("beside", 4), ("coordinated", 4))]


@pytest.mark.parametrize(("players", "pile", "most"), CROWDED)
def test_a_crowded_fan_area_overlaps_no_card_and_stays_inside(players, pile, most):
    area = compute(players, 0, ROW, 3).areas[pile]
    assert area.fan
    for n in range(1, most + 1):
        a = fitted(area, n)
        rects = [(x, y, x + a.card_w, y + a.card_h) for x, y in spread_positions(a, n)]
        for i, r in enumerate(rects):
            assert area.x - 0.01 <= r[0] and r[2] <= area.x + area.w + 0.01, (n, r)
            assert area.y - 0.01 <= r[1] and r[3] <= area.y + area.h + 0.01, (n, r)
            for q in rects[i + 1:]:
                assert r[2] <= q[0] + 0.01 or q[2] <= r[0] + 0.01 or r[3] <= q[1] + 0.01 or \
                    q[3] <= r[1] + 0.01, (n, r, q)


def test_the_rsi_place_and_the_decision_banner_leave_the_avatar_and_the_row_free():
    lay = compute(2, 0, ROW, 3)
    av = lay.areas["p0.avatar"]
    pool = lay.areas["pool0"]
    assert pool.x - (av.x + av.card_w) >= 46  # room for the standee beside the Avatar
    x, y = lay.decision_at
    for name in ("row.0", "row.4", "resolving", "combat"):
        a = lay.areas[name]
        assert a.y + a.h <= y, name  # the banner starts below the Matrix Row and Resolving area
