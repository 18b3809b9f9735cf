"""The headless ``matrix-engine`` command line."""
from __future__ import annotations

import json
from pathlib import Path

from engine.cli import main
from engine.legendary.game import LegendaryGame

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "cards"


def test_simulate_prints_a_json_summary(capsys):
    assert main(["simulate", "--games", "6", "--players", "1-3", "--cards", str(FIXTURE)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and out["errors"] == 0
    assert sum(out["wins"].values()) + sum(out["losses"].values()) == 6
    for key in ("mean_turns", "commands", "commands_per_second"):
        assert out[key] > 0


def test_simulate_plays_the_film_it_is_given(capsys):
    from engine.legendary.carddb import load_db
    from engine.legendary.films import available_films

    films = [f.id for f in available_films(load_db())]
    film = films[-1]  # the last loaded film, not the default first one when there are several
    assert main(["simulate", "--games", "2", "--players", "2", "--bot", "heuristic", "--film", film]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["errors"] == 0
    acts = {a for a in out["acts"]}
    assert acts == set(next(f for f in available_films(load_db()) if f.id == film).acts)


def test_simulate_refuses_a_film_that_is_not_loaded(capsys):
    assert main(["simulate", "--games", "2", "--film", "no_such_film"]) == 2
    err = capsys.readouterr().err
    assert "LE-FILMS-10" in err and "no_such_film" in err and "the_matrix" in err


def test_validate_cards_counts_the_starting_content(capsys):
    assert main(["validate-cards"]) == 0
    out = json.loads(capsys.readouterr().out)
    counts = out["by_category"]
    assert counts["unplug"] == 35 and counts["there_is_no_spoon"] == 25
    assert counts["free_your_mind"] == 5 and counts["hovercraft"] == 5 and counts["strike"] == 40


def test_validate_cards_names_file_and_field_of_a_schema_error(tmp_path, capsys):
    (tmp_path / "broken.toml").write_text(
        '[[card]]\nid = "bad_one"\nname = "Bad"\nkind = "hero"\ndeck = "x"\n'
        'effects = [{ verb = "teleport" }]\n'
        '[[card]]\nid = "bad_two"\nname = "Worse"\nkind = "strike"\ndeck = "strikes"\ndamage = -1\n')
    assert main(["validate-cards", "--cards", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "broken.toml: card[0] 'bad_one'.effects.0" in err
    assert "teleport" in err
    assert "broken.toml: card[1] 'bad_two'.damage" in err


def test_validate_cards_reports_bad_toml(tmp_path, capsys):
    (tmp_path / "oops.toml").write_text("[[card]\nid = 1\n")
    assert main(["validate-cards", "--cards", str(tmp_path)]) == 1
    assert "oops.toml: not valid TOML" in capsys.readouterr().err


def test_replay_prints_the_final_hash(tmp_path, capsys):
    from engine.legendary.carddb import load_db
    from engine.legendary.quickstart import default_setup

    db = load_db([FIXTURE])
    game = LegendaryGame.new(default_setup(db, 2, 4, [str(FIXTURE)]), db)
    for _ in range(15):
        game.apply(game.legal_commands()[0])
    path = tmp_path / "s.json"
    game.save(path)
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["hash"] == game.state_hash()
    path.write_text("{}")
    assert main(["replay", str(path)]) == 2
    assert "not a Matrix Tabletop save" in capsys.readouterr().err


def test_run_scenario_prints_events_rejections_and_final_state(capsys):
    assert main(["run-scenario", str(ROOT / "tests" / "scenarios" / "phone_blocked.scn")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["rule"] for r in out["rejections"]] == ["LE-MOVE-10", "LE-MOVE-10"]
    assert out["failures"] == []
    assert out["final"]["attack"] == 3
    assert any(e["kind"] == "card_revealed" for e in out["events"])


def test_run_scenario_fails_on_a_broken_expectation(tmp_path, capsys):
    text = (ROOT / "tests" / "scenarios" / "phone_blocked.scn").read_text().replace(
        "cards=../fixtures/cards", f"cards={FIXTURE}")
    bad = tmp_path / "bad.scn"
    bad.write_text(text + "expect time 3\n")
    assert main(["run-scenario", str(bad)]) == 1
    assert "expect time 3" in json.loads(capsys.readouterr().out)["failures"][0]


def test_replay_verifies_a_matrix_replay_save(tmp_path, capsys):
    from engine.replay.game import ReplayGame
    from engine.replay.setup import ReplaySetup

    game = ReplayGame.new(ReplaySetup(seed=5))
    for _ in range(40):
        assert game.apply(game.legal_commands(game.acting)[0]).accepted
    path = tmp_path / "r.json"
    game.save(path)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"hash": game.state_hash(), "commands": 40, "result": game.state.result}
    env = json.loads(path.read_text())
    env["payload"]["state_hash"] = "0" * 64  # a damaged save: refused, and the file left alone
    path.write_text(json.dumps(env))
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    assert "checksum does not match" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_replay_refuses_a_save_of_an_unknown_ruleset(tmp_path, capsys):
    from engine.core.savefile import write_save

    path = tmp_path / "x.json"
    write_save(path, "chess", {"commands": []})
    assert main(["replay", str(path)]) == 2
    assert 'is for the "chess" ruleset' in capsys.readouterr().err
