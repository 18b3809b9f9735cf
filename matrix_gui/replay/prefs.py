"""Matrix Replay preferences (the hand-off curtain), kept next to the app settings as replay.json."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

FILE_NAME = "replay.json"


@dataclass
class ReplayPrefs:
    curtain: bool = True  # hide the table between seats; off for one person playing both sides

    @classmethod
    def load(cls, config_dir: Path) -> ReplayPrefs:
        """Read the preferences; a missing or damaged file gives the defaults."""
        try:
            raw = json.loads((Path(config_dir) / FILE_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        return cls(curtain=raw.get("curtain", True) is not False) if isinstance(raw, dict) else cls()

    def save(self, config_dir: Path) -> None:
        from engine.core.savefile import write_json_atomic

        write_json_atomic(Path(config_dir) / FILE_NAME, asdict(self))
