"""Act 3 of Revolutions, Everything That Has a Beginning.

Parts 1 and 2 are card data, except Make an Offer to Deus Ex Machina, which blanks every card in
the Matrix Row and the Matrix Deck (LE-CARD-40). Part 3 is the last fight: five Smiths stand in the
Matrix Row (``Modifiers.smith_numbers``, numbers left to right) and the Deletion Program passes through
them from left to right (``Modifiers.smiths_passed``, LE-CARD-16). Whenever the Time Track equals
the leftmost remaining Smith's number, he falls (LE-CARD-18: ``Modifiers.time_watch`` runs
``smiths_watch_time`` after every Time Track change). Players move the Time Track one step with
``time-step``, paying the destination number (LE-CARD-17). The Smiths can't be fought; an effect
may defeat one with ``{ verb = "hook", name = "defeat_a_smith" }`` (LE-CARD-19). At the end of each
turn the Deletion Program deletes the player's hand, play area and discard pile (LE-CARD-20:
``Modifiers.cleanup_deletes``, read by the Cleanup).
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary import traitor
from engine.legendary.acts.base import ActCommand, ActRules, Hint, Restriction
from engine.legendary.state import att, row
from engine.legendary.table import Table

SMITHS = (5, 3, 6, 4, 2)  # the five Smiths' numbers, left to right, as the Part 3 card prints them
DIRECTIONS = {"up": 1, "down": -1}
POOLS = ("recruit", "attack")  # the pool a time-step pays from first; the other covers the rest
TIME_STEP_USAGE = ("time-step up|down [recruit|attack]: in Everything That Has a Beginning Part 3, "
                   "pay Recruit and/or Attack equal to the number the Time Track moves to (the "
                   "named pool first, Recruit unless named)")
ROW_SPACES = 5
MINOR_AFTER = 2  # Smiths the Deletion Program must pass before the Part offers a Minor Victory


# --- Part 3: the Smiths and the Deletion Program ------------------------------------------------


def send_the_deletion_program(t: Table, task: dict) -> None:
    """Part 3's Setup: the five Smiths enter the Matrix Row, the Deletion Program stands at the
    leftmost, and from now on each Cleanup deletes (LE-CARD-16, LE-CARD-20)."""
    m = t.s.mods
    m.smith_numbers = SMITHS
    m.smiths_passed = 0
    m.time_watch = "smiths_watch_time"
    m.cleanup_deletes = True
    t.emit("smiths_entered", "Five Smiths stand in the Matrix Row: "
           + ", ".join(str(n) for n in SMITHS), smiths=list(SMITHS))
    smiths_fall(t)


def leftmost_smith(t: Table) -> int | None:
    """The number of the leftmost Smith still standing, or None (none in play, or all passed)."""
    m = t.s.mods
    return m.smith_numbers[m.smiths_passed] if m.smiths_passed < len(m.smith_numbers) else None


def _pass_smith(t: Table, why: str) -> None:
    m = t.s.mods
    number = m.smith_numbers[m.smiths_passed]
    m.smiths_passed += 1
    t.emit("smith_defeated", f"The Smith numbered {number} is defeated ({why}); the Deletion "
           f"Program has passed {m.smiths_passed} of {len(m.smith_numbers)}", number=number,
           index=m.smiths_passed - 1, passed=m.smiths_passed)


def smiths_fall(t: Table) -> None:
    """LE-CARD-18: while the Time Track equals the leftmost remaining Smith's number, he falls, so
    several can fall at once (two neighbours with the same number)."""
    if t.s.result:
        return
    while (n := leftmost_smith(t)) is not None and t.s.time == n:
        _pass_smith(t, f"the Time Track is at {n}")


def smiths_watch_time(t: Table, task: dict) -> None:
    """Run after every Time Track change while the Smiths stand (``Modifiers.time_watch``)."""
    smiths_fall(t)


def defeat_a_smith(t: Table, task: dict) -> None:
    """LE-CARD-19: an effect (I Have Beaten You Before) defeats the leftmost remaining Smith; the
    Deletion Program passes him, and the next may then fall to the Time Track at once."""
    if leftmost_smith(t) is None:
        t.emit("no_smith", "No Smith stands in the Matrix Row")
        return
    src = task.get("src")
    _pass_smith(t, f"{t.name(src)} defeats him" if src is not None else "an effect defeats him")
    smiths_fall(t)


def smiths_all_deleted(t: Table) -> bool:
    """Part 3's Objective: the Deletion Program has passed all five Smiths."""
    m = t.s.mods
    return bool(m.smith_numbers) and m.smiths_passed >= len(m.smith_numbers)


# --- Make an Offer to Deus Ex Machina (LE-CARD-40) ----------------------------------------------


def offer_to_deus_ex_machina(t: Table, task: dict) -> None:
    """Every card now in the Matrix Row or the Matrix Deck loses its abilities for the rest of the
    game, wherever it goes (the default of LE-CARD-40). The Inevitable is never targeted
    (LE-INEVITABLE-05), nor a Traitor Mode card shuffled in (Secrets Revealed: the third still
    reveals everyone, LE-TRAITOR-12)."""
    s = t.s
    piles = ("matrix_deck", *(row(i) for i in range(ROW_SPACES)), *(att(i) for i in range(ROW_SPACES)))
    cards = {c for p in piles for c in s.piles.get(p, ())
             if c != s.inevitable and t.card(c).deck != traitor.DECK}
    s.blank |= cards
    t.emit("abilities_blanked", f"The deal is made: {len(cards)} cards in the Matrix Row and the "
           "Matrix Deck lose their abilities", count=len(cards))


# --- time-step: move the Time Track one step, paying the destination number (LE-CARD-17) -------


def _parse(cmd: Command) -> tuple[int, str] | None:
    args = cmd.args
    if not 1 <= len(args) <= 2 or args[0] not in DIRECTIONS or (len(args) == 2 and args[1] not in POOLS):
        return None
    return DIRECTIONS[args[0]], (args[1] if len(args) == 2 else "recruit")


def check_time_step(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    if not s.mods.smith_numbers:
        return Rejection("LE-CARD-17", "only in Everything That Has a Beginning Part 3 may you pay to "
                         "move the Time Track")
    parsed = _parse(cmd)
    if parsed is None:
        return Rejection("LE-CARD-17", f"usage: {TIME_STEP_USAGE}")
    if leftmost_smith(t) is None:
        return Rejection("LE-CARD-16", "the Deletion Program has passed all five Smiths: the "
                         "Time Track no longer needs moving")
    dest = s.time + parsed[0]
    if s.turn.recruit + s.turn.attack < dest:
        return Rejection("LE-CARD-17", f"moving the Time Track from {s.time} to {dest} costs {dest} "
                         f"Recruit and/or Attack, and you have {s.turn.recruit} Recruit and "
                         f"{s.turn.attack} Attack")
    return None


def do_time_step(t: Table, cmd: Command) -> None:
    s = t.s
    parsed = _parse(cmd)
    assert parsed is not None
    step, first = parsed
    dest = s.time + step
    other = "attack" if first == "recruit" else "recruit"
    from_first = min(getattr(s.turn, first), dest)
    setattr(s.turn, first, getattr(s.turn, first) - from_first)
    setattr(s.turn, other, getattr(s.turn, other) - (dest - from_first))
    t.pool_changed()
    t.change_time(step, f"{t.player_name(s.active)} pays {dest}")


def part_3_under_way(t: Table) -> bool:
    return bool(t.s.mods.smith_numbers)


def minor_victory_earned(t: Table, cmd: Command) -> Rejection | None:
    """Our Part 3 card: the Minor Victory is offered once the Deletion Program has passed
    ``MINOR_AFTER`` Smiths (LE-ACT-14: an Act says when it offers one)."""
    passed = t.s.mods.smiths_passed
    if cmd.verb == "minor-victory" and passed < MINOR_AFTER:
        return Rejection("LE-ACT-14", f"the Minor Victory is offered once the Deletion Program has passed "
                         f"{MINOR_AFTER} Smiths ({passed} so far)")
    return None


def time_step_candidates(t: Table) -> Iterator[Command]:
    if leftmost_smith(t) is not None:
        for direction in DIRECTIONS:
            for pool in POOLS:
                yield Command("time-step", (direction, pool))


ACT = ActRules(
    story="everything_that_has_a_beginning",
    effects={"send_the_deletion_program": send_the_deletion_program,
             "smiths_watch_time": smiths_watch_time, "defeat_a_smith": defeat_a_smith,
             "offer_to_deus_ex_machina": offer_to_deus_ex_machina},
    queries={"smiths_all_deleted": smiths_all_deleted},
    restrictions=(Restriction(part_3_under_way, minor_victory_earned),),
    commands=(ActCommand("time-step", TIME_STEP_USAGE, check_time_step, do_time_step,
                         time_step_candidates),),
    hints={"smiths_all_deleted": Hint()},
)
