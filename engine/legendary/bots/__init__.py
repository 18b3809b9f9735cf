"""Bots that choose among the engine's legal commands."""
from __future__ import annotations

from engine.legendary.bots.campaign_bot import CampaignBot
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.bots.random_bot import RandomBot
from engine.legendary.bots.search_bot import SearchBot

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot, "campaign": CampaignBot}

__all__ = ["BOTS", "CampaignBot", "HeuristicBot", "RandomBot", "SearchBot"]
