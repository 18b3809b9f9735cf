"""Recruiting a Dock Hero or a Hovercraft (``recruit``): its check, perform and legal-command generator."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.commands import ByArg, Command
from engine.core.results import Rejection
from engine.legendary import effects, flow
from engine.legendary.actions.common import DOCKS, R, gate, in_matrix, named_card
from engine.legendary.state import dock, pp
from engine.legendary.table import Table

RECRUIT_CMD = ByArg("recruit")  # by card, and "hovercraft"


def _dock_space(t: Table, cid: int) -> int | None:
    for i in range(t.mat.dock_spaces):
        if cid in t.s.piles[dock(i)]:
            return i
    return None


def check_recruit(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    if (no := effects.prohibition(t, "recruit")) is not None:
        return R(no[0], f"{no[1]} forbids recruiting this turn")
    if cmd.args and cmd.args[0] == "hovercraft":
        if in_matrix(t) and not effects.allowed(t, "recruit_in_matrix"):
            return R("LE-RECRUIT-01", "you are in the Matrix: recruiting needs you in the Real World")
        if not s.piles["hovercraft"]:
            return R("LE-RECRUIT-10", "the Hovercraft stack is empty")
        if s.turn.recruit < 3:
            return R("LE-RECRUIT-06", f"a Hovercraft costs 3 Recruit and you have {s.turn.recruit}")
        return None
    cid = named_card(t, cmd, "Hero")
    if isinstance(cid, Rejection):
        return cid
    if _dock_space(t, cid) is None:
        if not any(s.piles[dock(i)] for i in range(t.mat.dock_spaces)):
            return R("LE-RECRUIT-09", "the Dock is empty: only Hovercrafts can be recruited")
        return R("LE-RECRUIT-04", f"{t.name(cid)} is not in the Dock")
    c = t.card(cid)
    if in_matrix(t) and "digital" not in c.keywords and not effects.allowed(t, "recruit_in_matrix"):
        return R("LE-RECRUIT-01", "you are in the Matrix: recruiting needs you in the Real World "
                 "(only Digital Heroes can be recruited from the Matrix)")
    if s.turn.recruit < c.cost:
        return R("LE-RECRUIT-04", f"{c.name} costs {c.cost} Recruit and you have {s.turn.recruit}")
    return None


def gain_pile(t: Table, seat: int) -> str:
    """Where a Hero ``seat`` gains goes: their discard pile (LE-RECRUIT-08), or the Matrix player's
    hand when an Act says so for Real-World players (LE-CARD-31)."""
    to = t.s.mods.gains_to_hand_of
    if to is not None and to != seat and not t.s.players[seat].in_matrix and not t.s.players[to].defeated:
        return pp(to, "hand")
    return pp(seat, "discard")


def do_recruit(t: Table, cmd: Command) -> None:
    s = t.s
    seat = s.active
    dst = gain_pile(t, seat)
    to = t.s.mods.gains_to_hand_of
    into = f", into {t.player_name(to)}'s hand" if dst != pp(seat, "discard") else ""
    if cmd.args[0] == "hovercraft":
        cid = s.piles["hovercraft"][-1]
        s.turn.recruit -= 3
        t.move(cid, "hovercraft", dst, face_up=True,
               text=f"{t.player_name(seat)} recruits the Hovercraft {t.name(cid)}{into}")
        s.turn.gained.append(cid)
    else:
        cid = cmd.args[0]
        sp = _dock_space(t, cid)
        s.turn.recruit -= t.card(cid).cost
        t.move(cid, dock(sp), dst, face_up=True,
               text=f"{t.player_name(seat)} recruits {t.name(cid)}{into}")
        s.turn.gained.append(cid)
        flow.refill_dock(t)
    t.pool_changed()


def _docks(t: Table) -> tuple[str, ...]:
    n = t.db.playmat.dock_spaces
    return DOCKS[:n] if n <= len(DOCKS) else tuple(dock(i) for i in range(n))


def legal_recruit(t: Table) -> list[Command]:
    """Dock Heroes and a Hovercraft the Recruit pool affords, from the world that allows it."""
    s = t.s
    pool, piles = s.turn.recruit, s.piles
    cards, defs = t.db.cards, s.defs
    # (command, allowed from the Matrix without a permission) for what the pool affords
    affordable = [(RECRUIT_CMD[cid], "digital" in c.keywords)
                  for name in _docks(t) for cid in piles[name]
                  if pool >= (c := cards[defs[cid]]).cost]
    if pool >= 3 and piles["hovercraft"]:
        affordable.append((RECRUIT_CMD["hovercraft"], False))
    if not affordable:
        return []
    if s.players[s.active].in_matrix and not all(ok for _, ok in affordable) \
            and not effects.allowed(t, "recruit_in_matrix"):
        affordable = [(cmd, ok) for cmd, ok in affordable if ok]
    if not affordable or effects.prohibition(t, "recruit") is not None:
        return []
    return [cmd for cmd, _ in affordable]


RECRUIT = Action("recruit", "recruit CARD | recruit hovercraft: pay Recruit for a Dock Hero or a "
                 "Hovercraft", check_recruit, do_recruit, legal_recruit)
