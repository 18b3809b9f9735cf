"""Fonts for card faces: the shipped DejaVu TTFs, else a system copy, else Pillow's default font.

Nothing here raises for a missing or broken font file: the next candidate is tried, and the last resort
is ``ImageFont.load_default(size=...)`` (scalable since Pillow 10.1; a fixed bitmap before that).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from engine.resources import data_root

FontLike = ImageFont.FreeTypeFont | ImageFont.ImageFont

# role -> file names tried in order (shipped folder first, then common system folders)
ROLE_FILES: dict[str, tuple[str, ...]] = {
    "body": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf"),
    "bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf"),
    "italic": ("DejaVuSansCondensed-Oblique.ttf", "DejaVuSans-Oblique.ttf"),
    "number": ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf"),
}
ROLES = tuple(ROLE_FILES)

SYSTEM_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)


def fonts_dir() -> Path:
    """``assets/fonts`` of the installation."""
    return data_root() / "assets" / "fonts"


def _candidates(role: str) -> list[Path]:
    names = ROLE_FILES.get(role, ROLE_FILES["body"])
    dirs = (fonts_dir(), *SYSTEM_DIRS)
    return [d / n for n in names for d in dirs]


@lru_cache(maxsize=16)
def font_file(role: str) -> Path | None:
    """The first loadable TTF for ``role``, or None (then Pillow's default font is used)."""
    for path in _candidates(role):
        try:
            if path.is_file():
                ImageFont.truetype(str(path), 12)
                return path
        except OSError:
            continue
    return None


def font_signature() -> str:
    """Which font files are in use: part of the face cache key, so a fallback render is not kept."""
    return "|".join(f"{r}={p.name if p else 'default'}" for r, p in ((r, font_file(r)) for r in ROLES))


@lru_cache(maxsize=2048)
def get_font(role: str, size: int) -> FontLike:
    """A font of ``role`` (body, bold, italic, number) at ``size`` pixels; never raises."""
    size = max(1, int(size))
    path = font_file(role)
    if path is not None:
        try:
            return ImageFont.truetype(str(path), size)
        except OSError:
            pass
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1: fixed-size bitmap font
        return ImageFont.load_default()


_WIDTHS: dict[tuple[str, int, int, str], float] = {}


def text_width(font: FontLike, text: str) -> float:
    """Advance width of ``text`` in pixels (memoised: fonts come from the ``get_font`` cache)."""
    path = getattr(font, "path", None)
    key = (path, getattr(font, "size", 0), 0, text) if isinstance(path, str) else ("", 0, id(font), text)
    got = _WIDTHS.get(key)
    if got is None:
        try:
            got = float(font.getlength(text))
        except AttributeError:  # very old bitmap fonts
            box = font.getbbox(text)
            got = float(box[2] - box[0])
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        _WIDTHS[key] = got
    return got


def line_metrics(font: FontLike) -> tuple[int, int]:
    """(ascent, descent) of a font in pixels."""
    try:
        asc, desc = font.getmetrics()
        return int(asc), int(desc)
    except AttributeError:
        box = font.getbbox("Hg")
        return int(box[3]), 0
