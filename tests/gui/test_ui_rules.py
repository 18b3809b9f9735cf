"""The `ui` rules of the rules reference, checked on the real window."""
from __future__ import annotations

import pytest

from tests.gui.conftest import page_of, ref, scenario

pytestmark = pytest.mark.gui


def rect(win, key):
    return page_of(win).view.table.item_for(key).sceneBoundingRect()


def band(win, tone):
    return next(b for b in page_of(win).view.table.layout.bands if b.tone == tone)


def inside(r, b) -> bool:
    return b.x <= r.center().x() <= b.x + b.w and b.y <= r.center().y() <= b.y + b.h


def spec(win, def_id: str, side: str = "front"):
    from matrix_gui.cardfaces import face_spec

    store = page_of(win).view.table.faces.store
    return face_spec(win.ops.game.db.cards[def_id], side, store.labels)


def spec_words(s) -> str:
    words = [s.title, s.subtitle, s.footer_left, s.footer_right, *s.chips, *s.classes]
    words += [f"{st}" for st in s.stats]
    words += [str(p) for p in s.paras]
    words += [f"{a} {b}" for a, b in s.stat_boxes]
    if s.corner is not None:
        words.append(str(s.corner))
    return " | ".join(words)


@pytest.mark.rule("LE-GEN-05", "LE-TERM-01")
def test_matrix_on_top_two_rows_real_world_below(qtbot, win):
    scenario(win, "world 0 matrix")
    m, r = band(win, "matrix"), band(win, "real")
    for pile in ("combat", "row.0", "row.4", "operations", "in_matrix", "matrix_deck"):
        assert inside(rect(win, ("pile", pile)), m), pile
    for pile in ("hovercraft", "dock.0", "dock.4", "zion"):
        assert inside(rect(win, ("pile", pile)), r), pile
    assert m.y + m.h <= r.y  # the Matrix is above the Real World row
    assert rect(win, ("pile", "p0.play")).top() > r.y + r.h  # the players' areas below it
    # the bands and slots are drawn by the scene's background (a view brush would hide them)
    img = page_of(win).view.grab().toImage()
    p = page_of(win).view.mapFromScene(m.x + 10, m.y + m.h / 2)
    assert img.pixelColor(p.x(), p.y()).name() != "#050a07"


@pytest.mark.rule("LE-GEN-06")
def test_rsi_stands_on_the_avatar_or_in_the_matrix_space(qtbot, win):
    scenario(win, "world 0 real", "world 1 matrix")
    assert page_of(win).view.table.rsi_home(0).contains(rect(win, ("rsi", 0)).center())
    rsi, av = page_of(win).view.table.rsis[0], page_of(win).view.table.areas["p0.avatar"].area
    assert rsi.mapRectToScene(rsi.body_rect()).left() >= av.x + av.card_w  # the Avatar's text shows
    assert rect(win, ("pile", "in_matrix")).contains(rect(win, ("rsi", 1)).center())
    assert rect(win, ("pile", "p1.avatar")).center() != rect(win, ("rsi", 1)).center()


@pytest.mark.rule("LE-GEN-08")
def test_hands_are_open_in_the_normal_game(qtbot, win):
    scenario(win, "hand 1 unplug there_is_no_spoon")
    items = [it for it in page_of(win).view.table.cards.values() if it.pile == "p1.hand"]
    assert len(items) == 2 and all(it.face_up for it in items)


@pytest.mark.rule("LE-SETUP-05")
def test_avatar_rank_speed_and_health_are_shown(qtbot, win):
    scenario(win, "world 0 matrix")
    av = win.ops.game.state.defs[win.ops.game.state.piles["p0.avatar"][0]]
    words = spec_words(spec(win, av))
    card = win.ops.game.db.cards[av]
    assert str(card.health) in words and str(card.rank) in words and str(card.speed) in words
    assert f"/{card.health} damage" in page_of(win).hud.values["players"]
    assert page_of(win).view.show_zoom(("pile", "p0.avatar"))


@pytest.mark.rule("LE-SETUP-28", "LE-CARD-12", "LE-ACTION-10", "LE-KEYWORD-13")
def test_hero_face_shows_title_group_class_stats_cost_and_deck_label(qtbot, win):
    scenario(win, "world 0 matrix")
    s = spec(win, "test_delta_wrench")
    card = win.ops.game.db.cards["test_delta_wrench"]
    words = spec_words(s)
    assert s.title == card.name
    assert "Delta" in s.subtitle  # the Hero Group under the name
    assert s.classes  # the class icon (and border colour)
    assert str(card.cost) in words
    assert s.footer_left or s.footer_right  # the Deck Label


@pytest.mark.rule("LE-ACTION-06", "LE-FIGHT-07")
def test_plus_marks_on_changeable_numbers(qtbot, win):
    scenario(win, "world 0 matrix")
    db = win.ops.game.db
    hero = next(c for c in db.cards.values() if c.kind == "hero" and (c.attack_plus or c.recruit_plus))
    assert "+" in spec_words(spec(win, hero.id))
    enemy = next((c for c in db.cards.values() if c.kind == "enemy" and c.attack_plus), None)
    if enemy is not None:
        assert "+" in spec_words(spec(win, enemy.id))


@pytest.mark.rule("LE-TURN-03")
def test_the_active_player_is_named_and_has_the_big_area(qtbot, win):
    scenario(win, "active 1")
    name = win.ops.game.observe(None)["players"][1]["name"]
    assert name in page_of(win).hud.values["turn"]
    assert rect(win, ("pile", "p1.hand")).width() > rect(win, ("pile", "p0.hand")).width()


@pytest.mark.rule("LE-MATRIX-07")
def test_combat_zone_newest_card_leftmost(qtbot, win):
    scenario(win, "empty combat", "put test_one_drill_cop combat up as old",
             "put test_one_drill_agent combat up")
    old = ref(win, "test_one_drill_cop", "combat")
    new = ref(win, "test_one_drill_agent", "combat")
    assert rect(win, ("card", new)).left() < rect(win, ("card", old)).left()


@pytest.mark.rule("LE-MATRIX-09")
def test_row_spaces_show_scan_costs_and_the_phones(qtbot, win):
    scenario(win, "world 0 matrix")
    mat = win.ops.game.db.playmat
    for i, sp in enumerate(mat.row):
        assert f"scan {sp.scan_cost}" in page_of(win).view.table.areas[f"row.{i}"].area.label
    phones = {sp.name.lower() for sp in mat.row if sp.phone} | {"combat"}
    assert set(page_of(win).view.table.phones) == phones
    subway = rect(win, ("phone", "subway")).center().x()
    assert subway == pytest.approx(rect(win, ("pile", "row.0")).center().x(), abs=2)


@pytest.mark.rule("LE-MATRIX-11")
def test_face_down_row_cards_cannot_be_looked_at(qtbot, win):
    scenario(win, "empty row.0 row.1 row.2 row.3 row.4", "put test_one_drill_cop row.2 down")
    item = page_of(win).view.table.item_for(("pile", "row.2"))
    assert not item.face_up and "def" not in item.info
    assert not page_of(win).view.show_zoom(("pile", "row.2"))


@pytest.mark.rule("LE-ACTION-07")
def test_played_cards_stay_face_up_in_the_play_area(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug there_is_no_spoon")
    for def_id in ("unplug", "there_is_no_spoon"):
        page_of(win).view.activate(("card", ref(win, def_id, "p0.hand")))
    items = [it for it in page_of(win).view.table.cards.values() if it.pile == "p0.play"]
    assert len(items) == 2 and all(it.face_up for it in items)


@pytest.mark.rule("LE-ACTION-09", "LE-RECRUIT-03", "LE-RECRUIT-07")
def test_dock_holds_five_face_up_heroes_and_five_hovercrafts(qtbot, win):
    scenario(win, "world 0 real")
    for i in range(5):
        items = [it for it in page_of(win).view.table.cards.values() if it.pile == f"dock.{i}"]
        assert len(items) == 1 and items[0].face_up and items[0].info["kind"] == "hero"
    hc = page_of(win).view.table.areas["hovercraft"]
    assert hc.count == 5 and hc.area.back == "hovercraft"
    assert all(win.ops.game.db.cards[win.ops.game.state.defs[c]].kind == "hero"
               for c in win.ops.game.state.piles["hovercraft"])


@pytest.mark.rule("LE-SCAN-09", "LE-CHALLENGE-07", "LE-KEYWORD-30")
def test_matrix_card_faces_name_their_type_descriptors_and_keywords(qtbot, win):
    scenario(win, "world 0 matrix")
    db = win.ops.game.db
    enemy = db.cards["test_one_drill_agent"]  # Buy Time
    words = spec_words(spec(win, enemy.id))
    assert "Enemy" in words and "Buy Time" in words
    ch = next(c for c in db.cards.values() if c.kind == "challenge" and c.descriptors)
    words = spec_words(spec(win, ch.id))
    assert "Challenge" in words and ch.descriptors[0].split("_")[0].lower() in words.lower()


@pytest.mark.rule("LE-KEYWORD-08")
def test_coordinate_shows_on_heroes(qtbot, win):
    scenario(win, "world 0 matrix")
    assert "Coordinate" in spec_words(spec(win, "test_delta_wrench"))


@pytest.mark.rule("LE-CLEANUP-05", "LE-TRAITOR-23")
def test_anyone_may_look_through_any_discard_pile(qtbot, win):
    scenario(win, "world 0 matrix", "put unplug p1.discard up", "put there_is_no_spoon p0.discard up")
    for pile in ("p0.discard", "p1.discard"):
        menu = page_of(win).view.build_menu(("pile", pile))
        look = next(a for a in menu.actions() if a.text().startswith("Look through"))
        look.trigger()
        assert page_of(win).view.browser.names()
        page_of(win).view.browser.close()


@pytest.mark.rule("LE-ACT-02", "LE-ACT-05")
def test_act_card_shows_its_parts_and_the_hud_the_objective(qtbot, win):
    scenario(win, "act 1 1")
    acts = page_of(win).view.table.areas["acts"]
    top = acts.top
    assert top is not None and top["kind"] == "act"
    card = win.ops.game.db.cards[top["def"]]
    assert len(card.parts) >= 1
    assert "Act 1 Part 1" in page_of(win).hud.values["act"]
    assert page_of(win).view.show_zoom(("pile", "acts"))


@pytest.mark.rule("LE-TERM-04")
def test_every_deck_shows_its_count(qtbot, win):
    scenario(win, "world 0 matrix")
    view = win.ops.game.observe(None)
    for pile in ("matrix_deck", "zion", "hovercraft", "strikes", "p0.deck", "p1.deck"):
        assert page_of(win).view.table.areas[pile].count == view["piles"][pile]["count"]
    assert f"Matrix Deck {view['piles']['matrix_deck']['count']}" in page_of(win).hud.values["counts"]
