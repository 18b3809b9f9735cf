"""Shared fixtures for Legendary rule tests: the fixture card set and a scenario factory."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.scenario import Scenario

FIXTURE_CARDS = Path(__file__).resolve().parent.parent / "fixtures" / "cards"
ACTS = "test_act_one,test_act_two,test_act_three"
GROUPS = "test_alpha,test_beta,test_gamma,test_delta"
AVATARS = ("test_avatar_captain", "test_avatar_pilot", "test_avatar_medic", "test_avatar_operator",
           "test_avatar_brawler")


def setup_line(players: int = 2, seed: int = 1, avatars: str | None = None, extra: str = "") -> str:
    """A scenario ``setup`` line over the fixture film."""
    av = avatars or ",".join(AVATARS[:players])
    return f"setup avatars={av} acts={ACTS} groups={GROUPS} seed={seed} cards={FIXTURE_CARDS} {extra}"


@pytest.fixture(scope="session")
def db() -> CardDB:
    return load_db([FIXTURE_CARDS])


@pytest.fixture
def scenario(db: CardDB) -> Callable[..., Scenario]:
    """``scenario(text, players=2, seed=1)``: a Scenario whose setup line is written for you
    unless ``text`` starts with ``setup``. The table is cleared of Row/Combat cards first unless
    ``clear=False``."""

    def make(text: str = "", players: int = 2, seed: int = 1, clear: bool = True,
             avatars: str | None = None, extra: str = "") -> Scenario:
        head = "" if text.lstrip().startswith("setup") else setup_line(players, seed, avatars, extra)
        prefix = "\nempty row.0 row.1 row.2 row.3 row.4 combat\n" if clear and head else "\n"
        return Scenario.from_text(head + prefix + text, db)

    return make
