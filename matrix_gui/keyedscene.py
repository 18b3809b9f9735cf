"""What both tables' scenes share: items found by key, marks, the device scale, the felt, the areas
of a layout, spread piles as one card item per card, and the decision banner.

A ``KeyedScene`` never changes the game; it draws a view. Each table's scene says which items it
keys (``keyed_items``), what its cached background shows (``paint_background``) and how a pending
decision reads (``pending_decision``, ``decision_prompt``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene

from matrix_gui.items import AreaItem, CardItem, DecisionItem, OptionItem, TableItem
from matrix_gui.layout import Area, fitted, spread_positions

Key = tuple[str, Any]
View = dict[str, Any]
FELT = "#050a07"


def ident(pile: str, index: int, card: dict[str, Any]) -> tuple:
    """A stable identity for a card item: its id when visible, else its pile and position."""
    return ("card", card["id"]) if "id" in card else ("hidden", pile, index)


def display_of(view: View) -> dict[str, list[dict[str, Any]]]:
    """Each pile's cards as the table shows them (a pile of hidden cards: that many backs)."""
    return {name: list(p.get("cards", [{"hidden": True}] * p["count"])) for name, p in view["piles"].items()}


class KeyedScene(QGraphicsScene):
    """A table scene. ``device_scale`` (device pixels per scene unit) sizes the card pixmaps."""

    card_class: type[CardItem] = CardItem  # the item of a card laid out in a spread
    DECISION_AT = (664, 90)  # centre x and top of the decision banner

    def __init__(self, faces: Any) -> None:
        super().__init__()
        self.faces = faces
        self.device_scale = 1.0
        self.setBackgroundBrush(QColor(FELT))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.layout: Any = None
        self.areas: dict[str, AreaItem] = {}
        self.cards: dict[tuple, CardItem] = {}
        self.view: View | None = None
        self.display: dict[str, list[dict[str, Any]]] = {}
        self.hidden_idents: set[tuple] = set()  # cards in flight: drawn by the animation instead
        self.drag_origin: dict[Key, QRectF] = {}  # where a dropped card was let go (its flight starts there)
        self.decision = DecisionItem()
        self.decision.setVisible(False)
        self.addItem(self.decision)
        self._decision_sig: tuple | None = None

    # --- background ---------------------------------------------------------------------------------

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        """The felt, then the table's static bands and slots: cached by the view."""
        p.fillRect(rect, QColor(FELT))
        if self.layout is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)

    def paint_background(self, p: QPainter) -> None:
        """The bands and every slot's outline and label (the layout is set)."""

    def background_changed(self) -> None:
        """Have the views draw the background again. (A null rect does not clear a view's background
        cache: the labels would stay stale until a resize. The whole scene rect does.)"""
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    # --- keys ---------------------------------------------------------------------------------------

    def keyed_items(self) -> Iterable[TableItem]:
        """Every item with a key: areas, cards, the table's tokens, the decision's options (shown)."""
        yield from self.areas.values()
        yield from self.cards.values()
        yield from self.token_items()
        if self.decision.isVisible():
            yield from self.decision.options

    def token_items(self) -> Iterable[TableItem]:
        """The table's other keyed items (standees, counters, buttons...)."""
        return ()

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

    def option_items(self) -> list[OptionItem]:
        return list(self.decision.options) if self.decision.isVisible() else []

    def set_aspect(self, aspect: float) -> None:
        """The shape (width / height) of the view that shows the table: a table that lays itself out
        to fill it does so (by default a table keeps its one layout)."""

    def set_device_scale(self, s: float) -> None:
        if abs(s - self.device_scale) > 1e-3:
            self.device_scale = s
            for it in self.keyed_items():
                it.update()

    # --- laying out -------------------------------------------------------------------------------------

    def sync_areas(self, areas: dict[str, Area]) -> None:
        """One AreaItem per area of a new layout (kept and moved when it already exists)."""
        for key, area in areas.items():
            it = self.areas.get(key)
            if it is None:
                it = AreaItem(area)
                self.areas[key] = it
                self.addItem(it)
            else:
                it.set_area(area)
        for key in [k for k in self.areas if k not in areas]:
            self.removeItem(self.areas.pop(key))

    def pile_cards(self, name: str) -> list[dict[str, Any]]:
        return self.display.get(name, [])

    def lay_spread(self, name: str, area: Area, indices: list[int], wanted: set[tuple]) -> None:
        """Cards ``indices`` of pile ``name`` side by side in ``area``, left to right, one item each;
        their identities are added to ``wanted``."""
        cards = self.pile_cards(name)
        area = fitted(area, len(indices))
        pos = spread_positions(area, len(indices))
        for slot, i in enumerate(indices):
            c = cards[i]
            idt = ident(name, i, c)
            wanted.add(idt)
            key: Key = ("card", c["id"]) if "id" in c else ("pile", name)
            ci = self.cards.get(idt)
            if ci is None:
                ci = self.card_class(key, c, name, area.scale, area.back)
                self.cards[idt] = ci
                self.addItem(ci)
            else:
                ci.key = key
                ci.set_card(c, name, area.scale, area.back)
            x, y = pos[slot]
            ci.setPos(x, y)
            ci.setZValue(10 + slot)
            ci.setVisible(idt not in self.hidden_idents)

    def drop_cards_but(self, name: str, wanted: set[tuple]) -> None:
        """Remove the card items of pile ``name`` that are not in ``wanted``."""
        for idt in [k for k, ci in self.cards.items() if ci.pile == name and k not in wanted]:
            self.removeItem(self.cards.pop(idt))

    # --- the decision banner ------------------------------------------------------------------------

    def pending_decision(self, view: View) -> dict[str, Any] | None:
        """The decision the banner shows (None: no banner)."""
        return view.get("decision") or None

    def decision_prompt(self, view: View, dec: dict[str, Any]) -> str:
        """The banner's title: who decides and what."""
        return str(dec["prompt"])

    def decision_options(self, dec: dict[str, Any]) -> list[str]:
        """The options the banner shows as plates to click (all of them by default)."""
        return list(dec["options"])

    def place_decision(self) -> None:
        """Size or move the banner after it is filled in (a table's own placement)."""

    def sync_decision(self, view: View) -> None:
        dec = self.pending_decision(view)
        sig = None if not dec else (dec["prompt"], tuple(self.decision_options(dec)), dec["seat"])
        if sig == self._decision_sig:
            return
        self._decision_sig = sig
        if not dec:
            self.decision.set_decision("", [], 0, 0)
            self.decision.setVisible(False)
            return
        prompt = self.decision_prompt(view, dec)
        self.decision.set_decision(prompt, self.decision_options(dec), *self.DECISION_AT)
        self.place_decision()
        self.decision.setVisible(True)
