"""What the table tells the players beyond the cards: the next step, the current Objective, the
Act and Part, what will strike this turn and how the game ended. Part of every ``observe`` view;
the GUI shows these texts and never derives them itself."""
from __future__ import annotations

from typing import Any

from engine.core.commands import Command
from engine.legendary import stall, strikeplan
from engine.legendary.acts import registry
from engine.legendary.carddb import CardDB
from engine.legendary.registry import ACTIONS
from engine.legendary.state import State, pp
from engine.legendary.table import Table

VICTORIES = {"major": "Major Victory", "minor": "Minor Victory"}
# Traitor modes: the side against the team wins (LE-TRAITOR-17, LE-SMITH-12).
AGAINST_THE_TEAM = {"traitor": "The Traitor wins", "smiths": "The Smiths win"}


def guidance(db: CardDB, s: State) -> dict[str, Any]:
    """The view's guidance fields: ``next_step``, ``objective``, ``act_part``, ``strike_forecast``,
    ``outcome`` (None while the game runs), the pending decision's ``decision_source``, whether
    the Objective can be completed now (``objective_ready``) and whether the table is offered to
    give the game up (``concede_offered``: it has stalled or nobody has a card left, ``stall.offered``)."""
    t = Table(db, s)
    part = current_part(t)
    return {
        "next_step": next_step(t),
        "objective": part.objective.text if part is not None and part.objective is not None else "",
        "act_part": act_part(t),
        "strike_forecast": strikeplan.forecast(t),
        "outcome": outcome(t),
        "decision_source": decision_source(t),
        "objective_ready": _legal(t, "objective"),  # the Objective can be completed now (LE-ACT-04)
        "concede_offered": stall.offered(t),
    }


def current_part(t: Table) -> Any:
    """The current Act card's current Part (None when the Act stack is empty)."""
    acts = t.s.piles.get("acts") or []
    if not acts:
        return None
    return next((p for p in t.card(acts[-1]).parts if p.part == t.s.part), None)


def objective_cards(t: Table) -> list[str]:
    """The cards the current Objective is about, by definition: those it counts (Defeat X,
    Complete Y), or, for an Objective its Act's rule checks, the cards of the Act's hint that the
    Objective's text names."""
    part = current_part(t)
    obj = None if part is None else part.objective
    if obj is None:
        return []
    if obj.type == "hook":
        hint = registry().hints.get(obj.hook)
        named = sorted(hint.cards) if hint is not None else []
        return [d for d in named if d in t.db.cards and t.db.cards[d].name in obj.text]
    return list(dict.fromkeys(obj.cards))


def act_part(t: Table) -> str:
    """'Act 1 Part 2: Title' (LE-ACT-02/03)."""
    part = current_part(t)
    title = part.title if part is not None else ""
    return f"Act {t.s.act} Part {t.s.part}" + (f": {title}" if title else "")


def decision_source(t: Table) -> str:
    """The name of the card whose text asks the pending decision ('' when none or unnamed)."""
    s = t.s
    if s.decision is None or not s.stack:
        return ""
    task = s.stack[-1]
    src = task.get("src", task.get("card")) if task.get("asked") else None
    return t.name(src) if isinstance(src, int) and 0 <= src < len(s.defs) else ""


def decision_text(t: Table) -> str:
    """'Player (Source card): prompt' for the pending decision; the source is left out when the
    prompt already names it."""
    d = t.s.decision
    assert d is not None
    who = t.player_name(d.seat)
    src = decision_source(t)
    if src and src != who and not d.prompt.startswith(src):
        return f"{who} ({src}): {d.prompt}"
    return f"{who}: {d.prompt}"


def next_step(t: Table) -> str:
    """One sentence for the players: what the game waits for now."""
    s = t.s
    if s.result:
        end = outcome(t)
        assert end is not None
        return f"{end['headline']}: {end['cause']}"
    if s.decision is not None:
        return decision_text(t)
    who = t.player_name(s.active)
    if s.phase != "action" or s.stack:
        return f"{who}: {s.phase.title()} Phase"
    if not _legal(t, "end"):
        return f"{who}: Action Phase"
    steps = "play cards, recruit, fight, scan or move; End Turn when done"
    if _legal(t, "objective"):
        steps = "the Objective can be completed now (Complete Objective); or " + steps
    if _legal(t, "minor-victory"):
        steps = "a Minor Victory is offered; or " + steps
    if offer := stall.offer_text(t):
        steps = f"{offer}; or " + steps
    return f"{who}: {steps}"


def _legal(t: Table, verb: str) -> bool:
    act = ACTIONS.get(verb)
    return act is not None and act.check(t, Command(verb)) is None


def outcome(t: Table) -> dict[str, Any] | None:
    """How the game ended, for the end screen: the headline, the engine's rule and cause, and the
    turns, Act reached and Strikes taken. None while the game runs."""
    s = t.s
    if not s.result:
        return None
    won = s.result in VICTORIES
    rule = s.ending.get("rule", "")
    cause = s.ending.get("cause", "") or s.result
    strikes = {t.player_name(p.seat): len(s.piles[pp(p.seat, "strikes")]) for p in s.players}
    return {
        "result": s.result, "won": won,
        "headline": VICTORIES.get(s.result) or AGAINST_THE_TEAM.get(s.result, "Defeat"),
        "rule": rule, "cause": cause, "text": f"{rule}: {cause}" if rule else cause,
        "turns": s.turn_no, "act": s.act, "part": s.part, "time": s.time,
        "strikes_taken": sum(strikes.values()), "strikes_by_player": strikes,
        "damage": {t.player_name(p.seat): t.damage(p.seat) for p in s.players},
    }
