"""Where the shipped data lives, from source and when frozen by PyInstaller."""
from __future__ import annotations

import sys
from pathlib import Path


def data_root() -> Path:
    """The folder holding ``cards/`` and ``assets/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def cards_dir(ruleset: str) -> Path:
    """``cards/<ruleset>/`` of the installation."""
    return data_root() / "cards" / ruleset
