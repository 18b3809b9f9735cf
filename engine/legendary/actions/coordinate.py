"""Coordinate: another player sets a Coordinate card aside for the active player (``coordinate``), or a
player alone discards one to draw (``solo-discard``)."""
from __future__ import annotations

from operator import attrgetter

from engine.core.actions import Action
from engine.core.commands import ByArg, Command
from engine.core.results import Rejection
from engine.legendary.actions.common import HAND, MAX_SEATS, R, gate, named_card
from engine.legendary.state import pp
from engine.legendary.table import Table

COORDINATE_CMD = tuple(ByArg("coordinate", seat) for seat in range(MAX_SEATS))  # by seat, by card
SOLO_DISCARD_CMD = ByArg("solo-discard")  # by card


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
    cid = named_card(t, cmd, "card")
    if isinstance(cid, Rejection):
        return cid
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


def check_solo_discard(t: Table, cmd: Command) -> Rejection | None:
    if (r := gate(t, cmd)) is not None:
        return r
    s = t.s
    if len(t.living()) != 1:
        return R("LE-KEYWORD-06", "only a player alone in the game may discard to draw")
    cid = named_card(t, cmd, "card")
    if isinstance(cid, Rejection):
        return cid
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


_defeated = attrgetter("defeated")


def legal_solo_discard(t: Table) -> list[Command]:
    """A player alone in the game: Coordinate cards in hand (one a turn unless unlimited)."""
    s = t.s
    if list(map(_defeated, s.players)).count(False) != 1:
        return []
    ix = t.db.index
    ids, defs = ix.coordinate_unlimited if s.turn.solo_discard_used else ix.coordinate, s.defs
    return [SOLO_DISCARD_CMD[cid] for cid in s.piles[HAND[s.active]] if defs[cid] in ids]


COORDINATE = Action("coordinate", "@SEAT coordinate CARD: set a Coordinate card aside for the active "
                    "player and draw a replacement", check_coordinate, do_coordinate, legal_coordinate)
SOLO_DISCARD = Action("solo-discard", "solo-discard CARD: alone in the game, discard a Coordinate card to "
                      "draw one", check_solo_discard, do_solo_discard, legal_solo_discard)
