"""The shipped chits, the bots and ``matrix-engine simulate --ruleset expedition``."""
from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.expedition import schema
from engine.expedition.bots import make_bot
from engine.expedition.chitdb import default_db
from engine.expedition.sim import play_game, simulate
from tests.robust.helpers import run


@pytest.mark.rule("EX-RUMOR-08")
def test_the_shipped_pools_and_their_counts():
    db = default_db()
    counts = db.counts()
    assert counts["specials"] == 16  # the seed's count
    assert counts["events"] >= 36 and counts["encounters"] >= 36
    kinds = counts["by_kind"]
    assert all(kinds[f"events.{k}"] > 0 for k in ("incident", "finding", "discovery", "rumor"))
    assert any(isinstance(c, schema.Discovery) and c.kingdom for c in db.cards.values())
    assert any(isinstance(c, schema.Encounter) and c.type == "village" for c in db.cards.values())
    assert any(isinstance(c, schema.Incident) and c.impassable for c in db.cards.values())
    assert all(c.text for c in db.cards.values()), "every chit has its words"


def test_validate_cards_counts_the_chits(capsys):
    assert main(["validate-cards", "--ruleset", "expedition"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "expedition" and out["specials"] == 16


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_each_bot_plays_whole_phases_of_one_to_four_players(bot):
    for n in (1, 2, 3, 4):
        game = play_game(40 + n, n, bot)
        assert game.over and all(sh.done for sh in game.state.sheets)


def test_the_heuristic_explorer_finds_more_than_the_random_one():
    h = simulate(40, 1, "heuristic")
    r = simulate(40, 1, "random")
    assert h["errors"] == r["errors"] == 0
    assert h["mean_dp"] > r["mean_dp"]


def test_simulate_prints_a_json_summary(capsys):
    assert main(["simulate", "--ruleset", "expedition", "--games", "6", "--bot", "heuristic",
                 "--players", "1-4", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "expedition" and out["games"] == 6 and out["errors"] == 0
    assert out["explorations"] == 1 + 2 + 3 + 4 + 1 + 2
    assert set(out["ended_by"]) <= {"time", "special"} and out["commands"] > 0


def test_simulate_refuses_five_players_and_unknown_bots():
    assert run(main, ["simulate", "--ruleset", "expedition", "--players", "5", "--games", "1"]) \
        .refused_clearly()
    assert run(main, ["simulate", "--ruleset", "expedition", "--bot", "genius", "--games", "1"]) \
        .refused_clearly()
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
