"""The public game API: commands, legal moves, undo, views, saves (DESIGN §2)."""
from __future__ import annotations

import json

import pytest

from engine.core.commands import parse
from engine.core.savefile import SaveError
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup
from engine.replay.state import State, pp
from tests.replay.helpers import H, M, cid, matrix_ready, new_game, ok, rejected, to_hand


def test_same_seed_same_commands_same_hash():
    a, b = new_game(21), new_game(21)
    for _ in range(30):
        cmd = a.legal_commands()[0]
        ok(a, cmd.text())
        ok(b, cmd.text())
    assert a.state_hash() == b.state_hash()
    assert new_game(22).state_hash() != new_game(21).state_hash()


def test_legal_commands_are_legal_have_seats_and_round_trip_as_text():
    g = new_game(3)
    for _ in range(60):
        legal = g.legal_commands()
        assert legal
        for c in legal:
            assert c.seat in (H, M) and g.is_legal(c) and parse(c.text()) == c
        by_seat = g.legal_commands(M)
        assert all(c.seat == M for c in by_seat) and set(by_seat) <= set(legal)
        ok(g, legal[-1].text())
        if g.over:
            break


def test_check_names_the_rule_and_a_rejection_changes_nothing():
    g = new_game(4)
    r = g.check("@1 pass")
    assert r is not None and r.rule == "MR-ROLL-02"
    assert g.check("@0 draw") is None and g.is_legal("draw")
    rejected(g, "", "COMMAND")
    rejected(g, "@x draw", "COMMAND")
    rejected(g, "choose 0", "COMMAND")


def test_undo_restores_and_closes_on_hidden_information():
    g = new_game(5)
    assert not g.can_undo()
    res = g.apply("undo")
    assert not res.accepted and res.rule == "UNDO"
    ok(g, "@0 draw")  # draws and shuffles: the window closes
    assert not g.can_undo()
    neo = to_hand(g, H, "neo")[0]
    before = g.state_hash()
    ok(g, f"@0 deploy {neo}")
    assert g.can_undo()
    events = ok(g, "undo")
    assert events[0].kind == "undone" and g.state_hash() == before and neo in g.state.piles[pp(H, "hand")]
    ok(g, f"@0 deploy {neo}")
    ok(g, "@0 done")
    ok(g, "@1 draw")
    assert not g.can_undo() and "revealed something new" in str(g.apply("undo"))


def test_undo_closes_on_dice():
    g = matrix_ready(plugged=("morpheus",))
    ok(g, f"@0 unplug {cid(g, 'morpheus')}")
    ok(g, f"@0 plug {cid(g, 'morpheus')}")
    assert g.can_undo()
    ok(g, "@0 done")  # the Interception dice are rolled
    assert not g.can_undo()


def test_views_hide_the_opponents_hand_and_every_deck_order():
    g = new_game(6)
    h, m, spectator = g.observe(H), g.observe(M), g.observe(None)
    assert "cards" in h["piles"]["p0.hand"] and "cards" not in h["piles"]["p1.hand"]
    assert "cards" in m["piles"]["p1.hand"] and "cards" not in m["piles"]["p0.hand"]
    assert "cards" not in spectator["piles"]["p0.hand"] and "cards" not in spectator["piles"]["p1.hand"]
    for v in (h, m, spectator):
        assert "cards" not in v["piles"]["p0.deck"] and "cards" not in v["piles"]["p1.deck"]
        assert v["piles"]["p0.hand"]["count"] == 8
    # while searching their own deck in the Zion Phase the Humans see its contents, sorted by number
    assert [c["id"] for c in h["deck_contents"]] == sorted(g.state.piles[pp(H, "deck")])
    assert "deck_contents" not in m
    json.dumps(h)


def test_decision_options_are_shown_only_to_the_decider():
    g = matrix_ready(plugged=())
    php, = to_hand(g, H, "programs_hacking_programs")
    to_hand(g, M, "trap", "cops", "marines", "capture")
    ok(g, f"@0 play {php}")
    assert len(g.observe(M)["decision"]["options"]) == 4
    assert g.observe(M)["decision"]["cards"] == g.state.tasks[-1]["cards"]
    assert g.observe(H)["decision"]["options"] == [] and g.observe(None)["decision"]["options"] == []


def test_save_and_load_replay_to_the_same_hash(tmp_path):
    g = new_game(8)
    for _ in range(80):
        if g.over:
            break
        ok(g, g.legal_commands()[len(g.commands) % len(g.legal_commands())].text())
    path = tmp_path / "game.json"
    g.save(path)
    loaded = ReplayGame.load(path)
    assert loaded.state_hash() == g.state_hash() and loaded.commands == g.commands
    env = json.loads(path.read_text())
    assert env["ruleset"] == "replay" and env["payload"]["setup"]["seed"] == 8
    assert State.from_dict(env["payload"]["snapshot"]).hash() == g.state_hash()


def test_bad_saves_give_clear_errors_and_are_left_alone(tmp_path):
    g = new_game(9)
    ok(g, "@0 draw")
    path = tmp_path / "s.json"
    g.save(path)
    raw = path.read_text()
    env = json.loads(raw)
    env["payload"]["commands"].append("@0 draw")  # tamper, keep the checksum
    path.write_text(json.dumps(env))
    with pytest.raises(SaveError, match="changed or damaged"):
        ReplayGame.load(path)
    from engine.core.savefile import write_save
    write_save(path, "replay", {**json.loads(raw)["payload"], "commands": ["@0 draw", "@0 fly"]})
    before = path.read_bytes()
    with pytest.raises(SaveError, match="does not replay: command 2"):
        ReplayGame.load(path)
    assert path.read_bytes() == before
    write_save(path, "replay", {**json.loads(raw)["payload"], "state_hash": "0" * 64})
    with pytest.raises(SaveError, match="state hash differs"):
        ReplayGame.load(path)
    write_save(path, "legendary", json.loads(raw)["payload"])
    with pytest.raises(SaveError, match='for the "legendary" ruleset'):
        ReplayGame.load(path)
    write_save(path, "replay", {"setup": {"seed": "x"}, "commands": [], "state_hash": ""})
    with pytest.raises(SaveError, match="bad setup"):
        ReplayGame.load(path)
    path.write_text(raw[: len(raw) // 2])
    with pytest.raises(SaveError, match="truncated"):
        ReplayGame.load(path)


def test_broken_card_folder_fails_to_set_up(tmp_path):
    (tmp_path / "x.toml").write_text('side = "humans"\n[[card]]\nid = "neo"\nname = "Neo"\n'
                                     'type = "character"\n'
                                     'code = "HB"\n', encoding="utf-8")
    from engine.replay.carddb import CardLoadError
    with pytest.raises(CardLoadError) as err:
        ReplayGame.new(ReplaySetup(seed=1, card_dir=str(tmp_path)))
    assert "morpheus" in str(err.value)


def test_only_the_side_that_made_the_last_move_may_take_it_back():
    g = new_game(5)
    ok(g, "@0 draw")
    neo = to_hand(g, H, "neo")[0]
    ok(g, f"@0 deploy {neo}")
    assert g.can_undo() and g.can_undo(H) and not g.can_undo(M)
    assert "Humans made the last move" in (g.undo_refusal(M) or "")
    assert g.observe(M)["can_undo"] is False and "Humans" in g.observe(M)["undo_refusal"]
    assert g.observe(H)["can_undo"] is True and g.observe(H)["undo_refusal"] == ""
    res = g.apply("@1 undo")
    assert not res.accepted and res.rule == "UNDO" and neo in g.state.piles[pp(H, "play")]
    ok(g, "@0 undo")
    assert neo in g.state.piles[pp(H, "hand")]


@pytest.mark.rule("MR-CHAR-03")
@pytest.mark.rule("MR-CHAR-04")
@pytest.mark.rule("MR-CHAR-05")
def test_views_name_where_a_character_in_hand_enters_play():
    g = new_game(5)
    ok(g, "@0 draw")
    neo, tank = to_hand(g, H, "neo", "tank")
    smith = to_hand(g, M, "agent_smith")[0]
    zone = {c["id"]: c.get("deploy_zone") for c in g.observe(H)["piles"][pp(H, "hand")]["cards"]}
    assert zone[neo] == "real" and zone[tank] == "real"
    zone = {c["id"]: c.get("deploy_zone") for c in g.observe(M)["piles"][pp(M, "hand")]["cards"]}
    assert zone[smith] == "matrix"
    ok(g, f"@0 deploy {neo}")
    played = next(c for c in g.observe(H)["piles"][pp(H, "play")]["cards"] if c["id"] == neo)
    assert "deploy_zone" not in played and played["in_matrix"] is False


def test_views_say_what_the_table_waits_for():
    g = new_game(5)
    v = g.observe(None)
    assert v["step_text"] == "the Humans draw (Zion Phase)" and v["prompt"] == ""
    ok(g, "@0 draw")
    assert g.observe(H)["step_text"] == "the Humans deploy Characters"
