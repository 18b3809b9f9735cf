"""Gestures and commands of the Matrix Replay table: which drag or click stands for which command.

No rules here: what is legal always comes from ``game.legal_commands(seat)`` and ``check()``. Keys:
``("card", id)`` a visible card, ``("pile", name)`` an area (``p0.hand``, ``p1.deck``, ``p0.matrix``,
``p0.real``, ``mission``, ``arena`` the contest panel), ``("button", name)`` a button of the step
(``done``, ``pass``, ``draw``, ``take``, ``basic``) and ``("option", k)`` an option of a decision.
"""
from __future__ import annotations

from typing import Any

from engine.core.commands import Command
from matrix_gui.cardindex import CardIndex, Key, View, choice_text, gesture_keys
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


def gestures(cmd: Command, ix: ReplayIndex) -> list[tuple[Key, Key | None]]:
    """The drags (subject, target) that mean ``cmd``; a target of None is a click on the subject."""
    s = cmd.seat if cmd.seat is not None else ix.seat
    v, args = cmd.verb, cmd.args
    card: Key = ("card", args[0]) if args and isinstance(args[0], int) else ("none", None)
    if v == "draw":
        return [(("pile", f"p{s}.deck"), ("pile", f"p{s}.hand")), (("button", "draw"), None)]
    if v in ("take", "recall"):
        return [(("button", "take"), None)]
    if v == "deploy":
        info = ix.cards.get(int(args[0]), {})
        home = play_zone(int(s or 0), info.get("code") in ("A", "RP"))
        return [(card, ("pile", home)), (card, ("pile", play_zone(int(s or 0), not home.endswith("matrix"))))]
    if v == "plug":
        return [(card, ("pile", f"p{s}.matrix"))]
    if v == "unplug":
        return [(card, ("pile", f"p{s}.real"))]
    if v in ("done", "pass"):
        return [(("button", v), None)]
    if v == "play":
        return [(card, ("pile", "arena")), (card, ("pile", f"p{s}.table"))]
    if v == "mission":
        return [(("button", "basic"), None)] if args[0] == "basic" else [(card, ("pile", "mission"))]
    if v == "choose":
        k = int(args[0])
        out: list[tuple[Key, Key | None]] = [(("option", k), None)]
        if k < len(ix.decision_cards) and ix.decision_cards[k] in ix.where:
            out.append((("card", ix.decision_cards[k]), None))
        return out
    return []


def intended(subject: Key, target: Key, ix: ReplayIndex) -> list[Command]:
    """The commands a drop of ``subject`` on ``target`` would mean, legal or not (best first)."""
    s = ix.seat
    if s is None:
        return []
    kind, val = subject
    if kind == "pile" and val == f"p{s}.deck" and target == ("pile", f"p{s}.hand"):
        return [Command("draw", (), s)]
    if kind != "card":
        return []
    cid = int(val)
    src = ix.where.get(cid, "")
    if src == f"p{s}.hand":
        if target in (("pile", f"p{s}.matrix"), ("pile", f"p{s}.real")):
            return [Command("deploy", (cid,), s)]
        if target in (("pile", "arena"), ("pile", f"p{s}.table")):
            return [Command("play", (cid,), s)]
        if target == ("pile", "mission"):
            return [Command("mission", (cid,), s)]
    if src == f"p{s}.real" and target == ("pile", f"p{s}.matrix"):
        return [Command("plug", (cid,), s)]
    if src == f"p{s}.matrix" and target == ("pile", f"p{s}.real"):
        return [Command("unplug", (cid,), s)]
    return []


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
    v, args = cmd.verb, cmd.args
    card = ix.subject_name(cmd)
    if v in WORDS:
        return WORDS[v].format(card=card)
    if v == "mission":
        if args[0] == "basic":
            return "Attempt the Basic Mission (1 MP)"
        mp = ix.cards.get(int(args[0]), {}).get("mp")
        return f"Attempt {card}" + (f" ({mp} MP)" if mp else "")
    if v == "choose":
        return choice_text(ix.view, int(args[0]))
    return cmd.text()


def step_text(view: View) -> str:
    """What the table waits for, in words (HUD, curtain)."""
    step = view.get("step", "")
    acting = view.get("acting")
    who = SIDES[acting] if acting is not None else ""
    dec = view.get("decision")
    if dec:
        return f"the {SIDES[dec['seat']]} decide: {prompt_text(dec)}"
    k = view.get("contest")
    if step == "contest" and k:
        return f"the {who} play an Event or pass in the {k['kind'].capitalize()} contest"
    return {
        "zion_draw": "the Humans draw (Zion Phase)", "zion_deploy": "the Humans deploy Characters",
        "zero_one_draw": "the Machines draw (Zero-One Phase)",
        "zero_one_deploy": "the Machines deploy Characters",
        "switch": "the Humans place or remove Matrix counters (Switch Phase)",
        "mission_choice": "the Humans choose a Mission", "unplug": "the Humans may unplug after the Escape",
    }.get(step, view.get("phase", ""))


def prompt_text(dec: dict[str, Any]) -> str:
    """A decision's prompt without the deciding side's name in front."""
    prompt = str(dec.get("prompt", ""))
    side = f"{SIDES[dec['seat']]}: "
    return prompt[len(side):] if prompt.startswith(side) else prompt


def refusal(rej: Any) -> str:
    """An engine refusal in words, naming its rule: 'reason (MR-...)'."""
    rule = getattr(rej, "rule", "")
    return f"{rej.reason} ({rule})" if rule and rule not in ("GUI", "COMMAND") else str(rej.reason)
