"""Presentation rules of Matrix Replay on the table: counters and their colours, dice and totals,
card codes, and cards looked at shown to the looker only."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from engine.replay.bots import HeuristicBot
from engine.replay.carddb import default_db
from matrix_gui.replay import new_game
from matrix_gui.replay.faces import badge_text
from tests.gui.replay_helpers import hand_over, rdrag, start

pytestmark = pytest.mark.gui


def pixel(win, item, x: float, y: float) -> QColor:
    """The colour the window shows at point (x, y) of a scene item."""
    view = win.replay.view
    p = view.mapFromScene(item.mapToScene(QPointF(x, y)))
    return view.viewport().grab().toImage().pixelColor(p)


def greenish(c: QColor) -> bool:
    return c.green() > 150 and c.red() < 120 and c.blue() < 160


@pytest.mark.rule("MR-COMP-05", "MR-MISSION-07")
def test_counters_green_on_characters_in_the_matrix_blue_mission_points_red_time(qtbot, win):
    table = start(win, 3, curtain=False)
    game = win.ops.game
    bots = (HeuristicBot(3), HeuristicBot(4))
    while not game.state.plugged:
        table.submit(bots[game.acting].choose(game, game.acting))
    table.view.refit()
    qtbot.wait(10)
    sc = table.scene
    plugged = next(iter(game.state.plugged))
    card = sc.item_for(("card", plugged))
    assert card.info.get("matrix_counter") and card.pile == "p0.play"
    k = card.w / 100
    centre = (card.w - 6.5 * k, 4.5 * k)  # (the disc, left of its "M")
    assert greenish(pixel(win, card, centre[0] - 8 * k, centre[1])), "a green Matrix counter"
    for item, hue in ((sc.time_item, "red"), (sc.mp_item, "blue")):
        c = pixel(win, item, item.w / 2, 24 + 42 + 28)  # in the token, under its number
        if hue == "red":
            assert c.red() > c.green() + 40 and c.red() > c.blue() + 40, c.name()
        else:
            assert c.blue() > c.red() + 40, c.name()
    assert sc.time_item.value == game.state.time and sc.mp_item.value == game.state.mp
    assert table.hud.values["time"] == f"Time {game.state.time}/20"


@pytest.mark.rule("MR-COMP-04", "MR-ROLL-01")
def test_the_contest_panel_shows_each_d10_and_the_parts_of_each_total(qtbot, win):
    table = start(win, 3, curtain=False)
    game = win.ops.game
    bots = (HeuristicBot(3), HeuristicBot(4))
    seen = after = 0
    for _ in range(120):
        if game.over:
            break
        k = table.scene.view.get("contest")
        if k:
            seen += 1
            for s in (0, 1):
                assert 1 <= k["dice"][s] <= 10
                parts = ("dice", "characters", "events", "fixed", "turn_bonus")
                assert sum(k[p][s] for p in parts) == k["totals"][s]
                assert f"d10 {k['dice'][s]}" in table.scene.contest.summary()
                assert f"= {k['totals'][s]}" in table.scene.contest.summary()
        elif (last := table.scene.view.get("last_contest")):  # between contests: the last one's dice
            after += 1
            said = table.scene.contest.summary()
            assert said.startswith(f"Last contest: {last['contest'].capitalize()}: ")
            assert f"Humans {last['totals'][0]}, Machines {last['totals'][1]}" in said
        table.submit(bots[game.acting].choose(game, game.acting))
    assert seen > 10 and after > 3


@pytest.mark.rule("MR-COMP-06")
def test_card_faces_carry_the_card_list_codes():
    db = default_db()
    for cid, card in db.cards.items():
        code = badge_text(card)
        if card.type == "character":
            assert code == card.code
        elif card.type == "mission":
            assert code == f"M{card.mp}"
        else:
            assert code == "E", cid


@pytest.mark.rule("MR-EFFECT-11")
def test_cards_looked_at_are_shown_to_the_looker_only(qtbot, win):
    game = new_game(3)
    s = game.state
    dream = next(c for c in s.piles["p0.deck"] if s.defs[c] == "dream_visions")
    s.piles["p0.deck"].remove(dream)
    s.piles["p0.hand"].append(dream)
    table = win.replay
    win.ops.start(game)
    hand_over(qtbot, table, "space")
    rdrag(qtbot, win, ("card", dream), ("pile", "arena"))  # an instant Event, at the Humans' draw
    assert game.commands[-1] == f"@0 play {dream}"
    top7 = list(reversed(s.piles["p1.deck"][-7:]))
    assert [c.info["id"] for c in sorted(table.scene.cards.values(), key=lambda c: c.x())
            if c.pile == "seen"] == top7
    assert table.scene.seen_label.isVisible() and "Machines deck" in table.scene.seen_label.text()
    table.submit(next(c for c in table.legal() if c.verb == "draw"))
    table.submit(next(c for c in table.legal() if c.verb == "done"))
    assert table.covered and not any(c.pile == "seen" for c in table.scene.cards.values())
    hand_over(qtbot, table, "click")
    assert table.front == 1
    assert not any(c.pile == "seen" for c in table.scene.cards.values()), "the Machines see none of it"
    assert not table.scene.seen_label.isVisible()
