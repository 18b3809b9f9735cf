"""Shared fixtures for campaign tests: the shipped cards plus two stand-in films
(tests/fixtures/campaign/films.toml), and ``fdb``, whose three films are The Matrix and the two
stand-ins. A film campaign has a game per registered film, so campaigns made from the command line
load the test cards without the stand-ins (``FILM_DIRS``): their film campaign is the shipped
three."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.legendary.campaign import Campaign, CampaignId, new_campaign
from engine.legendary.carddb import CardDB, load_db

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CARD_DIRS = [str(FIXTURES / "cards"), str(FIXTURES / "campaign")]
FILM_DIRS = [str(FIXTURES / "cards")]
TEAM = ["neo", "switch", "niobe"]


FIXTURE_FILMS = ("fixture_second", "fixture_third")


@pytest.fixture(scope="session")
def fdb() -> CardDB:
    """The shipped cards and the fixture cards, with three films in release order: the first
    shipped film (The Matrix) and the two fixture films, whatever else is registered by now."""
    db = load_db([Path(d) for d in CARD_DIRS])
    first = next(iter(db.films.values()))
    films = {first.id: first, **{f: db.films[f] for f in FIXTURE_FILMS}}
    return dataclasses.replace(db, films=films)


@pytest.fixture(scope="session")
def shipped() -> CardDB:
    return load_db()


@pytest.fixture
def campaign(fdb: CardDB) -> Campaign:
    """A new film campaign over the three fixture films for Neo, Switch and Niobe."""
    return new_campaign(fdb, TEAM, seed=3, card_dirs=CARD_DIRS, campaign_id=CampaignId("test-campaign"))
