"""Pydantic models of the Matrix Replay card files (cards/replay/*.toml).

A file names its ``side`` once and lists ``[[card]]`` tables. A card is a Character, an Event or a
Mission (discriminated on ``type``). Effects are a closed vocabulary keyed on ``verb``: an unknown
verb, a missing or misspelt field fails when the file loads, naming the file, the card and the field.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.core.schema import Strict

Side = Literal["humans", "machines"]
Roll = Literal["interception", "combat", "mission", "escape", "detection", "pursuit", "battle"]
ROLLS: tuple[str, ...] = ("interception", "combat", "mission", "escape", "detection", "pursuit", "battle")
MATRIX_ROLLS = frozenset({"interception", "combat", "mission", "escape"})
CharCode = Literal["H", "HB", "RP", "A", "B"]
CardId = Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
Count = Annotated[int, Field(ge=1, le=10)]  # how many cards, characters or points

# Which codes each side may hold (MR-COMP-03, MR-CHAR-05; Rogue Programs serve either side).
SIDE_CODES = {"humans": frozenset({"H", "HB", "RP"}), "machines": frozenset({"A", "B", "RP"})}



class Modifier(Strict):
    """``roll +amount``. ``who`` narrows it to one character (or +amount per Agent taking part);
    ``lasts`` keeps it beyond the contest it is played in."""

    roll: Roll | Literal["any"]
    amount: Count
    who: Literal["side", "neo", "agent_smith", "each_agent"] = "side"
    lasts: Literal["contest", "turn", "game"] = "contest"

    @model_validator(mode="after")
    def _lasting_targets(self) -> Modifier:
        if self.lasts == "game" and self.who not in ("neo", "agent_smith"):
            raise ValueError("a bonus for the rest of the game must name its character (who)")
        if self.lasts == "turn" and self.who != "side":
            raise ValueError("a bonus for the rest of the turn applies to the whole side (who = 'side')")
        return self


# --- effects -----------------------------------------------------------------------------------


class Draw(Strict):
    """Draw cards from your deck."""

    verb: Literal["draw"]
    amount: Count


class SkipMatrixPhase(Strict):
    """This turn's Matrix Phase does not happen."""

    verb: Literal["skip_matrix_phase"]


class OpponentDiscards(Strict):
    """The opponent discards cards of their choice from hand."""

    verb: Literal["opponent_discards"]
    amount: Count


class OpponentKillsHumansInMatrix(Strict):
    """The opponent kills (discards) Human characters of theirs in the Matrix, of their choice."""

    verb: Literal["opponent_kills_humans_in_matrix"]
    amount: Count


class KillOwnCharacter(Strict):
    """Discard one of your own Characters in play, of your choice."""

    verb: Literal["kill_own_character"]
    amount: Count = 1


class DiscardRobots(Strict):
    """Discard Robots in play: all of them, or a number of your choice."""

    verb: Literal["discard_robots"]
    amount: int | Literal["all"]


class LookOpponentDeck(Strict):
    """Look at the top cards of the opponent's deck without changing their order."""

    verb: Literal["look_opponent_deck"]
    amount: int = Field(ge=1, le=20)


class LookOpponentHand(Strict):
    """Look at the opponent's hand."""

    verb: Literal["look_opponent_hand"]


class TimeCounters(Strict):
    """Add (positive) or remove (negative) Time counters."""

    verb: Literal["time"]
    amount: int = Field(ge=-5, le=5)

    @model_validator(mode="after")
    def _not_zero(self) -> TimeCounters:
        if self.amount == 0:
            raise ValueError("amount must not be 0")
        return self


class RetrieveFromDiscard(Strict):
    """Put a card of the named kind from your discard pile into your hand."""

    verb: Literal["retrieve_from_discard"]
    what: Literal["character", "agent"]


class SearchDeck(Strict):
    """Put a card of your choice (any, or a Mission) from your deck into your hand; then shuffle."""

    verb: Literal["search_deck"]
    what: Literal["any", "mission"]


class Neutralize(Strict):
    """A target opposing Character cannot modify rolls this turn and the next ``turns - 1``."""

    verb: Literal["neutralize"]
    turns: int = Field(ge=1, le=5)
    in_matrix_only: bool = False


Effect = Annotated[
    Draw | SkipMatrixPhase | OpponentDiscards | OpponentKillsHumansInMatrix | KillOwnCharacter
    | DiscardRobots | LookOpponentDeck | LookOpponentHand | TimeCounters | RetrieveFromDiscard
    | SearchDeck | Neutralize,
    Field(discriminator="verb"),
]


# --- cards -------------------------------------------------------------------------------------


class _Card(Strict):
    id: CardId
    name: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=10)
    text: str = ""
    flavor: str = ""


class CharacterCard(_Card):
    """Stays in play until killed; its modifiers add to its side's contests (MR-CHAR-06)."""

    type: Literal["character"]
    code: CharCode
    role: str = ""
    modifiers: list[Modifier] = Field(default_factory=list)

    @model_validator(mode="after")
    def _plain_modifiers(self) -> CharacterCard:
        for m in self.modifiers:
            if m.who != "side" or m.lasts != "contest" or m.roll == "any":
                raise ValueError("a Character's modifiers are plain 'roll +amount' entries")
        return self

    @property
    def operator(self) -> bool:
        """Operators help Matrix contests from the Real World (MR-CHAR-07)."""
        return self.role == "Operator"


class EventCard(_Card):
    """Discarded once played. ``options``: the roll modifiers to choose from (MR-EVENT-03);
    ``effects`` resolve when it is played (MR-EVENT-05)."""

    type: Literal["event"]
    options: list[Modifier] = Field(default_factory=list, max_length=2)
    effects: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _does_something(self) -> EventCard:
        if not self.options and not self.effects:
            raise ValueError("an Event needs options (roll modifiers) or effects")
        rolls = [m.roll for m in self.options]
        if len(set(rolls)) != len(rolls):
            raise ValueError("two options for the same roll type")
        return self


class MissionCard(_Card):
    """Played in the Mission segment; earns ``mp`` when its contest succeeds (MR-MISSION-04)."""

    type: Literal["mission"]
    mp: int = Field(ge=1, le=10)
    roll: Literal["mission", "combat", "battle"] = "mission"
    team: Literal["matrix", "real_world", "neo_only"] = "matrix"
    neo_in_matrix: bool = True
    machine_bonus: int = Field(default=0, ge=0, le=10)
    requires_in_play: CardId | None = None
    requires_completed: CardId | None = None
    on_success: list[Effect] = Field(default_factory=list)


Card = Annotated[CharacterCard | EventCard | MissionCard, Field(discriminator="type")]


class CardFile(Strict):
    """One TOML file: its side and its cards."""

    side: Side
    card: list[Card] = Field(min_length=1)

    @model_validator(mode="after")
    def _cards_fit_side(self) -> CardFile:
        for i, c in enumerate(self.card):
            if isinstance(c, MissionCard) and self.side != "humans":
                raise ValueError(f"card[{i}] '{c.id}': only the Human deck holds Missions (MR-COMP-03)")
            if isinstance(c, CharacterCard) and c.code not in SIDE_CODES[self.side]:
                raise ValueError(f"card[{i}] '{c.id}': code {c.code} is not a {self.side} character")
        return self
