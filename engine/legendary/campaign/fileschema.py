"""The campaign file's body as pydantic models (checked on load) and its conversion to and from the
``Campaign`` dataclasses. Version 1; a newer version is refused with a clear message (store.py)."""
from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, StringConstraints, model_validator

from engine.core.inputcheck import InputModel
from engine.legendary.campaign.model import (
    GAMES,
    MAJOR,
    Campaign,
    CampaignId,
    Character,
    FilmPlan,
    Game,
    Try,
)

CAMPAIGN_FORMAT = "matrix-tabletop-campaign"
CAMPAIGN_VERSION = 1
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$"  # also the file name: no folders, no dot-files

Id = Annotated[StrictStr, StringConstraints(pattern=ID_PATTERN)]
Text = Annotated[StrictStr, StringConstraints(max_length=200)]
Count = Annotated[StrictInt, Field(ge=0, le=1000)]
Seat = Annotated[StrictInt, Field(ge=0, le=4)]
MAX_FILMS = 50  # a bound for a damaged file, far above any campaign (one game per film)


def _result_ok(result: str) -> bool:
    return result in ("", MAJOR, "minor") or (result.startswith("loss:") and len(result) > 5)


class TryFile(InputModel):
    number: Annotated[StrictInt, Field(ge=1, le=100000)]
    seed: StrictInt
    result: Text = ""
    defeated: list[Seat] = []
    scars_gained: list[Count] = []
    strikes: list[Count] = []
    turns: Count = 0
    save: Annotated[StrictStr, StringConstraints(max_length=4096)] = ""

    @model_validator(mode="after")
    def _known_result(self) -> TryFile:
        if not _result_ok(self.result):
            raise ValueError(f"result {self.result!r} is not major, minor or loss:<cause>")
        return self


class GameFile(InputModel):
    number: Annotated[StrictInt, Field(ge=1, le=MAX_FILMS)]
    avatars: list[Text] = Field(min_length=1, max_length=5)
    start_time: Annotated[StrictInt, Field(ge=1, le=1000)] | None = None
    scars: list[Count]
    prep_turns: StrictBool = False
    tries: list[TryFile] = Field(default=[], max_length=100000)


class FilmPlanFile(InputModel):
    name: Text
    acts: tuple[Text, Text, Text]
    groups: tuple[Text, Text, Text, Text]
    film: Text = ""


class CampaignBody(InputModel):
    id: Id
    name: Text
    kind: Literal["films", "custom"]
    characters: list[Text] = Field(min_length=1, max_length=5)
    films: list[FilmPlanFile] = Field(min_length=GAMES, max_length=MAX_FILMS)
    seed: StrictInt = 0
    variants: list[Text] = []
    card_dirs: list[Annotated[StrictStr, StringConstraints(max_length=4096)]] = []
    games: list[GameFile] = Field(min_length=1, max_length=MAX_FILMS)
    scars: list[Count]
    status: Literal["playing", "won", "given_up"]
    created: Text = ""

    @model_validator(mode="after")
    def _consistent(self) -> CampaignBody:
        """The facts a hand edit could break but no single field shows."""
        n = len(self.characters)
        if len(set(self.characters)) != n:
            raise ValueError("two players have the same character")
        if len(self.scars) != n:
            raise ValueError(f"scars has {len(self.scars)} entries for {n} players")
        for i, g in enumerate(self.games, start=1):
            where = f"game {i}"
            if g.number != i:
                raise ValueError(f"{where} is numbered {g.number}")
            if len(g.avatars) != n or len(g.scars) != n:
                raise ValueError(f"{where} does not have one Avatar and one scar count per player")
            for t_no, t in enumerate(g.tries, start=1):
                if t.number != t_no:
                    raise ValueError(f"{where} try {t_no} is numbered {t.number}")
                if t.result and (len(t.scars_gained) != n or any(s >= n for s in t.defeated)):
                    raise ValueError(f"{where} try {t_no} does not fit a {n}-player team")
                if not t.result and t_no != len(g.tries):
                    raise ValueError(f"{where} try {t_no} has no result but is not the last try")
            won = any(t.result == MAJOR for t in g.tries)
            if i < len(self.games) and not won:
                raise ValueError(f"{where} was not won, yet game {i + 1} has started")
        if len(self.games) > len(self.films):
            raise ValueError(f"{len(self.games)} games for {len(self.films)} films")
        if (self.status == "won") != (len(self.games) == len(self.films) and
                                      any(t.result == MAJOR for t in self.games[-1].tries)):
            raise ValueError(f"status {self.status!r} does not match the games played")
        return self


def to_body(c: Campaign) -> dict[str, Any]:
    """The campaign as the JSON body of its file."""
    return asdict(c)


def from_body(body: CampaignBody) -> Campaign:
    """The ``Campaign`` a checked body describes."""
    return Campaign(
        id=CampaignId(body.id), name=body.name, kind=body.kind,
        characters=[Character(ch) for ch in body.characters],
        films=[FilmPlan(name=f.name, acts=f.acts, groups=f.groups, film=f.film) for f in body.films],
        seed=body.seed, variants=list(body.variants), card_dirs=list(body.card_dirs),
        games=[Game(number=g.number, avatars=list(g.avatars), start_time=g.start_time,
                    scars=list(g.scars), prep_turns=g.prep_turns,
                    tries=[Try(**t.model_dump()) for t in g.tries]) for g in body.games],
        scars=list(body.scars), status=body.status, created=body.created)
