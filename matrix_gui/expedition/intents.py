"""Gestures and commands of the Expedition table, declared once in ``GESTURES``.

Keys: ``("explorer", "p0")`` a player's Explorer standee, ``("pile", "p0.r2c3")`` a slot of a Matrix
(also ``p0.out``, ``p0.region``, ``cup.events``...), ``("card", id)`` a chit and ``("option", k)`` an
option of the decision banner. Dragging the Explorer onto a slot is ``move ROW COL``; clicking an
offered slot or an option is ``choose K``. What is legal always comes from the engine.
"""
from __future__ import annotations

from typing import Any

from engine.core.commands import Command
from matrix_gui.cardindex import CardIndex, Key, View, gesture_keys, in_words
from matrix_gui.expedition.layout import slot_name
from matrix_gui.gestures import Gesture, GestureSet, Via


class ExpeditionIndex(CardIndex):
    """Where each chit of a view lies (by pile), and the slots the pending decision offers."""

    UNNAMED = "chit {}"

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.seat: int | None = view.get("acting")
        dec = view.get("decision") or {}
        self.offered: dict[int, str] = {k: slot_name(int(dec["seat"]), r, c)
                                        for k, (r, c) in enumerate(dec.get("slots", []))}

    def subject_name(self, cmd: Command) -> str:
        return ""  # no command of this table names a chit by its number


def _me(cmd: Command | None, ix: ExpeditionIndex | None) -> int | None:
    if cmd is not None and cmd.seat is not None:
        return cmd.seat
    return None if ix is None else ix.seat


GESTURES = GestureSet([
    Gesture("move", (("{row}", "{col}"),), ((("explorer", "p{me}"), ("pile", "p{me}.r{row}c{col}")),)),
    Gesture("choose", (("{k}",),), ((("option", "{k}"), None),
                                    (("pile", Via("k", lambda ix: ix.offered)), None))),
], me=_me, seat=lambda v, ix: v["me"])
gestures = GESTURES.gestures
intended = GESTURES.intended


def involved(cmd: Command, ix: ExpeditionIndex) -> list[Key]:
    """Every item a command concerns (context menus, keyboard focus), subject first."""
    return gesture_keys(gestures(cmd, ix))


def describe(cmd: Command, ix: ExpeditionIndex) -> str:
    """The command in words, for menus, tooltips and the status bar."""
    return in_words(cmd, ix, {}, _own_words)


def _own_words(cmd: Command, ix: Any, card: str) -> str | None:
    if cmd.verb != "move" or len(cmd.args) != 2:
        return None
    r, c = cmd.args
    view = ix.view
    seat = cmd.seat if cmd.seat is not None else ix.seat
    pl = next((p for p in view["players"] if p["seat"] == seat), None)
    if pl is not None and list(pl["explorer"]) == [r, c]:
        return f"Stay on End here ({r},{c})"
    cell = pl["grid"][(int(r) - 1) * 5 + int(c) - 1] if pl is not None else {}
    what = ", ".join(ch["name"] for ch in cell.get("chits", [])) or cell.get("label", "") or "empty"
    return f"Move the Explorer to ({r},{c}): {what}"
