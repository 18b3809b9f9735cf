"""Every text fits its box at 1024x640, 1600x1000 and 2560x1440 (issue 23): the hand-off curtain, the
end screens, card titles, pile badges, the HUDs and the dialogs, measured with Qt's font metrics
(tests/gui/textfit.py)."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from matrix_gui.newgame import NewGameChoice
from tests.gui.textfit import SIZES, painted, resize, widgets

pytestmark = pytest.mark.gui

REASON = ("the Machines played an Event in the Detection contest and the Humans may answer it with one "
          "of their own or pass")


def curtain_problems(win, curtain, names: list[str]) -> list[str]:
    out = []
    for size in SIZES:
        resize(win, size)
        for name in names:
            curtain.names = lambda seat, n=name: n
            curtain.cover(1, REASON)
            assert curtain.geometry() == curtain.parentWidget().rect()
            for tb in curtain.text_boxes():
                out += [f"{size}: {p}" for p in painted("curtain", tb.text, tb.rect, tb.font, tb.flags)]
                if not curtain.rect().contains(tb.rect.toRect()):
                    out.append(f"{size}: {tb.text!r} lies outside the curtain")
    return out


def test_the_hand_off_curtain_fits_every_avatar_name(qtbot, win):
    assert win.start_game(NewGameChoice("legendary", "the_matrix", 4, [], 11, traitor="ignorance_is_bliss"))
    db = win.ops.game.db
    avatars = [c for c in db.cards.values() if c.kind == "avatar"]
    names = sorted({c.name for c in avatars} | {c.back_name for c in avatars if c.back_name}, key=len)
    assert "Thomas Anderson" in names
    page = win.current_page()
    assert not curtain_problems(win, page.curtain, [names[0], "Thomas Anderson", names[-1]])


def test_the_replay_curtain_fits(qtbot, win):
    assert win.start_replay(3, True)
    page = win.current_page()
    assert not curtain_problems(win, page.curtain, ["Humans", "Machines"])


# --- the end screens -------------------------------------------------------------------------------


def played_out(win, ruleset: str, players: int, seed: int):
    """A game of ``ruleset`` played to its end by heuristic bots (headless), then shown: its page."""
    from importlib import import_module

    page = win.table_page(ruleset)
    game = page.new_game_from(NewGameChoice(ruleset, "", players, [], seed, False))
    assert not isinstance(game, str), game
    bot_class = import_module(f"engine.{ruleset}.bots").HeuristicBot
    bots: dict[int, object] = {}
    for _ in range(5000):
        if game.over:
            break
        seat = game.acting
        game.apply(bots.setdefault(seat, bot_class(seed + seat)).choose(game, seat))
    assert game.over
    win.ops.start(game)
    return page


def end_problems(qtbot, win, end) -> list[str]:
    """Every text of the end screen, shown over the window at each size, and the screen itself on
    the window."""
    out = []
    for size in SIZES:
        resize(win, size)
        end.show_outcome(end.outcome, end.facts)
        qtbot.waitUntil(end.isVisible)
        resize(win, size)
        out += [f"{size}: {p}" for p in widgets(end)]
        if end.width() > win.width() or end.height() > win.height():
            out.append(f"{size}: the end screen ({end.width()}x{end.height()}) is larger than the window")
    return out


def test_the_legendary_end_screen_fits_and_a_campaign_games_too(qtbot, win):
    from engine.legendary.campaign.play import Carried, new_campaign
    from matrix_gui.legendary.campaigns import Ended, carry_over_lines

    assert win.start_new("the_matrix", 2, None, 4)
    assert win.give_up(ask=False)
    end = win.current_page().guide.end
    assert end.isVisible() and end.headline.text()
    assert not end_problems(qtbot, win, end)
    game = win.ops.game
    names = [p["name"] for p in game.observe(None)["players"]]
    campaign = new_campaign(game.db, ["neo", "morpheus"])
    for carried, step in ((Carried(False, False, [0, 0], [], None, False), "Retry game 1"),
                          (Carried(True, False, [2, 1], [1], 7, True), "Play game 2")):
        end.set_campaign(carry_over_lines(Ended(campaign, carried, names, 1, 3)), step)
        assert end.carried.isVisible() and end.btn_next.text() == step
        assert not end_problems(qtbot, win, end)


@pytest.mark.parametrize(("ruleset", "players"), [("replay", 2), ("expedition", 4)])
def test_the_replay_and_expedition_end_screens_fit(qtbot, win, ruleset, players):
    page = played_out(win, ruleset, players, 5)
    end = page.end
    assert end.isVisible() and end.headline.text() == win.ops.game.observe(None)["outcome"]["headline"]
    assert not end_problems(qtbot, win, end)


# --- card names ------------------------------------------------------------------------------------

FACE_HEIGHTS = range(32, 256, 8)  # every face height a table asks for (faces.py buckets them by 8 px)


def whole_pieces(name: str, shown: list[str]) -> list[str]:
    """The pieces of ``shown`` that are not whole pieces of ``name`` (a word broken inside): a piece
    cut with "…" is the last resort, not a break."""
    from matrix_gui.cardfaces.text import name_pieces

    whole = {p for p, _ in name_pieces(name)} | set(name.split())
    return [p for p in shown if p not in whole and not p.endswith("\u2026")]


def test_legendary_card_names_break_only_between_words_at_every_table_size():
    """Every card of the database (and an Avatar's other side): a name shrinks before a word would
    break, lines break only between words, an ellipsis only where a face is small; the zoom (a
    full face) shows every name whole."""
    from engine.legendary.carddb import load_db
    from matrix_gui.cardfaces.compact import COMPACT_BELOW, compact_geometry, compact_title
    from matrix_gui.cardfaces.paint import card_size, layout_full_title
    from matrix_gui.cardfaces.spec import Labels, face_spec

    db = load_db()
    labels = Labels.from_db(db)
    broken, cut = [], {}
    for card in db.cards.values():
        for side in ("front", "back") if card.kind == "avatar" and card.back_name else ("front",):
            spec = face_spec(card, side, labels)
            for h in (h for h in FACE_HEIGHTS if h < COMPACT_BELOW):
                w = card_size(h)[0]
                title = compact_title(spec, compact_geometry(spec, w, h), w)
                shown = [p.text for p in title.pieces]
                broken += [(spec.title, h, p) for p in whole_pieces(spec.title, shown)]
                if title.truncated:
                    cut.setdefault(h, []).append(spec.title)
            full = layout_full_title(spec, 620)
            assert not full.truncated and " ".join(p.text for p in full.pieces).replace("/ ", "/") \
                .replace("- ", "-") == spec.title
    assert not broken
    # from 104 px (the active player's cards at 1600x1000) only the 51-letter Challenge is cut
    assert all(len(names) <= 1 for h, names in cut.items() if h >= 104), cut


def test_replay_card_names_type_lines_and_backs_fit_at_every_size(qapp):
    from engine.replay.carddb import load_db
    from matrix_gui.replay.faces import back_boxes, title_boxes

    db = load_db()
    problems, cut = [], []
    for card in db.cards.values():
        for h in (*FACE_HEIGHTS, 168, 620):
            name, kind = title_boxes(card, h)
            problems += [f"{h} px: {p}" for tb in (name, kind)
                         for p in painted(card.name, tb.text, tb.rect, tb.font, tb.flags)]
            problems += [f"{h} px: {card.name!r} broken: {p}"
                         for p in whole_pieces(card.name, name.text.split())]
            if name.text != card.name or h >= 96 and kind.text.endswith("\u2026"):
                cut.append((h, card.name, name.text, kind.text))
    for back in ("humans", "machines"):
        for h in FACE_HEIGHTS:
            problems += [f"back {h} px: {p}" for tb in back_boxes(back, h)
                         for p in painted(back, tb.text, tb.rect, tb.font, tb.flags)
                         + ([] if "\u2026" not in tb.text or h < 40 else [f"{tb.text!r} is cut"])]
    assert not problems
    assert all(h < 96 for h, *_ in cut), cut


def test_expedition_chit_names_fit_at_every_size(qapp):
    from engine.expedition.chitdb import load_db
    from matrix_gui.expedition.faces import name_box

    db = load_db()
    problems = []
    for chit in db.cards.values():
        for h in FACE_HEIGHTS:
            tb = name_box(chit, h)
            problems += [f"{h} px: {p}" for p in painted(chit.name, tb.text, tb.rect, tb.font, tb.flags)]
            if tb.text != chit.name:
                problems.append(f"{h} px: {chit.name!r} is cut to {tb.text!r}")
    assert not problems


# --- pile counts -----------------------------------------------------------------------------------


def mid_game(win, ruleset: str, players: int = 2, moves: int = 12):
    """A game of ``ruleset`` a few bot moves in (still running), its table facing the seat to act:
    its page."""
    from matrix_gui.app import _bot_loop

    started = {"legendary": lambda: win.start_new("the_matrix", players, None, 3),
               "replay": lambda: win.start_replay(3, False),
               "expedition": lambda: win.start_expedition(players, 3)}[ruleset]()
    assert started
    page = win.current_page()
    _bot_loop(win, moves, page.bot_mover(3), quiet=True)
    assert not win.ops.game.over
    page.face_the_screen()
    return page


def label_rect(area):
    """Where a slot's label is drawn (items.paint_slot): its text's own width."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetricsF

    from matrix_gui.items import font

    return QRectF(area.x, area.y - 22, QFontMetricsF(font(12.5 if area.scale >= 1 else 11)).horizontalAdvance(
        area.label), 20)


def badge_problems(scene) -> list[str]:
    """A pile's count lies clear of its top card (its name) and of every other item and label, and
    its number fits its plate."""
    from matrix_gui.items import font

    out = []
    for it in scene.areas.values():
        a = it.area
        if a.style != "stack" or not it.count or a.key.endswith(".avatar") or a.scale < 0.5:
            continue
        badge = it.mapRectToScene(it.badge_rect())
        if badge.intersects(it.mapRectToScene(it.body_rect())):
            out.append(f"the count of {a.key} lies over its top card")
        for other in scene.keyed_items():
            if other is not it and other.isVisible() and other.key[0] != "option" and \
                    badge.intersects(other.mapRectToScene(other.body_rect())):
                out.append(f"the count of {a.key} lies over {other.key}")
        for b in scene.areas.values():
            if b.area.label and badge.intersects(label_rect(b.area)):
                out.append(f"the count of {a.key} lies over the label {b.area.label!r}")
        r = it.badge_rect()
        out += painted(f"count of {a.key}", str(it.count), r, font(r.height() * 0.62, True))
    return out


@pytest.mark.parametrize("ruleset", ["legendary", "replay"])
def test_pile_counts_lie_clear_of_the_top_cards_name(qtbot, win, ruleset):
    page = mid_game(win, ruleset, 4 if ruleset == "legendary" else 2)
    problems = []
    for size in SIZES:
        resize(win, size)
        problems += [f"{size}: {p}" for p in badge_problems(page.table_view.table)]
    assert not problems


# --- dialogs -----------------------------------------------------------------------------------------


def grid_problems(lst) -> list[str]:
    """An icon list of cards: every name in its cell in at most two lines, every row lined up."""
    from PySide6.QtCore import QRectF, Qt

    grid = lst.gridSize()
    fm_line = lst.fontMetrics().lineSpacing()
    out, rows = [], {}
    for i in range(lst.count()):
        it = lst.item(i)
        r = lst.visualItemRect(it)
        rows.setdefault(r.y(), []).append(r)
        box = QRectF(0, 0, grid.width() - 4, 2 * fm_line + 2)
        out += painted(f"card {it.text()!r}", it.text(), box, lst.font(),
                       int(Qt.TextFlag.TextWordWrap.value | Qt.AlignmentFlag.AlignHCenter.value))
        off = (r.center().x() - grid.width() / 2) % grid.width()
        if min(off, grid.width() - off) > 1.5:
            out.append(f"card {it.text()!r} is off its column ({r.x()}, cells {grid.width()} px)")
    cols = max(len(v) for v in rows.values()) if rows else 1
    if len(rows) != -(-lst.count() // cols):
        out.append(f"{lst.count()} cards in {len(rows)} rows of up to {cols}: a row is out of line")
    return out


def test_the_take_a_card_dialog_lines_its_cards_up_and_fits_their_names(qtbot, win):
    from engine.replay.bots import HeuristicBot

    assert win.start_replay(3, False)
    page = win.current_page()
    bots = (HeuristicBot(3), HeuristicBot(4))
    while not any(c.verb == "take" for c in page.legal()):
        game = win.ops.game
        assert win.ops.submit(bots[game.acting].choose(game, game.acting)).accepted
    problems = []
    for size in SIZES:
        resize(win, size)
        page.open_take()
        dlg = page.take_dialog
        qtbot.waitUntil(dlg.isVisible)
        assert dlg.list.count() > 12
        problems += [f"{size}: {p}" for p in grid_problems(dlg.list) + widgets(dlg)]
        dlg.reject()
    assert not problems


# --- the HUDs ----------------------------------------------------------------------------------------


def text_rows(strip) -> int:
    """How many lines of text the strip shows, one above another: at any x, the lines of the labels
    stacked there."""
    from tests.gui.textfit import lines, shown

    labels = [w for w in shown(strip) if isinstance(w, QLabel) and w.text()]
    spans = [(w.mapTo(strip, w.rect().topLeft()).x(), w.width(), lines(w)) for w in labels]
    return max((sum(n for x, width, n in spans if x <= cx < x + width)
                for cx in (x + width / 2 for x, width, _ in spans)), default=0)


@pytest.mark.parametrize(("ruleset", "players", "over"), [
    ("legendary", 5, False), ("legendary", 2, False), ("replay", 2, False), ("expedition", 4, False),
    ("legendary", 2, True), ("replay", 2, True), ("expedition", 4, True)])
def test_the_hud_keeps_to_two_lines_and_every_text_fits(qtbot, win, ruleset, players, over):
    """Mid-game and once the game is over (the result in the HUD too)."""
    if not over:
        page = mid_game(win, ruleset, players)
    elif ruleset == "legendary":
        assert win.start_new("the_matrix", players, None, 4) and win.give_up(ask=False)
        page = win.current_page()
    else:
        page = played_out(win, ruleset, players, 5)
    strips = [page.hud, *([page.guide.strip] if ruleset == "legendary" else [])]
    problems = []
    for size in SIZES:
        resize(win, size)
        problems += [f"{size}: {p}" for strip in strips for p in widgets(strip)]
        rows = text_rows(page.hud)
        if rows > 2:
            problems.append(f"{size}: the HUD shows {rows} lines of text")
    assert not problems


def some_records(win) -> None:
    """Finished games of two films and a campaign, for the Records."""
    from matrix_gui.legendary.campaigns import RECORDS_FILE
    from matrix_gui.records import GameRecord, note_game

    for result in ("major", "loss:time", "minor", "major"):
        note_game(win.paths.data / RECORDS_FILE, GameRecord("The Matrix", 2, result, hints=1))
    note_game(win.paths.data / RECORDS_FILE, GameRecord("Reloaded", 4, "loss:strikes"))
    win.campaigns.create(["neo", "morpheus"], name="Trilogy night")


def test_the_records_fit_without_blank_room(qtbot, win):
    some_records(win)
    problems = []
    for size in SIZES:
        resize(win, size)
        win.records_dialog()
        dlg = win.records_view
        qtbot.waitUntil(dlg.isVisible)
        problems += [f"{size}: {p}" for p in widgets(dlg)]
        doc_h = dlg.browser.document().size().height()
        blank = dlg.browser.viewport().height() - doc_h + dlg.height() - dlg.layout().sizeHint().height()
        if blank > 0.15 * dlg.height():
            problems.append(f"{size}: {blank:.0f} of the Records' {dlg.height()} px are blank")
        if dlg.height() > win.height():
            problems.append(f"{size}: the Records ({dlg.height()} px) are taller than the window")
        dlg.close()
    assert not problems


def in_modal(qtbot, open_it, look) -> None:
    """Open a modal dialog with ``open_it``; ``look(dialog)`` runs while it is up, then it closes."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen = []

    def at_dialog() -> None:
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            QTimer.singleShot(20, at_dialog)
            return
        try:
            look(dlg)
        finally:
            seen.append(dlg)
            if dlg.isVisible():
                dlg.reject()

    QTimer.singleShot(0, at_dialog)
    open_it()
    assert seen, "no dialog came up"


@pytest.mark.parametrize("ruleset", [0, 1, 2])
def test_the_new_game_dialog_fits(qtbot, win, ruleset):
    problems = []
    for size in SIZES:
        resize(win, size)

        def look(dlg, size=size):
            dlg.ruleset.setCurrentIndex(ruleset)
            dlg.players.setValue(4)
            dlg.adjustSize()
            QApplication.processEvents()
            problems.extend(f"{size}: {p}" for p in widgets(dlg))
            if dlg.height() > win.height() + 60:  # (its own window: a little over the main one is fine)
                problems.append(f"{size}: New Game is {dlg.height()} px tall")

        in_modal(qtbot, win.new_game_dialog, look)
    assert not problems


def test_the_settings_dialog_fits(qtbot, win):
    problems = []
    for size in SIZES:
        resize(win, size)
        in_modal(qtbot, win.settings_dialog,
                 lambda dlg, size=size: problems.extend(f"{size}: {p}" for p in widgets(dlg)))
    assert not problems


@pytest.mark.parametrize(("ruleset", "players"), [("legendary", 4), ("replay", 2)])
def test_place_labels_are_readable_at_every_size(qtbot, win, ruleset, players):
    """A place's label is never under MIN_LABEL_PX on the screen (1024x640 draws the table at about
    half size); one too long for its place at that size ends in "…", the place's tooltip whole."""
    from matrix_gui.fittext import MIN_LABEL_PX
    from matrix_gui.items import slot_label

    page = mid_game(win, ruleset, players)
    problems = []
    for size in SIZES:
        resize(win, size)
        view = page.table_view
        scale = view.transform().m11()
        for it in view.table.areas.values():
            a = it.area
            if not a.label or a.style in ("token", "track"):
                continue
            tb = slot_label(a, scale)
            if tb.font.pixelSize() * scale < MIN_LABEL_PX - 0.5:
                problems.append(f"{size}: {a.label!r} is {tb.font.pixelSize() * scale:.1f} px on the screen")
            if tb.text != a.label and a.label not in it.toolTip():
                problems.append(f"{size}: {a.label!r} is cut to {tb.text!r}, its tooltip {it.toolTip()!r}")
            problems += [f"{size}: {p}" for p in painted("label", tb.text, tb.rect, tb.font, tb.flags)]
    assert not problems


def on_screen_height(view, it) -> float:
    return view.mapFromScene(it.mapRectToScene(it.body_rect())).boundingRect().height()


@pytest.mark.parametrize(("ruleset", "players"), [("legendary", 5), ("expedition", 4)])
def test_the_other_players_areas_are_enlarged_on_demand_at_1024x640(qtbot, win, ruleset, players):
    """At 1024x640 another player's cards are a few pixels high: V (or a click on the felt of their
    area) shows that area over the whole table, V the next one, Esc (or a click) the whole table."""
    from PySide6.QtCore import Qt

    page = mid_game(win, ruleset, players)
    resize(win, (1024, 640))
    view = page.table_view
    rects = view.peek_rects()
    assert len(rects) == players - 1
    theirs = [it for it in view.table.keyed_items() if it.isVisible() and rects[0].contains(it.scenePos())
              and it.key[0] in ("card", "pile")]
    assert theirs
    small = max(on_screen_height(view, it) for it in theirs)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_V)
    assert view.peeking == rects[0]
    assert max(on_screen_height(view, it) for it in theirs) >= 2 * small
    qtbot.keyClick(view, Qt.Key.Key_V)
    assert view.peeking == rects[1]
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.peeking is None and max(on_screen_height(view, it) for it in theirs) == pytest.approx(small)
    felt = view.mapFromScene(rects[-1].topLeft() + (rects[-1].bottomRight() - rects[-1].topLeft()) * 0.02)
    assert view.keyed_at(felt) is None
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=felt)
    assert view.peeking == rects[-1]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(rects[-1].topLeft()))
    assert view.peeking is None


def test_a_decisions_prompt_and_options_fit_their_plates(qapp):
    """The decision banner (every table's): a long prompt and long options shrink, then take two
    lines, before anything is cut."""
    from matrix_gui.items import DecisionItem

    banner = DecisionItem()
    prompts = ["Thomas Anderson: choose", "Morpheus (Reloaded/Revolutions): choose which Hero Group's "
               "Hero to gain from the Hero Deck, or pass and keep the Recruit for later"]
    options = ["Pass", "Gain What Good is a Phone Call If You're Unable to Speak (cost 5)",
               "Put Agent Smith, Interrogator on the bottom of the Matrix Deck", "Take 2 damage"]
    problems = []
    for prompt in prompts:
        for opts in (options, options[:1], options[:2]):
            for o in banner.set_decision(prompt, opts, 600, 90):
                tb = o.text_box()
                problems += painted(f"option {o.text!r}", tb.text, tb.rect, tb.font, tb.flags)
                if not tb.text.endswith(o.text):
                    problems.append(f"option {o.text!r} is cut to {tb.text!r}")
            tb = banner.prompt_box()
            problems += painted("prompt", tb.text, tb.rect, tb.font, tb.flags)
            if tb.text != prompt:
                problems.append(f"the prompt is cut to {tb.text!r}")
    assert not problems


def test_the_act_banner_fits_every_part_of_every_act(qapp):
    """The banner a new Act or Part shows: its title and its Objective, for every Part of the cards."""
    from engine.legendary.carddb import load_db
    from matrix_gui.banner import ActBanner

    banner = ActBanner()
    problems, seen = [], 0
    for card in load_db().cards.values():
        for part in getattr(card, "parts", None) or ():
            title = f"Act {card.act} Part {part.part}" + (f": {part.title}" if part.title else "")
            detail = part.objective.text if part.objective else ""
            banner.announce(title, detail, animate=False)
            seen += 1
            for tb in banner.text_boxes():
                problems += painted(title, tb.text, tb.rect, tb.font, tb.flags)
                if tb.text not in (title, detail):
                    problems.append(f"{tb.text!r} is cut")
                if not banner.boundingRect().contains(tb.rect):
                    problems.append(f"{tb.text!r} runs out of the banner")
    assert seen > 10 and not problems
