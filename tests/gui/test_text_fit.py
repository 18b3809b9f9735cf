"""Every text fits its box at 1024x640, 1600x1000 and 2560x1440 (issue 23): the hand-off curtain, the
end screens, card titles, pile badges, the HUDs and the dialogs, measured with Qt's font metrics
(tests/gui/textfit.py)."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

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


def test_replay_card_names_and_type_lines_fit_at_every_size(qapp):
    from engine.replay.carddb import load_db
    from matrix_gui.replay.faces import title_boxes

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


def mid_game(win, ruleset: str, players: int = 2, moves: int = 30):
    """A game of ``ruleset`` a few bot moves in, its table facing the seat to act: its page."""
    from matrix_gui.app import _bot_loop

    started = {"legendary": lambda: win.start_new("the_matrix", players, None, 3),
               "replay": lambda: win.start_replay(3, False),
               "expedition": lambda: win.start_expedition(players, 3)}[ruleset]()
    assert started
    page = win.current_page()
    _bot_loop(win, moves, page.bot_mover(3), quiet=True)
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


@pytest.mark.parametrize(("ruleset", "players"), [("legendary", 5), ("legendary", 2), ("replay", 2),
                                                  ("expedition", 4)])
def test_the_hud_keeps_to_two_lines_and_every_text_fits(qtbot, win, ruleset, players):
    page = mid_game(win, ruleset, players)
    strips = [page.hud, *([page.guide.strip] if ruleset == "legendary" else [])]
    problems = []
    for size in SIZES:
        resize(win, size)
        problems += [f"{size}: {p}" for strip in strips for p in widgets(strip)]
        rows = text_rows(page.hud)
        if rows > 2:
            problems.append(f"{size}: the HUD shows {rows} lines of text")
    assert not problems
