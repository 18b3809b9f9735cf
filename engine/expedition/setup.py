"""Setting a Matrix Phase up: the parent game's inputs per player (region, Time, DP, Resources,
Food, ...) with sensible defaults, recorded in saves, and the first state."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from engine.core import rng
from engine.core.inputcheck import InputModel, check
from engine.expedition.chitdb import ChitDB
from engine.expedition.grid import SLOTS, START
from engine.expedition.schema import Terrain
from engine.expedition.state import CUPS, Sheet, State, seat_piles

MAX_PLAYERS = 4
DEFAULT_REGIONS = ("grassland", "forest", "hills", "swamp")


class SetupError(ValueError):
    """A setup the rules forbid; the message names the rule."""


Count = Annotated[StrictInt, Field(ge=0, le=99)]


class PlayerSetup(InputModel):
    """One player's Expedition Sheet as the parent game hands it over (checked on creation and when
    a save is read; a bad field is an error naming it)."""

    name: Annotated[StrictStr, Field(min_length=1, max_length=30)]
    region: Terrain
    time: Annotated[StrictInt, Field(ge=1, le=99)] = 10
    dp: Count = 0
    resources: Count = 3
    food: Count = 4
    gifts: Count = 2
    askari: Count = 2
    porters: Count = 2
    health: Count = 6
    sanity: Count = 6
    guide: StrictBool = False
    telescope: StrictBool = False
    wildman: StrictBool = False


class SetupFields(InputModel):
    """The fields of a saved ``ExpeditionSetup``."""

    seed: StrictInt = 0
    game_turn: Annotated[StrictInt, Field(ge=1, le=999)] = 1
    players: Annotated[list[PlayerSetup], Field(min_length=1, max_length=MAX_PLAYERS)]
    card_dir: StrictStr | None = None


@dataclass
class ExpeditionSetup:
    """What is needed to rebuild a Matrix Phase from the start: the seed, the players in Turn Track
    order with their sheets, and (optionally) a chit folder."""

    seed: int = 0
    players: list[PlayerSetup] = field(default_factory=lambda: [PlayerSetup(name="Explorer 1",
                                                                            region="grassland")])
    game_turn: int = 1
    card_dir: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": [p.model_dump() for p in self.players],
                "game_turn": self.game_turn, "card_dir": self.card_dir}

    @classmethod
    def from_dict(cls, d: Any) -> ExpeditionSetup:
        """The setup a save names; InputError (a ValueError) naming the first malformed field."""
        f = check(SetupFields, d, "setup")
        return cls(seed=f.seed, game_turn=f.game_turn, card_dir=f.card_dir, players=list(f.players))

    @classmethod
    def for_players(cls, n: int, seed: int = 0, **sheet: Any) -> ExpeditionSetup:
        """``n`` players with the default sheets, each in a different region (``sheet`` sets a
        field for all of them)."""
        if not 1 <= n <= MAX_PLAYERS:
            raise SetupError(f"the Matrix Phase is for 1 to {MAX_PLAYERS} players, not {n}")
        return cls(seed=seed, players=[PlayerSetup(name=f"Explorer {i + 1}", region=DEFAULT_REGIONS[i],
                                                   **sheet) for i in range(n)])


def validate(setup: ExpeditionSetup) -> None:
    """SetupError if a setup built in code has too few or too many players (each player's fields
    are checked when the ``PlayerSetup`` is made)."""
    if not 1 <= len(setup.players) <= MAX_PLAYERS:
        raise SetupError(f"the Matrix Phase is for 1 to {MAX_PLAYERS} players, not {len(setup.players)}")


def new_state(db: ChitDB, setup: ExpeditionSetup) -> State:
    """Every chit in its cup, each player's Explorer on "Start here" (EX-GRID-02) with no Arrow."""
    validate(setup)
    defs: list[str] = []
    piles: dict[str, list[int]] = {name: [] for name in CUPS.values()}
    for pool, name in CUPS.items():
        for def_id in db.pool_list(pool):
            piles[name].append(len(defs))
            defs.append(def_id)
    sheets = []
    for seat, p in enumerate(setup.players):
        piles.update({name: [] for name in seat_piles(seat)})
        sheets.append(Sheet(**p.model_dump(), pos=list(START)))
    assert len(SLOTS) == 20
    return State(defs=defs, piles=piles, rng=rng.seed_state(setup.seed), setup=setup.to_dict(),
                 sheets=sheets)
