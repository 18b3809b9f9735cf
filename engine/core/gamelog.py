"""A game driven by a command log: snapshot undo that a reveal closes, and saves that replay the log.

Each ruleset's game class (``LegendaryGame``, ``ReplayGame``) derives from ``LoggedGame`` and
supplies what is its own: how a command is checked and performed, which events reveal hidden
information, and how a save payload is turned back into a game.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import ConfigDict, StrictStr, StringConstraints

from engine.core.commands import MAX_COMMAND_CHARS, Command, CommandSyntaxError, parse
from engine.core.inputcheck import InputError, InputModel, check, shorten
from engine.core.results import Accepted, Event, Rejection, Result
from engine.core.savefile import SaveError, read_save, write_save


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


def parse_command(cmd: Command | str) -> Command | Rejection:
    """A command, parsed from its text if need be, or the rejection of a malformed line."""
    if isinstance(cmd, Command):
        return cmd
    try:
        return parse(cmd)
    except CommandSyntaxError as e:
        return Rejection("COMMAND", str(e))


def read_payload(payload: dict[str, Any], path: Path | None,
                 read_setup: Callable[[Any], T]) -> tuple[T, list[str], str]:
    """The setup (read by ``read_setup``), command log and final state hash of a save payload;
    SaveError naming the field if any of them is missing or damaged."""
    try:
        log = check(SavedLog, payload)
    except InputError as e:
        raise SaveError(path, f"has a damaged game record ({e})") from None
    try:
        setup = read_setup(payload["setup"])
    except (TypeError, ValueError) as e:
        raise SaveError(path, f"has a bad setup ({e})") from None
    return setup, list(log.commands), log.state_hash


class SavedLog(InputModel):
    """The ruleset-independent part of a save payload, checked before anything replays it."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    setup: object
    commands: list[Annotated[StrictStr, StringConstraints(max_length=MAX_COMMAND_CHARS)]]
    state_hash: StrictStr


class LoggedGame(Generic[DB, S]):
    """One game: a card database, the state, the command log and the undo snapshots.

    ``apply`` checks a command, snapshots the state, performs it and logs it. Undo restores the
    last snapshot; a command whose events reveal hidden information (dice, draws, shuffles, looks)
    clears the snapshots, so undo never lets a player take back what they have seen.
    """

    RULESET: ClassVar[str]
    # Event kinds that reveal hidden information (``reveals`` may add more cases).
    REVEALING: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, db: DB, state: S, *, track_undo: bool = True) -> None:
        self.db = db
        self.state = state
        self.commands: list[str] = []
        self.track_undo = track_undo
        self._snapshots: list[S] = []
        self._undo_closed = "nothing to undo yet"

    # --- what a ruleset supplies ----------------------------------------------------------------

    def _check(self, cmd: Command) -> Rejection | None:
        """Why a parsed command is illegal now, or None if it is legal."""
        raise NotImplementedError

    def _perform(self, cmd: Command) -> tuple[Command, tuple[Event, ...]]:
        """Carry out a legal command and run the game on; the command as logged, and the events."""
        raise NotImplementedError

    def reveals(self, ev: Event) -> bool:
        """Whether ``ev`` shows something hidden, so that undo must not go back past it."""
        return ev.kind in self.REVEALING

    def reveal_words(self, ev: Event) -> str:
        """What a revealing event showed, in words for the undo refusal."""
        return ev.text or ev.kind.replace("_", " ")

    @classmethod
    def from_payload(cls: type[G], payload: dict[str, Any], db: Any = None, *,
                     path: Path | None = None) -> G:
        """Rebuild a game from a save payload (replaying its log and checking its hash)."""
        raise NotImplementedError

    # --- commands -------------------------------------------------------------------------------

    def check(self, cmd: Command | str) -> Rejection | None:
        """Why ``cmd`` is illegal now, or None if it is legal."""
        parsed = parse_command(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        return self._check(parsed)

    def is_legal(self, cmd: Command | str) -> bool:
        return self.check(cmd) is None

    def apply(self, cmd: Command | str) -> Result:
        """Apply one command: Accepted(events) or a Rejection; a rejection changes nothing."""
        parsed = cmd if isinstance(cmd, Command) else parse_command(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        if parsed.verb == "undo":
            return self.undo()
        bad = self._check(parsed)
        if bad is not None:
            return bad
        before = self.state.clone() if self.track_undo else None
        done, events = self._perform(parsed)
        self.commands.append(done.text())
        if before is not None:
            reveals = self.reveals
            reveal = next((e for e in events if reveals(e)), None)
            if reveal is not None:
                self._snapshots.clear()
                shown = self.reveal_words(reveal)
                self._undo_closed = f"'{done.text()}' revealed hidden information: {shown}"
            else:
                self._snapshots.append(before)
        return Accepted(events)

    # --- undo -----------------------------------------------------------------------------------

    def undo(self) -> Result:
        """Restore the state before the last command, while that command revealed nothing."""
        if not self._snapshots:
            return Rejection("UNDO", self._undo_refusal())
        self.state = self._snapshots.pop()
        undone = self.commands.pop()
        return Accepted((Event("undone", {"command": undone}, f"Undo: {undone}"),))

    def can_undo(self) -> bool:
        return bool(self._snapshots)

    def _undo_refusal(self) -> str:
        """Why there is nothing to undo."""
        reason = "undo is switched off for this game" if not self.track_undo else self._undo_closed
        return f"cannot undo: {reason}"

    # --- information ----------------------------------------------------------------------------

    def state_hash(self) -> str:
        return self.state.hash()

    @property
    def over(self) -> bool:
        return self.state.over

    # --- saves ----------------------------------------------------------------------------------

    def save_payload(self) -> dict[str, Any]:
        return {"setup": self.state.setup, "commands": list(self.commands),
                "snapshot": self.state.to_dict(), "state_hash": self.state_hash()}

    def save(self, path: Path | str) -> None:
        """Write an atomic, versioned save (setup + seed + command log + snapshot)."""
        write_save(Path(path), self.RULESET, self.save_payload())

    @classmethod
    def load(cls: type[G], path: Path | str, db: Any = None) -> G:
        """Load a save; raises SaveError with a clear reason, never touching the file."""
        payload = read_save(Path(path), ruleset=cls.RULESET)
        return cls.from_payload(payload, db, path=Path(path))

    def replay_log(self, commands: list[str], want_hash: str, path: Path | None) -> None:
        """Apply a saved command log; SaveError if a command is refused or the hash differs."""
        for i, line in enumerate(commands):
            res = self.apply(line)
            if not res.accepted:
                raise SaveError(path, f"does not replay: command {i + 1} '{shorten(line)}' was refused "
                                      f"({res})")
        if self.state_hash() != want_hash:
            raise SaveError(path, "does not replay to the saved position (state hash differs)")
