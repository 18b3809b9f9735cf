"""Assertions shared by the Legendary rule tests."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# LE-SETUP-15, as the rulebook gives it: Part of the System cards per mini-deck, by player count.
POTS_BY_PLAYERS = {1: 0, 2: 1, 3: 3, 4: 5, 5: 5}


def rejected(sc: Any, cmd: str, rule: str) -> Any:
    """Apply ``cmd``, expect a rejection naming ``rule`` and an unchanged table."""
    before = sc.game.state_hash()
    res = sc.command(cmd)
    assert not res.accepted, f"{cmd!r} was accepted"
    assert res.rule == rule, str(res)
    assert sc.game.state_hash() == before
    return res


def accepted(sc: Any, cmd: str) -> Any:
    """Apply ``cmd`` and expect it to be accepted."""
    res = sc.command(cmd)
    assert res.accepted, f"{cmd!r}: {res}"
    return res


def pile(sc: Any, name: str) -> list[int]:
    return sc.game.state.piles[name]


def walk_effects(effects: list[Any]) -> Iterator[Any]:
    """Every effect of a list, nested ones included (if_act, choose_one options, each_player...)."""
    for e in effects:
        yield e
        yield from walk_effects(getattr(e, "effects", None) or [])
        for opt in getattr(e, "options", None) or []:
            yield from walk_effects(opt.effects)


def hero_effects(c: Any) -> list[Any]:
    """Every effect a Hero card can resolve: played, class ability, Once this turn, Sacrifice."""
    ca = c.class_ability.effects if c.class_ability else []
    return list(walk_effects([*c.effects, *ca, *c.once_this_turn, *c.sacrifice]))


def settle(sc: Any) -> None:
    """Answer any pending decision with its first option until none is left."""
    for _ in range(10):
        if sc.game.state.decision is None:
            return
        accepted(sc, "choose 0")
    raise AssertionError("decisions never end")


def act_game(db: Any, acts: tuple[str, ...], groups: tuple[str, ...], avatars: tuple[str, ...],
             text: str = "", players: int = 2, seed: int = 1, act: str = "1 1") -> Any:
    """A scenario of the shipped cards at Act/Part ``act`` (``avatars`` seated in order), the Matrix
    Row and the Combat Zone cleared, then the position lines ``text``."""
    from engine.legendary.scenario import Scenario

    head = (f"setup avatars={','.join(avatars[:players])} acts={','.join(acts)} "
            f"groups={','.join(groups)} seed={seed}\nempty row.0 row.1 row.2 row.3 row.4 combat\n"
            f"act {act}\n")
    return Scenario.from_text(head + text, db)


def wound(sc: Any, seat: int, left: int) -> None:
    """Give the player 1-damage Strikes from the Strike deck until ``left`` more damage defeats them."""
    s = sc.game.state
    while sc.t.health(seat) - sc.t.damage(seat) > left:
        cid = next(c for c in s.piles["strikes"] if sc.t.card(c).damage == 1)
        s.piles["strikes"].remove(cid)
        s.piles[f"p{seat}.strikes"].append(cid)
        s.face_up.add(cid)


def one_damage_on_top(sc: Any) -> None:
    """The next Strike drawn deals 1 damage."""
    s = sc.game.state
    cid = next(c for c in s.piles["strikes"] if sc.t.card(c).damage == 1)
    s.piles["strikes"].remove(cid)
    s.piles["strikes"].append(cid)
