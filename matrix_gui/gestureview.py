"""The view both tables share: the scene fitted to the window, drag-and-drop, clicks, hover and
keyboard zoom, keyboard focus and context menus, each gesture turned into one engine command.

A drag starts after ``DRAG_THRESHOLD`` px. While dragging, the targets the engine reports legal for
the dragged thing light up. On release the drop goes to the legal target with the largest overlap
and becomes one command; anything else snaps back and shows the engine's reason.

A table's view says what its game allows (``index``, ``legal``, ``check``, ``submit``), which
gesture means which command (its intents module's ``gestures``, ``intended``, ``involved`` and
``describe``), what may be dragged (``grip``) and clicked (``_click``), and how a card face is
zoomed. No rule lives here: what is legal is always asked of the engine.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QLabel, QMenu, QWidget

from engine.core.commands import Command
from engine.core.results import Rejection
from matrix_gui.cardindex import CardIndex, Key
from matrix_gui.items import CardItem, TableItem
from matrix_gui.keyedscene import KeyedScene
from matrix_gui.theme import notifier

DRAG_THRESHOLD = 4  # px a press must move before it becomes a drag
HOVER_ZOOM_MS = 450  # how long the mouse rests on a card before it is zoomed
Grip = tuple[TableItem, CardItem | None]  # (the item that moves, the card lifted off a stack or None)


class ZoomLabel(QLabel):
    """A card at full readable size over a corner of the table."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("background: rgba(0,0,0,200); border: 2px solid #39ff7a; border-radius: 10px;"
                           "padding: 6px;")
        self.hide()
        self.key: Key | None = None


class GestureView(QGraphicsView):
    """Shows a table scene scaled to the window and turns gestures into commands."""

    GENERAL_VERBS: tuple[str, ...] = ()  # verbs listed after a separator in every context menu
    ZOOM_MAX_HEIGHT = 620  # the zoomed card's height, at most (px)
    # the table's intents (which gesture means which command), set by each table's view
    gestures: Callable[[Command, Any], list[tuple[Key, Key | None]]]
    intended: Callable[[Key, Key, Any], list[Command]]
    involved: Callable[[Command, Any], list[Key]]
    describe: Callable[[Command, Any], str]
    # what a player usually does with an item, legal or not (candidates the context menu checks)
    usual: Callable[[Key, Any], list[Command]] = staticmethod(lambda key, ix: [])

    def __init__(self, busy: Callable[[], bool], status: Callable[[str], None], name: str,
                 description: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table: Any = None  # the KeyedScene shown, set by set_table
        self.busy = busy
        self.status = status
        # no SmoothPixmapTransform: card pictures are pre-scaled to the exact device size and blitted
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName(name)
        self.setAccessibleDescription(description)
        self.zoom = ZoomLabel(self.viewport())
        self.zoom_on_hover = True
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(HOVER_ZOOM_MS)
        self._hover_timer.timeout.connect(self._hover_zoom)
        self._hover_key: Key | None = None
        # drag state
        self._press: QPoint | None = None
        self._press_item: TableItem | None = None
        self._drag: dict[str, Any] | None = None
        self.focus_key: Key | None = None
        self.last_reason = ""
        self._last_menu: QMenu | None = None
        self.peeking: QRectF | None = None  # a part of the table enlarged on demand (``peek``)
        notifier().text_changed.connect(self._text_changed)

    def set_table(self, scene: KeyedScene) -> None:
        """Show a new game's table."""
        self.table = scene
        self.setScene(scene)
        scene.sceneRectChanged.connect(self._rect_changed)  # a table that grows (a lane opens) refits
        self.focus_key = None
        self._drag = None
        self._press = None
        self.peeking = None
        self.zoom.hide()
        self.refit()

    def has_view(self) -> bool:
        return self.table is not None and self.table.view is not None

    # --- geometry -------------------------------------------------------------------------------------

    def refit(self) -> None:
        if self.table is None:
            return
        vp = self.viewport()
        if vp.height() > 0 and self.peeking is None:
            self.table.set_aspect(vp.width() / vp.height())
        r = self.table.sceneRect() if self.peeking is None else self.peeking
        if r.isEmpty():
            return
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        self.resetCachedContent()
        self.table.set_device_scale(self.transform().m11() * self.devicePixelRatioF())

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        self.refit()

    def _text_changed(self, _text: float) -> None:
        """The player's text size changed: the card faces and labels are drawn again at it."""
        if self.table is not None:
            for it in self.table.keyed_items():
                it.update()
            self.resetCachedContent()

    def _rect_changed(self, _rect: object) -> None:
        if self.table is not None and self.sender() is self.table:
            self.refit()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Tab moves between items
        return False

    # --- what the engine allows (each table's view) -------------------------------------------------

    def index(self) -> CardIndex:
        raise NotImplementedError

    def legal(self) -> list[Command]:
        raise NotImplementedError

    def check(self, cmd: Command) -> Rejection | None:
        raise NotImplementedError

    def submit(self, cmd: Command) -> bool:
        """Send one command; on a refusal ``last_reason`` holds the engine's reason."""
        raise NotImplementedError

    def refusal(self, why: Rejection) -> str:
        """An engine refusal in words, led by its rule ID."""
        from matrix_gui.refusals import refusal_text

        return refusal_text(why)

    def commands_for(self, key: Key) -> list[Command]:
        """Legal commands that concern the item ``key`` (subject first)."""
        if not self.has_view():
            return []
        ix = self.index()
        return [c for c in self.legal() if key in self.involved(c, ix)]

    def primary(self, key: Key) -> Command | None:
        """The main action of an item: the first legal command it is the subject of."""
        cmds = self.commands_for(key)
        if not cmds:
            return None
        ix = self.index()
        return next((c for c in cmds if self.involved(c, ix)[:1] == [key]), cmds[0])

    # --- item lookup ----------------------------------------------------------------------------------

    def keyed_at(self, pos: QPoint, exclude: TableItem | None = None) -> TableItem | None:
        """The topmost visible keyed item at a viewport point (not ``exclude``, not a drag's ghost)."""
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

    # --- mouse ----------------------------------------------------------------------------------------

    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        self.zoom.hide()
        pos = e.position().toPoint()
        if e.button() == Qt.MouseButton.RightButton:
            self._context_at(pos)
            return
        if e.button() != Qt.MouseButton.LeftButton:
            return
        if self.busy():
            self.status("Wait for the cards to settle")
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
            self._drop(e.position().toPoint())
        elif self._press_item is not None and self._press is not None:
            self._click(self._press_item)
        elif self._press is not None:  # a click on the felt: enlarge the part it lies in, or end that
            self.peek_at(self.mapToScene(self._press))
        self._press = None
        self._press_item = None

    # --- a part of the table enlarged on demand ------------------------------------------------------

    def peek_rects(self) -> list[QRectF]:
        """The parts of the table a click or V enlarges to the whole view (each table's view: the
        other players' areas); none by default."""
        return []

    def peek(self, rect: QRectF | None) -> None:
        """Show ``rect`` of the table over the whole view (None: the whole table again)."""
        self.peeking = None if rect is None else QRectF(rect)
        self.refit()
        if rect is not None:
            self.status("Enlarged: V for the next one; Esc or a click on the felt shows the whole table")

    def peek_at(self, point: QPointF) -> None:
        """A click on the felt at ``point``: the whole table again, or the part it lies in enlarged."""
        if self.peeking is not None:
            self.peek(None)
            return
        hit = next((r for r in self.peek_rects() if r.contains(point)), None)
        if hit is not None:
            self.peek(hit)

    def peek_next(self) -> None:
        """V: enlarge the next part of the table in turn, then the whole table again."""
        rects = self.peek_rects()
        if not rects:
            self.status("Nothing to enlarge on this table")
            return
        i = next((n for n, r in enumerate(rects) if r == self.peeking), -1)
        self.peek(rects[i + 1] if i + 1 < len(rects) else None)

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if e.button() != Qt.MouseButton.LeftButton or self.busy():
            return
        it = self.keyed_at(e.position().toPoint())
        if it is not None:
            self.activate(it.key)

    def _click(self, item: TableItem) -> None:
        """What a click on an item does (each table's view)."""
        raise NotImplementedError

    def activate(self, key: Key) -> bool:
        """Do the main action of an item (double-click, Enter)."""
        cmd = self.primary(key)
        if cmd is None:
            self.status("Nothing to do with that right now")
            return False
        return self.submit(cmd)

    # --- dragging -------------------------------------------------------------------------------------

    def grip(self, item: TableItem) -> Grip | None:
        """What a drag of ``item`` moves, or None when it cannot be dragged (each table's view)."""
        raise NotImplementedError

    def lift_card(self, pile: str, at: TableItem) -> CardItem:
        """A card back lifted off the top of stack ``pile`` (a drag's ghost), over the item ``at``."""
        area = self.table.areas[pile].area
        ghost = CardItem(("ghost", -1), {"hidden": True}, pile, area.scale, area.back)
        ghost.setPos(at.pos())
        self.table.addItem(ghost)
        return ghost

    def _begin_drag(self, item: TableItem, press: QPoint) -> None:
        grip = self.grip(item) if self.has_view() else None
        if grip is None:
            self._press = None
            return
        moving, ghost = grip
        key = item.key
        ix = self.index()
        targets = {t for c in self.legal() for s, t in self.gestures(c, ix) if s == key and t is not None}
        self._drag = {"item": item, "moving": moving, "ghost": ghost, "key": key, "targets": targets,
                      "origin": QPointF(moving.pos()), "z": moving.zValue(),
                      "grab": self.mapToScene(press) - moving.pos(), "hot": None}
        moving.setZValue(500)
        for t in targets:
            for it in self.table.items_for(t):
                it.set_mark("target", True)
        self.status("Drop on a highlighted place" if targets else "Nothing can be done with that right now")

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
        """The legal target with the largest overlap with the dragged item."""
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
                a = r.width() * r.height()
                if a > best_area:
                    best, best_area = it, a
        return best

    def drop_point(self, d: dict[str, Any], pos: QPoint) -> QPoint:
        """Where a drop on no legal target looks for the item it was meant for: the cursor."""
        return pos

    def _drop(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None and self.table is not None
        target = self._best_target()
        self._drag = None
        if target is None:
            target = self.keyed_at(self.drop_point(d, pos), exclude=d["moving"])
        self.table.clear_marks("target", "hot")
        done, reason = False, ""
        if target is not None:
            ix = self.index()
            legal = set(self.legal())
            cmds = self.intended(d["key"], target.key, ix)
            chosen = next((c for c in cmds if c in legal), None)
            if chosen is not None:
                moving = d["moving"]
                self.table.drag_origin[d["key"]] = moving.mapRectToScene(moving.body_rect())
                done = self.submit(chosen)
                self.table.drag_origin.clear()
                reason = self.last_reason
            elif cmds:
                why = self.check(cmds[0])
                reason = self.refusal(why) if why is not None else "that cannot be done right now"
            else:
                reason = "That does not go there: drop it on a highlighted place"
        else:
            reason = "Drop it on a highlighted place"
        if d["ghost"] is not None and d["ghost"].scene() is not None:
            self.table.removeItem(d["ghost"])
        if not done:
            self.last_reason = reason
            self.status(reason)
        self.settle(d, done)

    def settle(self, d: dict[str, Any], done: bool) -> None:
        """After a drop: the dragged item back where it was unless its command was done."""
        moving = d["moving"]
        if not done and d["ghost"] is None and moving.scene() is not None:
            moving.setPos(d["origin"])
            moving.setZValue(d["z"])

    # --- zoom -----------------------------------------------------------------------------------------

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
            self.hover_hint(it)

    def hover_hint(self, it: TableItem | None) -> None:
        """The main action of the item under the mouse, in the status bar."""
        cmd = self.primary(it.key) if it is not None else None
        if cmd is not None:
            self.status(self.describe(cmd, self.index()))

    def _hover_zoom(self) -> None:
        if self._hover_key is not None and self._drag is None:
            self.show_zoom(self._hover_key)

    def zoomable(self, key: Key) -> bool:
        return self.card_face(key) is not None

    def card_face(self, key: Key) -> Any:
        """What face an item shows (None: none that can be zoomed); each table's view."""
        raise NotImplementedError

    def face_pixmap(self, face: Any, height_px: float) -> QPixmap:
        """The picture of ``face`` (a ``card_face``) at a device pixel height."""
        raise NotImplementedError

    def show_zoom(self, key: Key) -> bool:
        face = self.card_face(key)
        if face is None or self.table is None:
            return False
        vp = self.viewport()
        h = max(280, min(vp.height() - 40, self.ZOOM_MAX_HEIGHT))
        pm = self.face_pixmap(face, h * self.devicePixelRatioF())
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

    # --- context menu and keyboard --------------------------------------------------------------------

    def _add_command(self, menu: QMenu, cmd: Command, ix: CardIndex) -> None:
        act = QAction(self.describe(cmd, ix), menu)
        act.triggered.connect(lambda _=False, c=cmd: self.submit(c))
        menu.addAction(act)

    def build_menu(self, key: Key | None) -> QMenu:
        """The context menu of an item: its legal actions, then Zoom; the general actions after."""
        menu = QMenu(self)
        if not self.has_view():
            return menu
        ix = self.index()
        if key is not None:
            legal = self.commands_for(key)
            for c in legal:
                self._add_command(menu, c, ix)
            self._add_refused(menu, key, {(c.verb, c.args[:1]) for c in legal}, ix)
            if self.zoomable(key):
                z = QAction("Zoom", menu)
                z.triggered.connect(lambda _=False, k=key: self.show_zoom(k))
                menu.addAction(z)
            self.more_actions(menu, key)
        general = [c for c in self.legal() if c.verb in self.GENERAL_VERBS]
        if general:
            menu.addSeparator()
            for c in general:
                self._add_command(menu, c, ix)
        return menu

    def _add_refused(self, menu: QMenu, key: Key, offered: set[tuple[str, tuple]], ix: CardIndex) -> None:
        """The item's usual actions the engine refuses now (``check``), greyed out with its reason;
        one entry per verb and first argument (``offered``: those already in the menu)."""
        room = round(self.screen().availableGeometry().width() * 0.6)  # a long reason ends in "…"
        for c in self.usual(key, ix):
            kind = (c.verb, c.args[:1])
            why = None if kind in offered else self.check(c)
            if why is None:
                continue
            text = f"{self.describe(c, ix)} — {why.reason}"
            act = QAction(menu.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room), menu)
            act.setEnabled(False)
            act.setToolTip(self.refusal(why))
            act.setStatusTip(self.refusal(why))
            menu.addAction(act)
            offered.add(kind)
        menu.setToolTipsVisible(True)

    def more_actions(self, menu: QMenu, key: Key) -> None:
        """A table's own entries of an item's context menu, after Zoom."""

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
            for k in self.involved(c, ix)[:1]:
                if k not in keys and self.table.item_for(k) is not None:
                    keys.append(k)

        def where(k: Key) -> tuple[float, float]:
            it = self.table.item_for(k)
            assert it is not None
            p = it.scenePos()
            return (round(p.y() / 60), p.x())

        return sorted(keys, key=where)

    def nothing_to_focus(self) -> str:
        """The status when Tab finds nothing to act on."""
        return "Nothing to act on right now"

    def move_focus(self, step: int) -> None:
        order = self.focus_order()
        if not order:
            self.status(self.nothing_to_focus())
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
        it = self.table.item_for(key)
        if it is not None:  # a screen reader hears the item the keyboard is on
            self.setAccessibleDescription(it.accessible_name())
        cmd = self.primary(key)
        if cmd is not None:
            self.status(f"{self.describe(cmd, self.index())} (Enter; menu key for more)")

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        k = e.key()
        if k == Qt.Key.Key_Escape:
            self.zoom.hide()
            if self.peeking is not None:
                self.peek(None)
            return
        if k == Qt.Key.Key_V:
            self.peek_next()
            return
        if k in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and e.modifiers() & Qt.KeyboardModifier.ControlModifier:
            super().focusNextPrevChild(k == Qt.Key.Key_Tab)  # Ctrl+Tab leaves the table
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
        elif k == Qt.Key.Key_Menu or (k == Qt.Key.Key_F10
                                      and e.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self.open_focus_menu()
        elif k == Qt.Key.Key_Z and self.focus_key is not None:
            self.show_zoom(self.focus_key)
        elif Qt.Key.Key_1 <= k <= Qt.Key.Key_9:
            n = k - Qt.Key.Key_1
            cmd = next((c for c in self.legal() if c.verb == "choose" and c.args == (n,)), None)
            if cmd is not None:
                self.submit(cmd)
        elif not self.table_key(k):
            super().keyPressEvent(e)

    def table_key(self, k: int) -> bool:
        """A table's own keys (True: handled)."""
        return False

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
        """A viewport point where the item ``key`` is visible and on top: its centre when that is not
        covered (by the next card of a crowded hand, a standee...), else the nearest uncovered point."""
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


class PageController(Protocol):
    """What a ``PageView`` asks of its page."""

    def legal(self) -> list[Command]: ...
    def check(self, cmd: Command) -> Rejection | None: ...
    def submit(self, cmd: Command) -> bool: ...
    def busy(self) -> bool: ...
    def status(self, text: str) -> None: ...


class PageView(GestureView):
    """A table view whose page (``ctl``) holds the game: the page's legal commands, checks and
    submits (a refusal's reason is the page's ``last_reason``)."""

    def __init__(self, ctl: Any, name: str, description: str, parent: QWidget | None = None) -> None:
        super().__init__(ctl.busy, ctl.status, name, description, parent)
        self.ctl = ctl

    def legal(self) -> list[Command]:
        return self.ctl.legal()

    def check(self, cmd: Command) -> Rejection | None:
        return self.ctl.check(cmd)

    def submit(self, cmd: Command) -> bool:
        ok = self.ctl.submit(cmd)
        self.last_reason = "" if ok else getattr(self.ctl, "last_reason", "")
        return ok
