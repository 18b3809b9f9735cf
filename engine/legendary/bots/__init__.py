"""Bots that choose among the engine's legal commands."""
from __future__ import annotations

from engine.legendary.bots.random_bot import RandomBot

BOTS = {"random": RandomBot}

__all__ = ["BOTS", "RandomBot"]
