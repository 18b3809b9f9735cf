"""The table tells the players what to do next and how the game ended: the End Turn button, the
next-step prompt, the Objective, the strike forecast, the Act/Part banner and the end screen."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import scenario

pytestmark = pytest.mark.gui


def test_end_screen_shows_the_engines_cause_after_time_runs_out(qtbot, win):
    scenario(win, "active 0", "time 1", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    assert win.end_screen.isHidden()
    qtbot.mouseClick(win.guide.end_turn, Qt.MouseButton.LeftButton)
    win.anim.finish_all()
    out = win.ops.game.observe(None)["outcome"]
    assert out["text"] == "LE-TIME-02: the Time Track reached 0"
    assert win.end_screen.isVisible()
    assert win.end_screen.headline.text() == "Defeat"
    assert win.end_screen.cause.text() == "LE-TIME-02: the Time Track reached 0"
    assert "turns" in win.end_screen.stats.text() and "Strikes taken" in win.end_screen.stats.text()
    assert "Game over" in win.hud.values["turn"]
    assert win.guide.end_turn.isHidden()


def test_end_screen_names_the_defeated_player(qtbot, win):
    scenario(win, "active 0", "act 1 1", "put strike_point_blank p1.strikes",
             "put strike_roundhouse_kick p1.strikes", "put strike_bullet_graze p1.strikes",
             "put strike_bullet_graze strikes down", "effect 1 draw_strike")
    name = win.ops.game.observe(None)["players"][1]["name"]
    assert win.end_screen.isVisible()
    assert win.end_screen.cause.text() == f"LE-DEFEAT-09: {name} was defeated in Act 1"


def test_continue_on_a_finished_game_shows_the_end_screen(qtbot, win):
    scenario(win, "active 0", "time 1", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    qtbot.keyClick(win.view, Qt.Key.Key_E)
    win.anim.finish_all()
    assert win.ops.game.over
    win.back_to_start()
    assert win.pages.currentWidget() is win.start_page
    assert win.continue_game()
    assert win.end_screen.isVisible()
    assert win.end_screen.cause.text() == "LE-TIME-02: the Time Track reached 0"
    assert "Over Phase" not in win.hud.values["turn"]


def test_end_screen_buttons(qtbot, win):
    scenario(win, "active 0", "time 1", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    win.act_end.trigger()
    win.anim.finish_all()
    qtbot.mouseClick(win.end_screen.btn_log, Qt.MouseButton.LeftButton)
    assert win.log.isVisible()
    qtbot.mouseClick(win.end_screen.btn_start, Qt.MouseButton.LeftButton)
    assert win.pages.currentWidget() is win.start_page


def test_the_end_turn_button_ends_the_turn(qtbot, win):
    scenario(win, "active 0")
    g = win.ops.game
    assert win.guide.end_turn.defaultAction() is win.act_end  # one action: menu, E and the button
    assert win.guide.end_turn.isVisible()
    qtbot.mouseClick(win.guide.end_turn, Qt.MouseButton.LeftButton)
    win.anim.finish_all()
    assert g.state.active == 1 and g.state.phase == "action"


def test_the_next_step_prompt_follows_the_state(qtbot, win):
    scenario(win, "active 0")
    view = win.ops.game.observe(None)
    first = win.guide.prompt.text()
    assert first == view["next_step"] and first.startswith(view["players"][0]["name"] + ":")
    win.act_end.trigger()
    win.anim.finish_all()
    second = win.guide.prompt.text()
    assert second != first and second.startswith(view["players"][1]["name"] + ":")
    # a pending decision: the prompt is the decision's, naming who decides
    from engine.legendary import flow
    from engine.legendary.table import Table

    g = win.ops.game
    t = Table(g.db, g.state)
    t.push({"op": "fx", "fx": {"verb": "discard", "amount": 1}, "src": g.state.piles["p1.hand"][0],
            "seat": 1})
    flow.run(t)
    win.legendary.refresh()
    assert "Discard a card (1 to go)" in win.guide.prompt.text()


def test_objective_and_strike_forecast_are_on_screen(qtbot, win):
    scenario(win, "active 0", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    assert win.guide.objective.text() == "Defeat the Drill Agent."
    assert win.guide.objective.isVisible() and win.guide.strikes.isVisible()
    assert win.guide.strikes.text() == "Strikes this turn: Time -1"
    assert "Drill Cop" in win.guide.strikes.toolTip()
    assert win.guide.complete.isHidden()
    scenario(win, "active 0", "put test_one_drill_agent defeated_enemies")
    assert win.guide.complete.isVisible()


@pytest.mark.rule("LE-ACT-04")
def test_pointing_at_the_objective_shows_its_card_and_lights_where_it_is(qtbot, win):
    """"Defeat the Drill Agent.": the mouse over the Objective zooms the Drill Agent's face and
    lights the copy on the table; a card out of sight is said to be so; leaving lets go."""
    from tests.gui.conftest import ref

    scenario(win, "active 0", "world 0 real", "empty combat", "put test_one_drill_agent combat up")
    page = win.table_page("legendary")
    label, view = page.guide.strip.objective, page.view
    agent = ref(win, "test_one_drill_agent", "combat")
    assert "Drill Agent" in label.toolTip()
    qtbot.mouseMove(label)  # the mouse comes over the Objective
    qtbot.waitUntil(view.zoom.isVisible)
    assert view.zoom.key == ("face", "test_one_drill_agent")
    assert "look" in page.table.item_for(("card", agent)).marks
    assert win.statusBar().currentMessage() == "Drill Agent: lit on the table"
    qtbot.mouseMove(view.viewport())  # it leaves: the light and the zoom go
    qtbot.waitUntil(lambda: not view.zoom.isVisible())
    assert "look" not in page.table.item_for(("card", agent)).marks
    scenario(win, "active 0", "empty combat")  # not in sight now: a click still shows the card
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert view.zoom.isVisible() and view.zoom.key == ("face", "test_one_drill_agent")
    assert "not in sight" in win.statusBar().currentMessage()


def test_the_banner_appears_when_the_act_part_changes(qtbot, win):
    scenario(win, "active 0", "put test_one_drill_agent defeated_enemies")
    assert not win.banner.isVisible()
    win.act_objective.trigger()
    win.anim.finish_all()
    assert win.ops.game.state.part == 2
    assert win.banner.isVisible()
    assert "Act 1 Part 2" in win.banner.text()
    qtbot.waitUntil(lambda: not win.banner.isVisible(), timeout=5000)


def test_status_bar_drops_a_stale_message_after_an_accepted_command(qtbot, win):
    scenario(win, "active 0")
    win.status("Drop on a highlighted place")
    win.act_end.trigger()  # accepted: the next player's turn starts clean
    win.anim.finish_all()
    assert win.statusBar().currentMessage() == ""


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000), (2560, 1440)])
def test_hud_labels_do_not_overlap_and_scale(qtbot, win, size):
    scenario(win, "active 0", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    win.resize(*size)
    qtbot.wait(50)
    hud = win.hud
    boxes = [w.geometry() for w in (hud.turn, hud.pool, hud.time, hud.act)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.intersects(b), (a, b)
    for lab in (hud.pool, hud.time):
        assert lab.width() >= lab.sizeHint().width()  # never cut
    assert (hud.scale > 1.3) == (size[0] >= 2560)


@pytest.mark.rule("LE-TIME-06", "LE-GEN-03")
def test_a_stalled_game_offers_give_up_beside_end_turn(qtbot, win, monkeypatch):
    """Once the engine offers the table to give a stalled game up (engine/legendary/stall.py), the
    next step says so and Give Up appears beside End Turn; it asks, then ends the game."""
    from PySide6.QtWidgets import QMessageBox

    from engine.legendary.scenario import Scenario
    from engine.legendary.stall import STALL_TURNS
    from tests.gui.conftest import SETUP

    sc = Scenario.from_text(f"{SETUP}\nactive 0")
    sc.game.state.turn_no = STALL_TURNS  # the last turn before the offer
    sc.game.rebase()
    win.ops.start(sc.game)
    assert win.guide.give_up.isHidden()
    qtbot.mouseClick(win.guide.end_turn, Qt.MouseButton.LeftButton)
    win.anim.finish_all()
    assert win.guide.give_up.isVisible() and win.guide.end_turn.isVisible()
    assert f"no end has come in {STALL_TURNS} turns" in win.guide.prompt.text()
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a: asked.append(a) or QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(win.guide.give_up, Qt.MouseButton.LeftButton)
    win.anim.finish_all()
    assert asked and win.ops.game.state.result == "loss:conceded"
    assert win.end_screen.isVisible() and win.guide.give_up.isHidden()
