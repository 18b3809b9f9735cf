"""User settings (animation speed, scans folder, last setup, window geometry), kept as JSON."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any


@dataclass
class LastSetup:
    """The New Game dialog's choices, remembered for next time."""

    ruleset: str = "legendary"
    film: str = ""
    players: int = 2
    avatars: list[str] = field(default_factory=list)
    seed: str = ""
    acts: list[str] = field(default_factory=list)  # the last story's Acts and Zion groups
    groups: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)  # difficulty options
    traitor: str = ""  # a Traitor mode id, or "" for none
    seats: list[str] = field(default_factory=list)  # who played each Legendary seat ("human", a bot)
    sides: list[str] = field(default_factory=list)  # who played each Matrix Replay side


@dataclass
class Settings:
    animation_speed: float = 1.0  # 0.5 = slower, 2.0 = twice as fast
    skip_animations: bool = False
    scans_dir: str = ""
    zoom_on_hover: bool = True
    text_scale: float = 1.0  # "larger text": every text of the app, the tables' and card faces' too
    last_setup: LastSetup = field(default_factory=LastSetup)
    geometry: str = ""  # base64 of QMainWindow.saveGeometry()
    window_state: str = ""

    @classmethod
    def load(cls, path: Path) -> Settings:
        """Read settings; a missing or damaged file gives the defaults."""
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        kw: dict[str, Any] = {k: v for k, v in raw.items() if k in known and k != "last_setup"}
        ls = raw.get("last_setup")
        if isinstance(ls, dict):
            lknown = {f.name for f in fields(LastSetup)}
            kw["last_setup"] = LastSetup(**{k: v for k, v in ls.items() if k in lknown})
        try:
            return cls(**kw)
        except TypeError:
            return cls()

    def as_dict(self) -> dict[str, Any]:
        """The settings as the file holds them."""
        return asdict(self)

    def save(self, path: Path) -> None:
        from engine.core.savefile import write_json_atomic  # (not needed before the first frame)

        write_json_atomic(Path(path), self.as_dict())
