"""The table view: real drag-and-drop on the scene, clicks, keyboard play, context menus and zoom.

A drag starts after 4 px. While dragging, the targets the engine reports legal for the dragged
thing light up. On release the drop goes to the legal target with the largest overlap and becomes
one engine command through the operations layer; anything else snaps back and shows the engine's
reason. Every action is also reachable from the keyboard and from the context menu.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QLabel, QMenu, QWidget

from engine.core.commands import Command
from matrix_gui.intents import Key, TableIndex, describe, gestures, intended, involved
from matrix_gui.items import CardItem, TableItem, face_side
from matrix_gui.operations import Operations
from matrix_gui.scene import TableScene

DRAG_THRESHOLD = 4
DRAG_SUBJECTS = ("card", "pile", "rsi", "pool")


class ZoomLabel(QLabel):
    """A card at full readable size over a corner of the table."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("background: rgba(0,0,0,200); border: 2px solid #39ff7a; border-radius: 10px;"
                           "padding: 6px;")
        self.hide()
        self.key: Key | None = None


class TableView(QGraphicsView):
    """Shows a TableScene scaled to the window and turns gestures into operations."""

    def __init__(self, ops: Operations, busy: Callable[[], bool], status: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table: TableScene = None  # type: ignore[assignment]  # set by set_table
        self.ops = ops
        self.busy = busy
        self.status = status
        # no SmoothPixmapTransform: card pictures are pre-scaled to the exact device size and blitted
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName("Playmat")
        self.setAccessibleDescription("The game table. Tab moves between cards you can act on, Enter does "
                                      "the main action, the menu key lists every action.")
        self.zoom = ZoomLabel(self.viewport())
        self.zoom_on_hover = True
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(450)
        self._hover_timer.timeout.connect(self._hover_zoom)
        self._hover_key: Key | None = None
        # drag state
        self._press: QPoint | None = None
        self._press_item: TableItem | None = None
        self._drag: dict[str, Any] | None = None
        self._snap: QVariantAnimation | None = None
        self.focus_key: Key | None = None
        self.last_reason = ""

    def set_table(self, scene: TableScene) -> None:
        """Show a new game's table."""
        self.table = scene
        self.setScene(scene)
        self.focus_key = None
        self._drag = None
        self._press = None
        self.zoom.hide()
        self.refit()

    def has_view(self) -> bool:
        return self.table is not None and self.table.view is not None

    # --- geometry -----------------------------------------------------------------------------------

    def refit(self) -> None:
        if self.table is None:
            return
        r = self.table.sceneRect()
        if r.isEmpty():
            return
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        self.resetCachedContent()
        self.table.set_device_scale(self.transform().m11() * self.devicePixelRatioF())

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        self.refit()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Tab moves between cards
        return False

    # --- what the engine allows -------------------------------------------------------------------------

    def index(self) -> TableIndex:
        assert self.table.view is not None
        phones = {sp.name.lower(): i for i, sp in enumerate(self.table.faces.db.playmat.row) if sp.phone}
        return TableIndex(self.table.view, phones)

    def legal(self) -> list[Command]:
        return self.ops.legal()

    def commands_for(self, key: Key) -> list[Command]:
        """Legal commands that concern the item ``key`` (subject first)."""
        if not self.has_view():
            return []
        ix = self.index()
        return [c for c in self.legal() if key in involved(c, ix)]

    def primary(self, key: Key) -> Command | None:
        """The main action of an item: the first legal command it is the subject of."""
        if not self.has_view():
            return None
        ix = self.index()
        for c in self.legal():
            inv = involved(c, ix)
            if inv and inv[0] == key:
                return c
        cmds = self.commands_for(key)
        return cmds[0] if cmds else None

    def submit(self, cmd: Command) -> bool:
        if self.busy():
            self.status("Wait for the cards to settle")
            return False
        res = self.ops.submit(cmd)
        if not res.accepted:
            self.last_reason = res.reason
            self.status(res.reason)
            return False
        self.last_reason = ""
        return True

    # --- item lookup --------------------------------------------------------------------------------------

    def keyed_at(self, pos: QPoint, exclude: TableItem | None = None) -> TableItem | None:
        if self.table is None:
            return None
        for it in self.items(pos):
            cur = it
            while cur is not None and not isinstance(cur, TableItem):
                cur = cur.parentItem()
            if isinstance(cur, TableItem) and cur is not exclude and cur.key[0] != "ghost" \
                    and cur.isVisible():
                return cur
        return None

    # --- mouse ------------------------------------------------------------------------------------------

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        self.zoom.hide()
        if e.button() == Qt.MouseButton.RightButton:
            self._context_at(e.position().toPoint())
            return
        if e.button() != Qt.MouseButton.LeftButton:
            return
        if self.busy():
            self.status("Wait for the cards to settle")
            return
        self._press = e.position().toPoint()
        self._press_item = self.keyed_at(self._press)

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
        pos = e.position().toPoint()
        if self._drag is not None:
            self._drop(pos)
        elif self._press_item is not None and self._press is not None:
            self._click(self._press_item)
        self._press = None
        self._press_item = None

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if e.button() != Qt.MouseButton.LeftButton or self.busy():
            return
        it = self.keyed_at(e.position().toPoint())
        if it is not None:
            self.activate(it.key)

    def _click(self, item: TableItem) -> None:
        """A click answers a decision when the item is one of its highlighted options."""
        for c in self.commands_for(item.key):
            if c.verb == "choose":
                self.submit(c)
                return

    def activate(self, key: Key) -> bool:
        """Do the main action of an item (double-click, Enter)."""
        cmd = self.primary(key)
        if cmd is None:
            self.status("Nothing to do with that right now")
            return False
        return self.submit(cmd)

    # --- dragging -----------------------------------------------------------------------------------------

    def _begin_drag(self, item: TableItem, press: QPoint) -> None:
        key = item.key
        if key[0] not in DRAG_SUBJECTS or not self.has_view():
            self._press = None
            return
        ix = self.index()
        targets: set[Key] = set()
        for c in self.legal():
            for s, t in gestures(c, ix):
                if s == key and t is not None:
                    targets.add(t)
        ghost = None
        moving: TableItem = item
        if not isinstance(item, CardItem) and key[0] == "pile":
            # a stack (the Hovercraft space): drag a card-back off its top
            area = self.table.areas[key[1]].area
            ghost = CardItem(("ghost", -1), {"hidden": True}, key[1], area.scale, area.back)
            ghost.setPos(item.pos())
            self.table.addItem(ghost)
            moving = ghost
        self._drag = {"item": item, "moving": moving, "ghost": ghost, "key": key, "targets": targets,
                      "origin": QPointF(moving.pos()), "z": moving.zValue(),
                      "grab": self.mapToScene(press) - moving.pos(), "hot": None}
        moving.setZValue(500)
        for t in targets:
            for it in self.table.items_for(t):
                it.set_mark("target", True)
        if targets:
            self.status("Drop on a highlighted place")
        else:
            self.status("Nothing can be done with that right now")

    def _drag_to(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None
        d["moving"].setPos(self.mapToScene(pos) - d["grab"])
        hot = self._best_target(pos)
        if hot is not d["hot"]:
            if d["hot"] is not None:
                d["hot"].set_mark("hot", False)
            if hot is not None:
                hot.set_mark("hot", True)
            d["hot"] = hot

    def _best_target(self, pos: QPoint) -> TableItem | None:
        """The legal target with the largest overlap with the dragged item (or under the cursor)."""
        d = self._drag
        assert d is not None
        moving: TableItem = d["moving"]
        mine = moving.mapRectToScene(moving.body_rect())
        best, best_area = None, 0.0
        for t in d["targets"]:
            for it in self.table.items_for(t):
                if it is moving:
                    continue
                r = it.mapRectToScene(it.body_rect()).intersected(mine)
                a = r.width() * r.height()
                if a > best_area:
                    best, best_area = it, a
        return best

    def _drop(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None
        self._drag = None
        target = self._best_target_from(d, pos)
        self.table.clear_marks("target", "hot")
        ix = self.index()
        legal = set(self.legal())
        done = False
        reason = ""
        if target is not None:
            cmds = intended(d["key"], target.key, ix)
            chosen = next((c for c in cmds if c in legal), None)
            if chosen is not None:
                moving = d["moving"]
                self.table.drag_origin[d["key"]] = moving.mapRectToScene(moving.body_rect())
                done = self.submit(chosen)
                self.table.drag_origin.clear()
                reason = self.last_reason
            elif cmds:
                why = self.ops.check(cmds[0])
                reason = why.reason if why is not None else "that cannot be done right now"
            else:
                reason = "That does not go there: drop it on a highlighted place"
        else:
            reason = "Drop it on a highlighted place"
        if d["ghost"] is not None and d["ghost"].scene() is not None:
            self.table.removeItem(d["ghost"])
        if done:
            if d["moving"].scene() is not None:
                d["moving"].setZValue(d["z"])
            return
        self.last_reason = reason
        self.status(reason)
        self._snap_back(d)

    def _best_target_from(self, d: dict[str, Any], pos: QPoint) -> TableItem | None:
        self._drag = d
        try:
            best = self._best_target(pos)
        finally:
            self._drag = None
        if best is not None:
            return best
        return self.keyed_at(pos, exclude=d["moving"])

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

    def _hover(self, pos: QPoint) -> None:
        it = self.keyed_at(pos)
        key = it.key if it is not None else None
        if key != self._hover_key:
            self._hover_key = key
            self.zoom.hide()
            if key is not None and self.zoom_on_hover and self.zoomable(key):
                self._hover_timer.start()
            else:
                self._hover_timer.stop()
            if it is not None and it.toolTip() == "":
                cmd = self.primary(key)
                if cmd is not None:
                    self.status(describe(cmd, self.index()))

    def _hover_zoom(self) -> None:
        if self._hover_key is not None and self._drag is None:
            self.show_zoom(self._hover_key)

    def zoomable(self, key: Key) -> bool:
        return self.card_face(key) is not None

    def card_face(self, key: Key) -> tuple[str, str] | None:
        """(card definition, side) shown by an item, when it shows a face."""
        if not self.has_view():
            return None
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

    def show_zoom(self, key: Key) -> bool:
        face = self.card_face(key)
        if face is None:
            return False
        vp = self.viewport()
        h = max(280, min(vp.height() - 40, 620))
        pm: QPixmap = self.table.faces.front(face[0], h * self.devicePixelRatioF(), face[1])
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

    # --- context menu and keyboard ---------------------------------------------------------------------

    def build_menu(self, key: Key | None) -> QMenu:
        """The context menu of an item: its legal actions, then Zoom; the general actions after."""
        menu = QMenu(self)
        ix = self.index() if self.has_view() else None
        if key is not None and ix is not None:
            for c in self.commands_for(key):
                act = QAction(describe(c, ix), menu)
                act.triggered.connect(lambda _=False, c=c: self.submit(c))
                menu.addAction(act)
            if self.zoomable(key):
                z = QAction("Zoom", menu)
                z.triggered.connect(lambda _=False, k=key: self.show_zoom(k))
                menu.addAction(z)
            if key[0] == "pile" and self.browsable(key[1]):
                n = self.table.view["piles"][key[1]]["count"]
                b = QAction(f"Look through ({n} cards)", menu)
                b.triggered.connect(lambda _=False, p=key[1]: self.browse_pile(p))
                menu.addAction(b)
        if ix is not None:
            general = [c for c in self.legal() if c.verb in ("end", "objective", "minor-victory")]
            if general:
                menu.addSeparator()
                for c in general:
                    act = QAction(describe(c, ix), menu)
                    act.triggered.connect(lambda _=False, c=c: self.submit(c))
                    menu.addAction(act)
        return menu

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
        if not self.has_view():
            return []
        ix = self.index()
        keys: list[Key] = []
        for c in self.legal():
            for k in involved(c, ix)[:1]:
                if k not in keys and self.table.item_for(k) is not None:
                    keys.append(k)

        def where(k: Key) -> tuple[float, float]:
            it = self.table.item_for(k)
            assert it is not None
            p = it.scenePos()
            return (round(p.y() / 60), p.x())

        return sorted(keys, key=where)

    def move_focus(self, step: int) -> None:
        order = self.focus_order()
        if not order:
            self.status("Nothing to act on: press E to end the Action Phase" if not self.busy() else "")
            return
        i = order.index(self.focus_key) if self.focus_key in order else (-1 if step > 0 else 0)
        self.set_focus_key(order[(i + step) % len(order)])

    def set_focus_key(self, key: Key | None) -> None:
        self.table.clear_marks("focus")
        self.focus_key = key
        if key is None:
            return
        for it in self.table.items_for(key):
            it.set_mark("focus", True)
        cmd = self.primary(key)
        if cmd is not None:
            self.status(f"{describe(cmd, self.index())} (Enter; menu key for more)")

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        k = e.key()
        if k == Qt.Key.Key_Escape:
            self.zoom.hide()
            return
        if self.busy():
            return
        if k in (Qt.Key.Key_Tab, Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.move_focus(1)
        elif k in (Qt.Key.Key_Backtab, Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.move_focus(-1)
        elif k in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.focus_key is not None:
                self.activate(self.focus_key)
        elif k == Qt.Key.Key_Menu or (k == Qt.Key.Key_F10 and
                                      e.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self.open_focus_menu()
        elif k == Qt.Key.Key_Z and self.focus_key is not None:
            self.show_zoom(self.focus_key)
        elif Qt.Key.Key_1 <= k <= Qt.Key.Key_9:
            n = k - Qt.Key.Key_1
            cmd = Command("choose", (n,))
            if cmd in set(self.legal()):
                self.submit(cmd)
        else:
            super().keyPressEvent(e)

    def open_focus_menu(self) -> QMenu:
        key = self.focus_key
        menu = self.build_menu(key)
        pos = QPoint(20, 20)
        if key is not None:
            it = self.table.item_for(key)
            if it is not None:
                pos = self.mapFromScene(it.mapRectToScene(it.body_rect()).center())
        menu.popup(self.viewport().mapToGlobal(pos))
        self._last_menu = menu
        return menu

    def item_center(self, key: Key) -> QPoint:
        """A viewport point where the item ``key`` is visible and on top: its centre when that is not
        covered (by the next card of a crowded hand, a standee...), else the nearest uncovered point."""
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
