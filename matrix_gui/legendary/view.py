"""The Legendary table view: what the playmat's gestures mean (``intents``), what may be dragged
(cards, piles, RSI standees, the pool token), the glide back of a refused drop and the pile browser.

The drag-and-drop, click, zoom, keyboard-focus and context-menu plumbing is shared with the Matrix
Replay table (``gestureview.GestureView``). Every command goes through the operations layer.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QAction, QPixmap
from PySide6.QtWidgets import QGraphicsView, QMenu, QWidget

from engine.core.commands import Command
from engine.core.results import Rejection
from matrix_gui.gestureview import GestureView, Grip
from matrix_gui.items import CardItem, TableItem, face_side
from matrix_gui.legendary import intents
from matrix_gui.legendary.inspector import CardInspector
from matrix_gui.legendary.intents import Key, TableIndex
from matrix_gui.legendary.scene import TableScene
from matrix_gui.operations import Operations

DRAG_SUBJECTS = ("card", "pile", "rsi", "pool")


class TableView(GestureView):
    """Shows a TableScene scaled to the window and turns gestures into operations."""

    GENERAL_VERBS = ("end", "objective", "minor-victory")
    gestures = staticmethod(intents.gestures)
    intended = staticmethod(intents.intended)
    involved = staticmethod(intents.involved)
    describe = staticmethod(intents.describe)
    usual = staticmethod(intents.usual)

    def __init__(self, ops: Operations, busy: Callable[[], bool], status: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(busy, status, "Playmat",
                         "The game table. Tab moves between cards you can act on, Enter does the main "
                         "action, the menu key lists every action.", parent)
        self.table: TableScene = None  # type: ignore[assignment]  # set by set_table
        self.ops = ops
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self._snap: QVariantAnimation | None = None
        self.inspector = CardInspector(self)  # the zoomed card's full text beside the zoom
        # why input is held now (the hand-off curtain is up), or None: set by the page
        self.held: Callable[[], str | None] = lambda: None

    # --- what the engine allows -------------------------------------------------------------------------

    def index(self) -> TableIndex:
        assert self.table.view is not None
        phones = {sp.name.lower(): i for i, sp in enumerate(self.table.faces.db.playmat.row) if sp.phone}
        return TableIndex(self.table.view, phones)

    def legal(self) -> list[Command]:
        return [] if self.held() else self.ops.legal()

    def check(self, cmd: Command) -> Rejection | None:
        if (why := self.held()) is not None:
            return Rejection("GUI", why)
        return self.ops.check(cmd)

    def submit(self, cmd: Command) -> bool:
        if (why := self.held()) is not None:
            self.last_reason = why
            self.status(why)
            return False
        if self.busy():
            self.status("Wait for the cards to settle")
            return False
        res = self.ops.submit(cmd)
        if not res.accepted:
            self.last_reason = self.refusal(res)
            self.status(self.last_reason)
            return False
        self.last_reason = ""
        return True

    # --- mouse ------------------------------------------------------------------------------------------

    def _click(self, item: TableItem) -> None:
        """A click answers a decision when the item is one of its highlighted options."""
        for c in self.commands_for(item.key):
            if c.verb == "choose":
                self.submit(c)
                return

    def grip(self, item: TableItem) -> Grip | None:
        """Cards, piles, standees and the pool token; a stack or a space moves a card-back ghost."""
        key = item.key
        if key[0] not in DRAG_SUBJECTS:
            return None
        if not isinstance(item, CardItem) and key[0] == "pile":
            ghost = self.lift_card(key[1], item)  # a stack (the Hovercraft space): a card-back off its top
            return ghost, ghost
        return item, None

    def settle(self, d: dict[str, Any], done: bool) -> None:
        """A done drop keeps its item's place in the stack; any other glides back."""
        if done:
            if d["moving"].scene() is not None:
                d["moving"].setZValue(d["z"])
            return
        self._snap_back(d)

    def _snap_back(self, d: dict[str, Any]) -> None:
        moving: TableItem = d["moving"]
        if d["ghost"] is not None:
            return
        start, end = QPointF(moving.pos()), d["origin"]

        def done() -> None:
            moving.setPos(end)
            moving.setZValue(d["z"])

        if self.window().property("skip_animations"):
            done()
            return
        a = QVariantAnimation(self)
        a.setStartValue(0.0)
        a.setEndValue(1.0)
        a.setDuration(160)
        a.valueChanged.connect(lambda v: moving.setPos(start + (end - start) * float(v)))
        a.finished.connect(done)
        self._snap = a
        a.start()

    # --- zoom -------------------------------------------------------------------------------------------

    def hover_hint(self, it: TableItem | None) -> None:
        """An item with a tooltip (a standee) keeps the status bar for its tooltip."""
        if it is not None and it.toolTip() == "":
            super().hover_hint(it)

    def card_face(self, key: Key) -> tuple[str, str] | None:
        """(card definition, side) shown by an item, when it shows a face; ``("face", def_id)`` is
        a card shown by its definition alone (a card the Objective names)."""
        if not self.has_view():
            return None
        if key[0] == "face" and key[1] in self.table.faces.db.cards:
            return key[1], "front"
        v = self.table.view
        if key[0] == "card":
            c = self.index().cards.get(int(key[1]))
            if c is not None:
                return c["def"], face_side(c)
        if key[0] == "pile" and key[1] in self.table.areas:
            cards = v["piles"].get(key[1], {}).get("cards") or []
            if cards and "def" in cards[-1]:
                return cards[-1]["def"], face_side(cards[-1])
        return None

    def face_pixmap(self, face: tuple[str, str], height_px: float) -> QPixmap:
        return self.table.faces.front(face[0], height_px, face[1])

    # --- context menu and keyboard ---------------------------------------------------------------------

    def more_actions(self, menu: QMenu, key: Key) -> None:
        if key[0] == "pile" and self.browsable(key[1]):
            n = self.table.view["piles"][key[1]]["count"]
            b = QAction(f"Look through ({n} cards)", menu)
            b.triggered.connect(lambda _=False, p=key[1]: self.browse_pile(p))
            menu.addAction(b)

    def browsable(self, pile: str) -> bool:
        """Piles whose cards may be looked through: discards and defeated piles (LE-CLEANUP-05)."""
        p = self.table.view["piles"].get(pile) if self.has_view() else None
        return bool(p and p.get("cards") and p["count"] > 0 and any("id" in c for c in p["cards"]))

    def browse_pile(self, pile: str) -> None:
        from matrix_gui.dialogs import PileBrowser

        cards = [c for c in self.table.view["piles"][pile]["cards"] if "id" in c]
        dlg = PileBrowser(pile, cards, self.table.faces, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.browser = dlg

    def peek_rects(self) -> list[QRectF]:
        """The other players' areas (a click on their felt, or V, enlarges one to the whole view)."""
        lay = self.table.layout if self.table is not None else None
        return [] if lay is None else [QRectF(b.x, b.y, b.w, b.h) for b in lay.bands if b.tone == "player"]

    def nothing_to_focus(self) -> str:
        return "Nothing to act on: press E to end the Action Phase" if not self.busy() else ""
