"""Completing a Challenge (``complete``): its check, perform and legal-command generator."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.commands import ByArg, Command, command
from engine.core.results import Rejection
from engine.legendary import row as rowmod
from engine.legendary.actions.common import R, in_matrix, row_occupants, target
from engine.legendary.state import dock, row
from engine.legendary.table import Table

COMPLETE_CMD = ByArg("complete")  # by card


def _challenge_where(t: Table, cid: int) -> str | None:
    s = t.s
    for pile in ("combat", "operations", "real_world"):
        if cid in s.piles[pile]:
            return pile
    sp = rowmod.space_of(t, cid)
    return None if sp is None else row(sp)


def dock_groups(t: Table) -> int:
    return len({t.card(c).group for i in range(t.mat.dock_spaces) for c in t.s.piles[dock(i)]})


def check_complete(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "Challenge")
    if isinstance(cid, Rejection):
        return cid
    s = t.s
    where = _challenge_where(t, cid)
    if where is not None and cid == s.inevitable:
        return R("LE-INEVITABLE-05", f"{t.name(cid)} cannot be interacted with")
    if where is None:
        return R("LE-CHALLENGE-01", "that card is not a Challenge in play")
    if cid not in s.face_up:  # before the kind, so a face-down card gives nothing away (LE-MATRIX-11)
        return R("LE-CHALLENGE-01", "face-down cards cannot be completed: scan it first")
    if t.card(cid).kind != "challenge":
        return R("LE-CHALLENGE-01", f"{t.name(cid)} is not a Challenge")
    c = t.card(cid)
    if where == "real_world":
        if in_matrix(t):
            return R("LE-CHALLENGE-04", f"{c.name} is in the Real World: completing it needs you there")
    elif not in_matrix(t):
        return R("LE-CHALLENGE-01", f"completing {c.name} needs you in the Matrix")
    if c.condition == "dock_groups_4" and dock_groups(t) < 4:
        return R("LE-CARD-13", f"the Dock shows Heroes from {dock_groups(t)} Hero Groups; "
                 f"{c.name} needs 4 or more")
    if c.condition == "hook" and not t.db.acts.query(c.condition_hook)(t):
        return R("LE-CHALLENGE-02", f"the condition of {c.name} is not met")
    pool = cmd.args[1] if len(cmd.args) > 1 else None
    rec, atk = s.turn.recruit - c.cost_recruit, s.turn.attack - c.cost_attack
    if rec < 0 or atk < 0:
        return R("LE-CHALLENGE-02", f"{c.name} costs {c.cost_recruit} Recruit and {c.cost_attack} "
                 f"Attack; you have {s.turn.recruit} and {s.turn.attack}")
    if c.cost_either:
        if pool not in (None, "recruit", "attack"):
            return R("LE-CHALLENGE-02", "pay with 'recruit' or 'attack'")
        have = {"recruit": rec, "attack": atk}
        if pool is None and max(have.values()) < c.cost_either or \
                pool is not None and have[pool] < c.cost_either:
            return R("LE-CHALLENGE-02", f"{c.name} costs {c.cost_either} Recruit or Attack")
    return None


def either_pool(t: Table, cmd: Command) -> str:
    """The pool a "Recruit or Attack" cost of ``complete CARD [POOL]`` is paid from: the one named,
    else Recruit when what is left of it after the fixed costs covers the cost (LE-CHALLENGE-02)."""
    if len(cmd.args) > 1:
        return cmd.args[1]
    c = t.card(cmd.args[0])
    return "recruit" if t.s.turn.recruit - c.cost_recruit >= c.cost_either else "attack"


def do_complete(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    c = t.card(cid)
    pool = either_pool(t, cmd)
    s.turn.recruit -= c.cost_recruit
    s.turn.attack -= c.cost_attack
    if c.cost_either:
        setattr(s.turn, pool, getattr(s.turn, pool) - c.cost_either)
    t.pool_changed()
    t.move(cid, _challenge_where(t, cid), "discarded", face_up=True, text=f"{c.name} is completed")
    t.push_fx(t.fx(cid, "complete"), cid, s.active)


def legal_complete(t: Table) -> list[Command]:
    """Face-up Challenges in the player's world whose condition holds and whose cost the pools
    cover; a "Recruit or Attack" cost is listed once per pool that pays it."""
    s = t.s
    piles, defs = s.piles, s.defs
    if s.players[s.active].in_matrix:
        places = [*piles["combat"], *row_occupants(piles), *piles["operations"]]
    else:
        places = piles["real_world"]
    challenges = t.db.index.challenges
    if challenges.isdisjoint(map(defs.__getitem__, places)):
        return []  # most lists: no Challenge where the player is
    cards, face_up = t.db.cards, s.face_up
    out = []
    for cid in places:
        if defs[cid] not in challenges or cid == s.inevitable or cid not in face_up:
            continue
        c = cards[defs[cid]]
        rec, atk = s.turn.recruit - c.cost_recruit, s.turn.attack - c.cost_attack
        if rec < 0 or atk < 0:
            continue
        if c.condition == "dock_groups_4" and dock_groups(t) < 4:
            continue
        if c.condition == "hook" and not t.db.acts.query(c.condition_hook)(t):
            continue
        if not c.cost_either:
            out.append(COMPLETE_CMD[cid])
            continue
        for pool, have in (("recruit", rec), ("attack", atk)):
            if have >= c.cost_either:
                out.append(command("complete", (cid, pool)))
    return out


COMPLETE = Action("complete", "complete CARD [recruit|attack]: pay or meet a Challenge's cost",
                  check_complete, do_complete, legal_complete)
