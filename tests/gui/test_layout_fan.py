"""Crowded areas lay whole cards in rows, so no card hides another's name (layout only, no Qt)."""
from __future__ import annotations

import pytest

from matrix_gui.layout import fitted, spread_positions
from matrix_gui.legendary.layout import RowSpaceInfo, compute

ROW = [RowSpaceInfo(f"S{i}", i, i in (0, 2)) for i in range(5)]


CROWDED = [(players, pile, 8) for players in (1, 3, 5) for pile in ("combat", "p0.strikes", "real_world")]
# the other players' small areas (a narrow column on the right): hands and play areas up to 8 cards;
# Beside and Coordinated, one card wide, up to 4 (2 x 2 of the smallest cards)
CROWDED += [(players, f"p{seat}.{pile}", most) for players in (2, 3, 5) for seat in range(1, players)
            for pile, most in (("hand", 8), ("play", 8), ("strikes", 8), ("beside", 4), ("coordinated", 4))]


ASPECTS = (None, 1.6, 2.2)  # the view's shape: unknown, a 16:10 window's table, a 16:9 window's


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize(("players", "pile", "most"), CROWDED)
def test_a_crowded_fan_area_overlaps_no_card_and_stays_inside(players, pile, most, aspect):
    area = compute(players, 0, ROW, 3, aspect=aspect).areas[pile]
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


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_no_two_places_of_the_table_overlap(players, aspect):
    lay = compute(players, 0, ROW, 3, aspect=aspect)
    rects = {k: (a.x, a.y, a.x + a.w, a.y + a.h) for k, a in lay.areas.items()
             if not k.startswith(("att.", "pool"))}
    for k, r in rects.items():
        assert r[2] <= lay.width + 0.01 and r[3] <= lay.height + 0.01, k
        for q_key, q in rects.items():
            if q_key != k and not (q_key == "time" or k == "time"):
                assert r[2] <= q[0] + 0.01 or q[2] <= r[0] + 0.01 or r[3] <= q[1] + 0.01 or \
                    q[3] <= r[1] + 0.01, (k, q_key)


def test_the_other_players_grow_into_a_wide_window_and_the_table_fills_it():
    """Issue 23: at 2560x1440 a third of the window was empty beside a two-player table. With the
    view's shape known, the other player's cards grow (a lone other player's in four narrower rows,
    to a little above the active player's size) and the table is as wide as the window's shape
    allows, the other player's band as tall as the table (a third of the column was still empty)."""
    before = compute(2, 0, ROW, 3)
    wide = compute(2, 0, ROW, 3, aspect=2.2)
    k_before, k_wide = before.areas["p1.deck"].scale, wide.areas["p1.deck"].scale
    assert k_before == 0.75 and 1.0 < k_wide <= 1.3
    assert wide.height == before.height and 2.0 < wide.width / wide.height <= 2.2 + 1e-6
    band = next(b for b in wide.bands if b.tone == "player")
    assert band.h > 2.0 * next(b for b in before.bands if b.tone == "player").h  # four rows, larger
    assert band.y + band.h >= 0.85 * wide.height  # the column filled
    assert wide.areas["p1.strikes"].y > wide.areas["p1.deck"].y + wide.areas["p1.deck"].h  # (row two)
    three = compute(3, 0, ROW, 3, aspect=2.2)  # two other players keep three rows each
    assert three.areas["p1.strikes"].y == three.areas["p1.deck"].y
    narrow = compute(2, 0, ROW, 3, aspect=1.9)  # a 16:10 window: the table fits it, no wider
    assert narrow.width / narrow.height == pytest.approx(1.9, rel=0.05)
    five = compute(5, 0, ROW, 3, aspect=2.2)  # four bands share the height
    assert sum(b.h + 8 for b in five.bands if b.tone == "player") <= five.height + 1
