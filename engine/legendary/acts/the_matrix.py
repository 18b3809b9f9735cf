"""Hooks of the first film, The Matrix: freeing Neo (What is the Matrix?), the silence of What
Good is a Phone Call, and He is The One Part 3 (the Matrix player, Become The One, Sentinel
Destroyer). Act facts live in ``State.flags``."""
from __future__ import annotations

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import actions, effects
from engine.legendary.effects import hook
from engine.legendary.state import pp
from engine.legendary.table import Table

THE_ONE_TIME_RATE = 3  # Attack per Time Track step once the Matrix player is The One (LE-CARD-05)
SHIP_DAMAGE = 1  # Time lost each Strike Phase to Sentinel Destroyer (LE-CARD-34)
SHIP_REPAIR_COST = 3  # Attack per point of that loss prevented


# --- What is the Matrix? -------------------------------------------------------------------------


@hook("hovercraft_in_play")
def hovercraft_in_play(t: Table, task: dict) -> bool:
    """Objective "free Neo from the Matrix": the active player has a Hovercraft in play."""
    return any(t.card(c).deck == "hovercraft" for c in effects.play_area(t, t.s.active))


@hook("free_neo")
def free_neo(t: Table, task: dict) -> None:
    """LE-SETUP-04: Thomas Anderson turns to his Neo side, leaves the Matrix and gains the Free Your
    Mind that was set aside at setup."""
    s = t.s
    for p in s.players:
        av = t.card(p.avatar)
        if p.defeated or not getattr(av, "free_your_mind_out_of_play", False):
            continue
        if p.avatar in s.flipped:
            s.flipped.discard(p.avatar)
            t.emit("avatar_flipped", f"{av.back_name} is freed: he is {av.name}", seat=p.seat,
                   card=p.avatar)
        fym = next((c for c in s.piles["out_of_play"] if t.card(c).kind == "hero"
                    and t.card(c).free_your_mind), None)
        if fym is not None:
            t.move(fym, "out_of_play", pp(p.seat, "discard"), face_up=True,
                   text=f"{t.player_name(p.seat)} gains Free Your Mind")
        effects.set_world(t, p.seat, False, "freed from the Matrix")


@hook("silence_on")
def silence_on(t: Table, task: dict) -> None:
    """LE-CARD-56..58: no strategy talk while the card is in Operations (a table rule the GUI shows;
    game actions stay legal)."""
    t.s.flags["silenced"] = t.name(task["src"])
    t.emit("silence", "Silence: players may not discuss strategy, gesture or show cards "
           "(game actions are still allowed)", on=True)


@hook("silence_off")
def silence_off(t: Table, task: dict) -> None:
    if t.s.flags.pop("silenced", None) is not None:
        t.emit("silence", "The silence is lifted: players may discuss strategy again", on=False)


# --- He is The One Part 3 ------------------------------------------------------------------------


@hook("choose_matrix_player")
def choose_matrix_player(t: Table, task: dict) -> None:
    """LE-CARD-28 (card text): the player playing Neo, or else the active player, is the Matrix
    player, in the Matrix; everyone else goes to the Real World."""
    s = t.s
    living = t.living()
    neo = [x for x in living if t.card(s.players[x].avatar).character == "neo"]
    seat = neo[0] if neo else (s.active if s.active in living else living[0])
    s.flags["matrix_player"] = seat
    s.flags["gains_to_hand_of"] = seat  # LE-CARD-31
    t.emit("matrix_player", f"{t.player_name(seat)} is the Matrix player", seat=seat)
    for x in living:
        effects.set_world(t, x, x == seat, "He is The One")


def _matrix_player_restriction(t: Table, cmd: Command) -> Rejection | None:
    """LE-CARD-28/29: the Matrix player can't leave the Matrix, fight or recruit, and spends Attack
    only to raise the Time Track or to Evade."""
    s = t.s
    seat = s.flags.get("matrix_player")
    if seat is None or s.active != seat or s.players[seat].defeated:
        return None
    who = t.player_name(seat)
    if cmd.verb == "move" and cmd.args and cmd.args[0] == "real":
        return Rejection("LE-CARD-28", f"{who} is the Matrix player: they can't leave the Matrix")
    if cmd.verb == "fight":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: they can't fight, only Evade")
    if cmd.verb == "recruit":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: they can't recruit Heroes")
    if cmd.verb == "scan":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: Attack buys only Time Track "
                         "steps and Evades, not scans")
    if cmd.verb == "buytime":
        return Rejection("LE-CARD-29", f"{who} is the Matrix player: Attack buys only Time Track "
                         "steps and Evades")
    if cmd.verb == "complete" and cmd.args and isinstance(cmd.args[0], int) \
            and 0 <= cmd.args[0] < len(s.defs):
        c = t.card(cmd.args[0])
        if c.kind == "challenge" and (c.cost_attack or c.cost_either and
                                      actions.either_pool(t, cmd) == "attack"):
            return Rejection("LE-CARD-29", f"{who} is the Matrix player: they can't spend Attack on "
                             f"{c.name}")
    return None


actions.RESTRICTIONS.append(_matrix_player_restriction)


@hook("hunt_matrix_player")
def hunt_matrix_player(t: Table, task: dict) -> None:
    """A Pursuing Agent strikes only the Matrix player: on their turn, or on any turn once every
    strike is aimed at them (LE-CARD-04). On other players' turns it waits."""
    s = t.s
    seat = s.flags.get("matrix_player")
    if seat is None or s.players[seat].defeated:
        return
    if s.active == seat or s.flags.get("strikes_target") == seat:
        t.push({"op": "strike", "seat": seat, "src": task["src"], "to_time": False, "wild": False})


@hook("is_matrix_player")
def is_matrix_player(t: Table, task: dict) -> bool:
    return t.s.flags.get("matrix_player") == t.s.active


@hook("become_the_one")
def become_the_one(t: Table, task: dict) -> None:
    """LE-CARD-03/04/05: strikes stop lowering the Time Track and always hit the Matrix player, who
    may now pay Attack to raise the Time Track."""
    s = t.s
    seat = s.flags.get("matrix_player", s.active)
    s.flags.update(the_one=True, strikes_target=seat, time_rate=THE_ONE_TIME_RATE, time_payer=seat)
    t.emit("the_one", f"{t.player_name(seat)} has become The One", seat=seat)


@hook("the_one_in_effect")
def the_one_in_effect(t: Table, task: dict) -> bool:
    return bool(t.s.flags.get("the_one"))


@hook("the_one_and_ship_saved")
def the_one_and_ship_saved(t: Table, task: dict) -> bool:
    """Part 3's Objective: The One, and Sentinel Destroyer defeated."""
    s = t.s
    return bool(s.flags.get("the_one")) and any(
        s.defs[c] == "sentinel_destroyer" for c in s.piles["defeated_enemies"])


@hook("tear_apart_ship")
def tear_apart_ship(t: Table, task: dict) -> None:
    """LE-CARD-33/34: Sentinel Destroyer never strikes; it tears apart the ship instead. That can't
    be avoided, only reduced by paying Attack. Then it calls in a Hull Cutter Sentinel."""
    s = t.s
    steps = min(SHIP_DAMAGE, s.turn.attack // SHIP_REPAIR_COST)
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
        t.emit("pool_changed", "", recruit=s.turn.recruit, attack=s.turn.attack)
    if SHIP_DAMAGE - paid:
        t.change_time(-(SHIP_DAMAGE - paid), f"{t.name(task['src'])} tears apart the ship")
    if s.result:
        return
    cutter = next((c for c in s.piles["extras"] if s.defs[c] == "hull_cutter_sentinel"), None)
    if cutter is not None:
        t.move(cutter, "extras", "real_world", face_up=True, text=f"{t.name(cutter)} enters the Real World")
