"""Bots that choose among the engine's legal commands."""
from __future__ import annotations

from typing import Any

from engine.legendary.bots.campaign_bot import CampaignBot
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.bots.random_bot import RandomBot
from engine.legendary.bots.search_bot import SearchBot

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


__all__ = ["BOTS", "CampaignBot", "HeuristicBot", "RandomBot", "SearchBot", "seat_bot"]
