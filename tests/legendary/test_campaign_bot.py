"""The campaign bot: the heuristic bot playing for the Major Victory, since in a campaign a Minor
Victory counts like a loss (LE-CAMPAIGN-10 default). Scenarios in He is The One Part 3 and whole
games of every film."""
from __future__ import annotations

import pytest

from engine.core.commands import Command
from engine.legendary.bots import BOTS, CampaignBot, HeuristicBot, play_game, seat_bot
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.quickstart import default_setup
from tests.legendary.test_film_the_matrix import lines, one, part3


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    return load_db()


def test_the_campaign_bot_is_registered_and_is_the_heuristic_bot_with_another_goal():
    assert BOTS["campaign"] is CampaignBot and issubclass(CampaignBot, HeuristicBot)
    assert BOTS["heuristic"] is HeuristicBot


@pytest.mark.rule("LE-CAMPAIGN-10", "LE-ACT-14")
def test_le_campaign_10_low_on_time_the_heuristic_bot_takes_the_minor_victory_the_campaign_bot_plays_on(fdb):
    sc = part3(fdb, "time 2\npool recruit=0 attack=0")
    assert Command("minor-victory") in sc.game.legal_commands()
    assert HeuristicBot().choose(sc.game) == Command("minor-victory")
    assert CampaignBot().choose(sc.game).verb != "minor-victory"


@pytest.mark.rule("LE-CARD-03", "LE-CARD-35")
def test_the_campaign_bot_fires_the_emp_before_fighting_once_neo_is_the_one(fdb):
    """A Real-World player with 5 Attack after Become The One: the heuristic bot fights the
    Enemy in the Real World; the campaign bot pays the EMP, which wins the game."""
    sc = part3(fdb, "put army_soldiers real_world up")
    s = sc.game.state
    lines(sc, f"pool recruit={fdb.cards['become_the_one'].cost_recruit}")
    assert sc.game.apply(Command("complete", (one(s, "become_the_one", "operations"),))).accepted
    lines(sc, f"active 1\nworld 1 real\nempty p1.hand\npool recruit=0 attack={fdb.cards['emp'].cost_either}")
    emp = one(s, "emp", "real_world")
    assert HeuristicBot().choose(sc.game).verb == "fight"
    cmd = CampaignBot().choose(sc.game)
    assert cmd.verb == "complete" and cmd.args[0] == emp
    assert sc.game.apply(cmd).accepted
    assert CampaignBot().choose(sc.game) == Command("objective")  # met: completed at once
    assert sc.game.apply(Command("objective")).accepted
    assert s.result == "major"


@pytest.mark.rule("LE-CAMPAIGN-10")
@pytest.mark.parametrize("film", ["the_matrix", "reloaded", "revolutions"])
def test_le_campaign_10_the_campaign_bot_never_ends_a_game_with_a_minor_victory(fdb, film):
    results = [play_game(fdb, default_setup(fdb, 3, seed, [], film), "campaign", seed).state.result
               for seed in range(6)]
    assert "minor" not in results
    assert all(r == "major" or r.startswith("loss:") for r in results)


@pytest.mark.rule("LE-CARD-18", "LE-STRIKE-02", "LE-STRIKE-03")
@pytest.mark.parametrize(("time", "into_the_matrix"), [(2, True), (7, False)])
def test_racing_to_a_smith_the_campaign_bot_takes_strikes_in_the_matrix_only_while_climbing(
        fdb, time, into_the_matrix):
    """Everything That Has a Beginning Part 3, the first Smith is 5: from Time 2 a Combat Zone
    strike in the Real World would lower the Time Track away from him, so the healthy active player
    enters the Matrix and takes it as a Strike card; from Time 7 it lowers the Time Track toward
    him, so the player stays in the Real World."""
    from tests.legendary.test_revolutions_everything import DELETION, game

    sc = game(fdb, f"time {time}\n{DELETION}\nempty p0.hand\nworld 0 real\n"
                   "put everything_that_has_a_beginning_bane_smith combat up\npool recruit=0 attack=0",
              act="3 3")
    assert sc.game.state.mods.smith_numbers[0] == 5
    cmd = CampaignBot().choose(sc.game)
    assert (cmd.verb == "move" and cmd.args[0] == "matrix") is into_the_matrix


@pytest.mark.rule("LE-CAMPAIGN-10")
def test_le_campaign_10_a_campaign_games_bot_seats_play_on_where_other_games_take_the_minor(fdb):
    """A bot seat at the table plays for the game's goal: in a campaign game the heuristic seat
    and the look-ahead seat both play on; in any other game both take the Minor Victory."""
    sc = part3(fdb, "time 2\npool recruit=0 attack=0")
    minor = Command("minor-victory")
    assert seat_bot("heuristic", 1, "win").choose(sc.game) == minor
    assert seat_bot("search", 1, "win").choose(sc.game) == minor
    assert seat_bot("heuristic", 1, "major").choose(sc.game) != minor
    assert seat_bot("search", 1, "major").choose(sc.game) != minor
