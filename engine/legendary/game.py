"""The public face of the Legendary engine: apply commands, list legal ones, undo, observe, save."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from engine.core.gamelog import LoggedGame
from engine.core.inputcheck import InputError
from engine.core.results import Event, Rejection
from engine.core.savefile import SaveError
from engine.legendary import flow
from engine.legendary.carddb import CardDB, CardLoadError, load_db
from engine.legendary.registry import ACTIONS
from engine.legendary.savedposition import MissingCards, read_position, unplayable
from engine.legendary.setup import LegendarySetup, SetupError, new_state
from engine.legendary.state import State
from engine.legendary.table import PILE_WORDS, Table
from engine.legendary.view import events_for, observe

RULESET = "legendary"
# Events after which undo would leak hidden information (LE-MATRIX-11, DESIGN §2).
REVEALING = frozenset({"cards_drawn", "card_revealed", "shuffled", "strike_drawn",
                       "deck_reshuffled", "strikes_reshuffled", "hidden_revealed"})
HIDDEN_SOURCES = ("zion", "hovercraft", "strikes", "matrix_deck")


def _reveals(ev: Event) -> bool:
    if ev.kind in REVEALING:
        return True
    if ev.kind == "card_moved":
        src = ev.data["src"]
        return src in HIDDEN_SOURCES or src.endswith(".deck")
    return False


# What the revealing events show, in words (the undo refusal).
REVEAL_WORDS = {"cards_drawn": "cards were drawn", "card_revealed": "a card was turned face up",
                "shuffled": "a deck was shuffled", "strike_drawn": "a Strike card was drawn",
                "deck_reshuffled": "a deck was reshuffled",
                "strikes_reshuffled": "the Strikes were reshuffled",
                "hidden_revealed": "a hidden Traitor Mode card was revealed"}


def _reveal_words(ev: Event) -> str:
    if ev.text:
        return ev.text
    if ev.kind == "card_moved":
        src = str(ev.data.get("src", ""))
        where = PILE_WORDS.get(src) or ("a player's deck" if src.endswith(".deck") else "a deck")
        return f"a card was taken from {where}"
    return REVEAL_WORDS.get(ev.kind, ev.kind.replace("_", " "))


def _without_campaign(setup: dict[str, Any]) -> dict[str, Any]:
    """A saved setup as if it named no campaign (the field is left out while unset)."""
    return {k: v for k, v in setup.items() if k != "campaign"}


class LegendaryGame(LoggedGame[CardDB, State]):
    """One game: a card database, the state, the command log and the undo snapshots."""

    RULESET = RULESET
    ACTIONS = ACTIONS
    TABLE = Table
    run_flow = staticmethod(flow.run)
    reveals = staticmethod(_reveals)  # event kinds, and cards taken from a hidden pile
    reveal_words = staticmethod(_reveal_words)

    def __init__(self, db: CardDB, state: State, *, track_undo: bool = True) -> None:
        super().__init__(db, state, track_undo=track_undo)
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
        self.close_undo("the table was set up directly")

    @classmethod
    def resume_from(cls, snapshot: dict[str, Any], setup: LegendarySetup, db: CardDB | None,
                    path: Path | None) -> LegendaryGame | None:
        """Go on from a saved position whose cards this card database still holds."""
        db = db or load_db([Path(d) for d in setup.card_dirs])
        game = cls.from_position(snapshot, db, path, "saved position", "snapshot")
        game.initial = copy.deepcopy(snapshot)
        game.close_undo("the game goes on from a saved position")
        return game

    @property
    def setup(self) -> LegendarySetup:
        return LegendarySetup.from_dict(self.state.setup)

    def branched(self) -> None:
        """A campaign game taken over from a replay is a game of its own, no try of its campaign
        (nothing records it there; its HUD shows no campaign line). Its setup keeps what made the
        position: the campaign's Time Track, scars and prep turns."""
        if self.state.setup.get("campaign"):
            self.state.setup = _without_campaign(self.state.setup)
            if self.initial is not None:
                self.initial = {**self.initial, "setup": _without_campaign(self.initial["setup"])}

    # --- the ruleset's parts -------------------------------------------------------------------

    def seat_problem(self, seat: int) -> Rejection | None:
        n = len(self.state.players)
        if 0 <= seat < n:
            return None
        return Rejection("COMMAND", f"there is no seat {seat} in this {n}-player game")

    # --- information ---------------------------------------------------------------------------

    def made_with(self) -> dict[str, str]:
        return {**super().made_with(), "cards": self.db.fingerprint}

    def secret(self) -> bool:
        return bool(self.state.setup.get("traitor"))  # hidden loyalty cards, secret hands

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator of a non-secret game)."""
        return self.with_undo(observe(self.db, self.state, seat), seat)

    def events_for(self, seat: int | None, events: tuple[Event, ...] | list[Event]) -> list[Event]:
        """The events of the last command without the cards ``seat`` may not see."""
        return events_for(self.state, seat, events)

    # --- saves ---------------------------------------------------------------------------------

    def save_payload(self) -> dict[str, Any]:
        out = super().save_payload()
        if self.initial is not None:
            out["initial"] = self.initial
        return out

    SETUP_ERRORS = (SetupError, CardLoadError)
    read_setup = staticmethod(LegendarySetup.from_dict)

    @classmethod
    def start_from(cls, payload: dict[str, Any], setup: LegendarySetup, db: CardDB | None,
                   path: Path | None) -> LegendaryGame:
        """A new game of the setup, or the edited starting position the save keeps."""
        if payload.get("initial") is None:
            return cls.new(setup, db)
        db = db or load_db([Path(d) for d in setup.card_dirs])
        game = cls.from_position(payload["initial"], db, path, "starting position", "initial")
        game.initial = payload["initial"]
        return game

    @classmethod
    def from_position(cls, data: Any, db: CardDB, path: Path | None, what: str, name: str) -> LegendaryGame:
        """A game going on from a position read from a save (its field ``name``; ``what`` it is, in
        words), checked first (engine/legendary/savedposition.py); SaveError in one sentence for a
        damaged one. The state is a copy: it shares nothing with ``data``."""
        try:
            state = read_position(data, db, name)
        except MissingCards as e:
            raise SaveError(path, str(e)) from None
        except InputError as e:
            raise SaveError(path, f"has a damaged {what} ({e})") from None
        game = cls(db, state)
        problem = unplayable(game)
        if problem is not None:
            raise SaveError(path, f"has a damaged {what}: the rules cannot play it ({problem})")
        return game
