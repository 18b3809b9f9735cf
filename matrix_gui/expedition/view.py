"""The Expedition table view: drag the Explorer to a slot, click an offered slot or an option,
zoom a chit. The drag-and-drop, click, zoom, keyboard-focus and context-menu plumbing is the shared
``gestureview.GestureView``; every gesture becomes one engine command of the seat to act."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QWidget

from matrix_gui.expedition import intents
from matrix_gui.expedition.intents import ExpeditionIndex
from matrix_gui.expedition.items import ChitItem, ExplorerItem
from matrix_gui.gestureview import Grip, PageController, PageView
from matrix_gui.items import TableItem


class ExpeditionView(PageView):
    """Shows an ExpeditionScene scaled to the window and turns gestures into commands."""

    ZOOM_MAX_HEIGHT = 420
    gestures = staticmethod(intents.gestures)
    intended = staticmethod(intents.intended)
    involved = staticmethod(intents.involved)
    describe = staticmethod(intents.describe)

    def __init__(self, ctl: PageController, parent: QWidget | None = None) -> None:
        super().__init__(ctl, "Expedition table",
                         "Drag your Explorer one slot up, down, left or right. Tab moves between the "
                         "slots you can act on, Enter does it, 1-9 answer a decision.", parent)
        self.ctl: PageController = ctl

    def index(self) -> ExpeditionIndex:
        assert self.table is not None and self.table.view is not None
        return ExpeditionIndex(self.table.view)

    def _click(self, item: TableItem) -> None:
        """A click answers a decision: an option, or an offered slot (or a chit lying in one)."""
        key = ("pile", item.pile) if isinstance(item, ChitItem) else item.key
        for c in self.commands_for(key):
            if any(s == key and t is None for s, t in self.gestures(c, self.index())):
                self.submit(c)
                return
        if isinstance(item, ExplorerItem):
            self.status("Drag your Explorer onto a lit slot next to it")

    def grip(self, item: TableItem) -> Grip | None:
        """Only an Explorer standee is dragged."""
        return (item, None) if isinstance(item, ExplorerItem) else None

    def card_face(self, key: Any) -> str | None:
        if self.table is None:
            return None
        it = self.table.item_for(key)
        return str(it.info["def"]) if isinstance(it, ChitItem) and it.face_up else None

    def peek_rects(self) -> list[QRectF]:
        """The other players' small Matrices (a click beside one, or V, enlarges it to the view)."""
        lay = self.table.layout if self.table is not None else None
        if lay is None:
            return []
        return [QRectF(b.x - 12, b.y - 30, b.w + 24, b.h + 76) for b in lay.boards.values() if not b.main]

    def face_pixmap(self, face: str, height_px: float) -> QPixmap:
        assert self.table is not None
        return self.table.faces.front(face, height_px)
