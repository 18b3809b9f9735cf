"""Bots that choose among the engine's legal commands."""
from __future__ import annotations

from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.bots.random_bot import RandomBot
from engine.legendary.bots.search_bot import SearchBot

BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "SearchBot"]
