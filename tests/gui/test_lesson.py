"""Learn to Play: the guided first game runs to its end by the real gestures each step asks for, a
wrong drop at every step is refused with that step's hint, and the player's own autosave is never
touched; the guided game resumes where it was left."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from engine.core.commands import Command
from matrix_gui.legendary.intents import gestures, intended
from matrix_gui.legendary.lesson import LIGHT, LessonPanel
from tests.gui.conftest import menu_action, page_of, start_button, view_drag

pytestmark = pytest.mark.gui


def coach_of(win):
    coach = win.ops.coach
    assert coach is not None, "no lesson is coaching the game"
    return coach


def start_lesson(qtbot, win) -> None:
    """Learn to Play from the start page's button."""
    win.back_to_start()
    qtbot.mouseClick(start_button(win, "Learn to Play"), Qt.MouseButton.LeftButton)
    coach_of(win)


def question(win):
    """The Resume / Start Over question on show."""
    from PySide6.QtWidgets import QMessageBox

    return next(b for b in win.findChildren(QMessageBox)
                if b.isVisible() and b.windowTitle() == "Learn to Play")


def panels_shown(win) -> list:
    """The lesson panels on show on the Legendary page."""
    return [p for p in page_of(win).findChildren(LessonPanel) if p.isVisible()]


def gesture(win, cmd: Command) -> tuple:
    """The drag (subject, target) that means ``cmd`` on the table now."""
    view = page_of(win).view
    ix = view.index()
    legal = set(win.ops.legal())
    for s, t in gestures(cmd, ix):
        if t is None or view.table.item_for(s) is None or view.table.item_for(t) is None:
            continue
        if next((c for c in intended(s, t, ix) if c in legal), None) == cmd:
            return s, t
    raise AssertionError(f"no drag means {cmd}")


def wrong_drop(win) -> tuple:
    """A drag the current step does not teach: another Dock Hero to recruit, the Combat Zone's
    Enemy to fight, else a hand card the step does not ask for onto the play area."""
    game, step = win.ops.game, coach_of(win).progress.step
    s = game.state
    name = lambda cid: game.db.cards[s.defs[cid]].name  # noqa: E731
    if "recruit" in step.verbs:
        other = next(s.piles[f"dock.{i}"][0] for i in range(5) if not step.allows(
            Command("recruit", (s.piles[f"dock.{i}"][0],)), game))
        return ("card", other), ("pile", "p0.discard")
    if "fight" in step.verbs:
        return ("pool", 0), ("card", s.piles["combat"][0])
    card = next(c for c in s.piles["p0.hand"] if not step.allows(Command("play", (c,)), game))
    assert name(card)
    return ("card", card), ("pile", "p0.play")


def refused_with_the_hint(qtbot, win) -> None:
    """A wrong drop changes nothing and says what the step wants instead."""
    coach = coach_of(win)
    game = win.ops.game
    before, n, where = game.state_hash(), len(game.commands), (coach.progress.index, coach.progress.count)
    src, dst = wrong_drop(win)
    view_drag(qtbot, page_of(win).view, src, dst, 4)
    assert game.state_hash() == before and len(game.commands) == n
    assert (coach.progress.index, coach.progress.count) == where
    hint = coach.progress.step.hint
    assert win.statusBar().currentMessage() == f"Step {coach.progress.index + 1}: {hint}"


def do_the_step(qtbot, win) -> str:
    """Make one move the current step asks for, the way its text says; how it was made."""
    coach, page = coach_of(win), page_of(win)
    step = coach.progress.step
    verbs = step.verbs
    buttons = {"hint": page.guide.strip.hint, "end": page.guide.strip.end_turn,
               "objective": page.guide.strip.complete}
    for verb, b in buttons.items():
        if verb in verbs:
            assert b.property("hinted"), f"the {verb} button is not lit"
    if "hint" in verbs:
        qtbot.keyClick(page.view, Qt.Key.Key_H)
        qtbot.waitUntil(lambda: coach.progress.step is not step, timeout=20000)
        return "H"
    if "undo" in verbs:
        qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        return "Ctrl+Z"
    if verbs & {"end", "objective"}:
        qtbot.keyClick(win, Qt.Key.Key_E if "end" in verbs else Qt.Key.Key_O)
        return "E" if "end" in verbs else "O"
    cmd = win.ops.legal()[0]
    src, dst = gesture(win, cmd)
    lit = [it.key for it in page.table.keyed_items() if LIGHT in it.marks]
    assert src in lit and dst in lit, f"{step.id}: the drag {src} -> {dst} is not lit ({lit})"
    view_drag(qtbot, page.view, src, dst, 4)
    return "drag"


def play_the_lesson(qtbot, win) -> list[str]:
    """Every step: first a wrong drop (refused with its hint), then the moves it asks for."""
    coach = coach_of(win)
    ways = []
    while not coach.progress.finished:
        index, step = coach.progress.index, coach.progress.step
        refused_with_the_hint(qtbot, win)
        for _ in range(step.times):
            n = len(win.ops.game.commands)
            ways.append(do_the_step(qtbot, win))
            assert step.verbs & {"hint", "undo"} or len(win.ops.game.commands) == n + 1, \
                f"{step.id}: {ways[-1]} did nothing ({win.statusBar().currentMessage()})"
        assert coach.progress.index == index + 1, f"{step.id} did not move the lesson on"
    return ways


def test_the_guided_game_runs_to_its_end_and_never_touches_the_players_game(qtbot, win):
    # the player's own game, autosaved, with two moves in its journal
    assert win.start_new("the_matrix", 1, None, 5)
    for _ in range(2):
        assert win.ops.submit(next(c for c in win.ops.legal() if c.verb == "play")).accepted
    mine = {p.name: p.read_bytes() for p in win.paths.data.iterdir() if p.is_file()}
    assert "autosave.json" in mine

    start_lesson(qtbot, win)
    page = page_of(win)
    coach = coach_of(win)
    assert win.pages.currentWidget() is page and coach.panel.isVisible()
    assert coach.panel.values["caption"] == f"LEARN TO PLAY · STEP 1 OF {len(coach.lesson.steps)}"
    ways = play_the_lesson(qtbot, win)
    assert ways.count("drag") >= 15 and {"H", "Ctrl+Z", "E", "O"} <= set(ways)

    game = win.ops.game
    assert (game.state.act, game.state.part) == (2, 1) and game.state.time == 9
    assert game.state.players[0].avatar not in game.state.flipped  # Thomas Anderson is Neo now
    assert coach.panel.values["caption"].endswith("DONE") and coach.panel.play_on.isVisible()
    saved = json.loads((win.paths.tutorial / "progress.json").read_text(encoding="utf-8"))
    assert saved["step"] == len(coach.lesson.steps)

    qtbot.mouseClick(coach.panel.leave, Qt.MouseButton.LeftButton)
    assert win.pages.currentWidget() is win.start_page
    assert {p.name: p.read_bytes() for p in win.paths.data.iterdir() if p.is_file()} == mine
    assert win.continue_game()
    assert len(win.ops.game.commands) == 2 and win.ops.coach is None
    assert panels_shown(win) == []


def test_leave_then_resume_where_it_was_left_or_start_over(qtbot, win):
    start_lesson(qtbot, win)
    coach = coach_of(win)
    qtbot.keyClick(page_of(win).view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: coach.progress.index == 1, timeout=20000)
    do_the_step(qtbot, win)  # one of the two There Is No Spoon
    played = list(win.ops.game.commands)
    qtbot.mouseClick(coach.panel.leave, Qt.MouseButton.LeftButton)
    assert not win.paths.autosave.exists()  # the guided game never autosaves as the player's game
    assert not win.btn_continue.isEnabled()

    # a guided game is saved: ask first
    qtbot.mouseClick(start_button(win, "Learn to Play"), Qt.MouseButton.LeftButton)
    box = question(win)
    qtbot.mouseClick(next(b for b in box.buttons() if b.text() == "Resume"), Qt.MouseButton.LeftButton)
    again = coach_of(win)
    assert again is not coach and panels_shown(win) == [again.panel]
    assert list(win.ops.game.commands) == played
    assert (again.progress.index, again.progress.count) == (1, 1)
    assert again.panel.values["caption"].endswith("STEP 2 OF 17 · 1 OF 2 DONE")
    do_the_step(qtbot, win)
    assert again.progress.index == 2

    win.back_to_start()
    menu_action(win, "Help", "&Learn to Play").trigger()  # (the Help menu's entry asks the same)
    box = question(win)
    qtbot.mouseClick(next(b for b in box.buttons() if b.text() == "Start Over"), Qt.MouseButton.LeftButton)
    fresh = coach_of(win)
    assert fresh.progress.index == 0 and win.ops.game.commands == []


def test_a_damaged_progress_file_is_said_and_start_over_still_works(qtbot, win):
    start_lesson(qtbot, win)
    coach_of(win).panel.leave.click()
    (win.paths.tutorial / "progress.json").write_text("{not json", encoding="utf-8")
    assert not page_of(win).learn_to_play(resume=True)
    assert "progress.json cannot be read" in win.last_error and "Start Over" in win.last_error
    assert page_of(win).learn_to_play(resume=False) and coach_of(win).progress.index == 0


def test_outside_the_hint_step_h_and_the_keys_say_the_steps_hint(qtbot, win):
    start_lesson(qtbot, win)
    coach = coach_of(win)
    qtbot.keyClick(page_of(win).view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: coach.progress.index == 1, timeout=20000)
    hints = win.ops.game.hints
    want = f"Step 2: {coach.progress.step.hint}"
    for key in (Qt.Key.Key_H, Qt.Key.Key_E, Qt.Key.Key_O):
        qtbot.keyClick(win, key)
        assert win.statusBar().currentMessage() == want
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.statusBar().currentMessage() == want
    assert win.ops.game.hints == hints and win.ops.game.commands == []
    assert all(c.verb == "play" for c in win.ops.legal())  # highlights, menus and keys narrow at once


def test_play_on_lets_the_game_go_free(qtbot, win):
    start_lesson(qtbot, win)
    coach = coach_of(win)
    coach.progress.index = len(coach.lesson.steps)  # (the end, as the whole game above reaches it)
    coach.panel.show_step(coach.lesson, coach.progress)
    qtbot.mouseClick(coach.panel.play_on, Qt.MouseButton.LeftButton)
    assert win.ops.coach is None and panels_shown(win) == []
    assert "end" in {c.verb for c in win.ops.legal()} and len(win.ops.legal()) > 3
    assert not [it for it in page_of(win).table.keyed_items() if LIGHT in it.marks]


def advance(qtbot, win) -> None:
    """The current step's first move, straight through the operations layer (no gesture)."""
    coach, page = coach_of(win), page_of(win)
    step = coach.progress.step
    if "hint" in step.verbs:
        page.hint()
        qtbot.waitUntil(lambda: coach.progress.step is not step, timeout=20000)
    elif "undo" in step.verbs:
        assert win.ops.undo().accepted
    else:
        assert win.ops.submit(win.ops.legal()[0]).accepted


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_every_steps_words_fit_and_what_it_lights_is_in_view(qtbot, win, size):
    win.resize(*size)
    start_lesson(qtbot, win)
    coach, page = coach_of(win), page_of(win)
    panel, view = coach.panel, page.view
    def fits(label) -> None:
        need = label.heightForWidth(label.width()) if label.wordWrap() else \
            label.fontMetrics().horizontalAdvance(label.text())
        assert need <= (label.height() if label.wordWrap() else label.width()), label.text()

    while True:
        for label in (panel.caption, panel.text):  # (once the layout has settled to the new words)
            qtbot.waitUntil(lambda label=label: fits(label), timeout=2000)
        for b in (panel.leave, panel.play_on, panel.new_game):
            assert b.isHidden() or panel.rect().contains(b.geometry()), b.text()
        assert panel.geometry().bottom() < view.geometry().top()  # above the table, never over it
        if coach.progress.finished:
            break
        lit = [it for it in page.table.keyed_items() if LIGHT in it.marks]
        assert lit or coach.progress.step.verbs & {"hint", "undo", "end", "objective"}, coach.progress.step.id
        for it in lit:
            r = view.mapFromScene(it.mapRectToScene(it.body_rect())).boundingRect()
            assert view.viewport().rect().contains(r), f"{coach.progress.step.id}: {it.key} is out of view"
        advance(qtbot, win)


def test_f1_opens_on_a_one_screen_quick_start_and_the_autosave_notes_come_last(qtbot, win):
    import re

    from matrix_gui.dialogs import help_text

    qtbot.keyClick(win, Qt.Key.Key_F1)
    dlg = win._help
    qtbot.waitExposed(dlg)
    shown = dlg.browser.toPlainText()
    assert shown.splitlines()[1].strip() == "Quick start"
    text = help_text()
    sections = re.findall(r"^## (.+)$", text, re.M)
    assert sections[0] == "Quick start" and sections[-1].startswith("Your games on disk")
    quick = text.split("\n## ")[1]
    assert len(re.findall(r"^\d\. ", quick, re.M)) == 5  # a turn in five lines
    for key in ("**H**", "**Ctrl+Z**", "**E**", "**O**", "**F1**", "Learn to Play"):
        assert key in quick, key
    assert "autosave.journal" not in text.split("\n## Your games on disk")[0]  # the notes moved to the end
    # the quick start fits the help window's first screen
    bar = dlg.browser.verticalScrollBar()
    doc = dlg.browser.document()
    starting = doc.find("Starting")
    assert not starting.isNull()
    top = dlg.browser.cursorRect(starting).top()
    assert bar.value() == 0 and top < dlg.browser.viewport().height()
