"""Playing a campaign game by game: moving on, retrying, giving up (LE-CAMPAIGN-01, 06, 10..12),
and the scars a game starts with (LE-CAMPAIGN-16/17)."""
from __future__ import annotations

import pytest

from engine.legendary import flow
from engine.legendary.campaign import (
    CampaignError,
    CampaignId,
    campaign_of,
    give_up,
    new_campaign,
    outcome_of,
    play,
    record,
)
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup, SetupError
from engine.legendary.state import pp
from tests.campaign.conftest import CARD_DIRS, TEAM
from tests.campaign.helpers import finish, outcome, play_to_end


@pytest.mark.rule("LE-CAMPAIGN-01", "LE-CAMPAIGN-06")
def test_the_film_campaign_is_the_three_films_in_order_with_their_own_setups(fdb, campaign):
    films = list(fdb.films.values())
    assert [p.film for p in campaign.films] == [f.id for f in films]
    for film in films:
        setup = play(campaign)
        assert (tuple(setup.acts), tuple(setup.groups)) == (film.acts, film.groups)
        finish(fdb, campaign, outcome())
    assert campaign.status == "won" and len(campaign.games) == 3


def test_an_unnamed_campaign_is_named_by_its_first_film_and_the_date(shipped):
    """Not "campaign-20261204-134532-96a8": the first film and the day, unique among the names
    taken; a custom campaign says it is one."""
    import datetime

    from engine.legendary.campaign import default_name, film_plans

    day = datetime.date(2026, 12, 4)
    plans = film_plans(list(shipped.films.values()))
    assert default_name("films", plans, day) == "The Matrix campaign, 4 Dec 2026"
    assert default_name("custom", plans, day) == "Custom campaign, 4 Dec 2026"
    taken = ["The Matrix campaign, 4 Dec 2026", "The Matrix campaign, 4 Dec 2026 (2)"]
    assert default_name("films", plans, day, taken) == "The Matrix campaign, 4 Dec 2026 (3)"
    c = new_campaign(shipped, ["neo", "morpheus"], seed=2)
    assert c.name == default_name("films", c.films) and c.name != c.id
    assert new_campaign(shipped, ["neo"], name="Trilogy night").name == "Trilogy night"


@pytest.mark.rule("LE-CAMPAIGN-01", "LE-CAMPAIGN-04", "LE-CAMPAIGN-05", "LE-VARIANT-10")
def test_the_film_campaign_of_the_shipped_films(shipped):
    """The Trilogy (LE-VARIANT-10): a campaign across the three shipped films, in order."""
    c = new_campaign(shipped, ["neo", "morpheus"], seed=2)
    assert [p.film for p in c.films] == ["the_matrix", "reloaded", "revolutions"]
    setup = play(c)
    assert setup.avatars == ["thomas_anderson_neo", "morpheus_the_matrix"]
    assert tuple(setup.acts) == shipped.films["the_matrix"].acts


@pytest.mark.rule("LE-CAMPAIGN-10")
@pytest.mark.parametrize("result", ["minor", "loss:time", "loss:defeat", "loss:strikes"])
def test_anything_but_a_major_victory_leaves_the_team_on_the_same_game(fdb, campaign, result):
    carried = finish(fdb, campaign, outcome(result))
    assert not carried.won and carried.next_time is None
    assert campaign.current.number == 1 and campaign.describe() == "Campaign: game 1 of 3, try 2"
    assert finish(fdb, campaign, outcome("major")).won
    assert campaign.current.number == 2 and campaign.describe() == "Campaign: game 2 of 3, try 1"


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_a_retry_uses_exactly_the_setup_the_game_began_with(fdb, campaign):
    finish(fdb, campaign, outcome("major", damage=(9, 0, 0)))  # scars 2, 1, 1 into game 2
    first = play(campaign)
    record(fdb, campaign, first, outcome("loss:time"))
    retry = play(campaign)
    same = {k: v for k, v in first.to_dict().items() if k not in ("seed", "campaign")}
    assert {k: v for k, v in retry.to_dict().items() if k not in ("seed", "campaign")} == same
    assert same["scars"] == [2, 1, 1] and same["start_time"] == 10 and same["prep_turns"]
    assert retry.seed != first.seed  # a reset reshuffles (docs/rulings.md)
    assert [t.number for t in campaign.current.tries] == [1, 2]


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_the_try_in_progress_is_set_up_again_unchanged(campaign):
    assert play(campaign).to_dict() == play(campaign).to_dict()
    assert len(campaign.current.tries) == 1
    assert campaign_of(play(campaign)) == ("test-campaign", 1, 1)
    assert campaign_of(LegendarySetup(avatars=[], acts=[], groups=[])) is None
    assert campaign_of(LegendarySetup(avatars=[], acts=[], groups=[], campaign="x/y/1")) is None


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_the_campaign_ends_only_by_winning_game_three_or_giving_up(fdb, campaign):
    for _ in range(2):
        finish(fdb, campaign, outcome())
    for _ in range(3):
        finish(fdb, campaign, outcome("loss:time"))
        assert not campaign.over
    finish(fdb, campaign, outcome())
    assert campaign.status == "won" and campaign.describe() == "Campaign: won"
    with pytest.raises(CampaignError, match="over"):
        play(campaign)


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_giving_up_ends_the_campaign_and_drops_the_try_in_progress(fdb, campaign):
    finish(fdb, campaign, outcome("loss:time"))
    play(campaign)
    give_up(campaign)
    assert campaign.status == "given_up" and len(campaign.current.tries) == 1
    assert campaign.describe() == "Campaign: given up in game 1 of 3"
    with pytest.raises(CampaignError, match="over"):
        play(campaign)
    with pytest.raises(CampaignError, match="over"):
        give_up(campaign)


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_only_the_try_being_played_can_be_recorded(fdb, campaign):
    with pytest.raises(CampaignError, match="no try of game 1"):
        record(fdb, campaign, LegendarySetup(avatars=[], acts=[], groups=[]), outcome())
    setup = play(campaign)
    other = LegendarySetup(**{**setup.__dict__, "seed": setup.seed + 1})
    with pytest.raises(CampaignError, match="not the one"):
        record(fdb, campaign, other, outcome())
    with pytest.raises(CampaignError, match="2 players"):
        record(fdb, campaign, setup, outcome(defeated=(False, False), damage=(0, 0), health=(8, 8)))
    assert campaign.current.pending is not None  # nothing was recorded


@pytest.mark.rule("LE-CAMPAIGN-12")
def test_after_a_win_the_next_game_starts_fresh(fdb):
    campaign = new_campaign(fdb, ["neo", "morpheus", "niobe"], seed=5, card_dirs=CARD_DIRS,
                            campaign_id=CampaignId("fresh"))
    setup, game, out = play_to_end(fdb, campaign)
    while not out.major:  # the heuristic bot, seeded: it wins a Major Victory within a few tries
        record(fdb, campaign, setup, out)
        setup, game, out = play_to_end(fdb, campaign)
    record(fdb, campaign, setup, out)
    fresh = LegendaryGame.new(play(campaign), fdb).state
    for p in fresh.players:
        assert not fresh.piles[pp(p.seat, "strikes")] and not p.defeated
        assert len(fresh.piles[pp(p.seat, "hand")]) == 6
    assert fresh.act == 1 and fresh.turn_no == 1 and fresh.result == ""


@pytest.mark.rule("LE-CAMPAIGN-16")
def test_scars_are_the_top_strike_cards_face_down_beside_the_avatar(fdb, campaign):
    finish(fdb, campaign, outcome(damage=(9, 0, 0)))
    setup = play(campaign)
    assert setup.scars == [2, 1, 1]
    plain = LegendaryGame.new(LegendarySetup(**{**setup.__dict__, "scars": []}), fdb).state
    state = LegendaryGame.new(setup, fdb).state
    top = plain.piles["strikes"][::-1][:4]  # the same shuffle, before any scar was taken
    assert state.piles[pp(0, "scars")] == top[:2]
    assert state.piles[pp(1, "scars")] == top[2:3] and state.piles[pp(2, "scars")] == top[3:4]
    scars = [c for seat in range(3) for c in state.piles[pp(seat, "scars")]]
    assert not set(scars) & set(state.piles["strikes"]) and not set(scars) & state.face_up
    view = LegendaryGame(fdb, state).observe(1)
    assert [p["scars"] for p in view["players"]] == [2, 1, 1]
    assert all(c == {"hidden": True} for c in view["piles"][pp(0, "scars")]["cards"])


@pytest.mark.rule("LE-CAMPAIGN-16")
def test_a_setup_refuses_scars_that_do_not_fit(fdb, campaign):
    setup = play(campaign)
    for scars in ([1, 1], [-1, 0, 0], [100, 100, 100]):
        with pytest.raises(SetupError, match="LE-CAMPAIGN-16"):
            LegendaryGame.new(LegendarySetup(**{**setup.__dict__, "scars": scars}), fdb)
    with pytest.raises(SetupError, match="LE-CAMPAIGN-14"):
        LegendaryGame.new(LegendarySetup(**{**setup.__dict__, "start_time": 0}), fdb)


@pytest.mark.rule("LE-CAMPAIGN-17", "LE-STRIKE-06")
def test_each_scar_is_one_damage_whatever_its_printed_damage(fdb, scarred):
    s, t = scarred.state, scarred.table()
    # make every scar a Strike card printed with 2 damage (the setup drew them at random)
    twos = [c for c in s.piles["strikes"] if fdb.cards[s.defs[c]].damage == 2][:3]
    for scar, two in zip(list(s.piles[pp(0, "scars")]), twos, strict=True):
        t.move(scar, pp(0, "scars"), "strikes")
        t.move(two, "strikes", pp(0, "scars"), face_up=False)
    assert sum(fdb.cards[s.defs[c]].damage for c in s.piles[pp(0, "scars")]) == 6
    assert t.damage(0) == 3 and scarred.observe(0)["players"][0]["damage"] == 3


@pytest.mark.rule("LE-CAMPAIGN-17", "LE-STRIKE-07")
def test_healing_ignores_scars(fdb, scarred):
    from engine.legendary.scenario import Scenario

    sc = Scenario(fdb)
    sc.game = scarred
    scars = list(scarred.state.piles[pp(0, "scars")])
    sc.line("put strike_sentinel_laser p0.strikes as laser")
    sc.line("effect 0 heal_strike amount=5")
    assert scarred.state.piles[pp(0, "scars")] == scars and not scarred.state.piles[pp(0, "strikes")]
    assert scarred.table().damage(0) == 3


@pytest.mark.rule("LE-CAMPAIGN-17", "LE-DEFEAT-08")
def test_scars_count_toward_a_players_defeat(fdb, scarred):
    t = scarred.table()
    health = t.health(0)
    while t.damage(0) < health:  # Strike cards until scars + Strikes reach Health
        top = scarred.state.piles["strikes"][-1]
        t.move(top, "strikes", pp(0, "strikes"), face_up=True)
    strikes_only = sum(fdb.cards[scarred.state.defs[c]].damage for c in scarred.state.piles[pp(0, "strikes")])
    assert strikes_only < health  # without the scars this would not be a defeat
    flow.check_defeat(t, 0)
    assert scarred.state.result == "loss:defeat"  # in Act 1 a defeat loses the game (LE-DEFEAT-09)


@pytest.mark.rule("LE-CAMPAIGN-17")
def test_scars_accumulate_from_game_to_game(fdb, campaign):
    finish(fdb, campaign, outcome(damage=(9, 0, 0)))
    finish(fdb, campaign, outcome(defeated=(False, True, False)))
    assert campaign.scars == [3, 1, 2] and play(campaign).scars == [3, 1, 2]


@pytest.mark.rule("LE-CAMPAIGN-15", "LE-CAMPAIGN-17")
def test_outcome_of_reads_a_finished_game(fdb, campaign):
    setup, game, out = play_to_end(fdb, campaign)
    s = game.state
    assert out.result == s.result and out.turns == s.turn_no
    assert out.defeated == tuple(p.defeated for p in s.players)
    assert out.health == tuple(fdb.cards[a].health for a in setup.avatars)
    assert out.strikes == tuple(len(s.piles[pp(i, "strikes")]) for i in range(3))
    assert out.damage == tuple(game.table().damage(i) for i in range(3))
    running = LegendaryGame.new(setup, fdb)
    with pytest.raises(CampaignError, match="not finished"):
        outcome_of(fdb, running.state)


@pytest.fixture
def scarred(fdb) -> LegendaryGame:
    """Game 2 of a campaign whose first player carries 3 scars."""
    c = new_campaign(fdb, TEAM, seed=11, card_dirs=CARD_DIRS, campaign_id=CampaignId("scarred"))
    finish(fdb, c, outcome(damage=(9, 0, 0)))
    setup = play(c)
    return LegendaryGame.new(LegendarySetup(**{**setup.__dict__, "scars": [3, 0, 0]}), fdb)


@pytest.mark.rule("LE-CAMPAIGN-02")
def test_the_traitor_modes_avatar_is_no_campaign_character(shipped):
    from engine.legendary.campaign.play import avatar_characters

    chars = set(avatar_characters(shipped).values())
    assert {"neo", "morpheus", "trinity", "niobe", "apoc"} <= chars
    assert "assimilated_smith" not in chars
    with pytest.raises((CampaignError, SetupError)):
        new_campaign(shipped, ["neo", "assimilated_smith"])
