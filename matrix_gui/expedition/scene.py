"""The Expedition table scene, drawn only from the engine's ``observe`` view.

It never changes the game. It has the interface the generic ``AnimationQueue`` drives (``display``,
``set_view``, ``layout_pile``, ``slot_rect``, ``areas``, ``cards``, ``hidden_idents``,
``drag_origin``), so chits glide between cups and slots as cards do on the other tables. The view
is given ``piles`` (``table_view``) so that the shared pieces find every chit by pile.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from engine.expedition.grid import DIRECTIONS
from matrix_gui.expedition.faces import ExpeditionFaces
from matrix_gui.expedition.items import (
    SEAT_HEX,
    ArrowItem,
    ChitItem,
    CupItem,
    DecisionBanner,
    ExplorerItem,
    SheetPanel,
    SlotItem,
)
from matrix_gui.expedition.layout import (
    COLS,
    CUP_STYLE,
    MINI_Y,
    RIGHT_X,
    ROWS,
    SLOT,
    WIDTH,
    ExpeditionLayout,
    chit_rects,
    compute,
    slot_name,
)
from matrix_gui.items import AreaItem, TableItem, font
from matrix_gui.keyedscene import KeyedScene, View, display_of, ident

SLOT_LABELS_AT = {"Start here", "End here"}
LEGEND = ("How to read the table",
          "Drag your Explorer one slot up, down, left or right: the slots it may reach light up.",
          "The Arrow sits in the slot you came from and points the way you went.",
          "✕  the chit's terrain dots miss your region",
          "Golden ring: your activated Rumor   ·   Hatched slot: the Wasteland",
          "A decision: click an option, or one of the lit slots.")


def table_view(view: View) -> View:
    """``view`` with ``piles`` (each slot, held-out row and region of every player, and the cups)
    in the shape the shared table pieces read: ``{"cards": [...]}`` or a cup's ``{"count": n}``."""
    piles: dict[str, Any] = {}
    for pl in view["players"]:
        s = pl["seat"]
        for cell in pl["grid"]:
            chits = cell["chits"]
            piles[slot_name(s, cell["row"], cell["col"])] = {"cards": chits, "count": len(chits)}
        piles[f"p{s}.out"] = {"cards": pl["out"], "count": len(pl["out"])}
        piles[f"p{s}.region"] = {"cards": pl["region_chits"], "count": len(pl["region_chits"])}
    for pool, n in view["cups"].items():
        piles[f"cup.{pool}"] = {"count": n}
    return {**view, "piles": piles}


def front_seat(view: View) -> int:
    """The seat whose Matrix is drawn large: whoever acts (decides or moves), else the current one."""
    acting = view.get("acting")
    return int(acting if acting is not None else view.get("current", 0))


class ExpeditionScene(KeyedScene):
    """The table of 1-4 Matrices; the one of the seat to act is drawn large."""

    # over the cups (the least needed while a player decides), clear of the other players' Matrices
    legend: QGraphicsSimpleTextItem
    DECISION_AT = (RIGHT_X + (WIDTH - 16 - RIGHT_X) / 2, 34.0)

    def __init__(self, faces: ExpeditionFaces) -> None:
        super().__init__(faces)
        self.layout: ExpeditionLayout | None = None
        self.explorers: dict[int, ExplorerItem] = {}
        self.arrows: dict[int, ArrowItem] = {}
        self.titles: dict[int, QGraphicsSimpleTextItem] = {}
        self.panel: SheetPanel | None = None
        self.removeItem(self.decision)
        self.decision = DecisionBanner()
        self.decision.setVisible(False)
        self.addItem(self.decision)

    @property
    def main(self) -> int:
        return self.layout.main if self.layout is not None else 0

    # --- background and keys -------------------------------------------------------------------------

    def paint_background(self, p: QPainter) -> None:
        """Every slot's outline and printed label (Start here, End here, the Rumor numbers), the
        rows' and cups' labels."""
        assert self.layout is not None and self.view is not None
        labels = {(c["row"], c["col"]): c["label"] for c in self.view["players"][0]["grid"]}
        for name, a in self.layout.areas.items():
            if a.style == SLOT:
                self._paint_slot(p, a, labels[(int(name.split(".r")[1].split("c")[0]),
                                               int(name.rsplit("c", 1)[1]))])
            elif a.label:
                p.setPen(QColor("#9fd8b2"))
                p.setFont(font(13))
                p.drawText(QRectF(a.x, a.y - 22, max(a.w + 40, 240), 20), Qt.AlignmentFlag.AlignLeft |
                           Qt.AlignmentFlag.AlignVCenter, a.label)
                if a.style != CUP_STYLE:
                    p.setPen(QPen(QColor("#24543a"), 1.2, Qt.PenStyle.DashLine))
                    p.setBrush(QColor(255, 255, 255, 6))
                    p.drawRoundedRect(QRectF(a.x, a.y, a.w, a.h), 8, 8)

    def _paint_slot(self, p: QPainter, a: Any, label: str) -> None:
        big = a.w > 80
        special = label in SLOT_LABELS_AT
        fill = QColor("#10261a") if special else QColor("#0b1a12")
        p.setPen(QPen(QColor("#39ff7a" if special else "#2f7a4c"), 2 if big else 1))
        p.setBrush(fill)
        p.drawRoundedRect(QRectF(a.x, a.y, a.w, a.h), 8 if big else 4, 8 if big else 4)
        if not label:
            return
        p.setPen(QColor("#6fd69a" if special else "#4f9e74"))
        if special:
            p.setFont(font(17 if big else 7, True))
            p.drawText(QRectF(a.x, a.y, a.w, a.h), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                       label.upper().replace(" ", "\n"))
        else:  # a Rumor number, in the corner a chit and the Explorer leave readable
            p.setFont(font(15 if big else 7, True))
            p.drawText(QRectF(a.x + 4, a.y + a.h - (22 if big else 10), a.w - 8, 20 if big else 9),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)

    def token_items(self) -> Iterable[TableItem]:
        yield from self.explorers.values()

    # --- drawing a view ---------------------------------------------------------------------------------

    def set_view(self, view: View) -> None:
        """Draw ``view`` (a ``table_view`` of an ``observe`` result) exactly."""
        self.view = view
        self._ensure_layout(len(view["players"]), front_seat(view))
        self.display = display_of(view)
        self.hidden_idents.clear()
        for name in self.display:
            self.layout_pile(name)
        self.sync_tokens(view)

    def _ensure_layout(self, players: int, main: int) -> None:
        if self.layout is not None and (self.layout.players, self.layout.main) == (players, main):
            return
        lay = compute(players, main)
        self.layout = lay
        for key, area in lay.areas.items():
            it = self.areas.get(key)
            if it is None:
                kind = SlotItem if area.style == SLOT else CupItem if area.style == CUP_STYLE else AreaItem
                it = kind(area)
                self.areas[key] = it
                self.addItem(it)
            else:
                it.set_area(area)
        for s in range(players):
            b = lay.boards[s]
            size = 66.0 if b.main else b.slot * 0.55
            ex = self.explorers.get(s)
            if ex is None or abs(ex.h - size) > 0.1:
                if ex is not None:
                    self.removeItem(ex)
                ex = ExplorerItem(s, size)
                self.explorers[s] = ex
                self.addItem(ex)
            if s not in self.arrows:
                self.arrows[s] = ArrowItem(s)
                self.addItem(self.arrows[s])
            if s not in self.titles:
                t = QGraphicsSimpleTextItem()
                t.setBrush(QColor(SEAT_HEX[s % len(SEAT_HEX)]))
                self.titles[s] = t
                self.addItem(t)
            self.titles[s].setFont(font(20 if b.main else 13, True))
            self.titles[s].setPos(b.x, b.y - (40 if b.main else 24))
        if self.panel is None:
            self.panel = SheetPanel(*lay.panel)
            self.addItem(self.panel)
            self.legend = QGraphicsSimpleTextItem("\n".join(LEGEND))
            self.legend.setFont(font(15))
            self.legend.setBrush(QColor("#9fd8b2"))
            self.legend.setPos(RIGHT_X + 10, MINI_Y)
            self.addItem(self.legend)
        self.legend.setVisible(players == 1)  # the others' Matrices take this place
        self.setSceneRect(QRectF(0, 0, lay.width, lay.height))
        self.background_changed()

    def slot_rect(self, name: str, index: int | None = None) -> QRectF:
        """Where chit ``index`` of a pile lies (None: where a new chit lands)."""
        item = self.areas.get(name)
        if item is None:
            return QRectF(0, 0, 0, 0)
        n = len(self.pile_cards(name))
        if index is None:
            index = n - 1
        rects = chit_rects(item.area, max(n, index + 1, 1))
        x, y, s = rects[min(max(index, 0), len(rects) - 1)]
        return QRectF(x, y, s, s)

    def layout_pile(self, name: str) -> None:
        """One pile from ``display``: a cup's count, or one chit item per chit."""
        item = self.areas.get(name)
        if item is None:
            return
        cards = self.pile_cards(name)
        if item.area.style == CUP_STYLE:
            item.set_pile(len(cards), None)
            return
        wanted: set[tuple] = set()
        for i, ((x, y, size), c) in enumerate(zip(chit_rects(item.area, len(cards)), cards, strict=True)):
            idt = ident(name, i, c)
            wanted.add(idt)
            key = ("card", c["id"]) if "id" in c else ("pile", name)
            ci = self.cards.get(idt)
            if ci is None:
                ci = ChitItem(key, c, name, size, item.area.back)
                self.cards[idt] = ci
                self.addItem(ci)
            else:
                ci.key = key
                ci.set_chit(c, name, size, item.area.back)
            ci.setPos(x, y)
            ci.setZValue(10 + i)
            ci.setVisible(idt not in self.hidden_idents)
        self.drop_cards_but(name, wanted)

    def sync_tokens(self, view: View) -> None:
        """Explorers, Arrows, the Matrices' titles, the sheet panel, offered slots and the decision."""
        assert self.layout is not None
        for pl in view["players"]:
            s = pl["seat"]
            b = self.layout.boards[s]
            ex = self.explorers[s]
            r, c = pl["explorer"]
            x, y = b.slot_xy(r, c)
            ex.setPos(x + b.slot - ex.w - b.slot * 0.04, y + b.slot - ex.h - b.slot * 0.03)
            ex.setVisible(not pl["time_up"] or not view.get("result"))
            arrow = self.arrows[s]
            if pl["arrow"] is not None and pl["arrow"]["points"]:
                ar, ac = pl["arrow"]["slot"]
                ax, ay = b.slot_xy(ar, ac)
                points = pl["arrow"]["points"]
                dr, dc = DIRECTIONS.get(points, (0, 0))
                arrow.set_arrow(b.slot * 0.34, points)  # at the edge it points through: names stay readable
                arrow.setPos(ax + b.slot * (0.5 + 0.36 * dc), ay + b.slot * (0.5 + 0.36 * dr))
                arrow.setVisible(True)
            else:
                arrow.setVisible(False)
            title = self.title(view, pl, b.main)  # as wide as its Matrix, the whole of it in the tooltip
            shown = QFontMetricsF(self.titles[s].font()).elidedText(title, Qt.TextElideMode.ElideRight, b.w)
            self.titles[s].setText(shown)
            self.titles[s].setToolTip(title if shown != title else "")
        for s, ex in self.explorers.items():
            if s >= len(view["players"]):
                ex.setVisible(False)
        if self.panel is not None:
            self.panel.set_sheet(view["players"][self.main])
        for key, it in self.areas.items():
            if isinstance(it, SlotItem):
                s = int(key[1:key.index(".")])
                r, c = int(key.split(".r")[1].split("c")[0]), int(key.rsplit("c", 1)[1])
                cell = view["players"][s]["grid"][(r - 1) * COLS + c - 1] if s < len(view["players"]) else {}
                it.set_wasteland(bool(cell.get("wasteland")))
                it.setVisible(s < len(view["players"]))
        self.clear_marks("option")
        dec = view.get("decision") or {}
        for r, c in dec.get("slots", []):
            for it in self.items_for(("pile", slot_name(int(dec["seat"]), r, c))):
                it.set_mark("option", True)
        self.sync_decision(view)

    @staticmethod
    def title(view: View, pl: dict[str, Any], main: bool) -> str:
        """A Matrix's title: whose it is, the region, and whether this player acts."""
        c = pl["counters"]
        acting = view.get("acting") == pl["seat"] and not view.get("result")
        state = "Time is up" if pl["time_up"] else ("to act" if acting else "waits")
        if main:
            return f"{'▶ ' if acting else ''}{pl['name']} · {str(pl['region']).capitalize()} · {state}"
        return f"{'▶ ' if acting else ''}{pl['name']} · {c['dp']} DP · Time {c['time']} · {state}"

    def decision_prompt(self, view: View, dec: dict[str, Any]) -> str:
        return str(dec["prompt"])

    def decision_options(self, dec: dict[str, Any]) -> list[str]:
        """A choice of slots shows only its prompt (the offered slots are lit); any other its options."""
        return [] if dec.get("slots") else list(dec["options"])

    def place_decision(self) -> None:
        """Over the right column, never past the table's edge."""
        d = self.decision
        if not d.options:
            d.w = 760.0
            d.setRect(QRectF(0, 0, d.w, d.h))
        d.setPos(min(max(self.DECISION_AT[0] - d.w / 2, RIGHT_X - 20), WIDTH - 8 - d.w), self.DECISION_AT[1])


__all__ = ["ExpeditionScene", "ROWS", "table_view"]
