"""What both tables' intents share: an index of the cards a view shows, and the gesture helpers that
do not depend on the game (no rules here: what is legal always comes from the engine).

Items on a table are named by keys, ``(kind, value)``: ``("card", id)``, ``("pile", name)``,
``("option", k)`` and each table's own kinds.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.commands import Command

Key = tuple[str, Any]
View = dict[str, Any]


class CardIndex:
    """Where each visible card of a view lies (pile name, or what ``place`` makes of it), by number."""

    UNNAMED = "card {}"  # how a card the view does not show is named

    def __init__(self, view: View) -> None:
        self.view = view
        self.where: dict[int, str] = {}
        self.cards: dict[int, dict[str, Any]] = {}
        for name, pile in view["piles"].items():
            for c in pile.get("cards", ()):
                if "id" in c:
                    self.where[c["id"]] = self.place(name, c)
                    self.cards[c["id"]] = c

    def place(self, pile: str, card: dict[str, Any]) -> str:
        """Where the table shows ``card`` of ``pile``: the pile itself."""
        return pile

    def name(self, cid: int) -> str:
        c = self.cards.get(cid)
        return c["name"] if c else self.UNNAMED.format(cid)

    def subject_name(self, cmd: Command) -> str:
        """The name of the card a command is about ('' when its first argument is not a card)."""
        args = cmd.args
        return self.name(int(args[0])) if args and isinstance(args[0], int) else ""


def gesture_keys(pairs: Iterable[tuple[Key, Key | None]]) -> list[Key]:
    """The items a command's gestures touch, in order, each once (subjects before their targets)."""
    keys: list[Key] = []
    for subj, tgt in pairs:
        for k in (subj, tgt):
            if k is not None and k not in keys and k[0] != "none":
                keys.append(k)
    return keys


def option(view: View, k: int) -> str | None:
    """Option ``k`` of the pending decision (None: there is no such option)."""
    opts = (view.get("decision") or {}).get("options", [])
    return opts[k] if k < len(opts) else None


def choice_text(view: View, k: int) -> str:
    """Choosing option ``k`` of the pending decision, in words (menus, the status bar)."""
    label = option(view, k)
    return f"Choose: {label}" if label is not None else f"Choose option {k + 1}"


def in_words(cmd: Command, ix: CardIndex, words: dict[str, str],
             own: Callable[[Command, Any, str], str | None]) -> str:
    """A command in words (menus, tooltips, the status bar): its fixed ``words`` ({card}: the card it
    is about), a decision's choice, else the table's ``own(cmd, ix, card)`` wording or its text."""
    card = ix.subject_name(cmd)
    if cmd.verb in words:
        return words[cmd.verb].format(card=card)
    if cmd.verb == "choose":
        return choice_text(ix.view, int(cmd.args[0]))
    return own(cmd, ix, card) or cmd.text()
