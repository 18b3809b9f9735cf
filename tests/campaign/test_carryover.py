"""What a won game carries into the next (LE-CAMPAIGN-12..18) and which Avatar each character
plays in each game (LE-CAMPAIGN-02..05)."""
from __future__ import annotations

import pytest

from engine.legendary.campaign import (
    CampaignId,
    new_campaign,
    next_start_time,
    play,
    prep_turns_next,
    scars_gained,
)
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import SetupError
from tests.campaign.conftest import CARD_DIRS
from tests.campaign.helpers import finish, outcome

ONE_DEFEATED = (False, True, False)
TWO_DEFEATED = (True, True, False)


@pytest.mark.rule("LE-CAMPAIGN-14")
def test_rulebook_example_two_defeated_then_one_gives_eight_then_seven(fdb, campaign):
    assert next_start_time(10, 2) == 8 and next_start_time(8, 1) == 7
    # Through a campaign: game 1 starts at the rulebook's 10.
    assert LegendaryGame.new(play(campaign), fdb).state.time == 10
    carried = finish(fdb, campaign, outcome(defeated=TWO_DEFEATED))
    assert carried.next_time == 8 and campaign.current.start_time == 8
    assert LegendaryGame.new(play(campaign), fdb).state.time == 8
    finish(fdb, campaign, outcome(defeated=ONE_DEFEATED))
    assert campaign.current.number == 3 and campaign.current.start_time == 7
    assert LegendaryGame.new(play(campaign), fdb).state.time == 7


@pytest.mark.rule("LE-CAMPAIGN-14", "LE-VARIANT-09")
def test_the_time_track_shrinks_from_the_variant_start_too(fdb):
    c = new_campaign(fdb, ["neo", "switch", "niobe"], variants=["time_is_running_out"],
                     card_dirs=CARD_DIRS, campaign_id=CampaignId("short-time"))
    assert LegendaryGame.new(play(c), fdb).state.time == 7
    finish(fdb, c, outcome(defeated=ONE_DEFEATED))
    assert c.current.start_time == 6


@pytest.mark.rule("LE-CAMPAIGN-15")
def test_survivors_gain_one_scar_or_two_at_printed_health_and_the_defeated_none():
    out = outcome(defeated=(False, False, True), damage=(3, 9, 0), health=(8, 9, 7))
    assert scars_gained(out) == [1, 2, 0]
    assert scars_gained(outcome(damage=(7, 8, 9), health=(8, 8, 8))) == [1, 2, 2]


@pytest.mark.rule("LE-CAMPAIGN-15", "LE-CAMPAIGN-10")
def test_only_a_major_victory_gives_scars(fdb, campaign):
    finish(fdb, campaign, outcome("minor", damage=(5, 5, 5)))
    assert campaign.scars == [0, 0, 0]
    finish(fdb, campaign, outcome("loss:time"))
    assert campaign.scars == [0, 0, 0]
    finish(fdb, campaign, outcome("major", damage=(1, 8, 0), health=(9, 8, 8)))
    assert campaign.scars == [1, 2, 1] and campaign.current.scars == [1, 2, 1]


@pytest.mark.rule("LE-CAMPAIGN-18")
def test_prep_turns_only_after_a_game_where_nobody_was_defeated(fdb, campaign):
    assert prep_turns_next(outcome()) and not prep_turns_next(outcome(defeated=ONE_DEFEATED))
    first = LegendaryGame.new(play(campaign), fdb).state
    assert not any(p.prep_turn for p in first.players)  # game 1: no prep turn (3 players)
    finish(fdb, campaign, outcome())
    second = LegendaryGame.new(play(campaign), fdb)
    # the first player is in their prep turn already (no Matrix Phase); the others wait for theirs
    assert campaign.current.prep_turns and prep_turns(second) == [True, True, True]
    finish(fdb, campaign, outcome(defeated=ONE_DEFEATED))
    third = LegendaryGame.new(play(campaign), fdb)
    assert not campaign.current.prep_turns and prep_turns(third) == [False, False, False]


def prep_turns(game: LegendaryGame) -> list[bool]:
    """Per seat: a prep turn still to come, or the prep turn the first player is taking now (their
    turn skipped the Matrix Phase, so the Matrix Row is still empty)."""
    s = game.state
    row_empty = not any(s.piles[f"row.{i}"] for i in range(5))
    return [p.prep_turn or (p.seat == s.active and row_empty) for p in s.players]


@pytest.mark.rule("LE-CAMPAIGN-04")
def test_a_neo_player_plays_each_films_own_neo(fdb, campaign):
    seen = []
    for _ in range(3):
        seen.append(play(campaign).avatars[0])
        finish(fdb, campaign, outcome())
    assert seen == ["thomas_anderson_neo", "neo_reloaded", "test_avatar_neo"]
    assert {fdb.cards[a].character for a in seen} == {"neo"}


@pytest.mark.rule("LE-CAMPAIGN-05")
def test_morpheus_and_trinity_play_the_first_version_then_the_later_one(fdb):
    c = new_campaign(fdb, ["morpheus", "trinity"], card_dirs=CARD_DIRS,
                     campaign_id=CampaignId("mt"))
    seen = []
    for _ in range(3):
        seen.append(play(c).avatars)
        finish(fdb, c, outcome(defeated=(False, False), damage=(0, 0), health=(8, 8)))
    assert seen == [["morpheus_the_matrix", "trinity_the_matrix"],
                    ["morpheus_reloaded_revolutions", "trinity_reloaded_revolutions"],
                    ["morpheus_reloaded_revolutions", "trinity_reloaded_revolutions"]]


@pytest.mark.rule("LE-CAMPAIGN-03")
def test_characters_absent_from_a_film_still_play_it(fdb, campaign):
    """Switch is offered only by the first film, Niobe only by the later ones."""
    seen = []
    for _ in range(3):
        seen.append(play(campaign).avatars[1:])
        finish(fdb, campaign, outcome())
    assert seen == [["switch", "niobe"]] * 3


@pytest.mark.rule("LE-CAMPAIGN-02")
def test_each_player_keeps_one_character_for_all_three_games(fdb, campaign):
    chars = []
    for _ in range(3):
        chars.append([fdb.cards[a].character for a in play(campaign).avatars])
        finish(fdb, campaign, outcome())
    assert chars == [["neo", "switch", "niobe"]] * 3
    assert campaign.status == "won"


@pytest.mark.rule("LE-CAMPAIGN-02", "LE-SETUP-03")
@pytest.mark.parametrize(("team", "why"), [
    (["neo", "neo"], "LE-CAMPAIGN-02"),
    (["neo", "nobody"], "LE-CAMPAIGN-03"),
    ([], "LE-GEN-01"),
    (["neo", "morpheus", "trinity", "switch", "mouse", "apoc"], "LE-GEN-01"),
])
def test_a_team_needs_one_different_known_character_per_player(fdb, team, why):
    with pytest.raises(SetupError, match=why):
        new_campaign(fdb, team, card_dirs=CARD_DIRS)


@pytest.mark.rule("LE-CAMPAIGN-13", "LE-CAMPAIGN-15")
def test_defeated_players_return_without_scars(fdb, campaign):
    finish(fdb, campaign, outcome(defeated=ONE_DEFEATED, damage=(2, 0, 3)))
    nxt = play(campaign)
    assert len(nxt.avatars) == 3 and fdb.cards[nxt.avatars[1]].character == "switch"
    assert nxt.scars == [1, 0, 1]
    state = LegendaryGame.new(nxt, fdb).state
    assert not any(p.defeated for p in state.players)
