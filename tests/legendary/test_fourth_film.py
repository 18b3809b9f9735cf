"""A fourth film is data plus its Act modules (docs/architecture.md, "Adding a film").

The fixture film of tests/fixtures/fourth_film (its films.toml, its cards, and the Act module of its
own Act 3, fourth_finale.py) is loaded beside the shipped films with its Act module added to the
shipped Acts. It is offered, played to its end, and played as the fourth game of a film campaign,
and no general module knows of it. Its Neo Hero Group is one films.toml names, with no "neo_" in its
id (LE-STORY-04, LE-CARD-51).
"""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from engine.core.cardfiles import CardLoadError
from engine.legendary.actrules import Registry
from engine.legendary.acts import SHIPPED
from engine.legendary.bots import play_game
from engine.legendary.campaign import CampaignId, CampaignStore, autoplay, new_campaign
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import available_films, film_setup
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario, set_act
from engine.legendary.setup import SetupError, validate
from engine.legendary.state import pp
from engine.legendary.table import Table
from tests.fixtures.fourth_film import fourth_finale as finale
from tests.legendary.helpers import accepted, rejected
from tests.legendary.test_fuzz import pick
from tests.legendary.test_legal_generation import assert_generated_equals_trial
from tests.legendary.test_reloaded_the_source import finale as the_source_finale

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DIRS = [FIXTURES / "cards", FIXTURES / "fourth_film"]
FILM = "fixture_fourth"
NEO_GROUP = "the_one_returns"
NEO_HERO = "the_one_returns_flight"
SEEDS = range(6)
MAX_TRIES = 60


@pytest.fixture(scope="module")
def db4() -> CardDB:
    """The shipped cards, the test cards and the fourth film, bound to the shipped Acts and its own."""
    return load_db(DIRS, acts=Registry.of((*SHIPPED, finale.ACT)))


def at_the_finale(db: CardDB, text: str = "") -> Scenario:
    """A two-player game of the fourth film at its Act 3 Part 1, then the position lines ``text``."""
    f = db.films[FILM]
    head = (f"setup avatars={','.join(f.avatars[:2])} acts={','.join(f.acts)} groups={','.join(f.groups)} "
            "seed=1 first=0\nact 3 1\n")
    return Scenario.from_text(head + text, db)


def test_without_its_act_module_the_films_cards_are_refused_naming_file_and_card():
    with pytest.raises(CardLoadError) as e:
        load_db(DIRS)
    assert ("act_fourth_finale.toml: card 'fourth_finale_a': unknown hook 'fourth_gate_open' "
            "(no Act declares the query 'fourth_gate_open')") in e.value.problems


@pytest.mark.rule("LE-FILMS-10")
def test_the_fourth_film_is_offered_after_the_shipped_films(db4):
    shipped = [f.id for f in available_films(load_db())]
    assert [f.id for f in available_films(db4)] == [*shipped, FILM]


@pytest.mark.rule("LE-STORY-04")
def test_its_neo_hero_group_counts_because_films_toml_names_it(db4):
    """The film's setup played as a story of the players' own, which must hold a Neo Hero Group."""
    setup = dataclasses.replace(film_setup(FILM, 2, 1, db=db4), story=True)
    assert NEO_GROUP in setup.groups and not NEO_GROUP.startswith("neo_")
    validate(db4, setup)
    unnamed = dataclasses.replace(db4, neo_groups=db4.neo_groups - {NEO_GROUP})
    with pytest.raises(SetupError, match="LE-STORY-04"):
        validate(unnamed, setup)


@pytest.mark.rule("LE-CARD-51")
def test_the_source_counts_its_neo_heroes_as_neo_heroes(db4):
    sc = the_source_finale(db4, f"time 6\nput {NEO_HERO} p0.play\npool attack=1")
    accepted(sc, "time-attack")
    assert sc.game.state.turn.attack == 1 + 6 * 1  # the Time Track times the Neo Heroes in play


def test_its_act_modules_rules_run_from_the_card_data(db4):
    """The Act brings its own command, listed and checked like any other; Part 1's Objective asks the
    module's query, and its end runs the module's effect."""
    sc = at_the_finale(db4, "pool recruit=4")
    game = sc.game
    hand = len(game.state.piles[pp(0, "hand")])
    assert "signal" in {c.verb for c in game.legal_commands()}
    accepted(sc, "signal")
    assert len(game.state.piles[pp(0, "hand")]) == hand + 1 and game.state.turn.recruit == 0
    rejected(sc, "signal", "COMMAND")  # the pool is spent
    assert not game.is_legal("objective")
    for _ in range(finale.SENTRIES_TO_OPEN):
        sc.line(f"put {finale.SENTRY} defeated_enemies")
    time = game.state.time
    accepted(sc, "objective")
    assert (game.state.act, game.state.part, game.state.time) == (3, 2, time + 1)


def test_its_command_belongs_to_its_act(db4):
    sc = at_the_finale(db4, "act 1 1\npool recruit=4")
    rejected(sc, "signal", "COMMAND")
    assert "signal" not in {c.verb for c in sc.game.legal_commands()}


def test_its_legal_commands_equal_the_trial_list_in_random_games(db4):
    """The game's registry holds the Act's command: from its Act 3 on, random games list exactly the
    commands the checks accept, the Act's command among them."""
    offered = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = LegendaryGame.new(film_setup(FILM, 1 + seed % 5, seed, db=db4), db4, track_undo=False)
        set_act(Table(game.db, game.state), 3, 1 + seed % 2)
        game.rebase()
        while not game.over:
            legal = assert_generated_equals_trial(game)
            offered += any(c.verb == "signal" for c in legal)
            assert game.apply(pick(rng, legal)).accepted
    assert offered


def test_bots_play_the_fourth_film_to_its_end_and_through_its_act_3(db4):
    games = [play_game(db4, film_setup(FILM, 2, seed, db=db4), "campaign", seed) for seed in SEEDS]
    assert all(g.over for g in games)
    assert any(g.state.act == 3 and g.state.part >= 2 for g in games)  # the hook Objective was met


@pytest.mark.rule("LE-CAMPAIGN-01", "LE-CAMPAIGN-04", "LE-CAMPAIGN-06")
def test_the_film_campaign_has_a_fourth_game_and_the_bot_wins_it(db4, tmp_path):
    c = new_campaign(db4, ["neo", "morpheus"], seed=1, campaign_id=CampaignId("four"))
    assert [p.film for p in c.films] == [f.id for f in available_films(db4)]
    assert c.films[-1].film == FILM and c.describe() == "Campaign: game 1 of 4, try 1"
    store = CampaignStore(tmp_path)
    store.create(c)
    log = autoplay(db4, c, "campaign", MAX_TRIES, after_try=store.save)
    assert c.status == "won", f"the campaign waits on game {c.current.number}"
    assert [t["game"] for t in log if t["result"] == "major"] == [1, 2, 3, 4]
    fourth_neo = next(a for a in db4.films[FILM].avatars if db4.cards[a].character == "neo")
    assert c.games[3].avatars[0] == fourth_neo  # game N: the Neo of the N-th film (LE-CAMPAIGN-04)
    assert store.load("four")[1] == c
