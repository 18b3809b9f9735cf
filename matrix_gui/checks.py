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


# Non-ASCII text every bundle must handle; the app's own text has dashes, accents and ticks.
SAMPLE_TEXT = "Zion — Ça va ✓ 東京"
# File names as the Qt file dialog sorts them (QCollator, numeric): ICU's root collation puts "ça"
# with "c" and "9" before "10"; without ICU's data Qt falls back to code-point order.
COLLATION_SAMPLE = ("Zion 10", "東京", "Ça va 2", "Zion 9", "ça va 1")
COLLATION_ORDER = ("ça va 1", "Ça va 2", "Zion 9", "Zion 10", "東京")


def text_problems() -> list[str]:
    """What is wrong with Qt's handling of non-ASCII text, one sentence each (empty when all is well):
    collation through ICU in English and in a language with its own order (Swedish puts ö after z),
    and drawing ``SAMPLE_TEXT`` with the bundled font. Needs a QGuiApplication."""
    from functools import cmp_to_key

    from PySide6.QtCore import QCollator, QLocale, Qt
    from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QImage, QPainter

    out = []
    collator = QCollator(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    collator.setNumericMode(True)
    order = tuple(sorted(COLLATION_SAMPLE, key=cmp_to_key(collator.compare)))
    if order != COLLATION_ORDER:
        out.append(f"file names sort as {list(order)}, not {list(COLLATION_ORDER)} (ICU collation)")
    if QCollator(QLocale(QLocale.Language.Swedish, QLocale.Country.Sweden)).compare("ö", "z") < 0:
        out.append("Swedish collation puts ö before z (ICU's collation for other languages)")

    font_file = data_root() / "assets" / "fonts" / "DejaVuSansCondensed.ttf"
    font_id = QFontDatabase.addApplicationFont(str(font_file))
    if font_id < 0:
        return [*out, f"Qt cannot load the font {font_file.name}"]
    try:
        font = QFont(QFontDatabase.applicationFontFamilies(font_id)[0], 20)
        latin = SAMPLE_TEXT.split(" 東")[0]  # the bundled font has no CJK: the system's fonts draw those
        metrics = QFontMetrics(font)
        missing = sorted({ch for ch in latin if not metrics.inFontUcs4(ord(ch))})
        if missing:
            out.append(f"the font {font_file.name} has no glyph for {' '.join(missing)}")
        img = QImage(metrics.horizontalAdvance(SAMPLE_TEXT) + 10, metrics.height() + 10,
                     QImage.Format.Format_RGB32)
        img.fill(Qt.GlobalColor.white)
        blank = img.copy()
        painter = QPainter(img)
        painter.setFont(font)
        painter.drawText(5, 5 + metrics.ascent(), SAMPLE_TEXT)
        painter.end()
        if img.width() <= 10 or img == blank:
            out.append(f"{SAMPLE_TEXT!r} draws nothing")
    finally:
        QFontDatabase.removeApplicationFont(font_id)
    return out
