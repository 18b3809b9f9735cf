"""A bot that plays a seat from what a client is sent: the seat's legal commands only.

The engine's own bots read the game they play; a client holds only its seat's view, so its bot
picks among the legal commands the host lists (``Update.legal``), with a seeded random choice that
ends turns sooner now and then (shorter games, as ``engine.legendary.bots.RandomBot``'s end bias).
"""
from __future__ import annotations

import asyncio
import random

from engine.net.client import Client, HostLost
from engine.net.protocol import Refused, Update

END_VERBS = ("end",)  # the verb that ends a turn (Legendary)
MAX_REFUSALS = 50  # refusals in a row before the bot gives up: its lists must be stale or wrong


class RandomLegal:
    """Picks a random legal command; with probability ``end_bias`` ends the turn when it may."""

    def __init__(self, seed: int = 0, end_bias: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.end_bias = end_bias

    def choose(self, legal: list[str]) -> str:
        if self.end_bias and self.rng.random() < self.end_bias:
            for text in legal:
                if text.split()[0] in END_VERBS:
                    return text
        return self.rng.choice(legal)


def my_turn(update: Update) -> bool:
    """Whether the seat must act now (and has something to do)."""
    return not update.over and update.acting == update.seat and bool(update.legal)


async def play(client: Client, bot: RandomLegal, *, pause: float = 0.0,
               timeout: float | None = 300.0) -> Update | None:
    """Play the client's seat with ``bot`` until the game is over (the final update) or the
    connection ends (None), waiting ``pause`` seconds before each command (so people can follow).
    HostLost if the connection drops mid-command; RuntimeError if the host refuses the bot's
    commands again and again."""
    refused = 0
    while True:
        update = client.update
        if update is not None and update.over:
            return update
        if update is None or client.closed is not None:
            return None
        if my_turn(update):
            if pause > 0:
                await asyncio.sleep(pause)
                if client.update is not update:
                    continue  # news came meanwhile: look again
            try:
                answer = await client.command(bot.choose(update.legal))
            except HostLost:
                if client.closed is not None and client.closed.goodbye:
                    return None
                raise
            if isinstance(answer, Refused):
                refused += 1
                if refused >= MAX_REFUSALS:
                    raise RuntimeError(f"the host refused {refused} commands in a row: {answer.reason}")
                continue  # the list was stale (another seat moved meanwhile): choose again
            refused = 0
            continue
        await client.changed(update.version, timeout)
