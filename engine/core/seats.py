"""Who plays each seat: a person at the screen or one of the engine's bots (recorded in a setup)."""
from __future__ import annotations

HUMAN = "human"
BOT_KINDS = ("heuristic", "random")  # every ruleset has these bots (engine/<ruleset>/bots)
SEAT_KINDS = (HUMAN, *BOT_KINDS)


def seats_problem(seats: list[str], n: int, kinds: tuple[str, ...] = SEAT_KINDS) -> str | None:
    """Why ``seats`` cannot say who plays the ``n`` seats, or None (an empty list: all people);
    ``kinds``: who may play a seat of the ruleset (a ruleset may have bots of its own)."""
    if not seats:
        return None
    if len(seats) != n:
        return f"the setup names who plays {len(seats)} seats, but the game has {n}"
    bad = [s for s in seats if s not in kinds]
    if bad:
        return f"{bad[0]!r} cannot play a seat (choose {', '.join(kinds)})"
    return None


def bot_seats(seats: list[str]) -> dict[int, str]:
    """The seats a bot plays, with the bot's kind."""
    return {i: kind for i, kind in enumerate(seats) if kind != HUMAN}
