"""Act 3 of Reloaded, The Source, Part 3: the Tow Bomb Sentinels (LE-CARD-49, LE-CARD-52..55) and
the once-a-turn choice between raising the Time Track with Attack and taking Attack from it
(LE-CARD-50/51).

The Tow Bomb Sentinels are a mini-deck card: Part 1's Setup sets them aside wherever they are, and
Part 3's Setup brings them into the Real World. Only a fight with their full printed Attack defeats
them (the card field ``fight_only``, LE-CARD-49). Part 1's Objective and Part 2's are card data;
``back_doors_open`` tells a Traitor rule when Part 1's Challenges are barred (LE-TRAITOR-25).
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import effects
from engine.legendary.acts.attack_payments import TIME, attack_refused
from engine.legendary.acts.base import ActCommand, ActRules
from engine.legendary.state import pp
from engine.legendary.table import Table

STORY = "the_source"
TOW_BOMBS = "the_source_tow_bomb_sentinels"
BACK_DOOR_TAG = "Back Door"  # the descriptor of Part 1's own Challenges
HOVERCRAFT = "hovercraft"  # the Hovercraft stack's deck label
NEO_GROUP_PREFIX = "neo_"  # neo_the_matrix, neo_reloaded, neo_revolutions: the Neo Heroes
TIME_STEP_COST = 3  # Attack per Time Track step, as the Part 3 card says (LE-CARD-50)
STRIKES_ON_ACTIVE, STRIKES_ON_NEXT = 2, 1  # LE-CARD-55
RAISE, TAKE = "raise", "take"
SET_ASIDE = "out_of_play"


def in_part(t: Table, part: int) -> bool:
    """The current Act card is this Act's and Part ``part`` is current."""
    s = t.s
    return s.part == part and t.card(s.piles["acts"][-1]).story == STORY


def back_doors_open(t: Table) -> bool:
    """Part 1 is current: the Part whose Challenges a Traitor may not complete (LE-TRAITOR-25)."""
    return in_part(t, 1)


def in_finale(t: Table) -> bool:
    return in_part(t, 3)


# --- the Tow Bomb Sentinels ---------------------------------------------------------------------


def _find(t: Table, def_id: str) -> tuple[str, int] | None:
    """Where the (single) card ``def_id`` is, as (pile, card), outside a card being resolved."""
    s = t.s
    for name, pile in s.piles.items():
        if name == "resolving":
            continue
        for c in pile:
            if s.defs[c] == def_id:
                return name, c
    return None


def set_tow_bombs_aside(t: Table, task: dict) -> None:
    """Part 1's Setup: the Tow Bomb Sentinels leave the Matrix Deck (or wherever they are) until
    Part 3, so that only the finale meets them."""
    found = _find(t, TOW_BOMBS)
    if found is None or found[0] == SET_ASIDE:
        return
    pile, cid = found
    t.move(cid, pile, SET_ASIDE, face_up=False, text=f"{t.name(cid)} are set aside until Part 3")


def tow_bombs_attack(t: Table, task: dict) -> None:
    """Part 3's Setup: the Tow Bomb Sentinels enter the Real World face up."""
    found = _find(t, TOW_BOMBS)
    if found is None or found[0] == "real_world":
        return
    pile, cid = found
    t.move(cid, pile, "real_world", face_up=True, text=f"{t.name(cid)} enter the Real World")


def _set_aside_by(t: Table, cid: int) -> int | None:
    """The teammate whose coordinated card ``cid`` is set aside, if it still is."""
    s = t.s
    return next((p.seat for p in s.players if cid in s.piles[pp(p.seat, "coordinated")]), None)


def hovercrafts_in_play(t: Table) -> list[int]:
    """The Hovercrafts in the active player's play area, virtual copies included while their
    physical card is still set aside (LE-CARD-52/53; a defeated teammate's cards left the game)."""
    s = t.s
    return [c for c in effects.play_area(t, s.active) if t.card(c).deck == HOVERCRAFT
            and (c not in s.turn.virtual or _set_aside_by(t, c) is not None)]


def defeat_hovercraft(t: Table, cid: int, src: int) -> None:
    """Defeat Hovercraft ``cid``: from the play area, or, for a virtual copy, the teammate's
    set-aside physical card (LE-CARD-53)."""
    s = t.s
    who = t.player_name(s.active)
    owner = _set_aside_by(t, cid) if cid in s.turn.virtual else None
    if owner is not None:
        s.turn.virtual.remove(cid)
        t.move(cid, pp(owner, "coordinated"), "defeated_heroes", face_up=True,
               text=f"{t.name(src)} defeat {t.player_name(owner)}'s {t.name(cid)}, coordinated to {who}")
        return
    t.move(cid, pp(s.active, "play"), "defeated_heroes", face_up=True,
           text=f"{t.name(src)} defeat {who}'s {t.name(cid)}")


def tow_bombs_strike(t: Table, task: dict) -> None:
    """Instead of striking, defeat a Hovercraft in the active player's play area, which they choose
    among several (LE-CARD-52..54); with none, strike the active player twice and the next player
    once, a lone player all three times (LE-CARD-55, LE-TERM-05)."""
    s = t.s
    src = task["src"]
    ships = hovercrafts_in_play(t)
    if "answer" in task:
        cid = task["options"][task.pop("answer")]
        task.pop("asked", None)
        if cid in hovercrafts_in_play(t):
            defeat_hovercraft(t, cid, src)
        return
    if len(ships) > 1:
        task["options"] = ships
        labels = [t.name(c) + (" (coordinated copy)" if c in s.turn.virtual else "") for c in ships]
        t.ask(task, s.active, f"{t.name(src)}: which Hovercraft do they defeat?", labels, "LE-CARD-54",
              "option")
        return
    if ships:
        defeat_hovercraft(t, ships[0], src)
        return
    active, nxt = s.active, t.next_seat(s.active)
    hit = {"op": "strike", "src": src, "to_time": False, "wild": False}
    t.push(*[{**hit, "seat": active}] * STRIKES_ON_ACTIVE, *[{**hit, "seat": nxt}] * STRIKES_ON_NEXT)


# --- the Time Track: raise it with Attack, or take Attack from it (LE-CARD-50/51) -----------------


def time_use(t: Table) -> str:
    """What the active player did with the Time Track this turn: RAISE, TAKE or ""."""
    m = t.s.mods
    return m.time_track_use if m.time_track_use_turn == t.s.turn_no else ""


def _mark(t: Table, use: str) -> None:
    t.s.mods.time_track_use = use
    t.s.mods.time_track_use_turn = t.s.turn_no


def neo_heroes_in_play(t: Table) -> int:
    """Neo Heroes (any Neo Hero Group) in the active player's play area, virtual copies included."""
    return sum(1 for c in effects.play_area(t, t.s.active)
               if getattr(t.card(c), "group", "").startswith(NEO_GROUP_PREFIX))


def time_attack_value(t: Table) -> int:
    """LE-CARD-51: the Time Track's value times the Neo Heroes in play."""
    return t.s.time * neo_heroes_in_play(t)


def _steps(cmd: Command) -> int | None:
    if len(cmd.args) != 1 or isinstance(cmd.args[0], bool) or not isinstance(cmd.args[0], int):
        return None
    return cmd.args[0]


def check_time_up(t: Table, cmd: Command) -> Rejection | None:
    if not in_finale(t):
        return Rejection("LE-CARD-50", "only in The Source Part 3 may you pay Attack to raise the "
                         "Time Track this way")
    if time_use(t) == TAKE:
        return Rejection("LE-CARD-50", "you took Attack from the Time Track this turn: you can't "
                         "also raise it")
    steps = _steps(cmd)
    if steps is None or steps < 1:
        return Rejection("LE-CARD-50", "say how many steps to raise the Time Track, e.g. 'time-up 2'")
    return attack_refused(t, steps * TIME_STEP_COST, f"raising the Time Track {steps} "
                          f"step{'s' if steps > 1 else ''}", "LE-CARD-50", use=TIME)


def do_time_up(t: Table, cmd: Command) -> None:
    s = t.s
    steps = cmd.args[0]
    s.turn.attack -= steps * TIME_STEP_COST
    _mark(t, RAISE)
    t.pool_changed()
    t.change_time(steps, f"{t.player_name(s.active)} pays {steps * TIME_STEP_COST} Attack")


def time_up_candidates(t: Table) -> Iterator[Command]:
    if in_finale(t):
        for steps in range(1, t.s.turn.attack // TIME_STEP_COST + 1):
            yield Command("time-up", (steps,))


def check_time_attack(t: Table, cmd: Command) -> Rejection | None:
    if not in_finale(t):
        return Rejection("LE-CARD-51", "only in The Source Part 3 can you take Attack from the Time "
                         "Track")
    if cmd.args:
        return Rejection("LE-CARD-51", "'time-attack' takes no argument")
    used = time_use(t)
    if used == TAKE:
        return Rejection("LE-CARD-50", "you already took Attack from the Time Track this turn")
    if used == RAISE:
        return Rejection("LE-CARD-50", "you raised the Time Track this turn: you can't also take "
                         "Attack from it")
    if not neo_heroes_in_play(t):
        return Rejection("LE-CARD-51", "no Neo Hero is in your play area, so the Time Track would "
                         "give 0 Attack")
    return None


def do_time_attack(t: Table, cmd: Command) -> None:
    """LE-CARD-51; taking Attack does not lower the Time Track (its default)."""
    s = t.s
    gain, neos = time_attack_value(t), neo_heroes_in_play(t)
    s.turn.attack += gain
    _mark(t, TAKE)
    t.pool_changed(f"+{gain} Attack from the Time Track ({s.time} x {neos} Neo)")


def time_attack_candidates(t: Table) -> Iterator[Command]:
    if in_finale(t):
        yield Command("time-attack")


ACT = ActRules(
    story=STORY,
    effects={"set_tow_bombs_aside": set_tow_bombs_aside, "tow_bombs_attack": tow_bombs_attack,
             "tow_bombs_strike": tow_bombs_strike},
    queries={"back_doors_open": back_doors_open},
    commands=(
        ActCommand("time-up", "time-up N: in The Source Part 3, pay 3 Attack per step to raise the "
                   "Time Track N steps (not on a turn you took Attack from it)",
                   check_time_up, do_time_up, time_up_candidates),
        ActCommand("time-attack", "time-attack: in The Source Part 3, take Attack equal to the Time "
                   "Track times the Neo Heroes in your play area (once a turn, not if you raised it)",
                   check_time_attack, do_time_attack, time_attack_candidates),
    ),
)
