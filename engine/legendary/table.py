"""The Legendary working context of one command (an ``engine.core.table.BaseTable``).

What Legendary adds to the shared context: card effects by timing, the Avatar names, drawing with
reshuffles, the Time Track, damage and the game end.
"""
from __future__ import annotations

from typing import Any

from engine.core.results import Decision, Event
from engine.core.table import BaseTable
from engine.legendary.carddb import CardDB
from engine.legendary.state import State, pp

# Piles in the players' words (event texts, the undo refusal): the table's own, then a player's.
PILE_WORDS = {"zion": "Zion", "hovercraft": "the Hovercraft stack", "strikes": "the Strike deck",
              "strike_discard": "the Strike discard pile", "matrix_deck": "the Matrix Deck",
              "combat": "the Combat Zone", "operations": "Operations", "real_world": "the Real World",
              "discarded": "the Discarded pile", "defeated_enemies": "the Defeated Enemies",
              "defeated_heroes": "the Defeated Heroes", "removed": "the cards removed from the game",
              "out_of_play": "the cards out of play"}
SEAT_PILE_WORDS = {"deck": "deck", "discard": "discard pile", "hand": "hand", "play": "cards in play",
                   "strikes": "Strikes", "scars": "scars", "beside": "Enemies beside them",
                   "coordinated": "coordinated cards", "hidden": "hidden card"}


class Table(BaseTable[CardDB, State]):
    """The card database, the state being changed, its task stack and the events so far."""

    __slots__ = ()

    def acting_seat(self) -> int | None:
        """The deciding seat while a decision is pending, else the active player (None once over)."""
        s = self.s
        if s.result:
            return None
        return s.decision.seat if s.decision is not None else s.active

    def seat_name(self, seat: int) -> str:
        return self.player_name(seat)

    def decision_data(self, d: Decision) -> dict[str, Any]:
        """The ``decision`` event's data with its kind (``view.events_for`` hides a hand's options)."""
        return {**super().decision_data(d), "choice": d.kind}

    # --- looking things up ---------------------------------------------------------------------

    def fx(self, cid: int, attr: str) -> list[dict]:
        if cid in self.s.blank and attr in ("reveal", "fight", "strike", "complete", "matrix_row",
                                            "combat_zone"):
            return []  # a completed Challenge blanked these abilities (LE-CARD-40)
        return self.db.fx(self.s.defs[cid], attr)

    def keywords(self, cid: int) -> tuple[str, ...] | list[str]:
        """The keyword abilities ``cid`` has now: none once a completed Challenge blanked it
        (LE-CARD-40: keywords are abilities too)."""
        if cid in self.s.blank:
            return ()
        return getattr(self.card(cid), "keywords", ())

    def classes(self, cid: int) -> list[str]:
        """The classes ``cid`` counts as this turn: the class picked when it was played for a card
        whose class is chosen on play (LE-CARD-47), else the printed ones."""
        chosen = self.s.turn.chosen_classes.get(str(cid))
        return [chosen] if chosen else list(getattr(self.card(cid), "classes", []))

    @property
    def mat(self) -> Any:
        return self.db.playmat

    def pile_words(self, pile: str) -> str:
        """A pile as the players call it: "Zion", "Trinity's deck", "the Defeated Enemies"."""
        if pile.startswith("p") and "." in pile:
            seat, name = pile[1:].split(".", 1)
            if seat.isdigit() and int(seat) < len(self.s.players):
                return f"{self.player_name(int(seat))}'s {SEAT_PILE_WORDS.get(name, name)}"
        return PILE_WORDS.get(pile, pile.replace("_", " "))

    def player_name(self, seat: int) -> str:
        av = self.s.players[seat].avatar
        c = self.card(av)
        if av in self.s.flipped and c.back_name:
            return c.back_name
        return c.name

    def health(self, seat: int) -> int:
        p = self.s.players[seat]
        return self.card(p.avatar).health + p.health_bonus

    def pool_changed(self, text: str = "") -> None:
        """Tell the table the Recruit and Attack pools changed (the event carries both)."""
        self.emit("pool_changed", text, recruit=self.s.turn.recruit, attack=self.s.turn.attack)

    def damage(self, seat: int) -> int:
        """Strike damage plus 1 per scar (LE-STRIKE-06, LE-CAMPAIGN-17)."""
        total = sum(self.card(c).damage for c in self.s.piles[pp(seat, "strikes")])
        return total + len(self.s.piles[pp(seat, "scars")])

    def living(self) -> list[int]:
        return [p.seat for p in self.s.players if not p.defeated]

    def next_seat(self, seat: int) -> int:
        """The next undefeated player clockwise; a lone player is their own next (LE-TERM-05)."""
        n = len(self.s.players)
        for step in range(1, n + 1):
            cand = (seat + step) % n
            if not self.s.players[cand].defeated:
                return cand
        return seat

    def clockwise_from_active(self) -> list[int]:
        """Active player first, then clockwise (LE-TIMING-07)."""
        n = len(self.s.players)
        order = [(self.s.active + i) % n for i in range(n)]
        return [x for x in order if not self.s.players[x].defeated]

    # --- piles ----------------------------------------------------------------------------------

    def move(self, cid: int, src: str, dst: str, *, face_up: bool | None = None,
             bottom: bool = False, text: str = "") -> None:
        """Move one card between piles (to the top unless ``bottom``)."""
        s = self.s
        piles = s.piles
        piles[src].remove(cid)
        if bottom:
            piles[dst].insert(0, cid)
        else:
            piles[dst].append(cid)
        if face_up is True:
            s.face_up.add(cid)
        elif face_up is False:
            s.face_up.discard(cid)
        # the most frequent event: built directly rather than through ``emit``
        self.events.append(Event("card_moved", {"card": cid, "src": src, "dst": dst,
                                                "face_up": cid in s.face_up}, text))

    def shuffle(self, pile: str) -> None:
        self.shuffle_pile(pile)
        words = self.pile_words(pile)
        self.emit("shuffled", f"{words[0].upper()}{words[1:]} is shuffled", pile=pile)

    def refill_deck(self, seat: int) -> bool:
        """Shuffle the discard pile into an empty deck (LE-CLEANUP-03/04); False if both empty."""
        return self.deck_ready(seat, pp(seat, "deck"), pp(seat, "discard"))

    def reshuffled(self, seat: int, cards: list[int]) -> None:
        for c in cards:
            self.s.face_up.discard(c)
        pile = pp(seat, "deck")
        self.emit("shuffled", "", pile=pile)  # (said by the next event, in words)
        self.emit("deck_reshuffled", f"{self.player_name(seat)} shuffles their discard pile into a new deck",
                  seat=seat, count=len(cards))

    def draw(self, seat: int, n: int) -> list[int]:
        """Draw up to ``n`` cards; "when you draw this" effects are queued after the whole draw."""
        drawn: list[int] = []
        piles = self.s.piles
        deck, hand = pp(seat, "deck"), pp(seat, "hand")
        for _ in range(n):
            if not piles[deck] and not self.refill_deck(seat):
                break
            cid = piles[deck][-1]
            self.move(cid, deck, hand)
            drawn.append(cid)
        if drawn:
            self.emit("cards_drawn", f"{self.player_name(seat)} draws {len(drawn)}", seat=seat,
                      count=len(drawn))
        # LE-CLEANUP-06: resolve on-draw effects only after the draw is finished (flow's
        # "when_drawn" task, which orders them, LE-TIMING-09).
        on_draw, defs = self.db.index.on_draw, self.s.defs
        waiting = [cid for cid in drawn if defs[cid] in on_draw]
        if waiting:
            self.s.stack.append({"op": "when_drawn", "cards": waiting, "seat": seat})
        return drawn

    # --- time, damage, end ----------------------------------------------------------------------

    def change_time(self, delta: int, cause: str) -> None:
        if delta == 0 or self.s.over:
            return
        before = self.s.time
        self.s.time = max(0, before + delta)
        self.emit("time_changed", f"Time Track {before} -> {self.s.time} ({cause})",
                  before=before, after=self.s.time, cause=cause)
        if self.s.time <= 0:
            self.end_game("loss:time", "LE-TIME-02", "the Time Track reached 0")
        elif self.s.mods.time_watch is not None:
            from engine.legendary.acts import registry  # here: the Act modules import this one

            registry().effect(self.s.mods.time_watch)(self, {"seat": self.s.active})

    def end_game(self, result: str, rule: str, cause: str) -> None:
        """End the game with ``result``; the rule and the cause in words stay in ``s.ending``."""
        if self.s.result:
            return
        self.s.result = result
        self.s.ending = {"rule": rule, "cause": cause}
        self.s.stack.clear()
        self.s.decision = None
        self.s.phase = "over"
        self.emit("game_over", f"{rule}: {cause}", result=result)

    def push_fx(self, effects: list[dict], src: int, seat: int, **extra: Any) -> None:
        self.push(*({"op": "fx", "fx": e, "src": src, "seat": seat, **extra} for e in effects))
