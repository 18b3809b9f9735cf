"""What the New Game dialog offers for an Expedition (the engine's sheet fields and defaults) and
the engine's setup made of the dialog's choice, or the engine's reason it refuses it."""
from __future__ import annotations

from typing import Any

from engine.core.inputcheck import check
from engine.expedition.setup import DEFAULT_REGIONS, MAX_PLAYERS, ExpeditionSetup, PlayerSetup, SetupError
from matrix_gui.newgame import NewGameChoice, SheetChoices

COUNTERS = (("time", "Time"), ("dp", "DP"), ("resources", "Resources"), ("food", "Food"), ("gifts", "Gifts"),
            ("askari", "Askari"), ("porters", "Porters"), ("health", "Health"), ("sanity", "Sanity"))
FLAGS = (("guide", "Guide"), ("telescope", "Telescope"), ("wildman", "Wildman"))


def regions() -> tuple[str, ...]:
    """The terrains a region may have (the engine's ``Terrain``), the default regions first."""
    from typing import get_args

    from engine.expedition.schema import Terrain

    rest = [t for t in get_args(Terrain) if t not in DEFAULT_REGIONS]
    return (*DEFAULT_REGIONS, *rest)


def sheet_choices() -> SheetChoices:
    fields = PlayerSetup.model_fields
    return SheetChoices(regions=regions(),
                        counters=tuple((k, label, int(fields[k].default)) for k, label in COUNTERS),
                        flags=tuple((k, label, bool(fields[k].default)) for k, label in FLAGS),
                        max_players=MAX_PLAYERS)


def setup_of(choice: NewGameChoice) -> ExpeditionSetup | str:
    """The engine's setup for ``choice`` (each player's sheet as the dialog set it, else the
    defaults), or the engine's reason it cannot be played."""
    try:
        base = ExpeditionSetup.for_players(choice.players, seed=choice.seed or 0)
        players = []
        for i, p in enumerate(base.players):
            given: dict[str, Any] = dict(choice.sheets[i]) if i < len(choice.sheets) else {}
            players.append(check(PlayerSetup, {**p.model_dump(), **given}, f"player {i + 1}'s sheet"))
        return ExpeditionSetup(seed=base.seed, players=players)
    except (SetupError, ValueError) as e:
        return str(e)
