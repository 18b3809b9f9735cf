"""Player commands: one check (returns a Rejection naming the rule, or None) and one perform each.

Checks run in a fixed order: known command, game not over, right player, phase, then the card or
space condition. The GUI and bots only ever ask ``check``/``legal``; they never re-implement a rule.
``registry.py`` registers each verb's check and perform with its usage text and legal-command
generator.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import check_choose as _check_choose
from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import effects, flow
from engine.legendary import row as rowmod
from engine.legendary.acts import registry
from engine.legendary.state import dock, pp, row
from engine.legendary.table import Table

Check = Callable[[Table, Command], Rejection | None]


def R(rule: str, reason: str) -> Rejection:
    return Rejection(rule, reason)


# --- shared preconditions ------------------------------------------------------------------------


def gate(t: Table, cmd: Command, *, seat_must_be_active: bool = True) -> Rejection | None:
    """The shared preconditions of the Action Phase commands, then the Acts' restrictions."""
    s = t.s
    if s.result:
        return R("LE-GEN-03", f"the game is over ({s.result})")
    if s.decision is not None:
        who = t.player_name(s.decision.seat)
        return R(s.decision.rule or "LE-ABILITY-04", f"waiting for {who} to decide: {s.decision.prompt}")
    if seat_must_be_active and cmd.seat is not None and cmd.seat != s.active:
        return R("LE-TURN-03", f"it is {t.player_name(s.active)}'s turn, not {t.player_name(cmd.seat)}'s")
    if s.phase != "action" or s.stack:
        return R("LE-TURN-01", f"that is done in the Action Phase; this is the {s.phase} phase")
    for limit in registry().restrictions:  # an Act's limits (engine/legendary/acts/)
        if limit.in_force(t) and (r := limit.check(t, cmd)) is not None:
            return r
    return None


def _card_arg(cmd: Command, i: int = 0) -> int | None:
    if len(cmd.args) > i and isinstance(cmd.args[i], int):
        return cmd.args[i]
    return None


def _in_matrix(t: Table) -> bool:
    return t.s.players[t.s.active].in_matrix


def _need_card(t: Table, cmd: Command, what: str) -> tuple[int | None, Rejection | None]:
    cid = _card_arg(cmd)
    if cid is None or not 0 <= cid < len(t.s.defs):
        return None, R("LE-ACTION-01", f"name the {what} by its card number, e.g. '{cmd.verb} 12'")
    return cid, None


# --- play, use, sacrifice --------------------------------------------------------------------------


def _coordinated_by(t: Table, cid: int) -> int | None:
    for p in t.s.players:
        if p.seat != t.s.active and cid in t.s.piles[pp(p.seat, "coordinated")]:
            return p.seat
    return None


def check_play(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    cid, r = _need_card(t, cmd, "card")
    if r is not None:
        return r
    s = t.s
    if cid in s.piles[pp(s.active, "hand")]:
        if t.card(cid).kind != "hero":
            return R("LE-CARD-06", f"{t.name(cid)} is not a Hero and cannot be played; it only clogs "
                     "your hand")
        return None
    if _coordinated_by(t, cid) is not None:
        if cid in s.turn.virtual:
            return R("LE-KEYWORD-02", f"the copy of {t.name(cid)} has already been played this turn")
        return None
    return R("LE-ACTION-01", f"{t.name(cid)} is not in your hand")


def do_play(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    seat = s.active
    c = t.card(cid)
    if cid in s.piles[pp(seat, "hand")]:
        t.move(cid, pp(seat, "hand"), pp(seat, "play"), face_up=True,
               text=f"{t.player_name(seat)} plays {c.name}")
    else:
        s.turn.virtual.append(cid)  # LE-KEYWORD-02: the virtual copy counts as that exact card
        t.emit("virtual_played", f"{t.player_name(seat)} plays the copy of {c.name}", card=cid, seat=seat)
    ca = c.class_ability
    # LE-KEYWORD-14/16: a card of that class was played earlier this turn
    class_met = ca is not None and any(ca.cls in t.classes(e) for e in s.turn.played)
    s.turn.played.append(cid)
    s.turn.recruit += c.recruit  # LE-ACTION-04
    s.turn.attack += c.attack
    if c.recruit or c.attack:
        t.pool_changed(f"+{c.recruit} Recruit, +{c.attack} Attack")
    tasks = [{"op": "fx", "fx": e, "src": cid, "seat": seat} for e in t.fx(cid, "effects")]
    if c.classes_chosen_on_play:  # LE-CARD-47/48: asked first, of whoever plays it (copy included)
        tasks.insert(0, {"op": "choose_class", "src": cid, "seat": seat})
    if c.free_your_mind:  # LE-ACTION-12/13/14
        tasks += [{"op": "fx", "fx": e, "src": cid, "seat": seat} for e in avatar_ability(t, seat)]
    if class_met:
        s.turn.class_used.append(cid)
        t.emit("class_ability", f"{c.name}: class ability", card=cid, cls=ca.cls)
        tasks += [{"op": "fx", "fx": e, "src": cid, "seat": seat} for e in t.fx(cid, "class_ability_fx")]
    t.push(*tasks)


def avatar_ability(t: Table, seat: int) -> list[dict]:
    """The Avatar ability for the current Act; "same" repeats the previous Act's (LE-ACTION-13). A
    seat may use another Avatar card's abilities (``Modifiers.ability_from``)."""
    card = next((c for x, c in t.s.mods.ability_from if x == seat), t.s.players[seat].avatar)
    av = t.card(card)
    idx = t.s.act - 1
    while idx > 0 and av.abilities[idx] == "same":
        idx -= 1
    got = av.abilities[idx]
    if got == "same":
        return []
    return [e.model_dump() for e in got]


def check_use(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    cid, r = _need_card(t, cmd, "card")
    if r is not None:
        return r
    if cid not in t.s.turn.played:
        return R("LE-ACTION-08", f"{t.name(cid)} has not been played this turn")
    if not getattr(t.card(cid), "once_this_turn", None):
        return R("LE-ACTION-08", f"{t.name(cid)} has no 'Once this turn' effect")
    if cid in t.s.turn.once_used:
        return R("LE-ACTION-08", f"{t.name(cid)}'s 'Once this turn' effect was already used")
    return None


def do_use(t: Table, cmd: Command) -> None:
    cid = cmd.args[0]
    t.s.turn.once_used.append(cid)
    t.emit("once_used", f"{t.name(cid)}: once this turn", card=cid)
    t.push_fx(t.fx(cid, "once_this_turn"), cid, t.s.active)


def check_sacrifice(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    cid, r = _need_card(t, cmd, "card")
    if r is not None:
        return r
    if cid in t.s.turn.virtual:
        return R("LE-KEYWORD-07", f"the copy of {t.name(cid)} cannot be defeated")
    if cid not in t.s.piles[pp(t.s.active, "play")]:
        return R("LE-KEYWORD-12", f"{t.name(cid)} is not in your play area")
    if not getattr(t.card(cid), "sacrifice", None):
        return R("LE-KEYWORD-11", f"{t.name(cid)} has no Sacrifice ability")
    return None


def do_sacrifice(t: Table, cmd: Command) -> None:
    cid = cmd.args[0]
    t.move(cid, pp(t.s.active, "play"), "defeated_heroes", face_up=True,
           text=f"{t.player_name(t.s.active)} sacrifices {t.name(cid)}")
    t.push_fx(t.fx(cid, "sacrifice"), cid, t.s.active)


# --- recruit ----------------------------------------------------------------------------------------


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
        if _in_matrix(t) and not effects.allowed(t, "recruit_in_matrix"):
            return R("LE-RECRUIT-01", "you are in the Matrix: recruiting needs you in the Real World")
        if not s.piles["hovercraft"]:
            return R("LE-RECRUIT-10", "the Hovercraft stack is empty")
        if s.turn.recruit < 3:
            return R("LE-RECRUIT-06", f"a Hovercraft costs 3 Recruit and you have {s.turn.recruit}")
        return None
    cid, r = _need_card(t, cmd, "Hero")
    if r is not None:
        return r
    if _dock_space(t, cid) is None:
        if not any(s.piles[dock(i)] for i in range(t.mat.dock_spaces)):
            return R("LE-RECRUIT-09", "the Dock is empty: only Hovercrafts can be recruited")
        return R("LE-RECRUIT-04", f"{t.name(cid)} is not in the Dock")
    c = t.card(cid)
    if _in_matrix(t) and "digital" not in c.keywords and not effects.allowed(t, "recruit_in_matrix"):
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


# --- move -------------------------------------------------------------------------------------------


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
        if _in_matrix(t):
            return R("LE-MOVE-04", "you are already in the Matrix")
        if (no := effects.prohibition(t, "enter_matrix")) is not None:
            return R(no[0], f"{no[1]} forbids entering the Matrix this turn")
        if not has_move:
            return R("LE-MOVE-01", "you have already used your free move this turn")
        return None
    if where != "real":
        return R("LE-MOVE-01", "say 'move matrix' or 'move real [alley|subway|combat]'")
    if not _in_matrix(t):
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


# --- scan, fight, complete, Buy Time, Evade --------------------------------------------------------


def check_scan(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    sp = _card_arg(cmd)
    if sp is None or not 0 <= sp < 5:
        return R("LE-SCAN-01", "name a Row space 0-4 (0 is the leftmost)")
    if not _in_matrix(t):
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
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    cid, r = _need_card(t, cmd, "Enemy")
    if r is not None:
        return r
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
    if real and _in_matrix(t):
        return R("LE-FIGHT-10", f"{c.name} is in the Real World: fighting it needs you in the Real World")
    if not real and not _in_matrix(t) and not effects.allowed(t, "fight_from_real_world"):
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
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    cid, r = _need_card(t, cmd, "Challenge")
    if r is not None:
        return r
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
        if _in_matrix(t):
            return R("LE-CHALLENGE-04", f"{c.name} is in the Real World: completing it needs you there")
    elif not _in_matrix(t):
        return R("LE-CHALLENGE-01", f"completing {c.name} needs you in the Matrix")
    if c.condition == "dock_groups_4" and dock_groups(t) < 4:
        return R("LE-CARD-13", f"the Dock shows Heroes from {dock_groups(t)} Hero Groups; "
                 f"{c.name} needs 4 or more")
    if c.condition == "hook" and not registry().query(c.condition_hook)(t):
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


def check_buytime(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    cid, r = _need_card(t, cmd, "Agent")
    if r is not None:
        return r
    where = _locate_enemy(t, cid)
    if where is not None and cid == s.inevitable:
        return R("LE-INEVITABLE-05", f"{t.name(cid)} cannot be interacted with")
    if where is None or cid not in s.face_up or "buy_time" not in t.keywords(cid):
        return R("LE-KEYWORD-19", "that card is not a face-up Buy Time Enemy")
    if where not in ("combat",) and not where.startswith("row."):
        return R("LE-KEYWORD-19", "Buy Time works on Agents in the Matrix Row or the Combat Zone")
    if not _in_matrix(t):
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


def check_evade(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    cid, r = _need_card(t, cmd, "Enemy")
    if r is not None:
        return r
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


# --- objective, minor victory, end ------------------------------------------------------------------


def check_objective(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    part = flow.current_part(t)
    if part.objective is None:
        return R("LE-ACT-04", f"Act {t.s.act} Part {t.s.part} has no Objective to complete")
    if not flow.objective_met(t):
        return R("LE-ACT-04", f"the Objective is not met yet: {part.objective.text}")
    return None


def do_objective(t: Table, cmd: Command) -> None:
    flow.complete_objective(t)


def check_minor_victory(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    if not flow.current_part(t).minor_victory:
        return R("LE-ACT-14", "no Minor Victory is offered now")
    if t.s.setup.get("traitor"):
        return R("LE-TRAITOR-08", "Traitor modes allow no Minor Victory")
    return None


def do_minor_victory(t: Table, cmd: Command) -> None:
    t.end_game("minor", "LE-ACT-15", "the team took the Minor Victory the Act offered")


def check_concede(t: Table, cmd: Command) -> Rejection | None:
    if t.s.result:
        return R("LE-GEN-03", f"the game is over ({t.s.result})")
    return None


def do_concede(t: Table, cmd: Command) -> None:
    """The players give the game up: everyone loses (a table's choice, never a rule's)."""
    t.end_game("loss:conceded", "", "the players gave the game up")


def check_end(t: Table, cmd: Command) -> Rejection | None:
    return gate(t, cmd)


def do_end(t: Table, cmd: Command) -> None:
    flow.end_action_phase(t)


# --- Coordinate -----------------------------------------------------------------------------------


def check_coordinate(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd, seat_must_be_active=False)) is not None:
        return r
    s = t.s
    seat = cmd.seat
    if seat is None or not 0 <= seat < len(s.players):
        return R("LE-KEYWORD-01", "say who coordinates, e.g. '@1 coordinate 45'")
    if seat == s.active:
        return R("LE-KEYWORD-01", "you Coordinate during another player's turn, not your own")
    if s.players[seat].defeated:
        return R("LE-DEFEAT-10", f"{t.player_name(seat)} has been defeated")
    cid, r = _need_card(t, cmd, "card")
    if r is not None:
        return r
    if cid not in s.piles[pp(seat, "hand")]:
        return R("LE-KEYWORD-01", f"{t.name(cid)} is not in {t.player_name(seat)}'s hand")
    c = t.card(cid)
    if c.kind != "hero" or "coordinate" not in c.keywords:
        return R("LE-KEYWORD-01", f"{c.name} does not have Coordinate")
    if s.players[seat].coordinated_this_turn and "coordinate_unlimited" not in c.keywords:
        return R("LE-KEYWORD-04", f"{t.player_name(seat)} has already Coordinated a card this turn")
    return None


def do_coordinate(t: Table, cmd: Command) -> None:
    s = t.s
    seat, cid = cmd.seat, cmd.args[0]
    if "coordinate_unlimited" not in t.card(cid).keywords:  # LE-CARD-01
        s.players[seat].coordinated_this_turn = True
    s.owner[cid] = seat
    t.move(cid, pp(seat, "hand"), pp(seat, "coordinated"), face_up=True,
           text=f"{t.player_name(seat)} coordinates {t.name(cid)} to {t.player_name(s.active)}")
    t.draw(seat, 1)


def check_solo_discard(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    if len(t.living()) != 1:
        return R("LE-KEYWORD-06", "only a player alone in the game may discard to draw")
    cid, r = _need_card(t, cmd, "card")
    if r is not None:
        return r
    if cid not in s.piles[pp(s.active, "hand")]:
        return R("LE-KEYWORD-06", f"{t.name(cid)} is not in your hand")
    c = t.card(cid)
    if c.kind != "hero" or "coordinate" not in c.keywords:
        return R("LE-KEYWORD-06", f"{c.name} does not have Coordinate")
    if s.turn.solo_discard_used and "coordinate_unlimited" not in c.keywords:
        return R("LE-KEYWORD-06", "you have already discarded a Coordinate card to draw this turn")
    return None


def do_solo_discard(t: Table, cmd: Command) -> None:
    s = t.s
    cid = cmd.args[0]
    if "coordinate_unlimited" not in t.card(cid).keywords:  # LE-CARD-02
        s.turn.solo_discard_used = True
    t.move(cid, pp(s.active, "hand"), pp(s.active, "discard"), face_up=True,
           text=f"{t.player_name(s.active)} discards {t.name(cid)} to draw a card")
    t.draw(s.active, 1)


# --- decisions ----------------------------------------------------------------------------------------


def check_choose(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    over = R("LE-GEN-03", f"the game is over ({s.result})") if s.result else None
    return _check_choose(s.decision, over, cmd.seat, cmd.args[0] if len(cmd.args) == 1 else None,
                         no_decision_rule="LE-ABILITY-04", seat_rule="LE-ABILITY-04",
                         seat_name=t.player_name)


def do_choose(t: Table, cmd: Command) -> None:
    assert t.s.decision is not None
    t.answer(t.s.decision.seat, cmd.args[0])
