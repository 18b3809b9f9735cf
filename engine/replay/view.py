"""Per-seat views: what one side may see of the table (hands and deck order stay hidden)."""
from __future__ import annotations

from typing import Any

from engine.replay import schema
from engine.replay.carddb import ReplayDB
from engine.replay.rules import ENDINGS, Table, acting_seat
from engine.replay.state import HUMANS, MACHINES, SIDE_KEYS, SIDE_NAMES, State, pp

# What the table waits for at each step, in words (the HUD, the hand-off curtain).
STEP_TEXTS = {
    "zion_draw": "the Humans draw (Zion Phase)", "zion_deploy": "the Humans deploy Characters",
    "zero_one_draw": "the Machines draw (Zero-One Phase)",
    "zero_one_deploy": "the Machines deploy Characters",
    "switch": "the Humans place or remove Matrix counters (Switch Phase)",
    "mission_choice": "the Humans choose a Mission", "unplug": "the Humans may unplug after the Escape",
}


def card_view(t: Table, cid: int) -> dict[str, Any]:
    c = t.card(cid)
    out: dict[str, Any] = {"id": cid, "def": c.id, "name": c.name, "type": c.type}
    if isinstance(c, schema.CharacterCard):
        out["code"] = c.code
        if cid in t.in_play(t.owner(cid)):
            out["in_matrix"] = t.in_matrix(cid)
        if cid in t.s.plugged:
            out["matrix_counter"] = True
        if t.neutralized(cid):
            out["neutralized_until"] = t.s.neutral[cid]
        if cid in t.s.lasting:
            out["combat_bonus"] = t.s.lasting[cid]
        elif cid in t.s.piles[pp(t.owner(cid), "hand")]:  # MR-CHAR-03/04/05: where it enters play
            out["deploy_zone"] = "matrix" if t.in_matrix(cid) else "real"
    elif isinstance(c, schema.MissionCard):
        out["mp"] = c.mp
    return out


def observe(db: ReplayDB, s: State, seat: int | None) -> dict[str, Any]:
    """A JSON-ready view for ``seat`` (0 Humans, 1 Machines, None a spectator)."""
    t = Table(db, s)
    piles: dict[str, Any] = {}
    for name, cards in s.piles.items():
        own_hand = seat is not None and name == pp(seat, "hand")
        hidden = name.endswith(".deck") or (name.endswith(".hand") and not own_hand)
        piles[name] = {"count": len(cards)}
        if not hidden:
            piles[name]["cards"] = [card_view(t, c) for c in cards]
    k = s.contest
    contest = None
    if k is not None:
        contest = {"kind": k.kind, "roll": k.roll, "teams": list(k.teams), "dice": list(k.dice),
                   "totals": [t.total(HUMANS), t.total(MACHINES)], "events": list(k.bonus),
                   "characters": [t.char_bonus(HUMANS, k), t.char_bonus(MACHINES, k)],
                   "fixed": list(k.fixed), "turn_bonus": list(s.turn_bonus), "to_act": k.to_act,
                   "passes": k.passes}
    decision = None
    if s.decision is not None:
        decision = s.decision.to_dict()
        if seat != s.decision.seat:  # the options may name hidden cards (a hand, a deck)
            decision["options"] = []
        else:
            decision["cards"] = list(s.tasks[-1].get("cards", []))
    out: dict[str, Any] = {
        "seat": seat, "side": None if seat is None else SIDE_KEYS[seat], "turn": s.turn_no,
        "phase": s.phase, "step": s.step, "acting": acting_seat(s), "mp": s.mp, "time": s.time,
        "result": s.result, "piles": piles, "contest": contest, "last_contest": s.last,
        "decision": decision, "prompt": prompt_text(s), "step_text": step_text(s, contest),
        "completed_missions": list(s.completed), "matrix_phase_skipped": s.skip_matrix,
    }
    if seat is not None:
        out["seen"] = {"what": s.seen_what[seat], "cards": [card_view(t, c) for c in s.seen[seat]]}
        # The owner searches their deck in their draw phase: contents (not order) are shown then.
        if s.step == ("zion_draw" if seat == HUMANS else "zero_one_draw"):
            out["deck_contents"] = [card_view(t, c) for c in sorted(s.piles[pp(seat, "deck")])]
    out["outcome"] = outcome(s)
    return out


def prompt_text(s: State) -> str:
    """The pending decision's question without the deciding side's name in front ('' when none)."""
    if s.decision is None:
        return ""
    prompt = str(s.decision.prompt)
    side = f"{SIDE_NAMES[s.decision.seat]}: "
    return prompt[len(side):] if prompt.startswith(side) else prompt


def step_text(s: State, contest: dict[str, Any] | None) -> str:
    """What the table waits for, in words: a decision, a contest's Event round or the step."""
    if s.decision is not None:
        return f"the {SIDE_NAMES[s.decision.seat]} decide: {prompt_text(s)}"
    acting = acting_seat(s)
    if s.step == "contest" and contest:
        who = SIDE_NAMES[acting] if acting is not None else ""
        return f"the {who} play an Event or pass in the {contest['kind'].capitalize()} contest"
    return STEP_TEXTS.get(s.step, s.phase)


def outcome(s: State) -> dict[str, Any] | None:
    """How the game ended, for the end screen: who won, the rule and cause, and the counters
    (None while the game runs)."""
    if not s.result:
        return None
    rule, cause = ENDINGS[s.result]
    side = "Humans" if s.result == "humans" else "Machines"
    return {"result": s.result, "won": s.result == "humans", "headline": f"The {side} win",
            "rule": rule, "cause": cause, "text": f"{rule}: {cause}", "turns": s.turn_no,
            "mission_points": s.mp, "time": s.time}
