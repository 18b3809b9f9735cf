"""What a won game carries into the next one (LE-CAMPAIGN-12..18), and which Avatar each character
plays in each game (LE-CAMPAIGN-03..05). Pure functions of plain values."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.legendary.campaign.model import Character, Outcome
from engine.legendary.schema import Film
from engine.legendary.setup import SetupError

MIN_START_TIME = 1  # a Time Track starting at 0 would lose before the first turn (LE-TIME-02)


def next_start_time(start: int, defeated: int) -> int:
    """LE-CAMPAIGN-14: the previous game's starting Time Track minus 1 per player defeated in it
    (never below 1: our reading, docs/rulings.md)."""
    return max(MIN_START_TIME, start - defeated)


def scars_gained(outcome: Outcome) -> list[int]:
    """LE-CAMPAIGN-15: per seat, 0 if defeated, else 2 if their damage reached their printed Health
    (the default), else 1."""
    return [0 if out else (2 if dmg >= hp else 1)
            for out, dmg, hp in zip(outcome.defeated, outcome.damage, outcome.health, strict=True)]


def prep_turns_next(outcome: Outcome) -> bool:
    """LE-CAMPAIGN-18: every player has a prep turn next game if nobody was defeated in this one."""
    return not any(outcome.defeated)


def avatar_for(character: Character, game: int, films: Sequence[Film],
               characters: Mapping[str, str]) -> str:
    """The Avatar (card id) ``character`` plays in game ``game`` (1, 2, ...).

    LE-CAMPAIGN-04/05: game N uses the version that the N-th released film offers. A character the
    N-th film does not offer (LE-CAMPAIGN-03: absent from it, or not registered yet) takes the
    version of the nearest earlier film that offers it, else of the nearest later one, else any
    Avatar card of that character. ``films`` are the registered films in release order;
    ``characters`` maps every Avatar card id to its character.
    """
    def offered(film: Film) -> list[str]:
        return [a for a in film.avatars if characters.get(a) == character]

    n = len(films)
    order = [*range(min(game, n) - 1, -1, -1), *range(min(game, n), n)]
    for i in order:
        found = offered(films[i])
        if found:
            return found[0]
    anywhere = sorted(a for a, ch in characters.items() if ch == character)
    if not anywhere:
        raise SetupError(f"LE-CAMPAIGN-02: no Avatar of the character {character!r} is loaded")
    return anywhere[0]


def check_team(team: Sequence[str], characters: Iterable[str]) -> None:
    """LE-CAMPAIGN-02/03, LE-GEN-01, LE-SETUP-03: 1 to 5 players, each a different character that
    has an Avatar card (whether or not their first film offers them)."""
    known = set(characters)
    if not 1 <= len(team) <= 5:
        raise SetupError("LE-GEN-01: a campaign team has 1 to 5 players")
    if len(set(team)) != len(team):
        raise SetupError("LE-CAMPAIGN-02: each player chooses a different character")
    for ch in team:
        if ch not in known:
            raise SetupError(f"LE-CAMPAIGN-03: no Avatar of the character {ch!r} is loaded "
                             f"(known: {', '.join(sorted(known))})")
