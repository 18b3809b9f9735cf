"""The general Legendary verbs, one module per verb group, each verb declared once as an ``Action``
(``engine.core.actions``) at the end of its module: its usage text, its check (the single judge: a
Rejection naming the rule, or None; checks run in a fixed order: known command, game not over,
right player, phase, then the card or space condition), its perform, and its legal-command
generator, which lists from the state exactly the commands of that verb the check accepts now.
``GENERAL`` lists them in the order the legal commands are listed; ``registry.py`` adds each Act's
own commands. The GUI and bots only ever ask ``check``/``legal``; they never re-implement a rule.

The generators run on every command: they read the card database's index (``CardIndex``) once,
stop at once where nothing can be listed, and look at card data only for what is left.

common.py      the shared preconditions (``gate``), reading a command's card, the pile names
play.py        play, use, sacrifice
coordinate.py  coordinate, solo-discard
recruit.py     recruit
move.py        move
scan.py        scan
fight.py       fight, buytime, evade
complete.py    complete
turn.py        objective, minor-victory, concede, end, choose
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.legendary.actions import complete, coordinate, fight, move, play, recruit, scan, turn
from engine.legendary.actions.common import gate
from engine.legendary.actions.complete import either_pool
from engine.legendary.actions.move import phone_spaces
from engine.legendary.actions.play import avatar_ability
from engine.legendary.actions.recruit import gain_pile
from engine.legendary.table import Table

# The general verbs, in the order their legal commands are listed (bots and saved games rely on it).
GENERAL: tuple[Action[Table], ...] = (
    play.PLAY, play.USE, play.SACRIFICE, recruit.RECRUIT, move.MOVE, scan.SCAN, fight.FIGHT,
    complete.COMPLETE, fight.BUYTIME, fight.EVADE, turn.OBJECTIVE, turn.MINOR_VICTORY, turn.CONCEDE,
    turn.END, coordinate.COORDINATE, coordinate.SOLO_DISCARD, turn.CHOOSE,
)

__all__ = ["GENERAL", "avatar_ability", "either_pool", "gain_pile", "gate", "phone_spaces"]
