"""The table scene: items laid out like the playmat, drawn from the engine's per-seat view.

The scene never changes the game. It draws a view (``set_view``), exposes its items by key for the
view's drag-and-drop and the animation queue, and marks legal targets and decision options.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from matrix_gui.items import TableItem, paint_slot
from matrix_gui.keyedscene import KeyedScene, View, display_of
from matrix_gui.layout import CARD_H, CARD_W, SPACE, SPREAD, STACK, TOKEN, TRACK, fitted, spread_positions
from matrix_gui.legendary.faces import LegendaryFaces
from matrix_gui.legendary.items import (
    BandsItem,
    DeletionItem,
    MatCardItem,
    NoteItem,
    PhoneItem,
    PoolItem,
    RsiItem,
    SmithItem,
    TimeTrackItem,
    paint_bands,
    paint_lane,
)
from matrix_gui.legendary.layout import RSI_W, RowSpaceInfo, TableLayout, compute
from matrix_gui.legendary.tablefacts import (
    LANE_POSITIONS,
    annotate,
    beneath_dock,
    beneath_pile,
    smiths,
    strike_limit,
)


class TableScene(KeyedScene):
    """The playmat. ``device_scale`` (device pixels per scene unit) sizes the card pixmaps."""

    card_class = MatCardItem

    def __init__(self, faces: LegendaryFaces) -> None:
        super().__init__(faces)
        mat = faces.db.playmat
        self.row_info = [RowSpaceInfo(r.name, r.scan_cost, r.phone) for r in mat.row]
        self.combat_phone_cost = mat.combat_phone_cost
        self.start_time = mat.start_time
        self.bands = BandsItem()  # kept for its geometry; drawn by drawBackground
        self.rsis: dict[int, RsiItem] = {}
        self.phones: dict[str, PhoneItem] = {}
        self.pool: PoolItem | None = None
        self.time_item: TimeTrackItem | None = None
        self.layout: TableLayout | None = None
        self._layout_sig: tuple | None = None
        self.aspect: float | None = None  # the view's shape: the other players' areas fill it
        self.strike_limit = NoteItem(CARD_W + 10, 64)  # the Strike limit in force, on the Strike discard
        self.addItem(self.strike_limit)
        self.smiths: list[SmithItem] = []  # a final Part's Smiths in the Row spaces, left to right
        self.deletion = DeletionItem(18, CARD_H - 12)  # the Deletion Program beside its Smith
        self.addItem(self.deletion)

    def paint_background(self, p: QPainter) -> None:
        """The bands and every slot's outline and label: static, cached by the view."""
        assert self.layout is not None
        paint_bands(p, self.layout.bands)
        if self.layout.lane is not None:
            paint_lane(p, self.layout.lane, "to Zion")
        for a in self.layout.areas.values():
            paint_slot(p, a)

    def token_items(self) -> Iterable[TableItem]:
        yield from self.rsis.values()
        yield from self.phones.values()
        if self.pool is not None:
            yield self.pool
        if self.time_item is not None:
            yield self.time_item

    # --- drawing a view ---------------------------------------------------------------------------------

    def set_view(self, view: View) -> None:
        """Draw ``view`` (an ``observe()`` result) exactly."""
        self.view = view
        self.display = display_of(view)
        annotate(self.display, view)  # the card beneath the Dock at its position, cues on cards
        self.hidden_idents.clear()
        self._ensure_layout(view, beneath_dock(view) is not None)
        for name in self.areas:
            self.layout_pile(name)
        for idt in [k for k, ci in self.cards.items() if ci.pile not in self.areas]:
            self.removeItem(self.cards.pop(idt))  # a lane position that closed
        self.sync_tokens(view)

    def open_lane(self) -> None:
        """Lay the table out with the lane beneath the Dock before a card flies into it (the
        animation of a batch whose final view has a card there), keeping what is drawn."""
        if self.view is None or (self.layout is not None and self.layout.lane is not None):
            return
        for i in range(LANE_POSITIONS):
            self.display.setdefault(beneath_pile(i), [])
        self._ensure_layout(self.view, True)
        for name in self.areas:
            self.layout_pile(name)
        self.sync_tokens(self.view)

    def set_aspect(self, aspect: float) -> None:
        """Lay the table out again for a view of another shape (the other players' areas grow into a
        wide window), keeping what is drawn."""
        if self.aspect is not None and abs(aspect - self.aspect) < 0.02 * self.aspect:
            return
        self.aspect = round(aspect, 3)
        if self.view is None or self.layout is None:
            return
        self._ensure_layout(self.view, self.layout.lane is not None)
        for name in self.areas:
            self.layout_pile(name)
        self.sync_tokens(self.view)

    def _ensure_layout(self, view: View, lane: bool) -> None:
        names = [p["name"] for p in view["players"]]
        secret = bool(view.get("secret"))
        scars = any(p.get("scars") for p in view["players"])
        sig = (len(names), view["active"], tuple(names), secret, lane, scars, self.aspect)
        if sig == self._layout_sig and self.layout is not None:
            return
        self._layout_sig = sig
        lay = compute(len(names), view["active"], self.row_info, self.combat_phone_cost, names, secret, lane,
                      scars, self.aspect)
        self.layout = lay
        self.bands.set_bands(lay.bands)
        self.sync_areas({key: a for key, a in lay.areas.items() if a.style not in (TOKEN, TRACK)})
        self.DECISION_AT = lay.decision_at
        for name, ph in lay.phones.items():
            if name not in self.phones:
                self.phones[name] = PhoneItem(ph)
                self.addItem(self.phones[name])
        pool_area = lay.areas[f"pool{view['active']}"]
        if self.pool is None:
            self.pool = PoolItem(pool_area)
            self.addItem(self.pool)
        self.pool.key = ("pool", view["active"])
        self.pool.setPos(pool_area.x, pool_area.y)
        if self.time_item is None:
            self.time_item = TimeTrackItem(lay.areas["time"], self.start_time)
            self.addItem(self.time_item)
        self.setSceneRect(QRectF(-30, -20, lay.width + 60, lay.height + 40))
        self.background_changed()

    def order(self, name: str) -> list[int]:
        """Display order of a spread pile: the Combat Zone shows its newest card leftmost (LE-MATRIX-07)."""
        n = len(self.pile_cards(name))
        return list(range(n - 1, -1, -1)) if name == "combat" else list(range(n))

    def slot_rect(self, name: str, index: int | None = None) -> QRectF:
        """Where card ``index`` of a pile lies (a stack: its top; None: where a new card lands)."""
        area = self.areas[name].area if name in self.areas else None
        if area is None:
            return QRectF(0, 0, 0, 0)
        if area.style != SPREAD:
            return QRectF(area.x, area.y, area.card_w, area.card_h)
        n = len(self.pile_cards(name))
        if index is None:
            index = n - 1
        area = fitted(area, max(n, 1))
        pos = spread_positions(area, max(n, 1))
        order = self.order(name) or [0]
        slot = order.index(index) if index in order else 0
        x, y = pos[min(slot, len(pos) - 1)]
        return QRectF(x, y, area.card_w, area.card_h)

    def layout_pile(self, name: str) -> None:
        """Lay out one pile from ``display``: a stack updates its one item, a spread its card items."""
        item = self.areas.get(name)
        if item is None:
            return
        cards = self.pile_cards(name)
        area = item.area
        if area.style == STACK:
            item.set_pile(len(cards), cards[-1] if cards else None)
            return
        if area.style == SPACE:
            return
        wanted: set[tuple] = set()
        self.lay_spread(name, area, self.order(name), wanted)
        self.drop_cards_but(name, wanted)

    def sync_tokens(self, view: View) -> None:
        """RSI standees, the pool token, the Time Track and the decision banner."""
        lay = self.layout
        assert lay is not None
        in_matrix = [p for p in view["players"] if p["in_matrix"] and not p["defeated"]]
        space = lay.areas["in_matrix"]
        for p in view["players"]:
            seat = p["seat"]
            it = self.rsis.get(seat)
            if it is None:
                it = RsiItem(seat, f"P{seat + 1}")
                self.rsis[seat] = it
                self.addItem(it)
            it.setToolTip(f"{p['name']}: {'in the Matrix' if p['in_matrix'] else 'in the Real World'}")
            it.setVisible(not p["defeated"])
            it.setPos(*self.rsi_pos(seat, p["in_matrix"], in_matrix, space))
        if self.pool is not None:
            pa = lay.areas[f"pool{view['active']}"]
            self.pool.setPos(pa.x, pa.y)
            self.pool.setZValue(20)
            self.pool.set_pool(view["recruit"], view["attack"], True)
        if self.time_item is not None:
            self.time_item.set_value(view["time"])
        self.sync_notes(view)
        self.sync_decision(view)

    def sync_notes(self, view: View) -> None:
        """The plates of Act facts: the Strike limit over the Strike discard slot."""
        lay = self.layout
        assert lay is not None
        limit = strike_limit(view)
        n = view.get("modifiers", {}).get("strike_cards_per_turn")
        sd = lay.areas["strike_discard"]
        self.strike_limit.setPos(sd.x - 5, sd.y + (sd.h - self.strike_limit.rect().height()) / 2)
        lines = ["STRIKE LIMIT", f"{n} card{'s' if n != 1 else ''} a turn"] if limit else []
        self.strike_limit.set_lines(lines, limit)
        self.sync_smiths(view)

    def sync_smiths(self, view: View) -> None:
        """A final Part's Smiths across the Row spaces and the Deletion Program beside the one it
        has reached (``modifiers``: ``smith_numbers``, ``smiths_passed``)."""
        lay = self.layout
        assert lay is not None
        marks = [m for m in smiths(view) if f"row.{m.space}" in lay.areas]
        while len(self.smiths) < len(marks):
            it = SmithItem(len(self.smiths), CARD_W - 12, 52)
            self.smiths.append(it)
            self.addItem(it)
        for it in self.smiths[len(marks):]:
            it.setVisible(False)
        for it, m in zip(self.smiths, marks, strict=False):
            a = lay.areas[f"row.{m.space}"]
            it.setPos(a.x + 6, a.y + (a.h - it.rect().height()) / 2)
            it.set_mark(m.number, m.deleted, m.next)
            it.setVisible(True)
        self.deletion.setVisible(bool(marks))
        if not marks:
            return
        at = next((m.space for m in marks if m.next), None)
        a = lay.areas[f"row.{marks[-1].space if at is None else at}"]
        x = a.x - 17 if at is not None else a.x + a.w + 3  # left of its Smith; past the last
        self.deletion.setPos(x, a.y + 6)
        self.deletion.setToolTip("The Deletion Program: " + (
            f"at Smith {marks[[m.space for m in marks].index(at)].number}" if at is not None
            else "it has passed every Smith"))

    def rsi_pos(self, seat: int, in_matrix: bool, in_matrix_players: list[dict],
                space: Any) -> tuple[float, float]:
        lay = self.layout
        assert lay is not None
        it = self.rsis[seat]
        if in_matrix:
            i = [p["seat"] for p in in_matrix_players].index(seat) if seat in [
                p["seat"] for p in in_matrix_players] else 0
            it.setScale(1.0)
            return space.x + 14 + i * 62, space.y + space.h - 70
        av = lay.areas[f"p{seat}.avatar"]  # beside the Avatar (layout.RSI_W), not over its text
        it.setScale(av.scale)
        return av.x + av.w + 3 * av.scale, av.y + av.h - 64 * av.scale

    def rsi_home(self, seat: int) -> QRectF:
        """Where a player's standee stands in the Real World: their Avatar and the space right of
        it (the standee stands beside the card, not over its text)."""
        av = self.areas[f"p{seat}.avatar"].area
        return QRectF(av.x, av.y, av.card_w + RSI_W * av.scale, av.card_h)

    def decision_prompt(self, view: View, dec: dict[str, Any]) -> str:
        """The engine's words: who decides, for which card, and what (``next_step``)."""
        return view.get("next_step") or f"{view['players'][dec['seat']]['name']}: {dec['prompt']}"
