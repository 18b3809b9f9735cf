"""Playing cards (``play``), then a played card's 'Once this turn' effect (``use``) and its Sacrifice
(``sacrifice``): each verb's check, perform and legal-command generator."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.commands import ByArg, Command
from engine.core.results import Rejection
from engine.legendary.actions.common import COORDINATED, HAND, PLAY_AREA, R, target
from engine.legendary.state import pp
from engine.legendary.table import Table

PLAY_CMD, USE_CMD, SACRIFICE_CMD = ByArg("play"), ByArg("use"), ByArg("sacrifice")  # by card


def _coordinated_by(t: Table, cid: int) -> int | None:
    for p in t.s.players:
        if p.seat != t.s.active and cid in t.s.piles[pp(p.seat, "coordinated")]:
            return p.seat
    return None


def check_play(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "card")
    if isinstance(cid, Rejection):
        return cid
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


def check_use(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "card")
    if isinstance(cid, Rejection):
        return cid
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


def legal_use(t: Table) -> list[Command]:
    """Played cards with an unused 'Once this turn' effect."""
    s = t.s
    played, ids, defs = s.turn.played, t.db.index.once_this_turn, s.defs
    if ids.isdisjoint(map(defs.__getitem__, played)):
        return []
    return [USE_CMD[cid] for cid in dict.fromkeys(played)
            if defs[cid] in ids and cid not in s.turn.once_used]


def check_sacrifice(t: Table, cmd: Command) -> Rejection | None:
    cid = target(t, cmd, "card")
    if isinstance(cid, Rejection):
        return cid
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


def legal_sacrifice(t: Table) -> list[Command]:
    """Cards in the play area with a Sacrifice ability (not virtual copies)."""
    s = t.s
    played, ids, defs = s.turn.played, t.db.index.sacrifice, s.defs
    if ids.isdisjoint(map(defs.__getitem__, played)):
        return []
    play = s.piles[PLAY_AREA[s.active]]
    return [SACRIFICE_CMD[cid] for cid in dict.fromkeys(played)
            if defs[cid] in ids and cid not in s.turn.virtual and cid in play]


PLAY = Action("play", "play CARD: play a card from your hand, or the copy of a coordinated card",
              check_play, do_play, legal_play)
USE = Action("use", "use CARD: use a played card's 'Once this turn' effect", check_use, do_use, legal_use)
SACRIFICE = Action("sacrifice", "sacrifice CARD: defeat a played card for its Sacrifice effect",
                   check_sacrifice, do_sacrifice, legal_sacrifice)
