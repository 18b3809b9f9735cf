"""Entry point of the `matrix-tabletop` command (also ``python -m matrix_gui.app``).

    matrix-tabletop                     the app: start page with New Game, Continue, Load
    matrix-tabletop --screenshot OUT.png [--seed N] [--scenario FILE] [--players N] [--size WxH] [--hint]
    matrix-tabletop --screenshot OUT.png --ruleset replay [--seed N] [--bot N]   (a Matrix Replay table)
    matrix-tabletop --screenshot OUT.png --ruleset expedition [--players 1-4] [--seed N] [--bot N]
    matrix-tabletop --smoke             check the home can be written, draw a new game and non-ASCII
                                        text offscreen, sort text with ICU, exit 0

--screenshot and --smoke run on a throw-away home: they never write the autosave or the settings.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.cliargs import OneLineParser, whole_number

if TYPE_CHECKING:
    from matrix_gui.paths import AppPaths


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: ``WxH`` in pixels, each 200 to 10000."""
    w, sep, h = text.lower().partition("x")
    try:
        size = (whole_number(w), whole_number(h)) if sep else None
    except argparse.ArgumentTypeError:
        size = None
    if size is None or not all(200 <= n <= 10000 for n in size):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size such as 1600x1000 "
                                         "(200 to 10000 each)")
    return size


def zoom_target(text: str) -> tuple[str, int | str]:
    """An argparse type: ``card:N`` (a card number) or a pile name such as ``row.0``."""
    kind, sep, val = text.partition(":")
    if sep:
        if kind != "card":
            raise argparse.ArgumentTypeError(f"{text!r}: write card:N or a pile name such as row.0")
        return ("card", whole_number(val))
    if not text or not all(ch.isascii() and (ch.isalnum() or ch in "._") for ch in text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a pile name such as row.0")
    return ("pile", text)


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = OneLineParser(prog="matrix-tabletop", description="Legendary Encounters: The Matrix, "
                       "on a drag-and-drop playmat.")
    ap.add_argument("--screenshot", metavar="OUT.png", help="render the real window to a PNG and exit")
    ap.add_argument("--scenario", metavar="FILE", help="set the table up from a scenario file first")
    ap.add_argument("--ruleset", choices=("legendary", "replay", "expedition"), default="legendary",
                    help="game of --screenshot/--smoke/--bot: legendary (default), replay (Matrix Replay) "
                         "or expedition (the Matrix Phase, --players 1-4)")
    ap.add_argument("--seed", type=whole_number, default=None, help="seed of the new game")
    ap.add_argument("--players", type=whole_number, default=2,
                    help="players of the new game (screenshot/smoke)")
    ap.add_argument("--film", default=None, help="film id of the new game (default: the first available)")
    ap.add_argument("--size", type=window_size, default=(1600, 1000),
                    help="window size for --screenshot (WxH)")
    ap.add_argument("--smoke", action="store_true", help="start offscreen, draw a new game, exit")
    ap.add_argument("--dev", metavar="CARDS", type=Path, default=None,
                    help="also offer the test film from this folder of developer cards")
    ap.add_argument("--home", metavar="DIR", help="keep saves, settings and caches under DIR")
    ap.add_argument("--bot", type=whole_number, default=0, metavar="N",
                    help="(testing) let a bot play N commands through the GUI, printing the state hash")
    ap.add_argument("--continue", dest="cont", action="store_true", help="continue the autosaved game")
    ap.add_argument("--campaign", action="store_true",
                    help="(screenshot) show the Campaign page with the campaigns under --home, not a game")
    ap.add_argument("--zoom", metavar="CARD", type=zoom_target,
                    help="(screenshot) also show this item zoomed: card:N or a pile such as row.0")
    ap.add_argument("--hint", action="store_true",
                    help="(screenshot) ask for a hint first and show it marked on the table")
    ap.add_argument("--first-frame", action="store_true",
                    help="(benchmark) print FIRST_FRAME when the window first paints, then exit")
    return ap.parse_args(argv)


def _first_film(win, wanted: str | None) -> str | None:
    films = [f.id for f in win.page_serving("films").film_choices()]
    if wanted:
        return wanted if wanted in films else None
    return films[0] if films else None


def main(argv: list[str] | None = None) -> int:
    """Run the app (or --smoke/--screenshot); bad input is one line on stderr and exit status 2."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args)
    except _expected_errors() as e:  # evaluated only on an error: no start-up cost
        from engine.core.inputcheck import one_line

        print(f"matrix-tabletop: error: {one_line(e)}", file=sys.stderr)
        return 2


def _expected_errors() -> tuple[type[BaseException], ...]:
    """Bad input, not bugs: damaged saves, card files and scenarios, files that cannot be read."""
    from engine.core.cardfiles import CardLoadError
    from engine.core.savefile import SaveError

    return (SaveError, CardLoadError, OSError, ValueError)


def _main(args: argparse.Namespace) -> int:
    if (args.screenshot or args.smoke) and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Matrix Tabletop")
    app.setOrganizationName("matrix-tabletop")
    app.setApplicationVersion(_version())
    app.setDesktopFileName("matrix-tabletop")  # matches packaging/matrix-tabletop.desktop
    _set_icon(app)
    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.paths import AppPaths, scratch_home

    user_paths = AppPaths.default(args.home)
    if args.smoke or args.screenshot:
        # Not a real game: it must never write the user's autosave or settings.
        with scratch_home(user_paths, with_autosave=args.cont, with_campaigns=args.campaign) as paths:
            win = MainWindow(paths, dev=args.dev)
            return _smoke(win, app, args, user_paths) if args.smoke else _screenshot(win, app, args)
    win = MainWindow(user_paths, dev=args.dev)
    if args.first_frame:
        _exit_on_first_frame(win, app)
    win.show()
    if args.cont:
        QTimer.singleShot(0, win.continue_game)
    if args.bot:
        QTimer.singleShot(0, lambda: _bot_play(win, args))
    return app.exec()


def _version() -> str:
    """The app's version (the same as pyproject's, a test checks it). Not read through
    importlib.metadata: importing it costs about a quarter of the time to the first frame."""
    from matrix_gui import __version__

    return __version__


def _set_icon(app) -> None:
    """Our window icon (assets/icons/app.png); a missing icon is not an error (--smoke reports it)."""
    from PySide6.QtGui import QIcon

    from engine.resources import data_root

    icon = data_root() / "assets" / "icons" / "app.png"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))


def _exit_on_first_frame(win, app) -> None:
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstPaint(QObject):
        def eventFilter(self, obj, ev):  # noqa: N802 - Qt API
            if ev.type() == QEvent.Type.Paint and not getattr(self, "seen", False):
                self.seen = True
                QTimer.singleShot(0, lambda: (print("FIRST_FRAME", flush=True), app.quit()))
            return False

    f = FirstPaint(win)
    win.pages.currentWidget().installEventFilter(f)
    win._first_paint = f


def _new_or_scenario(win, args: argparse.Namespace) -> str:
    """Start the game the flags ask for; an error message, or '' on success."""
    try:
        if args.cont:
            return "" if win.continue_game() else win.last_error
        if args.scenario:
            return "" if win.start_scenario(Path(args.scenario)) else win.last_error
        if args.ruleset == "replay":
            return "" if win.start_replay(1 if args.seed is None else args.seed) else win.last_error
        if args.ruleset == "expedition":
            seed = 1 if args.seed is None else args.seed
            return "" if win.start_expedition(args.players, seed) else win.last_error
        film = _first_film(win, args.film)
    except Exception as e:  # noqa: BLE001 - cards that fail to load: say so and exit non-zero
        return f"cannot load the cards: {e}"
    if film is None:
        return ("no playable film: the cards of The Matrix are missing from cards/legendary "
                "(pass --dev CARDS to use a test film)") if not args.film \
            else f"film {args.film!r} is not available"
    seed = 1 if args.seed is None else args.seed
    return "" if win.start_new(film, args.players, None, seed) else win.last_error


def _start_offscreen(win, app, args: argparse.Namespace, w: int, h: int) -> str:
    """Show the window at ``w`` x ``h`` with animations skipped and start the game the flags ask
    for; an error message, or '' on success."""
    win.settings.skip_animations = True
    win.resize(w, h)
    win.show()
    app.processEvents()
    return _new_or_scenario(win, args)


def _smoke(win, app, args: argparse.Namespace, user_paths: AppPaths) -> int:
    """Check an installation: the user's folders can be written, the shipped files are there, non-ASCII
    text sorts (ICU) and draws, and a new game's first frame draws (on the throw-away home ``win`` runs
    on)."""
    from matrix_gui.checks import unwritable_files

    unwritable = unwritable_files(user_paths)
    if unwritable:
        print("matrix-tabletop --smoke: FAILED: " + "; ".join(unwritable), file=sys.stderr)
        return 5
    err = _start_offscreen(win, app, args, 1280, 800)
    if err:
        print(f"matrix-tabletop --smoke: FAILED: {err}", file=sys.stderr)
        return 2
    from matrix_gui.checks import missing_assets, text_problems

    missing = missing_assets()
    if missing:
        print("matrix-tabletop --smoke: FAILED: missing assets: " + ", ".join(missing), file=sys.stderr)
        return 3
    text = text_problems()
    if text:
        print("matrix-tabletop --smoke: FAILED: text: " + "; ".join(text), file=sys.stderr)
        return 6
    app.processEvents()
    img = win.grab()
    if img.isNull() or img.width() < 100:
        print("matrix-tabletop --smoke: FAILED: the first frame did not render", file=sys.stderr)
        return 4
    page = win.current_page()
    view, players = page.observe(), page.seats()
    print(f"matrix-tabletop --smoke: OK ({players} players, turn {view.get('turn', view.get('game_turn'))}, "
          f"hash {win.ops.game.state_hash()[:12]})")
    win.close()
    return 0


def _screenshot(win, app, args: argparse.Namespace) -> int:
    w, h = args.size
    if args.campaign:
        win.resize(w, h)
        win.show()
        win.show_campaigns()
        return _write_screenshot(win, app, args)
    err = _start_offscreen(win, app, args, w, h)
    if err:
        print(f"matrix-tabletop --screenshot: {err}", file=sys.stderr)
        return 2
    if args.bot:
        _bot_play(win, args, quiet=True)
    page = win.current_page()
    page.face_the_screen()
    for _ in range(3):
        app.processEvents()
    page.table_view.refit()
    if args.hint and not _show_hint(win, app):
        print("matrix-tabletop --screenshot: --hint: no hint came (no move to hint at here)", file=sys.stderr)
        return 2
    if args.zoom and not page.table_view.show_zoom(args.zoom):
        what = f"card {args.zoom[1]}" if args.zoom[0] == "card" else f"pile {args.zoom[1]!r}"
        print(f"matrix-tabletop --screenshot: --zoom: {what} shows no card face on this table",
              file=sys.stderr)
        return 2
    return _write_screenshot(win, app, args)


def _show_hint(win, app, timeout: float = 60.0) -> bool:
    """Ask the current page for a hint (H) and wait until it shows; False if none came."""
    import time

    page = win.current_page()
    page.hint()
    thinker = getattr(page, "thinker", None)
    end = time.monotonic() + timeout
    while thinker is not None and thinker.busy and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()
    return getattr(page, "hinted", None) is not None


def _write_screenshot(win, app, args: argparse.Namespace) -> int:
    app.processEvents()
    img = win.grab()
    out = Path(args.screenshot)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out)):
        print(f"matrix-tabletop --screenshot: cannot write {out}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({img.width()}x{img.height()})")
    win.close()
    return 0


def _bot_play(win, args: argparse.Namespace, quiet: bool = False) -> None:
    """Let bots play through the current page (for crash tests and screenshots)."""
    if win.ops.game is None:
        if args.ruleset == "replay":
            started = win.start_replay(args.seed or 1)
        elif args.ruleset == "expedition":
            started = win.start_expedition(args.players, args.seed or 1)
        else:
            film = _first_film(win, args.film)
            started = film is not None and win.start_new(film, args.players, None, args.seed or 1)
        if not started:
            print("BOT cannot start a game", flush=True)
            return
    _bot_loop(win, args.bot, win.current_page().bot_mover(args.seed or 1), quiet)


def _bot_loop(win, commands: int, move: Callable[[Any], bool], quiet: bool) -> None:
    """Up to ``commands`` bot moves (``move(game)``; False: no one can move), each animation
    finished at once; prints each state hash, then BOT DONE, unless ``quiet``."""
    for _ in range(commands):
        game = win.ops.game
        if game is None or game.over or not move(game):
            break
        if win.anim is not None:
            win.anim.finish_all()
        if not quiet:
            print(f"HASH {game.state_hash()}", flush=True)
    if not quiet:
        print("BOT DONE", flush=True)


if __name__ == "__main__":
    sys.exit(main())
