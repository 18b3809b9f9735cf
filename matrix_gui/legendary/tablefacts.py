"""What the playmat shows of the Act facts in force (``view["modifiers"]``) beyond the piles: the
card travelling beneath the Dock drawn at its position, cues on cards (an upside-down Enemy's
Attack, a lit fuse), the Strike limit's words, and the travelling card's moves as card glides.

No Qt and no rules: every fact and number is the engine's view; this module only says where on
the table it shows.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.results import Event

View = dict[str, Any]
Display = dict[str, list[dict[str, Any]]]
LANE_POSITIONS = 6  # beneath the Hovercraft stack (0) and the five Dock spaces (1..5)


@dataclass(frozen=True)
class Cue:
    """A small plate on a card: its words and its tone (``attack`` red, ``fuse`` orange)."""

    text: str
    tone: str


def beneath_dock(view: View) -> tuple[int, int] | None:
    """The card travelling beneath the Dock and its position (0..5), or None."""
    got = view.get("modifiers", {}).get("beneath_dock")
    return None if got is None else (int(got[0]), int(got[1]))


def beneath_pile(position: int) -> str:
    """The playmat's name for a position beneath the Dock (an area of the lane, not a pile)."""
    return f"beneath.{position}"


def place_beneath(display: Display, view: View) -> None:
    """Move the travelling card out of the Real World pile to its position beneath the Dock
    (the engine keeps it in ``real_world``; the playmat draws it where it flies)."""
    got = beneath_dock(view)
    if got is None:
        return
    for i in range(LANE_POSITIONS):
        display[beneath_pile(i)] = []
    cid, pos = got
    cards = display.get("real_world", [])
    idx = next((i for i, c in enumerate(cards) if c.get("id") == cid), None)
    if idx is not None:
        display[beneath_pile(pos)] = [cards.pop(idx)]


def card_cues(view: View) -> dict[int, tuple[Cue, ...]]:
    """The cues each visible card carries: an Enemy whose Attack differs from its printed one
    (turned upside down, or lowered), a card whose abilities are blanked, and a card whose fuse
    is lit."""
    cues: dict[int, list[Cue]] = {}
    for pile in view["piles"].values():
        for c in pile.get("cards", ()):
            if "id" not in c:
                continue
            if "attack_now" in c:
                words = "UPSIDE DOWN" if c.get("rotated") else "ATTACK NOW"
                cues.setdefault(c["id"], []).append(Cue(f"{words}\nAttack {c['attack_now']}", "attack"))
            if c.get("blank"):
                cues.setdefault(c["id"], []).append(Cue("BLANK\nno abilities", "blank"))
    for cid, seat in view.get("modifiers", {}).get("fuses", ()):
        cues.setdefault(int(cid), []).append(Cue(f"FUSE LIT\ngoes off: P{int(seat) + 1}", "fuse"))
    return {cid: tuple(cs) for cid, cs in cues.items()}


def annotate(display: Display, view: View) -> None:
    """The display as the playmat draws it: the travelling card at its position, cues on cards."""
    place_beneath(display, view)
    cues = card_cues(view)
    if not cues:
        return
    for cards in display.values():
        for i, c in enumerate(cards):
            got = cues.get(c.get("id", -1))
            if got:
                cards[i] = {**c, "cues": got}


@dataclass(frozen=True)
class SmithMark:
    """A Smith standing in Matrix Row space ``space`` in a final Part: his number, and whether the
    Deletion Program has passed him (``deleted``) or stands at him now (``next``)."""

    space: int
    number: int
    deleted: bool
    next: bool


def smiths(view: View) -> list[SmithMark]:
    """The Smiths of the Row, left to right (``smith_numbers``, ``smiths_passed``); none: []."""
    mods = view.get("modifiers", {})
    numbers = [int(n) for n in mods.get("smith_numbers", ())]
    passed = int(mods.get("smiths_passed", 0))
    return [SmithMark(i, n, i < passed, i == passed) for i, n in enumerate(numbers)]


def strike_limit(view: View) -> str:
    """The Strike limit in force, in words ('' when none), for the Strike deck and the forecast."""
    mods = view.get("modifiers", {})
    n = mods.get("strike_cards_per_turn")
    if n is None:
        return ""
    source = mods.get("strike_limit_source") or "An Act card"
    return f"{source}: at most {n} Strike card{'s' if n != 1 else ''} on each player's own turn"


def beneath_moves(events: list[Event] | tuple[Event, ...], before: View | None) -> list[Event]:
    """The batch's events with the travelling card's moves as card glides between the lane's
    positions (``beneath_dock`` events), and its last move away starting from its lane position
    instead of the Real World pile. ``before`` is the view the batch starts from."""
    flying = beneath_dock(before) if before is not None else None
    out: list[Event] = []
    for ev in events:
        d = ev.data
        if ev.kind == "beneath_dock":
            cid, pos = int(d["card"]), int(d["position"])
            src = beneath_pile(flying[1]) if flying is not None and flying[0] == cid else "real_world"
            out.append(Event("card_moved", {"card": cid, "src": src, "dst": beneath_pile(pos)}, ev.text))
            flying = (cid, pos)
            continue
        if ev.kind == "card_moved" and flying is not None and d.get("card") == flying[0] \
                and d.get("src") == "real_world":
            out.append(Event("card_moved", {**d, "src": beneath_pile(flying[1])}, ev.text))
            flying = None
            continue
        out.append(ev)
    return out
