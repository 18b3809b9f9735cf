"""The public face of the Legendary engine: apply commands, list legal ones, undo, observe, save."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.commands import Command, CommandSyntaxError, parse
from engine.core.results import Accepted, Event, Rejection, Result
from engine.core.savefile import SaveError, read_save, write_save
from engine.legendary import acts, flow  # noqa: F401  (acts registers the Act hooks)
from engine.legendary.actions import ACTIONS, candidates
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.setup import LegendarySetup, new_state
from engine.legendary.state import State
from engine.legendary.table import Table
from engine.legendary.view import observe

RULESET = "legendary"
# Events after which undo would leak hidden information (LE-MATRIX-11, DESIGN §2).
REVEALING = frozenset({"cards_drawn", "card_revealed", "shuffled", "strike_drawn",
                       "deck_reshuffled", "strikes_reshuffled"})
HIDDEN_SOURCES = ("zion", "hovercraft", "strikes", "matrix_deck")


def _reveals(ev: Event) -> bool:
    if ev.kind in REVEALING:
        return True
    if ev.kind == "card_moved":
        src = ev.data["src"]
        return src in HIDDEN_SOURCES or src.endswith(".deck")
    return False


class LegendaryGame:
    """One game: a card database, the state, the command log and the undo snapshots."""

    def __init__(self, db: CardDB, state: State, *, track_undo: bool = True) -> None:
        self.db = db
        self.state = state
        self.commands: list[str] = []
        self.track_undo = track_undo
        self._snapshots: list[State] = []
        self._undo_closed = "nothing to undo yet"
        self.initial: dict[str, Any] | None = None  # set when the game starts from an edited position

    # --- creation -----------------------------------------------------------------------------

    @classmethod
    def new(cls, setup: LegendarySetup, db: CardDB | None = None, **kw: Any) -> LegendaryGame:
        """Set up a new game (raises SetupError for a setup the rules forbid)."""
        db = db or load_db([Path(d) for d in setup.card_dirs])
        return cls(db, new_state(db, setup), **kw)

    def rebase(self) -> None:
        """Make the current position the start of the command log (after a scenario or a test
        edited the table directly), so saves still replay exactly."""
        self.initial = self.state.to_dict()
        self.commands = []
        self._snapshots.clear()
        self._undo_closed = "the table was set up directly"

    @property
    def setup(self) -> LegendarySetup:
        return LegendarySetup.from_dict(self.state.setup)

    # --- commands -------------------------------------------------------------------------------

    def check(self, cmd: Command | str) -> Rejection | None:
        """Why ``cmd`` is illegal now, or None if it is legal."""
        if isinstance(cmd, str):
            try:
                cmd = parse(cmd)
            except CommandSyntaxError as e:
                return Rejection("COMMAND", str(e))
        act = ACTIONS.get(cmd.verb)
        if act is None:
            return Rejection("COMMAND", f"unknown command {cmd.verb!r}; known: {', '.join(sorted(ACTIONS))}")
        if cmd.seat is not None and not 0 <= cmd.seat < len(self.state.players):
            n = len(self.state.players)
            return Rejection("COMMAND", f"there is no seat {cmd.seat} in this {n}-player game")
        return act.check(Table(self.db, self.state), cmd)

    def is_legal(self, cmd: Command | str) -> bool:
        return self.check(cmd) is None

    def legal_commands(self) -> list[Command]:
        t = Table(self.db, self.state)
        return [c for c in candidates(t) if ACTIONS[c.verb].check(t, c) is None]

    def apply(self, cmd: Command | str) -> Result:
        """Apply one command: Accepted(events) or a Rejection; a rejection changes nothing."""
        if isinstance(cmd, str):
            try:
                cmd = parse(cmd)
            except CommandSyntaxError as e:
                return Rejection("COMMAND", str(e))
        if cmd.verb == "undo":
            return self.undo()
        bad = self.check(cmd)
        if bad is not None:
            return bad
        before = self.state.clone() if self.track_undo else None
        t = Table(self.db, self.state)
        ACTIONS[cmd.verb].perform(t, cmd)
        flow.run(t)
        self.commands.append(cmd.text())
        events = tuple(t.events)
        if self.track_undo:
            reveal = next((e for e in events if _reveals(e)), None)
            if reveal is not None:
                self._snapshots.clear()
                self._undo_closed = f"'{cmd.text()}' revealed hidden information ({reveal.kind})"
            else:
                assert before is not None
                self._snapshots.append(before)
        return Accepted(events)

    def undo(self) -> Result:
        """Restore the state before the last command, inside the undo window."""
        if not self.track_undo:
            return Rejection("UNDO", "undo is switched off for this game")
        if not self._snapshots:
            return Rejection("UNDO", f"cannot undo: {self._undo_closed}")
        self.state = self._snapshots.pop()
        undone = self.commands.pop()
        return Accepted((Event("undone", {"command": undone}, f"Undo: {undone}"),))

    def can_undo(self) -> bool:
        return bool(self._snapshots)

    # --- information ---------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator of a non-secret game)."""
        return observe(self.db, self.state, seat)

    def state_hash(self) -> str:
        return self.state.hash()

    @property
    def over(self) -> bool:
        return self.state.over

    # --- saves ---------------------------------------------------------------------------------

    def save_payload(self) -> dict[str, Any]:
        out = {"setup": self.state.setup, "commands": list(self.commands),
               "snapshot": self.state.to_dict(), "state_hash": self.state_hash()}
        if self.initial is not None:
            out["initial"] = self.initial
        return out

    def save(self, path: Path) -> None:
        """Write an atomic, versioned save (setup + seed + command log + snapshot)."""
        write_save(Path(path), RULESET, self.save_payload())

    @classmethod
    def from_payload(cls, payload: dict[str, Any], db: CardDB | None = None, *,
                     path: Path | None = None) -> LegendaryGame:
        """Rebuild by replaying the log; the final hash must match the saved one."""
        try:
            setup = LegendarySetup.from_dict(payload["setup"])
            commands = list(payload["commands"])
            want = payload["state_hash"]
        except (KeyError, TypeError) as e:
            raise SaveError(path, f"is missing part of the game ({e})") from None
        if payload.get("initial") is not None:
            try:
                start = State.from_dict(payload["initial"])
            except (KeyError, TypeError, ValueError) as e:
                raise SaveError(path, f"has a damaged starting position ({e})") from None
            game = cls(db or load_db([Path(d) for d in setup.card_dirs]), start)
            game.initial = payload["initial"]
        else:
            game = cls.new(setup, db)
        for i, line in enumerate(commands):
            res = game.apply(line)
            if not res.accepted:
                raise SaveError(path, f"does not replay: command {i + 1} '{line}' was refused ({res})")
        if game.state_hash() != want:
            raise SaveError(path, "does not replay to the saved position (state hash differs)")
        return game

    @classmethod
    def load(cls, path: Path, db: CardDB | None = None) -> LegendaryGame:
        """Load a save; raises SaveError with a clear reason, never touching the file."""
        payload = read_save(Path(path), ruleset=RULESET)
        return cls.from_payload(payload, db, path=Path(path))
