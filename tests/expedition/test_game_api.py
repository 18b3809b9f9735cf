"""The public game API of the Expedition: commands, the view a page draws, undo, saves and loads
(DESIGN §2), and the setup recorded in a save."""
from __future__ import annotations

import json

import pytest

from engine.core.commands import parse
from engine.core.inputcheck import InputError, check
from engine.core.savefile import SaveError
from engine.expedition.game import ExpeditionGame
from engine.expedition.setup import ExpeditionSetup, PlayerSetup, SetupError
from tests.expedition.helpers import apply, only, put, quiet


def played(seed: int = 3, n: int = 2, steps: int = 25) -> ExpeditionGame:
    game = ExpeditionGame.new(ExpeditionSetup.for_players(n, seed))
    for _ in range(steps):
        if game.over:
            break
        apply(game, game.legal_commands()[0].text())
    return game


def test_same_seed_same_commands_same_hash():
    a, b = played(21), played(21)
    assert a.state_hash() == b.state_hash() and a.commands == b.commands
    assert played(22).state_hash() != a.state_hash()


def test_legal_commands_are_legal_name_their_seat_and_round_trip_as_text():
    game = ExpeditionGame.new(ExpeditionSetup.for_players(3, 8))
    for _ in range(60):
        if game.over:
            break
        legal = game.legal_commands()
        for c in legal:
            assert c.seat == game.acting and game.is_legal(c) and parse(c.text()) == c
        apply(game, legal[-1].text())


def test_a_rejection_names_the_rule_and_changes_nothing():
    game = quiet(2)
    before = game.state_hash()
    for cmd, rule in (("move 3 3", "EX-MOVE-01"), ("@1 move 2 3", "EX-TURN-04"), ("choose 0", "COMMAND"),
                      ("@7 move 2 3", "EX-TURN-04"), ("fly 1 1", "COMMAND"), ("", "COMMAND")):
        res = game.apply(cmd)
        assert not res.accepted and res.rule == rule, (cmd, res)
    assert game.state_hash() == before and game.commands == []


@pytest.mark.rule("EX-PLACE-02", "EX-GRID-01")
def test_the_view_gives_a_page_what_it_draws():
    game = quiet(2, telescope=True)
    put(game, 0, (2, 3), "charging_buffalo")
    put(game, 0, (3, 3), "migration_plain")
    view = json.loads(json.dumps(game.observe(0)))  # plain JSON
    assert view["ruleset"] == "expedition" and view["acting"] == 0 and view["step"] == "move"
    assert sorted(view["targets"]) == [[1, 2], [1, 4], [2, 3]]
    me = view["players"][0]
    assert me["explorer"] == [1, 3] and me["arrow"] is None and me["region"] == "grassland"
    assert set(me["counters"]) == {"time", "dp", "resources", "food", "gifts", "askari", "porters",
                                   "health", "sanity"}
    slot = next(g for g in me["grid"] if (g["row"], g["col"]) == (2, 3))
    (chit,) = slot["chits"]
    assert chit["face_up"] and chit["kind"] == "encounter" and chit["name"] == "Charging Buffalo"
    red = next(g for g in me["grid"] if (g["row"], g["col"]) == (3, 3))["chits"][0]
    assert red["edge"] == "red" and red["dots"] == ["grassland"] and red["legal"]
    assert set(view["cups"]) == {"events", "encounters", "specials"} and view["cups"]["specials"] == 16
    assert view["decision"] is None and view["can_undo"] is False and view["undo_refusal"]
    only(game, "encounters")
    only(game, "events", "quiet_day")
    apply(game, "move 2 3")
    moved = game.observe(0)["players"][0]
    assert moved["explorer"] == [2, 3] and moved["arrow"] == {"slot": [1, 3], "points": "down"}
    nxt = game.observe(None)
    assert nxt["acting"] == 1 and nxt["decision"]["rule"] == "EX-PLACE-07"  # seat 1's Telescope
    assert nxt["decision"]["slots"] == [[2, 2], [2, 4]] and nxt["targets"] == []


def test_undo_takes_back_a_choice_that_showed_nothing_and_closes_on_a_draw():
    game = quiet(1)
    only(game, "encounters")
    only(game, "events", "old_map_fragment")
    t = game.table()
    t.push({"op": "event", "seat": 0, "n": 1})
    from engine.expedition import flow

    flow.run(t)
    assert game.state.decision is not None
    before = game.state_hash()
    apply(game, "choose 4")  # where the Finding goes: nothing hidden is shown
    assert game.can_undo() and game.observe(0)["can_undo"]
    assert game.apply("undo").accepted and game.state_hash() == before
    apply(game, "choose 4")
    only(game, "events", "quiet_day")
    apply(game, "move 2 3")  # draws the second Event: undo closes
    assert not game.can_undo() and "revealed something new" in game.undo_refusal()


def test_save_and_load_round_trip_and_keep_the_setup(tmp_path):
    setup = ExpeditionSetup(seed=5, game_turn=3, players=[
        PlayerSetup(name="Burton", region="desert", time=7, dp=4, food=1, guide=True),
        PlayerSetup(name="Speke", region="swamp", telescope=True, wildman=True)])
    game = ExpeditionGame.new(setup)
    for _ in range(15):
        apply(game, game.legal_commands()[-1].text())
    path = tmp_path / "e.json"
    game.save(path)
    back = ExpeditionGame.load(path)
    assert back.state_hash() == game.state_hash() and back.commands == game.commands
    assert back.setup == setup and back.observe(0)["game_turn"] == 3
    # a finished phase too, and the CLI verifies it
    while not game.over:
        apply(game, game.legal_commands()[0].text())
    game.save(path)
    assert ExpeditionGame.load(path).observe(None)["outcome"]["rule"] == "EX-TURN-06"
    from engine.cli import main

    assert main(["replay", str(path)]) == 0


def test_a_save_that_does_not_replay_is_refused_and_left_alone(tmp_path):
    game = played(4)
    path = tmp_path / "e.json"
    game.save(path)
    env = json.loads(path.read_text())
    env["payload"]["commands"][-1] = "move 9 9"
    from engine.core.savefile import digest

    env["sha256"] = digest(env["payload"])  # a well-formed file whose log no longer replays
    path.write_text(json.dumps(env))
    before = path.read_bytes()
    with pytest.raises(SaveError, match="does not replay: command .* 'move 9 9'.*EX-MOVE-01"):
        ExpeditionGame.load(path)
    assert path.read_bytes() == before


def test_a_setup_the_rules_refuse_is_a_clear_error_naming_the_field():
    with pytest.raises(SetupError, match="1 to 4 players, not 0"):
        ExpeditionGame.new(ExpeditionSetup(players=[]))
    with pytest.raises(SetupError, match="1 to 4 players, not 5"):
        ExpeditionSetup.for_players(5)
    for fields, words in (({"region": "moon"}, "region"), ({"time": 0}, "time"),
                          ({"food": -1}, "food"), ({"guide": "yes"}, "guide must be true or false"),
                          ({"cheat": 1}, "cheat is not a known field")):
        with pytest.raises(InputError, match=words):
            check(PlayerSetup, {"name": "A", "region": "hills", **fields}, "player")
        with pytest.raises(ValueError):
            PlayerSetup(**{"name": "A", "region": "hills", **fields})
