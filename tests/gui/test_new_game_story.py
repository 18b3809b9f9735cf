"""New Game: a story of the players' own (LE-STORY) and the difficulty options (LE-VARIANT), with the
engine's reason shown in the dialog when it refuses a setup."""
from __future__ import annotations

import pytest

from matrix_gui.newgame import STORY

pytestmark = pytest.mark.gui


def dialog(win):
    from matrix_gui.dialogs import NewGameDialog
    from matrix_gui.settings import LastSetup

    page = win.legendary
    return NewGameDialog(page.film_choices(), page.avatar_name, LastSetup(players=2), win,
                         story=page.story_choices(), check=page.check_choice)


def pick(box, data: str) -> None:
    i = box.findData(data)
    assert i >= 0, f"{data!r} is not offered"
    box.setCurrentIndex(i)


@pytest.mark.rule("LE-STORY-02", "LE-STORY-03", "LE-STORY-04")
def test_a_story_refused_by_the_engine_says_why_and_stays_open(qtbot, win):
    dlg = dialog(win)
    qtbot.addWidget(dlg)
    assert not dlg.act_boxes[0].isVisibleTo(dlg)  # a film: no Act or group choice
    pick(dlg.film, STORY)
    assert all(b.isVisibleTo(dlg) for b in dlg.act_boxes + dlg.group_boxes)
    for box, act in zip(dlg.act_boxes, ["the_oracles_call", "know_thyself", "he_is_the_one"], strict=True):
        pick(box, act)
    for box, group in zip(dlg.group_boxes, ["tank", "ship_captains", "trinity_the_matrix",
                                            "morpheus_reloaded_revolutions"], strict=True):
        pick(box, group)
    pick(dlg.avatar_boxes[0], "thomas_anderson_neo")
    pick(dlg.avatar_boxes[1], "niobe")
    dlg.accept()
    assert dlg.result() != dlg.DialogCode.Accepted
    assert "LE-STORY-04" in dlg.problem.text() and "Neo Hero Group" in dlg.problem.text()
    pick(dlg.group_boxes[0], "neo_reloaded")
    dlg.accept()
    assert dlg.result() == dlg.DialogCode.Accepted
    choice = dlg.choice()
    assert win.start_game(choice)
    setup = win.ops.game.state.setup
    assert setup["story"] is True
    assert setup["acts"] == ["the_oracles_call", "know_thyself", "he_is_the_one"]
    assert setup["groups"] == ["neo_reloaded", "ship_captains", "trinity_the_matrix",
                               "morpheus_reloaded_revolutions"]


@pytest.mark.rule("LE-STORY-05", "LE-SETUP-19")
def test_a_story_offers_only_real_hero_groups_for_zion(qtbot, win):
    """The standard groups and the three Extra Hero Groups; never the Oracle Heroes or The Source's
    Extra, which carry a group name but are no Hero Group."""
    dlg = dialog(win)
    qtbot.addWidget(dlg)
    pick(dlg.film, STORY)
    offered = {dlg.group_boxes[0].itemData(i) for i in range(dlg.group_boxes[0].count())}
    assert {"neo_the_matrix", "the_keymaker", "seraph", "tank", "link"} <= offered
    assert not offered & {"oracle", "the_source"}


@pytest.mark.rule("LE-TRAITOR-01")
def test_a_traitor_mode_is_offered_and_refused_outside_3_to_5_players(qtbot, win):
    dlg = dialog(win)
    qtbot.addWidget(dlg)
    pick(dlg.film, "the_matrix")
    pick(dlg.traitor, "ignorance_is_bliss")
    dlg.players.setValue(2)
    dlg.accept()
    assert dlg.result() != dlg.DialogCode.Accepted and "LE-TRAITOR-01" in dlg.problem.text()
    dlg.players.setValue(3)
    dlg.accept()
    assert dlg.result() == dlg.DialogCode.Accepted
    assert dlg.choice().traitor == "ignorance_is_bliss"
    assert win.start_game(dlg.choice())
    assert win.legendary.covered  # a secret game starts behind the hand-off curtain


@pytest.mark.rule("LE-TRAITOR-01")
def test_traitor_modes_grey_out_with_the_engines_reason_while_choosing(qtbot, win):
    """At 2 players each Traitor mode is greyed out as soon as the count is set, the engine's
    reason in its entry; chosen anyway, the reason shows at once; at 3 they are offered again."""
    from dataclasses import replace

    from engine.legendary.traitor import MODES

    dlg = dialog(win)
    qtbot.addWidget(dlg)
    pick(dlg.film, "the_matrix")
    dlg.players.setValue(2)
    page = win.table_page("legendary")
    for mid in MODES:
        i = dlg.traitor.findData(mid)
        item = dlg.traitor.model().item(i)
        why = page.check_choice(replace(dlg.choice(), traitor=mid))
        assert why and "LE-TRAITOR-01" in why
        assert not item.isEnabled() and item.text() == why and item.toolTip() == why
    assert dlg.problem.text() == ""  # none is chosen: nothing refused yet
    pick(dlg.traitor, "me_me_me")
    assert "LE-TRAITOR-01" in dlg.problem.text()
    dlg.players.setValue(4)
    item = dlg.traitor.model().item(dlg.traitor.findData("me_me_me"))
    assert item.isEnabled() and item.toolTip() == "" and "a hidden enemy" in item.text()
    assert dlg.problem.text() == ""


@pytest.fixture
def shipped_win(qtbot, tmp_path):
    """A window over the shipped cards only (no developer cards: the real supply of cards)."""
    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.paths import AppPaths

    w = MainWindow(AppPaths.default(tmp_path), dev=None)
    w.settings.skip_animations = True
    qtbot.addWidget(w)
    return w


@pytest.mark.rule("LE-VARIANT-02", "LE-VARIANT-03", "LE-VARIANT-09")
def test_difficulty_options_reach_the_game_and_the_supply_limit_is_shown(qtbot, shipped_win):
    win = shipped_win
    dlg = dialog(win)
    qtbot.addWidget(dlg)
    pick(dlg.film, "the_matrix")
    dlg.players.setValue(4)
    dlg.option_checks["time_is_running_out"].setChecked(True)
    dlg.option_steps["not_ready_to_be_unplugged"].setValue(2)  # 4 players: 3 x 7 = 21 > 19
    dlg.accept()
    assert dlg.result() != dlg.DialogCode.Accepted and "LE-VARIANT-03" in dlg.problem.text()
    dlg.option_steps["not_ready_to_be_unplugged"].setValue(1)
    dlg.accept()
    assert dlg.result() == dlg.DialogCode.Accepted
    assert win.start_game(dlg.choice())
    state = win.ops.game.state
    assert state.time == 7
    assert state.setup["variants"] == ["time_is_running_out", "not_ready_to_be_unplugged"]
    last = dlg.last_setup()
    from matrix_gui.dialogs import NewGameDialog

    page = win.legendary
    dlg2 = NewGameDialog(page.film_choices(), page.avatar_name, last, win, story=page.story_choices())
    qtbot.addWidget(dlg2)
    assert dlg2.variants() == ["time_is_running_out", "not_ready_to_be_unplugged"]
