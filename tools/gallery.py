"""Screenshots of every window at the three window sizes, to look at (issue 23): the start page, New
Game (each ruleset), each ruleset's table mid-game, the hand-off curtain, each end screen (a
campaign game's too), Records, Settings, Matrix Replay's "Take a card", the Load file dialog and the
guided first game.

    python -m tools.gallery OUT_DIR [--sizes 1024x640,1600x1000,2560x1440] [--only start,records,...]

It runs offscreen on a throw-away home; each PNG is named ``<shot>-<W>x<H>.png``. A dialog is grabbed
on its own, at the size it takes over a window of that size.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZES = "1024x640,1600x1000,2560x1440"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.gallery", description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--sizes", default=SIZES)
    ap.add_argument("--only", default="", help="comma-separated shot names (default: all)")
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from matrix_gui.app import window_size

    only = {s for s in args.only.split(",") if s}
    args.out.mkdir(parents=True, exist_ok=True)
    for text in args.sizes.split(","):
        w, h = window_size(text)
        for name, shot in SHOTS.items():
            if only and name not in only:
                continue
            with _window(app, w, h) as win:
                target = shot(win, app)
                if target is None:
                    print(f"{name}: nothing to show", file=sys.stderr)
                    continue
                app.processEvents()
                path = args.out / f"{name}-{w}x{h}.png"
                target.grab().save(str(path))
                print(f"wrote {path}")
    return 0


class _window:
    """A main window of ``w`` x ``h`` on a throw-away home, animations skipped; closed afterwards."""

    def __init__(self, app: Any, w: int, h: int) -> None:
        self.app, self.size = app, (w, h)

    def __enter__(self) -> Any:
        import tempfile

        from matrix_gui.mainwindow import MainWindow
        from matrix_gui.paths import AppPaths

        self.tmp = tempfile.TemporaryDirectory(prefix="gallery-")
        self.win = MainWindow(AppPaths.default(self.tmp.name))
        self.win.settings.skip_animations = True
        self.win.resize(*self.size)
        self.win.show()
        self.app.processEvents()
        return self.win

    def __exit__(self, *exc: object) -> None:
        from PySide6.QtWidgets import QApplication

        for w in QApplication.topLevelWidgets():
            if w is not self.win and w.isVisible():
                w.close()
        self.win.close()
        self.app.processEvents()
        self.tmp.cleanup()


def _modal(app: Any, open_it: Callable[[], Any], prepare: Callable[[Any], None] = lambda d: None) -> Any:
    """Open a modal dialog with ``open_it``, grab it (after ``prepare``) and close it; the pixmap's
    owner: a widget whose ``grab`` returns the dialog's picture."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    got: dict[str, Any] = {}

    def take() -> None:
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            QTimer.singleShot(50, take)
            return
        prepare(dlg)
        app.processEvents()
        got["pm"] = dlg.grab()
        dlg.reject()

    QTimer.singleShot(50, take)
    open_it()
    return _Grabbed(got.get("pm"))


class _Grabbed:
    def __init__(self, pm: Any) -> None:
        self.pm = pm

    def grab(self) -> Any:
        return self.pm


def _bots(win: Any, n: int, seed: int = 3) -> None:
    from matrix_gui.app import _bot_loop

    _bot_loop(win, n, win.current_page().bot_mover(seed), quiet=True)
    page = win.current_page()
    page.face_the_screen()
    page.table_view.refit()


def _legendary(win: Any, app: Any) -> Any:
    win.start_new("the_matrix", 2, None, 3)
    _bots(win, 30)
    return win


def _legendary4(win: Any, app: Any) -> Any:
    win.start_new("the_matrix", 4, None, 3)
    _bots(win, 30)
    return win


def _replay(win: Any, app: Any) -> Any:
    win.start_replay(3, False)
    _bots(win, 30)
    return win


def _expedition(win: Any, app: Any) -> Any:
    win.start_expedition(3, 3)
    _bots(win, 12)
    return win


def _curtain(win: Any, app: Any) -> Any:
    from matrix_gui.newgame import NewGameChoice

    win.start_game(NewGameChoice("legendary", "the_matrix", 4, [], 11, traitor="ignorance_is_bliss"))
    page = win.current_page()
    page.curtain.cover(1, page.curtain.reason or "your turn begins")
    return win


def _end(ruleset: str, players: int) -> Callable[[Any, Any], Any]:
    def shot(win: Any, app: Any) -> Any:
        from importlib import import_module

        from matrix_gui.newgame import NewGameChoice

        page = win.table_page(ruleset)
        game = page.new_game_from(NewGameChoice(ruleset, "", players, [], 5, False))
        bot = import_module(f"engine.{ruleset}.bots").HeuristicBot
        bots: dict[int, Any] = {}
        while not game.over:
            seat = game.acting
            game.apply(bots.setdefault(seat, bot(5 + seat)).choose(game, seat))
        win.ops.start(game)
        return _over(win, page.end)
    return shot


def _over(win: Any, end: Any) -> Any:
    """The window with its end screen drawn over it where the screen stands."""
    from PySide6.QtGui import QPainter

    pm = win.grab()
    p = QPainter(pm)
    p.drawPixmap(end.mapTo(win, end.rect().topLeft()) if end.parent() is win else
                 win.mapFromGlobal(end.pos()), end.grab())
    p.end()
    return _Grabbed(pm)


def _legendary_end(win: Any, app: Any) -> Any:
    win.start_new("the_matrix", 2, None, 4)
    win.give_up(ask=False)
    return _over(win, win.current_page().guide.end)


def _campaign_end(win: Any, app: Any) -> Any:
    from engine.legendary.campaign.play import Carried, new_campaign
    from matrix_gui.legendary.campaigns import Ended, carry_over_lines

    win.start_new("the_matrix", 2, None, 4)
    win.give_up(ask=False)
    game = win.ops.game
    names = [p["name"] for p in game.observe(None)["players"]]
    end = win.current_page().guide.end
    end.set_campaign(carry_over_lines(Ended(new_campaign(game.db, ["neo", "morpheus"]),
                                            Carried(True, False, [2, 1], [1], 7, True), names, 1, 3)),
                     "Play game 2")
    return _over(win, end)


def _records(win: Any, app: Any) -> Any:
    from matrix_gui.legendary.campaigns import RECORDS_FILE
    from matrix_gui.records import GameRecord, note_game

    for result in ("major", "loss:time", "minor", "major"):
        note_game(win.paths.data / RECORDS_FILE, GameRecord("The Matrix", 2, result, hints=1))
    note_game(win.paths.data / RECORDS_FILE, GameRecord("Reloaded", 4, "loss:strikes"))
    win.table_page("legendary").campaign_desk().create(["neo", "morpheus"], name="Trilogy night")
    win.records_dialog()
    app.processEvents()
    return win.records_view


def _new_game(ruleset: int) -> Callable[[Any, Any], Any]:
    def shot(win: Any, app: Any) -> Any:
        return _modal(app, win.new_game_dialog, lambda d: d.ruleset.setCurrentIndex(ruleset))
    return shot


def _settings(win: Any, app: Any) -> Any:
    return _modal(app, win.settings_dialog)


def _load(win: Any, app: Any) -> Any:
    return _modal(app, win.load_dialog)


def _take(win: Any, app: Any) -> Any:
    from engine.replay.bots import HeuristicBot

    win.start_replay(3, False)
    page = win.current_page()
    bots = (HeuristicBot(3), HeuristicBot(4))
    for _ in range(400):
        if any(c.verb == "take" for c in page.legal()):
            page.open_take()
            app.processEvents()
            return page.take_dialog
        game = win.ops.game
        win.ops.submit(bots[game.acting].choose(game, game.acting))
    return None


def _lesson(win: Any, app: Any) -> Any:
    """The guided first game at its first step."""
    win.table_page("legendary").learn_to_play(resume=False)
    app.processEvents()
    return win


SHOTS: dict[str, Callable[[Any, Any], Any]] = {
    "start": lambda win, app: win,
    "newgame-legendary": _new_game(0), "newgame-replay": _new_game(1), "newgame-expedition": _new_game(2),
    "legendary": _legendary, "legendary4": _legendary4, "replay": _replay, "expedition": _expedition,
    "curtain": _curtain, "end-legendary": _legendary_end, "end-campaign": _campaign_end,
    "end-replay": _end("replay", 2), "end-expedition": _end("expedition", 4),
    "records": _records, "settings": _settings, "load": _load, "take": _take, "lesson": _lesson,
}

if __name__ == "__main__":
    sys.exit(main())
