"""Player commands: one check (a Rejection naming the rule, or None), one perform and one
generator of the legal commands each, registered explicitly in ``ACTIONS`` with ``register``.

Checks run in a fixed order: game not over, no decision pending, right side, right step, then the
card condition. A generator lists, from the state, exactly the commands its check accepts now (with
explicit seats); the fuzz tests hold the two together.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core.actions import ActionRegistry, Check, Legal, check_choose, legal_choices
from engine.core.commands import Command, command
from engine.core.results import Rejection
from engine.replay import rules, schema
from engine.replay.rules import STEP_OWNER, Table, other
from engine.replay.state import HUMANS, MACHINES, SIDE_NAMES, pp

SeatCheck = Callable[[Table, Command, int], Rejection | None]
SeatPerform = Callable[[Table, Command, int], None]


def is_open(t: Table) -> bool:
    """No decision pending and the game goes on: the step's commands may be legal."""
    return not t.s.result and t.s.decision is None


ACTIONS: ActionRegistry[Table] = ActionRegistry(is_open)

STEP_TEXT = {
    "zion_draw": "the Humans' Zion Phase draw", "zion_deploy": "the Humans' Zion Phase (deploying)",
    "zero_one_draw": "the Machines' Zero-One Phase draw",
    "zero_one_deploy": "the Machines' Zero-One Phase (deploying)", "switch": "the Switch Phase",
    "mission_choice": "the Mission segment", "unplug": "the end of the Matrix Phase (removing counters)",
    "contest": "a roll contest",
}
GAME_RESULT = {"humans": "the Humans won", "machines:neo": "the Machines won: Neo was killed",
               "machines:neb": "the Machines won: the Nebuchadnezzar was destroyed",
               "machines:zion": "the Machines won: Zion fell"}


def R(rule: str, reason: str) -> Rejection:
    return Rejection(rule, reason)


def register(verb: str, usage: str, perform: SeatPerform, legal: Legal[Table], *,
             gated: bool = True) -> Callable[[SeatCheck], SeatCheck]:
    """Register ``verb``: the decorated check, ``perform`` and ``legal``, each given the side that
    issues the command."""
    def deco(check: SeatCheck) -> SeatCheck:
        ACTIONS.add(verb, usage, _seated(check), lambda t, cmd: perform(t, cmd, t.command_seat(cmd)),
                    legal, gated=gated)
        return check
    return deco


def _seated(check: SeatCheck) -> Check[Table]:
    def run(t: Table, cmd: Command) -> Rejection | None:
        seat = t.command_seat(cmd)
        if seat is None:
            return _gate(t) or R("COMMAND", "nobody is to act")
        return check(t, cmd, seat)
    return run


def describe_step(t: Table) -> str:
    s = t.s
    if s.step == "contest" and s.contest is not None:
        return f"the {s.contest.kind.capitalize()} contest"
    return STEP_TEXT.get(s.step, s.phase)


# --- shared preconditions ------------------------------------------------------------------------


def _gate(t: Table) -> Rejection | None:
    s = t.s
    if s.result:
        return R("MR-GEN-06", f"the game is over ({GAME_RESULT.get(s.result, s.result)})")
    if s.decision is not None:
        return R(s.decision.rule or "MR-GEN-06",
                 f"waiting for the {SIDE_NAMES[s.decision.seat]} to decide: {s.decision.prompt}")
    return None


def _at_step(t: Table, seat: int, steps: tuple[str, ...], rule: str, what: str) -> Rejection | None:
    """The command belongs to one of ``steps``, and that step is ``seat``'s."""
    s = t.s
    if s.step not in steps:
        return R(rule, f"{what}; now it is {describe_step(t)}")
    owner = s.contest.to_act if s.step == "contest" and s.contest is not None else STEP_OWNER[s.step][0]
    if seat != owner:
        rule = STEP_OWNER.get(s.step, (owner, rule))[1]
        return R(rule, f"it is the {SIDE_NAMES[owner]}' move in {describe_step(t)}, "
                 f"not the {SIDE_NAMES[seat]}'")
    return None


def _card_arg(t: Table, cmd: Command, what: str) -> tuple[int | None, Rejection | None]:
    if cmd.args and isinstance(cmd.args[0], int) and 0 <= cmd.args[0] < len(t.s.defs):
        return cmd.args[0], None
    return None, R("COMMAND", f"name the {what} by its card number, e.g. '{cmd.verb} 12'")


def _owned_step(t: Table, cmd: Command, seat: int, steps: tuple[str, ...], rule: str, what: str,
                pile: str) -> tuple[int | None, Rejection | None]:
    """Gate, step and a card argument found in ``seat``'s ``pile``."""
    if (r := _gate(t)) is not None or (r := _at_step(t, seat, steps, rule, what)) is not None:
        return None, r
    cid, r = _card_arg(t, cmd, "card")
    if r is not None:
        return None, r
    assert cid is not None
    if cid not in t.s.piles[pp(seat, pile)]:
        where = {"hand": "hand", "deck": "deck", "play": "cards in play", "discard": "discard pile"}[pile]
        return None, R(rule, f"card #{cid} is not in the {SIDE_NAMES[seat]}' {where}")
    return cid, None


def _distinct(t: Table, cards: list[int]) -> list[int]:
    """One card per definition (identical copies make identical commands)."""
    seen: set[str] = set()
    out = []
    for c in sorted(cards):
        d = t.def_id(c)
        if d not in seen:
            seen.add(d)
            out.append(c)
    return out


def _step_seat(t: Table, *steps: str) -> int | None:
    """The side whose step it is, when it is one of ``steps`` (else None)."""
    s = t.s
    return STEP_OWNER[s.step][0] if s.step in steps else None


# --- draw phases: take, draw, recall, deploy, done --------------------------------------------------


def _after_draw(t: Table, seat: int) -> None:
    t.shuffle(seat)  # MR-TURN-04/05: shuffle the deck afterwards
    t.s.step = "zion_deploy" if seat == HUMANS else "zero_one_deploy"


def do_take(t: Table, cmd: Command, seat: int) -> None:
    cid = int(cmd.args[0])
    t.s.piles[pp(seat, "deck")].remove(cid)
    t.hand(seat).append(cid)
    t.emit("card_taken", f"{SIDE_NAMES[seat]} take a card of their choice from their deck", seat=seat)
    _after_draw(t, seat)


def legal_take(t: Table) -> Iterator[Command]:
    if (seat := _step_seat(t, "zion_draw", "zero_one_draw")) is not None:
        for c in _distinct(t, t.s.piles[pp(seat, "deck")]):
            yield command("take", (c,), seat)


@register("take", "take CARD: take any card from your deck (Zion / Zero-One Phase)", do_take, legal_take)
def check_take(t: Table, cmd: Command, seat: int) -> Rejection | None:
    rule = "MR-TURN-04" if seat == HUMANS else "MR-TURN-05"
    _, r = _owned_step(t, cmd, seat, ("zion_draw", "zero_one_draw"), rule,
                       "you take a card from your deck in your own draw phase (Zion / Zero-One)", "deck")
    return r


def do_draw(t: Table, cmd: Command, seat: int) -> None:
    t.draw(seat, 2)
    _after_draw(t, seat)


def legal_draw(t: Table) -> Iterator[Command]:
    if (seat := _step_seat(t, "zion_draw", "zero_one_draw")) is not None:
        yield command("draw", (), seat)


@register("draw", "draw: draw the top 2 cards of your deck (Zion / Zero-One Phase)", do_draw, legal_draw)
def check_draw(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if (r := _gate(t)) is not None:
        return r
    rule = "MR-TURN-04" if seat == HUMANS else "MR-TURN-05"
    return _at_step(t, seat, ("zion_draw", "zero_one_draw"), rule,
                    "you draw in your own draw phase (Zion / Zero-One)")


def do_recall(t: Table, cmd: Command, seat: int) -> None:
    cid = int(cmd.args[0])
    t.move(cid, pp(seat, "discard"), pp(seat, "hand"),
           f"The Machines take {t.name(cid)} back from their discard")
    _after_draw(t, seat)


def legal_recall(t: Table) -> Iterator[Command]:
    if t.s.step == "zero_one_draw":
        for c in _distinct(t, t.s.piles[pp(MACHINES, "discard")]):
            if t.is_char(c):
                yield command("recall", (c,), MACHINES)


@register("recall", "recall CARD: Machines put a Character from their discard into hand (Zero-One)",
          do_recall, legal_recall)
def check_recall(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if seat != MACHINES:
        return R("MR-TURN-05", "only the Machines may take a Character back from their discard pile")
    cid, r = _owned_step(t, cmd, seat, ("zero_one_draw",), "MR-TURN-05",
                         "a Character is taken back from the discard in the Zero-One Phase", "discard")
    if r is None and cid is not None and not t.is_char(cid):
        return R("MR-TURN-05", f"{t.name(cid)} is not a Character card")
    return r


def do_deploy(t: Table, cmd: Command, seat: int) -> None:
    cid = int(cmd.args[0])
    t.move(cid, pp(seat, "hand"), pp(seat, "play"), f"{SIDE_NAMES[seat]} put {t.name(cid)} into play")


def legal_deploy(t: Table) -> Iterator[Command]:
    if (seat := _step_seat(t, "zion_deploy", "zero_one_deploy")) is not None:
        for c in _distinct(t, t.hand(seat)):
            if t.is_char(c):
                yield command("deploy", (c,), seat)


@register("deploy", "deploy CARD: put a Character from your hand into play (after your draw)", do_deploy,
          legal_deploy)
def check_deploy(t: Table, cmd: Command, seat: int) -> Rejection | None:
    cid, r = _owned_step(t, cmd, seat, ("zion_deploy", "zero_one_deploy"), "MR-CHAR-09",
                         "Characters enter play in your own draw phase, after drawing", "hand")
    if r is None and cid is not None and not t.is_char(cid):
        return R("MR-CHAR-09", f"{t.name(cid)} is not a Character card")
    return r


def do_done(t: Table, cmd: Command, seat: int) -> None:
    t.emit("step_done", f"{SIDE_NAMES[seat]} are done with {describe_step(t)}", seat=seat, step=t.s.step)
    t.s.step = ""


def legal_done(t: Table) -> Iterator[Command]:
    if (seat := _step_seat(t, "zion_deploy", "zero_one_deploy", "switch", "unplug")) is not None:
        yield command("done", (), seat)


@register("done", "done: finish deploying, switching or removing counters", do_done, legal_done)
def check_done(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if (r := _gate(t)) is not None:
        return r
    steps = ("zion_deploy", "zero_one_deploy", "switch", "unplug")
    rule = STEP_OWNER.get(t.s.step, ("", "MR-TURN-01"))[1]
    return _at_step(t, seat, steps, rule, "there is nothing to finish with 'done'")


# --- Matrix counters ------------------------------------------------------------------------------


def do_plug(t: Table, cmd: Command, seat: int) -> None:
    cid = int(cmd.args[0])
    t.s.plugged.add(cid)
    t.emit("matrix_counter", f"{t.name(cid)} plugs into the Matrix", card=cid, plugged=True)


def legal_plug(t: Table) -> Iterator[Command]:
    if t.s.step == "switch":
        for c in t.in_play(HUMANS):
            if t.code(c) == "H" and c not in t.s.plugged:
                yield command("plug", (c,), HUMANS)


@register("plug", "plug CARD: put a Matrix counter on an H character (Switch Phase)", do_plug, legal_plug)
def check_plug(t: Table, cmd: Command, seat: int) -> Rejection | None:
    cid, r = _owned_step(t, cmd, seat, ("switch",), "MR-TURN-09",
                         "Matrix counters are placed only in the Switch Phase", "play")
    if r is not None or cid is None:
        return r
    code = t.code(cid)
    if code == "HB":
        return R("MR-CHAR-03", f"{t.name(cid)} was born free: no plug, never in the Matrix")
    if code == "RP":
        return R("MR-CHAR-04", f"{t.name(cid)} is a program: always in the Matrix, never with a counter")
    if code != "H":
        return R("MR-TURN-07", f"{t.name(cid)} is not a Human character")
    if cid in t.s.plugged:
        return R("MR-TURN-07", f"{t.name(cid)} already carries a Matrix counter")
    return None


def do_unplug(t: Table, cmd: Command, seat: int) -> None:
    cid = int(cmd.args[0])
    t.s.plugged.discard(cid)
    t.emit("matrix_counter", f"{t.name(cid)} unplugs: back in the Real World", card=cid, plugged=False)


def legal_unplug(t: Table) -> Iterator[Command]:
    if t.s.step in ("switch", "unplug"):
        for c in t.in_play(HUMANS):
            if c in t.s.plugged:
                yield command("unplug", (c,), HUMANS)


@register("unplug", "unplug CARD: remove a Matrix counter (Switch Phase, or after a won Escape)", do_unplug,
          legal_unplug)
def check_unplug(t: Table, cmd: Command, seat: int) -> Rejection | None:
    cid, r = _owned_step(t, cmd, seat, ("switch", "unplug"), "MR-TURN-09",
                         "Matrix counters are removed only in the Switch Phase or after a won Escape", "play")
    if r is not None or cid is None:
        return r
    if cid not in t.s.plugged:
        return R("MR-TURN-07", f"{t.name(cid)} carries no Matrix counter")
    return None


# --- missions ---------------------------------------------------------------------------------------


def do_mission(t: Table, cmd: Command, seat: int) -> None:
    rules.start_mission(t, None if cmd.args[0] == "basic" else int(cmd.args[0]))


def legal_mission(t: Table) -> Iterator[Command]:
    if t.s.step != "mission_choice":
        return
    yield command("mission", ("basic",), HUMANS)
    for c in t.hand(HUMANS):
        card = t.card(c)
        if isinstance(card, schema.MissionCard) and mission_problem(t, card) is None:
            yield command("mission", (c,), HUMANS)


@register("mission", "mission CARD|basic: play a Mission card or take the Basic Mission", do_mission,
          legal_mission)
def check_mission(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if (r := _gate(t)) is not None:
        return r
    if (r := _at_step(t, seat, ("mission_choice",), "MR-MISSION-01",
                      "Missions are attempted in the Mission segment of the Matrix Phase")) is not None:
        return r
    if cmd.args == ("basic",):
        return None
    cid, r = _card_arg(t, cmd, "Mission card (or 'basic')")
    if r is not None or cid is None:
        return r
    if cid not in t.hand(HUMANS):
        return R("MR-MISSION-01", f"card #{cid} is not in the Humans' hand")
    card = t.card(cid)
    if not isinstance(card, schema.MissionCard):
        return R("MR-MISSION-01", f"{card.name} is not a Mission card")
    return mission_problem(t, card)


def mission_problem(t: Table, card: schema.MissionCard) -> Rejection | None:
    """Prerequisites (MR-MISSION-08) and Neo going on the Mission (MR-MISSION-03/09/10)."""
    if card.requires_in_play and t.find_in_play(card.requires_in_play) is None:
        need = t.db.cards[card.requires_in_play].name
        return R("MR-MISSION-08", f"{card.name} needs {need} in play")
    if card.requires_completed and card.requires_completed not in t.s.completed:
        need = t.db.cards[card.requires_completed].name
        return R("MR-MISSION-08", f"{card.name} needs {need} completed first")
    neo = t.neo()
    rule = {"real_world": "MR-MISSION-09", "neo_only": "MR-MISSION-10"}.get(card.team, "MR-MISSION-03")
    if neo is None:
        return R(rule, f"Neo must go on {card.name}, and he is not in play")
    if card.neo_in_matrix and neo not in t.s.plugged:
        return R(rule, f"Neo must go on {card.name}: he needs a Matrix counter")
    return None


# --- Events ---------------------------------------------------------------------------------------


def event_option(t: Table, card: schema.EventCard, roll_arg: object = None) -> schema.Modifier | None:
    """The option of ``card`` that applies to the contest being rolled (MR-EVENT-02/03)."""
    k = t.s.contest
    if k is None:
        return None
    fits = [m for m in card.options if m.roll in (k.roll, "any") and roll_arg in (None, m.roll, k.roll)]
    fits.sort(key=lambda m: m.roll == "any")
    return fits[0] if fits else None


def _contest_play_problem(t: Table, seat: int, cid: int, card: schema.EventCard,
                          roll_arg: object) -> Rejection | None:
    k = t.s.contest
    assert k is not None
    if not card.options:
        return R("MR-EVENT-05", f"{card.name} has no roll modifier: it is played outside contests")
    if roll_arg is not None and roll_arg not in schema.ROLLS and roll_arg != "any":
        return R("COMMAND", f"unknown roll type {roll_arg!r}")
    opt = event_option(t, card, roll_arg)
    if opt is None:
        kinds = " or ".join(m.roll.capitalize() for m in card.options)
        return R("MR-EVENT-02", f"{card.name} modifies {kinds} rolls, not this {k.roll.capitalize()} roll")
    if opt.who == "neo":
        neo = t.neo()
        if seat != HUMANS or neo is None or neo not in t.team(HUMANS, k.teams[HUMANS]):
            return R("MR-EVENT-04", f"{card.name} needs Neo in play and taking part in this contest "
                     "(Combat and Mission: in the Matrix; Battle: out of it; not neutralized)")
    if opt.who == "agent_smith":
        smith = t.find_in_play("agent_smith")
        if seat != MACHINES or smith is None or smith not in t.team(MACHINES, k.teams[MACHINES]):
            return R("MR-EFFECT-04", f"{card.name} needs Agent Smith in play and taking part in this contest")
    if opt.who == "each_agent" and not _agents(t, seat):
        return R("MR-EFFECT-06", f"{card.name}: no Agent of yours takes part in this contest")
    for fx in card.effects:
        if isinstance(fx, schema.KillOwnCharacter) and not t.in_play(seat):
            return R("MR-EFFECT-02", f"{card.name} needs one of your Characters in play to discard")
    return None


def _agents(t: Table, seat: int) -> list[int]:
    k = t.s.contest
    assert k is not None
    return [c for c in t.team(seat, k.teams[seat]) if t.code(c) == "A"]


def instant_problem(t: Table, seat: int, card: schema.EventCard) -> Rejection | None:
    """An Event without a roll modifier needs something to act on (MR-EVENT-05 and the card's rule)."""
    opp = other(seat)
    s = t.s
    for fx in card.effects:
        if isinstance(fx, schema.OpponentKillsHumansInMatrix) and \
                not rules.kill_candidates(t, opp, "humans_matrix"):
            return R("MR-EFFECT-10", f"{card.name}: no Human of the opponent is in the Matrix")
        if isinstance(fx, schema.Neutralize) and not rules.neutralize_candidates(t, seat, fx.in_matrix_only):
            where = " in the Matrix" if fx.in_matrix_only else ""
            return R("MR-EFFECT-14", f"{card.name}: no opposing Character{where} to target")
        if isinstance(fx, schema.RetrieveFromDiscard) and not rules.retrieve_candidates(t, seat, fx.what):
            return R("MR-EFFECT-12", f"{card.name}: no {fx.what.capitalize()} in your discard pile")
        if isinstance(fx, schema.SearchDeck) and not rules.search_candidates(t, seat, fx.what):
            return R("MR-EFFECT-12", f"{card.name}: no {fx.what} card left in your deck")
        if isinstance(fx, schema.TimeCounters) and fx.amount < 0 and s.time == 0:
            return R("MR-EFFECT-08", f"{card.name}: the Time Pile is empty")
        if isinstance(fx, schema.OpponentDiscards) and not t.hand(opp):
            return R("MR-EFFECT-09", f"{card.name}: the opponent has no cards in hand")
    return None


def do_play(t: Table, cmd: Command, seat: int) -> None:
    s = t.s
    cid = int(cmd.args[0])
    card = t.card(cid)
    assert isinstance(card, schema.EventCard)
    if s.step == "contest":
        k = s.contest
        assert k is not None
        opt = event_option(t, card, cmd.args[1] if len(cmd.args) > 1 else None)
        assert opt is not None
        t.move(cid, pp(seat, "hand"), pp(seat, "table"), f"{SIDE_NAMES[seat]} play {card.name}")
        amount = opt.amount * (len(_agents(t, seat)) if opt.who == "each_agent" else 1)
        if opt.lasts == "game":  # MR-EFFECT-04
            target = t.neo() if opt.who == "neo" else t.find_in_play("agent_smith")
            assert target is not None
            s.lasting[target] = s.lasting.get(target, 0) + amount
            note = f"{t.name(target)} gets {opt.roll.capitalize()} +{amount} for the rest of the game"
        elif opt.lasts == "turn":  # MR-EFFECT-07
            s.turn_bonus[seat] += amount
            note = f"every {SIDE_NAMES[seat]} roll gets +{amount} for the rest of this turn"
        else:
            k.bonus[seat] += amount
            note = f"+{amount} to the {SIDE_NAMES[seat]} {k.kind.capitalize()} total"
        t.emit("event_played", f"{card.name}: {note}", card=cid, seat=seat, roll=k.roll, amount=amount,
               totals=[t.total(HUMANS), t.total(MACHINES)])
        k.passes = 0
        k.to_act = other(seat)
        rules.push_effects(t, seat, card.effects, cid)
        return
    t.move(cid, pp(seat, "hand"), pp(seat, "discard"), f"{SIDE_NAMES[seat]} play {card.name}")
    t.emit("event_played", f"{SIDE_NAMES[seat]} play {card.name}", card=cid, seat=seat, roll=None, amount=0)
    rules.push_effects(t, seat, card.effects, cid)  # MR-EVENT-05: takes effect at once


def legal_play(t: Table) -> Iterator[Command]:
    """In a contest, the acting side's Events that fit it; at any other step, either side's Events
    without a roll modifier that have something to act on."""
    s = t.s
    if s.step == "contest":
        assert s.contest is not None
        seat = s.contest.to_act
        for c in _distinct(t, t.hand(seat)):
            card = t.card(c)
            if isinstance(card, schema.EventCard) and _contest_play_problem(t, seat, c, card, None) is None:
                yield command("play", (c,), seat)
        return
    if not s.step or s.tasks:
        return
    for seat in (HUMANS, MACHINES):
        for c in _distinct(t, t.hand(seat)):
            card = t.card(c)
            if isinstance(card, schema.EventCard) and not card.options \
                    and instant_problem(t, seat, card) is None:
                yield command("play", (c,), seat)


@register("play", "play CARD [ROLL]: play an Event (in a contest if it modifies rolls, else outside "
          "contests)", do_play, legal_play)
def check_play(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if (r := _gate(t)) is not None:
        return r
    s = t.s
    cid, r = _card_arg(t, cmd, "Event")
    if r is not None or cid is None:
        return r
    if len(cmd.args) > 2:
        return R("COMMAND", "usage: play CARD [ROLL]")
    in_contest = s.step == "contest"
    rule = "MR-EVENT-02" if in_contest else "MR-EVENT-05"
    if cid not in t.hand(seat):
        return R(rule, f"card #{cid} is not in the {SIDE_NAMES[seat]}' hand")
    card = t.card(cid)
    if isinstance(card, schema.CharacterCard):
        return R("MR-CHAR-09", f"{card.name} is a Character: 'deploy' it after your draw")
    if isinstance(card, schema.MissionCard):
        return R("MR-MISSION-01",
                 f"{card.name} is a Mission: attempt it with 'mission' in the Mission segment")
    roll_arg = cmd.args[1] if len(cmd.args) > 1 else None
    if in_contest:
        assert s.contest is not None
        if seat != s.contest.to_act:
            return R("MR-ROLL-02", f"it is the {SIDE_NAMES[s.contest.to_act]}' turn to play or pass")
        return _contest_play_problem(t, seat, cid, card, roll_arg)
    if not s.step or s.tasks:  # pragma: no cover - the flow always stops at a step or a decision
        return R("MR-EVENT-05", "wait until the current step is resolved")
    if card.options:
        kinds = " or ".join(m.roll.capitalize() for m in card.options)
        return R("MR-EVENT-02", f"{card.name} modifies {kinds} rolls: play it during such a contest")
    if roll_arg is not None:
        return R("COMMAND", f"{card.name} modifies no roll: play it without a roll type")
    return instant_problem(t, seat, card)


def do_pass(t: Table, cmd: Command, seat: int) -> None:
    k = t.s.contest
    assert k is not None
    k.passes += 1
    t.emit("passed", f"{SIDE_NAMES[seat]} pass", seat=seat)
    if k.passes >= 2:  # MR-ROLL-02: both passed in a row
        rules.resolve_contest(t)
    else:
        k.to_act = other(seat)


def legal_pass(t: Table) -> Iterator[Command]:
    if t.s.step == "contest":
        assert t.s.contest is not None
        yield command("pass", (), t.s.contest.to_act)


@register("pass", "pass: play no Event now (a contest closes when both sides pass in a row)", do_pass,
          legal_pass)
def check_pass(t: Table, cmd: Command, seat: int) -> Rejection | None:
    if (r := _gate(t)) is not None:
        return r
    return _at_step(t, seat, ("contest",), "MR-ROLL-02", "'pass' is for roll contests")


def do_choose(t: Table, cmd: Command, seat: int) -> None:
    t.answer(seat, int(cmd.args[0]))


def legal_choose(t: Table) -> Iterator[Command]:
    d = t.s.decision
    if not t.s.result and d is not None:
        yield from legal_choices(d, d.seat)


@register("choose", "choose K: answer the pending decision with option K (0-based)", do_choose, legal_choose,
          gated=False)
def check_choose_k(t: Table, cmd: Command, seat: int) -> Rejection | None:
    s = t.s
    over = R("MR-GEN-06", f"the game is over ({GAME_RESULT.get(s.result, s.result)})") if s.result else None
    d = s.decision
    return check_choose(d, over, seat, cmd.args[0] if len(cmd.args) == 1 else None,
                        no_decision_rule="COMMAND", seat_rule=(d.rule if d else "") or "COMMAND",
                        seat_name=t.seat_name)
