"""Turn flow as resumable tasks: Matrix Phase, Action Phase, Strike Phase, Cleanup; Acts and Parts;
Strike cards; player defeat. ``run`` works the task stack until a decision or the Action Phase."""
from __future__ import annotations

from typing import Any

from engine.core.tasks import TaskRunner
from engine.legendary import effects, strikeplan
from engine.legendary import row as rowmod
from engine.legendary.acts import registry
from engine.legendary.state import PLAYER_PILES, Turn, dock, pp
from engine.legendary.table import Table

TASKS: TaskRunner[Table] = TaskRunner()
op = TASKS.op


def run(t: Table) -> None:
    """Resolve scheduled tasks until a decision is pending, the stack is empty or the game ends."""
    s = t.s
    TASKS.run(t)
    if not s.result and not s.stack and s.decision is None and s.phase == "action" \
            and s.players[s.active].defeated:
        t.push({"op": "cleanup"}, {"op": "next_turn"})
        run(t)


TASKS.add("fx", effects.run_fx)
TASKS.add("choose_class", effects.choose_class)


@op("reveal")
def _reveal(t: Table, task: dict) -> None:
    cid = task["card"]
    if rowmod.in_matrix_area(t, cid) is not None:
        rowmod.reveal(t, cid, task["how"])


@op("after_reveal")
def _after_reveal(t: Table, task: dict) -> None:
    rowmod.after_reveal(t, task["card"])


# --- turn -----------------------------------------------------------------------------------------


@op("start_turn")
def _start_turn(t: Table, task: dict) -> None:
    s = t.s
    s.turn = Turn()
    s.phase = "matrix"
    p = s.players[s.active]
    t.emit("turn_started", f"Turn {s.turn_no}: {t.player_name(s.active)}", seat=s.active,
           turn=s.turn_no)
    if p.prep_turn:  # LE-TURN-04: a prep turn skips only the Matrix Phase
        p.prep_turn = False
        t.emit("prep_turn", f"{t.player_name(s.active)} takes a prep turn: no Matrix Phase")
        t.push({"op": "begin_action"})
        return
    t.push({"op": "matrix_phase"}, {"op": "chase"}, {"op": "begin_action"})
    burn_fuses(t)
    check_zion_overrun(t)


def burn_fuses(t: Table) -> None:
    """LE-CARD-41: the fuses lit on this seat's last turn burn down now. A card still in play
    resolves its ``fuse`` effects (before the Matrix Phase); one already gone just drops its fuse.
    A fuse of a seat that has left the game burns at the next turn's start."""
    s = t.s
    burning = [(c, seat) for c, seat in s.mods.fuses if seat == s.active or s.players[seat].defeated]
    if not burning:
        return
    s.mods.fuses = tuple(f for f in s.mods.fuses if f not in burning)
    tasks = []
    for cid, _ in burning:
        if effects.in_play(t, cid):
            t.emit("fuse_burnt", f"The fuse of {t.name(cid)} burns down", card=cid)
            tasks += [{"op": "fx", "fx": e, "src": cid, "seat": s.active} for e in t.fx(cid, "fuse")]
    t.push(*tasks)


ZION_GONE = frozenset({"defeated_enemies", "defeated_heroes", "discarded", "removed", "box",
                       "out_of_play", "extras", "strike_discard"})


def check_zion_overrun(t: Table) -> None:
    """LE-CARD-14/15: the team loses when Zion is empty while a card that says so is in play and
    undefeated: revealed, in the Matrix or the Real World or among a player's cards. Unrevealed, in
    the Matrix Deck or face down in the Row, it counts for nothing yet, and an empty Zion only
    stops the Dock refilling (LE-RECRUIT-09)."""
    s = t.s
    if s.piles["zion"] or s.result:
        return
    cards, defs = t.db.cards, s.defs
    for name, pile in s.piles.items():
        if name in ZION_GONE or name == "matrix_deck":
            continue
        for cid in pile:
            if name.startswith("row.") and cid not in s.face_up:
                continue
            if getattr(cards[defs[cid]], "loses_if_zion_empty", False):
                t.end_game("loss:zion", "LE-CARD-14", f"Zion is empty while {t.name(cid)} is undefeated")
                return


@op("matrix_phase")
def _matrix_phase(t: Table, task: dict) -> None:
    rowmod.matrix_phase(t)


@op("chase")
def _chase(t: Table, task: dict) -> None:
    if not t.s.turn.skip_to_cleanup:
        rowmod.chase(t)


@op("begin_action")
def _begin_action(t: Table, task: dict) -> None:
    if t.s.turn.skip_to_cleanup:  # LE-ACT-11 (default): a Part began during the Matrix Phase
        t.push({"op": "cleanup"}, {"op": "next_turn"})
        return
    t.s.phase = "action"
    t.emit("phase", "Action Phase", phase="action", seat=t.s.active)


def end_action_phase(t: Table) -> None:
    t.push({"op": "strike_phase"}, {"op": "cleanup"}, {"op": "next_turn"})


@op("cleanup")
def _cleanup(t: Table, task: dict) -> None:
    """LE-CLEANUP-01/02/07, LE-KEYWORD-03."""
    s = t.s
    s.phase = "cleanup"
    seat = s.active
    p = s.players[seat]
    t.emit("phase", "Cleanup Phase", phase="cleanup", seat=seat)
    if not p.defeated and s.mods.cleanup_deletes:  # LE-CARD-20: removed from the game
        piles = (pp(seat, "play"), pp(seat, "hand"), pp(seat, "discard"))
        gone = sum(len(s.piles[pile]) for pile in piles)
        for pile in piles:
            for cid in list(s.piles[pile]):
                t.move(cid, pile, "removed", face_up=True)
        t.emit("cards_deleted", f"{gone} cards of {t.player_name(seat)} are deleted", seat=seat,
               count=gone)
    elif not p.defeated:
        discard = pp(seat, "discard")
        for pile in (pp(seat, "play"), pp(seat, "hand")):
            for cid in list(s.piles[pile]):
                t.move(cid, pile, discard, face_up=True)
    for other in s.players:
        coordinated = pp(other.seat, "coordinated")
        for cid in list(s.piles[coordinated]):
            t.move(cid, coordinated, pp(other.seat, "discard"), face_up=True)
        other.coordinated_this_turn = False
        other.avoid = 0
    s.turn = Turn()
    if not p.defeated:
        # A player whose every card is deleted draws nothing and plays on with an empty hand: only
        # damage defeats a player (LE-DEFEAT-08, LE-CARD-20).
        t.draw(seat, t.mat.hand_size)


@op("next_turn")
def _next_turn(t: Table, task: dict) -> None:
    s = t.s
    s.active = t.next_seat(s.active)
    s.turn_no += 1
    t.push({"op": "start_turn"})


# --- strikes ------------------------------------------------------------------------------------


@op("strike_phase")
def _strike_phase(t: Table, task: dict) -> None:
    """LE-STRIKE-01: every Combat Zone Enemy strikes, rightmost (oldest) first; then LE-STRIKE-10."""
    s = t.s
    s.phase = "strike"
    t.emit("phase", "Strike Phase", phase="strike", seat=s.active)
    if s.turn.skip_to_cleanup:
        return
    t.push(*({"op": "enemy_strike", "card": c} for c in s.piles["combat"]), {"op": "rw_strikes"})


@op("enemy_strike")
def _enemy_strike(t: Table, task: dict) -> None:
    if t.s.turn.skip_to_cleanup:
        return
    plan = strikeplan.combat_plan(t, task["card"])  # LE-CHALLENGE-06: only Enemies strike
    if plan is not None:
        carry_out(t, plan)


def carry_out(t: Table, plan: strikeplan.StrikePlan) -> None:
    """One Enemy strikes as ``plan`` says: its Strike: ability (LE-STRIKE-08) then its strikes; a
    distracted one does not (LE-KEYWORD-19/20)."""
    if plan.skipped:
        why = "is distracted (Buy Time)" if plan.skipped == "Buy Time" else f"waits ({plan.skipped})"
        t.emit("strike_skipped", f"{t.name(plan.card)} {why} and does not strike", card=plan.card)
        return
    if plan.mode == "none":
        return
    strike_fx = t.fx(plan.card, "strike")
    if plan.mode == "replace":
        t.push_fx(strike_fx, plan.card, t.s.active)
        return
    hits = [{"op": "strike", "seat": plan.seat, "src": plan.card, "to_time": plan.to_time,
             "wild": plan.wild} for _ in range(plan.hits)]
    t.push(*[{"op": "fx", "fx": e, "src": plan.card, "seat": plan.seat} for e in strike_fx], *hits)


strike_target = strikeplan.strike_target


@op("when_drawn")
def _when_drawn(t: Table, task: dict) -> None:
    """The "when you draw this" effects of one draw, after the whole draw (LE-CLEANUP-06), one card
    at a time. A card that has left its player's hand before its turn comes does not act. When
    cards with different effects wait, the active player picks which acts next (LE-TIMING-09)."""
    s = t.s
    seat = task["seat"]
    hand = s.piles[pp(seat, "hand")]
    waiting = [c for c in task["cards"] if c in hand]
    if not waiting:
        return
    if "answer" in task:
        first = task["options"][task.pop("answer")]
        task.pop("asked", None)
    elif len(firsts := {s.defs[c]: c for c in reversed(waiting)}) > 1:  # the first card of each kind
        task["options"] = options = sorted(firsts.values(), key=waiting.index)
        t.ask(task, s.active, "Several cards act now that they are drawn: which acts first?",
              [t.name(c) for c in options], "LE-TIMING-09", "order")
        return
    else:
        first = waiting[0]
    rest = [c for c in waiting if c != first]
    t.push(*({"op": "fx", "fx": e, "src": first, "seat": seat} for e in t.fx(first, "on_draw")),
           *([{"op": "when_drawn", "cards": rest, "seat": seat}] if rest else []))


@op("rw_strikes")
def _rw_strikes(t: Table, task: dict) -> None:
    """LE-STRIKE-10/11: Real-World Enemies strike the active player, whichever world they are in;
    the active player picks the order (LE-TIMING-09)."""
    s = t.s
    if s.turn.skip_to_cleanup:
        return
    done = task.setdefault("done", [])
    pending = strikeplan.real_world_strikers(t, done)
    if not pending:
        return
    if "answer" in task:
        nxt = task["options"][task.pop("answer")]
        task.pop("asked", None)
    elif len({t.s.defs[c] for c in pending}) > 1:
        task["options"] = pending
        t.ask(task, s.active, "Which Real-World Enemy strikes next?", [t.name(c) for c in pending],
              "LE-STRIKE-10", "order")
        return
    else:
        nxt = pending[0]
    done.append(nxt)
    t.push({**task})
    carry_out(t, strikeplan.plan(t, nxt, to_time=False))


@op("strike")
def _strike(t: Table, task: dict) -> None:
    """One strike against a player: avoided (LE-STRIKE-09), against the Time Track (LE-STRIKE-03,
    LE-KEYWORD-25) or a Strike card drawn (LE-STRIKE-02)."""
    s = t.s
    seat = task["seat"]
    p = s.players[seat]
    if p.defeated:
        return
    if any(spare(t, seat, task["src"]) for spare in registry().spare_hooks):
        t.emit("strike_skipped", f"{t.name(task['src'])} does not strike {t.player_name(seat)}",
               card=task["src"], seat=seat)
        return
    limit = s.mods.strike_cards_per_turn
    if limit is not None and not task["to_time"] and seat == s.active and s.turn.strike_cards >= limit:
        # LE-CARD-24/25: skipped, not avoided, so nothing that avoids strikes is used up
        t.emit("strike_skipped_limit", f"{t.player_name(seat)} draws no more Strikes this turn "
               f"({s.mods.strike_limit_source})", seat=seat)
        return
    if p.avoid > 0:
        p.avoid -= 1
        t.emit("strike_avoided", f"{t.player_name(seat)} avoids a strike", seat=seat)
        return
    if task["to_time"]:
        if "slowing_time" in s.setup.get("variants", ()) and s.turn.strikes_to_time >= 1:
            t.emit("strike_slowed", "Slowing Time: no more Time lost to strikes this turn")
            return
        s.turn.strikes_to_time += 1
        t.change_time(-1, f"{t.name(task['src'])} strikes while {t.player_name(seat)} is in the Real World")
        return
    draw_strike_card(t, seat, task["wild"], task["src"])


def draw_strike_card(t: Table, seat: int, wild: bool, src: int) -> None:
    """LE-STRIKE-05/12/13: take the top Strike, resolve it, keep it beside the Avatar."""
    s = t.s
    if not s.piles["strikes"]:
        _refill_strikes(t)
        if not s.piles["strikes"]:
            return
    cid = s.piles["strikes"][-1]
    if seat == s.active:
        s.turn.strike_cards += 1  # LE-CARD-26: counted whether or not a limit is in force yet
    t.move(cid, "strikes", "resolving", face_up=True,
           text=f"{t.player_name(seat)} draws the Strike {t.name(cid)}")
    t.emit("strike_drawn", f"Strike: {t.name(cid)}", card=cid, seat=seat)
    if not s.piles["strikes"]:
        _refill_strikes(t)
    t.push({"op": "strike_card", "card": cid, "seat": seat, "wild": wild, "src": src})


def _refill_strikes(t: Table) -> None:
    s = t.s
    if s.piles["strike_discard"]:
        s.piles["strikes"], s.piles["strike_discard"] = s.piles["strike_discard"], []
        for c in s.piles["strikes"]:
            s.face_up.discard(c)
        t.shuffle("strikes")
        t.emit("strikes_reshuffled", "The Discarded Strikes are shuffled into a new Strike deck")
    else:
        t.end_game("loss:strikes", "LE-STRIKE-13", "the Strike deck and the Discarded Strikes are both empty")


@op("strike_card")
def _strike_card(t: Table, task: dict) -> None:
    s = t.s
    cid, seat = task["card"], task["seat"]
    c = t.card(cid)
    answer = task.pop("answer", None)
    stage = task.get("stage", "wild")
    task.pop("asked", None)
    if stage == "wild":
        if task["wild"] and answer is None:  # LE-KEYWORD-29
            task["stage"] = "wild"
            t.ask(task, seat, f"Wild Swing: keep {c.name}, or throw it away and draw another?",
                  ["Keep it", "Throw it away and draw another"], "LE-KEYWORD-29", "wild_swing")
            return
        if answer == 1:
            t.move(cid, "resolving", "strike_discard", face_up=True, text=f"{c.name} is thrown away")
            draw_strike_card(t, seat, False, task["src"])
            return
        stage = "take"
        answer = None
    if stage == "take":
        others = [x for x in t.living() if x != seat]
        if c.may_take_instead and others and answer is None:  # LE-CARD-59
            task["stage"] = "take"
            task["options"] = [seat, *others]
            t.ask(task, s.active, f"{c.name}: who takes this Strike?",
                  [t.player_name(x) for x in task["options"]], "LE-CARD-59", "player")
            return
        if answer is not None:
            seat = task["options"][answer]
            task["seat"] = seat
        stage = "pay"
        answer = None
    if stage == "pay":
        if c.pay_time_to_avoid and answer is None:  # LE-CARD-37
            task["stage"] = "pay"
            t.ask(task, seat, f"{c.name}: lower the Time Track by {c.pay_time_to_avoid} to avoid it?",
                  ["Take the Strike", f"Lower the Time Track by {c.pay_time_to_avoid}"], "LE-CARD-37",
                  "yes_no")
            return
        if answer == 1:
            t.move(cid, "resolving", "strike_discard", face_up=True, text=f"{c.name} is avoided")
            t.change_time(-c.pay_time_to_avoid, c.name)
            return
    # the striking card matters only in a Traitor mode (LE-SMITH-09); elsewhere the task stays as
    # saves made before it knew the card replay it
    by = {"src": task["src"]} if s.setup.get("traitor") else {}
    t.push(*[{"op": "fx", "fx": e, "src": cid, "seat": seat} for e in t.fx(cid, "effects")],
           {"op": "strike_settle", "card": cid, "seat": seat, **by})


@op("strike_settle")
def _strike_settle(t: Table, task: dict) -> None:
    s = t.s
    cid, seat = task["card"], task["seat"]
    if cid not in s.piles["resolving"]:
        return
    if not t.card(cid).stays or s.players[seat].defeated:
        t.move(cid, "resolving", "strike_discard", face_up=True)
        return
    t.move(cid, "resolving", pp(seat, "strikes"), face_up=True)
    check_defeat(t, seat, task.get("src"))


def check_defeat(t: Table, seat: int, src: int | None = None) -> None:
    """Defeat the player if their damage reached their Health (``src``: the card that struck)."""
    if not t.s.players[seat].defeated and t.damage(seat) >= t.health(seat):
        defeat_player(t, seat, src)


def defeat_player(t: Table, seat: int, src: int | None = None) -> None:
    """LE-DEFEAT-08..12; a mode's rule may act first or replace the defeat (Act registry)."""
    s = t.s
    for hook in registry().defeat_hooks:
        if hook(t, seat, src):
            return
    name = t.player_name(seat)
    if s.act < 3 and not s.setup.get("traitor"):
        t.end_game("loss:defeat", "LE-DEFEAT-09", f"{name} was defeated in Act {s.act}")
        return
    s.players[seat].defeated = True
    t.emit("player_defeated", f"{name} is defeated and leaves the game", seat=seat)
    for pile in PLAYER_PILES:
        dst = "real_world" if pile == "beside" else "removed"
        for cid in list(s.piles[pp(seat, pile)]):
            t.move(cid, pp(seat, pile), dst, face_up=pile == "beside" or None)
    if not t.living():
        t.end_game("loss:all_defeated", "LE-DEFEAT-11", "every player has been defeated")
        return
    if seat == s.active:
        s.turn.skip_to_cleanup = True


# --- the Dock -------------------------------------------------------------------------------------


@op("refill_dock")
def _refill_dock(t: Table, task: dict) -> None:
    refill_dock(t)


def refill_dock(t: Table) -> None:
    """LE-RECRUIT-05/09: empty Dock spaces refill from the top of Zion while it lasts."""
    s = t.s
    for i in range(t.mat.dock_spaces):
        if not s.piles[dock(i)] and s.piles["zion"]:
            t.move(s.piles["zion"][-1], "zion", dock(i), face_up=True)
    check_zion_overrun(t)


# --- Acts -------------------------------------------------------------------------------------------


def current_act_card(t: Table) -> int:
    return t.s.piles["acts"][-1]


def current_part(t: Table) -> Any:
    s = t.s
    card = s.defs[s.piles["acts"][-1]]
    part = t.db.index.parts.get((card, s.part))
    if part is None:
        raise RuntimeError(f"act card {card} has no part {s.part}")
    return part


def objective_met(t: Table) -> bool:
    """Whether the current Part's Objective can be completed now (LE-ACT-04, LE-ACT-12)."""
    obj = current_part(t).objective
    if obj is None:
        return False
    if obj.type == "announce":
        return True
    if obj.type == "hook":
        return registry().query(obj.hook)(t)
    pile = "defeated_enemies" if obj.type == "defeated" else "discarded"
    wanted, defs = obj.cards, t.s.defs  # a few card ids: a list is as quick as a set to ask
    return sum(1 for c in t.s.piles[pile] if defs[c] in wanted) >= obj.count


def complete_objective(t: Table) -> None:
    part = current_part(t)
    card = current_act_card(t)
    t.emit("objective_completed", f"Objective complete: {part.objective.text}", act=t.s.act,
           part=t.s.part)
    t.push(*[{"op": "fx", "fx": e.model_dump(), "src": card, "seat": t.s.active}
             for e in part.on_complete], {"op": "begin_next_part"})


@op("begin_next_part")
def _begin_next_part(t: Table, task: dict) -> None:
    """LE-ACT-03/07/09/10/11: flip or retire the Act card, run the new Part's Setup, go to Cleanup."""
    s = t.s
    if s.act == 3 and s.part == 3:
        t.end_game("major", "LE-GEN-03", "the final Objective of Act 3 is complete")
        return
    cur = current_act_card(t)
    parts = [p.part for p in t.card(cur).parts]
    idx = parts.index(s.part)
    if idx + 1 < len(parts):
        s.flipped.add(cur)
        s.part = parts[idx + 1]
    else:
        t.move(cur, "acts", "acts", bottom=True)
        s.mods.end_of_act()
        nxt = current_act_card(t)
        s.act = t.card(nxt).act
        s.part = t.card(nxt).parts[0].part
    new = current_part(t)
    t.emit("act_advanced", f"Begin Act {s.act} Part {s.part}: {new.title}", act=s.act, part=s.part)
    setup = [{"op": "fx", "fx": e.model_dump(), "src": current_act_card(t), "seat": s.active}
             for e in new.setup]
    if s.phase in ("matrix", "action", "strike"):
        # Pending reveals still happen, in the order they were due (LE-TIMING-08), and revealed
        # Events are still discarded.
        keep = [x for x in reversed(s.stack) if x["op"] in ("reveal", "after_reveal")]
        s.stack.clear()
        s.turn.skip_to_cleanup = True
        t.push(*setup, *keep, {"op": "cleanup"}, {"op": "next_turn"})
    else:
        t.push(*setup)
