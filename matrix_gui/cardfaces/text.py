"""Rich text layout for card boxes: bold keywords, italic flavour, word wrap and auto-shrink.

``layout_text`` is pure measurement (no drawing), so tests can check that the laid-out text never
leaves its box; ``draw_layout`` paints a layout onto an image.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from PIL import ImageDraw

from matrix_gui.cardfaces.fonts import get_font, line_metrics, text_width

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)

ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Run:
    """A stretch of text in one style (body, bold, italic) and an optional colour."""

    text: str
    style: str = "body"
    color: RGB | None = None


@dataclass
class Para:
    """A paragraph: runs wrapped together; ``scale`` sizes it relative to the layout's font size."""

    runs: list[Run]
    align: str = "left"  # left | center
    scale: float = 1.0
    space_before: float = 0.35  # extra gap above, in lines (ignored for the first paragraph)


@dataclass(frozen=True)
class Piece:
    """One word (or word group) placed at (x, y): y is the top of its line box."""

    x: float
    y: float
    text: str
    style: str
    size: int
    color: RGB | None
    width: float


@dataclass
class TextLayout:
    """The result of ``layout_text``: placed pieces, the chosen size and the inked bounding box."""

    box: Box
    size: int
    pieces: list[Piece] = field(default_factory=list)
    bbox: Box = (0, 0, 0, 0)
    truncated: bool = False

    @property
    def fits(self) -> bool:
        """True when every piece lies inside the box."""
        left, top, right, bottom = self.box
        bl, bt, br, bb = self.bbox
        return not self.pieces or (bl >= left and bt >= top and br <= right and bb <= bottom)


@dataclass
class _Tok:
    text: str
    style: str
    color: RGB | None
    space_before: bool


def _tokens(runs: Sequence[Run]) -> list[_Tok]:
    toks: list[_Tok] = []
    pending_space = False
    for run in runs:
        for part in re.split(r"(\s+)", run.text):
            if not part:
                continue
            if part.isspace():
                pending_space = True
                continue
            toks.append(_Tok(part, run.style, run.color, pending_space and bool(toks)))
            pending_space = False
    return toks


def _split_long(word: str, font, max_w: float) -> list[str]:
    """Break a word wider than the line into chunks that fit (names without spaces, URLs...)."""
    chunks: list[str] = []
    cur = ""
    for ch in word:
        if cur and text_width(font, cur + ch) > max_w:
            chunks.append(cur)
            cur = ch
        else:
            cur += ch
    if cur:
        chunks.append(cur)
    return chunks


Item = tuple[str, str, RGB | None, float, bool]  # text, style, color, width, space_before


def _groups(toks: list[_Tok]) -> list[list[_Tok]]:
    """Tokens joined without a space ("Time" + ".") wrap as one unit."""
    groups: list[list[_Tok]] = []
    for tok in toks:
        if groups and not tok.space_before:
            groups[-1].append(tok)
        else:
            groups.append([tok])
    return groups


def _wrap(para: Para, size: int, max_w: float) -> list[list[Item]]:
    """Lines of (text, style, color, width, space_before) for one paragraph."""
    lines: list[list[Item]] = []
    line: list[Item] = []
    line_w = 0.0
    for group in _groups(_tokens(para.runs)):
        first = group[0]
        space = text_width(get_font(first.style, size), " ") if first.space_before else 0.0
        items = [(t.text, t.style, t.color, text_width(get_font(t.style, size), t.text), False)
                 for t in group]
        gw = sum(i[3] for i in items)
        if line and line_w + space + gw > max_w:
            lines.append(line)
            line, line_w, space = [], 0.0, 0.0
        if not line and gw > max_w:
            flat: list[Item] = []
            for text, style, color, w, _ in items:
                font = get_font(style, size)
                if w <= max_w:
                    flat.append((text, style, color, w, False))
                else:
                    flat.extend((c, style, color, text_width(font, c), False)
                                for c in _split_long(text, font, max_w))
            for item in flat:
                if line and line_w + item[3] > max_w:
                    lines.append(line)
                    line, line_w = [], 0.0
                line.append(item)
                line_w += item[3]
            continue
        if line:
            t, st, c, w, _ = items[0]
            items[0] = (t, st, c, w, first.space_before)
        line.extend(items)
        line_w += space + gw
    if line:
        lines.append(line)
    return lines


LINE_SPACING = 1.17


def _try(paras: Sequence[Para], box: Box, size: int, valign: str) -> tuple[TextLayout, bool]:
    left, top, right, bottom = box
    max_w = max(1.0, right - left)
    rows: list[tuple[float, float, list, str, int]] = []  # (gap, line_h, line, align, size)
    for i, para in enumerate(paras):
        psize = max(1, round(size * para.scale))
        asc, desc = line_metrics(get_font("body", psize))
        line_h = max(asc + desc, psize * LINE_SPACING)
        gap = para.space_before * line_h if i and rows else 0.0
        for j, line in enumerate(_wrap(para, psize, max_w)):
            rows.append((gap if j == 0 else 0.0, line_h, line, para.align, psize))
    total = sum(g + h for g, h, *_ in rows)
    avail = bottom - top
    fits = total <= avail
    y = float(top)
    if fits and valign == "middle":
        y += (avail - total) / 2
    elif fits and valign == "bottom":
        y += avail - total
    layout = TextLayout(box=box, size=size)
    for gap, line_h, line, align, psize in rows:
        y += gap
        if y + line_h > bottom + 0.01:
            layout.truncated = True
            break
        width = sum(w for _, _, _, w, _ in line) + sum(
            text_width(get_font(st, psize), " ") for _, st, _, _, sp in line if sp)
        x = float(left) + ((max_w - width) / 2 if align == "center" else 0.0)
        for text, style, color, w, sp in line:
            if sp:
                x += text_width(get_font(style, psize), " ")
            layout.pieces.append(Piece(x, y, text, style, psize, color, w))
            x += w
        y += line_h
    _measure(layout)
    return layout, fits


def _measure(layout: TextLayout) -> None:
    if not layout.pieces:
        layout.bbox = (layout.box[0], layout.box[1], layout.box[0], layout.box[1])
        return
    xs0, ys0, xs1, ys1 = [], [], [], []
    for p in layout.pieces:
        asc, desc = line_metrics(get_font(p.style, p.size))
        xs0.append(p.x)
        xs1.append(p.x + p.width)
        ys0.append(p.y)
        ys1.append(p.y + max(asc + desc, p.size * LINE_SPACING))
    layout.bbox = (int(min(xs0)), int(min(ys0)), int(max(xs1) + 0.999), int(max(ys1) + 0.999))


def _truncate(layout: TextLayout) -> None:
    """Mark a cut: end the last line with an ellipsis that still fits the box."""
    right = layout.box[2]
    while layout.pieces:
        last = layout.pieces[-1]
        font = get_font(last.style, last.size)
        text = last.text
        while text and last.x + text_width(font, text + ELLIPSIS) > right:
            text = text[:-1]
        if text or last.x + text_width(font, ELLIPSIS) <= right:
            layout.pieces[-1] = Piece(last.x, last.y, text + ELLIPSIS, last.style, last.size, last.color,
                                      text_width(font, text + ELLIPSIS))
            break
        layout.pieces.pop()
    _measure(layout)


def layout_text(paras: Sequence[Para], box: Box, max_size: int, min_size: int = 6,
                valign: str = "top") -> TextLayout:
    """Lay ``paras`` out in ``box``, shrinking the font from ``max_size`` until everything fits.

    At ``min_size`` what still does not fit is cut with an ellipsis (``truncated``): the pieces never
    leave the box.
    """
    max_size = max(1, int(max_size))
    min_size = max(1, min(int(min_size), max_size))
    size = max_size
    while True:
        layout, fits = _try(paras, box, size, valign)
        if fits or size <= min_size:
            break
        size = max(min_size, min(size - 1, int(size * 0.93)))
    if not fits:
        layout.truncated = True
        _truncate(layout)
    return layout


BREAK_AFTER = re.compile(r"(?<=[-/])(?=[\w(])")  # a name may break after a hyphen or a slash


def name_pieces(text: str) -> list[tuple[str, bool]]:
    """The pieces a name may be broken between, each with whether a space goes before it: its words,
    and a word's parts after a hyphen or a slash ("Bane-" "Smith", "(Reloaded/" "Revolutions)")."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        for i, part in enumerate(BREAK_AFTER.split(word)):
            out.append((part, i == 0 and bool(out)))
    return out


def _name_lines(pieces: list[tuple[str, bool]], font, max_w: float) -> list[list[tuple[str, bool]]]:
    """Pieces filled into lines of ``max_w``, each piece whole (a piece wider than a line has one)."""
    lines: list[list[tuple[str, bool]]] = []
    line_w = 0.0
    space = text_width(font, " ")
    for text, sp in pieces:
        w = text_width(font, text)
        if lines and lines[-1] and line_w + (space if sp else 0.0) + w <= max_w:
            lines[-1].append((text, sp))
            line_w += (space if sp else 0.0) + w
        else:
            lines.append([(text, False)])
            line_w = w
    return lines


def layout_name(text: str, box: Box, max_size: int, min_size: int, style: str = "bold",
                valign: str = "top") -> TextLayout:
    """A card's name centred in ``box``: the largest size from ``max_size`` down to ``min_size`` at
    which it fits with every word whole, lines broken only between words (or after a hyphen or a
    slash). Only when even ``min_size`` does not fit is it cut with an ellipsis (``truncated``): a
    word too wide ends in "…", and the lines the box cannot hold are left out."""
    left, top, right, bottom = box
    max_w = max(1.0, right - left)
    pieces = name_pieces(text)
    size = max(1, int(max_size))
    low = max(1, min(int(min_size), size))
    while True:
        font = get_font(style, size)
        lines = _name_lines(pieces, font, max_w)
        line_h = max(sum(line_metrics(font)), size * LINE_SPACING)
        wide = any(text_width(font, t) > max_w for line in lines for t, _ in line)
        if (not wide and len(lines) * line_h <= bottom - top) or size <= low:
            break
        size = max(low, min(size - 1, int(size * 0.93)))
    layout = TextLayout(box=box, size=size)
    rows = lines
    cut = wide or len(lines) * line_h > bottom - top
    if cut:
        rows = [[(_elide(t, font, max_w), sp) for t, sp in line] for line in lines]
        rows = rows[:max(1, int((bottom - top) // line_h))]
    total = len(rows) * line_h
    y = float(top) + ((bottom - top - total) / 2 if valign == "middle" and total <= bottom - top else 0.0)
    space = text_width(font, " ")
    for line in rows:
        width = sum(text_width(font, t) for t, _ in line) + sum(space for _, sp in line if sp)
        x = left + (max_w - width) / 2
        for t, sp in line:
            x += space if sp else 0.0
            layout.pieces.append(Piece(x, y, t, style, size, None, text_width(font, t)))
            x += text_width(font, t)
        y += line_h
    _measure(layout)
    if cut:
        layout.truncated = True
        if len(rows) < len(lines):
            _truncate(layout)
    return layout


def _elide(text: str, font, max_w: float) -> str:
    """``text`` cut with an ellipsis to ``max_w`` (unchanged when it fits)."""
    if text_width(font, text) <= max_w:
        return text
    while text and text_width(font, text + ELLIPSIS) > max_w:
        text = text[:-1]
    return text + ELLIPSIS


def draw_layout(draw: ImageDraw.ImageDraw, layout: TextLayout, color: RGB,
                shadow: RGB | None = None) -> None:
    """Paint a layout; pieces without their own colour use ``color``."""
    for p in layout.pieces:
        font = get_font(p.style, p.size)
        asc, desc = line_metrics(font)
        line_h = max(asc + desc, p.size * LINE_SPACING)
        y = p.y + (line_h - (asc + desc)) / 2
        if shadow is not None:
            off = max(1, p.size // 14)
            draw.text((p.x + off, y + off), p.text, font=font, fill=shadow)
        draw.text((p.x, y), p.text, font=font, fill=p.color or color)


def fit_font_size(text: str, role: str, max_w: float, max_size: int, min_size: int = 5) -> int:
    """The largest size (<= max_size) at which ``text`` fits on one line of ``max_w`` pixels."""
    size = max(1, int(max_size))
    while size > min_size and text_width(get_font(role, size), text) > max_w:
        size = max(min_size, min(size - 1, int(size * 0.94)))
    return size


def rich_runs(text: str, bold: Iterable[str] = (), accents: dict[str, RGB] | None = None,
              style: str = "body") -> list[Run]:
    """Split ``text`` into runs, making every phrase of ``bold`` (regex) bold and those of ``accents``
    bold in their colour."""
    accents = accents or {}
    patterns = [(p, None) for p in bold] + list(accents.items())
    if not patterns or not text:
        return [Run(text, style)] if text else []
    joined = "|".join(f"(?:{p})" for p, _ in patterns)
    rx = re.compile(rf"(?<![\w-])(?:{joined})(?![\w-])")
    runs: list[Run] = []
    pos = 0
    for m in rx.finditer(text):
        if m.start() > pos:
            runs.append(Run(text[pos:m.start()], style))
        colour = None
        for p, c in accents.items():
            if re.fullmatch(p, m.group(0)):
                colour = c
                break
        runs.append(Run(m.group(0), "bold", colour))
        pos = m.end()
    if pos < len(text):
        runs.append(Run(text[pos:], style))
    return runs
