"""The old way of finding legal Legendary commands, kept as a test oracle: ``candidates``
lists every command that might be legal now, and ``tests/legal_oracle.py`` keeps those ``check``
accepts. The engine generates them per action instead; a fuzz test holds the two lists equal."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.legendary import stall
from engine.legendary.actions import phone_spaces
from engine.legendary.acts import registry
from engine.legendary.state import dock, pp, row
from engine.legendary.table import Table


def candidates(t: Table) -> Iterator[Command]:
    """Every command that might be legal now (checked by the caller)."""
    s = t.s
    if s.result:
        return
    if s.decision is not None:
        for k in range(len(s.decision.options)):
            yield Command("choose", (k,))
        return
    if s.phase != "action" or s.stack:
        return
    a = s.active
    for cid in s.piles[pp(a, "hand")]:
        yield Command("play", (cid,))
        yield Command("solo-discard", (cid,))
    for p in s.players:
        if p.seat != a:
            for cid in s.piles[pp(p.seat, "coordinated")]:
                yield Command("play", (cid,))
            for cid in s.piles[pp(p.seat, "hand")]:
                yield Command("coordinate", (cid,), p.seat)
    for cid in dict.fromkeys(s.turn.played):
        yield Command("use", (cid,))
        yield Command("sacrifice", (cid,))
    for i in range(t.mat.dock_spaces):
        for cid in s.piles[dock(i)]:
            yield Command("recruit", (cid,))
    yield Command("recruit", ("hovercraft",))
    yield Command("move", ("matrix",))
    yield Command("move", ("real",))
    for ph in (*phone_spaces(t), "combat"):
        yield Command("move", ("real", ph))
    for i in range(5):
        yield Command("scan", (i,))
    enemies = list(s.piles["combat"]) + list(s.piles["real_world"]) + list(s.piles["operations"])
    enemies += [c for i in range(5) for c in s.piles[row(i)]]
    enemies += [c for p in s.players for c in s.piles[pp(p.seat, "beside")]]
    for cid in enemies:
        kind = t.card(cid).kind
        if kind == "enemy":
            yield Command("fight", (cid,))
            yield Command("buytime", (cid,))
            yield Command("evade", (cid,))
        elif kind == "challenge":
            if t.card(cid).cost_either:
                yield Command("complete", (cid, "recruit"))
                yield Command("complete", (cid, "attack"))
            else:
                yield Command("complete", (cid,))
    yield Command("objective")
    for extra in registry().commands.values():  # an Act's own commands
        yield from extra.candidates(t)
    yield Command("minor-victory")
    if stall.offered(t):  # always accepted when asked for; listed only while offered
        yield Command("concede")
    yield Command("end")
