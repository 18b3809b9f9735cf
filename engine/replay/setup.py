"""Game setup (MR-SETUP): from a setup description to the first command."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import StrictInt, StrictStr

from engine.core import rng
from engine.core.inputcheck import InputModel, check
from engine.core.seats import seats_problem
from engine.replay.carddb import ReplayDB
from engine.replay.state import GLOBAL_PILES, HUMANS, MACHINES, PLAYER_PILES, SIDE_KEYS, START_HAND, State, pp

# MR-SETUP-01/02: these start in play, out of the decks.
STARTING = {HUMANS: ("morpheus", "trinity"), MACHINES: ("agent_smith", "agent_jones")}


class SetupError(ValueError):
    """A setup the rules forbid or the card files cannot support; the message names the rule."""


@dataclass
class ReplaySetup:
    """What is needed to rebuild a game from the start: the seed and (optionally) a card folder;
    who plays each side ("human" or a bot's kind, engine.core.seats; empty: two people)."""

    seed: int = 0
    card_dir: str | None = None
    seats: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The setup as saved; ``seats`` only when set, so older saves keep their state hash."""
        d = asdict(self)
        if not self.seats:
            del d["seats"]
        return d

    @classmethod
    def from_dict(cls, d: Any) -> ReplaySetup:
        """The setup a save names; InputError (a ValueError) naming the first malformed field."""
        fields = check(SetupFields, d, "setup")
        return cls(seed=fields.seed, card_dir=fields.card_dir, seats=list(fields.seats))


class SetupFields(InputModel):
    """The fields of a saved ``ReplaySetup`` and their types (checked when a save is read)."""

    seed: StrictInt = 0
    card_dir: StrictStr | None = None
    seats: list[StrictStr] = []


def new_state(db: ReplayDB, setup: ReplaySetup) -> State:
    """MR-SETUP-01..04 and MR-COMP-01/02: both decks, starting characters, 8-card hands, empty piles."""
    if (problem := seats_problem(setup.seats, 2)) is not None:
        raise SetupError(f"seats: {problem}")
    defs: list[str] = []
    piles: dict[str, list[int]] = {pp(seat, name): [] for seat in (HUMANS, MACHINES) for name in PLAYER_PILES}
    piles.update({name: [] for name in GLOBAL_PILES})
    for seat in (HUMANS, MACHINES):
        start = list(STARTING[seat])
        for def_id in db.deck_list(SIDE_KEYS[seat]):
            cid = len(defs)
            defs.append(def_id)
            if def_id in start:
                start.remove(def_id)
                piles[pp(seat, "play")].append(cid)
            else:
                piles[pp(seat, "deck")].append(cid)
        if start:
            raise SetupError(f"MR-SETUP-01/02: the card files lack {', '.join(start)}")
    state = State(defs=defs, piles=piles, rng=rng.seed_state(setup.seed), setup=setup.to_dict())
    for seat in (HUMANS, MACHINES):
        deck = piles[pp(seat, "deck")]
        state.rng = rng.shuffle(state.rng, deck)
        for _ in range(min(START_HAND, len(deck))):
            piles[pp(seat, "hand")].append(deck.pop())
    return state
