"""Matrix Replay preferences (the hand-off curtain), kept next to the app settings as replay.json."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

FILE_NAME = "replay.json"


@dataclass
class ReplayPrefs:
    curtain: bool = True  # hide the table between seats; off for one person playing both sides

    @classmethod
    def load(cls, config_dir: Path) -> ReplayPrefs:
        """Read the preferences; a missing file gives the defaults, a bad value its default."""
        from matrix_gui.settings import read_model

        return read_model(cls, Path(config_dir) / FILE_NAME, "Matrix Replay settings file")[0]

    def save(self, config_dir: Path) -> None:
        from engine.core.savefile import write_json_atomic

        write_json_atomic(Path(config_dir) / FILE_NAME, asdict(self))
