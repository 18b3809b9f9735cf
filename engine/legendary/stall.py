"""When no end comes: the table may give a stalled game up (docs/rulings.md, "When no end comes").

The rulebook ends a game only with a victory (LE-GEN-03) or a loss (the Time Track at 0, LE-TIME-02;
every player defeated, LE-DEFEAT-11; no Strike left, LE-STRIKE-13). It gives the Time Track no top
(LE-TIME-06) and does not make a team that can no longer win lose. So a position can reach neither
end: a lone survivor whose cards can never pay the finale's Enemy but who avoids every strike, in a
Part that lets Attack raise the Time Track, plays on turn after turn. Giving up is the players' own
choice (the campaign's "if you give up", LE-CAMPAIGN-11): once a game has gone ``STALL_TURNS``
turns, far longer than any game that moves toward an end, the engine lists ``concede`` among the
legal commands and the view says so; bots take the offer. It is offered to the players at once when
no player left has a card to play (they may still wait for the strikes to end the game). The
players may give up at any time anyway (``concede`` is always accepted).
"""
from __future__ import annotations

from engine.legendary.state import pp
from engine.legendary.table import Table

PLAYABLE = ("deck", "hand", "discard", "play", "coordinated")  # a player's piles of cards to play

# Turns after which a game is taken to have stalled: the bots' games that end, end within about 80
# turns (5 players, the longest; bench/balance.py reports each row's longest game), so this is well
# clear of any game still moving toward an end.
STALL_TURNS = 200
# A bot game still going this many turns did not take the offer: the benches and the fuzz tests
# stop it there and count it as hung (a failure), never loop on.
HUNG_TURNS = STALL_TURNS + 100


def stalled(t: Table) -> bool:
    """The game is still on after ``STALL_TURNS`` turns: the table is offered to give it up, and
    the bots take the offer."""
    return not t.s.result and t.s.turn_no > STALL_TURNS


def out_of_cards(t: Table) -> bool:
    """No player left in the game has a card to play (in their deck, hand, discard pile or play
    area, or set aside to Coordinate), as when every card was deleted (LE-CARD-20): the table is
    offered to give the game up at once. Bots play on: the strikes may still bring an end."""
    s = t.s
    return not s.result and not any(s.piles[pp(p.seat, pile)] for p in s.players if not p.defeated
                                    for pile in PLAYABLE)


def offered(t: Table) -> bool:
    """Whether ``concede`` is offered now (listed among the legal commands, said in the view)."""
    return stalled(t) or out_of_cards(t)


def offer_text(t: Table) -> str:
    """The offer in words, for the next step the view shows ('' while none is made)."""
    if stalled(t):
        why = f"no end has come in {t.s.turn_no - 1} turns"
    elif out_of_cards(t):
        why = "no player has a card left"
    else:
        return ""
    return f"{why}; the table may give this game up (Give Up This Game: everyone loses)"
