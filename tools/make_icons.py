"""Draw the Matrix Tabletop app icon with Pillow and write every packaged form of it.

    .venv/bin/python -m tools.make_icons     # writes assets/icons/ and packaging/matrix-tabletop.desktop

Outputs: ``app.png`` (512), ``app.ico`` (16-256), ``app.icns`` (16-1024) and the Linux desktop entry.
The motif is ours: a green digital-rain "M" drawn from strokes (no font) with a red pill.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from matrix_gui.cardfaces.rain import colorize_rain, rain_mask

REPO = Path(__file__).resolve().parent.parent
ICONS_DIR = REPO / "assets" / "icons"
DESKTOP_FILE = REPO / "packaging" / "matrix-tabletop.desktop"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)
PNG_SIZE = 512

GREEN = (60, 255, 120)
DEEP = (2, 14, 6)
RED = (226, 40, 40)

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Version=1.0
Name=Matrix Tabletop
GenericName=Card Game Table
Comment=Play Legendary Encounters: The Matrix on a drag-and-drop table
Exec=matrix-tabletop
Icon=matrix-tabletop
Terminal=false
Categories=Game;CardGame;
Keywords=matrix;legendary;deck-building;cards;
StartupNotify=true
"""


def _m_polygon(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """An angular "M" outline centred on (cx, cy), ``s`` = half its height."""
    w, t = 0.86, 0.27  # half width, stroke
    pts = [(-w, 1), (-w, -1), (-w + t, -1), (0, 0.12), (w - t, -1), (w, -1), (w, 1), (w - t, 1),
           (w - t, -0.42), (0.08, 0.55), (-0.08, 0.55), (-w + t, -0.42), (-w + t, 1)]
    return [(cx + x * s, cy + y * s) for x, y in pts]


def _pill(d: ImageDraw.ImageDraw, cx: float, cy: float, length: float, radius: float, angle: float) -> None:
    """A red capsule: a darker half, a black rim and a shine."""
    ca, sa = math.cos(angle), math.sin(angle)
    half = length / 2 - radius

    def place(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]

    def arc(ox: float, r: float, a0: float) -> list[tuple[float, float]]:
        angles = (a0 + math.pi * i / 23 for i in range(24))
        return [(ox + r * math.cos(a), r * math.sin(a)) for a in angles]

    def capsule(r: float) -> list[tuple[float, float]]:
        return arc(half, r, -math.pi / 2) + arc(-half, r, math.pi / 2)

    d.polygon(place(capsule(radius * 1.18)), fill=(0, 0, 0, 255))
    d.polygon(place(capsule(radius)), fill=RED + (255,))
    d.polygon(place([(0, radius)] + arc(-half, radius, math.pi / 2) + [(0, -radius)]),
              fill=(150, 16, 20, 255))
    y0, y1 = -radius * 0.62, -radius * 0.34
    d.polygon(place([(-half * 0.7, y0), (half * 0.9, y0), (half * 0.9, y1), (-half * 0.7, y1)]),
              fill=(255, 175, 165, 210))


def draw_icon(size: int) -> Image.Image:
    """The app icon at ``size`` pixels (RGBA); small sizes drop the rain for a cleaner shape."""
    ss = 4 if size <= 256 else 2
    big = size * ss
    detail = size >= 48
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pad = big * 0.04
    radius = big * 0.2
    # background: deep green with rain
    shape = Image.new("L", (big, big), 0)
    ImageDraw.Draw(shape).rounded_rectangle((pad, pad, big - pad, big - pad), radius=radius, fill=255)
    if detail:
        cell = max(4, big // 26)
        bg = colorize_rain(rain_mask((big, big), "app-icon", cell, density=1.3), (40, 200, 90), DEEP)
        bg = Image.blend(Image.new("RGB", bg.size, DEEP), bg, 0.55).convert("RGBA")
    else:
        bg = Image.new("RGBA", (big, big), (6, 26, 12, 255))
    img.paste(bg, (0, 0), shape)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((pad, pad, big - pad, big - pad), radius=radius, outline=GREEN + (255,),
                        width=max(1, round(big * (0.022 if detail else 0.045))))
    # the glowing M
    cx, cy, s = big * 0.47, big * 0.45, big * 0.27
    m_mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(m_mask).polygon(_m_polygon(cx, cy, s), fill=255)
    glow = m_mask.filter(ImageFilter.GaussianBlur(big * 0.03))
    img.paste(GREEN + (255,), (0, 0), ImageChops.multiply(glow, shape).point(lambda v: int(v * 0.9)))
    img.paste((200, 255, 215, 255), (0, 0), m_mask)
    if detail:  # rain glyphs show through the letter
        inner = rain_mask((big, big), "app-icon-m", max(4, big // 30), density=2.0)
        img.paste(GREEN + (255,), (0, 0), ImageChops.multiply(inner.point(lambda v: min(255, v * 2)), m_mask))
    # the red pill
    _pill(d, big * 0.70, big * 0.76, big * 0.36, big * 0.085, -math.pi / 5)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def write_icons(out_dir: Path = ICONS_DIR, desktop: Path | None = DESKTOP_FILE) -> list[Path]:
    """Write app.png, app.ico, app.icns (and the desktop entry); return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    frames = {s: draw_icon(s) for s in sorted(set(ICO_SIZES) | set(ICNS_SIZES) | {PNG_SIZE})}
    written = []
    png = out_dir / "app.png"
    frames[PNG_SIZE].save(png, optimize=True)
    written.append(png)
    ico = out_dir / "app.ico"
    frames[256].save(ico, sizes=[(s, s) for s in ICO_SIZES], append_images=[frames[s] for s in ICO_SIZES])
    written.append(ico)
    icns = out_dir / "app.icns"
    frames[1024].save(icns, append_images=[frames[s] for s in ICNS_SIZES])
    written.append(icns)
    if desktop is not None:
        desktop.parent.mkdir(parents=True, exist_ok=True)
        desktop.write_text(DESKTOP_ENTRY, encoding="utf-8")
        written.append(desktop)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICONS_DIR, help="icon folder (default assets/icons)")
    parser.add_argument("--desktop", type=Path, default=DESKTOP_FILE, help="desktop entry path")
    args = parser.parse_args(argv)
    for path in write_icons(args.out, args.desktop):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
