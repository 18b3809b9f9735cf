"""``matrix-engine campaign``: new, list, show, play, advance, give-up, autoplay, and one clear line
with exit status 2 for bad input."""
from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.legendary.bots import play_game
from engine.legendary.game import LegendaryGame
from tests.campaign.conftest import FILM_DIRS

CARDS = [a for d in FILM_DIRS for a in ("--cards", d)]


def run(capsys, *argv: str) -> tuple[int, dict | list | None, str]:
    code = main(["campaign", *argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user data folder of our own (MATRIX_TABLETOP_HOME), as the app would use."""
    monkeypatch.setenv("MATRIX_TABLETOP_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.slow
@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-11", "LE-CAMPAIGN-14")
def test_new_play_advance_and_show_through_the_command_line(capsys, home, fdb):
    code, out, _ = run(capsys, "new", "--team", "neo,morpheus,niobe", "--id", "cli", "--seed", "2",
                          *CARDS)
    assert code == 0 and out["path"] == str(home / "data" / "campaigns" / "cli.json")
    assert out["avatars"] == ["thomas_anderson_neo", "morpheus_the_matrix", "niobe"]
    results = []
    for _ in range(60):  # play tries with the bot until game 1 is won
        save = home / "game.json"
        code, out, _ = run(capsys, "play", "cli", str(save))
        assert code == 0 and out["setup"]["campaign"].startswith("cli/1/")
        start = LegendaryGame.load(save)
        finished = play_game(start.db, start.setup, "heuristic", start.setup.seed)
        finished.save(save)
        code, out, _ = run(capsys, "advance", str(save))
        assert code == 0
        results.append(out["result"])
        if out["won"]:
            break
    assert results[-1] == "major" and all(r != "major" for r in results[:-1])
    code, out, _ = run(capsys, "show", "cli")
    assert out["state"] == "Campaign: game 2 of 3, try 1"
    assert len(out["games"][0]["tries"]) == len(results)
    assert out["games"][0]["tries"][-1]["save"].endswith("game.json")
    assert out["games"][1]["start_time"] == 10 - len(out["games"][0]["tries"][-1]["defeated"])
    code, out, _ = run(capsys, "list")
    assert [r["id"] for r in out] == ["cli"]


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_give_up_ends_the_campaign(capsys, home):
    run(capsys, "new", "--team", "neo", "--id", "quit", *CARDS)
    code, out, _ = run(capsys, "give-up", "quit")
    assert code == 0 and out["state"] == "Campaign: given up in game 1 of 3"
    code, _, err = run(capsys, "play", "quit", str(home / "g.json"))
    assert code == 2 and err == "matrix-engine campaign: error: the campaign is over (given up)\n"


def test_a_finished_game_cannot_be_recorded_twice_nor_an_unfinished_one(capsys, home):
    run(capsys, "new", "--team", "neo,switch", "--id", "twice", *CARDS)
    save = home / "g.json"
    run(capsys, "play", "twice", str(save))
    code, _, err = run(capsys, "advance", str(save))
    assert code == 2 and "is not finished" in err
    game = LegendaryGame.load(save)
    play_game(game.db, game.setup, "heuristic", game.setup.seed).save(save)
    assert run(capsys, "advance", str(save))[0] == 0
    code, _, err = run(capsys, "advance", str(save))
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "words"), [
    (["show", "nope"], 'Campaign file "'),
    (["new", "--team", "neo,neo", *CARDS], "LE-CAMPAIGN-02"),
    (["new", "--team", "nobody", *CARDS], "LE-CAMPAIGN-03"),
    (["new", "--team", "neo", "--id", "../x", *CARDS], "campaign.id"),
    (["autoplay", "nope"], "does not exist"),
])
def test_bad_input_is_one_line_and_exit_status_2(capsys, home, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out is None and words in err and err.count("\n") == 1


def test_a_damaged_campaign_is_reported_and_left_as_it_was(capsys, home):
    run(capsys, "new", "--team", "neo", "--id", "hurt", *CARDS)
    path = home / "data" / "campaigns" / "hurt.json"
    bad = path.read_bytes()[:-40]
    path.write_bytes(bad)
    for argv in (["show", "hurt"], ["give-up", "hurt"], ["play", "hurt", str(home / "g.json")]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "is truncated or not JSON" in err
    assert path.read_bytes() == bad and not (home / "g.json").exists()


def test_custom_films_file_errors_name_the_file_and_field(capsys, home, tmp_path):
    films = tmp_path / "mine.toml"
    films.write_text('[[film]]\nname = "A"\nacts = ["x", "y"]\ngroups = ["a", "b", "c", "d"]\n')
    code, _, err = run(capsys, "new", "--team", "neo", "--custom", str(films), *CARDS)
    assert code == 2 and "mine.toml" in err and "film[0].acts" in err
    films.write_text("[[film]\n")
    code, _, err = run(capsys, "new", "--team", "neo", "--custom", str(films), *CARDS)
    assert code == 2 and "is not valid" in err


@pytest.mark.rule("LE-CAMPAIGN-07")
def test_a_custom_campaign_is_checked_before_game_1(capsys, home, tmp_path):
    films = tmp_path / "mine.json"
    plan = {"name": "A", "acts": ["what_is_the_matrix", "know_thyself", "he_is_the_one"],
            "groups": ["morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew"]}
    films.write_text(json.dumps({"film": [plan, plan, plan]}))
    code, _, err = run(capsys, "new", "--team", "neo", "--custom", str(films), *CARDS)
    assert code == 2 and "LE-CAMPAIGN-07" in err
    assert not (home / "data" / "campaigns").exists() or not any((home / "data" / "campaigns").iterdir())
