"""Legendary card pictures: from the card-face generator (``matrix_gui.cardfaces``) when present, else
drawn here with QPainter; a folder of the user's own scans overrides faces by card id."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from matrix_gui.facepaint import blank, canvas, face_font, field, fit_font, rain, rounded
from matrix_gui.faces import FaceProvider
from matrix_gui.theme import text_scale

if TYPE_CHECKING:
    from engine.legendary.carddb import CardDB

log = logging.getLogger(__name__)

CLASS_COLOURS = {
    "intellect": "#3a78d6", "range": "#d89a17", "strength": "#c2372b", "survival": "#2f9a58",
    "tech": "#8d48b0",
}
KIND_COLOURS = {
    "hero": "#6d7b86", "avatar": "#b98a2e", "act": "#1d6b3a", "enemy": "#7a1d1d", "challenge": "#16707a",
    "event": "#4f5a3c", "special": "#4f5a3c", "strike": "#8b1a1a", "inevitable": "#3a3a3a",
}
BACK_COLOURS = {
    "hero": ("#0b2a17", "#2fd26b", "ZION"), "matrix": ("#06140a", "#39ff7a", "MATRIX"),
    "strike": ("#2a0808", "#ff5a4a", "STRIKE"), "hovercraft": ("#10202a", "#57c8ff", "HOVERCRAFT"),
    "avatar": ("#2a2008", "#ffd25a", "AVATAR"), "act": ("#081a10", "#8cffb0", "ACT"),
    "zion": ("#0b2a17", "#2fd26b", "ZION"),
}


class LegendaryFaces(FaceProvider):
    """Legendary card fronts and backs: the face generator's pictures, scans, or our own drawing."""

    def __init__(self, db: CardDB, cache_dir: Path | None = None, scans_dir: Path | None = None) -> None:
        super().__init__(db, scans_dir)
        self.store: Any = None
        try:  # the graphics engineer's Pillow faces, cached as PNG files in the user cache dir
            from matrix_gui.cardfaces import FaceStore  # type: ignore[attr-defined]

            self.store = FaceStore(db, cache_dir, scans_dir=self.scans_dir) if cache_dir else None
        except Exception as e:  # noqa: BLE001 - the generator is optional; we draw our own faces
            log.info("card face generator not available (%s); drawing faces with QPainter", e)

    def _load_front(self, card_id: str, h: int, side: str) -> QPixmap:
        if self.store is not None:
            try:
                pm = QPixmap(str(self.store.face_path(card_id, h, side=side, text=text_scale())))
                if not pm.isNull():
                    return pm
            except Exception as e:  # noqa: BLE001 - fall back to our own drawing
                log.warning("face of %s failed: %s", card_id, e)
        scan = self.scan_front(card_id, h) if side == "front" else None
        if scan is not None:
            return scan
        return draw_front(self.db.cards.get(card_id), h, side)

    def _load_back(self, back: str, h: int) -> QPixmap:
        if self.store is not None:
            try:
                pm = QPixmap(str(self.store.back_path(back, h)))
                if not pm.isNull():
                    return pm
            except Exception as e:  # noqa: BLE001
                log.warning("back %s failed: %s", back, e)
        return draw_back(back, h)


def draw_back(back: str, h: int) -> QPixmap:
    bg, fg, word = BACK_COLOURS.get(back, BACK_COLOURS["matrix"])
    img, p, w, hh = canvas(h)
    rounded(p, QRectF(0.5, 0.5, w - 1, hh - 1), w * 0.07, QColor(bg), QColor(fg).darker(160),
             max(1.0, h / 140))
    rain(p, w, hh, QColor(fg), sum(map(ord, back)))
    inner = QRectF(w * 0.1, hh * 0.1, w * 0.8, hh * 0.8)
    p.setPen(QPen(QColor(fg), max(1.0, h / 110)))
    p.drawRoundedRect(inner, w * 0.05, w * 0.05)
    p.setFont(face_font(min(w * 0.8 / max(len(word), 4) * 1.6, hh * 0.09), True))
    p.drawText(inner, Qt.AlignmentFlag.AlignCenter, word)
    p.end()
    return QPixmap.fromImage(img)


def _card_colour(card: Any) -> QColor:
    classes = getattr(card, "classes", None) or []
    if classes:
        return QColor(CLASS_COLOURS.get(str(classes[0]).lower(), "#6d7b86"))
    return QColor(KIND_COLOURS.get(getattr(card, "kind", ""), "#555"))


def _stat(p: QPainter, r: QRectF, text: str, fill: str, px: float) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(fill))
    p.drawEllipse(r)
    p.setPen(QColor("white"))
    p.setFont(face_font(px, True))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


def _num(v: int | None, plus: bool) -> str:
    return ("—" if v is None else str(v)) + ("+" if plus else "")


def card_body(card: Any, side: str = "front") -> tuple[str, str, str]:
    """(title, subtitle, body text) shown on a face: our words from the card file."""
    kind = getattr(card, "kind", "")
    title = card.name
    sub = ""
    body = card.text or ""
    if kind == "hero":
        sub = " · ".join(x for x in (card.group.replace("_", " ").title() if card.group else "",
                                     "/".join(str(c).title() for c in card.classes)) if x)
        kws = ", ".join(str(k).replace("_", " ").title() for k in card.keywords)
        if kws:
            body = f"{kws}. {body}" if body else kws
    elif kind == "avatar":
        if side == "back" and card.back_name:
            title = card.back_name
        sub = f"Rank {card.rank} · Speed {card.speed} · Health {card.health}"
        if card.ability_text:
            body = "\n".join(f"Act {i + 1}: {t}" for i, t in enumerate(card.ability_text))
    elif kind == "act":
        parts = card.parts
        part = parts[1] if side == "back" and len(parts) > 1 else parts[0]
        sub = f"Act {card.act} · Part {part.part}" + (f": {part.title}" if part.title else "")
        body = part.text or (part.objective.text if part.objective else body)
        if part.objective and part.text:
            body = f"{part.text}\nObjective: {part.objective.text}"
    elif kind in ("enemy", "challenge", "event", "special"):
        words = [str(d).title() for d in getattr(card, "descriptors", [])]
        sub = f"{kind.title()}" + (f" – {', '.join(words)}" if words else "")
        kws = ", ".join(str(k).replace("_", " ").title() for k in getattr(card, "keywords", []))
        if kws:
            body = f"{kws}. {body}" if body else kws
    elif kind == "strike":
        sub = f"Strike · {card.damage} damage"
    return title, sub, body


def draw_front(card: Any, h: int, side: str = "front") -> QPixmap:
    """A readable face: colour band, name, Hero Group, stats, our text and the Deck Label."""
    if card is None:
        return blank(h)
    img, p, w, hh = canvas(h)
    colour = _card_colour(card)
    kind = card.kind
    edge = max(1.0, h / 120)
    outer = QRectF(0.5, 0.5, w - 1, hh - 1)
    rounded(p, outer, w * 0.07, colour.darker(130), colour.lighter(130), edge)
    inner = outer.adjusted(w * 0.045, w * 0.045, -w * 0.045, -w * 0.045)
    field(p, inner, w, hh, "#10161a", "#050807")
    rain(p, w, hh, QColor("#39ff7a"), sum(map(ord, card.id)))
    title, sub, body = card_body(card, side)
    # title band
    band = QRectF(inner.x(), inner.y(), inner.width(), hh * 0.17)
    rounded(p, band, w * 0.04, colour)
    p.setPen(QColor("white"))
    tpx = hh * 0.062 if len(title) < 18 else hh * 0.05
    p.setFont(face_font(tpx, True))
    p.drawText(band.adjusted(w * 0.2, 0, -w * 0.2, -hh * 0.055),
               Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, title)
    p.setFont(face_font(hh * 0.034))
    p.setPen(QColor("#e8f5ec"))
    p.drawText(band.adjusted(w * 0.05, hh * 0.11, -w * 0.05, 0), Qt.AlignmentFlag.AlignCenter, sub)
    d = w * 0.2
    corner = QRectF(inner.right() - d - 2, inner.bottom() - d - 2, d, d)
    # stats
    if kind == "hero":
        if card.cost:
            _stat(p, corner, str(card.cost), "#222", d * 0.55)
        if card.recruit or card.recruit_plus:
            _stat(p, QRectF(inner.x() + 2, inner.bottom() - d - 2, d, d),
                  _num(card.recruit, card.recruit_plus), "#c9971c", d * 0.5)
        if card.attack or card.attack_plus:
            _stat(p, QRectF(inner.x() + d + 4, inner.bottom() - d - 2, d, d),
                  _num(card.attack, card.attack_plus), "#b3261e", d * 0.5)
        if card.classes:
            _stat(p, QRectF(inner.x() + 2, inner.y() + 2, d * 0.8, d * 0.8),
                  str(card.classes[0])[:1].upper(), colour.darker(150).name(), d * 0.45)
    elif kind == "enemy":
        txt = "✖" if card.attack is None or card.attack_icon else _num(card.attack, card.attack_plus)
        _stat(p, QRectF(inner.right() - d - 2, inner.bottom() - d - 2, d, d), txt, "#b3261e", d * 0.5)
    elif kind == "challenge":
        cost = card.cost_either or card.cost_recruit or card.cost_attack
        fill = "#c9971c" if card.cost_recruit else "#b3261e" if card.cost_attack else "#6c4b9c"
        if cost:
            _stat(p, QRectF(inner.right() - d - 2, inner.bottom() - d - 2, d, d), str(cost), fill, d * 0.5)
    elif kind == "strike":
        _stat(p, corner, str(card.damage), "#b3261e", d * 0.5)
    elif kind == "avatar":
        _stat(p, corner, str(card.health), "#2f9a58", d * 0.5)
    # text
    text_r = QRectF(inner.x() + w * 0.05, band.bottom() + hh * 0.03, inner.width() - w * 0.1,
                    inner.bottom() - band.bottom() - d - hh * 0.06)
    p.setPen(QColor("#d9efe0"))
    flags = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
    fit_font(p, text_r, flags, body, hh)
    p.drawText(text_r, flags, body)
    # deck label (LE-SETUP-28)
    label = "Extra" if card.extra else card.deck.split(":")[-1].replace("_", " ").title()
    p.setFont(face_font(hh * 0.028))
    p.setPen(QColor("#8fb59a"))
    p.drawText(QRectF(inner.x(), inner.bottom() - hh * 0.045, inner.width(), hh * 0.04),
               Qt.AlignmentFlag.AlignCenter, label)
    p.end()
    return QPixmap.fromImage(img)
