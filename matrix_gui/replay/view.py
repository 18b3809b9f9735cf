"""The Matrix Replay table view: drag-and-drop, clicks, the keyboard, context menus and card zoom.

Every gesture becomes one engine command of the seat in front of the screen; what may be done is
always asked of the engine (the controller's ``legal()`` and ``check()``). A drop anywhere else snaps
back and shows the engine's reason.
"""
from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QMenu, QWidget

from engine.core.commands import Command
from engine.core.results import Rejection
from matrix_gui.items import CardItem, TableItem
from matrix_gui.layout import STACK
from matrix_gui.replay.intents import Key, ReplayIndex, describe, gestures, intended, involved, refusal
from matrix_gui.replay.scene import ReplayScene
from matrix_gui.view import ZoomLabel

DRAG_THRESHOLD = 4
BUTTON_KEYS = {Qt.Key.Key_D: "done", Qt.Key.Key_P: "pass"}


class Controller(Protocol):
    def legal(self) -> list[Command]: ...
    def check(self, cmd: Command) -> Rejection | None: ...
    def submit(self, cmd: Command) -> bool: ...
    def busy(self) -> bool: ...
    def status(self, text: str) -> None: ...
    def open_take(self) -> None: ...


class ReplayView(QGraphicsView):
    """Shows a ReplayScene scaled to the window and turns gestures into commands."""

    def __init__(self, ctl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = ctl
        self.table: ReplayScene | None = None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName("Matrix Replay table")
        self.setAccessibleDescription("Tab moves between the things you can act on, Enter does the main "
                                      "action, the menu key lists every action, D is Done, P is Pass.")
        self.zoom = ZoomLabel(self.viewport())
        self.zoom_on_hover = True
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(450)
        self._hover_timer.timeout.connect(self._hover_zoom)
        self._hover_key: Key | None = None
        self._press: QPoint | None = None
        self._press_item: TableItem | None = None
        self._drag: dict[str, Any] | None = None
        self.focus_key: Key | None = None
        self.last_reason = ""
        self._last_menu: QMenu | None = None

    def set_table(self, scene: ReplayScene) -> None:
        self.table = scene
        self.setScene(scene)
        self.focus_key = None
        self._drag = None
        self.zoom.hide()
        self.refit()

    def has_view(self) -> bool:
        return self.table is not None and self.table.view is not None

    def refit(self) -> None:
        if self.table is None or self.table.sceneRect().isEmpty():
            return
        self.fitInView(self.table.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.resetCachedContent()
        self.table.set_device_scale(self.transform().m11() * self.devicePixelRatioF())

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        self.refit()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Tab moves between items
        return False

    # --- what the engine allows -------------------------------------------------------------------

    def index(self) -> ReplayIndex:
        assert self.table is not None and self.table.view is not None
        return ReplayIndex(self.table.view)

    def commands_for(self, key: Key) -> list[Command]:
        if not self.has_view():
            return []
        ix = self.index()
        return [c for c in self.ctl.legal() if key in involved(c, ix)]

    def primary(self, key: Key) -> Command | None:
        """The main action of an item: the first legal command it is the subject of."""
        cmds = self.commands_for(key)
        if not cmds:
            return None
        ix = self.index()
        return next((c for c in cmds if involved(c, ix)[:1] == [key]), cmds[0])

    def submit(self, cmd: Command) -> bool:
        ok = self.ctl.submit(cmd)
        self.last_reason = "" if ok else getattr(self.ctl, "last_reason", "")
        return ok

    def keyed_at(self, pos: QPoint, exclude: TableItem | None = None) -> TableItem | None:
        for it in self.items(pos):
            cur = it
            while cur is not None and not isinstance(cur, TableItem):
                cur = cur.parentItem()
            if isinstance(cur, TableItem) and cur is not exclude and cur.key[0] != "ghost" \
                    and cur.isVisible():
                return cur
        return None

    # --- mouse ------------------------------------------------------------------------------------

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        self.zoom.hide()
        pos = e.position().toPoint()
        if e.button() == Qt.MouseButton.RightButton:
            self._context_at(pos)
            return
        if e.button() != Qt.MouseButton.LeftButton:
            return
        if self.ctl.busy():
            self.ctl.status("Wait for the cards to settle")
            return
        self._press = pos
        self._press_item = self.keyed_at(pos)

    def mouseMoveEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        pos = e.position().toPoint()
        if self._drag is not None:
            self._drag_to(pos)
            return
        if self._press is not None and self._press_item is not None:
            if (pos - self._press).manhattanLength() >= DRAG_THRESHOLD:
                self._begin_drag(self._press_item, self._press)
                if self._drag is not None:
                    self._drag_to(pos)
            return
        self._hover(pos)

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if e.button() != Qt.MouseButton.LeftButton:
            return
        if self._drag is not None:
            self._drop()
        elif self._press_item is not None and self._press is not None:
            self._click(self._press_item)
        self._press = None
        self._press_item = None

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if e.button() != Qt.MouseButton.LeftButton or self.ctl.busy():
            return
        it = self.keyed_at(e.position().toPoint())
        if it is not None:
            self.activate(it.key)

    def _click(self, item: TableItem) -> None:
        """A click presses a button, answers a decision, or opens the deck chooser."""
        key = item.key
        if key == ("button", "take"):
            self.ctl.open_take()
            return
        for c in self.commands_for(key):
            if any(s == key and t is None for s, t in gestures(c, self.index())):
                self.submit(c)
                return

    def activate(self, key: Key) -> bool:
        """Do the main action of an item (double-click, Enter)."""
        if key == ("button", "take"):
            self.ctl.open_take()
            return True
        cmd = self.primary(key)
        if cmd is None:
            self.ctl.status("Nothing to do with that right now")
            return False
        if cmd.verb in ("take", "recall"):
            self.ctl.open_take()
            return True
        return self.submit(cmd)

    # --- dragging ---------------------------------------------------------------------------------

    def _begin_drag(self, item: TableItem, press: QPoint) -> None:
        key = item.key
        if key[0] not in ("card", "pile") or not self.has_view() or item is self.table.contest:  # type: ignore[union-attr]
            self._press = None
            return
        ix = self.index()
        targets = {t for c in self.ctl.legal() for s, t in gestures(c, ix) if s == key and t is not None}
        moving = item
        ghost = None
        if not isinstance(item, CardItem):  # a stack: drag a card off its top
            area_item = self.table.areas.get(key[1]) if key[0] == "pile" else None  # type: ignore[union-attr]
            if area_item is None or area_item.area.style != STACK or not area_item.count:
                self._press = None
                return
            area = area_item.area
            ghost = CardItem(("ghost", -1), {"hidden": True}, key[1], area.scale, area.back)
            ghost.setPos(item.pos())
            self.table.addItem(ghost)  # type: ignore[union-attr]
            moving = ghost
        self._drag = {"item": item, "moving": moving, "ghost": ghost, "key": key, "targets": targets,
                      "origin": QPointF(moving.pos()), "z": moving.zValue(),
                      "grab": self.mapToScene(press) - moving.pos(), "hot": None}
        moving.setZValue(500)
        for t in targets:
            for it in self.table.items_for(t):  # type: ignore[union-attr]
                it.set_mark("target", True)
        self.ctl.status("Drop on a highlighted place" if targets
                        else "Nothing can be done with that right now")

    def _drag_to(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None
        d["moving"].setPos(self.mapToScene(pos) - d["grab"])
        hot = self._best_target()
        if hot is not d["hot"]:
            if d["hot"] is not None:
                d["hot"].set_mark("hot", False)
            if hot is not None:
                hot.set_mark("hot", True)
            d["hot"] = hot

    def _best_target(self) -> TableItem | None:
        d = self._drag
        assert d is not None and self.table is not None
        moving: TableItem = d["moving"]
        mine = moving.mapRectToScene(moving.body_rect())
        best, best_area = None, 0.0
        for t in d["targets"]:
            for it in self.table.items_for(t):
                if it is moving:
                    continue
                r = it.mapRectToScene(it.body_rect()).intersected(mine)
                if r.width() * r.height() > best_area:
                    best, best_area = it, r.width() * r.height()
        return best

    def _drop(self) -> None:
        d = self._drag
        assert d is not None and self.table is not None
        target = self._best_target()
        self._drag = None
        if target is None:
            centre = self.mapFromScene(d["moving"].mapRectToScene(d["moving"].body_rect()).center())
            target = self.keyed_at(centre, exclude=d["moving"])
        self.table.clear_marks("target", "hot")
        done, reason = False, ""
        if target is not None:
            ix = self.index()
            legal = set(self.ctl.legal())
            cmds = intended(d["key"], target.key, ix)
            chosen = next((c for c in cmds if c in legal), None)
            if chosen is not None:
                moving = d["moving"]
                self.table.drag_origin[d["key"]] = moving.mapRectToScene(moving.body_rect())
                done = self.submit(chosen)
                self.table.drag_origin.clear()
                reason = self.last_reason
            elif cmds:
                why = self.ctl.check(cmds[0])
                reason = refusal(why) if why is not None else "that cannot be done right now"
            else:
                reason = "That does not go there: drop it on a highlighted place"
        else:
            reason = "Drop it on a highlighted place"
        if d["ghost"] is not None and d["ghost"].scene() is not None:
            self.table.removeItem(d["ghost"])
        if done:
            return
        self.last_reason = reason
        self.ctl.status(reason)
        if d["ghost"] is None and d["moving"].scene() is not None:
            d["moving"].setPos(d["origin"])
            d["moving"].setZValue(d["z"])

    # --- zoom -------------------------------------------------------------------------------------

    def _hover(self, pos: QPoint) -> None:
        it = self.keyed_at(pos)
        key = it.key if it is not None else None
        if key != self._hover_key:
            self._hover_key = key
            self.zoom.hide()
            if key is not None and self.zoom_on_hover and self.card_face(key) is not None:
                self._hover_timer.start()
            else:
                self._hover_timer.stop()
            cmd = self.primary(key) if key is not None else None
            if cmd is not None:
                self.ctl.status(describe(cmd, self.index()))

    def _hover_zoom(self) -> None:
        if self._hover_key is not None and self._drag is None:
            self.show_zoom(self._hover_key)

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

    def show_zoom(self, key: Key) -> bool:
        face = self.card_face(key)
        if face is None or self.table is None:
            return False
        vp = self.viewport()
        h = max(280, min(vp.height() - 40, 560))
        pm = self.table.faces.front(face, h * self.devicePixelRatioF())
        pm.setDevicePixelRatio(self.devicePixelRatioF())
        self.zoom.setPixmap(pm)
        self.zoom.adjustSize()
        cursor = self.mapFromGlobal(self.cursor().pos())
        x = 16 if cursor.x() > vp.width() / 2 else vp.width() - self.zoom.width() - 16
        self.zoom.move(x, 16)
        self.zoom.key = key
        self.zoom.show()
        self.zoom.raise_()
        return True

    # --- context menu and keyboard ------------------------------------------------------------------

    def build_menu(self, key: Key | None) -> QMenu:
        """An item's legal actions, then Zoom; the step's general actions after a separator."""
        menu = QMenu(self)
        if not self.has_view():
            return menu
        ix = self.index()
        if key is not None:
            for c in self.commands_for(key):
                act = QAction(describe(c, ix), menu)
                act.triggered.connect(lambda _=False, c=c: self.submit(c))
                menu.addAction(act)
            if self.card_face(key) is not None:
                z = QAction("Zoom", menu)
                z.triggered.connect(lambda _=False, k=key: self.show_zoom(k))
                menu.addAction(z)
        general = [c for c in self.ctl.legal() if c.verb in ("done", "pass", "draw")]
        if general:
            menu.addSeparator()
            for c in general:
                act = QAction(describe(c, ix), menu)
                act.triggered.connect(lambda _=False, c=c: self.submit(c))
                menu.addAction(act)
        return menu

    def _context_at(self, pos: QPoint) -> None:
        it = self.keyed_at(pos)
        key = it.key if it is not None else None
        if key is not None:
            self.show_zoom(key)
        menu = self.build_menu(key)
        if not menu.isEmpty():
            menu.popup(self.viewport().mapToGlobal(pos))
        self._last_menu = menu

    def focus_order(self) -> list[Key]:
        """Items with something to do, top to bottom, left to right."""
        if not self.has_view() or self.table is None:
            return []
        ix = self.index()
        keys: list[Key] = []
        for c in self.ctl.legal():
            for k in involved(c, ix)[:1]:
                if k not in keys and self.table.item_for(k) is not None:
                    keys.append(k)

        def where(k: Key) -> tuple[float, float]:
            it = self.table.item_for(k)  # type: ignore[union-attr]
            assert it is not None
            p = it.scenePos()
            return (round(p.y() / 60), p.x())

        return sorted(keys, key=where)

    def move_focus(self, step: int) -> None:
        order = self.focus_order()
        if not order:
            self.ctl.status("Nothing to act on right now")
            return
        i = order.index(self.focus_key) if self.focus_key in order else (-1 if step > 0 else 0)
        self.set_focus_key(order[(i + step) % len(order)])

    def set_focus_key(self, key: Key | None) -> None:
        if self.table is None:
            return
        self.table.clear_marks("focus")
        self.focus_key = key
        if key is None:
            return
        for it in self.table.items_for(key):
            it.set_mark("focus", True)
        cmd = self.primary(key)
        if cmd is not None:
            self.ctl.status(f"{describe(cmd, self.index())} (Enter; menu key for more)")

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        k = e.key()
        if k == Qt.Key.Key_Escape:
            self.zoom.hide()
            return
        if self.ctl.busy():
            return
        if k in (Qt.Key.Key_Tab, Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.move_focus(1)
        elif k in (Qt.Key.Key_Backtab, Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.move_focus(-1)
        elif k in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.focus_key is not None:
                self.activate(self.focus_key)
        elif k == Qt.Key.Key_Menu or (k == Qt.Key.Key_F10
                                      and e.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self.open_focus_menu()
        elif k == Qt.Key.Key_Z and self.focus_key is not None:
            self.show_zoom(self.focus_key)
        elif k in BUTTON_KEYS:
            self.press_button(BUTTON_KEYS[k])
        elif Qt.Key.Key_1 <= k <= Qt.Key.Key_9:
            n = k - Qt.Key.Key_1
            cmd = next((c for c in self.ctl.legal() if c.verb == "choose" and c.args == (n,)), None)
            if cmd is not None:
                self.submit(cmd)
        else:
            super().keyPressEvent(e)

    def press_button(self, name: str) -> bool:
        """The command of a step button (D: Done, P: Pass), when it is legal."""
        cmd = next((c for c in self.ctl.legal() if c.verb == name), None)
        if cmd is None:
            self.ctl.status(f"'{name}' is not possible right now")
            return False
        return self.submit(cmd)

    def open_focus_menu(self) -> QMenu:
        key = self.focus_key
        menu = self.build_menu(key)
        pos = QPoint(20, 20)
        if key is not None and self.table is not None:
            it = self.table.item_for(key)
            if it is not None:
                pos = self.mapFromScene(it.mapRectToScene(it.body_rect()).center())
        menu.popup(self.viewport().mapToGlobal(pos))
        self._last_menu = menu
        return menu

    def item_center(self, key: Key) -> QPoint:
        """A viewport point where the item ``key`` is visible and on top (for tests and tools)."""
        assert self.table is not None
        it = self.table.item_for(key)
        assert it is not None, key
        r: QRectF = it.mapRectToScene(it.body_rect())
        points = [r.center()] + [QPointF(r.left() + r.width() * (i + 0.5) / 6,
                                         r.top() + r.height() * (j + 0.5) / 6)
                                 for j in (2, 3, 1, 4, 0, 5) for i in range(6)]
        for sp in points:
            vp = self.mapFromScene(sp)
            top = self.keyed_at(vp)
            if top is not None and top.key == key:
                return vp
        return self.mapFromScene(r.center())
