"""Bots that choose among the engine's legal commands, and a bot game played to its end."""
from __future__ import annotations

from typing import Any

from engine.core.botplay import play_out
from engine.legendary import stall
from engine.legendary.bots.campaign_bot import CampaignBot
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.bots.random_bot import RandomBot
from engine.legendary.bots.search_bot import SearchBot
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot, "campaign": CampaignBot}
RANDOM_SEAT_END_BIAS = 0.15  # a random bot at the table ends its turns sooner, so games move on


def seat_bot(kind: str, seed: int, goal: str = "win") -> Any:
    """The bot that plays a seat of kind ``kind`` (engine.core.seats) for ``goal``: "major" in a
    campaign game, where a Minor Victory does not move the campaign on (LE-CAMPAIGN-10), so the
    heuristic seat plays as the campaign bot and the look-ahead plays for the Major."""
    if kind == "random":
        return RandomBot(seed, end_bias=RANDOM_SEAT_END_BIAS)
    if kind == "search":
        return SearchBot(seed, goal=goal)
    if kind == "heuristic" and goal == "major":
        return CampaignBot(seed)
    return BOTS[kind](seed)


def play_game(db: CardDB, setup: LegendarySetup, bot: str, seed: int,
              max_commands: int = 20000) -> LegendaryGame:
    """Play one bot game to its end; returns the finished LegendaryGame. RuntimeError if the bot picks
    an illegal command, and ``Unfinished`` for a game that hung: past ``stall.HUNG_TURNS`` turns
    (bots give a stalled game up once it is offered) or ``max_commands`` commands."""
    game = LegendaryGame.new(setup, db, track_undo=False)
    player = BOTS[bot](seed)
    play_out(game, lambda g, seat: player.choose(g), max_commands, turns=turn_of, max_turns=stall.HUNG_TURNS)
    return game


def turn_of(game: LegendaryGame) -> int:
    """A Legendary game's turn number (the turn limit of a bot game, ``play_out``, reads it)."""
    return int(game.state.turn_no)


__all__ = ["BOTS", "CampaignBot", "HeuristicBot", "RandomBot", "SearchBot", "play_game", "seat_bot",
           "turn_of"]
