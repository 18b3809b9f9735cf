"""The view gives an Enemy's Attack to fight when it differs from the printed one, so the playmat
can show it: a Club Hel Guard turned upside down (LE-CARD-08) and Enemies whose Attack is lowered
this turn (LE-CARD-36). The number is the engine's ``effects.enemy_attack``."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.legendary.effects import enemy_attack
from engine.legendary.scenario import Scenario

GUARD = Path(__file__).resolve().parents[1] / "scenarios" / "revolutions_club_hel_guard.scn"


def shown(sc: Scenario, name: str, seat: int | None = None) -> dict:
    cid = sc.ref(name)
    view = sc.game.observe(seat)
    return next(c for p in view["piles"].values() for c in p.get("cards", ()) if c.get("id") == cid)


@pytest.mark.rule("LE-CARD-08")
def test_an_upside_down_guard_shows_the_attack_of_its_other_end():
    sc = Scenario.from_file(GUARD)
    db, t = sc.game.db, sc.game.table()
    guard = db.cards["club_hel_guards"]
    assert guard.upside_down_attack != guard.attack
    for seat in (None, 0, 1):
        now = shown(sc, "guard", seat)["attack_now"]
        assert now == guard.upside_down_attack == enemy_attack(t, sc.ref("guard"))
    assert "attack_now" not in shown(sc, "upright")  # upright: the printed Attack holds


@pytest.mark.rule("LE-CARD-36")
def test_an_enemy_whose_attack_is_lowered_this_turn_shows_the_lowered_attack():
    sc = Scenario.from_file(GUARD)
    sc.line("effect 0 reduce_enemy_attack amount=1")
    guard = sc.game.db.cards["club_hel_guards"]
    assert shown(sc, "upright")["attack_now"] == guard.attack - 1
    assert shown(sc, "guard")["attack_now"] == guard.upside_down_attack - 1
