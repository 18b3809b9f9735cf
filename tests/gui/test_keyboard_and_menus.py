"""Every action also works from the keyboard and from a context menu; zoom, help, the log, the HUD."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import ref, scenario

pytestmark = pytest.mark.gui


def test_tab_to_a_card_and_enter_plays_it(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    cid = ref(win, "unplug", "p0.hand")
    win.view.setFocus()
    order = win.view.focus_order()
    assert ("card", cid) in order
    for _ in range(len(order)):
        qtbot.keyClick(win.view, Qt.Key.Key_Tab)
        if win.view.focus_key == ("card", cid):
            break
    assert "focus" in win.view.table.item_for(("card", cid)).marks
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert cid in win.ops.game.state.piles["p0.play"]


def test_number_keys_answer_a_decision(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug there_is_no_spoon", "effect 0 discard amount=1")
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_2)
    assert win.ops.game.commands[-1] == "choose 1"


def test_e_ends_the_action_phase(qtbot, win):
    scenario(win, "world 0 matrix")
    turn = win.ops.game.state.turn_no
    qtbot.keyClick(win, Qt.Key.Key_E)
    assert win.ops.game.commands[-1] == "end"
    assert win.ops.game.state.turn_no == turn + 1 or win.ops.game.state.decision is not None


def test_context_menu_lists_the_items_actions_and_runs_them(qtbot, win):
    scenario(win, "world 0 matrix", "empty combat", "put test_one_drill_agent combat up", "pool attack=9")
    cid = ref(win, "test_one_drill_agent", "combat")
    menu = win.view.build_menu(("card", cid))
    texts = [a.text() for a in menu.actions()]
    assert any(t.startswith("Fight") for t in texts)
    assert any(t.startswith("Buy Time") for t in texts)
    assert "Zoom" in texts
    buy = next(a for a in menu.actions() if a.text().startswith("Buy Time"))
    buy.trigger()
    assert win.ops.game.commands[-1] == f"buytime {cid}"


def test_context_menu_greys_out_the_usual_actions_the_engine_refuses(qtbot, win):
    """Fight too dear, recruit from the Matrix, scan from the Real World: greyed out with the
    engine's own reason (the entry, its tooltip with the rule); what is legal stays enabled."""
    from engine.core.commands import Command
    from matrix_gui.refusals import refusal_text

    scenario(win, "world 0 matrix", "empty combat", "put test_one_drill_agent combat up", "pool attack=0",
             "hand 0 unplug")
    view, game = win.view, win.ops.game
    agent = ref(win, "test_one_drill_agent", "combat")
    menu = view.build_menu(("card", agent))
    fight = next(a for a in menu.actions() if a.text().startswith("Fight"))
    why = game.check(Command("fight", (agent,)))
    assert why is not None and not fight.isEnabled()
    assert fight.text().endswith(f" — {why.reason}") and fight.toolTip() == refusal_text(why)
    assert why.rule in fight.toolTip()
    hero = game.state.piles["dock.0"][-1]
    menu = view.build_menu(("card", hero))
    recruit = next(a for a in menu.actions() if a.text().startswith("Recruit"))
    assert not recruit.isEnabled() and "LE-RECRUIT-01" in recruit.toolTip()
    play = next(a for a in view.build_menu(("card", ref(win, "unplug", "p0.hand"))).actions()
                if a.text() == "Play Unplug")
    assert play.isEnabled()  # legal: offered as before, no greyed twin
    assert not any(a.text().startswith("Play Unplug —") for a in view.build_menu(
        ("card", ref(win, "unplug", "p0.hand"))).actions())
    play.trigger()
    assert game.commands[-1].startswith("play ")


def test_the_menu_key_opens_the_focused_items_menu(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    win.view.set_focus_key(("card", ref(win, "unplug", "p0.hand")))
    menu = win.view.open_focus_menu()
    assert any(a.text() == "Play Unplug" for a in menu.actions())
    menu.close()


def test_actions_menu_lists_every_legal_command(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    win.actions_menu.aboutToShow.emit()
    texts = [a.text() for a in win.actions_menu.actions() if a.text()]
    assert len([t for t in texts if not t.startswith("&")]) >= len(win.ops.legal())


def test_right_click_zooms_a_card_to_readable_size(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    cid = ref(win, "unplug", "p0.hand")
    pos = win.view.item_center(("card", cid))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.RightButton, pos=pos)
    assert win.view.zoom.isVisible()
    assert win.view.zoom.pixmap().height() / win.view.zoom.pixmap().devicePixelRatio() >= 280
    win.view._last_menu.close()


def test_hover_zooms_after_a_moment(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    pos = win.view.item_center(("card", ref(win, "unplug", "p0.hand")))
    qtbot.mouseMove(win.view.viewport(), pos=pos)
    qtbot.waitUntil(win.view.zoom.isVisible, timeout=2000)


def test_game_log_reads_the_events(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug")
    win.view.activate(("card", ref(win, "unplug", "p0.hand")))
    assert any("plays Unplug" in line for line in win.log.lines())


def test_help_shows_rules_and_shortcuts(qtbot, win):
    win.help_dialog()
    text = win._help.browser.toPlainText()
    assert "Ctrl+Z" in text and "Combat Zone" in text
    win._help.close()


def test_new_game_dialog_remembers_the_last_setup(qtbot, win):
    from matrix_gui.dialogs import NewGameDialog
    from matrix_gui.settings import LastSetup, Settings

    films = win.legendary.film_choices()
    dlg = NewGameDialog(films, win.legendary.avatar_name, LastSetup(film="test", players=3, seed="42"), win)
    assert dlg.film.currentData() == "test" and dlg.players.value() == 3 and dlg.seed.text() == "42"
    assert sum(b.isVisibleTo(dlg) for b in dlg.avatar_boxes) == 3
    assert [dlg.film.itemData(i) for i in range(dlg.film.count())] == [f.id for f in films]
    win.settings.last_setup = dlg.last_setup()
    win.save_settings()
    assert Settings.load(win.paths.settings_file).last_setup.players == 3
    choice = dlg.choice()
    assert win.start_new(choice.film, choice.players, choice.avatars, choice.seed)
    assert len(win.ops.game.state.players) == 3
