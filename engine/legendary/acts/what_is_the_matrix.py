"""Act 1 of The Matrix, What is the Matrix?: freeing Neo (Part 2's Objective, LE-ACT-13) and the
silence of its Event What Good is a Phone Call (LE-CARD-56..58)."""
from __future__ import annotations

from engine.legendary import effects
from engine.legendary.actrules import ActRules, Hint
from engine.legendary.state import pp
from engine.legendary.table import Table

HOVERCRAFT = "hovercraft"  # the Hovercraft stack's deck label


def can_free_neo(t: Table) -> bool:
    """LE-ACT-13's example: while in the Real World, the active player gained a Hovercraft this
    turn or has one in their play area."""
    s = t.s
    if s.players[s.active].in_matrix:
        return False
    mine = [*effects.play_area(t, s.active), *s.turn.gained]
    return any(t.card(c).deck == HOVERCRAFT for c in mine)


def free_neo(t: Table, task: dict) -> None:
    """LE-SETUP-04: Thomas Anderson turns to his Neo side, leaves the Matrix and gains the Free Your
    Mind that was set aside at setup. An Act card's instruction, so no card can keep him in
    (LE-CARD-46)."""
    s = t.s
    for p in s.players:
        av = t.card(p.avatar)
        if p.defeated or not getattr(av, "free_your_mind_out_of_play", False):
            continue
        if p.avatar in s.flipped:
            s.flipped.discard(p.avatar)
            t.emit("avatar_flipped", f"{av.back_name} is freed: he is {av.name}", seat=p.seat,
                   card=p.avatar)
        fym = next((c for c in s.piles["out_of_play"] if t.card(c).kind == "hero"
                    and t.card(c).free_your_mind), None)
        if fym is not None:
            t.move(fym, "out_of_play", pp(p.seat, "discard"), face_up=True,
                   text=f"{t.player_name(p.seat)} gains Free Your Mind")
        effects.set_world(t, p.seat, False, "freed from the Matrix", src=task.get("src"))


def silence_on(t: Table, task: dict) -> None:
    """LE-CARD-56..58: no strategy talk while the card is in Operations (a table rule the GUI shows;
    game actions stay legal)."""
    t.s.mods.silence_source = t.name(task["src"])
    t.emit("silence", "Silence: players may not discuss strategy, gesture or show cards "
           "(game actions are still allowed)", on=True)


def silence_off(t: Table, task: dict) -> None:
    if t.s.mods.silence_source is not None:
        t.s.mods.silence_source = None
        t.emit("silence", "The silence is lifted: players may discuss strategy again", on=False)


ACT = ActRules(
    story="what_is_the_matrix",
    effects={"free_neo": free_neo, "silence_on": silence_on, "silence_off": silence_off},
    queries={"can_free_neo": can_free_neo},
    hints={"can_free_neo": Hint(recruit=frozenset({HOVERCRAFT}))},
)
