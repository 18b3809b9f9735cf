"""Paint a ``FaceSpec`` into an RGBA image of a given height (63 x 88 mm proportion)."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from matrix_gui.cardfaces import draw as D
from matrix_gui.cardfaces.compact import COMPACT_BELOW, paint_compact
from matrix_gui.cardfaces.fonts import FontLike, get_font, text_width
from matrix_gui.cardfaces.rain import colorize_rain, rain_mask
from matrix_gui.cardfaces.spec import (
    ART_TOP,
    BODY_COLOR,
    CARD_H_MM,
    CARD_W_MM,
    LAYOUTS,
    TEXT_BOTTOM,
    TITLE_COLOR,
    FaceSpec,
    Stat,
    Style,
)
from matrix_gui.cardfaces.text import (
    RGB,
    Box,
    TextLayout,
    draw_layout,
    fit_font_size,
    layout_name,
    layout_text,
)

CORNER_MM = 3.0
PLATE = (3.0, 3.0, 60.0, 14.8)
FOOTER = (3.0, 80.9, 60.0, 85.1)
CORNER_STAT = (53.7, 8.9, 9.8)  # cx, cy, d of the Cost / Act hex


def card_size(height: int) -> tuple[int, int]:
    """(width, height) in pixels of a card ``height`` pixels high."""
    return max(1, round(height * CARD_W_MM / CARD_H_MM)), height


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class _MM:
    """Millimetre to pixel conversion for one card size."""

    def __init__(self, h: int) -> None:
        self.s = h / CARD_H_MM

    def __call__(self, v: float) -> float:
        return v * self.s

    def box(self, b: tuple[float, float, float, float]) -> Box:
        return (round(b[0] * self.s), round(b[1] * self.s), round(b[2] * self.s), round(b[3] * self.s))


def text_box(layout: str, h: int) -> Box:
    """The pixel box that rules text must stay inside, for a layout at height ``h``."""
    mm = _MM(h)
    top = LAYOUTS.get(layout, LAYOUTS["standard"])[1]
    return mm.box((4.7, top + 1.3, 58.3, TEXT_BOTTOM - 1.2))


def layout_rules(spec: FaceSpec, h: int) -> TextLayout:
    """Lay out a face's rules text (keywords, text, flavour) in its text box at height ``h``."""
    mm = _MM(h)
    max_mm = {"standard": 3.55, "text": 3.6, "avatar": 3.3, "act": 3.1}.get(spec.layout, 3.5)
    return layout_text(spec.paras, text_box(spec.layout, h), max_size=max(6, round(mm(max_mm))),
                       min_size=max(5, round(mm(1.75))), valign="middle")


# --- frame template (cached per look and size) ---------------------------------------------------


@lru_cache(maxsize=96)
def _template(layout: str, style: Style, stripe: tuple[RGB, ...], w: int, h: int) -> Image.Image:
    """The frame: rim, accent line, panels; transparent where the rain should show."""
    ss = 3 if h <= 500 else 2 if h <= 1400 else 1
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    k = h * ss / CARD_H_MM

    def rr(b: tuple[float, float, float, float], r: float, fill: tuple[int, ...]) -> None:
        d.rounded_rectangle((b[0] * k, b[1] * k, b[2] * k - 1, b[3] * k - 1), radius=r * k, fill=fill)

    def panel(b: tuple[float, float, float, float], r: float, fill: tuple[int, ...],
              edge: tuple[int, ...] | None, ew: float = 0.28) -> None:
        if edge is not None:
            rr(b, r, edge)
            b = (b[0] + ew, b[1] + ew, b[2] - ew, b[3] - ew)
            r = max(0.0, r - ew)
        rr(b, r, fill)

    acc = style.accent
    rr((0, 0, CARD_W_MM, CARD_H_MM), CORNER_MM, style.frame + (255,))
    # bevel: a lighter top-left edge on the metal rim
    rr((0.5, 0.5, CARD_W_MM - 0.5, CARD_H_MM - 0.5), CORNER_MM - 0.4, _mix(style.frame, (255, 255, 255), 0.12)
       + (255,))
    rr((0.9, 0.9, CARD_W_MM - 0.5, CARD_H_MM - 0.5), CORNER_MM - 0.6, style.frame + (255,))
    rr((1.55, 1.55, CARD_W_MM - 1.55, CARD_H_MM - 1.55), 2.2, acc + (255,))
    rr((1.9, 1.9, CARD_W_MM - 1.9, CARD_H_MM - 1.9), 1.9, style.base + (150,))
    edge = _mix(acc, (0, 0, 0), 0.35) + (255,)
    if layout == "back":
        rr((4.5, 4.5, CARD_W_MM - 4.5, CARD_H_MM - 4.5), 1.6, _mix(acc, (0, 0, 0), 0.5) + (200,))
        rr((4.8, 4.8, CARD_W_MM - 4.8, CARD_H_MM - 4.8), 1.4, (0, 0, 0, 40))
        panel((6.0, 58.0, 57.0, 72.0), 1.6, (0, 0, 0, 215), edge, 0.35)
    else:
        art_bottom, text_top = LAYOUTS[layout]
        panel(PLATE, 1.4, (2, 4, 3, 222), edge)
        # class stripe under the title plate
        n = max(1, len(stripe))
        seg = (PLATE[2] - PLATE[0]) / n
        for i, col in enumerate(stripe or (acc,)):
            x0, x1 = round((PLATE[0] + i * seg) * k), round((PLATE[0] + (i + 1) * seg) * k) - 1
            d.rectangle((x0, round(14.9 * k), x1, round(ART_TOP * k) - 1), fill=col + (255,))
        art = (round(PLATE[0] * k), round(ART_TOP * k), round(PLATE[2] * k) - 1, round(art_bottom * k) - 1)
        d.rectangle(art, fill=(0, 0, 0, 0))
        # shade the lower part of the art window so stats read well
        top_px, bot_px = (ART_TOP + (art_bottom - ART_TOP) * 0.45) * k, art_bottom * k
        steps = max(1, int(bot_px - top_px))
        for i in range(steps):
            a = int(150 * (i / steps) ** 1.6)
            y = int(top_px + i)
            d.line((round(PLATE[0] * k), y, round(PLATE[2] * k) - 1, y), fill=(0, 0, 0, a))
        if text_top < TEXT_BOTTOM:
            panel((3.0, text_top, 60.0, TEXT_BOTTOM), 1.4, _mix(style.base, (0, 0, 0), 0.3) + (232,), edge)
        panel(FOOTER, 1.0, (0, 0, 0, 225), None)
    return big.resize((w, h), Image.Resampling.LANCZOS)


# --- pieces ----------------------------------------------------------------------------------------


def _centered(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, font: FontLike, fill: RGB,
              stroke: int = 0, stroke_fill: RGB = (0, 0, 0)) -> None:
    """Draw ``text`` with its ink box centred on (cx, cy) (works for any Pillow font)."""
    try:
        x0, t, x1, b = font.getbbox(text, stroke_width=stroke)
    except TypeError:
        x0, t, x1, b = font.getbbox(text)
    d.text((cx - (x0 + x1) / 2, cy - (t + b) / 2), text, font=font, fill=fill, stroke_width=stroke,
           stroke_fill=stroke_fill)


def _paste(img: Image.Image, stamp: Image.Image, cx: float, cy: float) -> None:
    img.alpha_composite(stamp, (round(cx - stamp.width / 2), round(cy - stamp.height / 2)))


def _emblem(img: Image.Image, rmask: Image.Image, mm: _MM, spec: FaceSpec, art_bottom: float) -> None:
    """The art of a full face or a back: the emblem centred in the art window."""
    if spec.layout == "back":
        size, cx, cy = round(mm(40)), mm(CARD_W_MM / 2), mm(32)
    else:
        if spec.stat_boxes:  # keep the emblem above the Avatar's stat boxes
            art_bottom -= 10.0
        art_h = art_bottom - ART_TOP
        size = round(mm(min(art_h * 0.9, 44)))
        cx, cy = mm(CARD_W_MM / 2), mm(ART_TOP + art_h / 2)
    paint_emblem(img, rmask, spec, cx, cy, size)


def paint_emblem(img: Image.Image, rmask: Image.Image, spec: FaceSpec, cx: float, cy: float,
                 size: int) -> None:
    """A tinted emblem ``size`` px square centred at (cx, cy): its rain glyphs light up, its rim glows."""
    if size < 8:
        return
    x, y = round(cx - size / 2), round(cy - size / 2)
    colour = spec.emblem_color or spec.style.accent
    shape = D.emblem(spec.emblem, size)
    box = (x, y, x + size, y + size)
    img.paste(_mix(colour, (0, 0, 0), 0.25) + (255,), box, shape.point(lambda v: v * 0.42))
    lit = ImageChops.multiply(rmask.crop(box).point(lambda v: min(255, 70 + v * 2) if v else 0), shape)
    img.paste(_mix(colour, (255, 255, 255), 0.55) + (255,), box, lit)
    img.paste(_mix(colour, (255, 255, 255), 0.3) + (255,), box, D.emblem_edge(spec.emblem, size))


def _stat(img: Image.Image, d: ImageDraw.ImageDraw, mm: _MM, st: Stat) -> None:
    size = max(4, round(mm(st.d)))
    if st.shape == "shield":
        shape = D.badge("shield", size, round(size * 1.12), st.fill)
    else:
        shape = D.badge(st.shape, size, size, st.fill)
    cx, cy = mm(st.cx), mm(st.cy)
    _paste(img, shape, cx, cy)
    inner = size * (0.56 if st.shape in ("diamond",) else 0.66)
    fsize = fit_font_size(st.value, "number", inner, round(size * 0.52), 5)
    stroke = max(1, fsize // 12) if st.ink[0] > 128 else 0
    _centered(d, cx, cy + (size * 0.04 if st.shape == "shield" else 0), st.value, get_font("number", fsize),
              st.ink, stroke, (0, 0, 0))
    if st.label and st.label_side != "none" and mm(2.15) >= 5.5:  # too small to read: shapes say it
        lf = get_font("bold", round(mm(2.15)))
        tw = text_width(lf, st.label)
        half = shape.width / 2
        if st.label_side == "right":
            x = cx + half + mm(1.0)
        elif st.label_side == "left":
            x = cx - half - mm(1.0) - tw
        else:
            x = cx - tw / 2
        y = cy + (half + mm(0.6) if st.label_side == "below" else 0)
        lbox = lf.getbbox(st.label)
        d.text((x, y - (lbox[1] + lbox[3]) / 2), st.label, font=lf, fill=TITLE_COLOR,
               stroke_width=max(1, round(mm(0.35))), stroke_fill=(0, 0, 0))


def _chips(img: Image.Image, d: ImageDraw.ImageDraw, mm: _MM, spec: FaceSpec, art_bottom: float) -> None:
    fs = max(5, round(mm(2.4)))
    font = get_font("bold", fs)
    y = mm(art_bottom - 2.0)
    for chip in reversed(spec.chips):
        tw = text_width(font, chip)
        w, h = round(tw + mm(3.4)), max(4, round(mm(4.4)))
        stamp = D.badge("pill", w, h, _mix(spec.style.accent, (0, 0, 0), 0.72), rim=spec.style.accent)
        x0 = mm(58.6) - w
        img.alpha_composite(stamp, (round(x0), round(y - h)))
        _centered(d, x0 + w / 2, y - h / 2, chip, font, TITLE_COLOR)
        y -= h + mm(1.0)


def _stat_boxes(img: Image.Image, d: ImageDraw.ImageDraw, mm: _MM, spec: FaceSpec, art_bottom: float) -> None:
    n = len(spec.stat_boxes)
    if not n:
        return
    gap, left, right = 1.6, 4.4, 58.6
    bw = (right - left - gap * (n - 1)) / n
    top, bottom = art_bottom - 11.2, art_bottom - 1.4
    lf = get_font("bold", max(5, round(mm(2.2))))
    for i, (label, value) in enumerate(spec.stat_boxes):
        x0 = left + i * (bw + gap)
        w, h = round(mm(bw)), round(mm(bottom - top))
        stamp = D.badge("pill", w, h, _mix(spec.style.base, (0, 0, 0), 0.2), rim=spec.style.accent)
        img.alpha_composite(stamp, (round(mm(x0)), round(mm(top))))
        cx = mm(x0 + bw / 2)
        _centered(d, cx, mm(top + 2.5), label, lf, spec.style.accent)
        nf = get_font("number", fit_font_size(value, "number", mm(bw - 4), round(mm(5.2)), 5))
        _centered(d, cx, mm(top + 6.6), value, nf, TITLE_COLOR)


def _title_right(spec: FaceSpec) -> float:
    return 47.8 if spec.corner else 58.6


def layout_full_title(spec: FaceSpec, h: int) -> TextLayout:
    """The name on a full face ``h`` px high (the zoom, the inspector): what ``_title`` draws."""
    mm = _MM(h)
    box = mm.box((4.5, 3.5, _title_right(spec), 10.7))
    return layout_name(spec.title, box, round(mm(4.9)), max(5, round(mm(2.3))), valign="middle")


def _title(d: ImageDraw.ImageDraw, mm: _MM, spec: FaceSpec) -> None:
    right = _title_right(spec)
    draw_layout(d, layout_full_title(spec, round(mm(CARD_H_MM))), TITLE_COLOR, shadow=(0, 0, 0))
    if spec.subtitle:
        colour = spec.subtitle_color or _mix(spec.style.accent, (255, 255, 255), 0.25)
        width = mm(right - 4.5)
        size = fit_font_size(spec.subtitle, "italic", width, round(mm(2.75)), max(5, round(mm(1.9))))
        font = get_font("italic", size)
        text = spec.subtitle
        while text and text_width(font, text) > width:
            text = text[:-2] + "\u2026" if len(text) > 2 else ""
        _, t, _, b = font.getbbox("Ag")
        d.text((mm(4.6), mm(12.65) - (t + b) / 2), text, font=font, fill=colour)


def _footer(d: ImageDraw.ImageDraw, mm: _MM, spec: FaceSpec) -> None:
    cy = (FOOTER[1] + FOOTER[3]) / 2
    size = max(5, round(mm(2.2)))
    colour = _mix(spec.style.accent, (255, 255, 255), 0.35)
    right_font = get_font("bold", size)
    right = spec.footer_right.upper()
    rw = text_width(right_font, right)
    avail_left = mm(58.6 - 4.6) - rw - mm(2.0)
    left = spec.footer_left.upper()
    lsize = fit_font_size(left, "bold", avail_left, size, max(5, round(mm(1.6))))
    lf = get_font("bold", lsize)
    while left and text_width(lf, left) > avail_left:
        left = left[:-2] + "\u2026" if len(left) > 2 else ""
    _, t, _, b = right_font.getbbox("AG")
    d.text((mm(4.6), mm(cy) - (t + b) / 2), left, font=lf, fill=colour)
    d.text((mm(58.6) - rw, mm(cy) - (t + b) / 2), right, font=right_font, fill=_mix(colour, (0, 0, 0), 0.25))


def paint_face(spec: FaceSpec, height: int, text: float = 1.0) -> Image.Image:
    """Render a face spec to an RGBA image ``height`` pixels high with rounded, transparent corners;
    under ``COMPACT_BELOW`` px a front uses the table layout (compact.py)."""
    return render_face(spec, height, text)[0]


def render_face(spec: FaceSpec, height: int, text: float = 1.0) -> tuple[Image.Image, dict[str, int]]:
    """``paint_face`` plus the text sizes a table-size face used (empty for a full face or a back);
    ``text``: the player's text size, for a table-size face."""
    w, h = card_size(height)
    mm = _MM(h)
    style = spec.style
    back = spec.layout == "back"
    cell = max(3, round(h / (34 if back else 40)))
    rmask = rain_mask((w, h), spec.seed, cell, density=1.4 if back else 1.0)
    img = colorize_rain(rmask, style.tint, style.base).convert("RGBA")
    if not back and h < COMPACT_BELOW:
        used = paint_compact(spec, img, rmask, text)
        img.putalpha(D.corner_mask(w, h, max(1, round(mm(CORNER_MM)))))
        return img, used
    art_bottom = LAYOUTS.get(spec.layout, (48.0, 48.6))[0]
    if spec.emblem != "none":
        _emblem(img, rmask, mm, spec, art_bottom)
    stripe = tuple(D.CLASS_COLORS[c] for c in spec.classes)
    img.alpha_composite(_template(spec.layout, style, stripe, w, h))
    d = ImageDraw.Draw(img)
    if back:
        _back_title(d, mm, spec)
    else:
        for i, cls in enumerate(spec.classes):
            icon = D.class_icon(cls, max(4, round(mm(7.0))))
            _paste(img, icon, mm(7.6), mm(ART_TOP + 4.9 + i * 7.7))
        if spec.corner is not None:
            cx, cy, dd = CORNER_STAT
            c = spec.corner
            _stat(img, d, mm, Stat(c.shape, c.value, cx, cy, dd, c.fill, ink=c.ink, label_side="none"))
        for st in spec.stats:
            _stat(img, d, mm, st)
        _stat_boxes(img, d, mm, spec, art_bottom)
        _chips(img, d, mm, spec, art_bottom)
        _title(d, mm, spec)
        draw_layout(d, layout_rules(spec, h), BODY_COLOR)
        _footer(d, mm, spec)
    img.putalpha(D.corner_mask(w, h, max(1, round(mm(CORNER_MM)))))
    return img, {}


def _back_title(d: ImageDraw.ImageDraw, mm: _MM, spec: FaceSpec) -> None:
    width = mm(48)
    size = fit_font_size(spec.title, "bold", width, round(mm(7.0)), 5)
    _centered(d, mm(CARD_W_MM / 2), mm(63.0), spec.title, get_font("bold", size), TITLE_COLOR)
    sub = spec.subtitle
    sf = get_font("bold", fit_font_size(sub, "bold", width, round(mm(2.6)), 5))
    _centered(d, mm(CARD_W_MM / 2), mm(68.6), sub, sf, _mix(spec.style.accent, (255, 255, 255), 0.3))
