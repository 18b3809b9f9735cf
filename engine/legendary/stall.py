"""When no end comes: the table may give a stalled game up (docs/rulings.md, "When no end comes").

The rulebook ends a game only with a victory (LE-GEN-03) or a loss (the Time Track at 0, LE-TIME-02;
every player defeated, LE-DEFEAT-11; no Strike left, LE-STRIKE-13). It gives the Time Track no top
(LE-TIME-06) and does not make a team that can no longer win lose. So a position can reach neither
end: a lone survivor whose cards can never pay the finale's Enemy but who avoids every strike, in a
Part that lets Attack raise the Time Track, plays on turn after turn. Giving up is the players' own
choice (the campaign's "if you give up", LE-CAMPAIGN-11): once a game has gone ``STALL_TURNS``
turns, far longer than any game that moves toward an end, the engine lists ``concede`` among the
legal commands and the view says so; bots take the offer. The players may give up at any time
anyway (``concede`` is always accepted).
"""
from __future__ import annotations

from engine.legendary.table import Table

# Turns after which a game is taken to have stalled: the bots' games that end, end within about 80
# turns (5 players, the longest; bench/balance.py reports each row's longest game), so this is well
# clear of any game still moving toward an end.
STALL_TURNS = 200
# A bot game still going this many turns did not take the offer: the benches and the fuzz tests
# stop it there and count it as hung (a failure), never loop on.
HUNG_TURNS = STALL_TURNS + 100


def stalled(t: Table) -> bool:
    """The game is still on after ``STALL_TURNS`` turns: the table is offered to give it up."""
    return not t.s.result and t.s.turn_no > STALL_TURNS


def offer_text(t: Table) -> str:
    """The offer in words, for the next step the view shows ('' while the game is not stalled)."""
    if not stalled(t):
        return ""
    return (f"no end has come in {t.s.turn_no - 1} turns; the table may give this game up (Give Up "
            "This Game: everyone loses)")
