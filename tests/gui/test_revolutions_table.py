"""The playmat shows Revolutions' Act facts where they belong (issue 12): an upside-down Club Hel
Guard's Attack, the Mechanical Line at its position beneath the Dock and its flight by a drag of
the pool token, Go Up, Over Them.'s Strike limit and a lit fuse. Positions and marks are read from
the scene; every number is the engine's."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.legendary.scenario import Scenario
from matrix_gui.legendary.tablefacts import beneath_moves, strike_limit
from tests.gui.conftest import drag, page_of

pytestmark = pytest.mark.gui

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
GUARD = "revolutions_club_hel_guard.scn"
LINE = "revolutions_mechanical_line.scn"


def start(win, name: str, *lines: str) -> Scenario:
    """The window plays the scenario file ``name`` with ``lines`` added at its end."""
    text = (SCENARIOS / name).read_text(encoding="utf-8") + "\n".join(lines) + "\n"
    sc = Scenario.from_text(text, base_dir=SCENARIOS)
    assert sc.game is not None and not sc.failures
    sc.game.rebase()
    win.ops.start(sc.game)
    page_of(win).view.refit()
    return sc


def item(win, cid: int):
    it = page_of(win).view.table.item_for(("card", cid))
    assert it is not None
    return it


def area_pos(win, name: str) -> tuple[float, float]:
    a = page_of(win).view.table.areas[name].area
    return a.x, a.y


def line_card(win) -> tuple[int, int]:
    return tuple(win.ops.game.state.mods.beneath_dock)


# --- a rotated Club Hel Guard (LE-CARD-08) ------------------------------------------------------------


@pytest.mark.rule("LE-CARD-08")
def test_an_upside_down_guard_is_drawn_turned_with_its_attack_now_on_a_cue(qtbot, win):
    sc = start(win, GUARD)
    db = win.ops.game.db
    turned, upright = item(win, sc.ref("guard")), item(win, sc.ref("upright"))
    assert turned.pile == "row.2" and turned.info["rotated"] is True
    want = db.cards["club_hel_guards"].upside_down_attack
    assert turned.cue_texts() == [f"UPSIDE DOWN\nAttack {want}"]
    assert "rotated" not in upright.info and upright.cue_texts() == []


# --- the Mechanical Line beneath the Dock (LE-CARD-21..23) ------------------------------------------


@pytest.mark.rule("LE-CARD-21", "LE-CARD-22")
def test_the_flying_line_lies_beneath_its_dock_space_not_among_the_real_world_enemies(qtbot, win):
    sc = start(win, LINE)
    cid, pos = line_card(win)
    assert (cid, pos) == (sc.ref("line"), 2) and cid in win.ops.game.state.piles["real_world"]
    table = page_of(win).view.table
    it = item(win, cid)
    assert it.pile == f"beneath.{pos}"
    assert (it.pos().x(), it.pos().y()) == area_pos(win, f"beneath.{pos}")
    dock = table.areas[f"dock.{pos - 1}"].area  # beneath Dock space 2: under its card
    assert dock.x <= it.sceneBoundingRect().center().x() <= dock.x + dock.w
    assert it.pos().y() > dock.y + dock.h
    assert all(c.get("id") != cid for c in table.pile_cards("real_world"))


@pytest.mark.rule("LE-CARD-22")
def test_dragging_the_pool_onto_the_line_flies_it_one_position(qtbot, win):
    start(win, LINE)
    cid, pos = line_card(win)
    g = win.ops.game
    attack = g.state.turn.attack
    drag(qtbot, win, ("pool", 0), ("card", cid))
    assert line_card(win) == (cid, pos + 1)
    cost = attack - g.state.turn.attack
    assert cost > 0 and g.state.turn.recruit == 0  # no Recruit left: paid with Attack
    assert item(win, cid).pile == f"beneath.{pos + 1}"
    assert (item(win, cid).pos().x(), item(win, cid).pos().y()) == area_pos(win, f"beneath.{pos + 1}")


@pytest.mark.rule("LE-CARD-22")
def test_a_refused_flight_snaps_back_and_shows_the_engines_reason(qtbot, win):
    start(win, LINE, "pool recruit=1 attack=1")
    cid, pos = line_card(win)
    h = win.ops.game.state_hash()
    drag(qtbot, win, ("pool", 0), ("card", cid))
    assert win.ops.game.state_hash() == h and line_card(win) == (cid, pos)
    why = win.ops.game.check("fly recruit")
    want = f"{why.rule}: {why.reason}"
    assert why.rule == "LE-CARD-22" and page_of(win).view.last_reason == want
    assert want in win.statusBar().currentMessage()


@pytest.mark.rule("LE-CARD-22")
def test_the_actions_menu_flies_the_line(qtbot, win):
    start(win, LINE, "pool recruit=2 attack=0")
    cid, pos = line_card(win)
    win.actions_menu.aboutToShow.emit()
    fly = [a for a in win.actions_menu.actions() if "fly one position toward Zion" in a.text()]
    want = "Fly the Mechanical Line: fly one position toward Zion, paying Recruit"
    assert [a.text() for a in fly] == [want]
    fly[0].trigger()
    assert line_card(win) == (cid, pos + 1)


@pytest.mark.rule("LE-CARD-23")
def test_reaching_zion_closes_the_lane_and_the_line_lies_in_the_discarded_pile(qtbot, win):
    start(win, LINE, "pool recruit=8 attack=0", "> fly recruit", "> fly recruit", "> fly recruit")
    cid, pos = line_card(win)
    assert pos == 5 and page_of(win).view.table.layout.lane is not None
    drag(qtbot, win, ("pool", 0), ("card", cid))  # from beneath Dock 5 to beneath Zion: completed
    win.anim.finish_all()
    assert win.ops.game.state.mods.beneath_dock is None
    table = page_of(win).view.table
    assert table.layout.lane is None and not [k for k in table.areas if k.startswith("beneath.")]
    assert page_of(win).view.table.item_for(("card", cid)) is None  # the Discarded pile is one stack
    assert table.pile_cards("discarded")[-1]["id"] == cid


def test_the_lines_moves_glide_from_position_to_position(qtbot, win):
    start(win, LINE)
    cid, pos = line_card(win)
    win.settings.skip_animations = False
    win.setProperty("skip_animations", False)
    win.settings.animation_speed = 1.0
    drag(qtbot, win, ("pool", 0), ("card", cid))
    assert win.busy() and [g.key for g in win.anim.ghosts] == [("ghost", cid)]  # in flight
    qtbot.waitUntil(lambda: not win.busy(), timeout=3000)
    assert not win.anim.ghosts and item(win, cid).pile == f"beneath.{pos + 1}"


def test_beneath_dock_events_become_moves_between_the_lanes_positions():
    from engine.core.results import Event

    before = {"modifiers": {}}
    evs = [Event("card_moved", {"card": 7, "src": "row.4", "dst": "real_world"}),
           Event("beneath_dock", {"card": 7, "position": 0}),
           Event("beneath_dock", {"card": 7, "position": 1})]
    got = [(e.kind, e.data["src"], e.data["dst"]) for e in beneath_moves(evs, before)]
    assert got == [("card_moved", "row.4", "real_world"), ("card_moved", "real_world", "beneath.0"),
                   ("card_moved", "beneath.0", "beneath.1")]
    away = [Event("card_moved", {"card": 7, "src": "real_world", "dst": "discarded"}),
            Event("card_moved", {"card": 8, "src": "real_world", "dst": "discarded"})]
    got = [e.data["src"] for e in beneath_moves(away, {"modifiers": {"beneath_dock": [7, 5]}})]
    assert got == ["beneath.5", "real_world"]


# --- Go Up, Over Them. (LE-CARD-24) and a lit fuse (LE-CARD-41) -----------------------------------


@pytest.mark.rule("LE-CARD-24")
def test_the_strike_limit_shows_on_the_strike_discard_and_in_the_forecast(qtbot, win):
    start(win, LINE)
    view = win.ops.game.observe(None)
    limit = strike_limit(view)
    assert "Go Up, Over Them." in limit and "at most 1 Strike card" in limit
    note = page_of(win).view.table.strike_limit
    sd = page_of(win).view.table.areas["strike_discard"].area
    assert note.isVisible() and note.toolTip() == limit and note.lines[1] == "1 card a turn"
    assert sd.x - 10 <= note.sceneBoundingRect().center().x() <= sd.x + sd.w + 10
    assert limit in page_of(win).guide.strip.strikes.text()


def test_no_strike_limit_no_plate(qtbot, win):
    start(win, GUARD)
    assert not page_of(win).view.table.strike_limit.isVisible()
    assert "Strike card on" not in page_of(win).guide.strip.strikes.text()


@pytest.mark.rule("LE-CARD-41")
def test_a_lit_fuse_is_marked_on_its_card_with_the_seat_it_goes_off_for(qtbot, win):
    sc = start(win, LINE)
    (bomb, seat), = win.ops.game.state.mods.fuses
    assert bomb == sc.ref("bomb")
    assert item(win, bomb).cue_texts() == [f"FUSE LIT\ngoes off: P{seat + 1}"]


# --- Everything That Has a Beginning Part 3: the Smiths and the Deletion Program (LE-CARD-16..18) ----

SMITHS = "revolutions_part3_smiths.scn"


def smith_marks(win) -> list[tuple[int, str, bool, bool]]:
    """Each shown Smith plate: the Row space it stands in, its number, deleted, next."""
    table = page_of(win).view.table
    out = []
    for it in table.smiths:
        if not it.isVisible():
            continue
        centre = it.sceneBoundingRect().center()
        space = next(i for i in range(5) if table.areas[f"row.{i}"].sceneBoundingRect().contains(centre))
        out.append((space, it.number, it.deleted, it.next))
    return out


@pytest.mark.rule("LE-CARD-16", "LE-CARD-18")
def test_the_smiths_stand_in_the_row_spaces_with_their_numbers_and_the_fallen_ones_deleted(qtbot, win):
    start(win, SMITHS)
    mods = win.ops.game.state.mods
    numbers, passed = mods.smith_numbers, mods.smiths_passed
    assert passed == 2 and len(numbers) == 5
    assert smith_marks(win) == [(i, n, i < passed, i == passed) for i, n in enumerate(numbers)]
    # the Deletion Program stands just left of the Smith it has reached, pointing at him
    dp = page_of(win).view.table.deletion.sceneBoundingRect()
    space = page_of(win).view.table.areas[f"row.{passed}"].area
    assert page_of(win).view.table.deletion.isVisible() and space.x - 20 <= dp.right() <= space.x + 4
    assert str(numbers[passed]) in page_of(win).view.table.deletion.toolTip()


@pytest.mark.rule("LE-CARD-17", "LE-CARD-18")
def test_a_time_step_from_the_actions_menu_fells_the_next_smith_and_moves_the_deletion_program(qtbot, win):
    start(win, SMITHS)
    g = win.ops.game
    nxt = g.state.mods.smith_numbers[2]
    step = "up" if nxt > g.state.time else "down"
    for _ in range(abs(nxt - g.state.time)):  # one menu action per step, each paid by the engine
        win.actions_menu.aboutToShow.emit()
        to = g.state.time + (1 if step == "up" else -1)
        words = f"Move the Time Track {step} to {to}, paying Recruit first"
        next(a for a in win.actions_menu.actions() if a.text() == words).trigger()
        assert g.state.time == to
    assert g.state.mods.smiths_passed == 3
    assert [m[2] for m in smith_marks(win)] == [True, True, True, False, False]
    space = page_of(win).view.table.areas["row.3"].area
    assert abs(page_of(win).view.table.deletion.sceneBoundingRect().right() - space.x) < 20


def test_no_smiths_no_marks(qtbot, win):
    start(win, LINE)
    assert smith_marks(win) == [] and not page_of(win).view.table.deletion.isVisible()


@pytest.mark.rule("LE-CARD-40")
def test_a_blanked_card_carries_a_cue_that_its_abilities_are_gone(qtbot, win):
    sc = start(win, GUARD, "put club_hel_doorman row.4 up as door",
               "effect 0 hook name=offer_to_deus_ex_machina")
    assert win.ops.game.observe(None)["piles"]["row.4"]["cards"][-1].get("blank") is True
    assert "BLANK\nno abilities" in item(win, sc.ref("door")).cue_texts()
    assert "BLANK\nno abilities" not in item(win, sc.ref("upright")).cue_texts()  # in the Combat Zone
