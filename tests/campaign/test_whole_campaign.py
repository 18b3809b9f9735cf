"""A whole film campaign played headless by the heuristic bot, with retries, checking at each step
what the rules carry over: scars, the starting Time Track and prep turns (issue acceptance; on the
fixture films until Reloaded and Revolutions are registered)."""
from __future__ import annotations

import pytest

from engine.cli import main
from engine.legendary.campaign import CampaignId, CampaignStore, new_campaign, record
from engine.legendary.game import LegendaryGame
from engine.legendary.state import pp
from tests.campaign.conftest import CARD_DIRS, FILM_DIRS
from tests.campaign.helpers import play_to_end

MAX_TRIES = 80


@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-11", "LE-CAMPAIGN-12", "LE-CAMPAIGN-13",
                  "LE-CAMPAIGN-14", "LE-CAMPAIGN-15", "LE-CAMPAIGN-16", "LE-CAMPAIGN-18")
def test_the_bot_plays_a_whole_campaign_with_retries(fdb, tmp_path):
    c = new_campaign(fdb, ["neo", "morpheus", "niobe"], seed=2, card_dirs=CARD_DIRS,
                     campaign_id=CampaignId("whole"))
    store = CampaignStore(tmp_path)
    store.create(c)
    time, scars, prep = 10, [0, 0, 0], False  # what the rules say game 1 starts with
    retries = 0
    for number in (1, 2, 3):
        for _ in range(MAX_TRIES):
            setup, game, out = play_to_end(fdb, c)
            start = LegendaryGame.new(setup, fdb).state  # the try as it began
            assert start.time == time
            assert [len(start.piles[pp(i, "scars")]) for i in range(3)] == scars
            assert all(p.prep_turn for p in start.players if p.seat != start.active) == prep
            record(fdb, c, setup, out)
            store.save(c)
            c = store.load("whole")[1]  # every step survives a restart
            if out.major:
                break
            retries += 1
            assert c.current.number == number
        else:
            pytest.fail(f"game {number} was not won in {MAX_TRIES} tries")
        defeated = sum(out.defeated)
        scars = [s + (0 if d else 2 if dmg >= hp else 1)
                 for s, d, dmg, hp in zip(scars, out.defeated, out.damage, out.health, strict=True)]
        time, prep = max(1, time - defeated), defeated == 0
        assert c.scars == scars
    assert c.status == "won" and retries >= 1
    assert [len(g.tries) for g in c.games] and all(g.won for g in c.games)


@pytest.mark.slow
@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-11")
def test_autoplay_plays_the_campaign_from_the_command_line(capsys, tmp_path, monkeypatch):
    import json

    monkeypatch.setenv("MATRIX_TABLETOP_HOME", str(tmp_path))
    cards = [a for d in FILM_DIRS for a in ("--cards", d)]
    assert main(["campaign", "new", "--team", "neo,morpheus", "--id", "auto", "--seed", "7", *cards]) == 0
    capsys.readouterr()
    assert main(["campaign", "autoplay", "auto", "--max-tries", str(MAX_TRIES)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"] == "Campaign: won"
    games = [t["game"] for t in out["tries"]]
    assert games == sorted(games) and set(games) == {1, 2, 3}
    wins = [t for t in out["tries"] if t["result"] == "major"]
    assert [t["game"] for t in wins] == [1, 2, 3]  # only a Major Victory moves on
    assert out["scars"] == [sum(t["scars_gained"][i] for t in wins) for i in range(2)]
