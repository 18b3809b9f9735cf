"""The host's authority over one game, without any networking: who sits where, what each seat may
send and what each seat is sent. ``engine.net.host`` puts it on a WebSocket server; a test or a GUI
may drive it directly.

Everything a client sends comes here as a checked message (``engine.net.protocol``) and is judged
by the engine: a command must be the client's seat's (``@SEAT`` its own, or none while that seat
acts), then ``LoggedGame.apply`` decides; undo is ``LoggedGame.undo(seat)``, as at one screen. Each
accepted change is autosaved (``engine.core.autosave``: the format the app's Continue and Load and
``matrix-engine replay`` read) before any seat hears of it, and each listening seat then gets an
``Update`` built from ``observe(seat)``, ``legal_commands(seat)`` and ``events_for(seat, ...)``.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engine.core.autosave import AutosaveWriter
from engine.core.commands import Command
from engine.core.gamelog import parse_command
from engine.core.inputcheck import one_line
from engine.core.results import Event, Rejection, Result
from engine.net import codes
from engine.net.protocol import (
    Act,
    EventInfo,
    Join,
    Refused,
    Resume,
    Roster,
    SeatInfo,
    Undo,
    Update,
    Welcome,
    refusal,
)
from engine.net.rulesets import BotMove, make_bot, recorded_bots, seat_count

SeatKind = Literal["open", "remote", "local", "bot"]


@dataclass
class Seat:
    """One seat of the hosted game and who plays it."""

    seat: int
    kind: SeatKind
    name: str = ""
    token: str = ""  # a remote seat's token (resume with it)
    connected: bool = False  # a remote seat's client is connected now
    bot: str | None = None  # the bot kind that plays it (a bot seat, or a remote seat handed over)
    last_n: int = 0  # the last sequence number this seat sent
    latency: float | None = None  # seconds, the last round trip measured
    dropped_at: float | None = None  # time.monotonic() when its client dropped

    def info(self) -> SeatInfo:
        ms = None if self.latency is None or not self.connected else round(self.latency * 1000)
        return SeatInfo(seat=self.seat, name=self.name, kind=self.kind, connected=self.connected,
                        bot=self.bot, latency_ms=ms)


@dataclass(frozen=True)
class Change:
    """One accepted change, as the host sees it (the whole events, for its own screen and log)."""

    version: int
    by: int | None
    text: str  # the command's text, or "undo"
    events: tuple[Event, ...]


Updates = dict[int, Update]
Joined = tuple[int, Welcome, Update]


class HostSession:
    """One hosted game: the seats, their tokens and sequence numbers, the bots, the autosave."""

    def __init__(self, game: Any, *, local: Iterable[int] = (), bots: dict[int, str] | None = None,
                 autosave: Path | None = None, code: str | None = None, bot_seed: int | None = None,
                 on_change: Callable[[Change], None] | None = None) -> None:
        if not game.track_undo:
            raise ValueError("a hosted game keeps undo snapshots (track_undo)")
        self.game = game
        self.ruleset: str = game.RULESET
        self.code = code or codes.join_code()
        self.game_id = codes.game_id()
        self.version = 0
        self.on_change = on_change
        n = seat_count(game)
        bots = recorded_bots(game) if bots is None else bots
        local = set(local)
        self.seats = [Seat(i, "bot" if i in bots else "local" if i in local else "open",
                           name=f"{bots[i]} bot" if i in bots else "", bot=bots.get(i))
                      for i in range(n)]
        self._bots: dict[int, BotMove] = {}
        # Not the game's seed: a client who watched a bot's random choices must learn nothing of it.
        self._bot_seed = secrets.randbits(53) if bot_seed is None else bot_seed
        self.autosave_problem: str | None = None  # why the last autosave failed (None: it works)
        self.errors: list[str] = []  # commands the engine failed on (bugs), for the host's log
        self._autosave = AutosaveWriter(autosave) if autosave is not None else None
        self._save(start=True)

    # --- who sits where --------------------------------------------------------------------------

    def join(self, msg: Join) -> Joined | Refused:
        """A client with the join code takes the seat it asks for, or the first free one."""
        if not codes.same(codes.normal_code(msg.code), self.code):
            return refusal("stranger", "wrong join code: ask the host for the code of this game")
        free = [s for s in self.seats if s.kind == "open"]
        if msg.seat is not None:
            if msg.seat >= len(self.seats):
                return refusal("seat", f"there is no seat {msg.seat}: this game has seats 0 to "
                                       f"{len(self.seats) - 1}")
            if self.seats[msg.seat].kind != "open":
                return refusal("seat", f"seat {msg.seat} is taken; free seats: {_listing(free)}")
            seat = self.seats[msg.seat]
        elif free:
            seat = free[0]
        else:
            return refusal("seat", "the table is full: every seat is taken")
        seat.kind, seat.name, seat.token = "remote", msg.name, codes.seat_token()
        seat.connected, seat.last_n, seat.dropped_at, seat.latency = True, 0, None, None
        return self._welcome(seat)

    def resume(self, msg: Resume) -> Joined | Refused:
        """A client takes its seat back with the seat's token (a bot that played it meanwhile
        steps aside)."""
        for seat in self.seats:
            if seat.kind == "remote" and codes.same(msg.token, seat.token):
                seat.connected, seat.dropped_at, seat.bot = True, None, None
                return self._welcome(seat)
        return refusal("token", "this seat token belongs to no seat of this game: join with the join code")

    def _welcome(self, seat: Seat) -> Joined:
        welcome = Welcome(game=self.game_id, ruleset=self.ruleset, seat=seat.seat, seats=len(self.seats),
                          token=seat.token, next_n=seat.last_n + 1)
        return seat.seat, welcome, self.update(seat.seat)

    def drop(self, seat: int) -> None:
        """The client of a remote seat has gone; its seat waits for it (or for a bot)."""
        s = self.seats[seat]
        s.connected, s.dropped_at, s.latency = False, time.monotonic(), None

    def hand_to_bot(self, seat: int, kind: str = "heuristic") -> None:
        """A bot plays a remote seat until its client resumes (the host's choice for a dropped seat)."""
        s = self.seats[seat]
        if s.kind != "remote":
            raise ValueError(f"seat {seat} is not a remote seat")
        self._bots.pop(seat, None)
        s.bot = kind

    def release(self, seat: int) -> None:
        """Free a remote seat for someone else: its token no longer resumes it (its client, if
        connected, must be closed by the caller)."""
        s = self.seats[seat]
        if s.kind != "remote":
            raise ValueError(f"seat {seat} is not a remote seat")
        self._bots.pop(seat, None)
        self.seats[seat] = Seat(seat, "open")

    def dropped_since(self, seconds: float) -> list[int]:
        """The remote seats without a client and without a bot for at least ``seconds``."""
        now = time.monotonic()
        return [s.seat for s in self.seats if s.kind == "remote" and not s.connected and s.bot is None
                and s.dropped_at is not None and now - s.dropped_at >= seconds]

    def roster(self) -> Roster:
        return Roster(seats=[s.info() for s in self.seats])

    def listening(self) -> list[int]:
        """The seats that hear of each change: connected remote seats and seats at the host's screen."""
        return [s.seat for s in self.seats if (s.kind == "remote" and s.connected) or s.kind == "local"]

    # --- commands ----------------------------------------------------------------------------------

    def handle(self, seat: int, msg: Act | Undo) -> tuple[Refused | None, Updates]:
        """A remote seat's command or undo: its refusal (nothing changed), or the updates of the
        change for every listening seat (the sender's with ``ack``)."""
        s = self.seats[seat]
        if msg.n <= s.last_n:
            return refusal("replayed", f"message number {msg.n} was already used (the last was {s.last_n}): "
                                       "each message needs a higher number", msg.n), {}
        s.last_n = msg.n
        if s.bot is not None:
            return refusal("not_yours", "a bot plays this seat now; it steps aside when you resume",
                           msg.n), {}
        if isinstance(msg, Undo):
            return self._result(seat, msg.n, "undo", self.game.undo(seat))
        return self._submit(seat, msg.text, msg.n)

    def submit_local(self, seat: int, text: str) -> tuple[Refused | None, Updates]:
        """A command (or ``undo``) of a seat played at the host's screen."""
        if self.seats[seat].kind != "local":
            return refusal("not_yours", f"seat {seat} is not played at this screen"), {}
        if text.strip().lower() == "undo":
            return self._result(seat, None, "undo", self.game.undo(seat))
        return self._submit(seat, text, None)

    def _submit(self, seat: int, text: str, n: int | None) -> tuple[Refused | None, Updates]:
        cmd = parse_command(text)
        if isinstance(cmd, Rejection):
            return refusal("rejected", cmd.reason, n, cmd.rule), {}
        if cmd.verb == "undo":
            return refusal("rejected", "undo is a message of its own (type undo), not a command", n,
                           "COMMAND"), {}
        acting = self.acting()
        who = cmd.seat if cmd.seat is not None else acting
        if who != seat:
            return refusal("not_yours", self._not_yours(seat, cmd.seat, acting), n), {}
        return self._result(seat, n, cmd.text(), self._apply(cmd))

    def _apply(self, cmd: Command) -> Result:
        """``game.apply(cmd)``; an exception (a bug in the engine) puts the game back as it was and
        becomes a rejection, so one bad command never breaks the table."""
        game = self.game
        state, count = game.state.clone(), len(game.commands)
        try:
            return game.apply(cmd)
        except Exception as e:  # a bug: said to the client and to the host's log; the game is unchanged
            game.state = state
            del game.commands[count:]
            self.errors.append(f"{cmd.text()!r}: {type(e).__name__}: {e}")
            return Rejection("ENGINE", f"the host's engine failed on this command ({type(e).__name__}); "
                                       "the game is unchanged")

    def _not_yours(self, seat: int, named: int | None, acting: int | None) -> str:
        if named is not None:
            return f"you play seat {seat}: a command for seat {named} is not yours to give"
        if acting is None:
            return "nobody may act now: the game is over"
        return f"{self._seat_name(acting)} must act now, not you"

    def _result(self, seat: int, n: int | None, text: str, res: Result) -> tuple[Refused | None, Updates]:
        if isinstance(res, Rejection):
            return refusal("rejected", res.reason, n, res.rule), {}
        return None, self._changed(seat, text, res.events, n)

    # --- bots ----------------------------------------------------------------------------------------

    def bot_due(self) -> int | None:
        """The seat a bot must play now, or None."""
        acting = self.acting()
        if acting is None or self.game.over or self.seats[acting].bot is None:
            return None
        return acting

    def play_bot(self) -> Updates:
        """The due bot's move (RuntimeError if the bot picks a command the engine refuses: a bug)."""
        seat = self.bot_due()
        if seat is None:
            return {}
        kind = self.seats[seat].bot
        assert kind is not None
        move = self._bots.get(seat)
        if move is None:
            move = self._bots[seat] = make_bot(self.game, kind, self._bot_seed + seat)
        cmd = move(self.game, seat)
        res = self.game.apply(cmd)
        if isinstance(res, Rejection):
            raise RuntimeError(f"the {kind} bot of seat {seat} chose {cmd.text()!r}, which the engine "
                               f"refused: {res}")
        return self._changed(seat, cmd.text(), res.events, None)

    # --- views -----------------------------------------------------------------------------------------

    def acting(self) -> int | None:
        return self.game.table().acting_seat()

    def _seat_name(self, seat: int) -> str:
        return self.game.table().seat_name(seat)

    def update(self, seat: int, events: Iterable[Event] = (), *, ack: int | None = None,
               by: int | None = None, undo: bool = False) -> Update:
        """What ``seat`` is sent after a change: its events, view and legal commands."""
        game = self.game
        over = game.over
        shown = [EventInfo(kind=e.kind, data=e.data, text=e.text)
                 for e in game.events_for(seat, list(events))]
        return Update(version=self.version, seat=seat, ack=ack, by=by, undo=undo, events=shown,
                      view=game.observe(seat), legal=[c.text() for c in game.legal_commands(seat)],
                      acting=self.acting(), over=over, hash=game.state_hash() if over else None)

    def _changed(self, seat: int, text: str, events: tuple[Event, ...], n: int | None) -> Updates:
        self.version += 1
        self._save()
        undo = text == "undo"
        if self.on_change is not None:
            self.on_change(Change(self.version, seat, text, events))
        return {s: self.update(s, events, ack=n if s == seat else None, by=seat, undo=undo)
                for s in self.listening()}

    # --- the autosave ------------------------------------------------------------------------------------

    def _save(self, start: bool = False) -> None:
        if self._autosave is None:
            return
        try:
            if start:
                self._autosave.start(self.game)
            else:
                self._autosave.record(self.game)
            self.autosave_problem = None
        except OSError as e:
            self._autosave_failed(e)

    def _autosave_failed(self, e: OSError) -> None:
        assert self._autosave is not None
        self.autosave_problem = f"the autosave {self._autosave.base} could not be written ({one_line(e)})"

    @property
    def autosave_path(self) -> Path | None:
        return None if self._autosave is None else self._autosave.base

    def close(self) -> None:
        """Fold the autosave's journal into its base and let go of the files."""
        if self._autosave is not None:
            try:
                self._autosave.close()
            except OSError as e:
                self._autosave_failed(e)


def _listing(free: list[Seat]) -> str:
    return ", ".join(str(s.seat) for s in free) or "none"
