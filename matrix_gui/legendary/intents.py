"""Gestures and commands of the Legendary playmat: which drag (subject -> target) or click stands for
which engine command, declared once in ``GESTURES`` (both directions derive from it).

This module knows no rules. It only says which *gesture* means which *command*; whether the command
is legal is always asked of the engine (``legal_commands()`` / ``check()``). Items on the table are
named by keys:

``("card", id)`` a visible card, ``("pile", name)`` a pile or space, ``("rsi", seat)`` an RSI standee,
``("pool", seat)`` the active player's Recruit/Attack token, ``("phone", name)`` a phone
(``subway``, ``alley``, ``combat``) and ``("option", k)`` an option of the pending decision.
"""
from __future__ import annotations

from engine.core.commands import Command
from matrix_gui.cardindex import CardIndex, Key, View, gesture_keys, in_words, option
from matrix_gui.gestures import Gesture, GestureSet, Vars, Via

# commands in fixed words ({card}: the card the command is about)
WORDS = {"fight": "Fight {card}", "buytime": "Buy Time against {card}", "evade": "Pay to Evade {card}",
         "use": "Use {card}'s once-this-turn effect", "sacrifice": "Sacrifice {card}",
         "solo-discard": "Discard {card} to draw a card", "objective": "Complete the Objective",
         "minor-victory": "Take the Minor Victory", "end": "End the Action Phase",
         "concede": "Give up this game (everyone loses)",
         "defeat-smith": "Defeat {card} for free (no Smith player remains)"}


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


CARD = ("card", "{card}")
MY_PLAY = ("pile", "p{me}.play")
MY_DISCARD = ("pile", "p{me}.discard")
POOL = ("pool", "{me}")
RSI = ("rsi", "{me}")
HOVERCRAFT = ("pile", "hovercraft")


def _lies(v: Vars, ix: TableIndex) -> str:
    """The pile the command's card lies in ('' when the view does not show it)."""
    return ix.where.get(v.get("card", -1), "")


def _in_other_hand(v: Vars, ix: TableIndex) -> bool:
    src = _lies(v, ix)
    return src.endswith(".hand") and src != f"p{v['me']}.hand"


def _in_dock(v: Vars, ix: TableIndex) -> bool:
    return _lies(v, ix).startswith("dock.")


def _playable_from(v: Vars, ix: TableIndex) -> bool:
    return not _in_dock(v, ix) and not _in_other_hand(v, ix)


def _in_my_hand(v: Vars, ix: TableIndex) -> bool:
    return _lies(v, ix) == f"p{v['me']}.hand"


def _hand_owner(v: Vars, ix: TableIndex) -> int | None:
    src = _lies(v, ix)
    return int(src[1:src.index(".")]) if src.endswith(".hand") else None


def _kind(kind: str):  # noqa: ANN202 - a ``when`` test
    return lambda v, ix: ix.cards.get(v.get("card", -1), {}).get("kind", "") == kind


def _flying(ix: TableIndex) -> dict[int, int]:
    """The card travelling beneath the Dock, by the seat that may fly it: ``{active: card}``
    (empty when nothing travels there; the view's ``modifiers``)."""
    got = (ix.view.get("modifiers") or {}).get("beneath_dock")
    return {} if got is None else {ix.active: int(got[0])}


FLYING = ("card", Via("me", _flying))


def _phone_piles(ix: TableIndex) -> dict[str, str]:
    """Each phone by the pile it stands on: the Combat Zone's pay phone, the Row's phone spaces."""
    return {"combat": "combat", **{name: f"row.{i}" for name, i in ix.phones.items()}}


TIME_TRACK = ("pile", "time")

# Every gesture of the playmat, declared once (see matrix_gui.gestures): best first for a drop.
GESTURES = GestureSet([
    Gesture("coordinate", (("{card}",),), ((CARD, MY_PLAY),), _in_other_hand, _hand_owner),
    Gesture("recruit", (("hovercraft",),), ((HOVERCRAFT, MY_DISCARD), (HOVERCRAFT, MY_PLAY))),
    Gesture("recruit", (("{card}",),), ((CARD, MY_DISCARD), (CARD, MY_PLAY)), _in_dock),
    Gesture("play", (("{card}",),), ((CARD, MY_PLAY),), _playable_from),
    Gesture("solo-discard", (("{card}",),), ((CARD, MY_DISCARD),), _in_my_hand),
    Gesture("move", (("matrix",),), ((RSI, ("pile", "in_matrix")),)),
    Gesture("move", (("real",),), ((RSI, ("pile", "p{me}.avatar")),)),
    Gesture("move", (("real", "{phone}"),), ((RSI, ("phone", "{phone}")),
                                             (RSI, ("pile", Via("phone", _phone_piles))))),
    Gesture("scan", (("{space}",),), ((POOL, ("pile", "row.{space}")), (("pile", "row.{space}"), POOL))),
    Gesture("fight", (("{card}",),), ((POOL, CARD), (CARD, POOL), (CARD, ("pile", "defeated_enemies"))),
            _kind("enemy")),
    # the card beneath the Dock flies one position, paid from either pool (LE-CARD-22)
    Gesture("fly", (("recruit",), ("attack",)), ((POOL, FLYING), (FLYING, POOL))),
    # an Act's Time Track offers (LE-CARD-50/51): the Attack token onto the Time Track raises it one
    # step a drop; the Time Track's own action (double-click, Enter) takes Attack from it
    Gesture("time-up", ((1,),), ((POOL, TIME_TRACK),)),
    Gesture("time-attack", ((),), ((TIME_TRACK, None),)),
    Gesture("complete", (("{card}",), ("{card}", "recruit"), ("{card}", "attack")),
            ((POOL, CARD), (CARD, POOL), (CARD, ("pile", "discarded"))), _kind("challenge")),
    Gesture("defeat-smith", (("{card}",),), ((CARD, ("pile", "defeated_enemies")), (POOL, CARD)),
            _kind("enemy")),
    # Traitor modes: spend Attack on another player (LE-TRAITOR-14)
    Gesture("strike-player", (("{seat}",),), ((POOL, ("pile", "p{seat}.avatar")),)),
    Gesture("sacrifice", (("{card}",),), ((CARD, ("pile", "defeated_heroes")),)),
    Gesture("choose", (("{k}",),), ((("option", "{k}"), None),)),
], me=lambda cmd, ix: None if ix is None else ix.active)
gestures = GESTURES.gestures
intended = GESTURES.intended


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


IN_PLAY = ("row.", "combat", "operations", "real_world")  # where Enemies and Challenges are met


def usual(key: Key, ix: TableIndex) -> list[Command]:
    """What a player usually does with an item (play a card in hand, recruit from the Dock, fight an
    Enemy, complete a Challenge, scan a Row space, move the RSI): candidates only, legal or not. The
    context menu asks the engine's ``check`` of each and greys out the refused with its reason."""
    kind, value = key
    if kind == "pile" and isinstance(value, str) and value.startswith("row."):
        return [Command("scan", (int(value[4:]),))]
    if kind == "pile" and value == "hovercraft":
        return [Command("recruit", ("hovercraft",))]
    if kind == "rsi" and value == ix.active:
        phones = [*ix.phones, "combat"]
        return [Command("move", ("matrix",)), *(Command("move", ("real", p)) for p in phones)]
    if kind != "card" or not isinstance(value, int):
        return []
    pile = ix.where.get(value, "")
    card_kind = ix.cards.get(value, {}).get("kind", "")
    if pile == f"p{ix.active}.hand":
        return [Command("play", (value,))]
    owner = int(pile[1:pile.index(".")]) if pile.endswith(".hand") else None
    if owner is not None:
        return [Command("coordinate", (value,), owner)]
    if pile.startswith("dock."):
        return [Command("recruit", (value,))]
    met = pile.startswith(IN_PLAY) or pile.endswith(".beside")
    if met and card_kind == "enemy":
        return [Command("fight", (value,))]
    if met and card_kind == "challenge":
        return [Command("complete", (value,))]
    return []


def describe(cmd: Command, ix: TableIndex) -> str:
    """The command in words, for menus, tooltips and the status bar."""
    return in_words(cmd, ix, WORDS, _own_words)


def _own_words(cmd: Command, ix: TableIndex, card: str) -> str | None:
    v, args = cmd.verb, cmd.args
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
    if v == "fly":
        got = (ix.view.get("modifiers") or {}).get("beneath_dock")
        name = ix.cards.get(int(got[0]), {}).get("name", "the card") if got else "the card"
        return f"{name}: fly one position toward Zion, paying {str(args[0]).title() if args else 'Recruit'}"
    if v == "time-step" and args and args[0] in ("up", "down"):
        to = int(ix.view["time"]) + (1 if args[0] == "up" else -1)
        first = str(args[1]).title() if len(args) > 1 else "Recruit"
        return f"Move the Time Track {args[0]} to {to}, paying {first} first"
    if v == "complete":
        return f"Complete {card}" + (f" paying {args[1].title()}" if len(args) > 1 else "")
    if v == "strike-player":
        seat = int(args[0])
        health = ix.view["players"][seat]["health"]
        return f"Pay {health} Attack: {ix.player_name(seat)} draws a Strike"
    return None
