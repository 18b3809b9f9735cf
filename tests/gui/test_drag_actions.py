"""Every action of the playmat as a real mouse drag on the view's viewport (issue 4, item 3)."""
from __future__ import annotations

import pytest

from tests.gui.conftest import click, drag, page_of, ref, scenario

pytestmark = pytest.mark.gui


def state(win):
    return win.ops.game.state


def test_play_a_card_from_hand(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug there_is_no_spoon")
    cid = ref(win, "unplug", "p0.hand")
    drag(qtbot, win, ("card", cid), ("pile", "p0.play"))
    assert cid in state(win).piles["p0.play"]
    assert page_of(win).view.table.item_for(("card", cid)).pile == "p0.play"


def test_recruit_from_the_dock(qtbot, win):
    scenario(win, "world 0 real", "pool recruit=9")
    cid = state(win).piles["dock.2"][-1]
    drag(qtbot, win, ("card", cid), ("pile", "p0.discard"))
    assert cid in state(win).piles["p0.discard"]


def test_recruit_a_hovercraft(qtbot, win):
    scenario(win, "world 0 real", "pool recruit=3")
    before = len(state(win).piles["hovercraft"])
    drag(qtbot, win, ("pile", "hovercraft"), ("pile", "p0.discard"))
    assert len(state(win).piles["hovercraft"]) == before - 1
    assert state(win).piles["p0.discard"]
    assert state(win).turn.recruit == 0


@pytest.mark.rule("LE-MOVE-05", "LE-GEN-06")
def test_move_the_rsi_into_the_matrix_and_back_by_the_subway_phone(qtbot, win):
    scenario(win, "world 0 real", "empty row.0 row.1 row.2 row.3 row.4 combat")
    drag(qtbot, win, ("rsi", 0), ("pile", "in_matrix"))
    assert state(win).players[0].in_matrix
    rsi = page_of(win).view.table.rsis[0].sceneBoundingRect()
    assert page_of(win).view.table.areas["in_matrix"].sceneBoundingRect().contains(rsi.center())
    state(win).turn.extra_moves = 0
    state(win).turn.free_move_used = False
    drag(qtbot, win, ("rsi", 0), ("phone", "subway"))
    assert not state(win).players[0].in_matrix
    home = page_of(win).view.table.rsi_home(0)  # beside the Avatar
    assert home.contains(page_of(win).view.table.rsis[0].sceneBoundingRect().center())


@pytest.mark.rule("LE-MOVE-14")
@pytest.mark.parametrize("phone, pool", [("alley", ""), ("combat", "pool attack=3")])
def test_leave_the_matrix_by_the_alley_or_the_combat_zone_pay_phone(qtbot, win, phone, pool):
    lines = ["world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4 combat"]
    if phone == "combat":
        lines += ["put test_one_drill_cop row.0 down", "put test_one_drill_cop row.2 down as c2"]
    if pool:
        lines.append(pool)
    scenario(win, *lines)
    drag(qtbot, win, ("rsi", 0), ("phone", phone))
    assert not state(win).players[0].in_matrix
    assert win.ops.game.commands[-1] == f"move real {phone}"


def test_scan_a_face_down_row_card(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4",
             "put test_one_drill_sentinel row.3 down as s", "pool attack=5")
    cid = state(win).piles["row.3"][0]
    assert cid not in state(win).face_up
    drag(qtbot, win, ("pool", 0), ("pile", "row.3"))
    assert cid in state(win).face_up
    assert page_of(win).view.table.item_for(("card", cid)) is not None


def test_scan_by_dragging_the_card_onto_the_pool(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4",
             "put test_one_drill_sentinel row.1 down", "pool attack=5")
    cid = state(win).piles["row.1"][0]
    drag(qtbot, win, ("pile", "row.1"), ("pool", 0))
    assert cid in state(win).face_up


@pytest.mark.parametrize("target", ["pool", "defeated"])
def test_fight_an_enemy(qtbot, win, target):
    scenario(win, "world 0 matrix", "empty combat", "put test_one_drill_sentinel combat up as s",
             "pool attack=5")
    cid = ref(win, "test_one_drill_sentinel", "combat")
    if target == "pool":
        drag(qtbot, win, ("pool", 0), ("card", cid))
    else:
        drag(qtbot, win, ("card", cid), ("pile", "defeated_enemies"))
    assert cid not in state(win).piles["combat"]
    assert win.ops.game.commands[-1] == f"fight {cid}"


def test_complete_a_challenge(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4 combat",
             "put test_one_drill_training_run row.2 up", "pool attack=3")
    cid = ref(win, "test_one_drill_training_run", "row.2")
    drag(qtbot, win, ("card", cid), ("pool", 0))
    assert cid not in state(win).piles["row.2"]
    assert win.ops.game.commands[-1].startswith(f"complete {cid}")


def test_coordinate_a_card_from_another_players_hand(qtbot, win):
    scenario(win, "world 0 matrix", "hand 1 test_delta_wrench unplug unplug")
    cid = ref(win, "test_delta_wrench", "p1.hand")
    drag(qtbot, win, ("card", cid), ("pile", "p0.play"))
    assert win.ops.game.commands[-1] == f"@1 coordinate {cid}"
    assert cid not in state(win).piles["p1.hand"]


def test_answer_a_decision_by_clicking_a_highlighted_option(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug there_is_no_spoon", "effect 0 discard amount=1")
    dec = state(win).decision
    assert dec is not None
    opt = page_of(win).view.table.item_for(("option", 1))
    assert opt is not None and "option" in opt.marks
    click(qtbot, win, ("option", 1))
    assert state(win).decision is None
    assert win.ops.game.commands[-1] == "choose 1"


def test_legal_targets_light_up_while_dragging(qtbot, win):
    from PySide6.QtCore import QPoint, Qt

    scenario(win, "world 0 matrix", "hand 0 unplug")
    cid = ref(win, "unplug", "p0.hand")
    view = page_of(win).view
    a = view.item_center(("card", cid))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(view.viewport(), pos=a + QPoint(30, -30))
    play = view.table.areas["p0.play"]
    assert "target" in play.marks
    assert "target" not in view.table.areas["p0.discard"].marks
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=a + QPoint(30, -30))
    assert "target" not in play.marks


def test_an_illegal_drop_snaps_back_and_shows_the_engines_reason(qtbot, win):
    scenario(win, "world 0 real", "pool recruit=0")
    h = win.ops.game.state_hash()
    cid = state(win).piles["dock.0"][-1]
    item = page_of(win).view.table.item_for(("card", cid))
    home = item.pos()
    drag(qtbot, win, ("card", cid), ("pile", "p0.discard"))
    assert win.ops.game.state_hash() == h
    why = win.ops.game.check(f"recruit {cid}")
    want = f"{why.rule}: {why.reason}"  # the refusal names its rule
    assert page_of(win).view.last_reason == want
    assert want in win.statusBar().currentMessage()
    assert item.pos() == home


def test_a_drop_on_nothing_snaps_back(qtbot, win):
    scenario(win, "world 0 real")
    h = win.ops.game.state_hash()
    drag(qtbot, win, ("rsi", 0), ("pile", "strikes"))
    assert win.ops.game.state_hash() == h
    assert page_of(win).view.last_reason
    home = page_of(win).view.table.rsi_home(0)  # beside the Avatar
    assert home.contains(page_of(win).view.table.rsis[0].sceneBoundingRect().center())


def test_illegal_phone_shows_the_rule(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4 combat",
             "put test_one_drill_cop row.0 down", "put test_one_drill_cop row.2 down as c2", "pool attack=0")
    h = win.ops.game.state_hash()
    drag(qtbot, win, ("rsi", 0), ("phone", "subway"))
    assert win.ops.game.state_hash() == h
    why = win.ops.game.check("move real subway")
    assert page_of(win).view.last_reason == f"{why.rule}: {why.reason}"
