"""Helpers for the Matrix Replay rule tests: build positions, drive the flow, assert outcomes.

Positions are built by moving real cards between the state's piles (as a scenario would), then the
game is driven only through ``apply``; every assertion looks at the resulting state or events.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.core.commands import Command
from engine.replay.game import ReplayGame
from engine.replay.rules import Table, behind
from engine.replay.setup import ReplaySetup
from engine.replay.state import HUMANS, MACHINES, State, pp

H, M = HUMANS, MACHINES


def new_game(seed: int = 1) -> ReplayGame:
    """A fresh game, stopped at turn 1's Zion Phase draw."""
    return ReplayGame.new(ReplaySetup(seed=seed))


def cid(g: ReplayGame, def_id: str, n: int = 0) -> int:
    """The card number of the ``n``-th copy of a definition."""
    ids = [i for i, d in enumerate(g.state.defs) if d == def_id]
    assert ids, f"no card {def_id!r}"
    return ids[n]


def put(g: ReplayGame, card: int | str, pile: str) -> int:
    """Move a card (number or definition id) from wherever it is to the top of ``pile``."""
    c = cid(g, card) if isinstance(card, str) else card
    g.state.piles[g.state.where(c)].remove(c)
    g.state.piles[pile].append(c)
    return c


def to_hand(g: ReplayGame, seat: int, *defs: str) -> list[int]:
    return [put(g, d, pp(seat, "hand")) for d in defs]


def to_play(g: ReplayGame, seat: int, *defs: str, plugged: bool = False) -> list[int]:
    out = [put(g, d, pp(seat, "play")) for d in defs]
    if plugged:
        g.state.plugged.update(out)
    return out


def clear_hand(g: ReplayGame, seat: int) -> None:
    """Put the whole hand at the bottom of the deck (so no stray Event interferes)."""
    s = g.state
    s.piles[pp(seat, "deck")][0:0] = s.piles[pp(seat, "hand")]
    s.piles[pp(seat, "hand")] = []


def clear_play(g: ReplayGame, seat: int) -> None:
    s = g.state
    for c in list(s.piles[pp(seat, "play")]):
        s.plugged.discard(c)
        s.piles[pp(seat, "play")].remove(c)
        s.piles[pp(seat, "discard")].append(c)


def ok(g: ReplayGame, cmd: str) -> list[Any]:
    """Apply ``cmd``; it must be accepted. Returns its events."""
    res = g.apply(cmd)
    assert res.accepted, f"{cmd!r}: {res}"
    return list(res.events)


def rejected(g: ReplayGame, cmd: str, rule: str) -> Any:
    """Apply ``cmd``; it must be refused naming ``rule``, leaving the state unchanged."""
    before = g.state_hash()
    res = g.apply(cmd)
    assert not res.accepted, f"{cmd!r} was accepted"
    assert res.rule == rule, str(res)
    assert g.state_hash() == before
    assert g.check(cmd) is not None
    return res


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def default_command(g: ReplayGame) -> str:
    """A passive move for whoever must act: draw, done, pass, basic mission, first option."""
    s = g.state
    if s.decision is not None:
        return f"@{s.decision.seat} choose 0"
    step = s.step
    if step in ("zion_draw", "zero_one_draw"):
        return f"@{0 if step == 'zion_draw' else 1} draw"
    if step in ("zion_deploy", "switch", "unplug"):
        return "@0 done"
    if step == "zero_one_deploy":
        return "@1 done"
    if step == "mission_choice":
        return "@0 mission basic"
    if step == "contest":
        assert s.contest is not None
        return f"@{s.contest.to_act} pass"
    raise AssertionError(f"no default command at step {step!r}")


def advance(g: ReplayGame, until: Callable[[State], bool], limit: int = 400) -> list[Any]:
    """Apply passive commands until ``until(state)`` holds; return all events on the way."""
    events: list[Any] = []
    for _ in range(limit):
        if until(g.state):
            return events
        assert not g.over, f"the game ended ({g.state.result}) before the position was reached"
        events += ok(g, default_command(g))
    raise AssertionError("position not reached")


def at_step(step: str, kind: str | None = None) -> Callable[[State], bool]:
    def pred(s: State) -> bool:
        if s.step != step or s.decision is not None:
            return False
        return kind is None or (s.contest is not None and s.contest.kind == kind)
    return pred


def set_dice(g: ReplayGame, human: int, machine: int) -> None:
    """Fix the faces of the contest being rolled (as if the dice had shown them)."""
    k = g.state.contest
    assert k is not None
    k.dice = [human, machine]
    k.passes = 0
    k.to_act = behind(Table(g.db, g.state))


def close_contest(g: ReplayGame) -> list[Any]:
    """Both sides pass: the contest resolves."""
    k = g.state.contest
    assert k is not None
    first = k.to_act
    events = ok(g, f"@{first} pass")
    events += ok(g, f"@{1 - first} pass")
    return events


def roll(g: ReplayGame, kind: str, human: int, machine: int) -> list[Any]:
    """Advance (within this turn) to the next ``kind`` contest, fix its dice, and let both sides pass."""
    turn = g.state.turn_no
    advance(g, at_step("contest", kind))
    assert g.state.turn_no == turn, f"no {kind} contest this turn"
    set_dice(g, human, machine)
    return close_contest(g)


def attempt_mission(g: ReplayGame, what: int | str, human: int, machine: int) -> list[Any]:
    """At the Mission choice: attempt ``what`` (a Mission card or ``basic``), fix the dice and let
    both sides pass. Returns the events."""
    events = ok(g, f"@0 mission {what}")
    set_dice(g, human, machine)
    return events + close_contest(g)


def to_escape(g: ReplayGame, combat: tuple[int, int] = (6, 5)) -> list[Any]:
    """From the Switch Phase: the Humans lose the Interception, the Combat is rolled with ``combat``
    (a casualty is chosen by default) and the Basic Mission fails; stops at the Escape."""
    events = ok(g, "@0 done")
    events += roll(g, "interception", 1, 9)
    events += roll(g, "combat", *combat)
    events += advance(g, at_step("mission_choice"))
    return events + attempt_mission(g, "basic", 1, 9)


def matrix_ready(seed: int = 1, humans: tuple[str, ...] = ("morpheus", "trinity"),
                 plugged: tuple[str, ...] = ("morpheus", "trinity")) -> ReplayGame:
    """A game at turn 1's Switch Phase with bare hands and the given Humans in play / plugged in."""
    g = new_game(seed)
    advance(g, at_step("switch"))
    clear_hand(g, H)
    clear_hand(g, M)
    clear_play(g, H)
    for d in humans:
        to_play(g, H, d, plugged=d in plugged)
    for d in ("agent_smith", "agent_jones"):
        if cid(g, d) not in g.state.piles[pp(M, "play")]:
            to_play(g, M, d)
    return g


def conserved(g: ReplayGame) -> None:
    seen = Counter(c for pile in g.state.piles.values() for c in pile)
    assert set(seen) == set(range(len(g.state.defs))) and all(v == 1 for v in seen.values())


def first(cmds: list[Command], verb: str) -> Command:
    return next(c for c in cmds if c.verb == verb)
