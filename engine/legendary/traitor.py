"""The Traitor modes (LE-TRAITOR, LE-SMITH): Ignorance is Bliss and Me, Me, Me.

A mode is declared like an Act (an ``ActRules`` in the Act registry): its card effects, its
command (a player strikes another, LE-TRAITOR-14), its restrictions (LE-TRAITOR-24/25) and its
defeat rule. Setup calls ``minideck_extras`` and ``deal`` when ``LegendarySetup.traitor`` names a
mode. Who the Traitor is follows from where I Choose the Matrix lies, never from a public fact:
views show the hidden card to its owner only (engine/legendary/view.py).
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary.acts.attack_payments import attack_refused
from engine.legendary.acts.base import ActCommand, ActRules, Restriction
from engine.legendary.state import pp
from engine.legendary.table import Table

DECK = "traitor_mode"  # the Traitor Mode cards' Deck Label: never dealt as a player's chosen Avatar
IGNORANCE = "ignorance_is_bliss"
ME_ME_ME = "me_me_me"
MODES = {IGNORANCE: "Ignorance is Bliss", ME_ME_ME: "Me, Me, Me"}
SEATS = range(3, 6)  # LE-TRAITOR-01

LOYALISTS = ("traitor_youre_out", "traitor_morpheus_set_us_free", "traitor_the_matrix_isnt_real",
             "traitor_youre_gonna_burn")
THE_MATRIX = "traitor_i_choose_the_matrix"
SECRETS = "traitor_secrets_revealed"
SMITH_AVATAR = "assimilated_smith"
SECRETS_PER_ACT = {2: 1, 3: 2}  # LE-TRAITOR-03
SMITH_ACT = 2  # LE-SMITH-01
CARD_IDS = (*LOYALISTS, THE_MATRIX, SECRETS, SMITH_AVATAR)

# The Act Parts whose restrictions bind the Traitor (LE-TRAITOR-24/25): story, Part, what.
SMITH_PART = ("he_is_the_one", 2)
SOURCE_PART = ("the_source", 1)


def hidden(seat: int) -> str:
    """The pile beside a player's Avatar holding their face-down Traitor Mode card (LE-TRAITOR-07)."""
    return pp(seat, "hidden")


def mode(t: Table) -> str | None:
    return t.s.setup.get("traitor")


def setup_problem(mode_id: str | None, players: int) -> str | None:
    """Why a Traitor mode cannot be set up, or None (LE-TRAITOR-01)."""
    if mode_id is None:
        return None
    if mode_id not in MODES:
        return f"LE-TRAITOR-01: unknown Traitor mode {mode_id!r} (known: {', '.join(MODES)})"
    if players not in SEATS:
        return f"LE-TRAITOR-01: {MODES[mode_id]} needs 3 to 5 players, not {players}"
    return None


def minideck_extras(mode_id: str | None, act: int) -> list[str]:
    """The Traitor Mode cards shuffled into Act ``act``'s mini-deck (LE-TRAITOR-03, LE-SMITH-01)."""
    if mode_id == IGNORANCE:
        return [SECRETS] * SECRETS_PER_ACT.get(act, 0)
    if mode_id == ME_ME_ME and act == SMITH_ACT:
        return [SMITH_AVATAR]
    return []


def deal(t: Table, take: object) -> None:
    """LE-TRAITOR-04..07: with 3 players one loyalist goes back to the box unseen; the rest are
    shuffled with I Choose the Matrix and one is dealt face down beside each Avatar; a leftover card
    goes back to the box. ``take(def_id, pile)`` moves a card of that definition out of the box."""
    n = len(t.s.players)
    if mode(t) != IGNORANCE:
        return
    loyal = list(LOYALISTS)
    if n == 3:
        loyal.pop(t.below(len(loyal)))
    pool = [*loyal, THE_MATRIX]
    order = list(range(len(pool)))
    rnd = random.Random(t.below(2**31))
    rnd.shuffle(order)
    for seat in range(n):
        take(pool[order[seat]], hidden(seat))  # type: ignore[operator]


# --- who is who -----------------------------------------------------------------------------------


def seat_of(t: Table, def_id: str) -> int | None:
    """The seat whose piles hold the card ``def_id`` (None: in the box, removed or in play)."""
    s = t.s
    for name, cards in s.piles.items():
        if name.startswith("p") and "." in name and any(s.defs[c] == def_id for c in cards):
            return int(name[1:name.index(".")])
    return None


def traitor_seat(t: Table) -> int | None:
    """The Traitor (LE-TRAITOR-06): the undefeated holder of I Choose the Matrix, if any."""
    if mode(t) != IGNORANCE:
        return None
    seat = seat_of(t, THE_MATRIX)
    return seat if seat is not None and not t.s.players[seat].defeated else None


def smith_seats(t: Table) -> list[int]:
    """The undefeated Assimilated Smith players (LE-SMITH-03/09)."""
    return [x for x in t.s.mods.smiths if not t.s.players[x].defeated]


def against_the_team(t: Table, seat: int) -> bool:
    """The Traitor, or an Assimilated Smith player (LE-SMITH-07: in the Traitor's place)."""
    return seat == traitor_seat(t) or seat in smith_seats(t)


def role(t: Table, seat: int) -> dict[str, str] | None:
    """What ``seat`` knows of its own side in a Traitor mode, for that seat's view only: ``side``
    (traitor, smith, team), ``title`` ("You are the Traitor") and ``goal`` (how that side wins, with
    the rule). None outside a Traitor mode. A seat always knows its own hidden card (LE-TRAITOR-06)."""
    m = mode(t)
    if m is None:
        return None
    if seat in t.s.mods.smiths:
        return {"side": "smith", "title": "You are an Assimilated Smith",
                "goal": "you win once every other player is defeated (LE-SMITH-05)"}
    if m == IGNORANCE and seat_of(t, THE_MATRIX) == seat:
        return {"side": "traitor", "title": "You are the Traitor",
                "goal": "you side with the Machines and win once every other player is defeated, "
                        "by playing I Choose the Matrix (LE-TRAITOR-09, LE-TRAITOR-17)"}
    if m == IGNORANCE:
        return {"side": "team", "title": "You are loyal",
                "goal": "the team wins only with a Major Victory in every Act, and one of you may be "
                        "the Traitor (LE-TRAITOR-08)"}
    return {"side": "team", "title": "You are with the team",
            "goal": "whoever reveals Assimilated Smith is assimilated and turns against the rest "
                    "(LE-SMITH-03)"}


# --- revealing hidden cards -------------------------------------------------------------------------


def unrevealed(t: Table) -> list[int]:
    return [x for x in t.living() if t.s.piles.get(hidden(x))]


def reveal_hidden(t: Table, seat: int, why: str) -> None:
    """The player shows their hidden card and gains it to the top of their deck (LE-TRAITOR-10)."""
    pile = t.s.piles.get(hidden(seat)) or []
    for cid in list(pile):
        t.move(cid, hidden(seat), pp(seat, "deck"), face_up=False,
               text=f"{t.player_name(seat)} reveals {t.name(cid)} ({why})")
        t.emit("hidden_revealed", f"{t.player_name(seat)} reveals {t.name(cid)}", seat=seat, card=cid,
               name=t.name(cid), traitor=t.s.defs[cid] == THE_MATRIX)


def secrets_revealed(t: Table, task: dict) -> None:
    """LE-TRAITOR-10..12: the first two pick a player to reveal (the second, one who has not yet);
    the third reveals everyone still hiding."""
    s = t.s
    if "answer" in task:
        seat = task["options"][task.pop("answer")]
        task.pop("asked", None)
        reveal_hidden(t, seat, "Secrets Revealed")
        return
    s.mods.secrets_revealed += 1
    n = s.mods.secrets_revealed
    waiting = unrevealed(t)
    if n >= 3:
        for seat in waiting:
            reveal_hidden(t, seat, "Secrets Revealed")
        return
    options = t.living() if n == 1 else waiting
    if not options:
        return
    task["options"] = options
    rule = "LE-TRAITOR-10" if n == 1 else "LE-TRAITOR-11"
    t.ask(task, s.active, "Secrets Revealed: who reveals their hidden card?",
          [t.player_name(x) for x in options], rule, "player")


def secrets_cleared(t: Table, cards: list[int]) -> None:
    """LE-TRAITOR-13 (default): each Secrets Revealed an Act card cleared from the Matrix Deck before
    it appeared resolves as if revealed, in order."""
    if mode(t) != IGNORANCE:
        return
    lost = [c for c in cards if t.s.defs[c] == SECRETS]
    t.push(*({"op": "fx", "fx": {"verb": "hook", "name": "secrets_revealed"}, "src": c, "seat": t.s.active}
             for c in lost))  # in order, the top card first


def choose_the_matrix(t: Table, task: dict) -> None:
    """LE-TRAITOR-17: played once every other player is defeated, I Choose the Matrix wins."""
    seat = task["seat"]
    if mode(t) == IGNORANCE and t.living() == [seat]:
        t.end_game("traitor", "LE-TRAITOR-17", f"{t.player_name(seat)}, the Traitor, chose the Matrix")


# --- defeat -----------------------------------------------------------------------------------------


def on_defeat(t: Table, seat: int, src: int | None) -> bool:
    """Before a player is defeated in a Traitor mode (True: the defeat is replaced)."""
    if mode(t) == ME_ME_ME:
        return _smith_defeat(t, seat, src)
    if mode(t) != IGNORANCE:
        return False
    return _traitor_defeat(t, seat)


def _traitor_defeat(t: Table, seat: int) -> bool:
    """Ignorance is Bliss: the hidden card is revealed (LE-TRAITOR-15); the Traitor's defeat heals
    the team (LE-TRAITOR-18); the Traitor left alone gains I Choose the Matrix to the top of their
    deck (LE-TRAITOR-17, default). The defeat goes on."""
    s = t.s
    was_traitor = seat == traitor_seat(t)
    reveal_hidden(t, seat, "defeated")
    if was_traitor:
        t.emit("traitor_defeated", f"{t.player_name(seat)} was the Traitor", seat=seat)
        heal_the_team(t, exclude=seat, rule="LE-TRAITOR-18")
        return False
    traitor = traitor_seat(t)
    if traitor is not None and [x for x in t.living() if x != seat] == [traitor]:
        reveal_hidden(t, traitor, "the last loyal player falls")
        where = next((p for p in (pp(traitor, n) for n in ("discard", "hand", "play", "deck"))
                      if any(s.defs[c] == THE_MATRIX for c in s.piles[p])), None)
        if where is not None and where != pp(traitor, "hand"):
            cid = next(c for c in s.piles[where] if s.defs[c] == THE_MATRIX)
            t.move(cid, where, pp(traitor, "deck"), text=f"{t.player_name(traitor)} gains {t.name(cid)}")
    return False


# --- Me, Me, Me (LE-SMITH) -------------------------------------------------------------------------


def is_smith_enemy(t: Table, cid: int | None) -> bool:
    """An Enemy with "Smith" in its name (LE-SMITH-08/09/11)."""
    if cid is None or not 0 <= cid < len(t.s.defs):
        return False
    c = t.card(cid)
    return c.kind == "enemy" and "Smith" in c.name


def _smith_card(t: Table) -> int | None:
    return next((c for c, d in enumerate(t.s.defs) if d == SMITH_AVATAR), None)


def assimilate(t: Table, task: dict) -> None:
    """LE-SMITH-03/04: revealed from the Matrix Deck, Assimilated Smith leaves the Row (default)
    and becomes the active player's Avatar; they heal every Strike and their turn jumps to Cleanup."""
    from engine.legendary import flow, row

    s = t.s
    cid, seat = task["src"], s.active
    where = row.in_matrix_area(t, cid)
    if where is None or s.players[seat].defeated:
        return
    old = s.players[seat].avatar
    t.move(old, pp(seat, "avatar"), "out_of_play", text=f"{t.player_name(seat)} is assimilated")
    t.move(cid, where, pp(seat, "avatar"), face_up=True)
    s.players[seat].avatar = cid
    s.mods.smiths = (*s.mods.smiths, seat)
    t.emit("assimilated", f"{t.player_name(seat)} is assimilated by Smith", seat=seat, rule="LE-SMITH-04")
    _heal(t, seat)
    s.turn.skip_to_cleanup = True
    if s.phase == "action":
        flow.end_action_phase(t)


def _heal(t: Table, seat: int) -> None:
    s = t.s
    for cid in list(s.piles[pp(seat, "strikes")]):
        t.move(cid, pp(seat, "strikes"), "strike_discard", face_up=True)


def spares(t: Table, seat: int, src: int) -> bool:
    """LE-SMITH-08 (default): a Smith Enemy's strike against an Assimilated Smith player is skipped
    entirely."""
    return mode(t) == ME_ME_ME and seat in t.s.mods.smiths and is_smith_enemy(t, src)


def _smith_defeat(t: Table, seat: int, src: int | None) -> bool:
    s = t.s
    smiths = smith_seats(t)
    by_smith = is_smith_enemy(t, src) or any(src == s.players[x].avatar for x in smiths)
    if seat not in smiths and by_smith:  # LE-SMITH-09: assimilated instead
        _heal(t, seat)
        s.mods.smiths = (*s.mods.smiths, seat)
        card = _smith_card(t)
        if card is not None:
            s.mods.ability_from = (*s.mods.ability_from, (seat, card))
        t.emit("assimilated", f"{t.player_name(seat)} is assimilated by Smith instead of defeated",
               seat=seat, rule="LE-SMITH-09")
        _smiths_win_if_alone(t)
        return True
    if seat in smiths and smiths == [seat]:  # the last Smith falls: LE-SMITH-10
        s.mods.smiths_gone = True
        heal_the_team(t, exclude=seat, rule="LE-SMITH-10")
        return False
    if seat not in smiths:
        others = [x for x in t.living() if x != seat and x not in smiths]
        if smiths and not others:  # LE-SMITH-12
            t.end_game("smiths", "LE-SMITH-12", "every player but the Assimilated Smiths is defeated")
    return False


def _smiths_win_if_alone(t: Table) -> None:
    smiths = smith_seats(t)
    if smiths and all(x in smiths for x in t.living()):
        t.end_game("smiths", "LE-SMITH-12", "every player but the Assimilated Smiths is defeated")


def check_free_smith(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    if mode(t) != ME_ME_ME or not s.mods.smiths_gone:
        return Rejection("LE-SMITH-11", "a Smith is defeated for free only after every Assimilated Smith "
                         "player is gone")
    if s.mods.free_smith_turn == s.turn_no:
        return Rejection("LE-SMITH-11", "one free Smith defeat a turn")
    if len(cmd.args) != 1 or not isinstance(cmd.args[0], int) or not is_smith_enemy(t, cmd.args[0]):
        return Rejection("LE-SMITH-11", "name an Enemy with Smith in its name: defeat-smith CARD")
    if not _in_play(t, cmd.args[0]):
        return Rejection("LE-SMITH-11", f"{t.name(cmd.args[0])} is not face up in play")
    return None


def _in_play(t: Table, cid: int) -> str | None:
    from engine.legendary.effects import enemies_in_play

    return next((pl for pl, c in enemies_in_play(t) if c == cid), None)


def do_free_smith(t: Table, cmd: Command) -> None:
    from engine.legendary.effects import defeat_enemy

    s = t.s
    cid = cmd.args[0]
    pile = _in_play(t, cid)
    assert pile is not None
    s.mods.free_smith_turn = s.turn_no
    t.emit("free_smith", f"{t.player_name(s.active)} defeats {t.name(cid)} for free", card=cid)
    defeat_enemy(t, cid, pile, s.active)


def free_smith_candidates(t: Table) -> Iterator[Command]:
    if mode(t) == ME_ME_ME and t.s.mods.smiths_gone:
        from engine.legendary.effects import enemies_in_play

        for _, c in enemies_in_play(t):
            if is_smith_enemy(t, c):
                yield Command("defeat-smith", (c,))


def heal_the_team(t: Table, exclude: int, rule: str) -> None:
    """Heal every Strike of the undefeated players and set the Time Track to 10."""
    s = t.s
    for x in t.living():
        if x != exclude:
            _heal(t, x)
    t.change_time(t.mat.start_time - s.time, rule)


# --- a player strikes another (LE-TRAITOR-14) ---------------------------------------------------------


def check_strike_player(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    if mode(t) is None:
        return Rejection("LE-TRAITOR-14", "players strike each other only in a Traitor mode")
    if len(cmd.args) != 1 or not isinstance(cmd.args[0], int) or not 0 <= cmd.args[0] < len(s.players):
        return Rejection("LE-TRAITOR-14", "name the player to strike: strike-player SEAT")
    target = cmd.args[0]
    if target == s.active:
        return Rejection("LE-TRAITOR-14", "you cannot strike yourself")
    if s.players[target].defeated:
        return Rejection("LE-TRAITOR-14", f"{t.player_name(target)} is no longer in the game")
    if s.players[target].in_matrix != s.players[s.active].in_matrix:
        return Rejection("LE-TRAITOR-14", f"{t.player_name(target)} is in the other world")
    return attack_refused(t, t.health(target), f"striking {t.player_name(target)}", "LE-TRAITOR-14",
                          because="their Health")


def do_strike_player(t: Table, cmd: Command) -> None:
    from engine.legendary import flow

    s = t.s
    target = cmd.args[0]
    cost = t.health(target)
    s.turn.attack -= cost
    t.pool_changed()
    t.emit("player_struck", f"{t.player_name(s.active)} pays {cost} Attack to strike "
           f"{t.player_name(target)}", seat=target, by=s.active)
    flow.draw_strike_card(t, target, False, s.players[s.active].avatar)


def strike_player_candidates(t: Table) -> Iterator[Command]:
    if mode(t) is not None:
        for x in t.living():
            if x != t.s.active:
                yield Command("strike-player", (x,))


# --- what a bot in this seat may know and want (only its own hidden card and public facts) ----------


def known_enemies_of_team(t: Table) -> list[int]:
    """Seats every player knows work against the team: a Traitor whose I Choose the Matrix was
    revealed, and every Assimilated Smith player (assimilation is public)."""
    out = list(smith_seats(t))
    traitor = traitor_seat(t)
    if traitor is not None and not t.s.piles.get(hidden(traitor)):
        out.append(traitor)
    return out


def strike_targets(t: Table, seat: int) -> list[int]:
    """Whom a bot in ``seat`` would pay to strike now, most hurt first (empty: nobody). A Traitor
    plays loyal until a strike can defeat someone or the story reaches Act 3, or once unmasked; a
    Smith strikes everyone else; a loyal player strikes only known enemies of the team."""
    if mode(t) is None or seat not in t.living():
        return []
    s = t.s
    enemies = known_enemies_of_team(t)
    if seat in smith_seats(t):
        want = [x for x in t.living() if x not in smith_seats(t)]
    elif seat == traitor_seat(t):
        others = [x for x in t.living() if x != seat]
        unmasked = seat in enemies
        want = [x for x in others if unmasked or s.act >= 3 or t.health(x) - t.damage(x) <= 1]
    else:
        want = [x for x in enemies if x != seat]
    return sorted(want, key=lambda x: t.health(x) - t.damage(x))


def reveal_pick(t: Table, seat: int, options: list[int]) -> int:
    """Whom a bot in ``seat`` names for Secrets Revealed: never the Traitor itself; a loyal player
    names another player (its own card proves nothing to the others)."""
    others = [i for i, x in enumerate(options) if x != seat]
    return others[0] if others else 0


# --- restrictions on the Traitor (LE-TRAITOR-24/25, LE-SMITH-07) --------------------------------------


def _in_part(t: Table, where: tuple[str, int]) -> bool:
    acts = t.s.piles["acts"]
    return bool(acts) and t.card(acts[-1]).story == where[0] and t.s.part == where[1]


def restriction_in_force(t: Table) -> bool:
    return mode(t) is not None and (_in_part(t, SMITH_PART) or _in_part(t, SOURCE_PART))


def smith_is_not_the_traitors(t: Table, seat: int, cid: int) -> Rejection | None:
    """LE-TRAITOR-24 (LE-SMITH-07): in He is The One Part 2 the Traitor, or an Assimilated Smith
    player, may not defeat Agent Smith by any means (a fight, a card effect, an Avatar ability)."""
    if mode(t) is None or not _in_part(t, SMITH_PART) or not is_smith_enemy(t, cid) \
            or not against_the_team(t, seat):
        return None
    return Rejection("LE-TRAITOR-24", f"the Traitor may not defeat {t.name(cid)} in this Part: another "
                     "player has to")


DEFEATING = ("fight", "defeat-smith")  # the commands that defeat the Enemy they name


def restrict_the_traitor(t: Table, cmd: Command) -> Rejection | None:
    s = t.s
    if not cmd.args or not isinstance(cmd.args[0], int) or not 0 <= cmd.args[0] < len(s.defs):
        return None
    if not against_the_team(t, s.active):
        return None
    if cmd.verb in DEFEATING:
        return smith_is_not_the_traitors(t, s.active, cmd.args[0])
    c = t.card(cmd.args[0])
    if cmd.verb == "complete" and _in_part(t, SOURCE_PART) and c.kind == "challenge":
        return Rejection("LE-TRAITOR-25", f"you may not complete {c.name} in this Part")
    return None


RULES = ActRules(
    story="traitor_mode",
    effects={"secrets_revealed": secrets_revealed, "choose_the_matrix": choose_the_matrix,
             "assimilate": assimilate},
    restrictions=(Restriction(restriction_in_force, restrict_the_traitor),),
    commands=(ActCommand("strike-player", "strike-player SEAT: pay Attack equal to that player's Health to "
                         "make them draw a Strike (Traitor modes)", check_strike_player, do_strike_player,
                         strike_player_candidates),
              ActCommand("defeat-smith", "defeat-smith CARD: once a turn, defeat an Enemy with Smith in "
                         "its name for free (Me, Me, Me, once no Assimilated Smith player remains)",
                         check_free_smith, do_free_smith, free_smith_candidates)),
    on_defeat=on_defeat,
    spares=spares,
    on_cleared=secrets_cleared,
    forbids_defeat=smith_is_not_the_traitors,
)
