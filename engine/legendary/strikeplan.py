"""Who strikes and how: the one reading of an Enemy's strike that the Strike Phase carries out
(``flow``) and the "what will strike this turn" forecast shows (``view``).

Pure functions of the state: nothing here moves a card or changes the Time Track.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.legendary.state import pp
from engine.legendary.table import Table


@dataclass(frozen=True, slots=True)
class StrikePlan:
    """How one Enemy strikes now."""

    card: int
    seat: int  # the player it strikes (LE-STRIKE-04, LE-CARD-04)
    hits: int  # strikes: 1, 2 for Double Strike (LE-KEYWORD-24), 0 when it does not strike
    to_time: bool  # each strike lowers the Time Track instead of drawing a Strike (LE-STRIKE-03)
    wild: bool  # Wild Swing (LE-KEYWORD-29)
    mode: str  # "normal", "replace" (its Strike: ability instead, LE-STRIKE-08) or "none"
    ability: bool  # it has a Strike: ability that resolves (LE-STRIKE-08)
    skipped: str = ""  # why it does not strike this turn ("" when it does)


def strike_target(t: Table) -> int:
    """Who Enemies strike: the active player, or the Matrix player once an Act says Enemies always
    strike them (LE-CARD-04)."""
    target = t.s.mods.strikes_target
    if target is not None and not t.s.players[target].defeated:
        return target
    return t.s.active


def plan(t: Table, cid: int, *, to_time: bool) -> StrikePlan:
    """How Enemy ``cid`` strikes: its Strike: ability (LE-STRIKE-08), then one strike or two for
    Double Strike (LE-KEYWORD-24). ``to_time`` hits the Time Track instead, unless an Act has
    redirected every strike at one player (LE-CARD-03/04)."""
    keywords = t.keywords(cid)
    # a blanked card's Strike: ability is ignored, so it strikes plainly (LE-CARD-40)
    mode = "normal" if cid in t.s.blank else t.card(cid).strike_mode
    if t.s.mods.strikes_target is not None:
        to_time = False  # LE-CARD-03: strikes no longer lower the Time Track
    hits = 0 if mode != "normal" else 2 if "double_strike" in keywords else 1
    skipped = "Buy Time" if cid in t.s.turn.bought_time else ""  # LE-KEYWORD-19/20
    if not skipped and (cid, t.s.active) in t.s.mods.fuses:
        skipped = "its fuse is lit"  # LE-CARD-41: not on the turn its fuse was lit
    return StrikePlan(cid, strike_target(t), hits, to_time, "wild_swing" in keywords,
                      mode, bool(t.fx(cid, "strike")) and mode != "none", skipped)


def combat_plan(t: Table, cid: int) -> StrikePlan | None:
    """A Combat Zone card's strike in the Strike Phase (LE-STRIKE-01..03); None when it never
    strikes: not in the Combat Zone, the Inevitable, face down or not an Enemy (LE-CHALLENGE-06)."""
    s = t.s
    if cid not in s.piles["combat"] or cid == s.inevitable:
        return None
    if t.card(cid).kind != "enemy" or cid not in s.face_up:
        return None
    return plan(t, cid, to_time=not s.players[s.active].in_matrix)


def real_world_strikers(t: Table, done: Sequence[int] = ()) -> list[int]:
    """Real-World Enemies still to strike the active player (LE-STRIKE-10/11), not ``done`` yet
    and not distracted by Buy Time."""
    s = t.s
    return [c for c in s.piles["real_world"] + s.piles[pp(s.active, "beside")]
            if c not in done and t.card(c).kind == "enemy" and c not in s.turn.bought_time]


def forecast(t: Table) -> dict[str, Any]:
    """What would strike if the Action Phase ended now: each Enemy's plan in order (Combat Zone
    oldest first, then the Real World), the Strike cards drawn, the Time lost and strikes avoided.

    Strike: abilities and Strike card texts may add to this; ``abilities`` counts the Enemies
    whose ability resolves."""
    s = t.s
    plans: list[tuple[str, StrikePlan]] = []
    if not s.result and not s.turn.skip_to_cleanup:
        for cid in s.piles["combat"]:
            p = combat_plan(t, cid)
            if p is not None:
                plans.append(("combat", p))
        distracted = [c for c in s.piles["real_world"] + s.piles[pp(s.active, "beside")]
                      if c in s.turn.bought_time and t.card(c).kind == "enemy"]
        for cid in real_world_strikers(t) + distracted:
            plans.append(("real_world", plan(t, cid, to_time=False)))
    avoid = {p.seat: p.avoid for p in s.players}
    slowing = "slowing_time" in s.setup.get("variants", ())
    time_hits = s.turn.strikes_to_time
    cards = time_loss = avoided = abilities = 0
    limit = s.mods.strike_cards_per_turn  # LE-CARD-24: the active player's Strike cards this turn
    drawn = s.turn.strike_cards
    rows = []
    for where, p in plans:
        if p.skipped:
            rows.append(_row(t, where, p, 0, 0, 0))
            continue
        abilities += p.ability
        r_cards = r_time = r_avoid = 0
        for _ in range(p.hits):
            if s.players[p.seat].defeated:
                break
            capped = limit is not None and not p.to_time and p.seat == s.active and drawn >= limit
            if capped:
                continue  # skipped, not avoided (LE-CARD-25)
            if avoid[p.seat] > 0:  # LE-STRIKE-09
                avoid[p.seat] -= 1
                r_avoid += 1
            elif p.to_time:
                if slowing and time_hits >= 1:
                    continue
                time_hits += 1
                r_time += 1
            else:
                r_cards += 1
                drawn += p.seat == s.active
        cards, time_loss, avoided = cards + r_cards, time_loss + r_time, avoided + r_avoid
        rows.append(_row(t, where, p, r_cards, r_time, r_avoid))
    return {"enemies": rows, "strike_cards": cards, "time_loss": time_loss, "avoided": avoided,
            "abilities": abilities, "text": _summary(t, rows, cards, time_loss, avoided)}


def _row(t: Table, where: str, p: StrikePlan, cards: int, time: int, avoided: int) -> dict[str, Any]:
    return {"card": p.card, "name": t.name(p.card), "where": where, "seat": p.seat,
            "target": t.player_name(p.seat), "hits": p.hits, "to_time": p.to_time, "wild": p.wild,
            "mode": p.mode, "ability": p.ability, "skipped": p.skipped, "strike_cards": cards,
            "time_loss": time, "avoided": avoided}


def _summary(t: Table, rows: list[dict[str, Any]], cards: int, time: int, avoided: int) -> str:
    """One line: 'Nothing strikes this turn' or 'Strikes this turn: Time -2, Neo draws 1 Strike'."""
    if not any(r["hits"] or r["ability"] for r in rows if not r["skipped"]):
        return "Nothing strikes this turn"
    parts = []
    if time:
        parts.append(f"Time -{time}")
    if cards:
        seats = {r["seat"] for r in rows if r["strike_cards"]}
        who = next(r["target"] for r in rows if r["strike_cards"]) + " draws" if len(seats) == 1 \
            else "players draw"
        parts.append(f"{who} {cards} Strike{'s' if cards > 1 else ''}")
    if avoided:
        parts.append(f"{avoided} avoided")
    extra = [r["name"] for r in rows if r["ability"] and not r["skipped"]]
    if extra:
        parts.append("Strike abilities: " + ", ".join(extra))
    return "Strikes this turn: " + ", ".join(parts)
