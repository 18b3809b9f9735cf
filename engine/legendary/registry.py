"""The Legendary commands of a game: the general verbs (``engine/legendary/actions/``: each verb's
check, perform and legal-command generator), registered explicitly below with their usage text,
then the commands of the game's Acts (``actions_for``).

A generator lists, from the state, exactly the commands of its verb that the check accepts now:
it walks only what could be used (the hand, the Dock, the Row, what Attack and Recruit afford)
instead of trying every candidate. ``check`` stays the single judge; the fuzz tests hold the
generated lists equal to the checked ones.
"""
from __future__ import annotations

from functools import cache

from engine.core.actions import ActionRegistry
from engine.core.commands import Command
from engine.core.results import Rejection
from engine.legendary.actions import common, complete, coordinate, fight, move, play, recruit, scan, turn
from engine.legendary.actrules import ActCommand, Registry
from engine.legendary.acts import registry
from engine.legendary.table import Table

# The general verbs; a game's commands add the Acts' own (``actions_for``).
GENERAL: ActionRegistry[Table] = ActionRegistry(common.is_open, common.restrict)
GENERAL.add("play", "play CARD: play a card from your hand, or the copy of a coordinated card",
            play.check_play, play.do_play, play.legal_play)
GENERAL.add("use", "use CARD: use a played card's 'Once this turn' effect",
            play.check_use, play.do_use, play.legal_use)
GENERAL.add("sacrifice", "sacrifice CARD: defeat a played card for its Sacrifice effect",
            play.check_sacrifice, play.do_sacrifice, play.legal_sacrifice)
GENERAL.add("recruit", "recruit CARD | recruit hovercraft: pay Recruit for a Dock Hero or a Hovercraft",
            recruit.check_recruit, recruit.do_recruit, recruit.legal_recruit)
GENERAL.add("move", "move matrix | move real [PHONE]: your move; leaving with the free move needs a "
            "phone (alley, subway, or combat for the 3-Attack pay phone); without a phone it uses an "
            "extra move", move.check_move, move.do_move, move.legal_move)
GENERAL.add("scan", "scan SPACE: pay a Row space's Scan Cost (spaces 0-4, left to right) to reveal it",
            scan.check_scan, scan.do_scan, scan.legal_scan)
GENERAL.add("fight", "fight CARD: pay an Enemy's Attack to defeat it",
            fight.check_fight, fight.do_fight, fight.legal_fight)
GENERAL.add("complete", "complete CARD [recruit|attack]: pay or meet a Challenge's cost",
            complete.check_complete, complete.do_complete, complete.legal_complete)
GENERAL.add("buytime", "buytime CARD: pay 5 Attack so a Buy Time Agent does not strike this turn",
            fight.check_buytime, fight.do_buytime, fight.legal_buytime)
GENERAL.add("evade", "evade CARD: pay an Evade Enemy's cost to move it to the rightmost clear Row space",
            fight.check_evade, fight.do_evade, fight.legal_evade)
GENERAL.add("objective", "objective: complete the current Part's Objective (you may wait)",
            turn.check_objective, turn.do_objective, turn.legal_objective)
GENERAL.add("minor-victory", "minor-victory: end the game now with a Minor Victory, when offered",
            turn.check_minor_victory, turn.do_minor_victory, turn.legal_minor_victory)
GENERAL.add("concede", "concede: the players give the game up (everyone loses); never listed among "
            "the legal moves, it is asked for", turn.check_concede, turn.do_concede, lambda t: [])
GENERAL.add("end", "end: end your Action Phase (then the Strike and Cleanup Phases run)",
            turn.check_end, turn.do_end, turn.legal_end)
GENERAL.add("coordinate", "@SEAT coordinate CARD: set a Coordinate card aside for the active player "
            "and draw a replacement", coordinate.check_coordinate, coordinate.do_coordinate,
            coordinate.legal_coordinate)
GENERAL.add("solo-discard", "solo-discard CARD: alone in the game, discard a Coordinate card to draw one",
            coordinate.check_solo_discard, coordinate.do_solo_discard, coordinate.legal_solo_discard)
GENERAL.add("choose", "choose K: answer the pending decision with option K (0-based)",
            turn.check_choose, turn.do_choose, turn.legal_choose, gated=False)


def _act_action(actions: ActionRegistry[Table], cmd: ActCommand[Table]) -> None:
    """Register a command an Act brings: checked after the shared preconditions, listed when its
    candidates pass that check."""
    def check(t: Table, c: Command) -> Rejection | None:
        return common.gate(t, c) or cmd.check(t, c)

    def legal(t: Table) -> list[Command]:
        return [c for c in cmd.candidates(t) if cmd.check(t, c) is None]

    actions.add(cmd.verb, cmd.usage, check, cmd.perform, legal)


@cache
def actions_for(acts: Registry[Table]) -> ActionRegistry[Table]:
    """The commands of a game whose cards are bound to ``acts`` (``CardDB.acts``): the general verbs,
    then each Act's own."""
    actions: ActionRegistry[Table] = ActionRegistry(common.is_open, common.restrict)
    for action in GENERAL.values():
        actions.add_action(action)
    for cmd in acts.commands.values():
        _act_action(actions, cmd)
    return actions


ACTIONS = actions_for(registry())  # the commands over the shipped Acts
