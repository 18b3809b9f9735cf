"""Gestures and commands: which drag (subject -> target) or click stands for which engine command.

This module knows no rules. It only says which *gesture* means which *command*; whether the command
is legal is always asked of the engine (``legal_commands()`` / ``check()``). Items on the table are
named by keys:

``("card", id)`` a visible card, ``("pile", name)`` a pile or space, ``("rsi", seat)`` an RSI standee,
``("pool", seat)`` the active player's Recruit/Attack token, ``("phone", name)`` a phone
(``subway``, ``alley``, ``combat``) and ``("option", k)`` an option of the pending decision.
"""
from __future__ import annotations

from typing import Any

from engine.core.commands import Command

Key = tuple[str, Any]
View = dict[str, Any]


class TableIndex:
    """Where each visible card lies in a view, plus the playmat's phone spaces."""

    def __init__(self, view: View, phones: dict[str, int]) -> None:
        self.view = view
        self.phones = phones  # phone name -> Row space index
        self.where: dict[int, str] = {}
        self.cards: dict[int, dict[str, Any]] = {}
        for name, pile in view["piles"].items():
            for c in pile.get("cards", ()):
                if "id" in c:
                    self.where[c["id"]] = name
                    self.cards[c["id"]] = c

    @property
    def active(self) -> int:
        return int(self.view["active"])

    def name(self, cid: int) -> str:
        c = self.cards.get(cid)
        return c["name"] if c else f"card {cid}"

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
    keys: list[Key] = []
    for s, t in gestures(cmd, ix):
        for k in (s, t):
            if k is not None and k not in keys:
                keys.append(k)
    v, args = cmd.verb, cmd.args
    if v in ("use", "buytime", "evade") and ("card", args[0]) not in keys:
        keys.append(("card", args[0]))
    if v == "choose":
        dec = ix.view.get("decision") or {}
        opts = dec.get("options", [])
        label = opts[int(args[0])] if int(args[0]) < len(opts) else ""
        for p in ix.view["players"]:
            if p["name"] == label:
                keys.append(("pile", f"p{p['seat']}.avatar"))
    return keys


def describe(cmd: Command, ix: TableIndex) -> str:
    """The command in words, for menus, tooltips and the status bar."""
    v, args = cmd.verb, cmd.args
    card = ix.name(int(args[0])) if args and isinstance(args[0], int) else ""
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
    if v == "fight":
        return f"Fight {card}"
    if v == "complete":
        return f"Complete {card}" + (f" paying {args[1].title()}" if len(args) > 1 else "")
    if v == "buytime":
        return f"Buy Time against {card}"
    if v == "evade":
        return f"Pay to Evade {card}"
    if v == "use":
        return f"Use {card}'s once-this-turn effect"
    if v == "sacrifice":
        return f"Sacrifice {card}"
    if v == "solo-discard":
        return f"Discard {card} to draw a card"
    if v == "objective":
        return "Complete the Objective"
    if v == "minor-victory":
        return "Take the Minor Victory"
    if v == "end":
        return "End the Action Phase"
    if v == "choose":
        dec = ix.view.get("decision") or {}
        opts = dec.get("options", [])
        k = int(args[0])
        return f"Choose: {opts[k]}" if k < len(opts) else f"Choose option {k + 1}"
    return cmd.text()
