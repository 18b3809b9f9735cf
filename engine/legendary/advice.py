"""The hint advisor: what a player could do now and why, in one sentence from the table's facts.

``advise(game, seat, analysis)`` turns the look-ahead bot's ``Analysis``
(``engine.legendary.bots.search_bot``: its best command and the options it weighed, with their
play-out results) into an ``Advice``: the command, the cards and piles it touches (the table
highlights them) and one sentence in our words, e.g. "Fight <an Enemy>: it strikes for 2 Time
when the turn ends, and you have 4 Attack for its 3". Every fact the sentence cites is one the
asking seat may see: face-up cards, its own cards, the public tracks.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.commands import Command
from engine.legendary import effects, flow, strikeplan
from engine.legendary import row as rowmod
from engine.legendary.acts import registry
from engine.legendary.bots.search_bot import Analysis, Option, SearchBot
from engine.legendary.game import LegendaryGame
from engine.legendary.registry import ACTIONS
from engine.legendary.state import pp
from engine.legendary.table import Table


@dataclass(frozen=True)
class Advice:
    """A hint: the command to make, what it touches on the table and why, in one sentence."""

    command: Command
    sentence: str
    cards: tuple[int, ...] = ()  # card ids the command is about (to highlight)
    piles: tuple[str, ...] = ()  # piles or spaces it goes to or acts on (to highlight)
    option: int | None = None  # the decision option it picks (``choose K``)


def snapshot(game: LegendaryGame) -> LegendaryGame:
    """A copy of ``game``'s position for a look-ahead to play on (no log, no undo): whatever the
    search does to it, the game at the table is untouched."""
    return LegendaryGame(game.db, game.state.clone(), track_undo=False)


def goal_of(game: LegendaryGame) -> str:
    """What a look-ahead plays for: the Major Victory in a campaign game (a Minor Victory does not
    move a campaign on, LE-CAMPAIGN-10), any win otherwise."""
    return "major" if game.setup.campaign else "win"


def look_ahead(game: LegendaryGame, seat: int, seed: int = 0) -> Analysis:
    """The look-ahead bot's analysis of ``seat``'s move, reading only what that seat may see; a
    player who asks gets the moves weighed on any table, not only a critical one."""
    return SearchBot(seed, goal=goal_of(game), everywhere=True).analyse(game, seats={seat})


def hint_seed(game: LegendaryGame) -> int:
    """The seed a hint looks ahead with: the same position gets the same hint."""
    return game.setup.seed + len(game.commands)


def hint(game: LegendaryGame, seat: int, seed: int = 0) -> Advice:
    """Look ahead from ``seat``'s view of ``game`` (played on a copy) and advise."""
    return advise(game, seat, look_ahead(snapshot(game), seat, seed))


# --- the sentence ----------------------------------------------------------------------------------

def advise(game: LegendaryGame, seat: int, analysis: Analysis) -> Advice:
    """The advice for ``seat`` from ``analysis``: its best command, what it touches and why."""
    t = game.table()
    cmd = analysis.best
    words = _VERBS.get(cmd.verb, _other)
    head, why = words(t, seat, cmd)
    cite = _cite(t, cmd, analysis.options)
    if cite:
        why = f"{why}; {cite}" if why else cite
    sentence = f"{head}: {why}" if why else head
    cards = tuple(a for a in cmd.args if isinstance(a, int)) if cmd.verb in _CARD_VERBS else ()
    option = int(cmd.args[0]) if cmd.verb == "choose" and cmd.args else None
    return Advice(cmd, sentence, cards, _piles(t, seat, cmd), option)


Words = Callable[[Table, int, Command], tuple[str, str]]  # (what to do, why)
# verbs whose integer arguments are card ids
_CARD_VERBS = frozenset({"play", "recruit", "fight", "complete", "buytime", "evade", "use", "sacrifice",
                         "coordinate", "solo-discard", "defeat-smith"})


def _n(k: int, one: str, many: str | None = None) -> str:
    return f"{k} {one if k == 1 else (many or one + 's')}"


def _card(t: Table, cmd: Command) -> int:
    return int(cmd.args[0])


def _objective_cards(t: Table) -> set[str]:
    """The card ids the current Objective names, and what its Act says works toward it."""
    part = flow.current_part(t)
    obj = part.objective if part is not None else None
    if obj is None:
        return set()
    hint_ = registry().hints.get(obj.hook) if obj.hook else None
    return set(obj.cards) | (set(hint_.cards) if hint_ is not None else set())


def _strike_row(t: Table, cid: int) -> dict[str, Any] | None:
    """The strike forecast's line for ``cid`` when it strikes if the turn ended now."""
    for r in strikeplan.forecast(t)["enemies"]:
        if r["card"] == cid and not r["skipped"] and (r["time_loss"] or r["strike_cards"] or r["ability"]):
            return r
    return None


def _strike_words(r: dict[str, Any]) -> str:
    if r["time_loss"]:
        return f"it strikes for {r['time_loss']} Time when the turn ends"
    if r["strike_cards"]:
        return f"it gives {r['target']} {_n(r['strike_cards'], 'Strike card')} when the turn ends"
    return "its Strike ability goes off when the turn ends"


def _fight(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    s = t.s
    name = t.name(cid)
    need = effects.enemy_attack(t, cid)
    have = s.turn.attack
    r = _strike_row(t, cid)
    if s.defs[cid] in _objective_cards(t):
        why = f"the Objective needs {name} defeated"
    elif r is not None:
        why = _strike_words(r)
    elif (sp := rowmod.space_of(t, cid)) is not None:
        why = f"it is in the Matrix Row ({_n(sp, 'space')} from the Combat Zone) and will come for you"
    elif any(f[0] == cid for f in s.mods.fuses):
        why = "its fuse is lit"
    else:
        why = "it is the worst threat you can reach"
    pay = f"you have {have} Attack" + (f" for its {need}" if need is not None else "")
    return f"Fight {name}", f"{why}, and {pay}"


def _owned(t: Table, seat: int) -> list[int]:
    """The cards of ``seat``'s own deck (draw pile, hand, play area, discard pile)."""
    return [c for p in ("deck", "hand", "play", "discard") for c in t.s.piles[pp(seat, p)]]


def _recruit(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    s = t.s
    have = s.turn.recruit
    if cmd.args and cmd.args[0] == "hovercraft":
        return "Recruit a Hovercraft (3)", f"it is the best use of your {have} Recruit now"
    cid = _card(t, cmd)
    c = t.card(cid)
    head = f"Recruit {t.name(cid)} ({getattr(c, 'cost', 0)})"
    mine = [t.card(x) for x in _owned(t, seat)]
    attack = sum(getattr(x, "attack", 0) for x in mine if x.kind == "hero")
    recruit = sum(getattr(x, "recruit", 0) for x in mine if x.kind == "hero")
    verbs = {fx.get("verb") for fx in t.fx(cid, "effects")}
    objective = _objective_cards(t)
    if getattr(c, "attack", 0) and attack <= recruit:
        why = "your deck needs Attack" + (" for the Objective" if objective else " to fight")
    elif getattr(c, "recruit", 0) and recruit < attack:
        why = "your deck needs Recruit to buy stronger Heroes"
    elif "draw" in verbs:
        why = "it draws cards, so your later hands grow"
    elif "heal_strike" in verbs:
        why = "it heals Strikes"
    elif "raise_time" in verbs:
        why = "it raises the Time Track"
    else:
        why = f"it is the strongest Hero your {have} Recruit buys"
    return head, why


_GAINS = {"gain_recruit": "Recruit", "gain_attack": "Attack"}


def _gains(t: Table, cid: int) -> str:
    """What playing ``cid`` does at once, in words ("gives +2 Attack and draws 1"), or ''."""
    c = t.card(cid)
    gives, does = [], []
    for attr, what in (("recruit", "Recruit"), ("attack", "Attack")):
        if getattr(c, attr, 0):
            gives.append(f"+{getattr(c, attr)} {what}")
    for fx in t.fx(cid, "effects"):
        verb, amount = fx.get("verb", ""), fx.get("amount", 1)
        if verb in _GAINS:
            gives.append(f"+{amount} {_GAINS[verb]}")
        elif verb == "draw":
            does.append(f"draws {amount}")
        elif verb == "heal_strike":
            does.append("heals a Strike")
    parts = ([f"gives {' and '.join(gives)}"] if gives else []) + does
    return " and ".join(parts)


def _play(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    gains = _gains(t, cid)
    what = f"it {gains}" if gains else "its effect helps this turn"
    return f"Play {t.name(cid)}", f"{what}; play your hand before you spend"


def _complete(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    name = t.name(cid)
    if t.s.defs[cid] in _objective_cards(t):
        return f"Complete {name}", "the Objective needs it"
    if cid in t.s.piles["combat"]:
        return f"Complete {name}", "it sits in the Combat Zone and you can pay for it now"
    return f"Complete {name}", "its reward is worth the cost, and you can pay it now"


def _move(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    s = t.s
    if cmd.args == ("matrix",):
        fightable = [c for c, _ in _fightable(t)]
        if fightable:
            there = t.name(fightable[0])
            return "Move into the Matrix", f"{there} is there, and you have {s.turn.attack} Attack"
        return "Move into the Matrix", "the Enemies and Challenges are fought from there"
    why = _leave_words(t)
    if len(cmd.args) > 1:
        phone = str(cmd.args[1])
        where = "the Combat Zone pay phone" if phone == "combat" else f"the {phone.title()} phone"
        return f"Leave the Matrix by {where}", why
    return "Return to the Real World", why


def _leave_words(t: Table) -> str:
    """Why the active player is better off in the Real World now."""
    s = t.s
    fc = strikeplan.forecast(t)
    mine = sum(r["strike_cards"] for r in fc["enemies"] if r["seat"] == s.active and r["where"] == "combat")
    if mine:
        return ("from the Real World the Combat Zone's strikes hit the Time Track, not you "
                f"({_n(mine, 'Strike card')})")
    if s.turn.recruit:
        return f"Heroes are recruited from the Real World, and you have {s.turn.recruit} Recruit"
    return "your work in the Matrix is done this turn"


def _fightable(t: Table) -> list[tuple[int, int]]:
    """Face-up Enemies in the Matrix with the Attack each needs, cheapest first."""
    s = t.s
    out = []
    for cid in list(s.piles["combat"]) + [c for i in range(5) for c in s.piles[f"row.{i}"]]:
        if cid in s.face_up and cid != s.inevitable and t.card(cid).kind == "enemy":
            need = effects.enemy_attack(t, cid)
            if need is not None and need <= s.turn.attack:
                out.append((cid, need))
    return sorted(out, key=lambda x: x[1])


def _scan(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    space = int(cmd.args[0])
    return f"Scan Row space {space + 1}", "a face-down card there is better seen before it reaches the " \
        "Combat Zone"


def _evade(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    r = _strike_row(t, cid)
    why = (_strike_words(r) if r is not None else "it is too strong to fight now") + \
        ", and evading moves it back along the Row"
    return f"Pay to Evade {t.name(cid)}", why


def _buytime(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    r = _strike_row(t, cid)
    why = _strike_words(r) if r is not None else "it would strike this turn"
    return f"Buy Time against {t.name(cid)}", f"{why}, and paying keeps it from striking this turn"


def _coordinate(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    active = t.player_name(t.s.active)
    return f"Coordinate {t.name(cid)} to {active}", f"{active} can use it this turn, and you draw a new card"


def _use(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    return f"Use {t.name(cid)}'s once-a-turn effect", "it is free value this turn"


def _sacrifice(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    return f"Sacrifice {t.name(cid)}", "what it gives now is worth more than the card"


def _solo_discard(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    return f"Discard {t.name(cid)} to draw a card", "alone, a fresh card helps more than this one"


def _objective(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    return "Complete the Objective", f"{flow_part(t)} is done, and the story moves on"


def flow_part(t: Table) -> str:
    part = flow.current_part(t)
    return f"Act {t.s.act} Part {t.s.part}" + (f" ({part.title})" if part is not None and part.title else "")


def _minor(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    return "Take the Minor Victory", f"the Time Track is down to {t.s.time}, and a win now is safer " \
        "than playing on"


def _end(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    s = t.s
    r, a = s.turn.recruit, s.turn.attack
    if r or a:
        left = " or ".join(x for x in (f"{r} Recruit" if r else "", f"{a} Attack" if a else "") if x)
        why = f"nothing left is worth your {left}"
    else:
        why = "you have nothing left to play or spend"
    return "End your turn", why


def _choose(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    d = t.s.decision
    k = int(cmd.args[0])
    if d is None or k >= len(d.options):
        return f"Choose option {k + 1}", ""
    label = d.options[k]
    if d.kind != "yes_no" and "discard" in d.prompt.lower():
        return f"Choose {label}", "it is the card you will miss least"
    return f"Choose \"{label}\"", f"the best answer to \"{d.prompt}\""


def _concede(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    return "Give up this game", "no line of play still wins"


def _time_up(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    steps = int(cmd.args[0]) if cmd.args else 1
    return f"Raise the Time Track {_n(steps, 'step')}", f"Time is down to {t.s.time}, and your Attack " \
        "buys it back"


def _raise_time(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    return "Raise the Time Track", f"Time is down to {t.s.time}, and your Attack buys a step back"


def _time_attack(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    return "Take Attack from the Time Track", f"the Track at {t.s.time} turns into Attack for this turn"


def _time_step(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    way = str(cmd.args[0]) if cmd.args else "up"
    to = t.s.time + (1 if way == "up" else -1)
    return f"Move the Time Track {way} to {to}", "this Part's Objective is reached on the Time Track"


def _fly(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    pool = str(cmd.args[0]).title() if cmd.args else "Recruit"
    got = t.s.mods.beneath_dock
    name = t.name(int(got[0])) if got else "the card beneath the Dock"
    return f"{name}: one position on, paying {pool}", "every position brings it closer to Zion"


def _strike_player(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    target = int(cmd.args[0])
    return f"Make {t.player_name(target)} draw a Strike", "every Strike weakens the other side"


def _defeat_smith(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    cid = _card(t, cmd)
    return f"Defeat {t.name(cid)} for free", "it costs you nothing"


def _other(t: Table, seat: int, cmd: Command) -> tuple[str, str]:
    """A command this module has no words of its own for: its usage line."""
    act = ACTIONS.get(cmd.verb)
    usage = getattr(act, "usage", "") if act is not None else ""
    what = usage.split(":", 1)[1].strip() if ":" in usage else ""
    return cmd.text().capitalize(), what


_VERBS: dict[str, Words] = {
    "fight": _fight, "recruit": _recruit, "play": _play, "complete": _complete, "move": _move,
    "scan": _scan, "evade": _evade, "buytime": _buytime, "coordinate": _coordinate, "use": _use,
    "sacrifice": _sacrifice, "solo-discard": _solo_discard, "objective": _objective,
    "minor-victory": _minor, "end": _end, "choose": _choose, "concede": _concede,
    "time-up": _time_up, "raise-time": _raise_time, "time-attack": _time_attack,
    "time-step": _time_step, "fly": _fly, "strike-player": _strike_player,
    "defeat-smith": _defeat_smith,
}


# --- the look-ahead's numbers --------------------------------------------------------------------

def _short(t: Table, cmd: Command) -> str:
    """A command in a few words, for the comparison ("ending the turn", "fighting Agent Brown")."""
    v = cmd.verb
    if v == "end":
        return "ending the turn"
    if v == "minor-victory":
        return "taking the Minor Victory"
    if v == "objective":
        return "completing the Objective"
    if v == "move":
        return "moving into the Matrix" if cmd.args == ("matrix",) else "leaving the Matrix"
    if v == "scan":
        return f"scanning Row space {int(cmd.args[0]) + 1}"
    if v in _CARD_VERBS and cmd.args and isinstance(cmd.args[0], int):
        gerund = {"fight": "fighting", "recruit": "recruiting", "play": "playing", "complete": "completing",
                  "coordinate": "coordinating", "evade": "evading", "buytime": "buying Time against",
                  "use": "using", "sacrifice": "sacrificing"}.get(v, v)
        return f"{gerund} {t.name(int(cmd.args[0]))}"
    head, _ = _VERBS.get(v, _other)(t, t.s.active, cmd)
    return head[0].lower() + head[1:]


def _cite(t: Table, cmd: Command, options: Sequence[Option]) -> str:
    """What the look-ahead found: the best option's wins, against the best other option."""
    mine = next((o for o in options if o.command == cmd), None)
    if mine is None or not mine.rollouts:
        return ""
    others = [o for o in options if o.command != cmd and o.rollouts]
    if cmd.verb == "minor-victory" and others:
        alt = max(others, key=lambda o: o.value)
        lost = alt.rollouts - alt.wins
        return f"{lost} of {alt.rollouts} look-aheads lose if you play on"
    if not mine.wins and not any(o.wins for o in others):
        return "no look-ahead wins from here, and this line gets furthest" \
            if others and mine.value > max(o.value for o in others) else ""
    text = f"it wins {mine.wins} of {mine.rollouts} look-aheads"
    if others:
        # the rival played out on the same deals, if any (the bot plays its closest rival out more)
        alts = [o for o in others if o.rollouts == mine.rollouts] or others
        alt = next((o for o in alts if o.command.verb == "end"), None) or max(alts, key=lambda o: o.value)
        of = "" if alt.rollouts == mine.rollouts else f" of {alt.rollouts}"
        too = " too" if alt.wins == mine.wins and not of else ""
        text += f", {_short(t, alt.command)} wins {alt.wins}{of}{too}"
    return text


# --- what the command touches on the table ---------------------------------------------------------

def _piles(t: Table, seat: int, cmd: Command) -> tuple[str, ...]:
    v, args = cmd.verb, cmd.args
    if v == "move":
        if args == ("matrix",):
            return ("in_matrix",)
        if len(args) > 1:
            phone = str(args[1])
            spaces = t.db.phone_spaces()
            if phone == "combat":
                return ("combat",)
            return (f"row.{spaces[phone]}",) if phone in spaces else ()
        return (pp(seat, "avatar"),)
    if v == "scan":
        return (f"row.{int(args[0])}",)
    if v == "recruit" and args and args[0] == "hovercraft":
        return ("hovercraft",)
    if v in ("objective", "minor-victory"):
        return ("acts",)
    if v == "strike-player" and args:
        return (pp(int(args[0]), "avatar"),)
    return ()

