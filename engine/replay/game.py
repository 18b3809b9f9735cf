"""The public face of the Matrix Replay engine: apply commands, list legal ones, undo, observe, save.

Like ``engine.legendary.game.LegendaryGame`` it is an ``engine.core.gamelog.LoggedGame`` (command log,
snapshot undo, saves that replay the log), so a GUI drives both rulesets the same way.
"""
from __future__ import annotations

from typing import Any

from engine.core.gamelog import LoggedGame
from engine.core.results import Rejection
from engine.replay import rules
from engine.replay.actions import ACTIONS
from engine.replay.carddb import CardLoadError, ReplayDB, default_db, load_db
from engine.replay.rules import Table, acting_seat
from engine.replay.setup import ReplaySetup, SetupError, new_state
from engine.replay.state import HUMANS, MACHINES, SIDE_NAMES, State
from engine.replay.view import observe

RULESET = "replay"
# Events after which undo would leak what chance or a hidden pile holds (DESIGN §2).
REVEALING = frozenset({"dice_rolled", "cards_drawn", "shuffled", "deck_reshuffled", "cards_seen",
                       "card_taken"})


class ReplayGame(LoggedGame[ReplayDB, State]):
    """One game: a card database, the state, the command log and the undo snapshots."""

    RULESET = RULESET
    REVEALING = REVEALING
    ACTIONS = ACTIONS
    TABLE = Table
    run_flow = staticmethod(rules.run)
    LOG_SEAT = True  # the log records who acted, so a replay never depends on inference

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

    # --- the ruleset's parts -------------------------------------------------------------------

    def seat_problem(self, seat: int) -> Rejection | None:
        if seat in (HUMANS, MACHINES):
            return None
        return Rejection("MR-GEN-01", f"there is no seat {seat}: @0 is the Humans, @1 the Machines")

    # --- information ---------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (0 Humans, 1 Machines, None a spectator: no hand at all)."""
        return self.with_undo(observe(self.db, self.state, seat), seat)

    def _undo_refusal(self, seat: int | None = None) -> str:
        """Only the side that made the last move may take it back: the refusal names that side."""
        who = self._snapshots[-1][1] if self.track_undo and self._snapshots else None
        if seat is not None and who is not None and who != seat:
            return f"The {SIDE_NAMES[who]} made the last move: only they can take it back"
        return super()._undo_refusal(seat)

    @property
    def acting(self) -> int | None:
        """The side that must act now (None once the game is over)."""
        return acting_seat(self.state)

    # --- saves ---------------------------------------------------------------------------------

    SETUP_ERRORS = (SetupError, CardLoadError)
    read_setup = staticmethod(ReplaySetup.from_dict)
