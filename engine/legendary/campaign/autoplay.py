"""A bot plays a campaign: each try set up by ``play``, played out and recorded, until the campaign
is over or a game has used up its tries (``matrix-engine campaign autoplay``, the balance bench)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.legendary.bots import play_game
from engine.legendary.campaign.model import Campaign
from engine.legendary.campaign.play import outcome_of, play, record
from engine.legendary.carddb import CardDB


def autoplay(db: CardDB, c: Campaign, bot: str, max_tries: int,
             after_try: Callable[[Campaign], None] | None = None) -> list[dict[str, Any]]:
    """A bot plays campaign ``c`` (changed in place) until it is over or the game it waits on has
    used up ``max_tries`` tries, as a team would stop; one log row per try played.
    ``after_try(c)`` runs after each try is recorded (e.g. to save the campaign)."""
    log = []
    while not c.over:
        number = c.current.number
        if c.current.pending is None and len(c.current.tries) >= max_tries:
            break  # this game has used up its tries: the campaign waits, as a team would
        setup = play(c)
        game = play_game(db, setup, bot, setup.seed)
        carried = record(db, c, setup, outcome_of(db, game.state))
        if after_try is not None:
            after_try(c)
        log.append({"game": number, "result": game.state.result,
                    "scars_gained": carried.scars_gained, "defeated": carried.defeated,
                    "next_time": carried.next_time, "next_prep_turns": carried.next_prep_turns})
    return log
