"""Bots at the table (matrix_gui/seatbots.py): one person plays with bots through the GUI to the end
of a game; the bots' turns play themselves, animated, the person is never asked to act for a bot (no
curtain, no refusal for a bot seat) and is refused while a bot acts; pause, step and faster."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from matrix_gui.newgame import NewGameChoice
from tests.gui.test_traitor_table import secret_cards_shown
from tests.gui.test_whole_game import apply_through_gui

pytestmark = pytest.mark.gui
SEATS = ["human", "heuristic", "heuristic", "heuristic"]
ANIMATED_BOT_MOVES = 25  # bot commands watched with animations on (then skipped: the test's time)


class Watch:
    """Counts the bot commands (every accepted command the test did not send) and how many of
    them started an animation."""

    def __init__(self, win) -> None:
        self.win = win
        self.person = False  # the test (the person) is sending a command
        self.bot_moves = 0
        self.animated = 0
        win.ops.events_applied.connect(self._applied)

    def _applied(self, _events) -> None:
        if not self.person:
            self.bot_moves += 1
            self.animated += bool(self.win.busy())


def person_plays(qtbot, win, watch: Watch, act) -> None:
    watch.person = True
    try:
        act()
    finally:
        watch.person = False


def refused_while_a_bot_acts(qtbot, win, page) -> str:
    """The person tries a command and Undo while a bot acts: both are refused with the reason."""
    bots = win.bots
    seat = bots.seat_to_act()
    assert seat is not None
    n = len(win.ops.game.commands)
    legal = win.ops.legal()
    assert page.legal() == [], "the table offers the person the bot's commands"
    assert legal and not page.apply(legal[0]), "the person acted for a bot"
    reason = page.view.last_reason
    assert f"{page.seat_name(seat)} is played by a bot" in reason
    win.undo()
    assert len(win.ops.game.commands) == n, "a command was taken back while a bot acts"
    return reason


def play_with_bots(qtbot, win, page, me, seat_of_me: int, apply_mine, max_moves: int = 3000) -> Watch:
    """Play ``seat_of_me`` with ``me`` through the GUI until the game ends; the bots play the rest.
    Animations run (4x) for the first bot moves, then are skipped."""
    bots = win.bots
    bots.delay_ms = 1  # the readable pause between bot moves is the player's; the test needs none
    watch = Watch(win)
    game = win.ops.game
    mine = refusals = 0
    for _ in range(max_moves):
        if watch.bot_moves >= ANIMATED_BOT_MOVES and not win.settings.skip_animations:
            win.settings.skip_animations = True
            page.anim.finish_all()
        qtbot.waitUntil(lambda: game.over or (bots.seat_to_act() is None and not page.busy()), timeout=60000)
        if game.over:
            break
        assert page.acting_seat() == seat_of_me
        assert not page.curtain.isVisible(), "a curtain came up with only one person at the table"
        assert bots.refusal() is None and page.legal(), "the person was refused on their own move"
        n = len(game.commands)
        cmd = me(game)
        person_plays(qtbot, win, watch, lambda cmd=cmd: apply_mine(cmd))
        assert len(game.commands) == n + 1, f"{cmd} did nothing: {page.view.last_reason}"
        mine += 1
        if refusals < 3 and bots.seat_to_act() is not None:  # the next move is a bot's
            refused_while_a_bot_acts(qtbot, win, page)
            refusals += 1
    assert game.over, "the game did not finish"
    assert mine > 10 and watch.bot_moves > 10, (mine, watch.bot_moves)
    assert refusals == 3
    assert page.handoffs == 0 and not page.curtain.isVisible()
    return watch


def start_with_bots(win, traitor: str | None = None, seed: int = 3) -> None:
    win.settings.skip_animations = False
    win.settings.animation_speed = 4.0
    assert win.start_game(NewGameChoice("legendary", "the_matrix", 4, [], seed, traitor=traitor,
                                        seats=list(SEATS)))


def test_one_person_and_three_bots_play_a_legendary_game_to_its_end(qtbot, win):
    from engine.legendary.bots import BOTS

    start_with_bots(win)
    page = win.legendary
    assert sorted(win.bots.players) == [1, 2, 3]
    me = BOTS["heuristic"](3)
    watch = play_with_bots(qtbot, win, page, lambda g: me.choose(g, seats={0}), 0,
                           lambda cmd: apply_through_gui(qtbot, win, cmd))
    assert watch.animated >= ANIMATED_BOT_MOVES * 3 // 4, "the bots' moves did not animate"
    assert win.ops.game.state.result


@pytest.mark.rule("LE-TRAITOR-07", "LE-TRAITOR-20")
def test_a_traitor_mode_with_three_bots_never_raises_the_curtain_or_shows_their_hands(qtbot, win):
    from engine.legendary.bots import BOTS

    start_with_bots(win, "ignorance_is_bliss", seed=11)
    page = win.legendary
    assert page.secret and page.front == 0, "the one person sits at the screen from the start"
    me = BOTS["heuristic"](11)
    shown: list[str] = []
    win.ops.events_applied.connect(lambda _e: shown.extend(secret_cards_shown(win, 0)))

    def mine(cmd) -> None:
        apply_through_gui(qtbot, win, cmd)

    play_with_bots(qtbot, win, page, lambda g: me.choose(g, seats={0}), 0, mine)
    assert shown == [], "a bot's hand or hidden card was shown to the person"


def test_a_person_against_a_bot_plays_a_matrix_replay_game_to_its_end(qtbot, win):
    from engine.replay.bots import HeuristicBot
    from tests.gui.replay_helpers import apply_through_gui as replay_apply

    win.settings.skip_animations = False
    win.settings.animation_speed = 4.0
    assert win.start_game(NewGameChoice("replay", "", 2, [], 5, True, seats=["human", "heuristic"]))
    page = win.replay
    assert page.front == 0 and not page.covered, "one person against a bot: no curtain, ever"
    me = HeuristicBot(5)
    watch = play_with_bots(qtbot, win, page, lambda g: me.choose(g, 0), 0,
                           lambda cmd: replay_apply(qtbot, win, cmd))
    assert watch.animated >= ANIMATED_BOT_MOVES // 2, "the bot's moves did not animate"
    assert page.end.isVisible()


def test_pause_step_and_faster_from_the_keyboard(qtbot, win):
    win.settings.animation_speed = 4.0
    assert win.start_game(NewGameChoice("legendary", "the_matrix", 4, [], 3,
                                        seats=["heuristic", "heuristic", "heuristic", "human"]))
    bots, game, page = win.bots, win.ops.game, win.legendary
    bots.delay_ms = 1
    qtbot.waitUntil(lambda: len(game.commands) >= 2, timeout=20000)
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_F6)
    assert bots.paused and win.act_bots_pause.isChecked()
    assert "Bots paused" in win.bots_label.text()
    qtbot.waitUntil(lambda: not page.busy(), timeout=20000)
    if bots.seat_to_act() is None:  # the person's move came first: end it, so a bot is next
        page.apply(next(c for c in page.legal() if c.verb == "end"))
        qtbot.waitUntil(lambda: not page.busy(), timeout=20000)
    assert bots.seat_to_act() is not None
    strip = page.guide.strip  # the bot's turn: no Hint or End Turn for the person to press
    assert not strip.hint.isVisible() and not strip.end_turn.isVisible()
    assert "played by a bot" in strip.values["next_step"]
    n = len(game.commands)
    qtbot.wait(150)
    assert len(game.commands) == n, "a paused bot moved"
    assert "F7 for its next move" in refused_while_a_bot_acts(qtbot, win, page)
    qtbot.keyClick(win, Qt.Key.Key_F7)
    assert len(game.commands) == n + 1, "F7 plays exactly one bot move"
    qtbot.wait(150)
    assert len(game.commands) == n + 1 and bots.paused
    assert bots.speed == 1.0
    qtbot.keyClick(win, Qt.Key.Key_F8)
    assert bots.speed == 2.0 and bots.animation_speed(4.0) == 8.0
    qtbot.keyClick(win, Qt.Key.Key_F6)
    assert not bots.paused
    qtbot.waitUntil(lambda: len(game.commands) > n + 3 or bots.seat_to_act() is None, timeout=20000)


def test_continue_restores_the_bots_and_a_new_game_cancels_them(qtbot, win):
    start_with_bots(win)
    win.settings.skip_animations = True
    bots, game = win.bots, win.ops.game
    win.ops.close()  # what closing the window does: the autosave is folded
    assert win.continue_game()
    assert win.ops.game is not game and win.ops.game.setup.seats == SEATS
    assert sorted(bots.players) == [1, 2, 3] and bots.page is win.legendary
    assert win.start_replay(4)  # two people: no bots left over
    assert bots.players == {} and bots.seat_to_act() is None and bots.refusal() is None
    win.close()
    assert bots.page is None and not bots.timer.isActive()


def test_new_game_offers_a_person_or_a_bot_for_each_seat_and_remembers_them(qtbot, win):
    from matrix_gui.dialogs import NewGameDialog
    from matrix_gui.settings import LastSetup
    from tests.gui.test_new_game_story import pick

    page = win.legendary
    dlg = NewGameDialog(page.film_choices(), page.avatar_name, LastSetup(players=3), win,
                        story=page.story_choices(), check=page.check_choice)
    qtbot.addWidget(dlg)
    pick(dlg.film, "the_matrix")
    assert sum(b.isVisibleTo(dlg) for b in dlg.seat_boxes) == 3
    assert not any(b.isVisibleTo(dlg) for b in dlg.side_boxes)
    assert dlg.choice().seats == [], "people only: the setup records no seats (saved as before)"
    pick(dlg.seat_boxes[1], "heuristic")
    pick(dlg.seat_boxes[2], "random")
    assert dlg.choice().seats == ["human", "heuristic", "random"]
    pick(dlg.ruleset, "replay")
    assert all(b.isVisibleTo(dlg) for b in dlg.side_boxes)
    pick(dlg.side_boxes[1], "heuristic")
    assert dlg.choice().seats == ["human", "heuristic"]
    last = dlg.last_setup()
    assert last.seats == ["human", "heuristic", "random"] and last.sides == ["human", "heuristic"]
    again = NewGameDialog(page.film_choices(), page.avatar_name, last, win, story=page.story_choices())
    qtbot.addWidget(again)
    assert again.choice().seats == ["human", "heuristic"]
    pick(again.ruleset, "legendary")
    assert again.choice().seats == ["human", "heuristic", "random"]
    assert win.start_game(again.choice())
    assert win.ops.game.setup.seats == ["human", "heuristic", "random"]
