"""The content a custom campaign must use, and its checks (LE-CAMPAIGN-06..09).

The standard Acts and Hero Groups are those of the released films (cards/legendary/films.toml), so
the checks need no card names: with all three films registered they are the 9 Acts and the 12
standard Hero Groups of LE-CAMPAIGN-07."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.legendary.campaign.model import GAMES, FilmPlan
from engine.legendary.carddb import CardDB
from engine.legendary.schema import Film
from engine.legendary.setup import SetupError


@dataclass(frozen=True)
class Catalog:
    """What custom films are checked against: the standard Acts (story -> Act number) and Hero
    Groups, the Extra Hero Groups, the Neo Hero Groups (``neo_groups`` of films.toml) and the Act 1
    stories whose Extras hold one of them (LE-STORY-04)."""

    acts: dict[str, int]
    groups: frozenset[str]
    extra_groups: frozenset[str]
    neo_groups: frozenset[str]
    neo_acts: frozenset[str]
    films: int  # how many released films these come from


def catalog(db: CardDB, films: Sequence[Film] | None = None) -> Catalog:
    """The catalog of the released films (``films``, default: the registered ones) and the cards."""
    films = list(db.films.values()) if films is None else list(films)
    acts = {story: n for f in films for n, story in enumerate(f.acts, start=1)}
    groups = frozenset(g for f in films for g in f.groups)
    heroes = [c for c in db.cards.values() if c.kind == "hero" and c.group]
    neo = frozenset(db.neo_groups)
    neo_acts = frozenset(c.deck.removeprefix("act:") for c in heroes
                          if c.extra and c.group in neo and c.deck.startswith("act:"))
    return Catalog(acts=acts, groups=groups, extra_groups=db.extra_groups, neo_groups=neo,
                   neo_acts=frozenset(a for a in neo_acts if acts.get(a) == 1), films=len(films))


def custom_problems(plans: Sequence[FilmPlan], cat: Catalog) -> list[str]:
    """Every way ``plans`` break LE-CAMPAIGN-01/07/08/09, one sentence each (empty: a legal custom
    campaign)."""
    out: list[str] = []
    if len(plans) != GAMES:
        return [f"LE-CAMPAIGN-01: a campaign has {GAMES} films, not {len(plans)}"]
    if cat.films < GAMES:
        out.append(f"LE-CAMPAIGN-07: a custom campaign uses the Acts and Hero Groups of all {GAMES} "
                   f"films; only {cat.films} film(s) are registered")
    for i, p in enumerate(plans, start=1):
        label = f"film {i} ({p.name})" if p.name else f"film {i}"
        for n, story in enumerate(p.acts, start=1):
            if cat.acts.get(story) != n:
                out.append(f"LE-CAMPAIGN-07: {label}: {story!r} is not one of the films' Act {n}s")
        if len(set(p.groups)) != 4:
            out.append(f"LE-CAMPAIGN-07: {label}: Zion starts with 4 different Hero Groups")
        for g in p.groups:
            if g in cat.extra_groups:
                out.append(f"LE-CAMPAIGN-09: {label}: the Extra Hero Group {g!r} never starts in Zion")
            elif g not in cat.groups:
                out.append(f"LE-CAMPAIGN-07: {label}: {g!r} is not one of the films' Hero Groups")
        has_act = p.acts[0] in cat.neo_acts
        has_group = any(g in cat.neo_groups for g in p.groups)
        if has_act == has_group:
            why = "has both" if has_act else "has neither"
            out.append(f"LE-CAMPAIGN-08: {label} {why}: it needs either the Act 1 whose Extras "
                       "hold a Neo Hero Group or a Neo Hero Group in Zion, never both")
    for what, used, every in (("Act", [a for p in plans for a in p.acts], set(cat.acts)),
                              ("Hero Group", [g for p in plans for g in p.groups], set(cat.groups))):
        twice = sorted(k for k, v in Counter(used).items() if v > 1)
        unused = sorted(every - set(used))
        if twice:
            out.append(f"LE-CAMPAIGN-07: each {what} is used once; used twice: {', '.join(twice)}")
        if unused:
            out.append(f"LE-CAMPAIGN-07: every {what} is used; unused: {', '.join(unused)}")
    return out


def check_custom(plans: Sequence[FilmPlan], cat: Catalog) -> None:
    """Raise SetupError with the first problem of ``custom_problems`` (and how many more)."""
    problems = custom_problems(plans, cat)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SetupError(problems[0] + more)
