"""Act 2 of Revolutions, The Battle of Zion: the Diggers, the dock defence, Niobe flying the line.

Card data says most of it: Mobile Bombs light a fuse when scanned (``light_fuse``, LE-CARD-41/42),
Digger and The Machines are Digging make an empty Zion fatal while undefeated
(``loses_if_zion_empty``, LE-CARD-14/15), The Machines are Digging goes into a deck and acts when
drawn (LE-CARD-61). This module holds the rest: the digging itself, Fly the Mechanical Line's
flight beneath the Dock and the ``fly`` command that moves it (LE-CARD-21..23), Go Up, Over Them.'s
limit on Strike cards (LE-CARD-24..26), Sentinel Hunter's hunt from player to player
(LE-CARD-43/44), and the two Objectives with Hints for bots.

What the GUI reads: ``view["modifiers"]["beneath_dock"]`` is ``[card, position]`` while the
Mechanical Line flies (0 below the Hovercraft stack, 1..5 beneath the Dock spaces); the card itself
is in the ``real_world`` pile. ``view["modifiers"]["strike_cards_per_turn"]`` (1) and
``["strike_limit_source"]`` ("Go Up, Over Them.") are set once Go Up, Over Them. is in effect.
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import flow
from engine.legendary.actrules import ActCommand, ActRules, Hint, Restriction
from engine.legendary.state import pp
from engine.legendary.table import Table

P = "the_battle_of_zion_"
DIGGER = P + "digger"
MACHINES = P + "the_machines_are_digging"
LINE = P + "fly_the_mechanical_line"
GO_UP = P + "go_up_over_them"
FLY_COST = 2  # Recruit or Attack per position the Mechanical Line flies (card text, LE-CARD-22)
STRIKES_PER_TURN = 1  # Go Up, Over Them.: Strike cards the active player draws per turn (LE-CARD-24)
HUNT_MIN_COST = 1  # Sentinel Hunter takes a Hero that costs at least this (LE-CARD-43)


# --- the Diggers (LE-CARD-14/15) ---------------------------------------------------------------------


def machines_dig(t: Table, task: dict) -> None:
    """The Machines dig: the top Hero of Zion is defeated. An empty Zion may now lose the game."""
    s = t.s
    if s.piles["zion"]:
        cid = s.piles["zion"][-1]
        t.move(cid, "zion", "defeated_heroes", face_up=True,
               text=f"{t.name(task['src'])} digs: {t.name(cid)} is defeated from the top of Zion")
    flow.check_zion_overrun(t)


def stop_digging(t: Table, task: dict) -> None:
    """LE-CARD-15: The Machines are Digging is defeated, wherever it is among its player's cards;
    it no longer counts when Zion runs out."""
    cid = task["src"]
    where = t.s.where(cid)
    if where not in flow.ZION_GONE:
        t.move(cid, where, "defeated_enemies", face_up=True, text=f"{t.name(cid)} is defeated")


def digger_defeated(t: Table) -> bool:
    """Part 1's Objective: a Digger is defeated."""
    defs = t.s.defs
    return any(defs[c] == DIGGER for c in t.s.piles["defeated_enemies"])


# --- Fly the Mechanical Line (LE-CARD-21..23) ----------------------------------------------------------


def take_flight(t: Table, task: dict) -> None:
    """LE-CARD-21: revealed, the Challenge goes below the Hovercraft stack (position 0)."""
    cid = task["src"]
    where = t.s.where(cid)
    if where != "real_world":
        t.move(cid, where, "real_world", face_up=True,
               text=f"{t.name(cid)} goes below the Hovercraft stack")
    t.s.mods.beneath_dock = (cid, 0)
    t.emit("beneath_dock", f"{t.name(cid)} waits below the Hovercraft stack", card=cid, position=0)


def in_flight(t: Table) -> bool:
    return t.s.mods.beneath_dock is not None


def line_flown(t: Table) -> bool:
    """Part 2's Objective: Fly the Mechanical Line reached Zion (in either Part)."""
    defs = t.s.defs
    return any(defs[c] == LINE for c in t.s.piles["discarded"])


def no_plain_completion(t: Table, cmd: Command) -> Rejection | None:
    """LE-CARD-23: the flying Challenge is completed only by reaching Zion, never by ``complete``."""
    m = t.s.mods.beneath_dock
    if cmd.verb == "complete" and m is not None and cmd.args and cmd.args[0] == m[0]:
        return Rejection("LE-CARD-23", f"{t.name(m[0])} is completed only when it flies from beneath "
                         f"the Dock to beneath Zion: use 'fly'")
    return None


def _fly_pool(t: Table, cmd: Command) -> str | None:
    pool = cmd.args[0] if cmd.args else None
    if pool is None:
        return "recruit" if t.s.turn.recruit >= FLY_COST else "attack"
    return pool if pool in ("recruit", "attack") else None


def check_fly(t: Table, cmd: Command) -> Rejection | None:
    m = t.s.mods.beneath_dock
    if m is None:
        return Rejection("LE-CARD-22", "nothing is flying beneath the Dock")
    pool = _fly_pool(t, cmd)
    if pool is None:
        return Rejection("LE-CARD-22", "pay with 'recruit' or 'attack', e.g. 'fly recruit'")
    have = getattr(t.s.turn, pool)
    if have < FLY_COST:
        return Rejection("LE-CARD-22", f"flying {t.name(m[0])} one position costs {FLY_COST} "
                         f"{pool.capitalize()} and you have {have}")
    return None


def do_fly(t: Table, cmd: Command) -> None:
    """LE-CARD-22/23: one position right; from beneath the last Dock space to beneath Zion it is
    completed (its Complete: effects resolve)."""
    s = t.s
    m = s.mods.beneath_dock
    assert m is not None
    cid, pos = m
    pool = _fly_pool(t, cmd)
    assert pool is not None
    setattr(s.turn, pool, getattr(s.turn, pool) - FLY_COST)
    t.pool_changed()
    pos += 1
    if pos <= t.mat.dock_spaces:
        s.mods.beneath_dock = (cid, pos)
        t.emit("beneath_dock", f"{t.name(cid)} flies beneath Dock space {pos}", card=cid, position=pos)
        return
    s.mods.beneath_dock = None
    t.move(cid, "real_world", "discarded", face_up=True,
           text=f"{t.name(cid)} reaches Zion: it is completed")
    t.push_fx(t.fx(cid, "complete"), cid, s.active)


def fly_candidates(t: Table) -> Iterator[Command]:
    if t.s.mods.beneath_dock is not None:
        yield Command("fly", ("recruit",))
        yield Command("fly", ("attack",))


# --- Go Up, Over Them. (LE-CARD-24..26) ------------------------------------------------------------------


def go_up_over_them(t: Table, task: dict) -> None:
    """For the rest of this Act the active player draws at most one Strike card on their turn;
    Strike cards already drawn this turn count (LE-CARD-26)."""
    m = t.s.mods
    m.strike_cards_per_turn = STRIKES_PER_TURN
    m.strike_limit_source = t.name(task["src"])
    t.emit("strike_limit", f"{m.strike_limit_source}: for the rest of this Act each player draws at most "
           f"{STRIKES_PER_TURN} Strike on their turn", limit=STRIKES_PER_TURN)


# --- Sentinel Hunter (LE-CARD-43/44) ---------------------------------------------------------------------


def sentinel_hunt(t: Table, task: dict) -> None:
    """Its strike: the struck player's cheapest-first choice of a Hero costing 1 or more in their
    discard pile is defeated. With none there, the Hunter moves beside the next player's Avatar,
    where it strikes only on that player's turn (LE-CARD-44: Real-World strikes hit the active
    player only)."""
    s = t.s
    cid, seat = task["src"], task["seat"]
    discard = pp(seat, "discard")
    prey = sorted((c for c in s.piles[discard] if t.card(c).kind == "hero"
                   and t.card(c).cost >= HUNT_MIN_COST), key=lambda c: (t.card(c).cost, c))
    if prey:
        if "answer" in task:
            got = task["options"][task.pop("answer")]
            task.pop("asked", None)
        elif len({s.defs[c] for c in prey}) == 1:
            got = prey[0]
        else:
            task["options"] = prey
            t.ask(task, seat, f"{t.name(cid)} hunts: which Hero from your discard pile is defeated?",
                  [f"{t.name(c)} (cost {t.card(c).cost})" for c in prey], "LE-CARD-43", "option")
            return
        if got in s.piles[discard]:
            t.move(got, discard, "defeated_heroes", face_up=True,
                   text=f"{t.name(cid)} defeats {t.name(got)} from {t.player_name(seat)}'s discard pile")
        return
    nxt = t.next_seat(seat)
    where = s.where(cid)
    if nxt == seat or not where.endswith(".beside"):
        t.emit("hunter_stays", f"{t.name(cid)} finds nothing to hunt", card=cid, seat=seat)
        return
    t.move(cid, where, pp(nxt, "beside"), face_up=True,
           text=f"{t.name(cid)} finds nothing and moves on to {t.player_name(nxt)}")
    t.emit("hunter_moved", f"{t.name(cid)} now hunts {t.player_name(nxt)}", card=cid, seat=nxt)


ACT = ActRules(
    story="the_battle_of_zion",
    effects={"machines_dig": machines_dig, "stop_digging": stop_digging, "take_flight": take_flight,
             "go_up_over_them": go_up_over_them, "sentinel_hunt": sentinel_hunt},
    queries={"digger_defeated": digger_defeated, "line_flown": line_flown},
    restrictions=(Restriction(in_flight, no_plain_completion),),
    commands=(ActCommand("fly", f"fly recruit|attack: pay {FLY_COST} to fly the Mechanical Line one "
                         "position right beneath the Dock", check_fly, do_fly, fly_candidates),),
    hints={"digger_defeated": Hint(cards=frozenset({DIGGER, GO_UP}), commands=frozenset({"fly"})),
           "line_flown": Hint(cards=frozenset({DIGGER, GO_UP}), commands=frozenset({"fly"}))},
)
