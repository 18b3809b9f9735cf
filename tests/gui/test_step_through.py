"""Step through a saved game in the app: forwards (animated) and backwards, jump, take over."""
from __future__ import annotations

import pytest

from engine.legendary.bots import BOTS
from engine.legendary.films import film_setup
from engine.legendary.game import LegendaryGame

pytestmark = pytest.mark.gui


@pytest.fixture
def saved(tmp_path):
    game = LegendaryGame.new(film_setup("the_matrix", 2, 8), track_undo=False)
    bot = BOTS["heuristic"](8)
    hashes = [game.state_hash()]
    for _ in range(60):
        assert game.apply(bot.choose(game)).accepted
        hashes.append(game.state_hash())
    path = tmp_path / "sixty.json"
    game.save(path)
    return path, hashes


def test_step_through_a_save_then_take_over(qtbot, win, saved):
    path, hashes = saved
    assert win.step_through(path)
    bar = win.stepbar
    assert bar.isVisible() and win.ops.viewing is not None
    assert win.ops.game.state_hash() == hashes[0] and "command 0 of 60" in bar.where.text()
    bar.forward.trigger()  # one step: animated like a move
    assert win.ops.game.state_hash() == hashes[1]
    bar.last.trigger()
    assert win.ops.game.state_hash() == hashes[60]
    bar.back.trigger()
    assert win.ops.game.state_hash() == hashes[59]
    bar.go(25)
    assert win.ops.game.state_hash() == hashes[25] and bar.jump.value() == 25
    # nothing can be played on a stepped-through game, and nothing is autosaved
    before = win.paths.autosave.read_bytes() if win.paths.autosave.exists() else None
    res = win.ops.submit(win.ops.game.legal_commands()[0])
    assert not res.accepted and "Take Over" in res.reason
    assert (win.paths.autosave.read_bytes() if win.paths.autosave.exists() else None) == before
    bar.take.trigger()
    assert win.ops.viewing is None and not bar.isVisible()
    game = win.ops.game
    assert game.state_hash() == hashes[25] and len(game.commands) == 25
    assert win.ops.submit(game.legal_commands()[0]).accepted  # played on, and autosaved
    assert win.paths.autosave.exists()
    from engine.cli import load_any

    again = load_any(win.paths.autosave)  # the autosave and its journal
    assert again.state_hash() == win.ops.game.state_hash()


def test_a_campaign_game_taken_over_shows_no_campaign_line(qtbot, win, tmp_path):
    from dataclasses import replace

    setup = replace(film_setup("the_matrix", 2, 8), campaign="c-1/1/4")
    game = LegendaryGame.new(setup, track_undo=False)
    bot = BOTS["heuristic"](8)
    for _ in range(12):
        assert game.apply(bot.choose(game)).accepted
    path = tmp_path / "campaign-try.json"
    game.save(path)
    assert win.step_through(path)
    hud = win.table_page("legendary").hud
    assert hud.values["campaign"] == "Campaign: game 1 of 3, try 4" and hud.campaign.isVisible()
    win.stepbar.go(6)
    win.stepbar.take.trigger()  # a game of its own from here: no campaign's try
    assert win.ops.viewing is None
    assert hud.values["campaign"] == "" and not hud.campaign.isVisible()


def test_stepping_shows_no_ways_to_play_and_the_step_keys_keep_working(qtbot, win, tmp_path):
    """While stepping: no Hint, End Turn or "play cards"; the end screen neither takes the keyboard
    nor offers a new game or a campaign's next game; Alt+Left steps back wherever the keyboard is."""
    from PySide6.QtCore import Qt

    game = LegendaryGame.new(film_setup("the_matrix", 2, 8), track_undo=False)
    bot = BOTS["heuristic"](8)
    for _ in range(6):
        assert game.apply(bot.choose(game)).accepted
    assert game.apply("concede").accepted
    path = tmp_path / "given-up.json"
    game.save(path)
    assert win.step_through(path)
    page = win.table_page("legendary")
    strip, end = page.guide.strip, page.guide.end
    win.stepbar.go(3)
    assert not strip.end_turn.isVisible() and not strip.hint.isVisible()
    assert "Stepping through" in strip.values["next_step"] and "play cards" not in strip.values["next_step"]
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_End, Qt.KeyboardModifier.AltModifier)
    assert win.stepbar.position == 7 and end.isVisible()
    assert not end.btn_new.isVisible() and end.btn_log.isVisible()
    assert win.isActiveWindow() and not end.isActiveWindow()  # the keyboard stays with the window
    end.set_campaign(["Game 1 of 3 won."], "Play game 2")  # a campaign game's end, looked at
    assert not end.btn_next.isVisible() and not end.btn_campaign.isVisible()
    qtbot.keyClick(win, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert win.stepbar.position == 6 and not end.isVisible()
    win.stepbar.go(7)
    end.activateWindow()  # the player clicked the end screen: its window has the keyboard
    qtbot.waitUntil(end.isActiveWindow)
    qtbot.keyClick(end, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert win.stepbar.position == 6
    win.stepbar.take.trigger()  # played from here on: Hint and End Turn come back
    assert strip.end_turn.isVisible() and strip.hint.isVisible()


def test_stop_leaves_the_saved_game_untouched(qtbot, win, saved):
    path, _ = saved
    before = path.read_bytes()
    assert win.step_through(path)
    win.stepbar.go(40)
    win.stepbar.stop_act.trigger()
    assert win.ops.viewing is None and win.ops.game is None and not win.stepbar.isVisible()
    assert path.read_bytes() == before


def test_a_damaged_save_cannot_be_stepped_through(qtbot, win, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    shown = []
    monkeypatch.setattr(win, "show_error", lambda title, text: shown.append((title, text)))
    assert not win.step_through(bad)
    assert shown and "bad.json" in shown[0][1] and win.ops.viewing is None
