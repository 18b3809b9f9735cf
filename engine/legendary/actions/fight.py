"""What Attack does to an Enemy: defeat it (``fight``), distract a Buy Time Agent (``buytime``), move an
Evade Enemy away (``evade``); each verb's check, perform and legal-command generator."""
from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.commands import ByArg, Command
from engine.core.results import Rejection
from engine.legendary import effects
from engine.legendary import row as rowmod
from engine.legendary.actions.common import BESIDE, ROWS, R, in_matrix, row_occupants, target
from engine.legendary.state import pp, row
from engine.legendary.table import Table

FIGHT_CMD, BUYTIME_CMD, EVADE_CMD = ByArg("fight"), ByArg("buytime"), ByArg("evade")  # by card


def _locate_enemy(t: Table, cid: int) -> str | None:
    s = t.s
    if cid in s.piles["combat"] or cid in s.piles["real_world"]:
        return "combat" if cid in s.piles["combat"] else "real_world"
    sp = rowmod.space_of(t, cid)
    if sp is not None:
        return row(sp)
    for p in s.players:
        if cid in s.piles[pp(p.seat, "beside")]:
            return pp(p.seat, "beside")
    return None


def check_fight(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "Enemy")
    if isinstance(cid, Rejection):
        return cid
    s = t.s
    where = _locate_enemy(t, cid)
    if where is None:
        return R("LE-FIGHT-01", "that card is not an Enemy in play")
    if cid == s.inevitable:
        return R("LE-INEVITABLE-05", f"{t.name(cid)} cannot be fought")
    if cid not in s.face_up:
        return R("LE-FIGHT-09", "face-down cards cannot be fought: scan it first")
    c = t.card(cid)
    if c.kind != "enemy":
        return R("LE-FIGHT-01", f"{c.name} is not an Enemy")
    real = where == "real_world" or where.endswith(".beside")
    if real and in_matrix(t):
        return R("LE-FIGHT-10", f"{c.name} is in the Real World: fighting it needs you in the Real World")
    if not real and not in_matrix(t) and not effects.allowed(t, "fight_from_real_world"):
        return R("LE-FIGHT-01", "you are in the Real World: fighting needs you in the Matrix")
    atk = effects.enemy_attack(t, cid)
    if atk is None:
        return R("LE-FIGHT-08", f"{c.name} shows an icon instead of an Attack and cannot be fought")
    if "undefeatable" in t.keywords(cid):
        return R("LE-KEYWORD-28", f"{c.name} is Undefeatable")
    if "cover" in t.keywords(cid) and where.startswith("row."):
        sp = int(where[4:])
        for nb in (sp - 1, sp + 1):
            if 0 <= nb < 5 and (o := rowmod.occupant(t, nb)) is not None and o not in s.face_up:
                return R("LE-KEYWORD-23", f"{c.name} has Cover: a face-down card is next to it")
    if s.turn.attack < atk:
        return R("LE-FIGHT-03", f"{c.name} needs {atk} Attack and you have {s.turn.attack}")
    return None


def do_fight(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    c = t.card(cid)
    atk = effects.enemy_attack(t, cid) or 0
    s.turn.attack -= atk
    t.pool_changed(f"Fight {c.name} for {atk}")
    key = str(cid)
    s.turn.hits[key] = s.turn.hits.get(key, 0) + 1
    if s.turn.hits[key] < c.fights_needed:  # LE-FIGHT-06
        t.emit("enemy_hit", f"{c.name} is hit ({s.turn.hits[key]}/{c.fights_needed})", card=cid)
        return
    effects.defeat_enemy(t, cid, _locate_enemy(t, cid), s.active)


def _matrix_cards(piles: dict[str, list[int]]) -> list[tuple[str, int]]:
    """(where, card) for the Combat Zone and each Row space's occupant (not what is attached)."""
    return [("combat", c) for c in piles["combat"]] + [(name, p[0]) for name in ROWS if (p := piles[name])]


def _real_cards(t: Table) -> list[tuple[str, int]]:
    """(where, card) for the Real World and the cards beside each player."""
    piles = t.s.piles
    return [(name, c) for name in ("real_world", *BESIDE[:len(t.s.players)]) for c in piles[name]]


def _has_cover(t: Table, where: str) -> bool:
    """A face-down card next to this Row space (LE-KEYWORD-23)."""
    if not where.startswith("row."):
        return False
    sp = int(where[4:])
    s = t.s
    return any(0 <= nb < rowmod.ROW_SPACES and (pile := s.piles[ROWS[nb]]) and pile[0] not in s.face_up
               for nb in (sp - 1, sp + 1))


def legal_fight(t: Table) -> list[Command]:
    """Face-up Enemies in the player's world (or the Matrix, when a card allows it from the Real
    World) whose Attack the pool covers."""
    s = t.s
    turn = s.turn
    weakest = t.db.index.least_attack
    if weakest is None or turn.attack + turn.attack_reduction < weakest:
        return []  # no Enemy's Attack is within reach (most lists: an empty Attack pool)
    piles = s.piles
    if s.players[s.active].in_matrix:
        places = _matrix_cards(piles)
    else:
        places = _real_cards(t)
        if effects.allowed(t, "fight_from_real_world"):
            places += _matrix_cards(piles)
    cards, defs, face_up = t.db.cards, s.defs, s.face_up
    out = []
    for where, cid in places:
        if cid in face_up and cid != s.inevitable:
            c = cards[defs[cid]]
            if c.kind == "enemy" and _can_fight(t, where, cid, c, turn.attack):
                out.append(FIGHT_CMD[cid])
    return out


def _can_fight(t: Table, where: str, cid: int, c: Any, attack: int) -> bool:
    """The Attack pays for this face-up Enemy, and no keyword keeps it from being fought."""
    atk = effects.enemy_attack(t, cid)
    if atk is None or attack < atk or "undefeatable" in t.keywords(cid):
        return False
    return not ("cover" in t.keywords(cid) and _has_cover(t, where))


def _matrix_enemies_in(t: Table, ids: frozenset[str]) -> list[tuple[int, Any]]:
    """(card, card data) of the face-up Enemies of ``ids`` (Enemies with some keyword) in the Combat
    Zone and on the Row (each space's occupant), the Inevitable and blanked cards (LE-CARD-40) left
    out."""
    s = t.s
    piles, defs, face_up = s.piles, s.defs, s.face_up
    return [(cid, t.db.cards[defs[cid]]) for cid in (*piles["combat"], *row_occupants(piles))
            if defs[cid] in ids and cid in face_up and cid != s.inevitable and cid not in s.blank]


def check_buytime(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "Agent")
    if isinstance(cid, Rejection):
        return cid
    s = t.s
    where = _locate_enemy(t, cid)
    if where is not None and cid == s.inevitable:
        return R("LE-INEVITABLE-05", f"{t.name(cid)} cannot be interacted with")
    if where is None or cid not in s.face_up or "buy_time" not in t.keywords(cid):
        return R("LE-KEYWORD-19", "that card is not a face-up Buy Time Enemy")
    if where not in ("combat",) and not where.startswith("row."):
        return R("LE-KEYWORD-19", "Buy Time works on Agents in the Matrix Row or the Combat Zone")
    if not in_matrix(t):
        return R("LE-KEYWORD-19", "Buy Time needs you in the Matrix")
    if cid in s.turn.bought_time:
        return R("LE-KEYWORD-19", f"{t.name(cid)} is already distracted this turn")
    cost = t.card(cid).buy_time_cost
    if s.turn.attack < cost:
        return R("LE-KEYWORD-19", f"Buy Time costs {cost} Attack and you have {s.turn.attack}")
    return None


def do_buytime(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    s.turn.attack -= t.card(cid).buy_time_cost
    s.turn.bought_time.append(cid)
    t.emit("bought_time", f"{t.name(cid)} is distracted and will not strike this turn", card=cid,
           recruit=s.turn.recruit, attack=s.turn.attack)


def legal_buytime(t: Table) -> list[Command]:
    """Face-up Buy Time Enemies in the Matrix not yet distracted, when the pool covers the cost."""
    s = t.s
    ix = t.db.index
    cheapest = ix.least_buy_time_cost
    if cheapest is None or s.turn.attack < cheapest or not s.players[s.active].in_matrix:
        return []
    return [BUYTIME_CMD[cid] for cid, c in _matrix_enemies_in(t, ix.buy_time)
            if cid not in s.turn.bought_time and s.turn.attack >= c.buy_time_cost]


def check_evade(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "Enemy")
    if isinstance(cid, Rejection):
        return cid
    s = t.s
    where = _locate_enemy(t, cid)
    c = t.card(cid)
    if where is not None and cid == s.inevitable:
        return R("LE-INEVITABLE-05", f"{c.name} cannot be interacted with")
    if where is None or cid not in s.face_up or "evade" not in t.keywords(cid):
        return R("LE-KEYWORD-26", "that card is not a face-up Evade Enemy")
    if where != "combat" and not where.startswith("row."):
        return R("LE-KEYWORD-26", "only Enemies in the Matrix can be evaded")
    if _rightmost_clear(t) is None:
        return R("LE-KEYWORD-26", "no Matrix Row space is clear")
    if s.turn.attack < c.evade_cost:
        return R("LE-KEYWORD-26",
                 f"evading {c.name} costs {c.evade_cost} Attack and you have {s.turn.attack}")
    return None


def _rightmost_clear(t: Table) -> int | None:
    for i in range(4, -1, -1):
        if rowmod.is_clear(t, i):
            return i
    return None


def do_evade(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    s.turn.attack -= t.card(cid).evade_cost
    t.pool_changed()
    t.move(cid, _locate_enemy(t, cid), row(_rightmost_clear(t)),
           text=f"{t.name(cid)} is evaded to the right")


def legal_evade(t: Table) -> list[Command]:
    """Face-up Evade Enemies in the Matrix, while a Row space is clear and the pool covers it."""
    s = t.s
    ix = t.db.index
    cheapest = ix.least_evade_cost
    if cheapest is None or s.turn.attack < cheapest or all(map(s.piles.__getitem__, ROWS)):
        return []
    return [EVADE_CMD[cid] for cid, c in _matrix_enemies_in(t, ix.evade) if s.turn.attack >= c.evade_cost]


FIGHT = Action("fight", "fight CARD: pay an Enemy's Attack to defeat it", check_fight, do_fight,
               legal_fight)
BUYTIME = Action("buytime", "buytime CARD: pay 5 Attack so a Buy Time Agent does not strike this turn",
                 check_buytime, do_buytime, legal_buytime)
EVADE = Action("evade", "evade CARD: pay an Evade Enemy's cost to move it to the rightmost clear Row space",
               check_evade, do_evade, legal_evade)
