"""Assertions shared by the Legendary rule tests."""
from __future__ import annotations

from typing import Any


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
