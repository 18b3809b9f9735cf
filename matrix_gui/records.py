"""The Records view's numbers, as plain data (no Qt): finished games and campaigns from the data
folder.

Two sources, never counted twice: the campaign files (every finished try of a campaign game, played
in the app or headless) and ``records.json`` (each finished game outside a campaign, noted by the
app when it ends). A damaged records file is reported and never written over.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.core.savefile import write_json_atomic
from engine.core.userfile import UnreadableFile, read_json_limited

RECORDS_FORMAT = "matrix-tabletop-records"
RECORDS_VERSION = 1
MAX_GAMES = 10_000  # the oldest notes go first: the file stays small
MAX_RECORDS_BYTES = 16 * 1024 * 1024  # (10,000 games take ~1 MB)
MAJOR, MINOR = "major", "minor"


@dataclass(frozen=True)
class GameRecord:
    """One finished game: its film's name, how many played, its result ("major", "minor" or
    "loss:<cause>"), the campaign it belongs to ("" for none) and the hints its players asked for."""

    film: str
    players: int
    result: str
    campaign: str = ""
    hints: int = 0


@dataclass(frozen=True)
class CampaignRecord:
    """One campaign: its name, status ("playing", "won", "given_up"), how many games it has
    started, how many tries in all, its team's scars in total and when it began (ISO time)."""

    name: str
    status: str
    games: int
    tries: int
    scars: int
    created: str = ""


@dataclass(frozen=True)
class FilmRow:
    """Games of one film at one player count: played, Major and Minor Victories, and the hints
    used in them."""

    film: str
    players: int
    played: int
    major: int
    minor: int
    hints: int = 0


@dataclass
class Records:
    """What the Records view shows."""

    rows: list[FilmRow] = field(default_factory=list)
    games: int = 0
    campaigns: int = 0
    campaigns_won: int = 0
    campaign_rows: list[CampaignRecord] = field(default_factory=list)
    longest: CampaignRecord | None = None  # the most tries in all
    fewest_scars: CampaignRecord | None = None  # among the campaigns won
    problems: list[str] = field(default_factory=list)  # files that could not be read


class RecordsFileError(ValueError):
    """A records file that cannot be read (it is left as it is)."""


def read_games(path: Path) -> list[GameRecord]:
    """The games noted in ``path`` (none if it does not exist); RecordsFileError for a bad file."""
    try:
        doc = read_json_limited(Path(path), MAX_RECORDS_BYTES)
    except UnreadableFile as e:
        if e.reason == "does not exist":
            return []
        raise RecordsFileError(f'Records file "{path}" {e.reason}') from None
    if not isinstance(doc, dict) or doc.get("format") != RECORDS_FORMAT:
        raise RecordsFileError(f"{path}: is not a Matrix Tabletop records file")
    if doc.get("version") != RECORDS_VERSION:
        raise RecordsFileError(f"{path}: has version {doc.get('version')!r}; this app reads "
                               f"version {RECORDS_VERSION}")
    out = []
    for i, g in enumerate(doc.get("games") or []):
        try:
            out.append(_game(g))
        except (TypeError, ValueError, KeyError) as e:
            raise RecordsFileError(f"{path}: game {i + 1} is damaged ({e})") from None
    return out


def _game(g: Any) -> GameRecord:
    if not isinstance(g, dict):
        raise TypeError("not an object")
    film, players, result = g["film"], g["players"], g["result"]
    campaign = g.get("campaign", "")
    hints = g.get("hints", 0)  # (noted since hints were counted)
    if not (isinstance(film, str) and isinstance(result, str) and isinstance(campaign, str)):
        raise TypeError("film, result and campaign are text")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 5:
        raise ValueError(f"players {players!r} is not 1 to 5")
    if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
        raise ValueError(f"hints {hints!r} is not a count")
    return GameRecord(film, players, result, campaign, hints)


def note_game(path: Path, game: GameRecord) -> None:
    """Add ``game`` to the records file, atomically; RecordsFileError (nothing written) when the
    file there cannot be read."""
    games = [*read_games(path), game][-MAX_GAMES:]
    write_json_atomic(Path(path), {"format": RECORDS_FORMAT, "version": RECORDS_VERSION,
                                   "games": [asdict(g) for g in games]})


def campaign_games(c: Any) -> tuple[list[GameRecord], CampaignRecord]:
    """The finished tries of a ``Campaign`` as games, and the campaign's own record."""
    games = [GameRecord(c.films[g.number - 1].name, c.players, t.result, c.id)
             for g in c.games for t in g.tries if t.finished]
    tries = sum(len(g.tries) for g in c.games)
    return games, CampaignRecord(c.name, c.status, len(c.games), tries, sum(c.scars), c.created)


def summarize(games: Iterable[GameRecord], campaigns: Sequence[CampaignRecord],
              problems: Sequence[str] = ()) -> Records:
    """Wins by film and player count, the longest campaign and the won campaign with the fewest
    scars."""
    table: dict[tuple[str, int], list[int]] = {}
    n = 0
    for g in games:
        n += 1
        row = table.setdefault((g.film, g.players), [0, 0, 0, 0])
        row[0] += 1
        row[1] += g.result == MAJOR
        row[2] += g.result == MINOR
        row[3] += g.hints
    rows = [FilmRow(film, players, *counts) for (film, players), counts in sorted(table.items())]
    won = [c for c in campaigns if c.status == "won"]
    return Records(rows=rows, games=n, campaigns=len(campaigns), campaigns_won=len(won),
                   campaign_rows=list(campaigns),
                   longest=max(campaigns, key=lambda c: (c.tries, c.games), default=None),
                   fewest_scars=min(won, key=lambda c: (c.scars, c.tries), default=None),
                   problems=list(problems))


def gather(records_file: Path, campaigns: Iterable[tuple[Any, str]]) -> Records:
    """The Records of a data folder: ``records_file`` and the campaigns of a listing, given as
    (campaign or None, error) pairs."""
    problems: list[str] = []
    try:
        games = [g for g in read_games(records_file) if not g.campaign]
    except RecordsFileError as e:
        games, problems = [], [str(e)]
    camps = []
    for c, error in campaigns:
        if c is None:
            problems.append(error)
            continue
        tries, rec = campaign_games(c)
        games += tries
        camps.append(rec)
    return summarize(games, camps, problems)


def records_markdown(r: Records, tables: bool = True) -> str:
    """The Records as a Markdown page; without ``tables`` the wins by film and player count are left
    out (the Records view shows them in a table of its own)."""
    out = ["# Records", ""]
    if not r.games and not r.campaigns:
        out.append("No finished game yet: records appear here as games and campaigns end.")
    else:
        out.append(f"{r.games} finished game{'s' if r.games != 1 else ''}, {r.campaigns} "
                   f"campaign{'s' if r.campaigns != 1 else ''} ({r.campaigns_won} won).")
    if r.rows and tables:
        out += ["", "## Wins by film and player count", "",
                "| Film | Players | Played | Major Victories | Minor Victories | Hints used |",
                "| --- | ---: | ---: | ---: | ---: | ---: |"]
        out += [f"| {row.film} | {row.players} | {row.played} | {row.major} | {row.minor} | {row.hints} |"
                for row in r.rows]
    if r.longest is not None:
        c = r.longest
        out += ["", "## Longest campaign", "",
                f"{c.name}: {c.tries} tr{'y' if c.tries == 1 else 'ies'} over {c.games} "
                f"game{'s' if c.games != 1 else ''} ({c.status.replace('_', ' ')})."]
    if r.fewest_scars is not None:
        c = r.fewest_scars
        out += ["", "## Fewest scars (campaigns won)", "",
                f"{c.name}: {c.scars} scar{'s' if c.scars != 1 else ''} in all, {c.tries} tries."]
    if r.problems:
        out += ["", "## Files that could not be read (left as they are)", ""]
        out += [f"- {p}" for p in r.problems]
    return "\n".join(out) + "\n"
