"""Scanning a Row space (``scan``): its check, perform and legal-command generator."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.commands import ByArg, Command
from engine.core.results import Rejection
from engine.legendary import effects
from engine.legendary import row as rowmod
from engine.legendary.actions.common import ROWS, R, card_arg, gate, in_matrix
from engine.legendary.table import Table

SCAN_CMD = ByArg("scan")  # by Row space


def check_scan(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    sp = card_arg(cmd)
    if sp is None or not 0 <= sp < 5:
        return R("LE-SCAN-01", "name a Row space 0-4 (0 is the leftmost)")
    if not in_matrix(t):
        return R("LE-SCAN-01", "you are in the Real World: scanning needs you in the Matrix")
    if (no := effects.prohibition(t, "scan")) is not None:
        return R(no[0], f"{no[1]} forbids scanning this turn")
    occ = rowmod.occupant(t, sp)
    name = t.mat.row[sp].name
    if occ is not None and occ == s.inevitable:
        return R("LE-INEVITABLE-05", f"{t.name(occ)} cannot be scanned")
    if occ is None or occ in s.face_up:
        return R("LE-SCAN-02", f"the {name} holds no face-down card")
    cost = t.mat.row[sp].scan_cost
    if cost is None or sp in s.disabled_scan:
        return R("LE-INEVITABLE-06", f"the {name}'s Scan Cost can no longer be used")
    if s.turn.attack < cost:
        return R("LE-SCAN-01", f"scanning the {name} costs {cost} Attack and you have {s.turn.attack}")
    return None


def do_scan(t: Table, cmd: Command) -> None:
    s = t.s
    sp = cmd.args[0]
    s.turn.attack -= t.mat.row[sp].scan_cost
    t.pool_changed(f"Scan the {t.mat.row[sp].name}")
    rowmod.reveal(t, rowmod.occupant(t, sp), "scan")


def legal_scan(t: Table) -> list[Command]:
    """Face-down Row cards whose space's Scan Cost is usable and affordable."""
    s = t.s
    attack, cheapest = s.turn.attack, t.db.index.least_scan_cost
    if cheapest is None or attack < cheapest or not s.players[s.active].in_matrix:
        return []
    out = []
    piles, face_up, space = s.piles, s.face_up, t.db.playmat.row
    for sp, name in enumerate(ROWS):
        pile = piles[name]
        if not pile or pile[0] == s.inevitable or pile[0] in face_up:
            continue
        cost = space[sp].scan_cost
        if cost is not None and sp not in s.disabled_scan and attack >= cost:
            out.append(SCAN_CMD[sp])
    if out and effects.prohibition(t, "scan") is not None:
        return []
    return out


SCAN = Action("scan", "scan SPACE: pay a Row space's Scan Cost (spaces 0-4, left to right) to reveal it",
              check_scan, do_scan, legal_scan)
