"""Bots that choose among the engine's legal commands, and a bot game played to its end."""
from __future__ import annotations

from typing import Any

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
    """Play one bot game to its end; returns the finished LegendaryGame (RuntimeError if the bot picks
    an illegal command or the game does not end in ``max_commands``)."""
    game = LegendaryGame.new(setup, db, track_undo=False)
    player = BOTS[bot](seed)
    steps = 0
    while not game.over and steps < max_commands:
        res = game.apply(player.choose(game))
        if not res.accepted:
            raise RuntimeError(f"bot chose an illegal command: {res}")
        steps += 1
    if not game.over:
        raise RuntimeError(f"the game did not end in {max_commands} commands")
    return game


__all__ = ["BOTS", "CampaignBot", "HeuristicBot", "RandomBot", "SearchBot", "play_game", "seat_bot"]
