"""Matrix Replay card faces, drawn with QPainter: side colour, name, type, roll modifiers, our text.

``ReplayFaces`` is a ``FaceProvider`` (same ``front``/``back``/``fit`` API and caches, and the user's
own scans still override a face by card id) whose pictures come from here instead of the Legendary
face generator.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPen, QPixmap

from engine.replay import schema
from engine.replay.carddb import ReplayDB
from matrix_gui.facepaint import blank, canvas, face_font, field, fit_font, rain, rounded
from matrix_gui.faces import FaceProvider
from matrix_gui.fittext import WRAP_CENTRE, TextBox, fit
from matrix_gui.theme import text_scale

SIDE_COLOURS = {"humans": "#2fbf5b", "machines": "#d8423a"}
SIDE_DARK = {"humans": "#0b2a17", "machines": "#2a0b0b"}
ROLL_COLOURS = {"interception": "#8d5bd6", "combat": "#e0662f", "mission": "#3a8ee6", "escape": "#d8b12a",
                "detection": "#21a7a0", "pursuit": "#46c1e6", "battle": "#c23b6b", "any": "#cfcfcf"}
CODE_NAMES = {"H": "Human", "HB": "Human born free", "RP": "Rogue Program", "A": "Agent", "B": "Robot"}
BACKS = {"humans": ("#07170d", "#39ff7a", "ZION"), "machines": ("#170707", "#ff5a4a", "MACHINES")}
PLAIN_MODS = re.compile(r"^\s*([A-Z][a-z]+ \+\d+[.,]?\s*(and\s+)?)*$")  # text that only repeats the chips
WHO = {"neo": "Neo", "agent_smith": "Smith", "each_agent": "each Agent"}
RAIN = {"glyphs": "01", "alpha": 34}  # digits only (glyphs every font has), a little fainter


class ReplayFaces(FaceProvider):
    """QPixmaps of Matrix Replay cards (fronts by definition id, backs ``humans``/``machines``)."""

    def __init__(self, db: ReplayDB, scans_dir: Path | None = None) -> None:
        super().__init__(db, scans_dir)

    def _load_front(self, card_id: str, h: int, side: str) -> QPixmap:
        scan = self.scan_front(card_id, h)
        if scan is not None:
            return scan
        card = self.db.cards.get(card_id)
        return draw_front(card, self.db.side.get(card_id, "humans"), h)

    def _load_back(self, back: str, h: int) -> QPixmap:
        return draw_back(back, h)


def draw_back(back: str, h: int) -> QPixmap:
    """A side's card back: dark field, digital rain, the side's word in its colour."""
    bg, fg, word = BACKS.get(back, BACKS["humans"])
    img, p, w, hh = canvas(h)
    edge = max(1.0, h / 140)
    rounded(p, QRectF(0.5, 0.5, w - 1, hh - 1), w * 0.07, QColor(bg), QColor(fg).darker(150), edge)
    rain(p, w, hh, QColor(fg), sum(map(ord, back)), **RAIN)
    inner = QRectF(w * 0.1, hh * 0.1, w * 0.8, hh * 0.8)
    p.setPen(QPen(QColor(fg), max(1.0, h / 110)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner, w * 0.05, w * 0.05)
    for tb in back_boxes(back, h):
        tb.paint(p)
    p.end()
    return QPixmap.fromImage(img)


def back_boxes(back: str, h: int) -> list[TextBox]:
    """A card back's words, the side's and MATRIX REPLAY under it, each fitted to the back's frame
    (the game's name on two lines on a small card): what ``draw_back`` paints and tests measure."""
    fg, word = BACKS.get(back, BACKS["humans"])[1:]
    w, hh = round(h / 1.4), float(h)
    width = w * 0.8 - 2
    big = fit(word, width, min(w * 0.8 / max(len(word), 4) * 1.5, hh * 0.085), 3, True, max_lines=1)
    small = fit("MATRIX REPLAY", width, hh * 0.05, 3, True, max_lines=2)
    return [TextBox(big.text, QRectF(w * 0.1 + 1, hh * 0.44 - big.height / 2, width, big.height), big.font,
                    WRAP_CENTRE, fg),
            TextBox(small.text, QRectF(w * 0.1 + 1, hh * 0.6 - small.height / 2, width, small.height),
                    small.font, WRAP_CENTRE, fg)]


def modifier_text(m: Any) -> str:
    """``Combat +2``, ``Neo: Combat +6``, ``Any roll +1``, with how long it lasts."""
    roll = "Any roll" if m.roll == "any" else m.roll.capitalize()
    out = f"{roll} +{m.amount}"
    if m.who != "side":
        out = f"{WHO.get(m.who, m.who)}: {out}" + (" each" if m.who == "each_agent" else "")
    if m.lasts == "turn":
        out += " (turn)"
    elif m.lasts == "game":
        out += " (game)"
    return out


def type_line(card: Any) -> str:
    if isinstance(card, schema.CharacterCard):
        return " · ".join(x for x in (CODE_NAMES.get(card.code, card.code), card.role) if x)
    if isinstance(card, schema.MissionCard):
        roll = f" · {card.roll.capitalize()} roll" if card.roll != "mission" else ""
        return f"Mission · {card.mp} MP{roll}"
    return "Event" if card.options else "Event · instant"


def badge_text(card: Any) -> str:
    if isinstance(card, schema.CharacterCard):
        return card.code
    if isinstance(card, schema.MissionCard):
        return f"M{card.mp}"
    return "E"


def chips(card: Any) -> list[tuple[str, str]]:
    """(text, colour) of the roll modifiers printed on the card."""
    mods = getattr(card, "modifiers", None) or getattr(card, "options", None) or []
    out = [(modifier_text(m), ROLL_COLOURS.get(m.roll, "#cfcfcf")) for m in mods]
    if isinstance(card, schema.MissionCard) and card.machine_bonus:
        out.append((f"Machines {card.roll.capitalize()} +{card.machine_bonus}", ROLL_COLOURS[card.roll]))
    return out


def _frame(w: float, hh: float) -> tuple[QRectF, QRectF, QRectF]:
    """A face's outline, its inner field and the name band at its top."""
    outer = QRectF(0.5, 0.5, w - 1, hh - 1)
    inner = outer.adjusted(w * 0.04, w * 0.04, -w * 0.04, -w * 0.04)
    return outer, inner, QRectF(inner.x(), inner.y(), inner.width(), hh * 0.2)


def title_boxes(card: Any, h: int) -> list[TextBox]:
    """The name (shrunk, then wrapped between words, never inside one) and the type line under it
    (a second line where the name leaves room), in the name band of a face ``h`` px high: what
    ``draw_front`` paints and tests measure."""
    w, hh = round(h / 1.4), float(h)
    band = _frame(w, hh)[2]
    x, width = band.x() + w * 0.02, band.width() - w * 0.04
    t = text_scale()  # the player's text size: larger where the band has room
    name = fit(card.name, width - w * 0.04, hh * 0.066 * t, hh * 0.04, True, hh * 0.14, 2)
    kind = fit(type_line(card), width, hh * 0.036 * t, hh * 0.026, False, hh * 0.05, 1)
    if kind.cut and name.height < hh * 0.09:  # a one-line name: the type line may take two
        kind = fit(type_line(card), width, hh * 0.036 * t, hh * 0.026, False, hh * 0.1, 2)
    type_h, pad = max(kind.height, hh * 0.05), hh * 0.005
    type_r = QRectF(x, band.bottom() - type_h - pad, width, type_h)
    name_r = QRectF(x + w * 0.02, band.y() + pad, width - w * 0.04, type_r.top() - band.y() - pad)
    return [TextBox(name.text, name_r, name.font, WRAP_CENTRE, "#ffffff"),
            TextBox(kind.text, type_r, kind.font, WRAP_CENTRE, "#eef8f0")]


def draw_front(card: Any, side: str, h: int) -> QPixmap:
    """A readable face: a band in the side's colour with the name, the type line, modifier chips
    (an Event's options read 'or'), our card text, and the side and code at the bottom."""
    if card is None:
        return blank(h)
    img, p, w, hh = canvas(h)
    colour = QColor(SIDE_COLOURS.get(side, "#888"))
    edge = max(1.0, h / 120)
    outer, inner, band = _frame(w, hh)
    rounded(p, outer, w * 0.07, colour.darker(170), colour, edge)
    field(p, inner, w, hh, SIDE_DARK.get(side, "#111"), "#040605")
    rain(p, w, hh, colour, sum(map(ord, card.id)), **RAIN)
    rounded(p, band, w * 0.04, colour.darker(125))  # the name band
    for tb in title_boxes(card, h):
        tb.paint(p)
    # modifier chips
    y = band.bottom() + hh * 0.025
    items = chips(card)
    for i, (text, col) in enumerate(items):
        if i and isinstance(card, schema.EventCard):
            p.setPen(QColor("#bcd"))
            p.setFont(face_font(hh * 0.032, True))
            p.drawText(QRectF(inner.x(), y - hh * 0.012, inner.width(), hh * 0.04),
                       Qt.AlignmentFlag.AlignCenter, "or")
            y += hh * 0.03
        r = QRectF(inner.x() + w * 0.06, y, inner.width() - w * 0.12, hh * 0.072)
        rounded(p, r, r.height() / 2, QColor(col).darker(140), QColor(col), max(1.0, h / 200))
        p.setPen(QColor("white"))
        px = hh * 0.046
        p.setFont(face_font(px, True))
        while px > hh * 0.026 and p.fontMetrics().horizontalAdvance(text) > r.width() * 0.92:
            px *= 0.9
            p.setFont(face_font(px, True))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        y += r.height() + hh * 0.018
    # text
    foot = hh * 0.1
    text_r = QRectF(inner.x() + w * 0.06, y + hh * 0.01, inner.width() - w * 0.12,
                    inner.bottom() - foot - y - hh * 0.01)
    body = "" if isinstance(card, schema.CharacterCard) and PLAIN_MODS.match(card.text) else card.text
    if card.flavor:
        body = f"{body}\n“{card.flavor}”" if body else f"“{card.flavor}”"
    flags = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
    p.setPen(QColor("#dcefe2"))
    fit_font(p, text_r, flags, body, hh)
    if text_r.height() > 4:
        p.drawText(text_r, flags, body)
    # footer: side and code badge
    p.setPen(colour.lighter(130))
    p.setFont(face_font(hh * 0.034, True))
    p.drawText(QRectF(inner.x() + w * 0.06, inner.bottom() - foot, inner.width(), foot),
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, side.upper())
    d = foot * 0.82
    r = QRectF(inner.right() - d - w * 0.04, inner.bottom() - foot + (foot - d) / 2, d, d)
    p.setPen(QPen(QColor("white"), max(1.0, h / 220)))
    p.setBrush(colour.darker(115))
    p.drawEllipse(r)
    code = badge_text(card)
    p.setFont(face_font(d * (0.5 if len(code) < 2 else 0.4), True))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, code)
    p.end()
    return QPixmap.fromImage(img)


__all__ = ["ReplayFaces", "draw_back", "draw_front", "modifier_text", "SIDE_COLOURS", "ROLL_COLOURS"]
