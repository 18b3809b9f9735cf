"""The Legendary commands: each verb's check and perform (``actions``), its usage text and the
generator of its legal commands, registered explicitly in ``ACTIONS`` at the bottom.

A generator lists, from the state, exactly the commands of its verb that the check accepts now:
it walks only what could be used (the hand, the Dock, the Row, what Attack and Recruit afford)
instead of trying every candidate. ``check`` stays the single judge; the fuzz tests hold the
generated lists equal to the checked ones.
"""
from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any

from engine.core.actions import ActionRegistry, legal_choices
from engine.core.commands import ByArg, Command, command
from engine.core.results import Rejection
from engine.legendary import actions as a
from engine.legendary import effects, flow, stall
from engine.legendary import row as rowmod
from engine.legendary.acts import ActCommand, registry
from engine.legendary.state import dock, pp
from engine.legendary.table import Table


def is_open(t: Table) -> bool:
    """The shared preconditions of every Action Phase command (``actions._gate``)."""
    s = t.s
    return not s.result and s.decision is None and s.phase == "action" and not s.stack


def restrict(t: Table, cmds: list[Command]) -> list[Command]:
    """Only the commands that pass the restrictions the Acts add, of those in force now."""
    for limit in registry().restrictions:
        if limit.in_force(t):
            cmds = [c for c in cmds if limit.check(t, c) is None]
    return cmds


ROWS = rowmod.ROWS
MAX_SEATS = 6  # more than any game seats (LE-GEN-01)
DOCKS = tuple(dock(i) for i in range(8))  # the usual Dock spaces' pile names
HAND, PLAY, COORDINATED, BESIDE = (tuple(pp(i, name) for i in range(MAX_SEATS))
                                   for name in ("hand", "play", "coordinated", "beside"))
# The one-argument commands, by argument (engine.core.commands.ByArg).
PLAY_CMD, USE_CMD, SACRIFICE_CMD, RECRUIT_CMD, SCAN_CMD, FIGHT_CMD, BUYTIME_CMD, EVADE_CMD, \
    COMPLETE_CMD, SOLO_DISCARD_CMD = (ByArg(verb) for verb in (
        "play", "use", "sacrifice", "recruit", "scan", "fight", "buytime", "evade", "complete",
        "solo-discard"))
COORDINATE_CMD = tuple(ByArg("coordinate", seat) for seat in range(MAX_SEATS))
MOVE_IN, MOVE_OUT = command("move", ("matrix",)), command("move", ("real",))


def _docks(t: Table) -> tuple[str, ...]:
    n = t.db.playmat.dock_spaces
    return DOCKS[:n] if n <= len(DOCKS) else tuple(dock(i) for i in range(n))


def _in_matrix(t: Table) -> bool:
    return t.s.players[t.s.active].in_matrix


# The generators below run on every command: they read the card database's index (``CardIndex``)
# once, stop at once where nothing can be listed, and look at card data only for what is left.

# --- play, use, sacrifice, coordinate ---------------------------------------------------------------


def legal_play(t: Table) -> list[Command]:
    """Heroes in the active player's hand; copies of cards others coordinated, not yet played."""
    s = t.s
    piles, defs, heroes = s.piles, s.defs, t.db.index.heroes
    out = [PLAY_CMD[cid] for cid in piles[HAND[s.active]] if defs[cid] in heroes]
    coordinated = COORDINATED[:len(s.players)]
    if any(map(piles.__getitem__, coordinated)):  # most lists: nobody has coordinated a card
        virtual = s.turn.virtual
        for seat, name in enumerate(coordinated):
            if seat != s.active:
                out += [PLAY_CMD[cid] for cid in piles[name] if cid not in virtual]
    return out


def legal_use(t: Table) -> list[Command]:
    """Played cards with an unused 'Once this turn' effect."""
    s = t.s
    played, ids, defs = s.turn.played, t.db.index.once_this_turn, s.defs
    if ids.isdisjoint(map(defs.__getitem__, played)):
        return []
    return [USE_CMD[cid] for cid in dict.fromkeys(played)
            if defs[cid] in ids and cid not in s.turn.once_used]


def legal_sacrifice(t: Table) -> list[Command]:
    """Cards in the play area with a Sacrifice ability (not virtual copies)."""
    s = t.s
    played, ids, defs = s.turn.played, t.db.index.sacrifice, s.defs
    if ids.isdisjoint(map(defs.__getitem__, played)):
        return []
    play = s.piles[PLAY[s.active]]
    return [SACRIFICE_CMD[cid] for cid in dict.fromkeys(played)
            if defs[cid] in ids and cid not in s.turn.virtual and cid in play]


def legal_coordinate(t: Table) -> list[Command]:
    """Other undefeated players' Coordinate cards (one a turn each, unless unlimited)."""
    s = t.s
    ix, piles, defs = t.db.index, s.piles, s.defs
    out = []
    for p in s.players:
        if p.seat != s.active and not p.defeated:
            ids = ix.coordinate_unlimited if p.coordinated_this_turn else ix.coordinate
            hand = piles[HAND[p.seat]]
            if not ids.isdisjoint(map(defs.__getitem__, hand)):  # most hands hold none
                by_card = COORDINATE_CMD[p.seat]
                out += [by_card[cid] for cid in hand if defs[cid] in ids]
    return out


_defeated = attrgetter("defeated")


def legal_solo_discard(t: Table) -> list[Command]:
    """A player alone in the game: Coordinate cards in hand (one a turn unless unlimited)."""
    s = t.s
    if list(map(_defeated, s.players)).count(False) != 1:
        return []
    ix = t.db.index
    ids, defs = ix.coordinate_unlimited if s.turn.solo_discard_used else ix.coordinate, s.defs
    return [SOLO_DISCARD_CMD[cid] for cid in s.piles[HAND[s.active]] if defs[cid] in ids]


# --- recruit, move, scan ----------------------------------------------------------------------------


def legal_recruit(t: Table) -> list[Command]:
    """Dock Heroes and a Hovercraft the Recruit pool affords, from the world that allows it."""
    s = t.s
    pool, piles = s.turn.recruit, s.piles
    cards, defs = t.db.cards, s.defs
    # (command, allowed from the Matrix without a permission) for what the pool affords
    affordable = [(RECRUIT_CMD[cid], "digital" in c.keywords)
                  for name in _docks(t) for cid in piles[name]
                  if pool >= (c := cards[defs[cid]]).cost]
    if pool >= 3 and piles["hovercraft"]:
        affordable.append((RECRUIT_CMD["hovercraft"], False))
    if not affordable:
        return []
    if s.players[s.active].in_matrix and not all(ok for _, ok in affordable) \
            and not effects.allowed(t, "recruit_in_matrix"):
        affordable = [(cmd, ok) for cmd, ok in affordable if ok]
    if not affordable or effects.prohibition(t, "recruit") is not None:
        return []
    return [cmd for cmd, _ in affordable]


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


# --- fight, complete, Buy Time, Evade ---------------------------------------------------------------


def _row_occupants(piles: dict[str, list[int]]) -> list[int]:
    """Each Row space's occupant, left to right (not what is attached)."""
    return [p[0] for p in map(piles.__getitem__, ROWS) if p]


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
    return [(cid, t.db.cards[defs[cid]]) for cid in (*piles["combat"], *_row_occupants(piles))
            if defs[cid] in ids and cid in face_up and cid != s.inevitable and cid not in s.blank]


def legal_buytime(t: Table) -> list[Command]:
    """Face-up Buy Time Enemies in the Matrix not yet distracted, when the pool covers the cost."""
    s = t.s
    ix = t.db.index
    cheapest = ix.least_buy_time_cost
    if cheapest is None or s.turn.attack < cheapest or not s.players[s.active].in_matrix:
        return []
    return [BUYTIME_CMD[cid] for cid, c in _matrix_enemies_in(t, ix.buy_time)
            if cid not in s.turn.bought_time and s.turn.attack >= c.buy_time_cost]


def legal_evade(t: Table) -> list[Command]:
    """Face-up Evade Enemies in the Matrix, while a Row space is clear and the pool covers it."""
    s = t.s
    ix = t.db.index
    cheapest = ix.least_evade_cost
    if cheapest is None or s.turn.attack < cheapest or all(map(s.piles.__getitem__, ROWS)):
        return []
    return [EVADE_CMD[cid] for cid, c in _matrix_enemies_in(t, ix.evade) if s.turn.attack >= c.evade_cost]


def legal_complete(t: Table) -> list[Command]:
    """Face-up Challenges in the player's world whose condition holds and whose cost the pools
    cover; a "Recruit or Attack" cost is listed once per pool that pays it."""
    s = t.s
    piles, defs = s.piles, s.defs
    if s.players[s.active].in_matrix:
        places = [*piles["combat"], *_row_occupants(piles), *piles["operations"]]
    else:
        places = piles["real_world"]
    challenges = t.db.index.challenges
    if challenges.isdisjoint(map(defs.__getitem__, places)):
        return []  # most lists: no Challenge where the player is
    cards, face_up = t.db.cards, s.face_up
    out = []
    for cid in places:
        if defs[cid] not in challenges or cid == s.inevitable or cid not in face_up:
            continue
        c = cards[defs[cid]]
        rec, atk = s.turn.recruit - c.cost_recruit, s.turn.attack - c.cost_attack
        if rec < 0 or atk < 0:
            continue
        if c.condition == "dock_groups_4" and a.dock_groups(t) < 4:
            continue
        if c.condition == "hook" and not registry().query(c.condition_hook)(t):
            continue
        if not c.cost_either:
            out.append(COMPLETE_CMD[cid])
            continue
        for pool, have in (("recruit", rec), ("attack", atk)):
            if have >= c.cost_either:
                out.append(command("complete", (cid, pool)))
    return out


# --- objective, Time, the end -----------------------------------------------------------------------


def legal_objective(t: Table) -> list[Command]:
    """The current Part's Objective, once it is met."""
    return [command("objective")] if flow.objective_met(t) else []


def legal_minor_victory(t: Table) -> list[Command]:
    """A Minor Victory, when the Part offers one outside Traitor modes."""
    if flow.current_part(t).minor_victory and not t.s.setup.get("traitor"):
        return [command("minor-victory")]
    return []


def legal_concede(t: Table) -> list[Command]:
    """Giving the game up, offered once the game has stalled or nobody has a card left
    (``stall.offered``); asked for, it is accepted at any time."""
    return [command("concede")] if stall.offered(t) else []


END = command("end")


def legal_end(t: Table) -> tuple[Command]:
    """Ending the Action Phase is always possible in it."""
    return (END,)


def legal_choose(t: Table) -> Iterator[Command]:
    """Each option of the pending decision."""
    if not t.s.result:
        yield from legal_choices(t.s.decision)


ACTIONS: ActionRegistry[Table] = ActionRegistry(is_open, restrict)
ACTIONS.add("play", "play CARD: play a card from your hand, or the copy of a coordinated card",
            a.check_play, a.do_play, legal_play)
ACTIONS.add("use", "use CARD: use a played card's 'Once this turn' effect",
            a.check_use, a.do_use, legal_use)
ACTIONS.add("sacrifice", "sacrifice CARD: defeat a played card for its Sacrifice effect",
            a.check_sacrifice, a.do_sacrifice, legal_sacrifice)
ACTIONS.add("recruit", "recruit CARD | recruit hovercraft: pay Recruit for a Dock Hero or a Hovercraft",
            a.check_recruit, a.do_recruit, legal_recruit)
ACTIONS.add("move", "move matrix | move real [PHONE]: your move; leaving with the free move needs a "
            "phone (alley, subway, or combat for the 3-Attack pay phone); without a phone it uses an "
            "extra move", a.check_move, a.do_move, legal_move)
ACTIONS.add("scan", "scan SPACE: pay a Row space's Scan Cost (spaces 0-4, left to right) to reveal it",
            a.check_scan, a.do_scan, legal_scan)
ACTIONS.add("fight", "fight CARD: pay an Enemy's Attack to defeat it",
            a.check_fight, a.do_fight, legal_fight)
ACTIONS.add("complete", "complete CARD [recruit|attack]: pay or meet a Challenge's cost",
            a.check_complete, a.do_complete, legal_complete)
ACTIONS.add("buytime", "buytime CARD: pay 5 Attack so a Buy Time Agent does not strike this turn",
            a.check_buytime, a.do_buytime, legal_buytime)
ACTIONS.add("evade", "evade CARD: pay an Evade Enemy's cost to move it to the rightmost clear Row space",
            a.check_evade, a.do_evade, legal_evade)
ACTIONS.add("objective", "objective: complete the current Part's Objective (you may wait)",
            a.check_objective, a.do_objective, legal_objective)
ACTIONS.add("minor-victory", "minor-victory: end the game now with a Minor Victory, when offered",
            a.check_minor_victory, a.do_minor_victory, legal_minor_victory)
ACTIONS.add("concede", "concede: the players give the game up (everyone loses); listed among the "
            "legal moves once the game has stalled or nobody has a card left", a.check_concede,
            a.do_concede, legal_concede)
ACTIONS.add("end", "end: end your Action Phase (then the Strike and Cleanup Phases run)",
            a.check_end, a.do_end, legal_end)
ACTIONS.add("coordinate", "@SEAT coordinate CARD: set a Coordinate card aside for the active player "
            "and draw a replacement", a.check_coordinate, a.do_coordinate, legal_coordinate)
ACTIONS.add("solo-discard", "solo-discard CARD: alone in the game, discard a Coordinate card to draw one",
            a.check_solo_discard, a.do_solo_discard, legal_solo_discard)
ACTIONS.add("choose", "choose K: answer the pending decision with option K (0-based)",
            a.check_choose, a.do_choose, legal_choose, gated=False)


def _act_action(cmd: ActCommand) -> None:
    """Register a command an Act brings: checked after the shared preconditions, listed when its
    candidates pass that check."""
    def check(t: Table, c: Command) -> Rejection | None:
        return a.gate(t, c) or cmd.check(t, c)

    def legal(t: Table) -> list[Command]:
        return [c for c in cmd.candidates(t) if cmd.check(t, c) is None]

    ACTIONS.add(cmd.verb, cmd.usage, check, cmd.perform, legal)


for _cmd in registry().commands.values():
    _act_action(_cmd)
