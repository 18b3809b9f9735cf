"""Damaged saves and odd command text: a clear SaveError or a refusal naming the field, never an
uncaught exception, and the file never changed (issue 16, items 9, 18, 19)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import main
from engine.core.commands import CommandSyntaxError, parse
from engine.core.savefile import SaveError
from engine.legendary.game import LegendaryGame
from tests.robust.helpers import real_save, run, write_payload


@pytest.fixture(scope="module")
def payload(tmp_path_factory) -> dict:
    return real_save(tmp_path_factory.mktemp("save") / "good.json")


@pytest.mark.parametrize("text", ["play ²", "@² end", "play " + "1" * 5000, "@" + "1" * 5000 + " end",
                                  "play --5", "play ١٢", "choose 1 " + "9" * 19, "x" * 1001])
def test_number_like_text_that_is_not_ascii_digits_is_a_syntax_error(text):
    with pytest.raises(CommandSyntaxError):
        parse(text)


def test_ascii_numbers_still_parse():
    assert parse("@1 play -3 12").args == (-3, 12)
    assert parse("play " + "9" * 18).args == (int("9" * 18),)
    assert parse("move real alley").args == ("real", "alley")


def test_a_game_refuses_odd_digits_as_a_command_error(tmp_path):
    from engine.legendary.films import film_setup

    game = LegendaryGame.new(film_setup("the_matrix", 2, 3))
    before = game.state_hash()
    for text in ("play ²", "@² end", "play " + "1" * 5000):
        res = game.apply(text)
        assert not res.accepted and res.rule == "COMMAND"
    assert game.state_hash() == before and game.commands == []


@pytest.mark.parametrize(("command", "words"), [
    ("play ²", "bad number"), ("@² end", "bad seat"), ("play " + "1" * 5000, "at most 1000 characters"),
])
def test_a_save_holding_an_odd_command_gives_a_clear_save_error(tmp_path, payload, command, words):
    path = tmp_path / "odd.json"
    before = write_payload(path, {**payload, "commands": [*payload["commands"], command]})
    with pytest.raises(SaveError, match=words) as err:
        LegendaryGame.load(path)
    assert len(str(err.value)) < 200
    assert path.read_bytes() == before


@pytest.mark.parametrize(("setup", "words"), [
    ([], "setup must be an object, not a list"),
    (None, "setup must be an object, not null"),
    ("the_matrix", 'setup must be an object, not the text "the_matrix"'),
    ("SEED", 'setup.seed must be a whole number, not the text "abc"'),
    ("AVATAR", "LE-SETUP-02: 'nobody' is not an Avatar"),
    ("EXTRA", "setup.colour is not a known field"),
    ("NO_ACTS", "setup.acts is missing"),
    ("BAD_DIR", "setup.card_dirs[0] must be text, not the number 7"),
])
def test_a_bad_setup_is_a_save_error_naming_the_field(tmp_path, payload, setup, words):
    good = payload["setup"]
    setup = {"SEED": {**good, "seed": "abc"}, "AVATAR": {**good, "avatars": ["nobody", "mouse"]},
             "EXTRA": {**good, "colour": "green"},
             "NO_ACTS": {k: v for k, v in good.items() if k != "acts"},
             "BAD_DIR": {**good, "card_dirs": [7]}}.get(setup, setup) if isinstance(setup, str) else setup
    path = tmp_path / "bad.json"
    before = write_payload(path, {**payload, "setup": setup})
    with pytest.raises(SaveError) as err:
        LegendaryGame.load(path)
    assert words in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == before
    res = run(main, ["replay", str(path)])
    assert res.refused_clearly() and words in res.err, res.err
    assert path.read_bytes() == before


@pytest.mark.parametrize(("change", "words"), [
    ({"commands": "play 1"}, "commands must be a list"),
    ({"commands": ["end", 5]}, "commands[1] must be text, not the number 5"),
    ({"state_hash": 5}, "state_hash must be text"),
    ({"state_hash": None}, "state_hash must be text, not null"),
])
def test_a_bad_command_log_or_hash_names_the_field(tmp_path, payload, change, words):
    path = tmp_path / "bad.json"
    before = write_payload(path, {**payload, **change})
    res = run(main, ["replay", str(path)])
    assert res.refused_clearly() and words in res.err, res.err
    assert path.read_bytes() == before


def test_a_missing_card_folder_in_a_save_is_a_save_error(tmp_path, payload):
    path = tmp_path / "bad.json"
    write_payload(path, {**payload, "setup": {**payload["setup"], "card_dirs": [str(tmp_path / "gone")]}})
    res = run(main, ["replay", str(path)])
    assert res.refused_clearly(), res.err


def test_a_damaged_starting_position_is_a_save_error(tmp_path, payload):
    path = tmp_path / "bad.json"
    write_payload(path, {**payload, "initial": {"players": 5}})
    with pytest.raises(SaveError, match="damaged starting position"):
        LegendaryGame.load(path)


def test_replay_on_a_binary_file_is_one_line(tmp_path):
    path = tmp_path / "noise.json"
    path.write_bytes(bytes(range(256)) * 4)
    res = run(main, ["replay", str(path)])
    assert res.refused_clearly() and "not UTF-8" in res.err


def test_the_example_save_still_replays(tmp_path, payload):
    path = tmp_path / "fine.json"
    write_payload(path, payload)
    res = run(main, ["replay", str(path)])
    assert res.code == 0 and res.err == "" and Path(path).is_file()
