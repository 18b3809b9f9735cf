"""Bots that choose among the engine's legal commands."""
from __future__ import annotations

from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.bots.random_bot import RandomBot

BOTS = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]
