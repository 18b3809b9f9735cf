"""The table scene: items laid out like the playmat, drawn from the engine's per-seat view.

The scene never changes the game. It draws a view (``set_view``), exposes its items by key for the
view's drag-and-drop and the animation queue, and marks legal targets and decision options.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene

from matrix_gui.faces import FaceProvider
from matrix_gui.items import (
    AreaItem,
    BandsItem,
    CardItem,
    DecisionItem,
    OptionItem,
    PhoneItem,
    PoolItem,
    RsiItem,
    TableItem,
    TimeTrackItem,
    paint_bands,
    paint_slot,
)
from matrix_gui.layout import (
    SPACE,
    SPREAD,
    STACK,
    TOKEN,
    TRACK,
    RowSpaceInfo,
    TableLayout,
    compute,
    spread_positions,
)

Key = tuple[str, Any]
View = dict[str, Any]
# Piles the table does not show (the box and cards set aside by setup).
UNSHOWN = ("box", "extras", "out_of_play", "removed", ".scars", ".hidden")


def ident(pile: str, index: int, card: dict[str, Any]) -> tuple:
    """A stable identity for a card item: its id when visible, else its pile and position."""
    return ("card", card["id"]) if "id" in card else ("hidden", pile, index)


class TableScene(QGraphicsScene):
    """The playmat. ``device_scale`` (device pixels per scene unit) sizes the card pixmaps."""

    def __init__(self, faces: FaceProvider) -> None:
        super().__init__()
        self.faces = faces
        mat = faces.db.playmat
        self.row_info = [RowSpaceInfo(r.name, r.scan_cost, r.phone) for r in mat.row]
        self.combat_phone_cost = mat.combat_phone_cost
        self.start_time = mat.start_time
        self.device_scale = 1.0
        self.setBackgroundBrush(QColor("#050a07"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.bands = BandsItem()  # kept for its geometry; drawn by drawBackground
        self.areas: dict[str, AreaItem] = {}
        self.cards: dict[tuple, CardItem] = {}
        self.rsis: dict[int, RsiItem] = {}
        self.phones: dict[str, PhoneItem] = {}
        self.pool: PoolItem | None = None
        self.time_item: TimeTrackItem | None = None
        self.decision = DecisionItem()
        self.decision.setVisible(False)
        self.addItem(self.decision)
        self._decision_sig: tuple | None = None
        self.view: View | None = None
        self.display: dict[str, list[dict[str, Any]]] = {}
        self.layout: TableLayout | None = None
        self._layout_sig: tuple | None = None
        self.hidden_idents: set[tuple] = set()  # cards in flight: drawn by the animation instead
        self.drag_origin: dict[Key, QRectF] = {}  # where a dropped card was let go (its flight starts there)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        """The felt, the bands and every slot's outline and label: static, cached by the view."""
        p.fillRect(rect, QColor("#050a07"))
        if self.layout is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_bands(p, self.layout.bands)
        for a in self.layout.areas.values():
            paint_slot(p, a)

    # --- keys -----------------------------------------------------------------------------------------

    def keyed_items(self) -> Iterable[TableItem]:
        yield from self.areas.values()
        yield from self.cards.values()
        yield from self.rsis.values()
        yield from self.phones.values()
        if self.pool is not None:
            yield self.pool
        if self.time_item is not None:
            yield self.time_item
        if self.decision.isVisible():
            yield from self.decision.options

    def items_for(self, key: Key) -> list[TableItem]:
        return [it for it in self.keyed_items() if it.key == key and it.isVisible()]

    def item_for(self, key: Key) -> TableItem | None:
        """The topmost visible item with ``key`` (a card over its area)."""
        found = self.items_for(key)
        return max(found, key=lambda it: it.zValue()) if found else None

    def clear_marks(self, *marks: str) -> None:
        for it in self.keyed_items():
            for m in marks:
                it.set_mark(m, False)

    # --- drawing a view ---------------------------------------------------------------------------------

    def set_device_scale(self, s: float) -> None:
        if abs(s - self.device_scale) > 1e-3:
            self.device_scale = s
            for it in self.keyed_items():
                it.update()

    def set_view(self, view: View) -> None:
        """Draw ``view`` (an ``observe()`` result) exactly."""
        self.view = view
        self.display = {name: list(p.get("cards", [{"hidden": True}] * p["count"]))
                        for name, p in view["piles"].items()}
        self.hidden_idents.clear()
        self._ensure_layout(view)
        for name in self.areas:
            self.layout_pile(name)
        self.sync_tokens(view)

    def _ensure_layout(self, view: View) -> None:
        names = [p["name"] for p in view["players"]]
        sig = (len(names), view["active"], tuple(names))
        if sig == self._layout_sig and self.layout is not None:
            return
        self._layout_sig = sig
        lay = compute(len(names), view["active"], self.row_info, self.combat_phone_cost, names)
        self.layout = lay
        self.bands.set_bands(lay.bands)
        self.invalidate(QRectF(), QGraphicsScene.SceneLayer.BackgroundLayer)
        for key, area in lay.areas.items():
            if area.style in (TOKEN, TRACK):
                continue
            it = self.areas.get(key)
            if it is None:
                it = AreaItem(area)
                self.areas[key] = it
                self.addItem(it)
            else:
                it.set_area(area)
        for key in [k for k in self.areas if k not in lay.areas]:
            self.removeItem(self.areas.pop(key))
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

    def pile_cards(self, name: str) -> list[dict[str, Any]]:
        return self.display.get(name, [])

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
        pos = spread_positions(area, len(cards))
        for slot, i in enumerate(self.order(name)):
            c = cards[i]
            idt = ident(name, i, c)
            wanted.add(idt)
            key: Key = ("card", c["id"]) if "id" in c else ("pile", name)
            ci = self.cards.get(idt)
            if ci is None:
                ci = CardItem(key, c, name, area.scale, area.back)
                self.cards[idt] = ci
                self.addItem(ci)
            else:
                ci.key = key
                ci.set_card(c, name, area.scale, area.back)
            x, y = pos[slot]
            ci.setPos(x, y)
            ci.setZValue(10 + slot)
            ci.setVisible(idt not in self.hidden_idents)
        for idt in [k for k, ci in self.cards.items() if ci.pile == name and k not in wanted]:
            self.removeItem(self.cards.pop(idt))

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
        self.sync_decision(view)

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
        av = lay.areas[f"p{seat}.avatar"]
        it.setScale(av.scale)
        return av.x + av.w / 2 - 23 * av.scale, av.y + av.h - 66 * av.scale

    def sync_decision(self, view: View) -> None:
        dec = view.get("decision")
        sig = None if not dec else (dec["prompt"], tuple(dec["options"]), dec["seat"])
        if sig == self._decision_sig:
            return
        self._decision_sig = sig
        if not dec:
            self.decision.set_decision("", [], 0, 0)
            self.decision.setVisible(False)
            return
        who = view["players"][dec["seat"]]["name"]
        self.decision.set_decision(f"{who}: {dec['prompt']}", list(dec["options"]), 664, 90)
        self.decision.setVisible(True)

    def option_items(self) -> list[OptionItem]:
        return list(self.decision.options) if self.decision.isVisible() else []
