"""The per-command context of the Expedition: chits and their slots, cups, counters and dice.

``Table`` adds to the core ``BaseTable`` what the Matrix Phase needs: where each chit lies in a
player's Matrix, drawing from and returning to the cups (EX-RETURN-05), a chit's legality for a
region (EX-DISC-05), the Wasteland (EX-RUMOR-04), and the sheet's counters.
"""
from __future__ import annotations

from typing import Any

from engine.core.table import BaseTable
from engine.expedition import schema
from engine.expedition.chitdb import ChitDB, ChitModel
from engine.expedition.grid import SLOTS, Slot, cross, label
from engine.expedition.state import CUPS, Sheet, State, slot_pile

# Event kinds after which undo would let a player take back what chance showed.
REVEALING = frozenset({"chit_drawn", "die_rolled"})


class Table(BaseTable[ChitDB, State]):
    """The chit database, the state being changed, its task stack and the events so far."""

    __slots__ = ()

    def acting_seat(self) -> int | None:
        return acting_seat(self.s)

    def seat_name(self, seat: int) -> str:
        return self.s.sheets[seat].name

    # --- chits -------------------------------------------------------------------------------

    def chit(self, cid: int) -> ChitModel:
        return self.db.cards[self.s.defs[cid]]

    def kind(self, cid: int) -> str:
        return self.chit(cid).kind

    def sheet(self, seat: int) -> Sheet:
        return self.s.sheets[seat]

    def at(self, seat: int, slot: tuple[int, int]) -> list[int]:
        """The chits in one slot of ``seat``'s Matrix (the pile itself)."""
        return self.s.piles[slot_pile(seat, slot)]

    def kind_at(self, seat: int, slot: tuple[int, int], kind: str) -> int | None:
        """The chit of ``kind`` in the slot, if any (EX-GRID-05: at most one of each)."""
        return next((c for c in self.at(seat, slot) if self.kind(c) == kind), None)

    def encounter_type(self, cid: int) -> str:
        c = self.chit(cid)
        return c.type if isinstance(c, schema.Encounter) else ""

    def is_host(self, cid: int) -> bool:
        """A Village Encounter or a Kingdom Discovery: what a Rumor may sit on (EX-RUMOR-01)."""
        c = self.chit(cid)
        return (isinstance(c, schema.Encounter) and c.type == "village") or \
            (isinstance(c, schema.Discovery) and c.kingdom)

    def legal_here(self, seat: int, cid: int) -> bool:
        """EX-DISC-05: a chit is legal if one of its dots matches the region; no dots: always."""
        dots = getattr(self.chit(cid), "dots", ())
        return not dots or self.sheet(seat).region in dots

    def slot_of(self, seat: int, cid: int) -> Slot | None:
        for slot in SLOTS:
            if cid in self.at(seat, slot):
                return slot
        return None

    def wasteland(self, seat: int) -> list[Slot]:
        """EX-RUMOR-04: the activated Rumor's slot and its orthogonal neighbours ([] if none)."""
        rumor = self.sheet(seat).rumor
        if rumor is None:
            return []
        slot = self.slot_of(seat, rumor)
        return cross(slot) if slot is not None else []

    # --- moving chits --------------------------------------------------------------------------

    def draw(self, pool: str, seat: int, dst: str, why: str) -> int | None:
        """Draw one chit at random from a cup onto ``dst``; None (and an event) if the cup is empty."""
        cup = CUPS[pool]
        pile = self.s.piles[cup]
        if not pile:
            self.emit("cup_empty", f"The {pool} cup is empty: nothing is drawn ({why})", pool=pool,
                      seat=seat)
            return None
        cid = pile[self.below(len(pile))]
        self.take(cid, cup, dst)
        c = self.chit(cid)
        self.emit("chit_drawn", f"{self.seat_name(seat)} draws {c.name} ({why})", seat=seat, chit=cid,
                  name=c.name, chit_kind=c.kind, pool=pool, dst=dst, why=why)
        return cid

    def put(self, cid: int, src: str, dst: str, text: str) -> None:
        """Move a chit between the piles of the table (not to a cup)."""
        self.take(cid, src, dst)
        self.emit("chit_moved", text, chit=cid, name=self.chit(cid).name, src=src, dst=dst)

    def give_back(self, cid: int, src: str, rule: str, why: str) -> None:
        """EX-RETURN-05: a returned chit goes back to the cup it came from."""
        cup = CUPS[self.db.pool[self.s.defs[cid]]]
        self.take(cid, src, cup)
        name = self.chit(cid).name
        self.emit("chit_returned", f"{name} is returned ({rule}: {why})", chit=cid, name=name, src=src,
                  dst=cup, rule=rule)

    def give_back_at(self, seat: int, slot: tuple[int, int], cid: int, rule: str, why: str) -> None:
        self.give_back(cid, slot_pile(seat, slot), rule, why)
        if cid == self.sheet(seat).rumor:
            self.sheet(seat).rumor = None

    def drop_orphan_rumors(self, seat: int) -> None:
        """A Rumor that is not activated sits on its Village or Kingdom: without it, it is returned."""
        active = self.sheet(seat).rumor
        for slot in SLOTS:
            chits = self.at(seat, slot)
            for cid in list(chits):
                if self.kind(cid) == "rumor" and cid != active and not any(self.is_host(c) for c in chits):
                    self.give_back_at(seat, slot, cid, "EX-RUMOR-01", "its Village or Kingdom is gone")

    # --- counters and dice ---------------------------------------------------------------------

    def change(self, seat: int, counter: str, amount: int, cause: str) -> int:
        """Add ``amount`` to a counter (never below 0); the change actually made. A Time marker on
        Stop stays there (EX-TURN-06), whatever another player's Humility brings."""
        sh = self.sheet(seat)
        if counter == "time" and sh.done:
            return 0
        before = sh.counter(counter)
        after = max(0, before + amount)
        if after != before:
            setattr(sh, counter, after)
            self.emit("counter_changed", f"{sh.name}: {counter} {before} -> {after} ({cause})", seat=seat,
                      counter=counter, before=before, after=after, cause=cause)
        return after - before

    def apply_changes(self, seat: int, changes: Any, cause: str) -> dict[str, int]:
        """Apply a chit's changes; the amounts actually changed, by counter."""
        done: dict[str, int] = {}
        for ch in changes:
            d = self.change(seat, ch.counter, ch.amount, cause)
            if d:
                done[ch.counter] = done.get(ch.counter, 0) + d
        return done

    def d6(self, seat: int, why: str) -> int:
        n = self.below(6) + 1
        self.emit("die_rolled", f"{self.seat_name(seat)} rolls {n} ({why})", seat=seat, value=n, why=why)
        return n


def acting_seat(s: State) -> int | None:
    """Who must act now: the deciding player, else the player whose turn it is (None when over)."""
    if s.result:
        return None
    if s.decision is not None:
        return s.decision.seat
    return s.current


def slot_text(slot: tuple[int, int]) -> str:
    """``(2,4)`` or ``(1,3) Start here`` for prompts and options."""
    name = label(slot)
    return f"({slot[0]},{slot[1]})" + (f" {name}" if name and not name.isdigit() else "")
