"""The public face of the Expedition engine: apply commands, list legal ones, undo, observe, save.

Like the other rulesets it is an ``engine.core.gamelog.LoggedGame`` (command log, snapshot undo,
saves that replay the log), so a GUI drives it the same way.
"""
from __future__ import annotations

from typing import Any

from engine.core.gamelog import LoggedGame
from engine.core.results import Rejection
from engine.expedition import flow
from engine.expedition.actions import ACTIONS
from engine.expedition.chitdb import CardLoadError, ChitDB, default_db, load_db
from engine.expedition.setup import ExpeditionSetup, SetupError, new_state
from engine.expedition.state import State
from engine.expedition.table import REVEALING, Table, acting_seat
from engine.expedition.view import observe

RULESET = "expedition"


class ExpeditionGame(LoggedGame[ChitDB, State]):
    """One Matrix Phase: the chit database, the state, the command log and the undo snapshots."""

    RULESET = RULESET
    REVEALING = REVEALING
    ACTIONS = ACTIONS
    TABLE = Table
    run_flow = staticmethod(flow.run)
    LOG_SEAT = True

    @classmethod
    def new(cls, setup: ExpeditionSetup | None = None, db: ChitDB | None = None,
            **kw: Any) -> ExpeditionGame:
        """Set up a Matrix Phase and run it to the first command (raises SetupError or CardLoadError)."""
        setup = setup or ExpeditionSetup()
        if db is None:
            db = load_db(setup.card_dir) if setup.card_dir else default_db()
        game = cls(db, new_state(db, setup), **kw)
        t = Table(db, game.state)
        flow.start(t)
        flow.run(t)
        return game

    @property
    def setup(self) -> ExpeditionSetup:
        return ExpeditionSetup.from_dict(self.state.setup)

    def seat_problem(self, seat: int) -> Rejection | None:
        n = len(self.state.sheets)
        if 0 <= seat < n:
            return None
        return Rejection("EX-TURN-04", f"there is no seat {seat}: this Matrix Phase has seats 0 to {n - 1}")

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator)."""
        return self.with_undo(observe(self.db, self.state, seat), seat)

    @property
    def acting(self) -> int | None:
        return acting_seat(self.state)

    SETUP_ERRORS = (SetupError, CardLoadError)
    read_setup = staticmethod(ExpeditionSetup.from_dict)
