"""The engine's public API: determinism, undo, rejections, legal commands, views and saves."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.commands import Command, parse
from engine.core.savefile import SaveError
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup
from tests.legendary.conftest import AVATARS, FIXTURE_CARDS

ROOT = Path(__file__).resolve().parents[2]


def new_game(db, players: int = 3, seed: int = 5) -> LegendaryGame:
    setup = LegendarySetup(avatars=list(AVATARS[:players]),
                           acts=["test_act_one", "test_act_two", "test_act_three"],
                           groups=["test_alpha", "test_beta", "test_gamma", "test_delta"], seed=seed,
                           card_dirs=[str(FIXTURE_CARDS)])
    return LegendaryGame.new(setup, db)


def random_commands(game: LegendaryGame, n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if game.over:
            break
        cmd = rng.choice(game.legal_commands())
        assert game.apply(cmd).accepted
        out.append(cmd.text())
    return out


def test_command_text_round_trip():
    for text in ("play 12", "move real alley", "@2 coordinate 45", "choose 0", "recruit hovercraft",
                 "minor-victory", "complete 7 attack"):
        assert parse(text).text() == text
    assert parse("  @1   play   3 ") == Command("play", (3,), 1)


def test_same_seed_and_commands_give_the_same_hash_in_a_fresh_process(db):
    game = new_game(db, players=4, seed=11)
    commands = random_commands(game, 200, seed=3)
    script = (
        "import sys, json\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from engine.legendary.game import LegendaryGame\n"
        "from engine.legendary.setup import LegendarySetup\n"
        "d = json.loads(sys.stdin.read())\n"
        "g = LegendaryGame.new(LegendarySetup.from_dict(d['setup']))\n"
        "for c in d['commands']:\n"
        "    assert g.apply(c).accepted, c\n"
        "print(g.state_hash())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], input=json.dumps(
        {"setup": game.state.setup, "commands": commands}), capture_output=True, text=True,
        check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""})
    assert out.stdout.strip() == game.state_hash()


def test_different_seeds_give_different_games(db):
    assert new_game(db, seed=1).state_hash() != new_game(db, seed=2).state_hash()


def test_apply_then_undo_restores_an_equal_state(db):
    game = new_game(db)
    s = game.state
    start_hash = game.state_hash()
    card = next(c for c in s.piles[f"p{s.active}.hand"] if game.is_legal(Command("play", (c,))))
    assert game.apply(Command("play", (card,))).accepted
    assert game.state_hash() != start_hash
    assert game.undo().accepted
    assert game.state_hash() == start_hash
    assert game.state.to_dict() == s.to_dict() or game.state_hash() == start_hash
    assert game.commands == []


def test_undo_after_a_reveal_is_refused_with_a_reason(db):
    game = new_game(db)
    ended = game.apply("end")  # the next turn draws and reveals cards
    assert ended.accepted
    drawn = next(e.text for e in ended.events if e.kind == "cards_drawn")
    res = game.undo()
    assert not res.accepted and res.rule == "UNDO"
    # in a player's words: what was seen, never the command's text or an event's kind
    assert res.reason == f"cannot undo: the last move revealed something new ({drawn})"


def test_event_texts_name_piles_as_players_do(db):
    """The log's lines say "Trinity's deck is shuffled", never a pile's id ("p0.deck shuffled")."""
    game = new_game(db)
    t = game.table()
    t.shuffle("p1.deck")
    t.shuffle("strikes")
    assert [e.text for e in t.events] == [f"{t.player_name(1)}'s deck is shuffled",
                                          "The Strike deck is shuffled"]
    internal = re.compile(r"\bp\d\.|\b[a-z]+_[a-z_]+\b")  # p0.deck, matrix_deck, defeated_enemies
    rng = random.Random(3)
    for _ in range(400):
        if game.over:
            break
        res = game.apply(rng.choice(game.legal_commands()))
        assert res.accepted
        assert [e.text for e in res.events if internal.search(e.text)] == []


def test_rejections_name_their_rule_and_change_nothing(db):
    game = new_game(db)
    before = game.state_hash()
    for bad in ("fight 0", "scan 9", "recruit 0", "choose 1", "dance", "", "@9 play 1"):
        res = game.apply(bad)
        assert not res.accepted
        assert res.rule and res.reason, bad
        assert str(res).startswith(res.rule + ": ")
    assert game.state_hash() == before


def test_legal_commands_are_exactly_the_accepted_ones(db):
    game = new_game(db, players=2, seed=9)
    random_commands(game, 30, seed=1)
    legal = {c.text() for c in game.legal_commands()}
    assert legal
    for cmd in legal:
        assert game.is_legal(cmd)
    hand = game.state.piles[f"p{game.state.active}.hand"]
    assert all(f"fight {c}" not in legal for c in hand)


def test_observe_hides_deck_order_and_face_down_cards(db):
    game = new_game(db)
    view = game.observe(0)
    assert "cards" not in view["piles"]["matrix_deck"]
    assert view["piles"]["p0.deck"] == {"count": len(game.state.piles["p0.deck"])}
    assert len(view["piles"]["p0.hand"]["cards"]) == 6
    json.dumps(view)  # a view is plain JSON


@pytest.mark.rule("LE-MATRIX-11")
def test_observe_names_the_current_act_part_and_who_may_undo(db):
    game = new_game(db)
    act = game.state.piles["acts"][-1]
    card = db.cards[game.state.defs[act]]
    title = next(p.title for p in card.parts if p.part == game.state.part)
    view = game.observe(None)
    assert view["act_title"] == title and view["can_undo"] is False and view["undo_refusal"]
    assert game.apply(game.legal_commands()[0]).accepted
    view = game.observe(None)
    assert view["can_undo"] is game.can_undo()
    assert (view["undo_refusal"] == "") is game.can_undo()


def test_le_matrix_11_face_down_row_cards_are_hidden_in_every_view(db):
    game = new_game(db)
    game.apply("end")
    s = game.state
    down = [(i, s.piles[f"row.{i}"][0]) for i in range(5) if s.piles[f"row.{i}"]
            and s.piles[f"row.{i}"][0] not in s.face_up]
    assert down
    for seat in range(3):
        view = game.observe(seat)
        for i, _ in down:
            assert view["piles"][f"row.{i}"]["cards"] == [{"hidden": True}]


def test_save_load_round_trip(db, tmp_path):
    game = new_game(db)
    random_commands(game, 60, seed=2)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = LegendaryGame.load(path, db)
    assert loaded.state_hash() == game.state_hash()
    assert loaded.commands == game.commands


def test_tampered_save_is_refused_and_left_untouched(db, tmp_path):
    game = new_game(db)
    random_commands(game, 20, seed=4)
    path = tmp_path / "game.json"
    game.save(path)
    doc = json.loads(path.read_text())
    doc["payload"]["commands"].append("play 99999")
    path.write_text(json.dumps(doc))
    raw = path.read_bytes()
    with pytest.raises(SaveError, match="checksum"):
        LegendaryGame.load(path, db)
    assert path.read_bytes() == raw


def test_save_whose_log_does_not_replay_is_refused(db, tmp_path):
    from engine.core.savefile import write_save

    game = new_game(db)
    random_commands(game, 10, seed=4)
    payload = game.save_payload()
    payload["commands"] = payload["commands"] + ["fight 0"]
    path = tmp_path / "bad.json"
    write_save(path, "legendary", payload)
    with pytest.raises(SaveError, match="does not replay"):
        LegendaryGame.load(path, db)


def test_truncated_save_gives_a_clear_error(db, tmp_path):
    game = new_game(db)
    path = tmp_path / "game.json"
    game.save(path)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(SaveError, match="truncated"):
        LegendaryGame.load(path, db)
