"""The Records view's numbers (matrix_gui/records.py, no Qt): wins by film and player count, the
longest campaign, the fewest scars, and a records file that is read, added to and never written
over when damaged."""
from __future__ import annotations

import json

import pytest

from engine.legendary.campaign import Campaign, CampaignId, Character, FilmPlan, Game, Try
from matrix_gui.records import (
    CampaignRecord,
    GameRecord,
    RecordsFileError,
    campaign_games,
    gather,
    note_game,
    read_games,
    records_markdown,
    summarize,
)

PLAN = FilmPlan("Film", ("a", "b", "c"), ("g1", "g2", "g3", "g4"))


def _campaign(cid: str, status: str, tries: list[list[str]], scars: list[int]) -> Campaign:
    films = [FilmPlan(f"Film {i}", PLAN.acts, PLAN.groups) for i in (1, 2, 3)]
    games = [Game(number=i + 1, avatars=["x", "y"], start_time=None, scars=[0, 0], prep_turns=False,
                  tries=[Try(number=k + 1, seed=k, result=r) for k, r in enumerate(results)])
             for i, results in enumerate(tries)]
    return Campaign(id=CampaignId(cid), name=cid, kind="films", characters=[Character("a"), Character("b")],
                    films=films, games=games, scars=scars, status=status)  # type: ignore[arg-type]


def test_wins_are_counted_by_film_and_player_count():
    r = summarize([GameRecord("The Matrix", 2, "major"), GameRecord("The Matrix", 2, "minor"),
                   GameRecord("The Matrix", 2, "loss:time"), GameRecord("The Matrix", 3, "major")], [])
    assert [(x.film, x.players, x.played, x.major, x.minor) for x in r.rows] == \
        [("The Matrix", 2, 3, 1, 1), ("The Matrix", 3, 1, 1, 0)]
    assert r.games == 4 and r.longest is None and r.fewest_scars is None


def test_longest_campaign_and_fewest_scars_among_the_won():
    camps = [CampaignRecord("long", "given_up", 2, 9, 1), CampaignRecord("won-a", "won", 3, 5, 6),
             CampaignRecord("won-b", "won", 3, 4, 2)]
    r = summarize([], camps)
    assert r.longest is not None and r.longest.name == "long"
    assert r.fewest_scars is not None and r.fewest_scars.name == "won-b"
    assert r.campaigns == 3 and r.campaigns_won == 2


def test_a_campaigns_finished_tries_are_its_games():
    c = _campaign("c1", "playing", [["loss:time", "major"], ["major"], [""]], [1, 2])
    games, rec = campaign_games(c)
    assert [(g.film, g.result) for g in games] == [("Film 1", "loss:time"), ("Film 1", "major"),
                                                   ("Film 2", "major")]  # the try being played is not
    assert (rec.games, rec.tries, rec.scars) == (3, 4, 3)


def test_noted_games_are_read_back_and_campaign_games_are_not_counted_twice(tmp_path):
    path = tmp_path / "records.json"
    assert read_games(path) == []
    note_game(path, GameRecord("The Matrix", 1, "minor"))
    note_game(path, GameRecord("Film 1", 2, "major", campaign="c1"))
    assert len(read_games(path)) == 2
    c = _campaign("c1", "playing", [["major"], [""]], [1, 1])
    r = gather(path, [(c, ""), (None, "bad.json: is damaged")])
    assert r.games == 2  # the noted game outside a campaign, and the campaign's own try
    assert r.problems == ["bad.json: is damaged"]
    text = records_markdown(r)
    assert "2 finished games" in text and "bad.json: is damaged" in text


@pytest.mark.parametrize("body", ["{not json", json.dumps({"format": "other"}),
                                  json.dumps({"format": "matrix-tabletop-records", "version": 2}),
                                  json.dumps({"format": "matrix-tabletop-records", "version": 1,
                                              "games": [{"film": "x", "players": 9, "result": ""}]})])
def test_a_damaged_records_file_is_reported_and_never_written_over(tmp_path, body):
    path = tmp_path / "records.json"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(RecordsFileError):
        note_game(path, GameRecord("The Matrix", 1, "major"))
    assert path.read_text(encoding="utf-8") == body
    assert gather(path, []).problems


def test_hints_are_noted_per_game_and_summed_in_the_records_view(tmp_path):
    path = tmp_path / "records.json"
    note_game(path, GameRecord("The Matrix", 2, "major", hints=3))
    note_game(path, GameRecord("The Matrix", 2, "loss:time"))
    assert [g.hints for g in read_games(path)] == [3, 0]
    r = gather(path, [])
    assert [(x.played, x.hints) for x in r.rows] == [(2, 3)]
    assert "| The Matrix | 2 | 2 | 1 | 0 | 3 |" in records_markdown(r)


def test_a_records_file_from_before_hints_reads_as_no_hints(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps({"format": "matrix-tabletop-records", "version": 1,
                                "games": [{"film": "The Matrix", "players": 1, "result": "major"}]}),
                    encoding="utf-8")
    assert read_games(path) == [GameRecord("The Matrix", 1, "major", hints=0)]


@pytest.mark.parametrize("bad", [-1, "2", True])
def test_a_damaged_hint_count_in_the_records_is_reported(tmp_path, bad):
    path = tmp_path / "records.json"
    path.write_text(json.dumps({"format": "matrix-tabletop-records", "version": 1,
                                "games": [{"film": "x", "players": 1, "result": "", "hints": bad}]}),
                    encoding="utf-8")
    with pytest.raises(RecordsFileError, match="hints"):
        read_games(path)


def test_every_campaign_is_listed_with_when_it_began(tmp_path):
    c = _campaign("c1", "won", [["major"], ["minor"], ["major"]], [0, 1])
    c.created = "2025-11-30T18:45:12"
    r = gather(tmp_path / "records.json", [(c, "")])
    assert r.campaign_rows == [CampaignRecord("c1", "won", 3, 3, 1, "2025-11-30T18:45:12")]
    assert "| Film 1 |" in records_markdown(r) and "| Film 1 |" not in records_markdown(r, tables=False)
