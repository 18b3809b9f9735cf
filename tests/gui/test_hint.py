"""The Hint action (H, and the button beside End Turn): it thinks off the GUI thread ("Thinking…"),
then marks the move on the table and says why in the NEXT panel; the game's record counts each hint,
through save and load and on the end screen; never for a bot's move or a table that moved on."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import page_of, ref, scenario

pytestmark = pytest.mark.gui

FIGHT = ("active 0", "world 0 matrix", "empty combat", "put test_one_drill_cop combat up", "pool attack=6")


def lit_items(win, light: str) -> list:
    return [it for it in page_of(win).table.keyed_items() if light in it.marks]


def hinted_items(win) -> list:
    return lit_items(win, "hint")


def ask(qtbot, win, how: str = "key"):
    """Ask for a hint (H or the button) and wait for it; the status bar's messages on the way."""
    said: list[str] = []
    win.statusBar().messageChanged.connect(lambda text: said.append(text))
    if how == "key":
        qtbot.keyClick(page_of(win).view, Qt.Key.Key_H)
    else:
        qtbot.mouseClick(page_of(win).guide.strip.hint, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page_of(win).hinted is not None, timeout=20000)
    return page_of(win).hinted, said


def test_h_thinks_then_marks_the_move_and_says_why(qtbot, win):
    scenario(win, *FIGHT)
    assert win.ops.game.hints == 0
    advice, said = ask(qtbot, win)
    assert said[0] == "Thinking…", said  # the search runs off the GUI thread: the table says so first
    assert said[-1] == f"Hint: {advice.sentence}"
    assert page_of(win).guide.strip.prompt.text() == f"Hint: {advice.sentence}"
    assert win.ops.game.is_legal(advice.command)
    marked = hinted_items(win)
    assert marked, "nothing on the table is marked"
    assert win.ops.game.hints == 1


def test_the_hint_button_sits_beside_end_turn_and_counts_too(qtbot, win):
    scenario(win, *FIGHT)
    strip = page_of(win).guide.strip
    assert strip.hint.isVisible() and strip.hint.defaultAction() is win.act_hint
    assert abs(strip.hint.y() - strip.end_turn.y()) < strip.end_turn.height()
    ask(qtbot, win, "button")
    assert win.ops.game.hints == 1


def test_a_hint_goes_when_the_game_moves_on(qtbot, win):
    scenario(win, *FIGHT)
    advice, _ = ask(qtbot, win)
    assert page_of(win).view.submit(advice.command)
    win.anim.finish_all()
    assert page_of(win).hinted is None and not hinted_items(win)
    assert not page_of(win).guide.strip.prompt.text().startswith("Hint:")
    assert win.ops.game.hints == 1  # it was given: it stays counted


def test_a_hint_for_a_table_that_moved_on_is_dropped_uncounted(qtbot, win):
    scenario(win, *FIGHT)
    qtbot.keyClick(page_of(win).view, Qt.Key.Key_H)  # the look-ahead starts on a copy of this position...
    assert page_of(win).view.submit(win.ops.legal()[0])  # ...and the player moves first
    qtbot.waitUntil(lambda: not page_of(win).thinker.busy, timeout=20000)
    qtbot.wait(50)
    win.anim.finish_all()
    assert page_of(win).hinted is None and not hinted_items(win)
    assert win.ops.game.hints == 0


def test_the_hint_count_survives_save_and_load(qtbot, win, tmp_path: Path):
    scenario(win, *FIGHT)
    ask(qtbot, win)
    page_of(win)._drop_hint()
    ask(qtbot, win)
    assert win.ops.game.hints == 2
    assert win.save_file(tmp_path / "g.json")
    assert win.load_file(tmp_path / "g.json")
    assert win.ops.game.hints == 2
    assert win.continue_game()  # the autosave kept it at once
    assert win.ops.game.hints == 2


def test_the_end_screen_says_how_many_hints_were_used(qtbot, win):
    scenario(win, "active 0", "time 1", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    advice, _ = ask(qtbot, win)
    assert advice.command.verb in ("end", "move", "play", "recruit", "scan", "fight")
    win.act_end.trigger()
    win.anim.finish_all()
    assert page_of(win).guide.end.isVisible()
    assert "hints used: 1" in page_of(win).guide.end.stats.text()
    assert page_of(win).guide.strip.hint.isHidden()


def test_no_hint_for_a_bot_or_a_finished_game(qtbot, win):
    win.start_game(_choice(["heuristic", "human"]))
    win.bots.toggle_pause()  # the bot's move waits: it is a bot's turn
    assert win.bots.seat_to_act() == 0
    qtbot.keyClick(page_of(win).view, Qt.Key.Key_H)
    assert "is played by a bot" in page_of(win).last_reason
    assert not page_of(win).thinker.busy and win.ops.game.hints == 0


def _choice(seats: list[str]):
    from matrix_gui.newgame import NewGameChoice

    return NewGameChoice("legendary", "the_matrix", len(seats), [], 5, seats=seats)


def test_new_game_offers_the_bot_that_looks_ahead_for_legendary_seats_only(qtbot, win):
    from matrix_gui.dialogs import NewGameDialog

    page = win.table_page("legendary")
    dlg = NewGameDialog(page.film_choices(), page.avatar_name, win.settings.last_setup, win,
                        story=page.story_choices(), sheet=win.table_page("expedition").sheet_choices())
    qtbot.addWidget(dlg)
    legendary = [dlg.seat_boxes[0].itemText(i) for i in range(dlg.seat_boxes[0].count())]
    replay = [dlg.side_boxes[0].itemText(i) for i in range(dlg.side_boxes[0].count())]
    assert "Bot (looks ahead)" in legendary and "Bot (looks ahead)" not in replay


class Ticks:
    """A 20 ms QTimer: how often it ticked while a bot was thinking, and the longest gap between
    two ticks (a frozen event loop shows as a gap as long as the bot's decision)."""

    def __init__(self, win) -> None:
        import time

        from PySide6.QtCore import QTimer

        self.win, self.clock = win, time.perf_counter
        self.during = 0
        self.gap = 0.0
        self.thinking_started: float | None = None
        self.longest_thought = 0.0
        self.last = self.clock()
        self.timer = QTimer(win)
        self.timer.timeout.connect(self._tick)
        self.timer.start(20)

    def _tick(self) -> None:
        now = self.clock()
        self.gap = max(self.gap, now - self.last)
        self.last = now
        thinking = self.win.bots.thinking is not None
        if thinking:
            self.during += 1
            if self.thinking_started is None:
                self.thinking_started = now
        elif self.thinking_started is not None:
            self.longest_thought = max(self.longest_thought, now - self.thinking_started)
            self.thinking_started = None


@pytest.mark.slow
def test_a_bot_that_looks_ahead_plays_its_turns_without_freezing_the_table(qtbot, win):
    from engine.legendary.bots import BOTS
    from engine.legendary.carddb import load_db
    from engine.legendary.game import LegendaryGame
    from engine.legendary.quickstart import default_setup
    from tests.gui.test_whole_game import apply_through_gui

    db = load_db([])
    setup = default_setup(db, 2, 5, [], film="the_matrix")
    setup.seats = ["search", "human"]
    setup.start_time = 4  # a Time Track this low makes every table worth weighing for the bot
    win.ops.start(LegendaryGame.new(setup, db))
    bots = win.bots
    bots.delay_ms = 1
    game = win.ops.game
    ticks = Ticks(win)
    me = BOTS["heuristic"](2)
    mine = 0
    while mine < 6 and not game.over:
        qtbot.waitUntil(lambda: game.over or (bots.seat_to_act() is None and not page_of(win).busy()),
                        timeout=120000)
        if game.over:
            break
        assert bots.refusal() is None and page_of(win).legal(), "the person was asked to wait on their move"
        apply_through_gui(qtbot, win, me.choose(game, seats={1}))
        mine += 1
    ticks.timer.stop()
    assert bots.moves >= 3, "the bot that looks ahead did not play"
    assert ticks.during >= 3, "the event loop did not run while the bot was thinking"
    assert ticks.gap < 1.0, f"the table froze for {ticks.gap:.2f} s (thought {ticks.longest_thought:.2f} s)"


def test_a_finished_games_hints_reach_the_records_view(qtbot, win):
    from matrix_gui.records import records_markdown

    scenario(win, "active 0", "time 1", "world 0 real", "empty combat", "put test_one_drill_cop combat up")
    ask(qtbot, win)
    win.act_end.trigger()
    win.anim.finish_all()
    assert win.ops.game.over
    text = records_markdown(page_of(win).campaign_desk().records())
    assert "Hints used" in text and text.rstrip().splitlines()[-1].endswith("| 1 |"), text


def test_no_hint_behind_the_hand_off_curtain(qtbot, win):
    from matrix_gui.newgame import NewGameChoice

    assert win.start_game(NewGameChoice("legendary", "the_matrix", 3, [], 4, traitor="ignorance_is_bliss"))
    page = page_of(win)
    assert page.curtain.isVisible()
    qtbot.keyClick(win, Qt.Key.Key_H)
    assert "Hand the computer over first" in page.last_reason
    assert not page.thinker.busy and win.ops.game.hints == 0


def test_mark_lights_cards_places_and_a_button_with_a_note_until_cleared(qtbot, win):
    """``mark`` (the hint's call, and a lesson's): the items of the keys light up, the NEXT panel and
    the status bar say the note, ("button", "end") marks End Turn; the next mark replaces it,
    ``clear_marks`` puts the table back."""
    scenario(win, "active 0", "hand 0 unplug unplug")
    page, strip = page_of(win), page_of(win).guide.strip
    card = ("card", ref(win, "unplug", "p0.hand"))
    page.mark([card, ("pile", "p0.play"), ("button", "end")], "Play Unplug, then end your turn")
    assert {it.key for it in hinted_items(win)} == {card, ("pile", "p0.play")}
    assert strip.prompt.text() == "Play Unplug, then end your turn"
    assert win.statusBar().currentMessage() == "Play Unplug, then end your turn"
    assert strip.end_turn.property("hinted") and not strip.complete.property("hinted")
    page.mark([("pile", "p0.discard")])
    assert {it.key for it in hinted_items(win)} == {("pile", "p0.discard")}
    assert not strip.end_turn.property("hinted")
    page.clear_marks()
    assert hinted_items(win) == [] and page.marked == {}
    assert strip.prompt.text() == win.ops.game.observe(None)["next_step"]


def test_marks_of_another_light_stay_beside_the_hints(qtbot, win):
    """A lesson lights with its own light: the hint's marks come and go beside it, buttons too."""
    scenario(win, "active 0", "hand 0 unplug unplug")
    page, strip = page_of(win), page_of(win).guide.strip
    card = ("card", ref(win, "unplug", "p0.hand"))
    page.mark([card, ("button", "hint")], light="lesson")
    page.mark([("pile", "p0.play"), ("button", "end")], "Play Unplug")
    assert {it.key for it in lit_items(win, "lesson")} == {card}
    assert {it.key for it in hinted_items(win)} == {("pile", "p0.play")}
    assert strip.hint.property("hinted") and strip.end_turn.property("hinted")
    page.clear_marks()
    assert {it.key for it in lit_items(win, "lesson")} == {card} and hinted_items(win) == []
    assert strip.hint.property("hinted") and not strip.end_turn.property("hinted")
    assert strip.prompt.text() == win.ops.game.observe(None)["next_step"]
    page.clear_marks("lesson")
    assert lit_items(win, "lesson") == [] and not strip.hint.property("hinted") and page.marked == {}
