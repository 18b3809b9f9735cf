"""Procedural digital-rain texture: columns of made-up glyphs with bright heads and fading trails.

The glyphs are our own (random strokes on a small grid), drawn once per cell size. A texture is
deterministic from its seed string (the card id), so a card always looks the same.
"""
from __future__ import annotations

import hashlib
import random
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageOps

RGB = tuple[int, int, int]

GLYPH_COUNT = 56
_GRID = [(x, y) for x in range(3) for y in range(4)]  # stroke end points on a 3 x 4 grid


def seed_of(text: str) -> int:
    """A stable 64-bit seed from a string (not Python's salted hash)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


@lru_cache(maxsize=1)
def _glyph_shapes() -> list[list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Stroke lists for the glyph set (fixed seed): katakana-like, 2-4 strokes each."""
    rng = random.Random(1999)
    shapes = []
    for _ in range(GLYPH_COUNT):
        strokes = []
        for _ in range(rng.randint(2, 4)):
            a = rng.choice(_GRID)
            b = rng.choice([p for p in _GRID if p != a and abs(p[0] - a[0]) <= 2 and abs(p[1] - a[1]) <= 2
                            and (p[0] == a[0] or p[1] == a[1] or abs(p[0] - a[0]) == abs(p[1] - a[1]))])
            strokes.append((a, b))
        shapes.append(strokes)
    return shapes


@lru_cache(maxsize=32)
def glyph_masks(cell_w: int, cell_h: int) -> list[Image.Image]:
    """'L' masks of every glyph for a cell size (anti-aliased by 4x supersampling)."""
    ss = 4
    out = []
    for strokes in _glyph_shapes():
        big = Image.new("L", (cell_w * ss, cell_h * ss), 0)
        d = ImageDraw.Draw(big)
        mx, my = cell_w * ss * 0.2, cell_h * ss * 0.14
        sx = (cell_w * ss - 2 * mx) / 2
        sy = (cell_h * ss - 2 * my) / 3
        width = max(1, round(cell_w * ss * 0.11))
        for (ax, ay), (bx, by) in strokes:
            d.line((mx + ax * sx, my + ay * sy, mx + bx * sx, my + by * sy), fill=255, width=width)
        out.append(big.resize((cell_w, cell_h), Image.Resampling.BOX))
    return out


SHEET_CELLS = 64  # the glyph sheet is SHEET_CELLS x SHEET_CELLS glyphs


@lru_cache(maxsize=16)
def glyph_sheet(cell_w: int, cell_h: int) -> Image.Image:
    """A big 'L' sheet of random glyphs at full brightness (fixed seed), cut from for every card."""
    glyphs = glyph_masks(cell_w, cell_h)
    rng = random.Random(2003)
    sheet = Image.new("L", (cell_w * SHEET_CELLS, cell_h * SHEET_CELLS), 0)
    for c in range(SHEET_CELLS):
        for r in range(SHEET_CELLS):
            sheet.paste(glyphs[rng.randrange(len(glyphs))], (c * cell_w, r * cell_h))
    return sheet


def rain_levels(cols: int, rows: int, rng: random.Random, density: float) -> bytes:
    """Brightness per cell (row-major): streams with a bright head and a fading trail, stray glyphs."""
    levels = bytearray(cols * rows)
    for c in range(cols):
        col = [0.0] * rows
        streams = rng.choice((1, 1, 2, 2, 3)) if rng.random() < 0.8 * density + 0.1 else 0
        for _ in range(streams):
            head = rng.randrange(rows + 6) - 2
            length = rng.randint(5, max(6, rows))
            for k in range(length):
                r = head - k
                if 0 <= r < rows:
                    col[r] = max(col[r], 1.0 if k == 0 else 0.82 * (1 - k / length) ** 1.4)
        for r in range(rows):
            b = col[r]
            if b <= 0.0 and rng.random() < 0.3:
                b = rng.uniform(0.05, 0.14)
            levels[r * cols + c] = int(255 * b) if b > 0.02 else 0
    return bytes(levels)


def rain_mask(size: tuple[int, int], seed: str, cell: int, density: float = 1.0) -> Image.Image:
    """An 'L' image of the rain: 255 at stream heads, fading up each trail, faint stray glyphs."""
    w, h = size
    cell_w = max(3, cell)
    cell_h = max(4, round(cell * 1.3))
    rng = random.Random(seed_of(seed))
    cols = min(SHEET_CELLS, w // cell_w + 2)
    rows = min(SHEET_CELLS, h // cell_h + 2)
    levels = Image.frombytes("L", (cols, rows), rain_levels(cols, rows, rng, density))
    sheet = glyph_sheet(cell_w, cell_h)
    c0, r0 = rng.randrange(SHEET_CELLS - cols + 1), rng.randrange(SHEET_CELLS - rows + 1)
    glyphs = sheet.crop((c0 * cell_w, r0 * cell_h, (c0 + cols) * cell_w, (r0 + rows) * cell_h))
    if rng.random() < 0.5:
        glyphs = glyphs.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    bright = levels.resize((cols * cell_w, rows * cell_h), Image.Resampling.NEAREST)
    lit = ImageChops.multiply(glyphs, bright)
    x_off = rng.randrange(cell_w)
    return lit.crop((x_off, 0, x_off + w, h))


def rain_texture(size: tuple[int, int], seed: str, tint: RGB, base: RGB, cell: int,
                 density: float = 1.0) -> Image.Image:
    """An RGB rain texture: ``base`` background, trails in ``tint``, heads near white."""
    return colorize_rain(rain_mask(size, seed, cell, density), tint, base)


def colorize_rain(mask: Image.Image, tint: RGB, base: RGB) -> Image.Image:
    """Colour a rain mask: 0 -> ``base``, mid -> ``tint``, 255 -> near white."""
    head = tuple(min(255, int(c * 0.35 + 255 * 0.65)) for c in tint)
    return ImageOps.colorize(mask, black=base, white=head, mid=tint, blackpoint=0, whitepoint=255,
                             midpoint=150)
