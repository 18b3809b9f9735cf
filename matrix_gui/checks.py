"""Start-up checks: the shipped files the app cannot run without."""
from __future__ import annotations

from engine.resources import cards_dir, data_root

# Shipped files under data_root(): the card faces' fonts and the window/desktop icon.
REQUIRED_ASSETS = (
    "assets/fonts/DejaVuSans-Bold.ttf",
    "assets/fonts/DejaVuSansCondensed.ttf",
    "assets/fonts/DejaVuSansCondensed-Bold.ttf",
    "assets/fonts/DejaVuSansCondensed-Oblique.ttf",
    "assets/icons/app.png",
)


def missing_assets() -> list[str]:
    """Names of required shipped files that are missing (empty when all is well)."""
    out = []
    cards = cards_dir("legendary")
    for name in ("playmat.toml", "starting.toml", "strikes.toml", "hovercraft.toml"):
        if not (cards / name).is_file():
            out.append(f"cards/legendary/{name}")
    root = data_root()
    out.extend(rel for rel in REQUIRED_ASSETS if not (root / rel).is_file())
    if not (root / "docs" / "gui.md").is_file():
        out.append("docs/gui.md")
    return out
