"""Small helpers for campaign tests: outcomes of finished games, built as plain values or played."""
from __future__ import annotations

from engine.legendary.campaign import Campaign, Outcome, outcome_of, play, record
from engine.legendary.carddb import CardDB


def outcome(result: str = "major", defeated: tuple[bool, ...] = (False, False, False),
            damage: tuple[int, ...] = (0, 0, 0), health: tuple[int, ...] = (9, 8, 8)) -> Outcome:
    """A finished game's outcome (the value ``outcome_of`` reads from a state)."""
    return Outcome(result=result, defeated=defeated, damage=damage, health=health,
                   strikes=tuple(0 for _ in defeated))


def finish(db: CardDB, c: Campaign, out: Outcome):
    """Start the try the campaign waits for and record ``out`` as its end."""
    return record(db, c, play(c), out)


def play_to_end(db: CardDB, c: Campaign, bot: str = "heuristic"):
    """Play the try the campaign waits for with a bot; (setup, finished game, outcome)."""
    from engine.legendary.bots import play_game

    setup = play(c)
    game = play_game(db, setup, bot, setup.seed)
    return setup, game, outcome_of(db, game.state)
