"""Matrix Replay's old candidate list, the test oracle of its legal-command generators (as in
``tests/legendary/trial_oracle.py``)."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.replay import schema
from engine.replay.actions import _distinct
from engine.replay.rules import STEP_OWNER, Table
from engine.replay.state import HUMANS, MACHINES, pp


def candidates(t: Table) -> Iterator[Command]:
    """Every command that may be legal now (``check`` has the last word), with explicit seats."""
    s = t.s
    if s.result:
        return
    d = s.decision
    if d is not None:
        for k in range(len(d.options)):
            yield Command("choose", (k,), d.seat)
        return
    step = s.step
    if step in ("zion_draw", "zero_one_draw"):
        seat = STEP_OWNER[step][0]
        yield Command("draw", (), seat)
        for c in _distinct(t, s.piles[pp(seat, "deck")]):
            yield Command("take", (c,), seat)
        if seat == MACHINES:
            for c in _distinct(t, s.piles[pp(seat, "discard")]):
                yield Command("recall", (c,), seat)
    elif step in ("zion_deploy", "zero_one_deploy"):
        seat = STEP_OWNER[step][0]
        for c in _distinct(t, t.hand(seat)):
            yield Command("deploy", (c,), seat)
        yield Command("done", (), seat)
    elif step in ("switch", "unplug"):
        for c in t.in_play(HUMANS):
            yield Command("unplug" if c in s.plugged else "plug", (c,), HUMANS)
        yield Command("done", (), HUMANS)
    elif step == "mission_choice":
        yield Command("mission", ("basic",), HUMANS)
        for c in t.hand(HUMANS):
            yield Command("mission", (c,), HUMANS)
    elif step == "contest":
        assert s.contest is not None
        seat = s.contest.to_act
        yield Command("pass", (), seat)
        for c in _distinct(t, t.hand(seat)):
            yield Command("play", (c,), seat)
        return
    for seat in (HUMANS, MACHINES):  # instant Events, either side, outside contests (MR-EVENT-05)
        for c in _distinct(t, t.hand(seat)):
            card = t.card(c)
            if isinstance(card, schema.EventCard) and not card.options:
                yield Command("play", (c,), seat)
