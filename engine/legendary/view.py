"""Per-seat views: what one player may see of the table (LE-MATRIX-11, LE-TERM-04, LE-GEN-08)."""
from __future__ import annotations

from typing import Any

from engine.core.results import Decision, Event
from engine.legendary import traitor
from engine.legendary.carddb import CardDB
from engine.legendary.effects import enemy_attack
from engine.legendary.guidance import guidance, objective_cards
from engine.legendary.state import State, pp
from engine.legendary.table import Table

# Piles whose order and faces nobody sees: only their size is shown (LE-TERM-04).
COUNT_ONLY = ("box", "matrix_deck", "hovercraft", "zion", "strikes", "extras", "out_of_play")
# Decision kinds whose options name the cards of the deciding seat's hand.
HAND_CHOICES = frozenset({"discard"})
# Piles whose every card a seat that may look at the pile sees (whatever the card's face_up flag).
SEEN_WHOLE = (".hand", ".hidden")


def count_only(pile: str) -> bool:
    """Whether nobody sees the faces or order of ``pile``'s cards, only how many (LE-TERM-04)."""
    return pile in COUNT_ONLY or pile.endswith(".deck")


def pile_hidden(s: State, seat: int | None, pile: str) -> bool:
    """Whether every card of ``pile`` is hidden from ``seat``: a count-only pile, scars (face down,
    LE-CAMPAIGN-17), another seat's hidden card, another seat's hand in a Traitor game."""
    if count_only(pile) or pile.endswith(".scars"):
        return True
    owner = int(pile[1:pile.index(".")]) if pile.startswith("p") and "." in pile else None
    return (pile.endswith(".hand") and bool(s.setup.get("traitor")) and owner != seat) or \
        (pile.endswith(".hidden") and owner != seat)


def card_seen(s: State, seat: int | None, pile: str, cid: int) -> bool:
    """Whether ``seat`` sees which card ``cid`` (lying in ``pile``) is."""
    if pile_hidden(s, seat, pile):
        return False
    return cid in s.face_up or pile.endswith(SEEN_WHOLE) or pile == "acts"


def decision_for(s: State, seat: int | None) -> dict[str, Any] | None:
    """The pending decision as ``seat`` may see it: its options are left out for the other seats
    when they name cards of a hand that those seats may not see (LE-TRAITOR-22)."""
    d = s.decision
    if d is None:
        return None
    out = d.to_dict()
    if _options_hidden(s, d, seat):
        out["options"] = []
        out["count"] = len(d.options)
    return out


def _options_hidden(s: State, d: Decision, seat: int | None) -> bool:
    return seat != d.seat and d.kind in HAND_CHOICES and pile_hidden(s, seat, pp(d.seat, "hand"))


def events_for(s: State, seat: int | None, events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """``events`` (of one command, ``s`` the state after it) as ``seat`` may see them: a card that
    moves where ``seat`` sees it neither before nor after the move is named by no id
    (``card`` None), and a decision's options are left out as ``decision_for`` leaves them."""
    out: list[Event] = []
    for ev in events:
        if ev.kind == "card_moved" and ev.data.get("card") is not None:
            d = ev.data
            if not (_seen_at(s, seat, d["dst"], bool(d.get("face_up"))) or _seen_whole(s, seat, d["src"])):
                ev = Event(ev.kind, {**d, "card": None}, ev.text)
        elif ev.kind == "decision":
            ev = _decision_event(s, seat, ev)
        out.append(ev)
    return out


def _seen_at(s: State, seat: int | None, pile: str, face_up: bool) -> bool:
    """Whether ``seat`` sees a card that has just arrived in ``pile`` (face up or not)."""
    return not pile_hidden(s, seat, pile) and (face_up or _seen_whole(s, seat, pile))


def _seen_whole(s: State, seat: int | None, pile: str) -> bool:
    """Whether ``seat`` sees every card of ``pile``, face up or not (a hand it may look at)."""
    return (pile.endswith(SEEN_WHOLE) or pile == "acts") and not pile_hidden(s, seat, pile)


def _decision_event(s: State, seat: int | None, ev: Event) -> Event:
    d = Decision(ev.data["seat"], ev.text, tuple(ev.data["options"]), kind=ev.data.get("choice", ""))
    if not _options_hidden(s, d, seat):
        return ev
    return Event(ev.kind, {**ev.data, "options": [], "count": len(d.options)}, ev.text)


def _card(t: Table, cid: int) -> dict[str, Any]:
    s = t.s
    c = t.db.cards[s.defs[cid]]
    out: dict[str, Any] = {"id": cid, "def": c.id, "name": c.name, "kind": c.kind}
    if cid in s.flipped:
        out["flipped"] = True
    if cid in s.rotated:
        out["rotated"] = True
    if cid in s.blank:
        out["blank"] = True  # its abilities are ignored (LE-CARD-40)
    if c.kind == "enemy":
        now = enemy_attack(t, cid)
        if now is not None and (now != c.attack or cid in s.rotated):
            out["attack_now"] = now  # turned, or not the printed Attack: the Attack to fight it
    return out


def _act_title(db: CardDB, s: State) -> str:
    """The title of the current Act Part ('' when the Act stack is empty or the Part untitled)."""
    acts = s.piles.get("acts") or []
    if not acts:
        return ""
    parts = getattr(db.cards[s.defs[acts[-1]]], "parts", None) or []
    return next((p.title for p in parts if p.part == s.part), "")


def _objective_cards(t: Table, piles: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards the current Objective is about: each one's definition and name (printed on the Act
    card: everyone knows them) and the numbers of its copies the view shows (``ids``)."""
    out = []
    for d in objective_cards(t):
        ids = [c["id"] for p in piles.values() for c in p.get("cards", ()) if c.get("def") == d]
        out.append({"def": d, "name": t.db.cards[d].name, "ids": ids})
    return out


def observe(db: CardDB, s: State, seat: int | None) -> dict[str, Any]:
    """A JSON-ready view of the state for ``seat``; hidden cards carry no id or name."""
    secret_hands = bool(s.setup.get("traitor"))
    t = Table(db, s)
    piles: dict[str, Any] = {}
    for name, cards in s.piles.items():
        if count_only(name):
            piles[name] = {"count": len(cards)}
            continue
        shown = [_card(t, cid) if card_seen(s, seat, name, cid) else {"hidden": True} for cid in cards]
        piles[name] = {"count": len(cards), "cards": shown}
    players = []
    for p in s.players:
        av = db.cards[s.defs[p.avatar]]
        strikes = sum(db.cards[s.defs[c]].damage for c in s.piles[pp(p.seat, "strikes")])
        players.append({
            "seat": p.seat, "avatar": av.id,
            "name": av.back_name if p.avatar in s.flipped and av.back_name else av.name,
            "in_matrix": p.in_matrix, "defeated": p.defeated,
            "damage": strikes + len(s.piles[pp(p.seat, "scars")]),
            "scars": len(s.piles[pp(p.seat, "scars")]),  # face down, a count (LE-CAMPAIGN-17)
            "health": av.health + p.health_bonus, "prep_turn": p.prep_turn,
        })
    return {
        "seat": seat, "active": s.active, "turn": s.turn_no, "phase": s.phase, "time": s.time,
        "act": s.act, "part": s.part, "act_title": _act_title(db, s), "recruit": s.turn.recruit,
        "attack": s.turn.attack, "free_move_used": s.turn.free_move_used, "extra_moves": s.turn.extra_moves,
        "enemy_attack_reduction": s.turn.attack_reduction,  # every Enemy's Attack is this much less now
        "players": players, "piles": piles, "disabled_scan": sorted(s.disabled_scan),
        "decision": decision_for(s, seat), "result": s.result,
        "modifiers": s.mods.to_dict(),  # Act facts in force (engine/legendary/modifiers.py)
        "objective_cards": _objective_cards(t, piles),
        "secret": secret_hands,  # a Traitor mode: hidden cards beside the Avatars, secret hands
        # a Traitor mode: the seat's own side, as only that seat knows it (LE-TRAITOR-06); the key
        # only there, so other views (and the search bot's digest of them) stay as they were
        **({"role": traitor.role(t, seat)} if secret_hands and seat is not None else {}),
        **guidance(db, s),
    }
