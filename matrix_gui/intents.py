"""Gestures and commands: which drag (subject -> target) or click stands for which engine command.

This module knows no rules. It only says which *gesture* means which *command*; whether the command
is legal is always asked of the engine (``legal_commands()`` / ``check()``). Items on the table are
named by keys:

``("card", id)`` a visible card, ``("pile", name)`` a pile or space, ``("rsi", seat)`` an RSI standee,
``("pool", seat)`` the active player's Recruit/Attack token, ``("phone", name)`` a phone
(``subway``, ``alley``, ``combat``) and ``("option", k)`` an option of the pending decision.
"""
from __future__ import annotations

from engine.core.commands import Command
from matrix_gui.cardindex import CardIndex, Key, View, choice_text, gesture_keys, option

# commands in fixed words ({card}: the card the command is about)
WORDS = {"fight": "Fight {card}", "buytime": "Buy Time against {card}", "evade": "Pay to Evade {card}",
         "use": "Use {card}'s once-this-turn effect", "sacrifice": "Sacrifice {card}",
         "solo-discard": "Discard {card} to draw a card", "objective": "Complete the Objective",
         "minor-victory": "Take the Minor Victory", "end": "End the Action Phase"}


class TableIndex(CardIndex):
    """Where each visible card lies in a view, plus the playmat's phone spaces."""

    def __init__(self, view: View, phones: dict[str, int]) -> None:
        self.phones = phones  # phone name -> Row space index
        super().__init__(view)

    @property
    def active(self) -> int:
        return int(self.view["active"])

    def player_name(self, seat: int) -> str:
        return str(self.view["players"][seat]["name"])

    def row_space(self, pile: str) -> int | None:
        return int(pile[4:]) if pile.startswith("row.") else None


def gestures(cmd: Command, ix: TableIndex) -> list[tuple[Key, Key | None]]:
    """The drags (subject, target) that mean ``cmd``; target None means a click on the subject."""
    a = ix.active
    v, args = cmd.verb, cmd.args
    mine = ("pile", f"p{a}.play")
    if v == "play":
        return [(("card", args[0]), mine)]
    if v == "coordinate":
        return [(("card", args[0]), mine)]
    if v == "recruit":
        subj: Key = ("pile", "hovercraft") if args[0] == "hovercraft" else ("card", args[0])
        return [(subj, ("pile", f"p{a}.discard")), (subj, mine)]
    if v == "move":
        if args == ("matrix",):
            return [(("rsi", a), ("pile", "in_matrix"))]
        if args == ("real",):
            return [(("rsi", a), ("pile", f"p{a}.avatar"))]
        phone = str(args[1])
        out: list[tuple[Key, Key | None]] = [(("rsi", a), ("phone", phone))]
        space = "combat" if phone == "combat" else f"row.{ix.phones.get(phone, -1)}"
        out.append((("rsi", a), ("pile", space)))
        return out
    if v == "scan":
        space = ("pile", f"row.{args[0]}")
        return [(("pool", a), space), (space, ("pool", a))]
    if v in ("fight", "complete"):
        card = ("card", args[0])
        dest = ("pile", "defeated_enemies" if v == "fight" else "discarded")
        return [(("pool", a), card), (card, ("pool", a)), (card, dest)]
    if v == "sacrifice":
        return [(("card", args[0]), ("pile", "defeated_heroes"))]
    if v == "solo-discard":
        return [(("card", args[0]), ("pile", f"p{a}.discard"))]
    if v == "choose":
        return [(("option", args[0]), None)]
    return []


def intended(subject: Key, target: Key, ix: TableIndex) -> list[Command]:
    """The commands a drop of ``subject`` on ``target`` would mean, legal or not (best first)."""
    a = ix.active
    skind, sval = subject
    tkind, tval = target
    if skind == "card":
        cid = int(sval)
        src = ix.where.get(cid, "")
        kind = ix.cards.get(cid, {}).get("kind", "")
        if target == ("pile", f"p{a}.play"):
            if src.endswith(".hand") and src != f"p{a}.hand":
                return [Command("coordinate", (cid,), int(src[1:src.index(".")]))]
            if src.startswith("dock."):
                return [Command("recruit", (cid,))]
            return [Command("play", (cid,))]
        if target == ("pile", f"p{a}.discard"):
            if src.startswith("dock."):
                return [Command("recruit", (cid,))]
            if src == f"p{a}.hand":
                return [Command("solo-discard", (cid,))]
        if target == ("pool", a) or target in (("pile", "defeated_enemies"), ("pile", "discarded")):
            if kind == "enemy":
                return [Command("fight", (cid,))]
            if kind == "challenge":
                return [Command("complete", (cid,)), Command("complete", (cid, "recruit")),
                        Command("complete", (cid, "attack"))]
        if target == ("pile", "defeated_heroes"):
            return [Command("sacrifice", (cid,))]
        return []
    if subject == ("pile", "hovercraft") and target in (("pile", f"p{a}.discard"), ("pile", f"p{a}.play")):
        return [Command("recruit", ("hovercraft",))]
    if skind == "pile" and str(sval).startswith("row.") and target == ("pool", a):
        return [Command("scan", (int(str(sval)[4:]),))]
    if skind == "rsi":
        if target == ("pile", "in_matrix"):
            return [Command("move", ("matrix",))]
        if tkind == "phone":
            return [Command("move", ("real", str(tval)))]
        if target == ("pile", "combat"):
            return [Command("move", ("real", "combat"))]
        if tkind == "pile" and str(tval).startswith("row."):
            space = int(str(tval)[4:])
            for phone, i in ix.phones.items():
                if i == space:
                    return [Command("move", ("real", phone))]
            return []
        if target == ("pile", f"p{sval}.avatar"):
            return [Command("move", ("real",))]
        return []
    if skind == "pool":
        if tkind == "pile" and str(tval).startswith("row."):
            return [Command("scan", (int(str(tval)[4:]),))]
        if tkind == "card":
            cid = int(tval)
            kind = ix.cards.get(cid, {}).get("kind", "")
            if kind == "enemy":
                return [Command("fight", (cid,))]
            if kind == "challenge":
                return [Command("complete", (cid,)), Command("complete", (cid, "recruit")),
                        Command("complete", (cid, "attack"))]
    return []


def involved(cmd: Command, ix: TableIndex) -> list[Key]:
    """Every item a command concerns (for context menus and keyboard play), subject first."""
    keys = gesture_keys(gestures(cmd, ix))
    v, args = cmd.verb, cmd.args
    if v in ("use", "buytime", "evade") and ("card", args[0]) not in keys:
        keys.append(("card", args[0]))
    if v == "choose":
        label = option(ix.view, int(args[0])) or ""
        for p in ix.view["players"]:
            if p["name"] == label:
                keys.append(("pile", f"p{p['seat']}.avatar"))
    return keys


def describe(cmd: Command, ix: TableIndex) -> str:
    """The command in words, for menus, tooltips and the status bar."""
    v, args = cmd.verb, cmd.args
    card = ix.subject_name(cmd)
    if v in WORDS:
        return WORDS[v].format(card=card)
    if v == "play":
        src = ix.where.get(int(args[0]), "")
        return f"Play {card}" + (" (coordinated copy)" if src.endswith(".coordinated") else "")
    if v == "coordinate":
        return f"Coordinate {card} from {ix.player_name(cmd.seat or 0)}'s hand"
    if v == "recruit":
        return "Recruit a Hovercraft (3 Recruit)" if args[0] == "hovercraft" else f"Recruit {card}"
    if v == "move":
        if args == ("matrix",):
            return "Move your RSI into the Matrix"
        if args == ("real",):
            return "Return to the Real World (extra move)"
        phone = str(args[1])
        return "Leave the Matrix by the Combat Zone pay phone" if phone == "combat" \
            else f"Leave the Matrix by the {phone.title()} phone"
    if v == "scan":
        return f"Scan Row space {int(args[0]) + 1}"
    if v == "complete":
        return f"Complete {card}" + (f" paying {args[1].title()}" if len(args) > 1 else "")
    if v == "choose":
        return choice_text(ix.view, int(args[0]))
    return cmd.text()
