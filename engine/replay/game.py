"""The public face of the Matrix Replay engine: apply commands, list legal ones, undo, observe, save.

Mirrors ``engine.legendary.game.LegendaryGame`` so a GUI drives both rulesets the same way.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.commands import Command, CommandSyntaxError, parse
from engine.core.results import Accepted, Event, Rejection, Result
from engine.core.savefile import SaveError, read_save, write_save
from engine.replay import actions, rules
from engine.replay.carddb import CardLoadError, ReplayDB, default_db, load_db
from engine.replay.rules import Table, acting_seat
from engine.replay.setup import ReplaySetup, SetupError, new_state
from engine.replay.state import State
from engine.replay.view import observe

RULESET = "replay"
# Events after which undo would leak what chance or a hidden pile holds (DESIGN §2).
REVEALING = frozenset({"dice_rolled", "cards_drawn", "shuffled", "deck_reshuffled", "cards_seen",
                       "card_taken"})


class ReplayGame:
    """One game: a card database, the state, the command log and the undo snapshots."""

    def __init__(self, db: ReplayDB, state: State, *, track_undo: bool = True) -> None:
        self.db = db
        self.state = state
        self.commands: list[str] = []
        self.track_undo = track_undo
        self._snapshots: list[State] = []
        self._undo_closed = "nothing to undo yet"

    # --- creation -----------------------------------------------------------------------------

    @classmethod
    def new(cls, setup: ReplaySetup | None = None, db: ReplayDB | None = None, **kw: Any) -> ReplayGame:
        """Set up a new game and run it to the first command (raises SetupError or CardLoadError)."""
        setup = setup or ReplaySetup()
        if db is None:
            db = load_db(setup.card_dir) if setup.card_dir else default_db()
        game = cls(db, new_state(db, setup), **kw)
        t = Table(db, game.state)
        rules.run(t)
        return game

    @property
    def setup(self) -> ReplaySetup:
        return ReplaySetup.from_dict(self.state.setup)

    # --- commands -------------------------------------------------------------------------------

    @staticmethod
    def _parse(cmd: Command | str) -> Command | Rejection:
        if isinstance(cmd, Command):
            return cmd
        try:
            return parse(cmd)
        except CommandSyntaxError as e:
            return Rejection("COMMAND", str(e))

    def check(self, cmd: Command | str) -> Rejection | None:
        """Why ``cmd`` is illegal now, or None if it is legal."""
        parsed = self._parse(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        if parsed.verb == "undo":
            return None if self.can_undo() else Rejection("UNDO", f"cannot undo: {self._undo_reason()}")
        return actions.check(Table(self.db, self.state), parsed)

    def is_legal(self, cmd: Command | str) -> bool:
        return self.check(cmd) is None

    def legal_commands(self, seat: int | None = None) -> list[Command]:
        """Every legal command now (of ``seat`` only, if given); each names its seat. Undo is not listed."""
        t = Table(self.db, self.state)
        return [c for c in actions.candidates(t)
                if (seat is None or c.seat == seat) and actions.check(t, c) is None]

    def apply(self, cmd: Command | str) -> Result:
        """Apply one command: Accepted(events) or a Rejection; a rejection changes nothing."""
        parsed = self._parse(cmd)
        if isinstance(parsed, Rejection):
            return parsed
        if parsed.verb == "undo":
            return self.undo()
        t = Table(self.db, self.state)
        bad = actions.check(t, parsed)
        if bad is not None:
            return bad
        before = self.state.clone() if self.track_undo else None
        if parsed.seat is None:  # the log records who acted, so a replay never depends on inference
            parsed = Command(parsed.verb, parsed.args, actions.command_seat(t, parsed))
        actions.perform(t, parsed)
        rules.run(t)
        self.commands.append(parsed.text())
        events = tuple(t.events)
        if self.track_undo:
            reveal = next((e for e in events if e.kind in REVEALING), None)
            if reveal is not None:
                self._snapshots.clear()
                self._undo_closed = f"'{parsed.text()}' revealed hidden information ({reveal.kind})"
            else:
                assert before is not None
                self._snapshots.append(before)
        return Accepted(events)

    def undo(self) -> Result:
        """Restore the state before the last command, while that command revealed nothing."""
        if not self._snapshots:
            return Rejection("UNDO", f"cannot undo: {self._undo_reason()}")
        self.state = self._snapshots.pop()
        undone = self.commands.pop()
        return Accepted((Event("undone", {"command": undone}, f"Undo: {undone}"),))

    def _undo_reason(self) -> str:
        return "undo is switched off for this game" if not self.track_undo else self._undo_closed

    def can_undo(self) -> bool:
        return bool(self._snapshots)

    # --- information ---------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (0 Humans, 1 Machines, None a spectator: no hand at all)."""
        return observe(self.db, self.state, seat)

    def state_hash(self) -> str:
        return self.state.hash()

    @property
    def acting(self) -> int | None:
        """The side that must act now (None once the game is over)."""
        return acting_seat(self.state)

    @property
    def over(self) -> bool:
        return self.state.over

    # --- saves ---------------------------------------------------------------------------------

    def save_payload(self) -> dict[str, Any]:
        return {"setup": self.state.setup, "commands": list(self.commands),
                "snapshot": self.state.to_dict(), "state_hash": self.state_hash()}

    def save(self, path: Path | str) -> None:
        """Write an atomic, versioned save (setup + seed + command log + snapshot)."""
        write_save(Path(path), RULESET, self.save_payload())

    @classmethod
    def from_payload(cls, payload: dict[str, Any], db: ReplayDB | None = None, *,
                     path: Path | None = None) -> ReplayGame:
        """Rebuild by replaying the log from the seed; the final hash must match the saved one."""
        try:
            setup = ReplaySetup.from_dict(payload["setup"])
            commands = payload["commands"]
            want = payload["state_hash"]
            if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
                raise TypeError("the command log must be a list of strings")
        except (KeyError, TypeError) as e:
            raise SaveError(path, f"is missing part of the game ({e})") from None
        try:
            game = cls.new(setup, db)
        except (SetupError, CardLoadError) as e:
            raise SaveError(path, f"cannot be set up ({e})") from None
        for i, line in enumerate(commands):
            res = game.apply(line)
            if not res.accepted:
                raise SaveError(path, f"does not replay: command {i + 1} '{line}' was refused ({res})")
        if game.state_hash() != want:
            raise SaveError(path, "does not replay to the saved position (state hash differs)")
        return game

    @classmethod
    def load(cls, path: Path | str, db: ReplayDB | None = None) -> ReplayGame:
        """Load a save; raises SaveError with a clear reason, never touching the file."""
        payload = read_save(Path(path), ruleset=RULESET)
        return cls.from_payload(payload, db, path=Path(path))
