"""Gestures and commands of the Matrix Replay table: which drag or click stands for which command,
declared once in ``GESTURES`` (both directions derive from it).

No rules here: what is legal always comes from ``game.legal_commands(seat)`` and ``check()``. Keys:
``("card", id)`` a visible card, ``("pile", name)`` an area (``p0.hand``, ``p1.deck``, ``p0.matrix``,
``p0.real``, ``mission``, ``arena`` the contest panel), ``("button", name)`` a button of the step
(``done``, ``pass``, ``draw``, ``take``, ``basic``) and ``("option", k)`` an option of a decision.
"""
from __future__ import annotations

from typing import Any

from engine.core.commands import Command
from matrix_gui.cardindex import CardIndex, Key, View, gesture_keys, in_words
from matrix_gui.gestures import Gesture, GestureSet, Via
from matrix_gui.replay.layout import play_zone

SIDES = ("Humans", "Machines")
# commands in fixed words ({card}: the card the command is about)
WORDS = {"draw": "Draw the top 2 cards of your deck", "take": "Take {card} from your deck",
         "recall": "Take {card} back from your discard pile", "deploy": "Deploy {card}",
         "plug": "Plug {card} into the Matrix (Matrix counter)",
         "unplug": "Unplug {card} (remove its Matrix counter)", "done": "Done with this step",
         "pass": "Pass (play no Event now)", "play": "Play {card}"}


class ReplayIndex(CardIndex):
    """Where each visible card lies in a seat's view (characters by zone: Matrix or Real World)."""

    UNNAMED = "card #{}"

    def __init__(self, view: View) -> None:
        self.seat: int | None = view.get("seat")
        super().__init__(view)
        for c in view.get("deck_contents", ()):
            self.cards.setdefault(c["id"], c)
            self.where.setdefault(c["id"], f"p{self.seat}.deck")
        dec = view.get("decision") or {}
        self.decision_cards: list[int] = list(dec.get("cards", []))

    def place(self, pile: str, card: dict[str, Any]) -> str:
        """A character in play lies in its side's Matrix or Real World zone."""
        return play_zone(int(pile[1]), bool(card.get("in_matrix"))) if pile.endswith(".play") else pile


CARD = ("card", "{card}")
TAKE = ("button", "take")


def _lies_in(pile: str):  # noqa: ANN202 - a ``when`` test: the command's card lies in ``pile``
    return lambda v, ix: ix.where.get(v.get("card", -1), "") == pile.format(me=v["me"])


def _zones(ix: ReplayIndex, home: bool) -> dict[int, str]:
    """Each card in a hand by the zone it enters play in (``home``) or the other zone of its side."""
    out: dict[int, str] = {}
    for cid, c in ix.cards.items():
        zone = c.get("deploy_zone")
        src = ix.where.get(cid, "")
        if zone and src.endswith(".hand"):
            out[cid] = play_zone(int(src[1:src.index(".")]), (zone == "matrix") == home)
    return out


def _decision_cards(ix: ReplayIndex) -> dict[int, int]:
    """The pending decision's options that are cards on the table, by option number."""
    return {k: cid for k, cid in enumerate(ix.decision_cards) if cid in ix.where}


def _me(cmd: Command | None, ix: ReplayIndex | None) -> int | None:
    if cmd is not None and cmd.seat is not None:
        return cmd.seat
    return None if ix is None else ix.seat


IN_HAND = _lies_in("p{me}.hand")
# Every gesture of the Replay table, declared once (see matrix_gui.gestures): best first for a drop.
GESTURES = GestureSet([
    Gesture("draw", ((),), ((("pile", "p{me}.deck"), ("pile", "p{me}.hand")), (("button", "draw"), None))),
    Gesture("take", (("{card}",),), ((TAKE, None),)),
    Gesture("recall", (("{card}",),), ((TAKE, None),)),
    Gesture("deploy", (("{card}",),), ((CARD, ("pile", Via("card", lambda ix: _zones(ix, True)))),
                                       (CARD, ("pile", Via("card", lambda ix: _zones(ix, False))))), IN_HAND),
    Gesture("plug", (("{card}",),), ((CARD, ("pile", "p{me}.matrix")),), _lies_in("p{me}.real")),
    Gesture("unplug", (("{card}",),), ((CARD, ("pile", "p{me}.real")),), _lies_in("p{me}.matrix")),
    Gesture("done", ((),), ((("button", "done"), None),)),
    Gesture("pass", ((),), ((("button", "pass"), None),)),
    Gesture("play", (("{card}",),), ((CARD, ("pile", "arena")), (CARD, ("pile", "p{me}.table"))), IN_HAND),
    Gesture("mission", (("basic",),), ((("button", "basic"), None),)),
    Gesture("mission", (("{card}",),), ((CARD, ("pile", "mission")),), IN_HAND),
    Gesture("choose", (("{k}",),), ((("option", "{k}"), None), (("card", Via("k", _decision_cards)), None))),
], me=_me, seat=lambda v, ix: v["me"])
gestures = GESTURES.gestures
intended = GESTURES.intended


def involved(cmd: Command, ix: ReplayIndex) -> list[Key]:
    """Every item a command concerns (context menus, keyboard focus), subject first."""
    keys = gesture_keys(gestures(cmd, ix))
    if cmd.verb == "recall":
        keys.append(("pile", f"p{cmd.seat}.discard"))
    if cmd.verb in ("take",):
        keys.append(("pile", f"p{cmd.seat}.deck"))
    return keys


def describe(cmd: Command, ix: ReplayIndex) -> str:
    """The command in words, for menus, tooltips and the status bar."""
    return in_words(cmd, ix, WORDS, _own_words)


def _own_words(cmd: Command, ix: ReplayIndex, card: str) -> str | None:
    if cmd.verb != "mission":
        return None
    if cmd.args[0] == "basic":
        return "Attempt the Basic Mission (1 MP)"
    mp = ix.cards.get(int(cmd.args[0]), {}).get("mp")
    return f"Attempt {card}" + (f" ({mp} MP)" if mp else "")


def refusal(rej: Any) -> str:
    """An engine refusal in words, naming its rule: 'reason (MR-...)'."""
    rule = getattr(rej, "rule", "")
    return f"{rej.reason} ({rule})" if rule and rule not in ("GUI", "COMMAND") else str(rej.reason)
