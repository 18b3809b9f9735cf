"""Start-up checks: the shipped files the app cannot run without."""
from __future__ import annotations

from engine.resources import cards_dir, data_root


def missing_assets() -> list[str]:
    """Names of required shipped files that are missing (empty when all is well)."""
    out = []
    cards = cards_dir("legendary")
    for name in ("playmat.toml", "starting.toml", "strikes.toml", "hovercraft.toml"):
        if not (cards / name).is_file():
            out.append(f"cards/legendary/{name}")
    if not (data_root() / "docs" / "gui.md").is_file():
        out.append("docs/gui.md")
    return out
