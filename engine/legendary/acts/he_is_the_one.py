"""Act 3 of The Matrix, He is The One, Part 3: the Matrix player (LE-CARD-28..32), Become The One
(LE-CARD-03..05), the Pursuing Agents and Sentinel Destroyer (LE-CARD-33..35)."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import actions, effects
from engine.legendary.acts.attack_payments import (
    TIME,
    attack_refused,
    matrix_player_acts,
    spendable_attack,
    spending_refused,
)
from engine.legendary.acts.base import ActCommand, ActRules, Hint, Restriction
from engine.legendary.table import Table

THE_ONE_TIME_RATE = 3  # Attack per Time Track step once the Matrix player is The One (LE-CARD-05)
SHIP_DAMAGE = 1  # Time lost each Strike Phase to Sentinel Destroyer (LE-CARD-34)
SHIP_REPAIR_COST = 3  # Attack per point of that loss prevented


def choose_matrix_player(t: Table, task: dict) -> None:
    """LE-CARD-28 (card text): the player playing Neo, or else the active player, is the Matrix
    player, in the Matrix; everyone else goes to the Real World. An Act card's instruction, so no
    card keeps anyone where they are (LE-CARD-46)."""
    s = t.s
    living = t.living()
    neo = [x for x in living if t.card(s.players[x].avatar).character == "neo"]
    seat = neo[0] if neo else (s.active if s.active in living else living[0])
    s.mods.matrix_player = seat
    s.mods.gains_to_hand_of = seat  # LE-CARD-31
    t.emit("matrix_player", f"{t.player_name(seat)} is the Matrix player", seat=seat)
    for x in living:
        effects.set_world(t, x, x == seat, "He is The One", src=task.get("src"))


def matrix_player_restriction(t: Table, cmd: Command) -> Rejection | None:
    """LE-CARD-28/29: the Matrix player can't leave the Matrix, fight or recruit, and spends Attack
    only to raise the Time Track or to Evade."""
    if not matrix_player_acts(t):
        return None
    s = t.s
    who = t.player_name(s.active)
    if cmd.verb == "move" and cmd.args and cmd.args[0] == "real":
        return Rejection("LE-CARD-28", f"{who} is the Matrix player: they can't leave the Matrix")
    if cmd.verb == "fight":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: they can't fight, only Evade")
    if cmd.verb == "recruit":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: they can't recruit Heroes")
    if cmd.verb == "scan":
        return spending_refused(t, "scans")
    if cmd.verb == "buytime":
        return spending_refused(t, "Buy Time")
    if cmd.verb == "complete" and cmd.args and isinstance(cmd.args[0], int) \
            and 0 <= cmd.args[0] < len(s.defs):
        c = t.card(cmd.args[0])
        if c.kind == "challenge" and (c.cost_attack or c.cost_either and
                                      actions.either_pool(t, cmd) == "attack"):
            return spending_refused(t, c.name)
    return None


def hunt_matrix_player(t: Table, task: dict) -> None:
    """A Pursuing Agent strikes only the Matrix player: on their turn, or on any turn once every
    strike is aimed at them (LE-CARD-04). On other players' turns it waits."""
    s = t.s
    seat = s.mods.matrix_player
    if seat is None or s.players[seat].defeated:
        return
    if s.active == seat or s.mods.strikes_target == seat:
        t.push({"op": "strike", "seat": seat, "src": task["src"], "to_time": False, "wild": False})


def is_matrix_player(t: Table) -> bool:
    return t.s.mods.matrix_player == t.s.active


def become_the_one(t: Table, task: dict) -> None:
    """LE-CARD-03/04/05: strikes stop lowering the Time Track and always hit the Matrix player, who
    may now pay Attack to raise the Time Track."""
    m = t.s.mods
    seat = m.matrix_player if m.matrix_player is not None else t.s.active
    m.the_one = True
    m.strikes_target = seat
    m.attack_per_time_step = THE_ONE_TIME_RATE
    m.time_payer = seat
    t.emit("the_one", f"{t.player_name(seat)} has become The One", seat=seat)


def the_one_in_effect(t: Table) -> bool:
    return t.s.mods.the_one


def the_one_and_ship_saved(t: Table) -> bool:
    """Part 3's Objective: The One, and Sentinel Destroyer defeated."""
    s = t.s
    return s.mods.the_one and any(s.defs[c] == "sentinel_destroyer" for c in s.piles["defeated_enemies"])


def tear_apart_ship(t: Table, task: dict) -> None:
    """LE-CARD-33/34: Sentinel Destroyer never strikes; it tears apart the ship instead. That can't
    be avoided, only reduced by paying Attack, which the Matrix player may not spend on it
    (LE-CARD-29). Then it calls in a Hull Cutter Sentinel."""
    s = t.s
    steps = min(SHIP_DAMAGE, spendable_attack(t) // SHIP_REPAIR_COST)
    if "answer" in task:
        paid = task.pop("answer")
        task.pop("asked", None)
    elif steps:
        t.ask(task, s.active, f"{t.name(task['src'])} tears apart your ship: lower the Time Track by "
              f"{SHIP_DAMAGE}. Pay {SHIP_REPAIR_COST} Attack per point to lessen it?",
              [f"Pay {k * SHIP_REPAIR_COST} Attack: lose {SHIP_DAMAGE - k}" for k in range(steps + 1)],
              "LE-CARD-34", "option")
        return
    else:
        paid = 0
    if paid:
        s.turn.attack -= paid * SHIP_REPAIR_COST
        t.pool_changed()
    if SHIP_DAMAGE - paid:
        t.change_time(-(SHIP_DAMAGE - paid), f"{t.name(task['src'])} tears apart the ship")
    if s.result:
        return
    cutter = next((c for c in s.piles["extras"] if s.defs[c] == "hull_cutter_sentinel"), None)
    if cutter is not None:
        t.move(cutter, "extras", "real_world", face_up=True, text=f"{t.name(cutter)} enters the Real World")


# --- raise-time: The One buys Time Track steps with Attack (LE-CARD-05) ---------------------------


def check_raise_time(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    rate = s.mods.attack_per_time_step
    if rate is None:
        return Rejection("LE-TIME-01", "nothing lets you raise the Time Track by paying Attack now")
    payer = s.mods.time_payer
    if payer is not None and payer != s.active:
        return Rejection("LE-CARD-05", f"only {t.player_name(payer)} may pay to raise the Time Track")
    return attack_refused(t, rate, "raising the Time Track", "LE-CARD-05", use=TIME)


def do_raise_time(t: Table, cmd: Command) -> None:
    s = t.s
    rate = s.mods.attack_per_time_step
    assert rate is not None
    s.turn.attack -= rate
    t.pool_changed()
    t.change_time(1, f"{t.player_name(s.active)} pays {rate} Attack")


def raise_time_candidates(t: Table) -> Iterator[Command]:
    if t.s.mods.attack_per_time_step is not None:
        yield Command("raise-time")


ACT = ActRules(
    story="he_is_the_one",
    effects={"choose_matrix_player": choose_matrix_player, "hunt_matrix_player": hunt_matrix_player,
             "become_the_one": become_the_one, "tear_apart_ship": tear_apart_ship},
    queries={"is_matrix_player": is_matrix_player, "the_one_in_effect": the_one_in_effect,
             "the_one_and_ship_saved": the_one_and_ship_saved},
    restrictions=(Restriction(matrix_player_acts, matrix_player_restriction),),
    commands=(ActCommand("raise-time", "raise-time: pay Attack to raise the Time Track by 1, when an "
                         "Act allows it", check_raise_time, do_raise_time, raise_time_candidates),),
    hints={"the_one_and_ship_saved": Hint(cards=frozenset({"become_the_one", "emp",
                                                            "sentinel_destroyer"}))},
)
