"""Playing a campaign: start it, set up the game to play now, read a finished game, record it,
retry, give up (LE-CAMPAIGN-01..18). Every function returns or changes a ``Campaign`` value; saving
it is ``store.py``'s job."""
from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from engine.legendary.campaign.carryover import (
    avatar_for,
    check_team,
    next_start_time,
    prep_turns_next,
    scars_gained,
)
from engine.legendary.campaign.catalog import catalog, check_custom
from engine.legendary.campaign.model import (
    GAMES,
    Campaign,
    CampaignId,
    Character,
    FilmPlan,
    Game,
    Outcome,
    Try,
)
from engine.legendary.carddb import CardDB
from engine.legendary.schema import Film
from engine.legendary.setup import LegendarySetup, starting_time, validate
from engine.legendary.state import State, pp

# The seed of try T of game G: seed * 100000 + G * 1000 + T, so two campaigns never share a try.
SEED_STRIDE, GAME_STRIDE = 100_000, 1000


class CampaignError(ValueError):
    """A campaign step the rules or the campaign's state refuse; the message says why (and names
    the rule when one applies)."""


def new_id(now: datetime.datetime | None = None) -> CampaignId:
    """A fresh campaign id: the date and time and a few random letters (also its file name)."""
    now = now or datetime.datetime.now(datetime.UTC)
    return CampaignId(f"campaign-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(2)}")


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def default_name(kind: str, plans: Sequence[FilmPlan], day: datetime.date | None = None,
                 taken: Sequence[str] = ()) -> str:
    """A readable name for a campaign its players did not name: its first film (a custom campaign
    says it is one) and the day, "The Matrix campaign, 4 Dec 2026"; a number is added when the
    name is in ``taken`` already."""
    day = day or datetime.date.today()
    lead = "Custom" if kind == "custom" or not plans else plans[0].name
    name = f"{lead} campaign, {day.day} {MONTHS[day.month - 1]} {day.year}"
    if name not in taken:
        return name
    n = 2
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"


def avatar_characters(db: CardDB) -> dict[str, str]:
    """The character of every Avatar a player may choose (the Traitor Mode's Assimilated Smith is
    never one: it is dealt by its mode)."""
    from engine.legendary.stories import choosable_avatars

    return {c.id: c.character for c in choosable_avatars(db)}


def film_plans(films: Sequence[Film]) -> list[FilmPlan]:
    """LE-CAMPAIGN-01/06: the film campaign is the released films in order, each with its own Acts
    and Hero Groups (LE-FILMS)."""
    if len(films) < GAMES:
        have = ", ".join(f.name for f in films) or "none"
        raise CampaignError(f"LE-CAMPAIGN-01: the film campaign needs {GAMES} films and only "
                            f"{len(films)} are registered ({have}); a custom campaign or more "
                            "films are needed")
    return [FilmPlan(name=f.name, acts=f.acts, groups=f.groups, film=f.id) for f in films[:GAMES]]


def new_campaign(db: CardDB, team: Sequence[str], *, custom: Sequence[FilmPlan] | None = None,
                 name: str = "", seed: int = 0,
                 variants: Sequence[str] = (), card_dirs: Sequence[str] = (),
                 campaign_id: CampaignId | None = None) -> Campaign:
    """A new campaign for ``team`` (one character per player, LE-CAMPAIGN-02), ready to play game 1.

    Without ``custom`` it is the film campaign of the films registered in ``db`` (in release
    order, cards/legendary/films.toml); with it, the three custom films, checked against
    LE-CAMPAIGN-07..09. Raises CampaignError (or SetupError) naming the rule broken.
    """
    released = list(db.films.values())
    chars = avatar_characters(db)
    check_team(team, chars.values())
    if custom is None:
        plans, kind = film_plans(released), "films"
    else:
        check_custom(custom, catalog(db, released))
        plans, kind = list(custom), "custom"
    cid = campaign_id or new_id()
    c = Campaign(id=cid, name=name or default_name(kind, plans), kind=kind,  # type: ignore[arg-type]
                 characters=[Character(t) for t in team], films=plans, seed=seed,
                 variants=list(variants), card_dirs=list(card_dirs), scars=[0] * len(team),
                 created=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"))
    c.games.append(_game(db, c, 1, start_time=None, prep_turns=False))
    return c


def _game(db: CardDB, c: Campaign, number: int, *, start_time: int | None,
          prep_turns: bool) -> Game:
    """Game ``number`` as every try of it will be set up, checked against the setup rules now so a
    campaign never waits on a game that cannot start."""
    chars = avatar_characters(db)
    released = list(db.films.values())
    avatars = [avatar_for(ch, number, released, chars) for ch in c.characters]
    g = Game(number=number, avatars=avatars, start_time=start_time, scars=list(c.scars),
             prep_turns=prep_turns)
    validate(db, setup_of(c, g, seed=c.seed))
    return g


def setup_of(c: Campaign, g: Game, *, seed: int, try_no: int = 0) -> LegendarySetup:
    """The setup of a try of game ``g`` (LE-CAMPAIGN-11: every try the same, but its shuffle)."""
    plan = c.films[g.number - 1]
    return LegendarySetup(avatars=list(g.avatars), acts=list(plan.acts), groups=list(plan.groups),
                          seed=seed, variants=list(c.variants), card_dirs=list(c.card_dirs),
                          prep_turns=g.prep_turns, start_time=g.start_time,
                          scars=list(g.scars) if any(g.scars) else [],
                          campaign=f"{c.id}/{g.number}/{try_no}" if try_no else "")


def campaign_of(setup: LegendarySetup) -> tuple[CampaignId, int, int] | None:
    """The campaign id, game number and try number a campaign game's setup names (None for a game
    outside a campaign, or a reference that does not parse)."""
    parts = setup.campaign.split("/")
    if len(parts) != 3 or not parts[0] or not (parts[1].isdigit() and parts[2].isdigit()):
        return None
    return CampaignId(parts[0]), int(parts[1]), int(parts[2])


def play(c: Campaign) -> LegendarySetup:
    """The setup of the game to play now: the try being played, or a new try (the first, or a
    retry after a loss, LE-CAMPAIGN-11). CampaignError once the campaign is over."""
    if c.over:
        raise CampaignError(f"the campaign is over ({c.status.replace('_', ' ')})")
    g = c.current
    t = g.pending
    if t is None:
        n = len(g.tries) + 1
        t = Try(number=n, seed=c.seed * SEED_STRIDE + g.number * GAME_STRIDE + n)
        g.tries.append(t)
    return setup_of(c, g, seed=t.seed, try_no=t.number)


def outcome_of(db: CardDB, state: State) -> Outcome:
    """How a finished game ended: result, who was defeated, each seat's damage (scars included),
    printed Health and Strike cards. CampaignError for a game still running."""
    if not state.result:
        raise CampaignError("the game is not finished yet")
    health = tuple(db.cards[state.defs[p.avatar]].health for p in state.players)
    strikes = tuple(len(state.piles[pp(p.seat, "strikes")]) for p in state.players)
    damage = tuple(sum(db.cards[state.defs[c]].damage for c in state.piles[pp(p.seat, "strikes")])
                   + len(state.piles[pp(p.seat, "scars")]) for p in state.players)
    return Outcome(result=state.result, defeated=tuple(p.defeated for p in state.players),
                   damage=damage, health=health, strikes=strikes, turns=state.turn_no)


@dataclass(frozen=True)
class Carried:
    """What a recorded try changed, for the end-of-game screen."""

    won: bool  # a Major Victory: the campaign moves on (LE-CAMPAIGN-10)
    campaign_won: bool
    scars_gained: list[int]
    defeated: list[int]
    next_time: int | None  # the next game's starting Time Track (None: no next game yet)
    next_prep_turns: bool


def record(db: CardDB, c: Campaign, setup: LegendarySetup, outcome: Outcome, *,
           save: str = "") -> Carried:
    """Record the finished try that ``setup`` started (it must be the try being played) and carry
    a Major Victory over into the next game (LE-CAMPAIGN-10..18). Anything else is a lost try: the
    same game waits to be retried (LE-CAMPAIGN-11) or given up."""
    if c.over:
        raise CampaignError(f"the campaign is over ({c.status.replace('_', ' ')})")
    g = c.current
    t = g.pending
    if t is None:
        raise CampaignError(f"no try of game {g.number} is being played: start one first")
    want = setup_of(c, g, seed=t.seed, try_no=t.number)
    if setup.to_dict() != want.to_dict():
        raise CampaignError(f"this game is not the one {c.name!r} waits for "
                            f"(game {g.number}, try {t.number})")
    if len(outcome.defeated) != c.players:
        raise CampaignError(f"the game has {len(outcome.defeated)} players, the team {c.players}")
    t.result = outcome.result
    t.defeated = [i for i, d in enumerate(outcome.defeated) if d]
    t.strikes = list(outcome.strikes)
    t.turns = outcome.turns
    t.save = save
    if not outcome.major:  # a loss, or a Minor Victory (LE-CAMPAIGN-10 default)
        t.scars_gained = [0] * c.players
        return Carried(False, False, t.scars_gained, t.defeated, None, False)
    t.scars_gained = scars_gained(outcome)
    c.scars = [a + b for a, b in zip(c.scars, t.scars_gained, strict=True)]  # never heal (17)
    start = g.start_time if g.start_time is not None else starting_time(db, want)
    next_time = next_start_time(start, len(t.defeated))
    prep = prep_turns_next(outcome)
    if g.number == GAMES:
        c.status = "won"  # LE-CAMPAIGN-11: the campaign ends when game 3 is won
        return Carried(True, True, t.scars_gained, t.defeated, None, False)
    # LE-CAMPAIGN-12/13: a fresh setup; defeated players return (the team never changes).
    c.games.append(_game(db, c, g.number + 1, start_time=next_time, prep_turns=prep))
    return Carried(True, False, t.scars_gained, t.defeated, next_time, prep)


def give_up(c: Campaign) -> None:
    """End the campaign without winning it (LE-CAMPAIGN-11). A try being played is dropped."""
    if c.over:
        raise CampaignError(f"the campaign is over ({c.status.replace('_', ' ')})")
    if c.current.pending is not None:
        c.current.tries.pop()
    c.status = "given_up"
