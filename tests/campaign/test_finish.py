"""The end of a campaign game, one way for the app and the command line (LE-CAMPAIGN-10/11):
``finish`` records it in its campaign's file once and closes its end to undo; ``recorded`` reads back
what a game recorded before carried over, as ``record`` gave it."""
from __future__ import annotations

import pytest

from engine.legendary.campaign import (
    CampaignError,
    CampaignStore,
    carried_of,
    finish,
    play,
    record,
    recorded,
)
from engine.legendary.game import LegendaryGame
from engine.legendary.quickstart import default_setup
from tests.campaign.conftest import CARD_DIRS
from tests.campaign.helpers import outcome


def conceded(db, setup) -> LegendaryGame:
    """The game of ``setup``, given up at once (a finished game, lost)."""
    game = LegendaryGame.new(setup, db)
    assert game.apply("concede").accepted and game.over
    return game


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_finish_records_the_try_in_its_file_once_and_closes_the_games_end(fdb, campaign, tmp_path):
    store = CampaignStore(tmp_path)
    setup = play(campaign)  # the try starts, and is saved as started (as the app and the CLI do)
    store.create(campaign)
    game = conceded(fdb, setup)
    assert game.can_undo()
    done = finish(store, game, save=tmp_path / "kept.json")
    assert done is not None and (done.game, done.try_no) == (1, 1) and not done.carried.won
    kept = store.load(campaign.id)[1].games[0].tries[0]
    assert (kept.result, kept.save) == ("loss:conceded", str(tmp_path / "kept.json"))
    assert not game.can_undo() and "recorded in the campaign" in game.undo_refusal()
    assert recorded(store, game) == done  # read back from the file, the same carry-over
    with pytest.raises(CampaignError, match="no try of game 1 is being played"):
        finish(store, game)  # never twice


def test_a_game_outside_a_campaign_is_neither_finished_nor_recorded(fdb, tmp_path):
    game = conceded(fdb, default_setup(fdb, 2, 5, CARD_DIRS))
    store = CampaignStore(tmp_path)
    assert finish(store, game) is None and recorded(store, game) is None
    assert game.can_undo() and list(tmp_path.iterdir()) == []


@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-14", "LE-CAMPAIGN-18")
@pytest.mark.parametrize("result", ["major", "loss:time"])
def test_what_record_returns_is_what_the_campaign_holds(fdb, campaign, result):
    setup = play(campaign)
    carried = record(fdb, campaign, setup, outcome(result, defeated=(True, False, False)))
    assert carried == carried_of(campaign, 1, 1)
    assert carried.won == (result == "major") and carried.next_time == (9 if carried.won else None)
