"""The table-size face: what must be read across the table, big; the rules text is left to the zoom
and the card inspector.

A card on the table is 80-190 px high. At that size the full face's rules text is 4-8 px, so faces
under ``COMPACT_BELOW`` px are drawn in this layout instead: the name in a large plate (up to three
lines), the keywords as chips, and Recruit / Attack / Cost (or the card's own numbers) as big badges
along the bottom. From 80 px up no text is smaller than ``READABLE_PX``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from matrix_gui.cardfaces import draw as D
from matrix_gui.cardfaces.fonts import get_font, text_width
from matrix_gui.cardfaces.spec import CARD_H_MM, TITLE_COLOR, FaceSpec, Stat, Style
from matrix_gui.cardfaces.text import RGB, TextLayout, draw_layout, fit_font_size, layout_name

COMPACT_BELOW = 240  # px: faces lower than this use the table layout
READABLE_PX = 10  # the smallest text size of a table face at least READABLE_FROM px high
READABLE_FROM = 80
TITLE_LINES = 3
NAME_UNDER_FLOOR = 2  # px a name may go under the floor to keep its longest word whole


@dataclass(frozen=True)
class CompactSizes:
    """Pixel sizes of a table face ``h`` px high: text sizes, the badge diameter and the frame inset."""

    h: int
    floor: int  # smallest text size
    name_min: int  # a name goes under the floor, to here, only to keep its words whole
    name_max: int
    chip: int
    badge: int
    inset: int

    @property
    def mm(self) -> float:
        return self.h / CARD_H_MM


def compact_sizes(h: int, text: float = 1.0) -> CompactSizes:
    """The sizes used at height ``h``; tiny faces (other players' panels) scale their text down;
    ``text`` is the player's text size (1.0: as designed, 1.5: every text half as large again)."""
    s = h / CARD_H_MM
    floor = READABLE_PX if h >= READABLE_FROM else max(5, round(h * READABLE_PX / READABLE_FROM))
    floor = round(floor * text)
    return CompactSizes(h=h, floor=floor, name_min=max(4, floor - NAME_UNDER_FLOOR),
                        name_max=max(floor + 2, round(8.6 * s * text)),
                        chip=max(floor, round(6.6 * s * text)),
                        badge=max(floor * 2 - 2, round(17 * s * text)), inset=max(2, round(2.0 * s)))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _frame(style: Style, w: int, h: int) -> Image.Image:
    """Rim, bevel and accent line around a see-through middle (the rain shows through)."""
    ss = 3
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    k = h * ss / CARD_H_MM

    def rr(inset: float, r: float, fill: tuple[int, ...]) -> None:
        d.rounded_rectangle((inset * k, inset * k, w * ss - 1 - inset * k, h * ss - 1 - inset * k),
                            radius=r * k, fill=fill)

    rr(0, 3.0, style.frame + (255,))
    rr(0.5, 2.6, _mix(style.frame, (255, 255, 255), 0.12) + (255,))
    rr(0.9, 2.4, style.frame + (255,))
    rr(1.4, 2.2, style.accent + (255,))
    rr(1.8, 1.9, (0, 0, 0, 0))
    rr(1.8, 1.9, style.base + (120,))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def _plate(w: int, h: int, radius: int, fill: tuple[int, ...], edge: tuple[int, ...]) -> Image.Image:
    """A dark rounded plate with a thin coloured edge (anti-aliased)."""
    ss = 3
    big = Image.new("RGBA", (max(1, w) * ss, max(1, h) * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=radius * ss, fill=edge)
    e = max(1, ss)
    d.rounded_rectangle((e, e, w * ss - 1 - e, h * ss - 1 - e), radius=max(0, radius * ss - e), fill=fill)
    return big.resize((max(1, w), max(1, h)), Image.Resampling.LANCZOS)


def layout_title(spec: FaceSpec, sz: CompactSizes, w: int, bottom: int | None = None,
                 smallest: int | None = None) -> TextLayout:
    """The name, as large as fits above ``bottom`` (default: in ``TITLE_LINES`` lines), never under
    ``smallest`` (default ``sz.floor``): it shrinks before a word would break; lines break only
    between words."""
    pad = sz.inset + 1
    top = sz.inset + max(1, round(1.0 * sz.mm))
    full = top + round(sz.name_max * 1.17 * TITLE_LINES) + 1
    box = (pad, top, w - pad, full if bottom is None else max(top + 1, bottom))
    return layout_name(spec.title, box, sz.name_max, sz.floor if smallest is None else smallest)


def _centered(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, font, fill: RGB,
              stroke: int = 0) -> None:
    x0, t, x1, b = font.getbbox(text)
    d.text((cx - (x0 + x1) / 2, cy - (t + b) / 2), text, font=font, fill=fill, stroke_width=stroke,
           stroke_fill=(0, 0, 0))


def _badge(img: Image.Image, d: ImageDraw.ImageDraw, st: Stat, cx: float, cy: float, size: int,
           floor: int) -> int:
    """A number badge centred at (cx, cy); returns the number's font size."""
    if st.shape == "diamond":  # a diamond's middle is narrow: draw it larger so "2+" stays big
        size = round(size * 1.2)
    shape = D.badge(st.shape, size, round(size * 1.12) if st.shape == "shield" else size, st.fill)
    img.alpha_composite(shape, (round(cx - shape.width / 2), round(cy - shape.height / 2)))
    inner = size * (0.58 if st.shape == "diamond" else 0.7)
    fsize = fit_font_size(st.value, "number", inner, max(floor + 2, round(size * 0.6)), floor)
    stroke = max(1, fsize // 12) if st.ink[0] > 128 else 0
    _centered(d, cx, cy + (size * 0.04 if st.shape == "shield" else 0), st.value, get_font("number", fsize),
              st.ink, stroke)
    return fsize


def bottom_stats(spec: FaceSpec) -> list[Stat]:
    """The numbers along the bottom, left to right: the card's stats, then its Cost / Act numeral."""
    stats = [s for s in spec.stats]
    if spec.corner is not None:
        stats.append(spec.corner)
    return stats


def chip_lines(tag: str, font_size: int, width: float) -> list[str]:
    """A chip's text in one line, or two when one line is wider than ``width`` at ``font_size`` (a
    single long word is hyphenated)."""
    font = get_font("bold", font_size)
    if text_width(font, tag) <= width:
        return [tag]
    words = tag.split()
    if len(words) < 2:
        cut = max(2, len(tag) // 2 + 1)
        return [tag[:cut] + "-", tag[cut:]]
    best = min(range(1, len(words)), key=lambda i: max(text_width(font, " ".join(words[:i])),
                                                        text_width(font, " ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def chip_rows(tags: list[str], font_size: int, width: float) -> list[list[tuple[str, float]]]:
    """Chips packed into rows no wider than ``width``: (text, chip width) per chip; a two-line chip's
    text holds a newline."""
    font = get_font("bold", font_size)
    pad = font_size * 0.6
    rows: list[list[tuple[str, float]]] = []
    row_w = 0.0
    for tag in tags:
        lines = chip_lines(tag, font_size, width - pad)
        cw = min(width, max(text_width(font, line) for line in lines) + pad)
        if rows and len(lines) == 1 and "\n" not in rows[-1][-1][0] and row_w + font_size * 0.3 + cw <= width:
            rows[-1].append((tag, cw))
            row_w += font_size * 0.3 + cw
        else:
            rows.append([("\n".join(lines), cw)])
            row_w = cw
    return rows


def _row_height(row: list[tuple[str, float]], sz: CompactSizes) -> int:
    lines = max(text.count("\n") + 1 for text, _ in row)
    return round(sz.chip * (0.45 + 1.05 * lines))


@dataclass(frozen=True)
class CompactGeometry:
    """Where the parts of a table face go: the sizes, the gap, the bottom band of numbers (its height
    and top), the badges' centres, the chip beside them and the rows of chips over them."""

    sz: CompactSizes
    gap: int
    band: int
    band_top: int
    xs: list[float]
    band_tag: str | None
    rows: list[list[tuple[str, float]]]
    chips_h: int


def compact_geometry(spec: FaceSpec, w: int, h: int, text: float = 1.0) -> CompactGeometry:
    """The table layout of ``spec`` on a face ``w`` x ``h`` px (``text``: the player's text size)."""
    sz = compact_sizes(h, text)
    gap = max(1, round(0.8 * sz.mm))
    band = sz.badge + max(1, round(0.8 * sz.mm)) if (bottom_stats(spec) or spec.stat_boxes) else 0
    band_top = h - sz.inset - band
    tags = [t for t in spec.tags if t.lower() != spec.title.lower()]  # a keyword that is the name: once
    xs = _badge_xs(spec, sz, w)
    band_tag = _band_tag(spec, tags, sz, xs, w) if band else None  # a short chip beside the numbers
    rows = chip_rows([t for t in tags if t != band_tag], sz.chip, w - 2)  # chips may lie over the rim
    chips_h = sum(_row_height(r, sz) + gap for r in rows)
    return CompactGeometry(sz, gap, band, band_top, xs, band_tag, rows, chips_h)


def compact_title(spec: FaceSpec, g: CompactGeometry, w: int) -> TextLayout:
    """The name of a table face: it gets the room the chips leave; if it would be cut, three lines,
    then the chips' room too; only then does it go under the floor (to ``name_min``), so that no word
    is cut. What ``paint_compact`` draws, and tests measure."""
    sz = g.sz
    for smallest in (sz.floor, sz.name_min):
        for bottom in (g.band_top - g.chips_h - 2 * g.gap, None, g.band_top - g.gap):
            title = layout_title(spec, sz, w, bottom, smallest)
            if not title.truncated:
                return title
    return title


def paint_compact(spec: FaceSpec, img: Image.Image, rmask: Image.Image, text: float = 1.0) -> dict[str, int]:
    """Draw the table layout of ``spec`` onto ``img`` (its rain already painted). Returns the text sizes
    used: ``name``, ``chip`` and ``number`` (0 when the card has none), and ``cut`` (the name ends in an
    ellipsis) and ``dropped`` (chips left out for lack of room), for tests and measurements."""
    from matrix_gui.cardfaces.paint import paint_emblem  # (paint imports this module)

    w, h = img.size
    g = compact_geometry(spec, w, h, text)
    sz, mm, gap, band, band_top = g.sz, g.sz.mm, g.gap, g.band, g.band_top
    xs, band_tag, rows, chips_h = g.xs, g.band_tag, g.rows, g.chips_h
    style = spec.style
    stats = bottom_stats(spec)
    title = compact_title(spec, g, w)
    plate_bottom = title.bbox[3] + max(1, round(1.0 * mm)) if title.pieces else sz.inset + round(6 * mm)
    art_top, art_bottom = plate_bottom, band_top - chips_h
    if spec.emblem != "none" and art_bottom - art_top > 8:
        paint_emblem(img, rmask, spec, w / 2, (art_top + art_bottom) / 2,
                     round(min(art_bottom - art_top, w * 0.7)))
    img.alpha_composite(_frame(style, w, h))
    edge = _mix(style.accent, (0, 0, 0), 0.3) + (255,)
    plate_l, plate_r = sz.inset, w - sz.inset
    img.alpha_composite(_plate(plate_r - plate_l, plate_bottom - sz.inset, max(1, round(1.4 * mm)),
                               (2, 4, 3, 225), edge), (plate_l, sz.inset))
    d = ImageDraw.Draw(img)
    draw_layout(d, title, TITLE_COLOR, shadow=(0, 0, 0))
    used = {"name": title.size if title.pieces else 0, "chip": 0, "number": 0, "cut": int(title.truncated)}
    # class icons: down the left edge under the name
    icon = max(6, round(11 * mm))
    for i, cls in enumerate(spec.classes):
        y = plate_bottom + gap + i * (icon + 1)
        if y + icon <= band_top - chips_h:
            img.alpha_composite(D.class_icon(cls, icon), (sz.inset + gap, y))
    # numbers along the bottom
    cy = h - sz.inset - band / 2
    if spec.stat_boxes:
        used["number"] = _stat_boxes(img, d, spec, sz, band_top, h - sz.inset - gap)
    elif stats:
        sizes = [_badge(img, d, st, x, cy, sz.badge, sz.floor) for st, x in zip(stats, xs, strict=True)]
        used["number"] = min(sizes)
    fill = _mix(style.accent, (0, 0, 0), 0.72)
    if band_tag is not None:
        x0, x1 = _band_free(spec, sz, xs, w)
        used["chip"] = _chip(img, d, band_tag, (x0 + x1) / 2 - _chip_w(band_tag, sz) / 2, cy - sz.chip * 0.75,
                             _chip_w(band_tag, sz), round(sz.chip * 1.5), sz, fill, style.accent)
    # keyword chips, stacked up from the numbers
    y = band_top - gap
    for row in reversed(rows):
        ch = _row_height(row, sz)
        y -= ch
        if y < plate_bottom:
            used["dropped"] = used.get("dropped", 0) + len(row)  # no room: the inspector still shows it
            continue
        total = sum(cw for _, cw in row) + sz.chip * 0.3 * (len(row) - 1)
        x = (w - total) / 2
        for text, cw in row:
            size = _chip(img, d, text, x, y, cw, ch, sz, fill, style.accent)
            used["chip"] = min(used["chip"] or size, size)
            x += cw + sz.chip * 0.3
        y -= gap
    return used


def _chip(img: Image.Image, d: ImageDraw.ImageDraw, text: str, x: float, y: float, cw: float, ch: int,
          sz: CompactSizes, fill: RGB, rim: RGB) -> int:
    """One keyword chip (its text may hold a newline); returns its font size."""
    lines = text.split("\n")
    size = min(fit_font_size(line, "bold", cw - sz.chip * 0.4, sz.chip, sz.floor) for line in lines)
    font = get_font("bold", size)
    img.alpha_composite(D.badge("pill", round(cw), ch, fill, rim=rim), (round(x), round(y)))
    for k, line in enumerate(lines):
        ly = y + ch / 2 + (k - (len(lines) - 1) / 2) * sz.chip * 1.05
        _centered(d, x + cw / 2, ly, line, font, TITLE_COLOR)
    return size


def _chip_w(tag: str, sz: CompactSizes) -> float:
    return text_width(get_font("bold", sz.chip), tag) + sz.chip * 0.6


def _badge_xs(spec: FaceSpec, sz: CompactSizes, w: int) -> list[float]:
    """Centres of the bottom badges: left to right, the Cost / Act numeral in the right corner."""
    n = len(bottom_stats(spec))
    left, right = sz.inset + sz.badge / 2 + 1, w - sz.inset - sz.badge / 2 - 1
    step = min(sz.badge * 1.08, (right - left) / max(1, n - 1))
    xs = [left + i * step for i in range(n)]
    if spec.corner is not None and n > 1:
        xs[-1] = right
    return xs


def _band_free(spec: FaceSpec, sz: CompactSizes, xs: list[float], w: int) -> tuple[float, float]:
    """The free stretch of the bottom band between the stat badges and the corner badge."""
    plain = xs[:-1] if spec.corner is not None else xs
    x0 = (plain[-1] + sz.badge / 2 if plain else sz.inset) + 2
    x1 = (xs[-1] - sz.badge / 2 if spec.corner is not None else w - sz.inset) - 2
    return x0, x1


def _band_tag(spec: FaceSpec, tags: list[str], sz: CompactSizes, xs: list[float], w: int) -> str | None:
    """With two or more chips, the first one short enough for the free stretch of the bottom band."""
    if not xs or len(tags) < 2:
        return None
    x0, x1 = _band_free(spec, sz, xs, w)
    return next((t for t in tags if _chip_w(t, sz) <= x1 - x0), None)


def _stat_boxes(img: Image.Image, d: ImageDraw.ImageDraw, spec: FaceSpec, sz: CompactSizes, top: int,
                bottom: int) -> int:
    """An Avatar's Rank / Speed / Health: small label over a big number in three boxes."""
    n = len(spec.stat_boxes)
    w = img.width
    gap = max(1, round(1.0 * sz.mm))
    bw = (w - 2 * sz.inset - 2 - gap * (n - 1)) / n
    label_size = max(5, sz.floor - 3)
    used = sz.floor
    for i, (label, value) in enumerate(spec.stat_boxes):
        x0 = sz.inset + 1 + i * (bw + gap)
        stamp = _plate(round(bw), bottom - top, max(1, round(1.2 * sz.mm)),
                       _mix(spec.style.base, (0, 0, 0), 0.2) + (235,), spec.style.accent + (255,))
        img.alpha_composite(stamp, (round(x0), top))
        cx = x0 + bw / 2
        lf = get_font("bold", fit_font_size(label, "bold", bw - 2, label_size, 4))
        _centered(d, cx, top + (bottom - top) * 0.25, label, lf, spec.style.accent)
        size = fit_font_size(value, "number", bw - 4, max(sz.floor, round((bottom - top) * 0.5)), sz.floor)
        _centered(d, cx, top + (bottom - top) * 0.66, value, get_font("number", size), TITLE_COLOR)
        used = min(used, size) if i else size
    return used
