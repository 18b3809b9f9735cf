"""Matrix Replay rules: the table helpers, the turn flow, roll contests and card effects.

The flow is a queue of segments (``State.queue``) and a stack of tasks (``State.tasks``, run by the
shared ``engine.core.tasks.TaskRunner``). ``run`` performs segments and tasks until a player must
act: a pending decision, or a pause step such as ``zion_draw`` or ``contest`` that waits for a
command (see ``actions.py``).
"""
from __future__ import annotations

from typing import Any

from engine.core.results import Decision
from engine.core.table import BaseTable
from engine.core.tasks import TaskRunner, take_answer
from engine.replay import schema
from engine.replay.carddb import CardModel, ReplayDB
from engine.replay.state import (
    HAND_LIMIT,
    HUMANS,
    MACHINES,
    MATRIX_SEGMENTS,
    MP_TO_WIN,
    REALITY_SEGMENTS,
    SIDE_NAMES,
    TIME_TO_WIN,
    TURN,
    Contest,
    State,
    pp,
)

# Piles whose cards both players see (the others: decks are hidden, hands only to their owner).
PUBLIC_PILES = frozenset({"p0.play", "p1.play", "p0.discard", "p1.discard", "p0.table", "p1.table",
                          "mission", "removed"})
# The steps that wait for one side's command, and the rule that gives that side the step.
STEP_OWNER = {"zion_draw": (HUMANS, "MR-TURN-04"), "zion_deploy": (HUMANS, "MR-CHAR-09"),
              "zero_one_draw": (MACHINES, "MR-TURN-05"), "zero_one_deploy": (MACHINES, "MR-CHAR-09"),
              "switch": (HUMANS, "MR-TURN-07"), "mission_choice": (HUMANS, "MR-MISSION-01"),
              "unplug": (HUMANS, "MR-MATRIX-09")}


def other(seat: int) -> int:
    return 1 - seat


# How a game can end: result -> (rule, cause in words). The view shows them on the end screen.
ENDINGS: dict[str, tuple[str, str]] = {
    "humans": ("MR-GEN-02", "20 Mission Points: Neo makes a truce with the Machines. The Humans win"),
    "machines:neo": ("MR-GEN-03", "Neo has left play. The Machines win"),
    "machines:neb": ("MR-REALITY-05", "the Nebuchadnezzar is destroyed. The Machines win"),
    "machines:zion": ("MR-GEN-05", "20 Time counters: the Robot Army destroys Zion. The Machines win"),
}


class Table(BaseTable[ReplayDB, State]):
    """The card database, the state being changed, its task stack and the events so far."""

    __slots__ = ()
    STACK_FIELD = "tasks"

    def acting_seat(self) -> int | None:
        return acting_seat(self.s)

    def seat_name(self, seat: int) -> str:
        return f"the {SIDE_NAMES[seat]}"

    def decided_text(self, seat: int, option: int) -> str:
        d = self.s.decision
        assert d is not None
        # A card chosen from one's own deck stays secret; every other choice is of public cards.
        what = "a card" if d.kind == "search" else d.options[option]
        return f"{SIDE_NAMES[seat]} choose {what}"

    def decision_data(self, d: Decision) -> dict[str, Any]:
        return {"seat": d.seat, "count": len(d.options), "rule": d.rule, "choice": d.kind}

    # --- looking things up ---------------------------------------------------------------------

    def card(self, cid: int) -> CardModel:
        return self.db.cards[self.s.defs[cid]]

    def def_id(self, cid: int) -> str:
        return self.s.defs[cid]

    def owner(self, cid: int) -> int:
        return HUMANS if self.db.side[self.s.defs[cid]] == "humans" else MACHINES

    def is_char(self, cid: int) -> bool:
        return isinstance(self.card(cid), schema.CharacterCard)

    def code(self, cid: int) -> str:
        c = self.card(cid)
        return c.code if isinstance(c, schema.CharacterCard) else ""

    def hand(self, seat: int) -> list[int]:
        return self.s.piles[pp(seat, "hand")]

    def in_play(self, seat: int) -> list[int]:
        return self.s.piles[pp(seat, "play")]

    def find_in_play(self, def_id: str) -> int | None:
        for seat in (HUMANS, MACHINES):
            for c in self.in_play(seat):
                if self.s.defs[c] == def_id:
                    return c
        return None

    def in_matrix(self, cid: int) -> bool:
        """MR-TURN-08, MR-CHAR-03/04/05: H with a counter, Rogue Programs and Agents are in the Matrix."""
        code = self.code(cid)
        if code == "H":
            return cid in self.s.plugged
        return code in ("RP", "A")

    def neutralized(self, cid: int) -> bool:
        return self.s.neutral.get(cid, -1) >= self.s.turn_no

    def humans_in_matrix(self) -> list[int]:
        """The Human's H characters carrying a Matrix counter."""
        return [c for c in self.in_play(HUMANS) if c in self.s.plugged]

    def humans_present(self) -> bool:
        """MR-MATRIX-02/06/07: the Matrix Phase needs a Human (H with a counter), not just an RP."""
        return bool(self.s.plugged)

    def neo(self) -> int | None:
        return next((c for c in self.in_play(HUMANS) if self.s.defs[c] == "neo"), None)

    def team(self, seat: int, team: str) -> list[int]:
        """Characters of ``seat`` that help in a contest of that team (MR-CHAR-06/07/08)."""
        out = []
        for c in self.in_play(seat):
            if self.neutralized(c):
                continue
            card = self.card(c)
            assert isinstance(card, schema.CharacterCard)
            if team == "neo_only":
                ok = self.s.defs[c] == "neo"
            elif team == "matrix":
                ok = self.in_matrix(c) or card.operator
            else:
                ok = not self.in_matrix(c)
            if ok:
                out.append(c)
        return out

    def char_bonus(self, seat: int, contest: Contest) -> int:
        total = 0
        for c in self.team(seat, contest.teams[seat]):
            card = self.card(c)
            assert isinstance(card, schema.CharacterCard)
            total += sum(m.amount for m in card.modifiers if m.roll == contest.roll)
            if contest.roll == "combat":
                total += self.s.lasting.get(c, 0)
        return total

    def total(self, seat: int) -> int:
        """MR-ROLL-01: die + Events + character modifiers (+ printed and whole-turn bonuses)."""
        k = self.s.contest
        assert k is not None
        return (k.dice[seat] + k.fixed[seat] + k.bonus[seat] + self.char_bonus(seat, k)
                + self.s.turn_bonus[seat])

    # --- piles ----------------------------------------------------------------------------------

    def move(self, cid: int, src: str, dst: str, text: str = "") -> None:
        """Move one card to the top of ``dst``; the event names the card only if a public pile is involved."""
        self.take(cid, src, dst)
        public = src in PUBLIC_PILES or dst in PUBLIC_PILES
        self.emit("card_moved", text, card=cid if public else None, name=self.name(cid) if public else None,
                  src=src, dst=dst)

    def shuffle(self, seat: int) -> None:
        pile = pp(seat, "deck")
        self.shuffle_pile(pile)
        self.emit("shuffled", f"{SIDE_NAMES[seat]} shuffle their deck", pile=pile, seat=seat)

    def d10(self) -> int:
        return self.below(10) + 1

    def refill(self, seat: int) -> bool:
        """MR-TURN-06: an empty deck takes the shuffled discard pile; False if both are empty."""
        return self.deck_ready(seat, pp(seat, "deck"), pp(seat, "discard"))

    def reshuffled(self, seat: int, cards: list[int]) -> None:
        self.emit("deck_reshuffled", f"{SIDE_NAMES[seat]} shuffle their discard pile into a new deck",
                  seat=seat, count=len(cards))

    def draw(self, seat: int, n: int) -> int:
        drawn = 0
        for _ in range(n):
            if not self.refill(seat):
                self.emit("deck_empty", f"{SIDE_NAMES[seat]} have no cards left to draw", seat=seat)
                break
            cid = self.s.piles[pp(seat, "deck")].pop()
            self.s.piles[pp(seat, "hand")].append(cid)
            drawn += 1
        if drawn:
            self.emit("cards_drawn", f"{SIDE_NAMES[seat]} draw {drawn} card{'s' * (drawn != 1)}",
                      seat=seat, count=drawn)
        return drawn

    def discard_from_hand(self, seat: int, cid: int, why: str) -> None:
        self.move(cid, pp(seat, "hand"), pp(seat, "discard"),
                  f"{SIDE_NAMES[seat]} discard {self.name(cid)} ({why})")

    def kill(self, cid: int, why: str) -> None:
        """MR-CHAR-01: a killed character goes to its owner's discard pile, with its counter and bonuses."""
        seat = self.owner(cid)
        self.s.plugged.discard(cid)
        self.s.neutral.pop(cid, None)
        self.s.lasting.pop(cid, None)  # MR-EFFECT-04: a lasting bonus ends when its character leaves
        self.move(cid, pp(seat, "play"), pp(seat, "discard"), f"{self.name(cid)} is killed ({why})")
        self.emit("character_killed", f"{self.name(cid)} leaves play", card=cid, seat=seat, why=why)
        if self.s.defs[cid] == "neo":
            self.end("machines:neo")

    # --- counters and the end ------------------------------------------------------------------

    def change_time(self, delta: int, cause: str) -> None:
        before = self.s.time
        self.s.time = max(0, before + delta)
        self.emit("time_changed", f"Time Pile {before} -> {self.s.time} ({cause})",
                  before=before, after=self.s.time, cause=cause)
        if self.s.time >= TIME_TO_WIN:
            self.end("machines:zion")

    def gain_mp(self, n: int, cause: str) -> None:
        before = self.s.mp
        self.s.mp += n
        self.emit("mp_changed", f"Mission Points {before} -> {self.s.mp} ({cause})",
                  before=before, after=self.s.mp, cause=cause)
        if self.s.mp >= MP_TO_WIN:
            self.end("humans")

    def end(self, result: str) -> None:
        """MR-GEN-06: the game ends the moment a victory condition holds (``ENDINGS[result]``)."""
        s = self.s
        if s.result:
            return
        s.result = result
        s.phase = "over"
        s.step = ""
        s.decision = None
        s.tasks.clear()
        s.queue.clear()
        rule, cause = ENDINGS[result]
        self.emit("game_over", f"{rule}: {cause}", result=result)

    # --- decisions -----------------------------------------------------------------------------

    def ask_card(self, task: dict[str, Any], seat: int, prompt: str, cards: list[int], rule: str,
                 kind: str) -> None:
        """Suspend ``task`` on a choice among ``cards``; ``choose K`` resumes it with ``answer = K``."""
        task["cards"] = list(cards)
        self.ask(task, seat, prompt, [f"{self.name(c)} (#{c})" for c in cards], rule, kind)


# --- the flow ------------------------------------------------------------------------------------


def run(t: Table) -> None:
    """Advance until a player must act or the game is over."""
    s = t.s
    while not s.result:
        TASKS.run(t)
        if s.result or s.decision is not None:
            return
        if s.step:
            if _step_still_open(t):
                return
            continue
        if not s.queue:
            s.queue = list(TURN)
        SEGMENTS[s.queue.pop(0)](t)


def _step_still_open(t: Table) -> bool:
    """An instant Event may have taken the last Human out of the Matrix during a Matrix step."""
    s = t.s
    if s.step in ("mission_choice", "unplug") and not t.humans_present():
        s.step = ""
        _left_matrix(t)
        return False
    return True


def acting_seat(s: State) -> int | None:
    """Who must act now (None when the game is over or the flow is mid-way)."""
    if s.result:
        return None
    if s.decision is not None:
        return s.decision.seat
    if s.step == "contest":
        assert s.contest is not None
        return s.contest.to_act
    if s.step in STEP_OWNER:
        return STEP_OWNER[s.step][0]
    return None


def _seg_time(t: Table) -> None:
    s = t.s
    s.turn_no += 1
    s.phase = "time"
    t.emit("turn_started", f"Turn {s.turn_no}", turn=s.turn_no)
    t.change_time(1, "MR-TURN-02: Time Phase")
    if s.result:
        return
    # MR-TURN-03: both players, each choosing their own discards; the Humans first.
    for seat in (HUMANS, MACHINES):
        excess = len(t.hand(seat)) - HAND_LIMIT
        if excess > 0:
            s.tasks.insert(0, {"op": "discard_hand", "seat": seat, "left": excess, "rule": "MR-TURN-03",
                               "why": "hand limit 10"})


def _seg_zion(t: Table) -> None:
    t.s.phase = "zion"
    t.refill(HUMANS)
    t.s.step = "zion_draw"


def _seg_zero_one(t: Table) -> None:
    t.s.phase = "zero_one"
    t.refill(MACHINES)
    t.s.step = "zero_one_draw"


def _seg_switch(t: Table) -> None:
    t.s.phase = "switch"
    t.s.step = "switch"


def _seg_matrix(t: Table) -> None:
    s = t.s
    s.phase = "matrix"
    if s.skip_matrix:
        t.emit("phase_skipped", "MR-EFFECT-01: Return to Zion: no Matrix Phase this turn", phase="matrix")
    elif not t.humans_present():
        t.emit("phase_skipped", "MR-MATRIX-02: no Human is in the Matrix: the Matrix Phase is skipped",
               phase="matrix")
    else:
        s.queue[0:0] = list(MATRIX_SEGMENTS)


def drop_segments(s: State, names: tuple[str, ...]) -> None:
    """Remove the next queued segments of these names (the rest of a phase)."""
    s.queue = [q for i, q in enumerate(s.queue) if q not in names or
               any(p in ("matrix", "reality", "end_turn") for p in s.queue[:i])]


def _left_matrix(t: Table) -> bool:
    """MR-MATRIX-06/07: with no Human left in the Matrix the rest of the Matrix Phase is skipped."""
    if t.humans_present():
        return False
    drop_segments(t.s, (*MATRIX_SEGMENTS, "unplug"))
    t.emit("phase_skipped", "MR-MATRIX-06: no Human is left in the Matrix: the Matrix Phase ends",
           phase="matrix")
    return True


def _seg_interception(t: Table) -> None:
    start_contest(t, "interception")


def _seg_combat(t: Table) -> None:
    if not _left_matrix(t):
        start_contest(t, "combat")


def _seg_mission(t: Table) -> None:
    if not _left_matrix(t):
        t.s.step = "mission_choice"


def _seg_escape(t: Table) -> None:
    if not _left_matrix(t):
        start_contest(t, "escape")


def _seg_unplug(t: Table) -> None:
    if t.humans_in_matrix():
        t.s.step = "unplug"


def _seg_reality(t: Table) -> None:
    t.s.phase = "reality"
    t.s.queue[0:0] = list(REALITY_SEGMENTS)  # MR-REALITY-06: never skipped


def _seg_detection(t: Table) -> None:
    start_contest(t, "detection")


def _seg_pursuit(t: Table) -> None:
    start_contest(t, "pursuit")


def _seg_battle(t: Table) -> None:
    start_contest(t, "battle")


def _seg_end_turn(t: Table) -> None:
    s = t.s
    t.emit("turn_ended", f"End of turn {s.turn_no}", turn=s.turn_no)
    # MR-EFFECT-14: "2 turns" is this turn and the next; expired neutralizations are removed.
    for c in [c for c, last in s.neutral.items() if last <= s.turn_no]:
        del s.neutral[c]
        t.emit("neutralized_ended", f"{t.name(c)} can modify rolls again", card=c)
    s.turn_bonus = [0, 0]  # MR-EFFECT-07: Mind Control Operative lasts this turn
    s.skip_matrix = False
    s.seen = [[], []]
    s.seen_what = ["", ""]


SEGMENTS = {"time": _seg_time, "zion": _seg_zion, "zero_one": _seg_zero_one, "switch": _seg_switch,
            "matrix": _seg_matrix, "interception": _seg_interception, "combat": _seg_combat,
            "mission": _seg_mission, "escape": _seg_escape, "unplug": _seg_unplug,
            "reality": _seg_reality, "detection": _seg_detection, "pursuit": _seg_pursuit,
            "battle": _seg_battle, "end_turn": _seg_end_turn}


# --- contests ------------------------------------------------------------------------------------


def start_contest(t: Table, kind: str, roll: str | None = None, teams: tuple[str, str] | None = None,
                  fixed: tuple[int, int] = (0, 0)) -> None:
    """MR-ROLL-01/02: both dice are rolled first; then the side behind (the Humans if tied) acts."""
    roll = roll or kind
    if teams is None:
        team = "matrix" if kind in schema.MATRIX_ROLLS else "real_world"
        teams = (team, team)
    dice = [t.d10(), t.d10()]
    s = t.s
    s.contest = Contest(kind=kind, roll=roll, teams=list(teams), dice=dice, fixed=list(fixed),
                        bonus=[0, 0], to_act=HUMANS)
    label = kind.capitalize() if roll == kind else f"{kind.capitalize()} (rolled as {roll.capitalize()})"
    t.emit("dice_rolled", f"{label}: Humans roll {dice[0]}, Machines roll {dice[1]}",
           contest=kind, roll=roll, dice=list(dice), sides=10)
    s.contest.to_act = behind(t)
    h, m = t.total(HUMANS), t.total(MACHINES)
    s.step = "contest"
    t.emit("contest_started", f"{label}: Humans {h}, Machines {m}", contest=kind, roll=roll,
           totals=[h, m], to_act=s.contest.to_act)


def behind(t: Table) -> int:
    """MR-ROLL-02: the side with the lower total acts first; the Humans on a tie."""
    return MACHINES if t.total(MACHINES) < t.total(HUMANS) else HUMANS


def resolve_contest(t: Table) -> None:
    """Both sides passed in a row: compare totals, discard the Events played, apply the outcome."""
    s = t.s
    k = s.contest
    assert k is not None
    h, m = t.total(HUMANS), t.total(MACHINES)
    winner = "humans" if h > m else "machines" if m > h else "tie"
    t.emit("contest_resolved", f"{k.kind.capitalize()}: Humans {h} vs Machines {m}: "
           + ("tie" if winner == "tie" else f"{winner.capitalize()} higher"),
           contest=k.kind, roll=k.roll, dice=list(k.dice), totals=[h, m], winner=winner)
    for seat in (HUMANS, MACHINES):
        for cid in list(s.piles[pp(seat, "table")]):
            t.move(cid, pp(seat, "table"), pp(seat, "discard"), f"{t.name(cid)} is discarded (MR-EVENT-01)")
    s.last = {"contest": k.kind, "roll": k.roll, "dice": list(k.dice), "totals": [h, m], "winner": winner}
    s.contest = None
    s.step = ""
    OUTCOMES[k.kind](t, h, m)


def _out_interception(t: Table, h: int, m: int) -> None:
    if h > m:  # MR-MATRIX-04 (a tie is a Human failure, MR-ROLL-03)
        drop_segments(t.s, ("combat", "escape"))
        t.emit("segments_skipped", "MR-MATRIX-04: interception avoided: no Combat or Escape this phase")


def _out_combat(t: Table, h: int, m: int) -> None:
    if h == m:
        t.emit("no_casualty", "MR-ROLL-03: a Combat tie kills nobody")
        return
    loser = HUMANS if h < m else MACHINES
    t.push({"op": "kill", "seat": loser, "left": 1, "where": "matrix", "rule": "MR-MATRIX-05",
            "why": "lost the Combat"})


def _out_mission(t: Table, h: int, m: int) -> None:
    s = t.s
    cid = s.piles["mission"][0] if s.piles["mission"] else None
    label = "the Basic Mission" if cid is None else t.name(cid)
    if h > m:
        card = None if cid is None else t.card(cid)
        mp = 1 if card is None else card.mp  # MR-MISSION-02
        t.emit("mission_succeeded", f"MR-MISSION-04: {label} succeeds", card=cid, mp=mp)
        if cid is not None:
            assert isinstance(card, schema.MissionCard)
            t.move(cid, "mission", "removed",
                   f"{label} is completed and removed from the game (MR-MISSION-05)")
            s.completed.append(s.defs[cid])
        t.gain_mp(mp, label)
        if card is not None and not s.result:
            push_effects(t, HUMANS, card.on_success, cid)  # MR-MISSION-11: on success only
    else:
        t.emit("mission_failed", f"MR-MISSION-04: {label} fails", card=cid)
        if cid is not None:
            t.move(cid, "mission", pp(HUMANS, "hand"), f"{label} goes back to the Human hand (MR-MISSION-06)")


def _out_escape(t: Table, h: int, m: int) -> None:
    if h > m:  # MR-MATRIX-09
        drop_segments(t.s, (*MATRIX_SEGMENTS, "unplug"))
        t.emit("escaped", "MR-MATRIX-09: the Humans escape; they may remove Matrix counters")
        t.s.queue.insert(0, "unplug")
    else:  # MR-MATRIX-07 (a tie is a Human failure): another Combat, then another Escape
        t.emit("escape_failed", "MR-MATRIX-07: the escape fails: another Combat and Escape follow")
        t.s.queue[0:0] = ["combat", "escape"]


def _out_detection(t: Table, h: int, m: int) -> None:
    if h > m:
        drop_segments(t.s, REALITY_SEGMENTS)
        t.emit("segments_skipped", "MR-REALITY-03: not detected: the Reality Phase ends")


def _out_pursuit(t: Table, h: int, m: int) -> None:
    if h > m:
        drop_segments(t.s, REALITY_SEGMENTS)
        t.emit("segments_skipped", "MR-REALITY-04: the pursuit is shaken off: the Reality Phase ends")


def _out_battle(t: Table, h: int, m: int) -> None:
    if m > h:
        t.end("machines:neb")
    else:
        t.emit("battle_survived", "MR-ROLL-03: the Nebuchadnezzar survives the Battle")


OUTCOMES = {"interception": _out_interception, "combat": _out_combat, "mission": _out_mission,
            "escape": _out_escape, "detection": _out_detection, "pursuit": _out_pursuit,
            "battle": _out_battle}


def start_mission(t: Table, cid: int | None) -> None:
    """MR-MISSION-01: a Mission card (or the Basic Mission) is attempted with a Mission contest."""
    s = t.s
    s.step = ""
    if cid is None:
        t.emit("mission_chosen", "The Humans attempt the Basic Mission (1 MP)", card=None)
        start_contest(t, "mission")
        return
    card = t.card(cid)
    assert isinstance(card, schema.MissionCard)
    t.move(cid, pp(HUMANS, "hand"), "mission", f"The Humans attempt {card.name} ({card.mp} MP)")
    machine_team = "real_world" if card.team == "real_world" else "matrix"
    start_contest(t, "mission", roll=card.roll, teams=(card.team, machine_team),
                  fixed=(0, card.machine_bonus))


# --- effects --------------------------------------------------------------------------------------


def push_effects(t: Table, seat: int, effects: list[Any], src: int | None) -> None:
    t.push(*({"op": "fx", "fx": e.model_dump(), "seat": seat, "src": src} for e in effects))


def _expand_fx(t: Table, task: dict[str, Any]) -> None:
    fx, seat = task["fx"], task["seat"]
    verb = fx["verb"]
    s = t.s
    opp = other(seat)
    if verb == "draw":
        t.draw(seat, fx["amount"])
    elif verb == "skip_matrix_phase":
        s.skip_matrix = True
        t.emit("matrix_phase_cancelled", "MR-EFFECT-01: this turn's Matrix Phase will be skipped")
    elif verb == "opponent_discards":  # MR-EFFECT-09: the discarding player picks
        t.push({"op": "discard_hand", "seat": opp, "left": fx["amount"], "rule": "MR-EFFECT-09",
                "why": t.name(task["src"])})
    elif verb == "opponent_kills_humans_in_matrix":  # MR-EFFECT-10
        t.push({"op": "kill", "seat": opp, "left": fx["amount"], "where": "humans_matrix",
                "rule": "MR-EFFECT-10", "why": t.name(task["src"])})
    elif verb == "kill_own_character":  # MR-EFFECT-02
        t.push({"op": "kill", "seat": seat, "left": fx["amount"], "where": "any", "rule": "MR-EFFECT-02",
                "why": t.name(task["src"])})
    elif verb == "discard_robots":  # MR-EFFECT-03
        t.push({"op": "discard_robots", "seat": seat, "left": fx["amount"], "why": t.name(task["src"])})
    elif verb == "look_opponent_deck":  # MR-EFFECT-11: the order does not change
        deck = s.piles[pp(opp, "deck")]
        s.seen[seat] = list(reversed(deck[-fx["amount"]:]))
        s.seen_what[seat] = f"the top {len(s.seen[seat])} cards of the {SIDE_NAMES[opp]} deck, top first"
        t.emit("cards_seen", f"{SIDE_NAMES[seat]} look at the top {len(s.seen[seat])} cards of the "
               f"{SIDE_NAMES[opp]} deck", seat=seat, count=len(s.seen[seat]))
    elif verb == "look_opponent_hand":
        s.seen[seat] = list(t.hand(opp))
        s.seen_what[seat] = f"the {SIDE_NAMES[opp]} hand"
        t.emit("cards_seen", f"{SIDE_NAMES[seat]} look at the {SIDE_NAMES[opp]} hand", seat=seat,
               count=len(s.seen[seat]))
    elif verb == "time":  # MR-EFFECT-08
        t.change_time(fx["amount"], t.name(task["src"]))
    elif verb == "retrieve_from_discard":  # MR-EFFECT-12
        t.push({"op": "retrieve", "seat": seat, "what": fx["what"], "why": t.name(task["src"])})
    elif verb == "search_deck":  # MR-EFFECT-12
        t.push({"op": "search", "seat": seat, "what": fx["what"], "why": t.name(task["src"])})
    elif verb == "neutralize":  # MR-EFFECT-14
        t.push({"op": "neutralize", "seat": seat, "turns": fx["turns"], "in_matrix": fx["in_matrix_only"],
                "why": t.name(task["src"])})
    else:  # pragma: no cover - the schema's closed vocabulary makes this unreachable
        raise ValueError(f"unknown effect verb {verb!r}")


def _answer(task: dict[str, Any]) -> int | None:
    """The card chosen for a suspended task (and forget the question)."""
    k = take_answer(task)
    cards = task.pop("cards", None)
    return None if k is None else cards[k]


def _task_discard_hand(t: Table, task: dict[str, Any]) -> None:
    seat = task["seat"]
    chosen = _answer(task)
    if chosen is not None:
        t.discard_from_hand(seat, chosen, task["why"])
        task["left"] -= 1
    hand = t.hand(seat)
    if task["left"] <= 0 or not hand:
        return
    if len(hand) <= task["left"]:
        for c in list(hand):
            t.discard_from_hand(seat, c, task["why"])
        return
    t.ask_card(task, seat, f"{SIDE_NAMES[seat]}: discard a card ({task['left']} to go; {task['why']})",
               sorted(hand), task["rule"], "discard")


def kill_candidates(t: Table, seat: int, where: str) -> list[int]:
    if where == "humans_matrix":
        return [c for c in t.in_play(seat) if c in t.s.plugged]
    if where == "matrix":
        return [c for c in t.in_play(seat) if t.in_matrix(c)]
    return list(t.in_play(seat))


def _task_kill(t: Table, task: dict[str, Any]) -> None:
    seat = task["seat"]
    chosen = _answer(task)
    if chosen is not None:
        t.kill(chosen, task["why"])
        task["left"] -= 1
        if t.s.result:
            return
    cands = kill_candidates(t, seat, task["where"])
    if task["left"] <= 0 or not cands:
        if not cands and task["left"] > 0 and chosen is None:
            t.emit("no_casualty", f"{SIDE_NAMES[seat]} have no character there to lose ({task['rule']})")
        return
    if len(cands) <= task["left"]:
        for c in cands:
            t.kill(c, task["why"])
            if t.s.result:
                return
        return
    where = {"matrix": " in the Matrix", "humans_matrix": " (a Human in the Matrix)",
             "any": ""}[task["where"]]
    t.ask_card(task, seat, f"{SIDE_NAMES[seat]}: choose a character of yours{where} to lose ({task['why']})",
               cands, task["rule"], "kill")


def _task_discard_robots(t: Table, task: dict[str, Any]) -> None:
    chosen = _answer(task)
    if chosen is not None:
        t.kill(chosen, task["why"])
        task["left"] -= 1
    robots = [c for c in t.in_play(MACHINES) if t.code(c) == "B"]
    left = task["left"]
    if not robots or left == 0:
        return
    if left == "all" or len(robots) <= left or len({t.def_id(c) for c in robots}) == 1:
        for c in robots[: None if left == "all" else left]:
            t.kill(c, task["why"])
        return
    t.ask_card(task, task["seat"], f"Choose a Robot to discard ({task['why']})", robots, "MR-EFFECT-03",
               "robot")


def retrieve_candidates(t: Table, seat: int, what: str) -> list[int]:
    pile = t.s.piles[pp(seat, "discard")]
    if what == "agent":
        return [c for c in pile if t.code(c) == "A"]
    return [c for c in pile if t.is_char(c)]


def _task_retrieve(t: Table, task: dict[str, Any]) -> None:
    seat = task["seat"]
    chosen = _answer(task)
    cands = retrieve_candidates(t, seat, task["what"])
    if chosen is None and len({t.def_id(c) for c in cands}) > 1:
        t.ask_card(task, seat, f"Take which card from your discard pile? ({task['why']})", cands,
                   "MR-EFFECT-12", "retrieve")
        return
    if chosen is None and cands:
        chosen = cands[0]
    if chosen is None:
        t.emit("nothing_found", f"No {task['what']} in the discard pile ({task['why']})", seat=seat)
        return
    t.move(chosen, pp(seat, "discard"), pp(seat, "hand"), f"{t.name(chosen)} returns to the "
           f"{SIDE_NAMES[seat]} hand ({task['why']})")


def search_candidates(t: Table, seat: int, what: str) -> list[int]:
    deck = t.s.piles[pp(seat, "deck")]
    if what == "mission":
        return sorted(c for c in deck if isinstance(t.card(c), schema.MissionCard))
    return sorted(deck)


def _task_search(t: Table, task: dict[str, Any]) -> None:
    seat = task["seat"]
    chosen = _answer(task)
    if chosen is None:
        cands = search_candidates(t, seat, task["what"])
        if len({t.def_id(c) for c in cands}) > 1:
            t.ask_card(task, seat, f"Take which card from your deck? ({task['why']})", cands, "MR-EFFECT-12",
                       "search")
            return
        chosen = cands[0] if cands else None
    if chosen is not None:
        t.s.piles[pp(seat, "deck")].remove(chosen)
        t.hand(seat).append(chosen)
        t.emit("card_taken", f"{SIDE_NAMES[seat]} take a card from their deck ({task['why']})", seat=seat)
    else:
        t.emit("nothing_found", f"No matching card in the deck ({task['why']})", seat=seat)
    t.shuffle(seat)  # MR-EFFECT-12: shuffle after any search


def neutralize_candidates(t: Table, seat: int, in_matrix: bool) -> list[int]:
    return [c for c in t.in_play(other(seat)) if not in_matrix or t.in_matrix(c)]


def _task_neutralize(t: Table, task: dict[str, Any]) -> None:
    seat = task["seat"]
    chosen = _answer(task)
    if chosen is None:
        cands = neutralize_candidates(t, seat, task["in_matrix"])
        if len(cands) > 1:
            t.ask_card(task, seat, f"Neutralize which character? ({task['why']})", cands, "MR-EFFECT-14",
                       "neutralize")
            return
        chosen = cands[0] if cands else None
    if chosen is None:
        return
    last = t.s.turn_no + task["turns"] - 1
    t.s.neutral[chosen] = max(last, t.s.neutral.get(chosen, -1))
    t.emit("neutralized", f"{t.name(chosen)} is neutralized until the end of turn {last} (MR-CHAR-08)",
           card=chosen, until=last)


TASKS: TaskRunner[Table] = TaskRunner()
TASKS.add("fx", _expand_fx)
TASKS.add("discard_hand", _task_discard_hand)
TASKS.add("kill", _task_kill)
TASKS.add("discard_robots", _task_discard_robots)
TASKS.add("retrieve", _task_retrieve)
TASKS.add("search", _task_search)
TASKS.add("neutralize", _task_neutralize)
