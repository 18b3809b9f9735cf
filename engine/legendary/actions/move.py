"""Moving between the worlds (``move``): its check, perform and legal-command generator."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.commands import Command, command
from engine.core.results import Rejection
from engine.legendary import effects
from engine.legendary import row as rowmod
from engine.legendary.actions.common import ROWS, R, gate, in_matrix
from engine.legendary.table import Table

MOVE_IN, MOVE_OUT = command("move", ("matrix",)), command("move", ("real",))


def phone_spaces(t: Table) -> dict[str, int]:
    """The Row spaces with a phone, by lower-case name (a shared dict: do not change it)."""
    return t.db.phone_spaces()


def check_move(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    where = cmd.args[0] if cmd.args else None
    has_move = not s.turn.free_move_used or s.turn.extra_moves > 0
    if where == "matrix":
        if in_matrix(t):
            return R("LE-MOVE-04", "you are already in the Matrix")
        if (no := effects.prohibition(t, "enter_matrix")) is not None:
            return R(no[0], f"{no[1]} forbids entering the Matrix this turn")
        if not has_move:
            return R("LE-MOVE-01", "you have already used your free move this turn")
        return None
    if where != "real":
        return R("LE-MOVE-01", "say 'move matrix' or 'move real [alley|subway|combat]'")
    if not in_matrix(t):
        return R("LE-MOVE-05", "you are already in the Real World")
    if (no := effects.prohibition(t, "leave_matrix")) is not None:
        return R(no[0], f"{no[1]} forbids leaving the Matrix this turn")
    phone = cmd.args[1] if len(cmd.args) > 1 else None
    if s.turn.free_move_used or phone is None:
        if s.turn.extra_moves > 0:
            return None  # LE-MOVE-11: an effect-granted move needs no phone
        if s.turn.free_move_used:
            return R("LE-MOVE-01", "you have already used your free move this turn")
        if effects.allowed(t, "leave_matrix"):
            return None  # LE-ABILITY-01: a card lets the free move leave without a phone
        return R("LE-MOVE-06", "leaving the Matrix with the free move needs a phone: "
                 "name one (alley, subway or combat)")
    phones = phone_spaces(t)
    cz = len(s.piles["combat"])
    blocked = all(not rowmod.is_clear(t, i) for i in phones.values())
    max_cz = t.mat.combat_phone_max_cards
    if blocked and cz > max_cz:
        return R("LE-MOVE-10", f"both phones are blocked and the Combat Zone holds {cz} cards")
    if phone == "combat":
        if cz > max_cz:
            return R("LE-MOVE-09", f"the Combat Zone pay phone works only while it holds fewer than "
                     f"{max_cz + 1} cards; it holds {cz}")
        if s.turn.attack < t.mat.combat_phone_cost:
            return R("LE-MOVE-09", f"the Combat Zone pay phone costs {t.mat.combat_phone_cost} Attack "
                     f"and you have {s.turn.attack}")
        return None
    if phone not in phones:
        return R("LE-MOVE-06", f"there is no phone called {phone!r}: use "
                 f"{', '.join(sorted(phones))} or combat")
    if not rowmod.is_clear(t, phones[phone]):
        inev = rowmod.occupant(t, phones[phone]) == s.inevitable
        clear = [n for n, i in phones.items() if rowmod.is_clear(t, i)]
        rule = "LE-MOVE-15" if inev else "LE-MOVE-07" if clear else "LE-MOVE-08"
        hint = f"; the {clear[0].title()} is clear, use its phone" if clear else ""
        return R(rule, f"the {phone.title()} holds a card, so its phone cannot be used{hint}")
    return None


def do_move(t: Table, cmd: Command) -> None:
    s = t.s
    phone = cmd.args[1] if len(cmd.args) > 1 else None
    going_in = cmd.args[0] == "matrix"
    why = "free move"
    if going_in:
        if not s.turn.free_move_used:
            s.turn.free_move_used = True
        else:
            s.turn.extra_moves -= 1
            why = "extra move"
    elif (phone is None or s.turn.free_move_used) and s.turn.extra_moves > 0:
        s.turn.extra_moves -= 1  # LE-MOVE-11: an extra move needs no phone (and pays for none)
        why = "extra move"
    elif phone is None:
        s.turn.free_move_used = True  # LE-ABILITY-01: card text lets it leave without a phone
        why = "free move, no phone needed"
    else:
        s.turn.free_move_used = True
        why = f"{phone} phone"  # LE-MOVE-14: the log names the phone used
        if phone == "combat":
            s.turn.attack -= t.mat.combat_phone_cost
            t.pool_changed()
    effects.set_world(t, s.active, going_in, why)


def _working_phones(t: Table, phones: dict[str, int]) -> list[str]:
    """The phones the free move may leave the Matrix by (LE-MOVE-06..10)."""
    s = t.s
    mat = t.db.playmat
    clear = [name for name, i in phones.items() if not s.piles[ROWS[i]]]
    if len(s.piles["combat"]) <= mat.combat_phone_max_cards and s.turn.attack >= mat.combat_phone_cost:
        clear.append("combat")
    return clear


def legal_move(t: Table) -> list[Command]:
    """Into the Matrix with a move left; out of it by an extra move, a permission or a phone."""
    s = t.s
    turn = s.turn
    if not s.players[s.active].in_matrix:
        if (not turn.free_move_used or turn.extra_moves > 0) \
                and effects.prohibition(t, "enter_matrix") is None:
            return [MOVE_IN]
        return []
    out = []
    if turn.extra_moves > 0 or not turn.free_move_used and effects.allowed(t, "leave_matrix"):
        out.append(MOVE_OUT)
    phones = t.db.phone_spaces()
    if turn.free_move_used:
        usable = [*phones, "combat"] if turn.extra_moves > 0 else []
    else:
        usable = _working_phones(t, phones)
    out += [command("move", ("real", phone)) for phone in usable]
    if out and effects.prohibition(t, "leave_matrix") is not None:
        return []
    return out


MOVE = Action("move", "move matrix | move real [PHONE]: your move; leaving with the free move needs a "
              "phone (alley, subway, or combat for the 3-Attack pay phone); without a phone it uses an "
              "extra move", check_move, do_move, legal_move)
