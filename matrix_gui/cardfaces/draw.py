"""Anti-aliased vector pieces for card faces: class icons, stat badges and art emblems.

Pillow's shape drawing is not anti-aliased, so every shape here is drawn at ``SS`` times its size on
a mask and scaled down (LANCZOS). Stamps are cached per (name, size, colour).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Pt = tuple[float, float]

SS = 4  # supersampling factor for stamps

CLASS_NAMES = ("intellect", "range", "strength", "survival", "tech")

# Okabe-Ito based: distinct for the common colour-vision deficiencies; the icon shapes differ too.
CLASS_COLORS: dict[str, RGB] = {
    "intellect": (86, 180, 233),   # sky blue, an eye
    "range": (240, 170, 20),       # orange, a crosshair
    "strength": (222, 98, 20),     # vermillion, a shield
    "survival": (20, 190, 140),    # bluish green, a double chevron (on the move)
    "tech": (214, 130, 180),       # reddish purple, a chip
}
NEUTRAL: RGB = (200, 210, 205)
DARK: RGB = (12, 14, 13)
RECRUIT_COLOR: RGB = (244, 196, 48)
ATTACK_COLOR: RGB = (226, 52, 46)
COST_COLOR: RGB = (226, 244, 232)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def scale_pts(pts: list[Pt], cx: float, cy: float, r: float) -> list[Pt]:
    """Map unit-box points ([-1, 1]) to pixels around (cx, cy) with radius r."""
    return [(cx + x * r, cy + y * r) for x, y in pts]


def ngon(n: int, rot: float = 0.0) -> list[Pt]:
    """A regular polygon in the unit box."""
    return [(math.cos(rot + 2 * math.pi * i / n), math.sin(rot + 2 * math.pi * i / n)) for i in range(n)]


def star(n: int, inner: float, rot: float = -math.pi / 2) -> list[Pt]:
    """A star of ``n`` points; ``inner`` is the inner radius (0..1)."""
    pts = []
    for i in range(2 * n):
        r = 1.0 if i % 2 == 0 else inner
        a = rot + math.pi * i / n
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


DIAMOND: list[Pt] = [(0, -1), (0.86, 0), (0, 1), (-0.86, 0)]
SHIELD: list[Pt] = [(-0.82, -0.9), (0.82, -0.9), (0.82, -0.05), (0.6, 0.45), (0, 1.0), (-0.6, 0.45),
                    (-0.82, -0.05)]


def _disc(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _ring(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: float, fill) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=max(1, round(w)))


def class_glyph(d: ImageDraw.ImageDraw, cls: str, cx: float, cy: float, r: float, ink, hole) -> None:
    """Draw the shape of a class icon (no background) in ``ink``; ``hole`` cuts inner details."""
    if cls == "intellect":  # an eye
        top = [(0.95 * t, -0.58 * (1 - t * t)) for t in (i / 12 - 1 for i in range(25))]
        bot = [(x, -y) for x, y in reversed(top)]
        d.polygon(scale_pts(top + bot, cx, cy, r), fill=ink)
        _disc(d, cx, cy, 0.36 * r, hole)
        _disc(d, cx, cy, 0.17 * r, ink)
    elif cls == "range":  # a crosshair
        _ring(d, cx, cy, 0.62 * r, 0.16 * r, ink)
        w = 0.15 * r
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x0, y0 = cx + dx * 0.3 * r, cy + dy * 0.3 * r
            x1, y1 = cx + dx * 0.98 * r, cy + dy * 0.98 * r
            d.rectangle((min(x0, x1) - (w / 2 if dx == 0 else 0), min(y0, y1) - (w / 2 if dy == 0 else 0),
                         max(x0, x1) + (w / 2 if dx == 0 else 0), max(y0, y1) + (w / 2 if dy == 0 else 0)),
                        fill=ink)
        _disc(d, cx, cy, 0.12 * r, ink)
    elif cls == "strength":  # a shield with a bar
        d.polygon(scale_pts(SHIELD, cx, cy, 0.9 * r), fill=ink)
        d.polygon(scale_pts([(-0.13, -0.62), (0.13, -0.62), (0.13, 0.55), (0, 0.7), (-0.13, 0.55)],
                            cx, cy, 0.9 * r), fill=hole)
    elif cls == "survival":  # a double chevron: on the move
        for off in (-0.42, 0.18):
            pts = [(off - 0.3, -0.75), (off + 0.05, -0.75), (off + 0.55, 0), (off + 0.05, 0.75),
                   (off - 0.3, 0.75), (off + 0.2, 0)]
            d.polygon(scale_pts(pts, cx, cy, r), fill=ink)
    elif cls == "tech":  # a chip
        b = 0.55 * r
        d.rectangle((cx - b, cy - b, cx + b, cy + b), fill=ink)
        pw, pl = 0.12 * r, 0.9 * r
        for i in (-1, 0, 1):
            o = i * 0.32 * r
            d.rectangle((cx + o - pw / 2, cy - pl, cx + o + pw / 2, cy + pl), fill=ink)
            d.rectangle((cx - pl, cy + o - pw / 2, cx + pl, cy + o + pw / 2), fill=ink)
        _disc(d, cx, cy, 0.22 * r, hole)
    else:  # no class: a small diamond
        d.polygon(scale_pts(DIAMOND, cx, cy, 0.6 * r), fill=ink)


def _render(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None],
            mode: str = "RGBA") -> Image.Image:
    """Paint at SS x size (``paint(draw, scale)``) and scale down for anti-aliasing."""
    w, h = max(1, size[0]), max(1, size[1])
    big = Image.new(mode, (w * SS, h * SS), (0, 0, 0, 0) if mode == "RGBA" else 0)
    paint(ImageDraw.Draw(big), SS)
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def class_icon(cls: str, diameter: int) -> Image.Image:
    """A round class badge: class colour disc, dark rim, the class shape in black."""
    col = CLASS_COLORS.get(cls, NEUTRAL)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        r = diameter * s / 2
        _disc(d, r, r, r, (0, 0, 0, 235))
        _disc(d, r, r, r * 0.86, col + (255,))
        class_glyph(d, cls, r, r, r * 0.58, DARK + (255,), col + (255,))

    return _render((diameter, diameter), paint)


@lru_cache(maxsize=512)
def badge(shape: str, w: int, h: int, fill: RGB, rim: RGB = (0, 0, 0)) -> Image.Image:
    """A stat badge: ``coin`` (Recruit), ``diamond`` (Attack), ``hex`` (Cost), ``shield`` (Enemy Attack),
    ``burst`` (Strike damage), ``split`` (Recruit or Attack), ``pill`` (chips)."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        cx, cy = w * s / 2, h * s / 2
        r = min(w, h) * s / 2
        rim4 = rim + (240,)
        fill4 = fill + (255,)
        light = tuple(min(255, int(c * 0.55 + 255 * 0.45)) for c in fill) + (255,)
        if shape == "coin":
            _disc(d, cx, cy, r, rim4)
            _disc(d, cx, cy, r * 0.88, fill4)
            _ring(d, cx, cy, r * 0.74, r * 0.06, light)
        elif shape == "diamond":
            d.polygon(scale_pts(DIAMOND, cx, cy, r), fill=rim4)
            d.polygon(scale_pts(DIAMOND, cx, cy, r * 0.86), fill=fill4)
            d.line(scale_pts([(-0.5, -0.28), (0, -0.86), (0.5, -0.28)], cx, cy, r * 0.86), fill=light,
                   width=max(1, round(r * 0.06)))
        elif shape == "hex":
            d.polygon(scale_pts(ngon(6, math.pi / 6), cx, cy, r), fill=rim4)
            d.polygon(scale_pts(ngon(6, math.pi / 6), cx, cy, r * 0.87), fill=fill4)
        elif shape == "shield":
            ry = h * s / 2
            pts = [(x * (w * s / 2) * 0.98 + cx, y * ry * 0.98 + cy) for x, y in SHIELD]
            d.polygon(pts, fill=rim4)
            pts = [(x * (w * s / 2) * 0.85 + cx, y * ry * 0.85 + cy - ry * 0.02) for x, y in SHIELD]
            d.polygon(pts, fill=fill4)
        elif shape == "burst":
            d.polygon(scale_pts(star(12, 0.78), cx, cy, r), fill=rim4)
            d.polygon(scale_pts(star(12, 0.78), cx, cy, r * 0.87), fill=fill4)
        elif shape == "split":
            _disc(d, cx, cy, r, rim4)
            d.pieslice((cx - r * 0.88, cy - r * 0.88, cx + r * 0.88, cy + r * 0.88), 90, 270,
                       fill=RECRUIT_COLOR + (255,))
            d.pieslice((cx - r * 0.88, cy - r * 0.88, cx + r * 0.88, cy + r * 0.88), -90, 90,
                       fill=ATTACK_COLOR + (255,))
        elif shape == "pill":
            rr = h * s / 2
            d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=rr, fill=rim4)
            inset = max(1.0, h * s * 0.09)
            d.rounded_rectangle((inset, inset, w * s - 1 - inset, h * s - 1 - inset), radius=rr - inset,
                                fill=fill4)
        else:
            _disc(d, cx, cy, r, fill4)

    return _render((w, h), paint)


@lru_cache(maxsize=64)
def corner_mask(w: int, h: int, radius: int) -> Image.Image:
    """An 'L' mask of a rounded rectangle, anti-aliased."""
    scale = SS if max(w, h) <= 1200 else 2 if max(w, h) <= 2000 else 1

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=radius * s, fill=255)

    big = Image.new("L", (w * scale, h * scale), 0)
    paint(ImageDraw.Draw(big), scale)
    return big.resize((w, h), Image.Resampling.LANCZOS)


# --- art emblems: big shapes in the art window, drawn as an 'L' mask then tinted ---------------


def _emblem_agent(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Sunglasses and an earpiece wire."""
    lens = [(-0.95, -0.25), (-0.12, -0.25), (-0.18, 0.12), (-0.35, 0.32), (-0.75, 0.32), (-0.92, 0.1)]
    d.polygon(scale_pts(lens, cx, cy, r), fill=255)
    d.polygon(scale_pts([(-x, y) for x, y in lens], cx, cy, r), fill=255)
    d.rectangle((cx - 0.14 * r, cy - 0.22 * r, cx + 0.14 * r, cy - 0.12 * r), fill=255)
    d.line(scale_pts([(0.95, -0.2), (1.0, 0.3), (0.85, 0.7), (0.6, 0.95)], cx, cy, r), fill=255,
           width=max(1, round(0.06 * r)))


def _emblem_machine(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A Sentinel: a round head, a row of eyes, trailing tentacles."""
    hr = 0.42 * r
    hy = cy - 0.35 * r
    _disc(d, cx, hy, hr, 255)
    for i in (-1, 0, 1):
        _disc(d, cx + i * 0.2 * r, hy + 0.05 * r, 0.08 * r, 0)
    for i in range(7):
        t = (i - 3) / 3
        pts = []
        for k in range(9):
            u = k / 8
            x = cx + t * 0.35 * r + t * u * 0.55 * r + math.sin(u * 5 + i) * 0.08 * r
            y = hy + hr * 0.7 + u * 0.95 * r
            pts.append((x, y))
        d.line(pts, fill=255, width=max(1, round(0.07 * r * (1.2 - 0.5 * abs(t)))), joint="curve")


def _emblem_program(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Angle brackets around a slash: code."""
    w = max(1, round(0.14 * r))
    d.line(scale_pts([(-0.35, -0.6), (-0.9, 0), (-0.35, 0.6)], cx, cy, r), fill=255, width=w, joint="curve")
    d.line(scale_pts([(0.35, -0.6), (0.9, 0), (0.35, 0.6)], cx, cy, r), fill=255, width=w, joint="curve")
    d.line(scale_pts([(0.15, -0.75), (-0.15, 0.75)], cx, cy, r), fill=255, width=w)


def _emblem_person(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Head and shoulders."""
    _disc(d, cx, cy - 0.4 * r, 0.36 * r, 255)
    d.pieslice((cx - 0.85 * r, cy + 0.05 * r, cx + 0.85 * r, cy + 1.6 * r), 180, 360, fill=255)


def _emblem_lock(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A padlock: a Challenge to complete."""
    _ring(d, cx, cy - 0.3 * r, 0.42 * r, 0.14 * r, 255)
    d.rounded_rectangle((cx - 0.68 * r, cy - 0.15 * r, cx + 0.68 * r, cy + 0.85 * r), radius=0.12 * r,
                        fill=255)
    _disc(d, cx, cy + 0.25 * r, 0.13 * r, 0)
    d.rectangle((cx - 0.05 * r, cy + 0.25 * r, cx + 0.05 * r, cy + 0.6 * r), fill=0)


def _emblem_bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A lightning bolt: something happens."""
    pts = [(0.15, -1.0), (-0.55, 0.12), (-0.05, 0.12), (-0.25, 1.0), (0.55, -0.18), (0.05, -0.18)]
    d.polygon(scale_pts(pts, cx, cy, r), fill=255)


def _emblem_crack(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A shattered burst: a Strike."""
    d.polygon(scale_pts(star(9, 0.45, rot=0.3), cx, cy, r), fill=255)
    _disc(d, cx, cy, 0.3 * r, 0)


def _emblem_hourglass(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """An hourglass: the Inevitable."""
    d.polygon(scale_pts([(-0.6, -0.9), (0.6, -0.9), (0.08, 0), (0.6, 0.9), (-0.6, 0.9), (-0.08, 0)],
                        cx, cy, r), fill=255)
    d.polygon(scale_pts([(-0.4, -0.78), (0.4, -0.78), (0, -0.2)], cx, cy, r), fill=0)
    d.rectangle((cx - 0.75 * r, cy - 1.0 * r, cx + 0.75 * r, cy - 0.9 * r), fill=255)
    d.rectangle((cx - 0.75 * r, cy + 0.9 * r, cx + 0.75 * r, cy + 1.0 * r), fill=255)


def _emblem_pill(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A capsule (no class): the choice."""
    a = -math.pi / 5
    ca, sa = math.cos(a), math.sin(a)
    pts = []
    for i in range(40):
        t = i / 39 * math.pi
        pts.append((0.55 + 0.32 * math.sin(t), 0.32 * math.cos(t)))
    for i in range(40):
        t = i / 39 * math.pi
        pts.append((-0.55 - 0.32 * math.sin(t), -0.32 * math.cos(t)))
    rot = [(x * ca - y * sa, x * sa + y * ca) for x, y in pts]
    d.polygon(scale_pts(rot, cx, cy, r), fill=255)
    d.line(scale_pts([(0.32 * sa * -1, 0.32 * ca), (-0.32 * sa * -1, -0.32 * ca)], cx, cy, r), fill=0,
           width=max(1, round(0.05 * r)))


def _emblem_spoon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A spoon, bending."""
    a = math.radians(-40)
    ca, sa = math.cos(a), math.sin(a)

    def rot(pts: list[Pt]) -> list[Pt]:
        return [(cx + (x * ca - y * sa) * r, cy + (x * sa + y * ca) * r) for x, y in pts]

    bowl = [(0.55 + 0.34 * math.cos(t), 0.2 * math.sin(t)) for t in (2 * math.pi * i / 40 for i in range(40))]
    d.polygon(rot(bowl), fill=255)
    handle = []
    for i in range(21):
        u = i / 20
        x = 0.3 - u * 1.2
        bend = 0.5 * max(0.0, u - 0.4) ** 2
        w = 0.05 + 0.05 * u
        handle.append((x, bend - w))
    for i in range(20, -1, -1):
        u = i / 20
        x = 0.3 - u * 1.2
        bend = 0.5 * max(0.0, u - 0.4) ** 2
        w = 0.05 + 0.05 * u
        handle.append((x, bend + w))
    d.polygon(rot(handle), fill=255)


def _emblem_ship(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A hovercraft seen from above: long hull, side pods."""
    hull = [(0, -1.0), (0.3, -0.7), (0.34, 0.6), (0.2, 0.95), (-0.2, 0.95), (-0.34, 0.6), (-0.3, -0.7)]
    d.polygon(scale_pts(hull, cx, cy, r), fill=255)
    for sx in (-1, 1):
        pod = [(sx * 0.42, -0.35), (sx * 0.62, -0.25), (sx * 0.62, 0.55), (sx * 0.42, 0.65)]
        d.polygon(scale_pts(pod, cx, cy, r), fill=255)
    _disc(d, cx, cy - 0.45 * r, 0.1 * r, 0)


def _emblem_dome(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Zion: a dome over a city of towers."""
    d.pieslice((cx - 0.95 * r, cy - 0.7 * r, cx + 0.95 * r, cy + 1.2 * r), 180, 360, fill=255)
    for i in range(-3, 4):
        hgt = 0.25 + 0.35 * (1 - abs(i) / 3.5)
        d.rectangle((cx + i * 0.25 * r - 0.08 * r, cy + 0.25 * r - hgt * r, cx + i * 0.25 * r + 0.08 * r,
                     cy + 0.25 * r), fill=0)
    d.rectangle((cx - r, cy + 0.25 * r, cx + r, cy + 0.38 * r), fill=255)


def _emblem_portal(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Concentric rings."""
    for k, rr in enumerate((0.95, 0.68, 0.42)):
        _ring(d, cx, cy, rr * r, (0.09 - 0.02 * k) * r, 255)
    _disc(d, cx, cy, 0.16 * r, 255)


def _emblem_class(cls: str) -> Callable[[ImageDraw.ImageDraw, float, float, float], None]:
    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
        class_glyph(d, cls, cx, cy, r, 255, 0)

    return paint


EMBLEMS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float], None]] = {
    "agent": _emblem_agent,
    "machine": _emblem_machine,
    "program": _emblem_program,
    "person": _emblem_person,
    "lock": _emblem_lock,
    "bolt": _emblem_bolt,
    "crack": _emblem_crack,
    "hourglass": _emblem_hourglass,
    "pill": _emblem_pill,
    "ship": _emblem_ship,
    "spoon": _emblem_spoon,
    "dome": _emblem_dome,
    "portal": _emblem_portal,
    **{c: _emblem_class(c) for c in CLASS_NAMES},
}


@lru_cache(maxsize=128)
def emblem(name: str, size: int) -> Image.Image:
    """An 'L' mask of an art emblem, ``size`` pixels square."""
    paint = EMBLEMS.get(name, _emblem_portal)

    def go(d: ImageDraw.ImageDraw, s: float) -> None:
        r = size * s / 2
        paint(d, r, r, r * 0.86)

    return _render((size, size), go, mode="L")


@lru_cache(maxsize=128)
def emblem_edge(name: str, size: int) -> Image.Image:
    """The glowing rim of an emblem: its outline plus a soft halo ('L' mask)."""
    mask = emblem(name, size)
    k = max(3, (size // 90) * 2 + 1)
    rim = ImageChops.subtract(mask, mask.filter(ImageFilter.MinFilter(k)))
    halo = mask.filter(ImageFilter.GaussianBlur(max(1, size // 28))).point(lambda v: int(v * 0.55))
    return ImageChops.lighter(rim, ImageChops.subtract(halo, mask))


def paint_emblem(img: Image.Image, rmask: Image.Image, name: str, colour: RGB, cx: float, cy: float,
                 size: int) -> None:
    """The art emblem ``name`` tinted ``colour``, ``size`` px square centred at (cx, cy) on a face whose
    rain mask is ``rmask``: its rain glyphs light up, its rim glows (the full and the table layout)."""
    if size < 8:
        return
    x, y = round(cx - size / 2), round(cy - size / 2)
    shape = emblem(name, size)
    box = (x, y, x + size, y + size)
    img.paste(mix(colour, (0, 0, 0), 0.25) + (255,), box, shape.point(lambda v: v * 0.42))
    lit = ImageChops.multiply(rmask.crop(box).point(lambda v: min(255, 70 + v * 2) if v else 0), shape)
    img.paste(mix(colour, (255, 255, 255), 0.55) + (255,), box, lit)
    img.paste(mix(colour, (255, 255, 255), 0.3) + (255,), box, emblem_edge(name, size))
