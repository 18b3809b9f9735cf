"""The film campaign (The Matrix, Reloaded, Revolutions) played headless by the campaign bot and
by the heuristic bot through the campaign API, with retries, saved and reloaded after every try.
At each step the test works out from the finished game's own state what the rules carry over and
checks the campaign and the next try's starting state against it: scars (LE-CAMPAIGN-15/16/17),
the starting Time Track (LE-CAMPAIGN-14) and prep turns (LE-CAMPAIGN-18)."""
from __future__ import annotations

import pytest

from engine.legendary.bots import play_game
from engine.legendary.campaign import CampaignId, CampaignStore, new_campaign, outcome_of, play, record
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.state import State, pp
from engine.legendary.table import Table

pytestmark = pytest.mark.slow

TEAM = ["neo", "morpheus", "trinity"]
# Seeds with which the run meets retries, a lowered Time Track and both prep cases. The campaign
# bot (seed 15): every game is lost at least once before its Major Victory, a player is defeated in
# game 1 and nobody in game 2. The heuristic bot (seed 8), which settles for Minor Victories: they
# count like losses, so game 1 takes 21 tries and game 3 nine; two players fall in game 2.
BOT_SEEDS = [("campaign", 15), ("heuristic", 8)]
MAX_TRIES = 30
ROW_SPACES = 5
FIRST_TIME = 10  # LE-TIME-01: the first game starts the Time Track at 10


def carried_over(db: CardDB, end: State) -> tuple[list[int], int]:
    """From a won game's last state, by the rules' own words: the scars each seat gains
    (LE-CAMPAIGN-15: none if defeated, 2 if their damage reached the Avatar's printed Health, else
    1; damage is the Strikes' printed damage plus 1 per scar, LE-STRIKE-06/LE-CAMPAIGN-17) and how
    many players were defeated (LE-CAMPAIGN-14, LE-CAMPAIGN-18)."""
    gained = []
    for p in end.players:
        damage = sum(db.cards[end.defs[c]].damage for c in end.piles[pp(p.seat, "strikes")])
        damage += len(end.piles[pp(p.seat, "scars")])
        health = db.cards[end.defs[p.avatar]].health
        gained.append(0 if p.defeated else 2 if damage >= health else 1)
    return gained, sum(p.defeated for p in end.players)


def check_start(db: CardDB, start: State, time: int, scars: list[int], prep: bool) -> None:
    """A try as it begins: its Time Track, its scars face down beside each Avatar counting 1 damage
    each whatever the card says, and a prep turn for everyone or for nobody."""
    t = Table(db, start)
    assert start.time == time  # LE-CAMPAIGN-14
    assert [len(start.piles[pp(i, "scars")]) for i in range(len(TEAM))] == scars  # LE-CAMPAIGN-16
    assert all(c not in start.face_up for i in range(len(TEAM)) for c in start.piles[pp(i, "scars")])
    assert [t.damage(i) for i in range(len(TEAM))] == scars  # LE-CAMPAIGN-17: 1 each, no Strikes yet
    # LE-CAMPAIGN-18: the others wait for theirs; the first player's has begun, so the first turn
    # had no Matrix Phase (LE-TURN-04): no Matrix Deck card entered the Matrix Row.
    assert [p.prep_turn for p in start.players if p.seat != start.active] == [prep] * (len(TEAM) - 1)
    entered = sum(len(start.piles[f"row.{i}"]) for i in range(ROW_SPACES))
    assert entered == (0 if prep else 1)


@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-11", "LE-CAMPAIGN-12", "LE-CAMPAIGN-13",
                  "LE-CAMPAIGN-14", "LE-CAMPAIGN-15", "LE-CAMPAIGN-16", "LE-CAMPAIGN-17",
                  "LE-CAMPAIGN-18")
@pytest.mark.parametrize(("bot", "seed"), BOT_SEEDS)
def test_a_bot_plays_the_film_campaign_with_retries_and_the_carry_over_follows_the_rules(
        shipped, tmp_path, bot, seed):
    c = new_campaign(shipped, TEAM, seed=seed, campaign_id=CampaignId("trilogy"))
    assert [f.film for f in c.films] == ["the_matrix", "reloaded", "revolutions"]
    store = CampaignStore(tmp_path)
    store.create(c)
    time, scars, prep = FIRST_TIME, [0] * len(TEAM), False
    retries, starts, minors = [], [], 0
    for number in (1, 2, 3):
        for _ in range(MAX_TRIES):
            setup = play(c)
            check_start(shipped, LegendaryGame.new(setup, shipped).state, time, scars, prep)
            end = play_game(shipped, setup, bot, setup.seed).state
            minors += end.result == "minor"
            record(shipped, c, setup, outcome_of(shipped, end))
            store.save(c)
            c = store.load("trilogy")[1]  # every step survives a restart
            if end.result == "major":
                break
            retries.append(number)  # LE-CAMPAIGN-10/11: a loss or a Minor: the same game waits
            assert c.current.number == number and c.scars == scars and not c.over
        else:
            pytest.fail(f"game {number} was not won in {MAX_TRIES} tries")
        gained, defeated = carried_over(shipped, end)
        scars = [a + b for a, b in zip(scars, gained, strict=True)]  # LE-CAMPAIGN-17: never heal
        time, prep = max(1, time - defeated), defeated == 0
        starts.append((time, prep))
        assert c.scars == scars
        if number < 3:  # the next game's setup, kept in the campaign file
            nxt = c.current
            assert nxt.number == number + 1 and nxt.start_time == time and nxt.prep_turns == prep
            assert nxt.scars == scars and len(nxt.avatars) == len(TEAM)  # LE-CAMPAIGN-13: all return
    assert c.status == "won" and c.over
    assert retries, "the seed was chosen so that at least one game is retried"
    # the campaign bot plays only for the Major; the heuristic bot's Minors were retried
    assert (minors == 0) if bot == "campaign" else (minors > 0)
    assert any(t < FIRST_TIME for t, _ in starts[:2]) and {p for _, p in starts[:2]} == {True, False}
    assert [len(g.tries) for g in c.games] == [retries.count(n) + 1 for n in (1, 2, 3)]
