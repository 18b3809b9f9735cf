"""The Matrix Replay table view: what its gestures mean (``replay.intents``), the step buttons and
their D/P keys, the deck chooser, and which cards and stacks may be dragged.

The drag-and-drop, click, zoom, keyboard-focus and context-menu plumbing is shared with the
Legendary table (``gestureview.GestureView``). Every gesture becomes one engine command of the seat
in front of the screen; what may be done is always asked of the engine (the controller's
``legal()`` and ``check()``).
"""
from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QWidget

from matrix_gui.gestureview import Grip, PageController, PageView
from matrix_gui.items import CardItem, TableItem
from matrix_gui.layout import STACK
from matrix_gui.replay import intents
from matrix_gui.replay.intents import Key, ReplayIndex
from matrix_gui.replay.scene import ReplayScene

BUTTON_KEYS = {Qt.Key.Key_D: "done", Qt.Key.Key_P: "pass"}
TAKE = ("button", "take")  # opens the deck chooser instead of sending a command


class Controller(PageController, Protocol):
    def open_take(self) -> None: ...


class ReplayView(PageView):
    """Shows a ReplayScene scaled to the window and turns gestures into commands."""

    GENERAL_VERBS = ("done", "pass", "draw")
    ZOOM_MAX_HEIGHT = 560
    gestures = staticmethod(intents.gestures)
    intended = staticmethod(intents.intended)
    involved = staticmethod(intents.involved)
    describe = staticmethod(intents.describe)
    refusal = staticmethod(intents.refusal)  # type: ignore[assignment]

    def __init__(self, ctl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(ctl, "Matrix Replay table",
                         "Tab moves between the things you can act on, Enter does the main "
                         "action, the menu key lists every action, D is Done, P is Pass.", parent)
        self.ctl: Controller = ctl
        self.table: ReplayScene | None = None

    # --- what the engine allows -------------------------------------------------------------------

    def index(self) -> ReplayIndex:
        assert self.table is not None and self.table.view is not None
        return ReplayIndex(self.table.view)

    # --- mouse ------------------------------------------------------------------------------------

    def _click(self, item: TableItem) -> None:
        """A click presses a button, answers a decision, or opens the deck chooser."""
        key = item.key
        if key == TAKE:
            self.ctl.open_take()
            return
        for c in self.commands_for(key):
            if any(s == key and t is None for s, t in self.gestures(c, self.index())):
                self.submit(c)
                return

    def activate(self, key: Key) -> bool:
        """Do the main action of an item (double-click, Enter); taking a card opens the chooser."""
        cmd = None if key == TAKE else self.primary(key)
        if key == TAKE or (cmd is not None and cmd.verb in ("take", "recall")):
            self.ctl.open_take()
            return True
        return super().activate(key)

    def grip(self, item: TableItem) -> Grip | None:
        """Cards and piles (not the contest panel); a stack with cards gives a card off its top."""
        key = item.key
        assert self.table is not None
        if key[0] not in ("card", "pile") or item is self.table.contest:
            return None
        if isinstance(item, CardItem):
            return item, None
        area_item = self.table.areas.get(key[1]) if key[0] == "pile" else None
        if area_item is None or area_item.area.style != STACK or not area_item.count:
            return None
        ghost = self.lift_card(key[1], item)
        return ghost, ghost

    def drop_point(self, d: dict[str, Any], pos: QPoint) -> QPoint:
        """Where the dragged card's centre is."""
        return self.mapFromScene(d["moving"].mapRectToScene(d["moving"].body_rect()).center())

    # --- zoom -------------------------------------------------------------------------------------

    def card_face(self, key: Key) -> str | None:
        """The definition id of the card an item shows face up."""
        if self.table is None:
            return None
        it = self.table.item_for(key)
        if isinstance(it, CardItem) and it.face_up:
            return str(it.info["def"])
        top = getattr(it, "top", None)
        if top and "def" in top and getattr(it, "count", 0):
            return str(top["def"])
        return None

    def face_pixmap(self, face: str, height_px: float) -> QPixmap:
        assert self.table is not None
        return self.table.faces.front(face, height_px)

    # --- keyboard ---------------------------------------------------------------------------------

    def table_key(self, k: int) -> bool:
        if k in BUTTON_KEYS:
            self.press_button(BUTTON_KEYS[k])
            return True
        return False

    def press_button(self, name: str) -> bool:
        """The command of a step button (D: Done, P: Pass), when it is legal."""
        cmd = next((c for c in self.ctl.legal() if c.verb == name), None)
        if cmd is None:
            self.ctl.status(f"'{name}' is not possible right now")
            return False
        return self.submit(cmd)
