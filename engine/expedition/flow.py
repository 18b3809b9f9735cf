"""The Matrix Phase as a stack of tasks (run by the core ``TaskRunner``).

A Player Turn (EX-TURN-01): ``turn`` pushes the Discovery Procedure (before a player's first
turn, EX-DISC-01), the Guide (EX-GUIDE-01), placing Encounters (EX-PLACE), returning chits
(EX-RETURN) and the first Event, then waits for ``move`` (step ``move``). The move pushes the
second Event, dealing with the new slot (Finding first, EX-TURN-02), Humility (EX-HUM) and the end
of the turn, which passes play on in Turn Track order (EX-TURN-04..06).
"""
from __future__ import annotations

from typing import Any

from engine.core.tasks import TaskRunner, take_answer
from engine.expedition import schema
from engine.expedition.grid import (
    DIRECTIONS,
    END,
    NUMBERED,
    SLOTS,
    START,
    diagonals,
    direction_of,
    distance,
    ray,
)
from engine.expedition.state import GUIDE_LIMIT, HUMILITY_GAP, out_pile, region_pile, slot_pile
from engine.expedition.table import Table, slot_text

Task = dict[str, Any]
RUNNER: TaskRunner[Table] = TaskRunner()
op = RUNNER.op


def run(t: Table) -> None:
    """Run the flow until a player must act or the Matrix Phase is over."""
    RUNNER.run(t)


def start(t: Table) -> None:
    """The first Player Turn of the first player in Turn Track order."""
    t.push({"op": "turn", "seat": 0})


def _slot(x: Any) -> tuple[int, int]:
    return (int(x[0]), int(x[1]))


# --- the turn ---------------------------------------------------------------------------------


@op("turn")
def turn(t: Table, task: Task) -> None:
    seat = task["seat"]
    sh = t.sheet(seat)
    t.s.current = seat
    t.s.memo = {}
    sh.turns += 1
    t.emit("turn_started", f"{sh.name}'s Player Turn {sh.turns}", seat=seat, turn=sh.turns)
    steps: list[Task] = [] if sh.discovered else [{"op": "discover", "seat": seat}]
    steps += [{"op": "guide", "seat": seat}, {"op": "place", "seat": seat}, {"op": "sweep", "seat": seat},
              {"op": "event", "seat": seat, "n": 1}, {"op": "await_move", "seat": seat}]
    t.push(*steps)


@op("discover")
def discover(t: Table, task: Task) -> None:
    """EX-DISC-02/03: an Event in each of the 18 slots, row by row; keep only legal Discoveries."""
    seat = task["seat"]
    laid = []
    for slot in SLOTS:
        if slot in (START, END):
            continue
        cid = t.draw("events", seat, slot_pile(seat, slot), f"Discovery Procedure, slot {slot_text(slot)}")
        if cid is not None:
            laid.append((slot, cid))
    for slot, cid in laid:
        if t.kind(cid) != "discovery":
            t.give_back_at(seat, slot, cid, "EX-DISC-03", "only Discoveries stay")
        elif not t.legal_here(seat, cid):
            t.give_back_at(seat, slot, cid, "EX-DISC-05", "none of its dots matches the region")
    t.sheet(seat).discovered = True


@op("guide")
def guide(t: Table, task: Task) -> None:
    """EX-GUIDE-01: with a Guide and 8 Time or less, once per Game Turn: +2 Time, flip the Guide."""
    seat = task["seat"]
    sh = t.sheet(seat)
    if not sh.guide or sh.guide_flipped or sh.time > GUIDE_LIMIT:
        return
    k = take_answer(task)
    if k is None:
        t.ask(task, seat, f"{sh.name}: use your Guide to gain 2 Time?", ("Use the Guide: +2 Time", "Keep it"),
              "EX-GUIDE-01", "guide")
        return
    if k == 0:
        sh.guide_flipped = True
        t.emit("guide_flipped", f"{sh.name} flips the Guide", seat=seat)
        t.change(seat, "time", 2, "the Guide")


def came_from(t: Table, seat: int) -> str | None:
    """EX-PLACE-02: the direction of the Arrow's slot from the Explorer (None: no Arrow yet)."""
    sh = t.sheet(seat)
    if sh.arrow is None or distance(sh.arrow, sh.pos) != 1:
        return None
    return direction_of(_slot(sh.pos), _slot(sh.arrow))


def placement_slots(t: Table, seat: int) -> list[tuple[int, int]]:
    """EX-PLACE-01/04/06, EX-RUMOR-05: the two nearest slots per direction but the one the Explorer
    came from, that are empty and outside the Wasteland."""
    pos = _slot(t.sheet(seat).pos)
    back = came_from(t, seat)
    waste = t.wasteland(seat)
    out = []
    for d in DIRECTIONS:
        if d == back:
            continue
        out += [s for s in ray(pos, d) if not t.at(seat, s) and s not in waste]
    return out


def telescope_slots(t: Table, seat: int) -> list[tuple[int, int]]:
    """EX-PLACE-07: the empty slots diagonally next to the Explorer (outside the Wasteland)."""
    waste = t.wasteland(seat)
    return [s for s in diagonals(_slot(t.sheet(seat).pos)) if not t.at(seat, s) and s not in waste]


@op("place")
def place(t: Table, task: Task) -> None:
    """EX-PLACE: Encounters into the chosen slots, strictly in reading order (EX-PLACE-05)."""
    seat = task["seat"]
    slots = placement_slots(t, seat)
    if t.sheet(seat).telescope:
        diag = telescope_slots(t, seat)
        if len(diag) > 1:
            k = take_answer(task)
            if k is None:
                task["slots"] = [list(s) for s in diag]
                t.ask(task, seat, f"{t.seat_name(seat)}: which slot does the Telescope fill?",
                      [f"slot {slot_text(s)}" for s in diag], "EX-PLACE-07", "slot")
                return
            slots.append(diag[k])
        elif diag:
            slots.append(diag[0])
    for slot in sorted(slots):
        if t.draw("encounters", seat, slot_pile(seat, slot), f"Encounter for slot {slot_text(slot)}") is None:
            break


@op("sweep")
def sweep(t: Table, task: Task) -> None:
    """EX-RETURN-01..04: return illegal chits, those under the Arrow and those 3+ steps away;
    Discoveries and the activated Rumor stay."""
    seat = task["seat"]
    sh = t.sheet(seat)
    pos = _slot(sh.pos)
    arrow = None if sh.arrow is None else _slot(sh.arrow)
    for slot in SLOTS:
        for cid in list(t.at(seat, slot)):
            if t.kind(cid) == "discovery" or cid == sh.rumor:
                continue
            if not t.legal_here(seat, cid):
                t.give_back_at(seat, slot, cid, "EX-RETURN-01", "none of its dots matches the region")
            elif slot == arrow:
                t.give_back_at(seat, slot, cid, "EX-RETURN-02", "it is under the Arrow")
            elif distance(slot, pos) >= 3:
                t.give_back_at(seat, slot, cid, "EX-RETURN-03", "three or more slots from the Explorer")
    t.drop_orphan_rumors(seat)


@op("await_move")
def await_move(t: Table, task: Task) -> None:
    t.s.step = "move"


def move_targets(t: Table, seat: int) -> list[tuple[int, int]]:
    """EX-MOVE-01..03: the orthogonal neighbours, and the slot itself only on End here."""
    pos = _slot(t.sheet(seat).pos)
    out = [s for s in SLOTS if distance(s, pos) == 1]
    if pos == END:
        out.append(pos)
    return sorted(out)


def do_move(t: Table, seat: int, target: tuple[int, int]) -> None:
    """EX-MOVE-04: pay 1 Time, move, put the Arrow in the slot left; then steps 4 and 5."""
    sh = t.sheet(seat)
    t.s.step = ""
    t.change(seat, "time", -1, "moving (EX-MOVE-04)")
    frm = _slot(sh.pos)
    if target != frm:
        sh.arrow = list(frm)
        sh.pos = list(target)
        t.emit("explorer_moved", f"{sh.name} moves to {slot_text(target)}", seat=seat, frm=list(frm),
               to=list(target), arrow=list(frm))
    else:
        t.emit("explorer_stayed", f"{sh.name} stays on End here", seat=seat, at=list(frm))
    t.push({"op": "event", "seat": seat, "n": 2}, {"op": "resolve", "seat": seat},
           {"op": "release", "seat": seat}, {"op": "humility", "seat": seat}, {"op": "finish", "seat": seat})


# --- Events -----------------------------------------------------------------------------------


@op("event")
def event(t: Table, task: Task) -> None:
    """EX-EVENT-01: draw the first (n=1, old slot) or second (n=2, new slot) Event and deal with it."""
    seat, n = task["seat"], task["n"]
    cid = task.get("chit")
    if cid is None:
        cid = t.draw("events", seat, out_pile(seat), "first Event" if n == 1 else "second Event")
        if cid is None:
            if n == 2:
                _return_first(t, seat)
            return
        task["chit"] = cid
    kind = t.kind(cid)
    if kind == "incident":
        if n == 1:
            _first_incident(t, seat, cid)
        elif not _second_incident(t, task, seat, cid):
            return  # waiting for the duplicate choice
    elif kind == "finding":
        if not _finding(t, task, seat, cid, n):
            return
    elif kind == "discovery":
        t.give_back(cid, out_pile(seat), "EX-EVENT-09", "a Discovery drawn as an Event is ignored")
    else:
        if not _rumor(t, task, seat, cid, n):
            return
    if n == 2:
        _return_first(t, seat)


def _cost(done: dict[str, int]) -> bool:
    """EX-EVENT-04: whether applying an Incident took something that counts as a cost."""
    return any(v < 0 and k in schema.COSTS for k, v in done.items())


def _first_incident(t: Table, seat: int, cid: int) -> None:
    """EX-EVENT-02/03: apply it and keep it out until the second Event is drawn."""
    chit = t.chit(cid)
    assert isinstance(chit, schema.Incident)
    done = t.apply_changes(seat, chit.changes, chit.name)
    t.s.memo.update(first=cid, first_cost=_cost(done))


def _second_incident(t: Table, task: Task, seat: int, cid: int) -> bool:
    """EX-EVENT-04/05/06; False while the duplicate choice is pending."""
    chit = t.chit(cid)
    assert isinstance(chit, schema.Incident)
    memo = t.s.memo
    first = memo.get("first")
    same = first is not None and t.s.defs[first] == t.s.defs[cid]
    ignore = False
    if same:
        k = take_answer(task)
        if k is None:
            has = t.sheet(seat).resources > 0
            t.ask(task, seat, f"{t.seat_name(seat)}: {chit.name} again. Apply it again, or ignore it?",
                  ("Apply it again", "Ignore it and return a random Resource" if has
                   else "Ignore it (you have no Resource to return)"), "EX-EVENT-05", "duplicate")
            return False
        ignore = k == 1
    if ignore:
        t.emit("incident_ignored", f"{t.seat_name(seat)} ignores the second {chit.name}", seat=seat, chit=cid)
        t.change(seat, "resources", -1, "ignoring a repeated Incident (EX-EVENT-05)")
        t.give_back(cid, out_pile(seat), "EX-EVENT-05", "the repeated Incident is ignored")
        return True
    done = t.apply_changes(seat, chit.changes, chit.name)
    if first is not None and memo.get("first_cost") and _cost(done):
        t.change(seat, "dp", 1, "two costly Incidents (EX-EVENT-04)")
    memo.update(held=cid, held_taken={k: -v for k, v in done.items() if v < 0})
    if chit.impassable:
        memo["impassable"] = True
        t.emit("impassable", f"{chit.name}: the Encounter in {t.seat_name(seat)}'s slot cannot be reached",
               seat=seat, chit=cid)
    return True


def _return_first(t: Table, seat: int) -> None:
    """EX-EVENT-03: the first Incident goes back once the second Event is drawn."""
    first = t.s.memo.get("first")
    if first is not None and first in t.s.piles[out_pile(seat)]:
        t.give_back(first, out_pile(seat), "EX-EVENT-03", "the second Event has been drawn")


def finding_slots(t: Table, seat: int, n: int) -> list[tuple[int, int]]:
    """EX-EVENT-07/08, EX-RUMOR-05: first Event: any slot but the Explorer's; second: only the
    Explorer's; never in the Wasteland nor on a Finding."""
    pos = _slot(t.sheet(seat).pos)
    waste = t.wasteland(seat)
    pool = [s for s in SLOTS if s != pos] if n == 1 else [pos]
    return [s for s in pool if s not in waste and t.kind_at(seat, s, "finding") is None]


def _finding(t: Table, task: Task, seat: int, cid: int, n: int) -> bool:
    return _place_event(t, task, seat, cid, finding_slots(t, seat, n), "EX-EVENT-07",
                        f"where does the {t.chit(cid).name} go?",
                        ("EX-EVENT-08", "the Finding cannot be placed"))


def _place_event(t: Table, task: Task, seat: int, cid: int, slots: list[tuple[int, int]], rule: str,
                 question: str, refusal: tuple[str, str]) -> bool:
    """Put a drawn Event into one of ``slots`` (the player picks when there are several), or return
    it (``refusal``: rule and reason) when there is none. False while the choice is pending."""
    if not slots:
        t.give_back(cid, out_pile(seat), *refusal)
        return True
    if len(slots) == 1:
        where = slots[0]
    else:
        k = take_answer(task)
        if k is None:
            task["slots"] = [list(s) for s in slots]
            t.ask(task, seat, f"{t.seat_name(seat)}: {question}", [f"slot {slot_text(s)}" for s in slots],
                  rule, "slot")
            return False
        where = slots[k]
    t.put(cid, out_pile(seat), slot_pile(seat, where),
          f"{t.chit(cid).name} is placed in slot {slot_text(where)} ({rule})")
    return True


def rumor_hosts(t: Table, seat: int, n: int) -> list[tuple[int, int]]:
    """EX-RUMOR-01: slots with a Village or Kingdom and no Rumor; first Event: not the Explorer's
    slot, second Event: only there."""
    pos = _slot(t.sheet(seat).pos)
    pool = [s for s in SLOTS if s != pos] if n == 1 else [pos]
    return [s for s in pool
            if any(t.is_host(c) for c in t.at(seat, s)) and t.kind_at(seat, s, "rumor") is None]


def _rumor(t: Table, task: Task, seat: int, cid: int, n: int) -> bool:
    if t.sheet(seat).rumor_activated:
        t.give_back(cid, out_pile(seat), "EX-RUMOR-03", "a Rumor has activated this Game Turn")
        return True
    return _place_event(t, task, seat, cid, rumor_hosts(t, seat, n), "EX-RUMOR-01",
                        "which Village or Kingdom hears the Rumor?",
                        ("EX-RUMOR-01", "no Village or Kingdom can take it"))


# --- dealing with the new slot ------------------------------------------------------------------


@op("resolve")
def resolve(t: Table, task: Task) -> None:
    """EX-TURN-01 step 5: the activated Rumor (EX-RUMOR-08), else Finding, Discovery, Encounter."""
    seat = task["seat"]
    sh = t.sheet(seat)
    pos = _slot(sh.pos)
    if sh.rumor is not None and sh.rumor in t.at(seat, pos):
        t.push({"op": "claim", "seat": seat})
        return
    t.push({"op": "deal", "seat": seat, "what": "finding"}, {"op": "deal", "seat": seat, "what": "discovery"},
           {"op": "deal", "seat": seat, "what": "encounter"})


@op("deal")
def deal(t: Table, task: Task) -> None:
    """Deal with one chit of the Explorer's slot (EX-TURN-02/03)."""
    seat, what = task["seat"], task["what"]
    pos = _slot(t.sheet(seat).pos)
    cid = task.get("chit", t.kind_at(seat, pos, what))
    if cid is None:
        return
    task["chit"] = cid
    if what == "encounter":
        _encounter(t, task, seat, pos, cid)
    else:
        _wonder(t, task, seat, pos, cid)


def _wonder(t: Table, task: Task, seat: int, pos: tuple[int, int], cid: int) -> None:
    """EX-EVENT-10 (after EX-RUMOR-06/07): 2 DP, 1 Time, and the chit goes onto the region."""
    sh = t.sheet(seat)
    if not task.get("dealt"):
        if sh.rumor is not None and not task.get("shifted"):
            task["shifted"] = True
            shift_rumor(t, seat)
            if cid not in t.at(seat, pos):
                return  # EX-RUMOR-07: swept away first: no DP, no Time
        chit = t.chit(cid)
        assert isinstance(chit, (schema.Finding, schema.Discovery))
        t.change(seat, "dp", chit.dp, f"dealing with {chit.name} (EX-EVENT-10)")
        t.change(seat, "time", -chit.hourglass, f"the hourglass of {chit.name} (EX-EVENT-10)")
        t.put(cid, slot_pile(seat, pos), region_pile(seat), f"{chit.name} goes onto {sh.name}'s region")
        task["dealt"] = True
        if not (isinstance(chit, schema.Discovery) and chit.kingdom):
            return
        task["liked"] = _likes_you(t, seat, chit.likes_you_on or 7, chit.name)
    if task.get("liked"):
        task["liked"] = False
        rumor = t.kind_at(seat, pos, "rumor")
        if rumor is not None and rumor != sh.rumor:
            activate(t, seat, rumor)
    t.drop_orphan_rumors(seat)  # the Kingdom has gone onto the region: its Rumor cannot stay
    _offer_guide(t, task, seat)


def _encounter(t: Table, task: Task, seat: int, pos: tuple[int, int], cid: int) -> None:
    sh = t.sheet(seat)
    memo = t.s.memo
    chit = t.chit(cid)
    assert isinstance(chit, schema.Encounter)
    if memo.get("impassable"):
        t.emit("encounter_unreached", f"{chit.name} cannot be reached this turn (Impassable)", seat=seat,
               chit=cid)
        return
    if not task.get("dealt"):
        task["dealt"] = True
        t.emit("encounter", f"{sh.name} deals with {chit.name}", seat=seat, chit=cid, name=chit.name)
        t.apply_changes(seat, chit.changes, chit.name)
        if chit.dp:
            t.change(seat, "dp", chit.dp, chit.name)
        if chit.soothes and memo.get("held") is not None:
            for counter, amount in memo.get("held_taken", {}).items():
                t.change(seat, counter, amount, f"{chit.name} undoes the held Incident (EX-EVENT-06)")
            memo["held_taken"] = {}
        if chit.type == "village":
            assert chit.likes_you_on is not None
            task["liked"] = _likes_you(t, seat, chit.likes_you_on, chit.name)
    if task.get("liked"):
        rumor = t.kind_at(seat, pos, "rumor")
        if rumor is not None and rumor != sh.rumor:
            activate(t, seat, rumor)
            task["liked"] = False
    if chit.type == "village" and not _offer_guide(t, task, seat):
        return
    if cid in t.at(seat, pos):
        t.give_back_at(seat, pos, cid, "EX-TURN-03", "the Encounter has been dealt with")
    t.drop_orphan_rumors(seat)


def _likes_you(t: Table, seat: int, need: int, name: str) -> bool:
    n = t.d6(seat, f"does {name} like you? ({need}+)")
    liked = n >= need
    t.emit("likes_you" if liked else "likes_you_not",
           f"{name} {'likes' if liked else 'does not like'} {t.seat_name(seat)}", seat=seat)
    return liked


def _offer_guide(t: Table, task: Task, seat: int) -> bool:
    """EX-GUIDE-03: at a Village or Kingdom, a player with no Guide may take one. False while asked."""
    sh = t.sheet(seat)
    if sh.guide or task.get("guide_offered"):
        return True
    k = take_answer(task)
    if k is None:
        t.ask(task, seat, f"{sh.name}: take a Guide here?", ("Take a Guide", "No Guide"), "EX-GUIDE-03",
              "guide")
        return False
    task["guide_offered"] = True
    if k == 0:
        sh.guide, sh.guide_flipped = True, False
        t.emit("guide_gained", f"{sh.name} gains a Guide", seat=seat)
    return True


@op("release")
def release(t: Table, task: Task) -> None:
    """EX-EVENT-06: the held second Incident goes back once the Encounter is dealt with."""
    seat = task["seat"]
    held = t.s.memo.get("held")
    if held is not None and held in t.s.piles[out_pile(seat)]:
        t.give_back(held, out_pile(seat), "EX-EVENT-06", "the Encounter has been dealt with")


# --- Rumors and the Wasteland ------------------------------------------------------------------


def roll_rumor_slot(t: Table, seat: int, why: str) -> tuple[int, int] | None:
    """EX-RUMOR-02/06: a d6 names a numbered slot; reroll while the Explorer or a Discovery is
    there. None when every numbered slot is so taken (then the Rumor does not move)."""
    pos = _slot(t.sheet(seat).pos)

    def blocked(s: tuple[int, int]) -> bool:
        return s == pos or t.kind_at(seat, s, "discovery") is not None

    if all(blocked(s) for s in NUMBERED.values()):
        return None
    while True:
        slot = NUMBERED[t.d6(seat, why)]
        if not blocked(slot):
            return slot


def _move_rumor(t: Table, seat: int, rumor: int, to: tuple[int, int]) -> None:
    frm = t.slot_of(seat, rumor)
    if frm is None or frm == to:
        return
    t.put(rumor, slot_pile(seat, frm), slot_pile(seat, to),
          f"The activated Rumor moves to slot {slot_text(to)}")


def scorch(t: Table, seat: int) -> None:
    """EX-RUMOR-05/07: the Wasteland returns the Encounters and Findings in it (no DP for them)."""
    for slot in t.wasteland(seat):
        for cid in list(t.at(seat, slot)):
            if t.kind(cid) in ("encounter", "finding"):
                t.give_back_at(seat, slot, cid, "EX-RUMOR-05", "it lies in the Wasteland")
    t.drop_orphan_rumors(seat)


def activate(t: Table, seat: int, rumor: int) -> None:
    """EX-RUMOR-02..05: move the Rumor to a rolled numbered slot; it is activated; the other
    Rumors go back; its Wasteland clears."""
    sh = t.sheet(seat)
    to = roll_rumor_slot(t, seat, "where the Rumor leads")
    if to is not None:
        _move_rumor(t, seat, rumor, to)
    sh.rumor = rumor
    sh.rumor_activated = True
    t.emit("rumor_activated", f"{sh.name}'s Rumor is activated", seat=seat, chit=rumor,
           slot=list(t.slot_of(seat, rumor) or ()))
    for slot in SLOTS:
        for cid in list(t.at(seat, slot)):
            if t.kind(cid) == "rumor" and cid != rumor:
                t.give_back_at(seat, slot, cid, "EX-RUMOR-03", "another Rumor has activated")
    scorch(t, seat)


def shift_rumor(t: Table, seat: int) -> None:
    """EX-RUMOR-06/07: before a Finding or Discovery is dealt with, the activated Rumor moves."""
    rumor = t.sheet(seat).rumor
    assert rumor is not None
    to = roll_rumor_slot(t, seat, "the activated Rumor moves")
    if to is not None:
        _move_rumor(t, seat, rumor, to)
    scorch(t, seat)


@op("claim")
def claim(t: Table, task: Task) -> None:
    """EX-RUMOR-08..10: return the Rumor, draw and apply a Special Discovery; Time is up unless the
    Wildman saves the player."""
    seat = task["seat"]
    sh = t.sheet(seat)
    rumor = sh.rumor
    assert rumor is not None
    slot = t.slot_of(seat, rumor)
    assert slot is not None
    t.give_back_at(seat, slot, rumor, "EX-RUMOR-08", "the Explorer has entered it")
    cid = t.draw("specials", seat, region_pile(seat), "a Special Discovery (EX-RUMOR-08)")
    if cid is not None:
        chit = t.chit(cid)
        assert isinstance(chit, schema.Special)
        t.change(seat, "dp", chit.dp, chit.name)
        t.apply_changes(seat, chit.changes, chit.name)
    if sh.wildman:
        sh.wildman = False
        t.emit("wildman", f"The Wildman saves {sh.name}: their Time is not up (EX-RUMOR-10)", seat=seat)
        return
    if sh.time:
        t.change(seat, "time", -sh.time, "Time is up after a Special Discovery (EX-RUMOR-10)")
    sh.ended_by = "special"


# --- Humility and the end of the turn ------------------------------------------------------------


def humility_targets(t: Table, seat: int) -> list[int]:
    """EX-HUM-01/05/06: other players with 6+ DP more, not yet targeted on this occasion; none
    solo or with no Time left."""
    sh = t.sheet(seat)
    if len(t.s.sheets) < 2 or sh.time <= 0:
        return []
    done = t.s.memo.get("humbled", [])
    return [i for i, o in enumerate(t.s.sheets)
            if i != seat and i not in done and o.dp - sh.dp >= HUMILITY_GAP]


@op("humility")
def humility(t: Table, task: Task) -> None:
    """EX-HUM: at the end of the turn, target players with 6+ DP more, each once, 1 Time and 3
    Events each; one Incident among them may hit the target."""
    seat = task["seat"]
    if "target" not in task:
        targets = humility_targets(t, seat)
        if not targets:
            return
        k = take_answer(task)
        if k is None:
            options = [f"Humility against {t.seat_name(i)} ({t.sheet(i).dp} DP)" for i in targets]
            task["targets"] = targets
            t.ask(task, seat, f"{t.seat_name(seat)}: use Humility?", [*options, "No Humility"],
                  "EX-HUM-01", "humility")
            return
        if k == len(targets):
            return
        target = targets[k]
        t.s.memo.setdefault("humbled", []).append(target)
        task["target"] = target
        t.emit("humility", f"{t.seat_name(seat)} uses Humility against {t.seat_name(target)}", seat=seat,
               target=target)
        t.change(seat, "time", -1, "Humility (EX-HUM-02)")
        draws = (t.draw("events", seat, out_pile(seat), "Humility") for _ in range(3))
        drawn = [c for c in draws if c is not None]
        task["drawn"] = drawn
    target, drawn = task["target"], task["drawn"]
    incidents = [c for c in drawn if t.kind(c) == "incident"]
    if incidents:
        k = take_answer(task)
        if k is None:
            t.ask(task, seat, f"{t.seat_name(seat)}: which Incident does {t.seat_name(target)} suffer?",
                  [*(t.chit(c).name for c in incidents), "None"], "EX-HUM-03", "humility_incident")
            return
        if k < len(incidents):
            chit = t.chit(incidents[k])
            assert isinstance(chit, schema.Incident)
            t.emit("suffers", f"{t.seat_name(target)} suffers {chit.name} (EX-HUM-03)", seat=target,
                   chit=incidents[k])
            t.apply_changes(target, chit.changes, f"{chit.name}, by Humility")
    for c in drawn:
        t.give_back(c, out_pile(seat), "EX-HUM-04", "Humility's Events are all returned")
    t.push({"op": "humility", "seat": seat})


@op("finish")
def finish(t: Table, task: Task) -> None:
    """EX-TURN-04..06: a player whose Time is up stops (the Guide is returned, EX-GUIDE-02); play
    passes to the next player in Turn Track order whose Time is not up."""
    seat = task["seat"]
    sh = t.sheet(seat)
    t.s.memo = {}
    if sh.time <= 0 and not sh.done:
        time_up(t, seat)
    n = len(t.s.sheets)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not t.sheet(nxt).done:
            t.push({"op": "turn", "seat": nxt})
            return
    t.s.result = "over"
    t.s.step = ""
    t.emit("phase_over", "Every player's Time is up: the Matrix Phase is over (EX-TURN-06)",
           dp=[x.dp for x in t.s.sheets])


def time_up(t: Table, seat: int) -> None:
    """The end of a player's Matrix exploration: the Guide goes back (EX-GUIDE-02); the chits left
    in their Matrix go back to their cups."""
    sh = t.sheet(seat)
    sh.done = True
    sh.ended_by = sh.ended_by or "time"
    t.emit("time_up", f"{sh.name}'s Time is up (EX-TURN-05)", seat=seat)
    if sh.guide:
        sh.guide = sh.guide_flipped = False
        t.emit("guide_returned", f"{sh.name}'s Guide is returned (EX-GUIDE-02)", seat=seat)
    sh.rumor = None
    for slot in SLOTS:
        for cid in list(t.at(seat, slot)):
            t.give_back(cid, slot_pile(seat, slot), "EX-TURN-06", "the player's exploration is over")
