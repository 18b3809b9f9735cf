"""What a seat sees of the Matrix Phase: every chit in the Matrices lies face up, so every seat
sees the same table; only the cups' contents stay hidden (their counts are shown).

The view is what a page draws: each player's grid of slots with their chits, the Explorer and the
Arrow, the Wasteland, the legal target slots of the current player, and the sheet's counters.
"""
from __future__ import annotations

from typing import Any

from engine.expedition import schema
from engine.expedition.chitdb import ChitDB
from engine.expedition.flow import came_from, move_targets
from engine.expedition.grid import END, ROWS, SLOTS, START, direction_of, label
from engine.expedition.state import CUPS, SHEET_COUNTERS, State, out_pile, region_pile
from engine.expedition.table import Table, acting_seat

EDGES = {"incident": "black", "finding": "green", "discovery": "red"}


def chit_view(t: Table, cid: int, seat: int | None = None, active: int | None = None) -> dict[str, Any]:
    """One chit as a page draws it (``seat``: whose Matrix it lies in, for its legality there)."""
    c = t.chit(cid)
    out: dict[str, Any] = {"id": cid, "def": c.id, "name": c.name, "kind": c.kind, "text": c.text,
                           "face_up": True, "edge": EDGES.get(c.kind, "")}
    dots = getattr(c, "dots", None)
    if dots is not None:
        out["dots"] = list(dots)
    if isinstance(c, schema.Encounter):
        out["type"] = c.type
    if isinstance(c, schema.Discovery) and c.kingdom:
        out["kingdom"] = True
    if c.kind == "rumor":
        out["activated"] = cid == active
    if seat is not None:
        out["legal"] = t.legal_here(seat, cid)  # EX-DISC-05: one of its dots matches the region
    return out


def sheet_view(t: Table, seat: int) -> dict[str, Any]:
    sh = t.sheet(seat)
    waste = set(t.wasteland(seat))
    grid = []
    for slot in SLOTS:
        grid.append({"row": slot[0], "col": slot[1], "label": label(slot),
                     "chits": [chit_view(t, c, seat, sh.rumor) for c in t.at(seat, slot)],
                     "wasteland": slot in waste})
    arrow = None
    if sh.arrow is not None:
        arrow = {"slot": list(sh.arrow), "points": direction_of(tuple(sh.arrow), tuple(sh.pos))
                 if abs(sh.arrow[0] - sh.pos[0]) + abs(sh.arrow[1] - sh.pos[1]) == 1 else ""}
    return {
        "seat": seat, "name": sh.name, "region": sh.region,
        "counters": {k: sh.counter(k) for k in SHEET_COUNTERS},
        "guide": sh.guide, "guide_flipped": sh.guide_flipped, "telescope": sh.telescope,
        "wildman": sh.wildman, "explorer": list(sh.pos), "arrow": arrow, "came_from": came_from(t, seat),
        "turns": sh.turns, "time_up": sh.done, "ended_by": sh.ended_by,
        "rumor_activated": sh.rumor_activated, "grid": grid,
        "out": [chit_view(t, c) for c in t.s.piles[out_pile(seat)]],
        "region_chits": [chit_view(t, c) for c in t.s.piles[region_pile(seat)]],
    }


def observe(db: ChitDB, s: State, seat: int | None) -> dict[str, Any]:
    """A JSON-ready view for ``seat`` (None: a spectator; every seat sees the same chits)."""
    t = Table(db, s)
    decision = None
    if s.decision is not None:
        decision = s.decision.to_dict()
        decision["slots"] = [list(x) for x in s.stack[-1].get("slots", [])] if s.stack else []
    targets = [list(x) for x in move_targets(t, s.current)] if s.step == "move" and not s.result \
        and s.decision is None else []
    return {
        "ruleset": "expedition", "seat": seat, "acting": acting_seat(s), "current": s.current,
        "step": s.step, "step_text": step_text(t), "decision": decision, "targets": targets,
        "grid_size": {"rows": ROWS, "cols": len(SLOTS) // ROWS}, "start": list(START), "end": list(END),
        "players": [sheet_view(t, i) for i in range(len(s.sheets))],
        "cups": {pool: len(s.piles[name]) for pool, name in CUPS.items()},
        "game_turn": s.setup.get("game_turn", 1), "result": s.result, "outcome": outcome(s),
    }


def step_text(t: Table) -> str:
    """What the table waits for, in words."""
    s = t.s
    if s.result:
        return "the Matrix Phase is over"
    if s.decision is not None:
        return f"{t.seat_name(s.decision.seat)} decides: {s.decision.prompt}"
    return f"{t.seat_name(s.current)} moves the Explorer one slot (step 3)"


def outcome(s: State) -> dict[str, Any] | None:
    """How the Matrix Phase ended: each player's DP and how their exploration stopped (None while
    it runs). The phase has no winner of its own; the DP go back to the parent game."""
    if not s.result:
        return None
    rows = [{"seat": i, "name": x.name, "dp": x.dp, "turns": x.turns, "ended_by": x.ended_by}
            for i, x in enumerate(s.sheets)]
    best = max(r["dp"] for r in rows)
    lead = [r["name"] for r in rows if r["dp"] == best]
    return {"result": s.result, "rule": "EX-TURN-06", "players": rows,
            "headline": f"Matrix Phase over: {', '.join(lead)} found the most ({best} DP)",
            "text": "EX-TURN-06: every player's Time is up"}
