"""The game base every ruleset implements: commands checked by one registry, legal commands
generated per action, snapshot undo that a reveal closes, views per seat, and saves that replay the
command log.

Each ruleset's game class (``LegendaryGame``, ``ReplayGame``) derives from ``LoggedGame`` and
supplies what is its own: its action registry, its table (the per-command context), how the flow
runs on after a command, its view, which events reveal hidden information, and how a save payload
is turned back into a game.
"""
from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import ConfigDict, Field, StrictInt, StrictStr, StringConstraints

import engine
from engine.core.actions import ActionRegistry
from engine.core.cardfiles import CardLoadError
from engine.core.commands import MAX_COMMAND_CHARS, Command, CommandSyntaxError, parse
from engine.core.inputcheck import InputError, InputModel, check, one_line, shorten
from engine.core.results import Accepted, Event, Rejection, Result
from engine.core.savefile import MAX_SAVE_BYTES, SaveError, read_save, write_save
from engine.core.table import BaseTable
from engine.core.userfile import depth_problem


class GameState(Protocol):
    """What ``LoggedGame`` needs of a ruleset's state."""

    setup: dict[str, Any]

    @property
    def over(self) -> bool: ...

    def clone(self) -> Any: ...

    def to_dict(self, *, share: bool = False) -> dict[str, Any]: ...

    def hash(self) -> str: ...


DB = TypeVar("DB")
S = TypeVar("S", bound=GameState)
G = TypeVar("G", bound="LoggedGame[Any, Any]")
T = TypeVar("T")

# Called after each replayed command with (commands done, commands in all, that command's events):
# a progress display, or a game log rebuilt from the replay.
ReplayHook = Callable[[int, int, tuple[Event, ...]], None]
# A replay keeps undo snapshots only for its last commands: the undo window after a load stays the
# same in practice (a reveal closes it within a few commands) while the rest replays ~4x faster.
UNDO_TAIL = 64


def parse_command(cmd: Command | str) -> Command | Rejection:
    """A command, parsed from its text if need be, or the rejection of a malformed line."""
    if isinstance(cmd, Command):
        return cmd
    try:
        return parse(cmd)
    except CommandSyntaxError as e:
        return Rejection("COMMAND", str(e))


def saved_snapshot(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The position a save kept (plain, or encoded for a table with hidden cards), or None."""
    snap = payload.get("snapshot")
    if snap is None and isinstance(payload.get("snapshot_sealed"), str):
        try:
            unpack = zlib.decompressobj()
            text = unpack.decompress(base64.b64decode(payload["snapshot_sealed"], validate=True),
                                     MAX_SAVE_BYTES)
            if unpack.unconsumed_tail:  # (bigger than a save may be: a damaged or hostile field)
                return None
            snap = json.loads(text)
        except (ValueError, RecursionError, zlib.error):
            return None
    return snap if isinstance(snap, dict) and depth_problem(snap) is None else None


def read_payload(payload: dict[str, Any], path: Path | None,
                 read_setup: Callable[[Any], T]) -> tuple[T, list[str], str]:
    """The setup (read by ``read_setup``), command log and final state hash of a save payload;
    SaveError naming the field if any of them is missing or damaged."""
    log = _saved_log(payload, path)
    try:
        setup = read_setup(payload["setup"])
    except (TypeError, ValueError) as e:
        raise SaveError(path, f"has a bad setup ({e})") from None
    return setup, list(log.commands), log.state_hash


def _saved_log(payload: dict[str, Any], path: Path | None) -> SavedLog:
    try:
        return check(SavedLog, payload)
    except InputError as e:
        raise SaveError(path, f"has a damaged game record ({e})") from None


def saved_hints(payload: dict[str, Any], path: Path | None = None) -> int:
    """How many hints the players of a saved game asked for (0 in a save made before hints were
    counted); SaveError for a damaged count."""
    return _saved_log(payload, path).hints


class SavedLog(InputModel):
    """The ruleset-independent part of a save payload, checked before anything replays it."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    setup: object
    commands: list[Annotated[StrictStr, StringConstraints(max_length=MAX_COMMAND_CHARS)]]
    state_hash: StrictStr
    hints: Annotated[StrictInt, Field(ge=0)] = 0  # hints the players asked for (saved only when any)


class LoggedGame(Generic[DB, S]):
    """One game: a card database, the state, the command log and the undo snapshots.

    ``apply`` checks a command, snapshots the state, performs it and logs it. Undo restores the
    last snapshot; a command whose events reveal hidden information (dice, draws, shuffles, looks)
    clears the snapshots, so undo never lets a player take back what they have seen.
    """

    RULESET: ClassVar[str]
    # Event kinds that reveal hidden information (``reveals`` may add more cases).
    REVEALING: ClassVar[frozenset[str]] = frozenset()
    # The ruleset's commands (check, perform, usage and legal-command generator per verb).
    ACTIONS: ClassVar[ActionRegistry[Any]]
    # The ruleset's per-command context.
    TABLE: ClassVar[type[BaseTable[Any, Any]]]
    # Whether the log writes who issued each command (so a replay never depends on inference).
    LOG_SEAT: ClassVar[bool] = False

    def __init__(self, db: DB, state: S, *, track_undo: bool = True) -> None:
        self.db = db
        self.state = state
        self.commands: list[str] = []
        self.track_undo = track_undo
        # (state before, seat that issued the command) for each command undo may take back
        self._snapshots: list[tuple[S, int | None]] = []
        self._undo_closed = "nothing to undo yet"
        # Hints the players asked for: part of the game's record (saved beside the log, never in
        # the state, so the state hash and every older save stay as they were).
        self.hints = 0

    # --- what a ruleset supplies ----------------------------------------------------------------

    @staticmethod
    def run_flow(t: Any) -> None:
        """Run the game on after a command, until a player must act or the game ends."""
        raise NotImplementedError

    def seat_problem(self, seat: int) -> Rejection | None:
        """Why ``@seat`` names no seat of this game, or None."""
        raise NotImplementedError

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator)."""
        raise NotImplementedError

    def events_for(self, seat: int | None, events: tuple[Event, ...] | list[Event]) -> list[Event]:
        """The events of the last command as ``seat`` may see them (what a seat's screen, or a
        client over the network, animates): by default all of them, for a ruleset whose events name
        no card that a seat may not see."""
        return list(events)

    def reveals(self, ev: Event) -> bool:
        """Whether ``ev`` shows something hidden, so that undo must not go back past it."""
        return ev.kind in self.REVEALING

    def reveal_words(self, ev: Event) -> str:
        """What a revealing event showed, in words for the undo refusal."""
        return ev.text or ev.kind.replace("_", " ")

    # Errors of setting a saved game up again (a setup the rules refuse, missing cards): a ruleset
    # adds its own; each becomes a SaveError naming the file.
    SETUP_ERRORS: ClassVar[tuple[type[Exception], ...]] = (CardLoadError,)

    @classmethod
    def read_setup(cls, data: Any) -> Any:
        """The ruleset's setup from a save's ``setup`` field (raises on a damaged one)."""
        raise NotImplementedError

    @classmethod
    def start_from(cls: type[G], payload: dict[str, Any], setup: Any, db: Any, path: Path | None) -> G:
        """The game a save's log replays from: by default a new game of its setup."""
        return cls.new(setup, db)  # type: ignore[attr-defined]

    @classmethod
    def from_payload(cls: type[G], payload: dict[str, Any], db: Any = None, *,
                     path: Path | None = None, each: ReplayHook | None = None) -> G:
        """Rebuild a game from a save payload, replaying its log and checking its hash (SaveError
        with a clear reason otherwise); ``each`` hears of every replayed command."""
        setup, commands, want = read_payload(payload, path, cls.read_setup)
        try:
            try:
                game = cls.start_from(payload, setup, db, path)
            except cls.SETUP_ERRORS as e:
                raise SaveError(path, f"cannot be set up ({one_line(e)})") from None
            game.replay_log(commands, want, path, each=each)
        except SaveError as stale:
            # The log no longer replays (cards or rules changed since the save was made): go on
            # from the position the save kept, if it holds one that this engine can read.
            try:
                resumed = cls._resume(payload, setup, commands, want, db, path)
            except SaveError:
                resumed = None  # the kept position does not help: the log's own error says why
            if resumed is None:
                raise stale from None
            resumed.resumed = ("this save was made with other cards or rules: the game goes on from "
                               "where it was saved, but its earlier moves cannot be replayed or undone")
            resumed.hints = saved_hints(payload, path)
            return resumed
        game.hints = saved_hints(payload, path)
        return game

    # A sentence when the game goes on from a save's kept position instead of its replayed log.
    resumed: str = ""

    @classmethod
    def resume_from(cls: type[G], snapshot: dict[str, Any], setup: Any, db: Any,
                    path: Path | None) -> G | None:
        """A game going on from a saved position (the ruleset checks it against its cards), or None
        when the ruleset cannot; raises SaveError for a position it cannot read."""
        return None

    @classmethod
    def _resume(cls: type[G], payload: dict[str, Any], setup: Any, commands: list[str], want: str,
                db: Any, path: Path | None) -> G | None:
        snapshot = saved_snapshot(payload)
        if snapshot is None:
            return None
        covered = payload.get("snapshot_commands", len(commands))  # commands the position includes
        if not isinstance(covered, int) or not 0 <= covered <= len(commands):
            return None
        try:
            game = cls.resume_from(snapshot, setup, db, path)
        except cls.SETUP_ERRORS:
            return None
        if game is None or payload.get("made_with") == game.made_with():
            return None  # made by this very version: a log that fails to replay is damaged
        rest = commands[covered:]  # an autosave journal's commands after its base
        game.replay_log(rest, want, path)
        return game

    # --- commands -------------------------------------------------------------------------------

    def table(self) -> Any:
        """A fresh per-command context on the current state."""
        return self.TABLE(self.db, self.state)

    def _check(self, cmd: Command, t: Any = None) -> Rejection | None:
        """Why a parsed command is illegal now (judged on ``t``, a fresh table if not given)."""
        if cmd.verb == "undo":
            return None if self.can_undo(cmd.seat) else Rejection("UNDO", self._undo_refusal(cmd.seat))
        act = self.ACTIONS.get(cmd.verb)
        if act is None:
            return self.ACTIONS.unknown(cmd.verb)
        if cmd.seat is not None and (bad := self.seat_problem(cmd.seat)) is not None:
            return bad
        return act.check(self.table() if t is None else t, cmd)

    def check(self, cmd: Command | str) -> Rejection | None:
        """Why ``cmd`` is illegal now, or None if it is legal."""
        parsed = parse_command(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        return self._check(parsed)

    def is_legal(self, cmd: Command | str) -> bool:
        return self.check(cmd) is None

    def legal_commands(self, seat: int | None = None) -> list[Command]:
        """Every legal command now (of ``seat`` only, if given), generated by each action from the
        state. Undo is not listed (ask ``can_undo``)."""
        t = self.table()
        cmds = self.ACTIONS.legal(t)
        if seat is None:
            return cmds
        acting = t.acting_seat()
        return [c for c in cmds if (acting if c.seat is None else c.seat) == seat]

    def apply(self, cmd: Command | str) -> Result:
        """Apply one command: Accepted(events) or a Rejection; a rejection changes nothing."""
        parsed = cmd if isinstance(cmd, Command) else parse_command(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        if parsed.verb == "undo":
            return self.undo(parsed.seat)
        t = self.table()
        bad = self._check(parsed, t)
        if bad is not None:
            return bad
        before = self.state.clone() if self.track_undo else None
        seat = t.command_seat(parsed)
        if self.LOG_SEAT and parsed.seat is None:
            parsed = Command(parsed.verb, parsed.args, seat)
        self.ACTIONS[parsed.verb].perform(t, parsed)
        self.run_flow(t)
        events = tuple(t.events)
        self.commands.append(parsed.text())
        if before is not None:
            reveals = self.reveals
            reveal = next((e for e in events if reveals(e)), None)
            if reveal is not None:
                self._snapshots.clear()
                # in the players' words: the first revealing event that says what it showed
                said = next((e for e in events if e.text and reveals(e)), reveal)
                self._undo_closed = f"the last move revealed something new ({self.reveal_words(said)})"
            else:
                self._snapshots.append((before, seat))
        return Accepted(events)

    def play_legal(self, cmd: Command) -> None:
        """Apply ``cmd``, just taken from ``legal_commands()``, without checking or logging it: for
        look-ahead play-outs on a throwaway copy of a game (no undo, no log, events dropped)."""
        t = self.table()
        self.ACTIONS[cmd.verb].perform(t, cmd)
        self.run_flow(t)

    # --- undo -----------------------------------------------------------------------------------

    def undo(self, seat: int | None = None) -> Result:
        """Restore the state before the last command, while that command revealed nothing (and,
        when ``seat`` is given, that seat issued it)."""
        if not self.can_undo(seat):
            return Rejection("UNDO", self._undo_refusal(seat))
        self.state = self._snapshots.pop()[0]
        undone = self.commands.pop()
        return Accepted((Event("undone", {"command": undone}, f"Undo: {undone}"),))

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether undo would take back the last command (issued by ``seat``, if given)."""
        if not self._snapshots:
            return False
        who = self._snapshots[-1][1]
        return seat is None or who is None or who == seat

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last command cannot be taken back now (by ``seat``, if given); None: it can."""
        return None if self.can_undo(seat) else self._undo_refusal(seat)

    def with_undo(self, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``view`` (an ``observe(seat)`` result) with who may undo: ``can_undo`` and, when not,
        ``undo_refusal`` (the reason in words)."""
        refusal = self.undo_refusal(seat)
        view["can_undo"] = refusal is None
        view["undo_refusal"] = refusal or ""
        return view

    def branched(self) -> None:
        """This game was just taken over from a stepped-through save: a ruleset forgets here what
        tied the saved game to something beyond it (by default nothing does)."""

    def close_undo(self, why: str) -> None:
        """Forget every snapshot: nothing before this point can be taken back."""
        self._snapshots.clear()
        self._undo_closed = why

    def _undo_refusal(self, seat: int | None = None) -> str:
        """Why there is nothing ``seat`` may undo."""
        if not self.track_undo:
            reason = "undo is switched off for this game"
        elif self._snapshots:
            reason = "only the player who made the last move may take it back"
        else:
            reason = self._undo_closed
        return f"cannot undo: {reason}"

    # --- information ----------------------------------------------------------------------------

    def state_hash(self) -> str:
        return self.state.hash()

    @property
    def over(self) -> bool:
        return self.state.over

    # --- saves ----------------------------------------------------------------------------------

    def made_with(self) -> dict[str, str]:
        """What a save's log depends on beyond its setup: the engine's version and (per ruleset) a
        fingerprint of the cards. A log that fails to replay under the same values is damaged; under
        other values it is only old."""
        return {"app": engine.__version__}

    def secret(self) -> bool:
        """Whether the table hides cards from some seats (a save then keeps its snapshot out of a
        casual reader's sight)."""
        return False

    def save_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"setup": self.state.setup, "commands": list(self.commands),
                                   "state_hash": self.state_hash(), "made_with": self.made_with()}
        if self.hints:  # (only when any: a game without hints saves as it always did)
            payload["hints"] = self.hints
        if self.secret():
            payload["note"] = ("Hidden cards: this table keeps cards secret, so its snapshot is encoded "
                               "(base64 of zlib-packed JSON) to keep them from a casual look. The game is "
                               "rebuilt from the commands; the snapshot is for reference only.")
            packed = zlib.compress(json.dumps(self.state.to_dict(), sort_keys=True).encode())
            payload["snapshot_sealed"] = base64.b64encode(packed).decode("ascii")
        else:
            payload["snapshot"] = self.state.to_dict()
        return payload

    def save(self, path: Path | str) -> None:
        """Write an atomic, versioned save (setup + seed + command log + snapshot)."""
        write_save(Path(path), self.RULESET, self.save_payload())

    @classmethod
    def load(cls: type[G], path: Path | str, db: Any = None, *, each: ReplayHook | None = None) -> G:
        """Load a save; raises SaveError with a clear reason, never touching the file."""
        payload = read_save(Path(path), ruleset=cls.RULESET)
        return cls.from_payload(payload, db, path=Path(path), each=each)

    def replay_log(self, commands: list[str], want_hash: str, path: Path | None, *,
                   each: ReplayHook | None = None) -> None:
        """Apply a saved command log; SaveError if a command is refused or the hash differs.

        Undo snapshots are taken only for the last ``UNDO_TAIL`` commands (a snapshot per command
        costs more than the command itself); ``each`` hears of every command.
        """
        keep = self.track_undo
        quick = max(0, len(commands) - UNDO_TAIL)
        total = len(commands)
        try:
            for i, line in enumerate(commands):
                if i == quick and quick:  # (a reveal in the tail says why instead)
                    self._undo_closed = "the commands before the game was loaded cannot be undone"
                self.track_undo = keep and i >= quick
                res = self.apply(line)
                if not res.accepted:
                    raise SaveError(path, f"does not replay: command {i + 1} '{shorten(line)}' was refused "
                                          f"({res})")
                if each is not None:
                    each(i + 1, total, res.events)
        finally:
            self.track_undo = keep
        if self.state_hash() != want_hash:
            raise SaveError(path, "does not replay to the saved position (state hash differs)")
