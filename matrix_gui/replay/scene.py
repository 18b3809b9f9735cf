"""The Matrix Replay table scene, drawn only from one seat's ``observe()`` view.

It never changes the game. It has the interface the generic ``AnimationQueue`` drives (``display``,
``set_view``, ``layout_pile``, ``slot_rect``, ``areas``, ``cards``, ``hidden_idents``,
``drag_origin``, ``time_item``), so card moves glide as on the Legendary playmat. A character in
play lies in its side's Matrix or Real World zone, as the view says.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from matrix_gui.items import TableItem, font, paint_band, paint_slot
from matrix_gui.keyedscene import KeyedScene, View, display_of
from matrix_gui.layout import SPREAD, STACK, spread_positions
from matrix_gui.replay.faces import ReplayFaces
from matrix_gui.replay.intents import SIDES
from matrix_gui.replay.items import BannerItem, ButtonItem, ContestItem, CounterItem, ReplayCardItem
from matrix_gui.replay.layout import ReplayLayout, Zone, compute, play_zone

ZONE_TONES = {"matrix": ("#0b1f14", "#1f6b3d"), "real": ("#18140d", "#6b5320"), "opp": ("#140d0d", "#6b2a26"),
              "me": ("#0d1a12", "#39ff7a"), "panel": ("#0a100c", "#24543a")}
ZONE_TONES_M = {"opp": ("#0d1a12", "#2f7a4c"), "me": ("#1a0d0d", "#ff5a4a")}  # when the Machines sit below


class ReplayScene(KeyedScene):
    """The two-sided table. ``bottom`` is the seat drawn at the bottom when the view is a spectator's."""

    card_class = ReplayCardItem
    DECISION_AT = (660, 186)

    def __init__(self, faces: ReplayFaces) -> None:
        super().__init__(faces)
        self.bottom = 0
        self.layout: ReplayLayout | None = None
        self.contest: ContestItem | None = None
        self.time_item: CounterItem | None = None
        self.mp_item: CounterItem | None = None
        self.buttons: dict[str, ButtonItem] = {}
        self.banner = BannerItem()
        self.addItem(self.banner)
        self.seen_label = QGraphicsSimpleTextItem()
        self.seen_label.setFont(font(12.5))
        self.seen_label.setBrush(QColor("#ffc84a"))
        self.addItem(self.seen_label)
        self.mission_note = QGraphicsSimpleTextItem("BASIC\nMISSION\n1 MP")
        self.mission_note.setFont(font(15, True))
        self.mission_note.setBrush(QColor("#7fb8ff"))
        self.mission_note.setVisible(False)
        self.addItem(self.mission_note)

    @property
    def me(self) -> int:
        return self.layout.me if self.layout is not None else self.bottom

    # --- background and keys -----------------------------------------------------------------------

    def paint_background(self, p: QPainter) -> None:
        assert self.layout is not None
        for z in self.layout.zones:
            paint_zone(p, z, self.layout.me)
        for name, a in self.layout.areas.items():
            if name == "seen" or name.endswith(".table"):  # (the contest panel draws its Event rows)
                continue
            paint_slot(p, a)

    def token_items(self) -> Iterable[TableItem]:
        yield from self.buttons.values()
        for it in (self.contest, self.time_item, self.mp_item):
            if it is not None:
                yield it

    # --- drawing a view ---------------------------------------------------------------------------

    def set_view(self, view: View) -> None:
        """Draw ``view`` (an ``observe(seat)`` result) exactly."""
        self.view = view
        me = view["seat"] if view.get("seat") is not None else self.bottom
        self._ensure_layout(me)
        self.display = display_of(view)
        seen = view.get("seen") or {}
        self.display["seen"] = list(seen.get("cards", []))
        self.hidden_idents.clear()
        for name in self.display:
            self.layout_pile(name)
        self._seen_label(seen)
        self.sync_tokens(view)

    def _ensure_layout(self, me: int) -> None:
        if self.layout is not None and self.layout.me == me:
            return
        lay = compute(me)
        self.layout = lay
        self.sync_areas(lay.areas)
        for idt in list(self.cards):  # every card is laid out again for the new seat
            self.removeItem(self.cards.pop(idt))
        c = lay.contest
        if self.contest is None:
            self.contest = ContestItem(c.x, c.y, c.w, c.h)
            self.addItem(self.contest)
            r = lay.time
            self.time_item = CounterItem("time", "TIME PILE", "#e0413a", 20, r.x, r.y, r.w, r.h)
            r = lay.mp
            self.mp_item = CounterItem("mp", "MISSION POINTS", "#3a8ee6", 20, r.x, r.y, r.w, r.h)
            self.addItem(self.time_item)
            self.addItem(self.mp_item)
        rel = [lay.areas[f"p{s}.table"] for s in (lay.opp, lay.me)]
        self.contest.set_rows(*(QRectF(a.x - c.x, a.y - c.y, a.w, a.h) for a in rel))
        self.banner.setPos(660, 420)
        self.setSceneRect(QRectF(-16, -16, lay.width + 32, lay.height + 32))
        self.background_changed()

    def _zone_indices(self, name: str) -> dict[str, list[int]]:
        seat = int(name[1])
        groups: dict[str, list[int]] = {play_zone(seat, True): [], play_zone(seat, False): []}
        for i, c in enumerate(self.pile_cards(name)):
            groups[play_zone(seat, bool(c.get("in_matrix")))].append(i)
        return groups

    def slot_rect(self, name: str, index: int | None = None) -> QRectF:
        """Where card ``index`` of a pile lies (a stack: its top; None: where a new card lands)."""
        cards = self.pile_cards(name)
        if index is None:
            index = len(cards) - 1
        if name.endswith(".play"):
            for zone, idxs in self._zone_indices(name).items():
                if index in idxs or (not cards and zone.endswith("real")):
                    area = self.areas[zone].area
                    pos = spread_positions(area, max(len(idxs), 1))
                    x, y = pos[idxs.index(index) if index in idxs else 0]
                    return QRectF(x, y, area.card_w, area.card_h)
        item = self.areas.get(name)
        if item is None:
            return QRectF(0, 0, 0, 0)
        area = item.area
        if area.style != SPREAD:
            return QRectF(area.x, area.y, area.card_w, area.card_h)
        pos = spread_positions(area, max(len(cards), 1))
        x, y = pos[min(max(index, 0), len(pos) - 1)]
        return QRectF(x, y, area.card_w, area.card_h)

    def layout_pile(self, name: str) -> None:
        """Lay out one pile from ``display`` (a stack: its one item; a spread: one item per card)."""
        cards = self.pile_cards(name)
        if name.endswith(".play"):
            placed = [(self.areas[z].area, idxs) for z, idxs in self._zone_indices(name).items()]
        else:
            item = self.areas.get(name)
            if item is None:
                return
            if item.area.style == STACK:
                item.set_pile(len(cards), cards[-1] if cards else None)
                return
            placed = [(item.area, list(range(len(cards))))]
        wanted: set[tuple] = set()
        for area, idxs in placed:
            self.lay_spread(name, area, idxs, wanted)
        self.drop_cards_but(name, wanted)

    def _seen_label(self, seen: dict[str, Any]) -> None:
        a = self.layout.areas["seen"] if self.layout else None
        text = f"You saw {seen.get('what')}" if seen.get("cards") and a is not None else ""
        self.seen_label.setText(text)
        self.seen_label.setVisible(bool(text))
        if a is not None:
            self.seen_label.setPos(a.x, a.y - 21)

    def sync_tokens(self, view: View) -> None:
        """Counters, the contest panel and the decision banner."""
        if self.time_item is not None and self.mp_item is not None:
            self.time_item.set_value(int(view.get("time", 0)))
            self.mp_item.set_value(int(view.get("mp", 0)))
        if self.contest is not None:
            self.contest.set_state(view, self.me)
        k = view.get("contest") or {}
        slot = self.layout.areas["mission"] if self.layout else None
        basic = k.get("kind") == "mission" and not view["piles"].get("mission", {}).get("count")
        self.mission_note.setVisible(basic and slot is not None)
        if slot is not None:
            r = self.mission_note.boundingRect()
            self.mission_note.setPos(slot.x + (slot.card_w - r.width()) / 2,
                                     slot.y + (slot.card_h - r.height()) / 2)
        self.sync_decision(view)

    def pending_decision(self, view: View) -> dict[str, Any] | None:
        dec = view.get("decision")
        return dec if dec and dec.get("options") else None

    def decision_prompt(self, view: View, dec: dict[str, Any]) -> str:
        return f"{SIDES[dec['seat']]}: {view.get('prompt', '')}"

    def set_buttons(self, buttons: list[tuple[str, str]]) -> None:
        """Show the step's buttons (name, text), in order, in the button column."""
        lay = self.layout
        assert lay is not None
        names = {n for n, _ in buttons}
        for n in [n for n in self.buttons if n not in names]:
            self.removeItem(self.buttons.pop(n))
        for i, (n, text) in enumerate(buttons[:len(lay.buttons)]):
            r = lay.buttons[i]
            b = self.buttons.get(n)
            if b is None:
                b = ButtonItem(n, text, r.w, r.h)
                self.buttons[n] = b
                self.addItem(b)
            b.set_text(text)
            b.setPos(r.x, r.y)

    def hand_ids(self, seat: int) -> set[int]:
        """Card numbers of ``seat``'s hand that this scene shows face up (for tests and safety)."""
        return {ci.info["id"] for ci in self.cards.values()
                if ci.pile == f"p{seat}.hand" and "id" in ci.info and ci.isVisible()}

    def shown_ids(self) -> set[int]:
        """Every card number the scene shows face up (cards, stack tops, the decision's options)."""
        out = {ci.info["id"] for ci in self.cards.values() if "id" in ci.info}
        out |= {it.top["id"] for it in self.areas.values() if it.top and "id" in it.top and it.count}
        return out


def paint_zone(p: QPainter, z: Zone, me: int) -> None:
    """A band with its label: the sides' strips in their colours, the Matrix, the Real World, panels."""
    tones = ZONE_TONES_M if me == 1 and z.tone in ZONE_TONES_M else ZONE_TONES
    fill, line = tones[z.tone]
    paint_band(p, QRectF(z.x, z.y, z.w, z.h), fill, line, z.tone == "me", z.label)


__all__ = ["ReplayScene"]
