"""The Expedition table: a whole Matrix Phase played by dragging the Explorer and clicking the offered
slots and options, refusals with the engine's rule, New Game with the players' sheets, saves, Continue
and Load, undo, and the end screen with each player's DP."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from engine.core.commands import Command
from engine.expedition.bots import HeuristicBot
from engine.expedition.grid import neighbours
from tests.gui.conftest import FIXTURES, page_of
from tests.gui.expedition_helpers import apply_through_gui, edrag, start_with_a_slot_too_far

pytestmark = pytest.mark.gui


def play_through_gui(qtbot, win, seed: int, limit: int = 400) -> dict[str, int]:
    """Heuristic bots choose; the GUI does each choice as a drag or a click. Returns how often each
    way was used."""
    game = win.ops.game
    bots: dict[int, HeuristicBot] = {}
    ways: dict[str, int] = {}
    for _ in range(limit):
        if game.over:
            break
        seat = game.acting
        assert seat is not None
        table = page_of(win, "expedition")
        assert table.front == seat and table.scene.main == seat, "the seat to act is drawn large"
        assert table.hud.values[f"p{seat}"].startswith("▶ "), "the HUD marks the seat to act"
        n = len(game.commands)
        cmd = bots.setdefault(seat, HeuristicBot(seed + seat)).choose(game, seat)
        how = apply_through_gui(qtbot, win, cmd)
        ways[how] = ways.get(how, 0) + 1
        assert len(game.commands) == n + 1, f"{how} of {cmd} did nothing: {table.last_reason}"
    return ways


@pytest.mark.rule("EX-MOVE-01")
@pytest.mark.parametrize("players", [1, 3])
def test_a_whole_matrix_phase_played_by_dragging_the_explorer(qtbot, win, players):
    assert win.start_expedition(players, 7)
    game = win.ops.game
    table = page_of(win, "expedition")
    assert win.pages.currentWidget() is table
    ways = play_through_gui(qtbot, win, 7)
    assert game.over, "the Matrix Phase did not end"
    assert ways.get("drag", 0) >= 5, ways
    outcome = game.observe(None)["outcome"]
    assert table.end.isVisible() and table.end.cause.text() == outcome["text"]
    for p in outcome["players"]:  # the end screen names each player's DP
        assert f"{p['name']}: {p['dp']} DP" in table.end.stats.text()
    assert table.legal() == []
    assert win.paths.autosave.is_file()


def test_dragging_shows_only_the_engines_legal_slots(qtbot, win):
    assert win.start_expedition(2, 3)
    game = win.ops.game
    table = page_of(win, "expedition")
    view = table.view
    seat = game.acting
    key = ("explorer", f"p{seat}")
    view._begin_drag(table.scene.item_for(key), view.item_center(key))
    lit = {it.key[1] for it in table.scene.areas.values() if "target" in it.marks}
    want = {f"p{seat}.r{c.args[0]}c{c.args[1]}" for c in game.legal_commands(seat) if c.verb == "move"}
    assert lit == want and lit
    view._drop(view.item_center(key))  # dropped where it was: nothing happens
    assert not any("target" in it.marks for it in table.scene.areas.values())


@pytest.mark.rule("EX-MOVE-01")
def test_a_refused_drag_shows_the_engines_reason_and_rule(qtbot, win):
    far = start_with_a_slot_too_far(win)
    game = win.ops.game
    table = page_of(win, "expedition")
    before = game.state_hash()
    r, c = game.state.sheets[0].pos
    edrag(qtbot, win, ("explorer", "p0"), ("pile", f"p0.r{far[0]}c{far[1]}"))
    why = game.check(Command("move", far, 0))
    assert why is not None and why.rule == "EX-MOVE-01"
    assert table.view.last_reason == f"EX-MOVE-01: {why.reason}"
    assert why.reason in win.statusBar().currentMessage()
    assert game.state_hash() == before
    assert {tuple(s) for s in neighbours((r, c))} >= {tuple(t) for t in game.observe(0)["targets"]}


def test_a_decision_is_answered_by_clicking_an_offered_slot_or_option(qtbot, win):
    assert win.start_expedition(2, 5)
    game = win.ops.game
    table = page_of(win, "expedition")
    bots = {0: HeuristicBot(5), 1: HeuristicBot(6)}
    seen: set[str] = set()
    for _ in range(300):
        if game.over or {"slot", "option"} <= seen:
            break
        seat = game.acting
        view = game.observe(seat)
        cmd = bots[seat].choose(game, seat)
        dec = view["decision"]
        if dec is not None:
            seen.add("slot" if dec["slots"] else "option")
            if dec["slots"]:  # every offered slot is lit
                lit = {it.key[1] for it in table.scene.areas.values() if "option" in it.marks}
                assert lit == {f"p{dec['seat']}.r{r}c{c}" for r, c in dec["slots"]}
            else:
                assert [o.text for o in table.scene.option_items()] == dec["options"]
            assert apply_through_gui(qtbot, win, cmd) == "click"
        else:
            apply_through_gui(qtbot, win, cmd)
    assert "slot" in seen or "option" in seen


def test_the_actions_menu_lists_every_legal_command(qtbot, win):
    assert win.start_expedition(1, 2)
    table = page_of(win, "expedition")
    win.actions_menu.aboutToShow.emit()
    texts = [a.text() for a in win.actions_menu.actions() if a.text()]
    assert len([t for t in texts if t.startswith("Move the Explorer")]) == len(table.legal())
    n = len(win.ops.game.commands)
    next(a for a in win.actions_menu.actions() if a.text().startswith("Move the Explorer")).trigger()
    assert len(win.ops.game.commands) == n + 1


def test_new_game_dialog_sets_the_players_sheets_and_shows_the_engines_refusal(qtbot, win):
    seen: dict[str, object] = {}

    def fill() -> None:
        dlg = QApplication.activeModalWidget()
        assert dlg is not None
        dlg.ruleset.setCurrentIndex(dlg.ruleset.findData("expedition"))
        seen["film_hidden"] = not dlg.film.isVisibleTo(dlg)
        seen["sheets_shown"] = dlg.sheet_box.isVisibleTo(dlg)
        dlg.players.setValue(2)
        seen["max"] = dlg.players.maximum()
        dlg.counter_spins["time"][1].setValue(0)  # the engine wants Time 1 or more
        dlg.accept()
        seen["refusal"] = dlg.problem.text()
        seen["open"] = dlg.isVisible()
        dlg.counter_spins["time"][1].setValue(5)
        dlg.region_boxes[0].setCurrentIndex(dlg.region_boxes[0].findData("desert"))
        dlg.flag_checks["guide"][0].setChecked(True)
        dlg.seed.setText("12")
        dlg.accept()

    QTimer.singleShot(0, fill)
    win.new_game_dialog()
    assert seen["film_hidden"] and seen["sheets_shown"] and seen["max"] == 4 and seen["open"]
    assert "time" in str(seen["refusal"]) and "greater than or equal to 1" in str(seen["refusal"])
    game = win.ops.game
    assert win.pages.currentWidget() is page_of(win, "expedition")
    sheets = game.setup.players
    assert len(sheets) == 2 and sheets[1].time == 5 and sheets[0].region == "desert" and sheets[0].guide
    assert game.setup.seed == 12
    assert win.settings.last_setup.ruleset == "expedition"


def test_save_load_continue_and_undo(qtbot, win, tmp_path):
    from engine.core.savefile import read_save_any
    from matrix_gui.mainwindow import MainWindow

    assert win.start_expedition(2, 8)
    game = win.ops.game
    play_through_gui(qtbot, win, 8, limit=6)
    want = game.state_hash()
    path = tmp_path / "expedition.json"
    assert win.save_file(path)
    assert read_save_any(path)[0] == "expedition"
    assert win.start_replay(3)  # another ruleset in between
    assert win.load_file(path)
    assert win.pages.currentWidget() is page_of(win, "expedition") and win.ops.game.state_hash() == want
    other = MainWindow(win.paths, dev=FIXTURES)
    qtbot.addWidget(other)
    other.settings.skip_animations = True
    assert other.continue_game()
    assert other.ops.game.state_hash() == want and other.current_page() is page_of(other, "expedition")
    # undo: a choice that revealed nothing is taken back; a draw closes undo with the engine's reason
    g = win.ops.game
    for _ in range(200):
        if g.over or g.can_undo(page_of(win, "expedition").last_seat()):
            break
        seat = g.acting
        page_of(win, "expedition").submit(HeuristicBot(1).choose(g, seat))
    if g.can_undo(page_of(win, "expedition").last_seat()):
        before = len(g.commands)
        page_of(win, "expedition").take_back()
        assert len(g.commands) == before - 1
    else:
        page_of(win, "expedition").take_back()
        assert page_of(win, "expedition").last_reason
