"""Card effects: one small handler per verb of the closed vocabulary in schema.py.

Every handler takes the Table and its task ``{"op": "fx", "fx": effect, "src": card, "seat": you}``.
"You" is the seat resolving the effect: the active player unless an effect says otherwise
(LE-ABILITY-05). A handler that needs a choice suspends itself with ``t.ask`` and runs again with
``task["answer"]`` set.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from engine.legendary import row as rowmod
from engine.legendary.acts import registry
from engine.legendary.schema import Class
from engine.legendary.state import pp, row
from engine.legendary.table import Table

Handler = Callable[[Table, dict[str, Any]], None]
VERBS: dict[str, Handler] = {}


def verb(name: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        VERBS[name] = fn
        return fn
    return deco


def run_fx(t: Table, task: dict[str, Any]) -> None:
    VERBS[task["fx"]["verb"]](t, task)


# --- pools, cards, time ------------------------------------------------------------------------


@verb("gain_recruit")
def _gain_recruit(t: Table, task: dict) -> None:
    n = task["fx"]["amount"]
    t.s.turn.recruit += n
    t.pool_changed(f"+{n} Recruit")


@verb("gain_attack")
def _gain_attack(t: Table, task: dict) -> None:
    n = task["fx"]["amount"]
    t.s.turn.attack += n
    t.pool_changed(f"+{n} Attack")


@verb("draw")
def _draw(t: Table, task: dict) -> None:
    t.draw(task["seat"], task["fx"]["amount"])


@verb("lower_time")
def _lower_time(t: Table, task: dict) -> None:
    t.change_time(-task["fx"]["amount"], t.name(task["src"]))


@verb("raise_time")
def _raise_time(t: Table, task: dict) -> None:
    t.change_time(task["fx"]["amount"], t.name(task["src"]))


@verb("draw_strike")
def _draw_strike(t: Table, task: dict) -> None:
    seat = task["seat"] if task["fx"]["who"] == "self" else t.next_seat(task["seat"])
    t.push({"op": "strike", "seat": seat, "src": task["src"], "to_time": False, "wild": False})


@verb("avoid_strike")
def _avoid_strike(t: Table, task: dict) -> None:
    p = t.s.players[task["seat"]]
    p.avoid += task["fx"]["amount"]
    t.emit("avoid_ready", f"{t.player_name(p.seat)} will avoid the next strike", seat=p.seat)


@verb("heal_strike")
def _heal_strike(t: Table, task: dict) -> None:
    """Heal Strikes (discard them to Discarded Strikes, LE-STRIKE-07); scars are never healed."""
    fx = task["fx"]
    remaining = task.get("left", fx["amount"])
    if "answer" in task:
        seat, cid = task["options"][task.pop("answer")]
        t.move(cid, pp(seat, "strikes"), "strike_discard", face_up=True,
               text=f"{t.player_name(seat)} heals {t.name(cid)}")
        remaining -= 1
        task.pop("asked", None)
    seats = [task["seat"]] if fx["who"] == "self" else t.clockwise_from_active()
    options = [(s, c) for s in seats for c in t.s.piles[pp(s, "strikes")]]
    if remaining <= 0 or not options:
        return
    if len(options) == 1 or len({t.s.defs[c] for _, c in options}) == 1 and len(seats) == 1:
        seat, cid = options[-1]
        t.move(cid, pp(seat, "strikes"), "strike_discard", face_up=True,
               text=f"{t.player_name(seat)} heals {t.name(cid)}")
        if remaining > 1:
            t.push({**task, "left": remaining - 1})
        return
    task["left"] = remaining
    task["options"] = options
    t.ask(task, t.s.active, "Heal which Strike?",
          [f"{t.player_name(s)}: {t.name(c)}" for s, c in options], "LE-STRIKE-07", "heal")


@verb("discard")
def _discard(t: Table, task: dict) -> None:
    """Discard from hand; as many as possible (LE-ABILITY-03)."""
    seat = task["seat"]
    hand = t.s.piles[pp(seat, "hand")]
    left = task.get("left", task["fx"]["amount"])
    if "answer" in task:
        cid = task["options"][task.pop("answer")]
        task.pop("asked", None)
        t.move(cid, pp(seat, "hand"), pp(seat, "discard"), face_up=True,
               text=f"{t.player_name(seat)} discards {t.name(cid)}")
        left -= 1
    if left <= 0 or not hand:
        return
    if len(hand) <= left:
        for cid in list(hand):
            t.move(cid, pp(seat, "hand"), pp(seat, "discard"), face_up=True,
                   text=f"{t.player_name(seat)} discards {t.name(cid)}")
        return
    task["left"] = left
    task["options"] = list(hand)
    t.ask(task, seat, f"Discard a card ({left} to go)", [t.name(c) for c in hand], "LE-ABILITY-03",
          "discard")


@verb("defeat_top_of_deck")
def _defeat_top(t: Table, task: dict) -> None:
    seat = task["seat"]
    if not t.refill_deck(seat):  # LE-CARD-45: reshuffle first if the deck is empty
        return
    cid = t.s.piles[pp(seat, "deck")][-1]
    t.move(cid, pp(seat, "deck"), "defeated_heroes", face_up=True,
           text=f"{t.name(cid)} is defeated from the top of the deck")


# --- moving, scanning, permissions ---------------------------------------------------------------


@verb("extra_move")
def _extra_move(t: Table, task: dict) -> None:
    t.s.turn.extra_moves += task["fx"]["amount"]
    t.emit("extra_move", "An extra move is available", count=t.s.turn.extra_moves)


def _choose_seat(t: Table, task: dict, prompt: str, rule: str) -> int | None:
    if task["fx"].get("who", "self") == "self":
        return task["seat"]
    if "answer" in task:
        return t.living()[task.pop("answer")]
    t.ask(task, t.s.active, prompt, [t.player_name(s) for s in t.living()], rule, "player")
    return None


@verb("move_to_real_world")
def _move_rw(t: Table, task: dict) -> None:
    seat = _choose_seat(t, task, "Who moves to the Real World?", "LE-MOVE-12")
    if seat is not None:
        set_world(t, seat, False, "card effect", src=task["src"])


@verb("move_to_matrix")
def _move_mx(t: Table, task: dict) -> None:
    seat = _choose_seat(t, task, "Who moves into the Matrix?", "LE-MOVE-12")
    if seat is not None:
        set_world(t, seat, True, "card effect", src=task["src"])


def set_world(t: Table, seat: int, in_matrix: bool, why: str, *, src: int | None = None) -> None:
    """Relocate an RSI (LE-MOVE-04/05/12) unless a card forbids that move now (LE-ABILITY-02);
    an instruction of an Act card (``src``) overrides such a card (LE-CARD-46)."""
    p = t.s.players[seat]
    if p.in_matrix == in_matrix:
        return
    if not in_matrix and t.s.mods.matrix_player == seat:
        t.emit("rsi_stays", f"{t.player_name(seat)} is the Matrix player and stays in the Matrix "
               "(LE-CARD-28)", seat=seat)
        return
    by_act = src is not None and 0 <= src < len(t.s.defs) and t.card(src).kind == "act"
    no = None if by_act else prohibition(t, "enter_matrix" if in_matrix else "leave_matrix")
    if no is not None:
        where = "enter the Matrix" if in_matrix else "leave the Matrix"
        who = no[1][:1].upper() + no[1][1:]
        t.emit("rsi_stays", f"{who} forbids {t.player_name(seat)} to {where} ({no[0]})", seat=seat)
        return
    p.in_matrix = in_matrix
    where = "the Matrix" if in_matrix else "the Real World"
    t.emit("rsi_moved", f"{t.player_name(seat)} enters {where} ({why})", seat=seat, in_matrix=in_matrix)


@verb("scan_any")
def _scan_any(t: Table, task: dict) -> None:
    """LE-SCAN-03: reveal any face-down Row card for free, from either world."""
    spaces = [i for i in range(5) if (c := rowmod.occupant(t, i)) is not None
              and c not in t.s.face_up]
    if not spaces:
        return
    if "answer" in task:
        sp = task["options"][task.pop("answer")]
        rowmod.reveal(t, rowmod.occupant(t, sp), "scan")
        return
    if len(spaces) == 1:
        rowmod.reveal(t, rowmod.occupant(t, spaces[0]), "scan")
        return
    task["options"] = spaces
    t.ask(task, t.s.active, "Scan which space?", [t.mat.row[i].name for i in spaces], "LE-SCAN-03",
          "space")


@verb("allow")
def _allow(t: Table, task: dict) -> None:
    t.s.turn.allow.append(task["fx"]["what"])


@verb("forbid")
def _forbid(t: Table, task: dict) -> None:
    t.s.turn.forbid.append(task["fx"]["what"])


# Where "Matrix Row:" and "Combat Zone:" abilities are in force; attached cards sit in their space.
AREA_PILES = (("matrix_row", tuple(p for i in range(5) for p in (row(i), f"att.{i}"))),
              ("combat_zone", ("combat",)))


def area_abilities(t: Table, verb_name: str, what: str) -> list[int]:
    """Face-up cards whose "Matrix Row:" / "Combat Zone:" ability (``verb_name`` ``what``) is in force
    now: only while the card is in that area (LE-TIMING-02). Attached cards sit in their space."""
    able = t.db.area_cards_with(verb_name, what)
    if not able:
        return []  # no card has this ability: nothing to look for in play
    s = t.s
    piles, face_up, defs = s.piles, s.face_up, s.defs
    out = []
    for area, names in AREA_PILES:
        for name in names:
            for c in piles[name]:
                if defs[c] in able and c in face_up and any(e["verb"] == verb_name and e["what"] == what
                                        for e in t.fx(c, area)):
                    out.append(c)
    return out


def prohibition(t: Table, what: str) -> tuple[str, str] | None:
    """(rule, who) if a card forbids ``what`` now; prohibitions beat permissions (LE-ABILITY-02)."""
    if what in t.s.turn.forbid:
        return "LE-ABILITY-02", "a card"
    if what not in t.db.index.forbidden:
        return None  # no card forbids it (asked on most commands: skip the search)
    cards = area_abilities(t, "forbid", what)
    return ("LE-TIMING-02", t.name(cards[0])) if cards else None


def allowed(t: Table, what: str) -> bool:
    """Whether card text permits ``what`` despite the rulebook (LE-ABILITY-01)."""
    return what in t.s.turn.allow or what in t.db.index.allowed and bool(area_abilities(t, "allow", what))


# --- enemies --------------------------------------------------------------------------------------


def enemies_in_play(t: Table, where: str = "any") -> list[tuple[str, int]]:
    """Face-up Enemies in play as (pile, card): Combat Zone right to left, then the Row left to
    right (LE-TIMING-06), then the Real World."""
    out: list[tuple[str, int]] = []
    s = t.s
    if where in ("any", "combat_zone"):
        out += [("combat", c) for c in s.piles["combat"]]
    if where in ("any", "matrix_row"):
        out += [(row(i), c) for i in range(5) for c in s.piles[row(i)]]
    if where in ("any", "real_world"):
        out += [("real_world", c) for c in s.piles["real_world"]]
        out += [(pp(p.seat, "beside"), c) for p in s.players for c in s.piles[pp(p.seat, "beside")]]
    return [(pl, c) for pl, c in out
            if c in s.face_up and c != s.inevitable and t.card(c).kind == "enemy"]


def enemy_attack(t: Table, cid: int) -> int | None:
    """Effective Attack to fight (None: an icon, cannot be fought). Never below 0 (LE-CARD-36)."""
    c = t.card(cid)
    base = shown_attack(t, cid)
    if base is None or c.attack_icon:
        return None
    if getattr(c, "fight_only", False):
        return base  # LE-CARD-49: fought with its full printed Attack
    return max(0, base - t.s.turn.attack_reduction)


def shown_attack(t: Table, cid: int) -> int | None:
    """The Attack printed on the end of the card that is up: a card turned upside down
    (LE-CARD-08..11) shows its ``upside_down_attack`` when it has one."""
    c = t.card(cid)
    if cid in t.s.rotated and c.upside_down_attack is not None:
        return c.upside_down_attack
    return c.attack


def can_be_defeated(t: Table, cid: int) -> bool:
    """Whether an effect may defeat ``cid``: not the Inevitable, not Undefeatable, and not an
    Enemy only a fight defeats (LE-CARD-49)."""
    c = t.card(cid)
    return cid != t.s.inevitable and "undefeatable" not in t.keywords(cid) \
        and not getattr(c, "fight_only", False)


def defeat_enemy(t: Table, cid: int, pile: str, seat: int, *, schedule: bool = True) -> list[dict]:
    """Defeat an Enemy: to Defeated Enemies, then its Fight: ability (LE-FIGHT-02/04). With
    ``schedule=False`` the Fight: tasks are returned for the caller to order instead."""
    t.move(cid, pile, "defeated_enemies", face_up=True, text=f"{t.name(cid)} is defeated")
    t.s.rotated.discard(cid)  # it lies upright among the defeated
    tasks = [{"op": "fx", "fx": e, "src": cid, "seat": seat} for e in t.fx(cid, "fight")]
    if schedule:
        t.push(*tasks)
    return tasks


def _match(t: Table, cid: int, fx: dict) -> bool:
    c = t.card(cid)
    if fx.get("descriptor") and fx["descriptor"] not in c.descriptors:
        return False
    if fx.get("name_contains") and fx["name_contains"] not in c.name:
        return False
    atk = shown_attack(t, cid)
    if fx.get("max_attack") is not None and (atk is None or atk > fx["max_attack"]):
        return False
    return can_be_defeated(t, cid)


def _targets(t: Table, task: dict) -> list[tuple[str, int]]:
    """The Enemies in play (pile, card) that a defeating effect reaches and its seat may defeat
    now; one an Act forbids that seat to defeat is named in a ``defeat_refused`` event instead."""
    fx, seat = task["fx"], task["seat"]
    out = []
    for pl, c in enemies_in_play(t, fx["where"]):
        if not _match(t, c, fx):
            continue
        no = registry().defeat_forbidden(t, seat, c)
        if no is None:
            out.append((pl, c))
            continue
        t.emit("defeat_refused", f"{t.name(task['src'])} does not defeat {t.name(c)}: {no.reason} "
               f"({no.rule})", card=c, seat=seat, rule=no.rule)
    return out


@verb("defeat_enemy")
def _defeat_enemy(t: Table, task: dict) -> None:
    if "answer" in task:
        pl, c = task["options"][task.pop("answer")]
        if t.s.where(c) == pl:
            defeat_enemy(t, c, pl, task["seat"])
        return
    targets = _targets(t, task)
    if not targets:
        return
    if len(targets) == 1:
        defeat_enemy(t, targets[0][1], targets[0][0], task["seat"])
        return
    task["options"] = targets
    t.ask(task, t.s.active, "Defeat which Enemy?", [t.name(c) for _, c in targets], "LE-ABILITY-04",
          "enemy")


@verb("defeat_all")
def _defeat_all(t: Table, task: dict) -> None:
    """LE-ABILITY-07: only matching face-up cards in play. Their Fight: abilities then resolve in
    the order of LE-TIMING-06 (Combat Zone right to left, then the Row left to right)."""
    tasks: list[dict] = []
    for pl, c in _targets(t, task):
        tasks += defeat_enemy(t, c, pl, task["seat"], schedule=False)
    t.push(*tasks)


@verb("reduce_enemy_attack")
def _reduce(t: Table, task: dict) -> None:
    t.s.turn.attack_reduction += task["fx"]["amount"]
    t.emit("enemy_attack_reduced", f"Enemies have -{task['fx']['amount']} Attack this turn",
           amount=t.s.turn.attack_reduction)


@verb("place_in_real_world")
def _place_rw(t: Table, task: dict) -> None:
    cid = task["src"]
    src = t.s.where(cid)
    dst = pp(t.s.active, "beside") if task["fx"]["beside"] == "active" else "real_world"
    t.move(cid, src, dst, face_up=True, text=f"{t.name(cid)} enters the Real World")


@verb("move_to_operations")
def _to_ops(t: Table, task: dict) -> None:
    cid = task["src"]
    t.move(cid, t.s.where(cid), "operations", face_up=True, text=f"{t.name(cid)} goes to Operations")


@verb("clear_matrix_deck")
def _clear_matrix_deck(t: Table, task: dict) -> None:
    """The Matrix Deck's cards leave the game, top first; a mode may act on what was lost
    (``ActRules.on_cleared``)."""
    s = t.s
    cleared = list(reversed(s.piles["matrix_deck"]))
    for cid in cleared:
        t.move(cid, "matrix_deck", "removed", face_up=True)
    if cleared:
        t.emit("matrix_deck_cleared", f"The Matrix Deck is cleared ({len(cleared)} cards)",
               count=len(cleared))
    for hook in registry().cleared_hooks:
        hook(t, cleared)


@verb("attach_to_space")
def _attach(t: Table, task: dict) -> None:
    cid = task["src"]
    sp = rowmod.space_of(t, cid)
    if sp is not None:
        t.move(cid, row(sp), f"att.{sp}", face_up=True, text=f"{t.name(cid)} attaches to its space")


@verb("put_into_defeated")
def _put_defeated(t: Table, task: dict) -> None:
    """LE-DEFEAT-06: putting is not defeating, so no Fight: trigger."""
    cid = task["src"]
    dst = "defeated_enemies" if t.card(cid).kind == "enemy" else "defeated_heroes"
    t.move(cid, t.s.where(cid), dst, face_up=True, text=f"{t.name(cid)} is put into {t.pile_words(dst)}")


@verb("put_into_deck")
def _put_deck(t: Table, task: dict) -> None:
    """An Event joins the active player's cards (LE-CARD-06/07, LE-DEFEAT-07)."""
    cid, seat = task["src"], t.s.active
    pos = task["fx"]["position"]
    t.s.owner[cid] = seat
    if pos == "discard":
        t.move(cid, t.s.where(cid), pp(seat, "discard"), face_up=True,
               text=f"{t.name(cid)} goes into {t.player_name(seat)}'s discard pile")
        return
    t.move(cid, t.s.where(cid), pp(seat, "deck"), face_up=False,
           text=f"{t.name(cid)} goes into {t.player_name(seat)}'s deck")
    if pos == "shuffle":
        t.shuffle(pp(seat, "deck"))


@verb("push_row_into_combat")
def _push_all(t: Table, task: dict) -> None:
    rowmod.push_row_into_combat(t)


@verb("place_in_row")
def _place_in_row(t: Table, task: dict) -> None:
    """LE-MATRIX-08: the card enters that space and pushes any card there in the normal way."""
    fx = task["fx"]
    if fx["card"] == "this":
        cid = task["src"]
        t.move(cid, t.s.where(cid), "resolving")  # out of the Row first, so no push can reach it
        rowmod.place(t, cid, "resolving", fx["space"])
        return
    deck = t.s.piles["matrix_deck"]
    if deck:
        rowmod.place(t, deck[-1], "matrix_deck", fx["space"], face_up=deck[-1] == t.s.inevitable)


def in_play(t: Table, cid: int) -> bool:
    """Whether ``cid`` is in play on the playmat: a Row space (attached too), the Combat Zone,
    Operations or the Real World (beside an Avatar too)."""
    where = t.s.where(cid)
    return where in ("combat", "operations", "real_world") or where.startswith(("row.", "att.")) \
        or where.endswith(".beside")


@verb("light_fuse")
def _light_fuse(t: Table, task: dict) -> None:
    """LE-CARD-41: this card's fuse burns until the start of your next turn; until then it does
    not strike on your turn (flow.burn_fuses, strikeplan.plan)."""
    cid, seat = task["src"], task["seat"]
    m = t.s.mods
    m.fuses = (*(f for f in m.fuses if f[0] != cid), (cid, seat))
    t.emit("fuse_lit", f"The fuse of {t.name(cid)} is lit: it goes off at the start of "
           f"{t.player_name(seat)}'s next turn", card=cid, seat=seat)


@verb("if_revealed_by")
def _if_revealed_by(t: Table, task: dict) -> None:
    """LE-SCAN-10: a Reveal ability that depends on how the card was revealed."""
    if task.get("how") == task["fx"]["by"]:
        t.push_fx(task["fx"]["effects"], task["src"], task["seat"], how=task["how"])


# --- structure ------------------------------------------------------------------------------------


@verb("if_world")
def _if_world(t: Table, task: dict) -> None:
    fx = task["fx"]
    if t.s.players[task["seat"]].in_matrix == (fx["world"] == "matrix"):
        t.push_fx(fx["effects"], task["src"], task["seat"])


@verb("if_act")
def _if_act(t: Table, task: dict) -> None:
    if t.s.act == task["fx"]["act"]:  # LE-TIMING-03
        t.push_fx(task["fx"]["effects"], task["src"], task["seat"])


def play_area(t: Table, seat: int) -> list[int]:
    """What ``seat`` has in play: played cards still there, plus this turn's virtual copies if it is
    their turn (LE-TERM-06)."""
    virtual = t.s.turn.virtual if seat == t.s.active else []
    return [*t.s.piles[pp(seat, "play")], *virtual]


@verb("if_in_play_area")
def _if_in_play_area(t: Table, task: dict) -> None:
    fx = task["fx"]
    for cid in play_area(t, t.s.active):
        if fx["other"] and cid == task["src"]:
            continue
        c = t.card(cid)
        if (fx["card"] in (None, c.id) and fx["group"] in (None, c.group)
                and (fx["cls"] is None or fx["cls"] in t.classes(cid))):
            t.push_fx(fx["effects"], task["src"], task["seat"])
            return


CLASSES: tuple[str, ...] = get_args(Class)


def choose_class(t: Table, task: dict) -> None:
    """Task ``choose_class``: the player of a card whose class is chosen on play picks it for this
    turn (LE-CARD-47); for a virtual copy that is whoever plays the copy (LE-CARD-48)."""
    cid = task["src"]
    if "answer" in task:
        cls = CLASSES[task["answer"]]
        t.s.turn.chosen_classes[str(cid)] = cls
        t.emit("class_chosen", f"{t.name(cid)} counts as {cls.capitalize()} this turn", card=cid, cls=cls)
        return
    t.ask(task, task["seat"], f"{t.name(cid)}: choose its class this turn",
          [x.capitalize() for x in CLASSES], "LE-CARD-47", "class")


@verb("choose_one")
def _choose_one(t: Table, task: dict) -> None:
    opts = task["fx"]["options"]
    if "answer" in task:
        t.push_fx(opts[task.pop("answer")]["effects"], task["src"], task["seat"])
        return
    t.ask(task, task["seat"], f"{t.name(task['src'])}: choose one", [o["label"] for o in opts],
          "LE-ABILITY-04", "option")


@verb("each_player")
def _each_player(t: Table, task: dict) -> None:
    fx = task["fx"]
    tasks = []
    for seat in t.clockwise_from_active():
        if fx["world"] is None or t.s.players[seat].in_matrix == (fx["world"] == "matrix"):
            tasks += [{"op": "fx", "fx": e, "src": task["src"], "seat": seat} for e in fx["effects"]]
    t.push(*tasks)


@verb("pay")
def _pay(t: Table, task: dict) -> None:
    """"You may pay X to Y": the active player decides; never offered when unaffordable."""
    fx, turn = task["fx"], t.s.turn
    if turn.recruit < fx["recruit"] or turn.attack < fx["attack"]:
        return
    if "answer" not in task:
        cost = " and ".join(f"{n} {w}" for n, w in ((fx["recruit"], "Recruit"), (fx["attack"], "Attack"))
                            if n) or "nothing"
        t.ask(task, t.s.active, f"{t.name(task['src'])}: pay {cost}?", ["Do not pay", f"Pay {cost}"],
              "LE-ABILITY-04", "yes_no")
        return
    task.pop("asked", None)
    if task.pop("answer") != 1:
        return
    turn.recruit -= fx["recruit"]
    turn.attack -= fx["attack"]
    t.pool_changed(f"{t.name(task['src'])}: paid")
    t.push_fx(fx["effects"], task["src"], task["seat"])


@verb("begin_next_part")
def _begin_next(t: Table, task: dict) -> None:
    t.push({"op": "begin_next_part"})


@verb("add_extras_to_zion")
def _extras_to_zion(t: Table, task: dict) -> None:
    group = task["fx"]["group"]
    story = _act_story(t, task["src"])
    moved = [c for c in t.s.piles["extras"] if t.card(c).deck == f"act:{story}"
             and t.card(c).kind == "hero" and (group is None or t.card(c).group == group)]
    for c in moved:
        t.move(c, "extras", "zion", face_up=False)
    if moved:
        t.shuffle("zion")
        t.emit("zion_grows", f"{len(moved)} Extra Heroes join Zion", count=len(moved))
        t.push({"op": "refill_dock"})
    elif group is not None and _group_in_game(t, group):
        t.emit("extras_ignored", f"The {group.replace('_', ' ').title()} Hero Group is in the game "
               "already: the instruction to add it is ignored (LE-STORY-06)", group=group)


def _group_in_game(t: Table, group: str) -> bool:
    """Whether a card of the Hero Group ``group`` is out of the box and the Extras: the group
    started in Zion (LE-STORY-05)."""
    s = t.s
    outside = set(s.piles["extras"]).union(s.piles["box"])
    return any(c not in outside and getattr(t.card(c), "group", None) == group
               for c in range(len(s.defs)))


@verb("gain_extra")
def _gain_extra(t: Table, task: dict) -> None:
    """LE-RECRUIT-08: gained cards go to the discard pile. LE-ACT-17: this Act's own Extras."""
    seats = t.clockwise_from_active() if task["fx"]["who"] == "each" else [task["seat"]]
    for seat in seats:
        got = _own_extra(t, task)
        if got is None:
            return
        t.move(got, "extras", pp(seat, "discard"), face_up=True,
               text=f"{t.player_name(seat)} gains {t.name(got)}")
        if seat == t.s.active:
            t.s.turn.gained.append(got)


@verb("put_extra")
def _put_extra(t: Table, task: dict) -> None:
    """LE-ACT-16/17/19: a named Extra of the instructing card's own Act enters play face up."""
    fx = task["fx"]
    got = _own_extra(t, task)
    if got is None:
        return
    if fx["to"] == "matrix_row":
        rowmod.place(t, got, "extras", fx["space"], face_up=True)
        return
    dst = {"combat_zone": "combat", "real_world": "real_world", "operations": "operations"}[fx["to"]]
    t.move(got, "extras", dst, face_up=True, text=f"{t.name(got)} enters play")


def _own_extra(t: Table, task: dict) -> int | None:
    """The set-aside Extra named by ``task["fx"]["card"]``, if it belongs to the instructing
    card's own Act (LE-ACT-17)."""
    label = f"act:{_act_story(t, task['src'])}"
    return next((c for c in t.s.piles["extras"]
                 if t.s.defs[c] == task["fx"]["card"] and t.card(c).deck == label), None)


@verb("hook")
def _hook(t: Table, task: dict) -> None:
    """A rule of an Act no verb can say (engine/legendary/acts/)."""
    registry().effect(task["fx"]["name"])(t, task)


def _act_story(t: Table, src: int | None = None) -> str:
    """The Act an instruction belongs to (LE-ACT-17): the instructing card's own Act when it has
    one (an Act card, a mini-deck card or an Extra), else the current Act."""
    if src is not None and 0 <= src < len(t.s.defs) and t.card(src).deck.startswith("act:"):
        return t.card(src).deck.removeprefix("act:")
    top = t.s.piles["acts"][-1]
    return t.card(top).story

