"""Pydantic models of the Expedition chit files (cards/expedition/*.toml).

A file names its ``pool`` once (the Event cup, the Encounter cup or the Special Discoveries) and
lists ``[[chit]]`` tables, discriminated on ``kind``. Unknown fields, kinds or counters fail when
the file loads, naming the file, the chit and the field.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.core.schema import Strict

# The terrains a region (and a chit's dots) may have: the parent game's, in our own names.
Terrain = Literal["grassland", "forest", "hills", "swamp", "desert", "mountains"]
TERRAINS: tuple[str, ...] = ("grassland", "forest", "hills", "swamp", "desert", "mountains")
# The counters of an Expedition Sheet a chit may change. EX-EVENT-04 counts a loss of any of the
# ones in COSTS as a cost.
Counter = Literal["time", "dp", "resources", "food", "gifts", "askari", "porters", "health", "sanity"]
COUNTERS: tuple[str, ...] = ("time", "dp", "resources", "food", "gifts", "askari", "porters", "health",
                             "sanity")
COSTS = frozenset({"time", "resources", "food", "gifts", "askari", "porters", "health", "sanity"})
Pool = Literal["events", "encounters", "specials"]
ChitId = Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
Copies = Annotated[int, Field(ge=1, le=16)]
Dots = Annotated[list[Terrain], Field(max_length=6)]
Die = Annotated[int, Field(ge=1, le=6)]


class Change(Strict):
    """``counter += amount`` on the sheet of whoever the chit is applied to (never below 0)."""

    counter: Counter
    amount: Annotated[int, Field(ge=-5, le=5)]

    @model_validator(mode="after")
    def _not_zero(self) -> Change:
        if self.amount == 0:
            raise ValueError("a change of 0 changes nothing: leave it out")
        return self


Changes = Annotated[list[Change], Field(max_length=4)]


class ChitBase(Strict):
    id: ChitId
    name: Annotated[str, Field(min_length=1, max_length=40)]
    copies: Copies = 1
    text: Annotated[str, Field(max_length=200)] = ""


class Incident(ChitBase):
    """Event with a black square (EX-EVENT-02): applied to the player who draws it.
    ``impassable``: drawn as the second Event, the Encounter in the new slot cannot be reached."""

    kind: Literal["incident"]
    changes: Changes = []
    impassable: bool = False


class Finding(ChitBase):
    """Event with a green edge (EX-EVENT-07/10): placed in the Matrix, worth DP and costing Time."""

    kind: Literal["finding"]
    dots: Dots = []
    dp: Annotated[int, Field(ge=0, le=9)] = 2
    hourglass: Annotated[int, Field(ge=0, le=3)] = 1


class Discovery(ChitBase):
    """Event with a red edge (EX-DISC-03, EX-EVENT-09/10). A Kingdom may carry a Rumor and can like
    the explorer on a die roll of ``likes_you_on`` or more."""

    kind: Literal["discovery"]
    dots: Dots = []
    dp: Annotated[int, Field(ge=0, le=9)] = 2
    hourglass: Annotated[int, Field(ge=0, le=3)] = 1
    kingdom: bool = False
    likes_you_on: Die | None = None

    @model_validator(mode="after")
    def _kingdom_roll(self) -> Discovery:
        if self.kingdom != (self.likes_you_on is not None):
            raise ValueError("a Kingdom needs likes_you_on, and only a Kingdom has it")
        return self


class Rumor(ChitBase):
    """A Rumor Event (EX-RUMOR): sits on a Village or a Kingdom until it activates."""

    kind: Literal["rumor"]


class Encounter(ChitBase):
    """An Encounter chit (EX-PLACE): dealt with when entered. A Village can like the explorer on a
    die roll of ``likes_you_on`` or more; ``soothes`` gives back what the held second Incident took
    (EX-EVENT-06: some Encounters change it)."""

    kind: Literal["encounter"]
    type: Literal["village", "beast", "people", "hazard", "trader"]
    dots: Dots = []
    changes: Changes = []
    dp: Annotated[int, Field(ge=0, le=5)] = 0
    likes_you_on: Die | None = None
    soothes: bool = False

    @model_validator(mode="after")
    def _village_roll(self) -> Encounter:
        if (self.type == "village") != (self.likes_you_on is not None):
            raise ValueError("a village needs likes_you_on, and only a village has it")
        return self


class Special(ChitBase):
    """A Special Discovery (EX-RUMOR-08): placed on the region and applied."""

    kind: Literal["special"]
    dp: Annotated[int, Field(ge=0, le=12)]
    changes: Changes = []


Chit = Annotated[Incident | Finding | Discovery | Rumor | Encounter | Special, Field(discriminator="kind")]
KINDS = ("incident", "finding", "discovery", "rumor", "encounter", "special")
# Which kinds each pool holds.
POOL_KINDS: dict[str, frozenset[str]] = {
    "events": frozenset({"incident", "finding", "discovery", "rumor"}),
    "encounters": frozenset({"encounter"}),
    "specials": frozenset({"special"}),
}


class ChitFile(Strict):
    """One chit file: the pool its chits go into and the chits."""

    pool: Pool
    chit: Annotated[list[Chit], Field(min_length=1, max_length=200)]

    @model_validator(mode="after")
    def _kinds_fit_the_pool(self) -> ChitFile:
        for c in self.chit:
            if c.kind not in POOL_KINDS[self.pool]:
                raise ValueError(f"chit '{c.id}' is a {c.kind}, which does not go in the {self.pool} pool")
        return self
