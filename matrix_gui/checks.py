"""Start-up checks: the shipped files the app cannot run without, and folders it must be able to write."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from engine.resources import cards_dir, data_root
from matrix_gui.paths import AppPaths

# Shipped files under data_root(): the card faces' fonts and the window/desktop icon.
REQUIRED_ASSETS = (
    "assets/fonts/DejaVuSans-Bold.ttf",
    "assets/fonts/DejaVuSansCondensed.ttf",
    "assets/fonts/DejaVuSansCondensed-Bold.ttf",
    "assets/fonts/DejaVuSansCondensed-Oblique.ttf",
    "assets/icons/app.png",
)

REQUIRED_DOCS = ("gui.md", "rules-reference.md")  # Help and the Rules Reference


def missing_assets() -> list[str]:
    """Names of required shipped files that are missing (empty when all is well)."""
    out = []
    cards = cards_dir("legendary")
    for name in ("playmat.toml", "starting.toml", "strikes.toml", "hovercraft.toml", "keywords.toml"):
        if not (cards / name).is_file():
            out.append(f"cards/legendary/{name}")
    root = data_root()
    out.extend(rel for rel in REQUIRED_ASSETS if not (root / rel).is_file())
    out.extend(f"docs/{name}" for name in REQUIRED_DOCS if not (root / "docs" / name).is_file())
    return out


def unwritable_files(paths: AppPaths) -> list[str]:
    """Why the autosave or the settings cannot be written, one sentence each (empty when both can)."""
    out = []
    for what, target in (("the autosave", paths.autosave), ("the settings", paths.settings_file)):
        why = _write_problem(target)
        if why:
            out.append(f"cannot write {what} {target}: {why}")
    return out


def _write_problem(target: Path) -> str:
    """Creates ``target``'s folder and writes (then removes) a probe file next to it, as an atomic save
    would; the reason it fails, or ''."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() and not target.is_file():
            return "something that is not a file is in the way"
        fd, probe = tempfile.mkstemp(prefix=".write-check-", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(b"\0" * 4096)
                fh.flush()
                os.fsync(fh.fileno())
        finally:
            os.unlink(probe)
    except OSError as e:
        return e.strerror or str(e)
    return ""
