"""A Traitor mode at one screen: the hand-off curtain covers the table whenever another seat must
act, and the table never shows a seat's hand or hidden card while that seat is not at the screen."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from matrix_gui.newgame import NewGameChoice
from tests.gui.test_whole_game import apply_through_gui

pytestmark = pytest.mark.gui


def secret_cards_shown(win, front: int | None) -> list[str]:
    """Face-up items of cards that lie in another seat's hand or hidden pile (none may be shown)."""
    s = win.ops.game.state
    page = win.legendary
    out = []
    for p in s.players:
        if p.seat == front:
            continue
        for pile in (f"p{p.seat}.hand", f"p{p.seat}.hidden"):
            for cid in s.piles[pile]:
                item = page.table.item_for(("card", cid))
                if item is not None and item.isVisible() and item.face_up:
                    out.append(f"{pile}: {s.defs[cid]}")
            # what the scene draws from: the view it was given
            shown = page.table.view["piles"].get(pile, {}).get("cards", [])
            out += [f"{pile} in the drawn view: {c['def']}" for c in shown if "def" in c]
    return out


@pytest.mark.rule("LE-TRAITOR-07", "LE-TRAITOR-20")
def test_a_four_player_ignorance_is_bliss_game_through_the_gui_with_the_curtain(qtbot, win):
    from engine.legendary.bots import BOTS

    assert win.start_game(NewGameChoice("legendary", "the_matrix", 4, [], 11, traitor="ignorance_is_bliss"))
    page = win.legendary
    game = win.ops.game
    bot = BOTS["heuristic"](11)
    handoffs = 0
    ways: dict[str, int] = {}
    front = None
    for _ in range(6000):
        if game.over:
            break
        acting = game.table().acting_seat()
        if acting != front:  # another seat must act: the curtain is up, nothing secret shows
            assert page.covered and page.pending == acting, f"no curtain for seat {acting}"
            assert win.ops.legal() and not page.legal(), "a covered table offers no command"
            assert secret_cards_shown(win, None) == []
            qtbot.mouseClick(page.curtain, Qt.MouseButton.LeftButton)
            assert not page.covered and page.front == acting
            front = acting
            handoffs += 1
        assert not page.covered
        assert secret_cards_shown(win, front) == [], "another seat's secret card is on the screen"
        n = len(game.commands)
        cmd = bot.choose(game)
        how = apply_through_gui(qtbot, win, cmd)
        ways[how] = ways.get(how, 0) + 1
        assert len(game.commands) == n + 1, f"{how} of {cmd} did nothing: {win.view.last_reason}"
        game = win.ops.game
    assert game.over, "the game did not finish"
    assert handoffs >= 8 and ways.get("drag", 0) > 20
    assert not page.covered  # the end shows the table, not a curtain


@pytest.mark.rule("LE-TRAITOR-14")
def test_dragging_the_attack_token_onto_a_players_avatar_strikes_them(qtbot, win):
    from pathlib import Path

    from tests.gui.conftest import drag

    scn = Path(__file__).resolve().parents[1] / "scenarios" / "traitor_table.scn"
    assert win.start_scenario(scn)
    page = win.legendary
    if page.covered:
        qtbot.mouseClick(page.curtain, Qt.MouseButton.LeftButton)
    s = win.ops.game.state
    before = len(s.piles["p1.strikes"])
    health = win.ops.game.observe(0)["players"][1]["health"]
    drag(qtbot, win, ("pool", 0), ("pile", "p1.avatar"))
    s = win.ops.game.state
    assert len(s.piles["p1.strikes"]) == before + 1 or s.players[1].defeated
    assert s.turn.attack == 12 - health
    # Trinity is in the other world (the Matrix): the same drag is refused with the rule
    drag(qtbot, win, ("pool", 0), ("pile", "p2.avatar"))
    assert "LE-TRAITOR-14" in win.view.last_reason


def test_the_game_menu_gives_a_game_up(qtbot, win):
    assert win.start_new("the_matrix", 2, None, 4)
    assert win.give_up(ask=False)
    game = win.ops.game
    assert game.over and game.state.result == "loss:conceded"
    assert not win.give_up(ask=False)  # nothing left to give up


def test_the_first_curtain_of_a_new_game_takes_space_at_once(qtbot, win):
    """No click needed first: the curtain a new game starts with has the keyboard."""
    from PySide6.QtWidgets import QApplication

    win.activateWindow()
    assert win.start_game(NewGameChoice("legendary", "the_matrix", 3, [], 5, traitor="ignorance_is_bliss"))
    page = win.table_page("legendary")
    assert page.covered
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.curtain)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert not page.covered and page.front == page.acting_seat()


@pytest.mark.rule("LE-TRAITOR-06")
def test_a_seat_is_told_its_side_on_its_own_turn_only(qtbot, win):
    """The HUD and the NEXT line say "You are the Traitor" (or loyal) to the seat at the screen on
    its own turn; the curtain's table says nothing of anyone's side."""
    assert win.start_game(NewGameChoice("legendary", "the_matrix", 3, [], 5, traitor="ignorance_is_bliss"))
    page = win.table_page("legendary")
    game = win.ops.game
    strip = page.guide.strip
    for _ in range(3):  # three turns: three seats at the screen in turn
        assert page.covered
        assert "You are" not in page.hud.values["turn"] and "You are" not in strip.values["next_step"]
        qtbot.mouseClick(page.curtain, Qt.MouseButton.LeftButton)
        seat = page.front
        role = game.observe(seat)["role"]
        assert page.hud.values["turn"].endswith(f" · {role['title']}")
        assert role["goal"] in page.hud.turn.toolTip()
        assert strip.values["next_step"].startswith(f"{role['title']}. ")
        page.apply(next(c for c in page.legal() if c.verb == "end"))
        game = win.ops.game
        while not page.covered and game.table().acting_seat() == seat:  # a decision of its own
            page.apply(page.legal()[0])
