"""Autosave and load cost as a game grows (1,000 and 10,000 commands), and the game log dock.

Run: ``python bench/saves.py [--long 10000] [--no-gui]``. Prints JSON.

The long game: the shipped film's setup, 2 players, from an edited start position (Time Track and
health raised, like a scenario: the position is saved as the game's start) so that a random bot
that never completes the Objective plays 10,000+ legal commands; its save replays like any other.

- ``full_save``: what every command cost before the journal: a whole save (``game.save``) after
  each command, timed over a window of commands at each length.
- ``journal``: ``AutosaveWriter.record`` after each command from the start of the game; the mean
  up to each length (rewrites of the base included, so this is the cost a game really pays), and
  the median one command costs at that length.
- ``load``: reading the autosave (base + journal) of the long game and replaying it; also a full
  save of it loaded as Load does.
- ``gui_load``: the app's Load of the long game's save (replay, table, game log).
- ``gui_command`` (``--gui-commands N``): one command played through the app with the log shown,
  at 250, 1,000 and 3,000 commands.
- ``log_dock``: one event line added to the game log dock holding 1,000 and 8,000 lines.

Ratios are against ``apply``: the engine's own time for one command (undo snapshots on) in the
same run; ``load_vs_apply`` is a load's time over ``apply`` times the commands replayed. Most of
a save's time is the disk's fsync, which varies with the machine's load: ``--no-fsync`` shows the
work that grows with the log on its own.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.legendary.carddb import load_db  # noqa: E402
from engine.legendary.game import LegendaryGame  # noqa: E402
from engine.legendary.quickstart import default_setup  # noqa: E402

WINDOW = 100  # commands timed at each length


def long_game_commands(n: int, seed: int = 1) -> tuple[Any, list[str]]:
    """The card database and ``n`` commands of one legal game that does not end before them."""
    db = load_db()
    game = start_position(db, seed)
    rng = random.Random(seed)
    while len(game.commands) < n:
        if game.over:
            raise RuntimeError(f"the long game ended after {len(game.commands)} commands")
        legal = [c for c in game.legal_commands() if c.verb not in ("objective", "minor-victory")]
        ends = [c for c in legal if c.verb == "end"]
        cmd = ends[0] if ends and rng.random() < 0.1 else rng.choice(legal)
        if not game.apply(cmd).accepted:
            raise RuntimeError(f"the bot chose a refused command {cmd.text()}")
    return db, list(game.commands)


def start_position(db: Any, seed: int = 1, *, track_undo: bool = False) -> LegendaryGame:
    game = LegendaryGame.new(default_setup(db, 2, seed, []), db, track_undo=track_undo)
    game.state.time = 10**6
    for p in game.state.players:
        p.health_bonus = 10**6
    game.rebase()
    return game


def per_command_apply(db: Any, commands: list[str]) -> float:
    """Seconds the engine itself takes for one command (undo snapshots on, as in the app)."""
    game = start_position(db, track_undo=True)
    t0 = time.perf_counter()
    for c in commands:
        game.apply(c)
    return (time.perf_counter() - t0) / len(commands)


def full_save(db: Any, commands: list[str], points: list[int], folder: Path) -> dict[str, float]:
    """Seconds per command of a whole save after each command, at each length in ``points``."""
    out: dict[str, float] = {}
    for p in points:
        game = start_position(db)
        for c in commands[:p]:
            game.apply(c)
        t0 = time.perf_counter()
        for c in commands[p:p + WINDOW]:
            game.apply(c)
            game.save(folder / "full.json")
        out[str(p)] = (time.perf_counter() - t0) / WINDOW
    return out


def journal(db: Any, commands: list[str], points: list[int], folder: Path) -> dict[str, Any]:
    """The journal autosave from the start: mean per command up to each point, median near it."""
    from engine.core.autosave import AutosaveWriter

    game = start_position(db)
    writer = AutosaveWriter(folder / "autosave.json")
    writer.start(game)
    each: list[float] = []
    for c in commands:
        game.apply(c)
        t0 = time.perf_counter()
        writer.record(game)
        each.append(time.perf_counter() - t0)
    mean = {str(p): sum(each[:p]) / p for p in points}
    median = {str(p): statistics.median(each[p - WINDOW:p]) for p in points}
    worst = {str(p): max(each[:p]) for p in points}
    return {"mean_to": mean, "median_at": median, "slowest_to": worst}


def load_times(db: Any, folder: Path, n: int) -> dict[str, float]:
    """Seconds to read and replay the long game: the autosave (if written) and a full save."""
    out: dict[str, float] = {}
    base = folder / "autosave.json"
    if base.is_file():
        from engine.core.autosave import read_autosave

        t0 = time.perf_counter()
        _, payload = read_autosave(base)
        game = LegendaryGame.from_payload(payload, db)
        out["autosave"] = time.perf_counter() - t0
        assert len(game.commands) == n, len(game.commands)
    t0 = time.perf_counter()
    LegendaryGame.load(folder / "full.json", db)
    out["full_save"] = time.perf_counter() - t0
    return out


def log_dock(points: list[int]) -> dict[str, float]:
    """Seconds to add one event line to the log dock when it holds ``points`` lines."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMainWindow

    from engine.core.results import Event
    from matrix_gui.logdock import GameLog

    app = QApplication.instance() or QApplication([])
    out: dict[str, float] = {}
    for p in points:
        win = QMainWindow()
        log = GameLog(win)
        win.setCentralWidget(log)
        win.resize(600, 800)
        win.show()
        lines = [f"Player {i % 2} plays card number {i}" for i in range(p)]
        if hasattr(log, "add_lines"):
            log.add_lines([(t, "#cfeedd") for t in lines])
        else:  # the dock before the batch API: fill the list directly (adding one by one costs minutes)
            from PySide6.QtWidgets import QListWidgetItem

            for t in lines:
                log.list.addItem(QListWidgetItem(t))
        app.processEvents()
        t0 = time.perf_counter()
        for i in range(WINDOW):
            log.add_events((Event("card_moved", {}, f"one more line {i}"),))
            app.processEvents()
        out[str(p)] = (time.perf_counter() - t0) / WINDOW
        win.close()
        win.deleteLater()
        app.processEvents()
    return out


def gui_load(path: Path) -> dict[str, float]:
    """Seconds for the app's Load of ``path`` (a Legendary save of the shipped cards), table drawn,
    and the game log's lines after it."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.paths import AppPaths

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as home:
        win = MainWindow(AppPaths.default(home))
        win.settings.skip_animations = True
        win.resize(1600, 1000)
        win.show()
        _ = win.table_page("legendary").content.db  # the cards, loaded once as in a running app
        app.processEvents()
        took = []
        for _ in range(2):  # the first also draws the card faces into a fresh cache
            t0 = time.perf_counter()
            ok = win.load_file(path)
            app.processEvents()
            took.append(time.perf_counter() - t0)
        lines = len(win.log.lines()) if ok else -1
        win.close()
        app.processEvents()
    return {"first_s": took[0], "again_s": took[1], "log_lines": lines}


def gui_commands(db: Any, commands: list[str], points: list[int]) -> dict[str, float]:
    """Seconds per command played through the app (operations, autosave, table, log dock shown),
    the mean over the ``WINDOW`` commands before each point."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from engine.core.commands import parse
    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.paths import AppPaths

    app = QApplication.instance() or QApplication([])
    took: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        win = MainWindow(AppPaths.default(home))
        win.settings.skip_animations = True
        win.setProperty("skip_animations", True)
        win.resize(1600, 1000)
        win.show()
        win.ops.start(start_position(db, track_undo=True))
        win.log.show()
        app.processEvents()
        for c in commands[:max(points)]:
            t0 = time.perf_counter()
            win.ops.submit(parse(c))
            if win.anim is not None:
                win.anim.finish_all()
            app.processEvents()
            took.append(time.perf_counter() - t0)
        win.close()
        app.processEvents()
    return {str(p): statistics.mean(took[p - WINDOW:p]) for p in points}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--long", type=int, default=10_000, help="commands of the long game")
    ap.add_argument("--no-gui", action="store_true", help="skip the app's Load and the log dock")
    ap.add_argument("--no-fsync", action="store_true",
                    help="skip fsync: the work that grows with the log, without the disk's share")
    ap.add_argument("--gui-commands", type=int, default=0, metavar="N",
                    help="also time commands played through the app up to N (e.g. 3000; slow before the fix)")
    args = ap.parse_args()
    if args.no_fsync:
        os.fsync = lambda fd: None
    points = [1_000, args.long]
    db, commands = long_game_commands(args.long + WINDOW)
    apply_s = per_command_apply(db, commands[:2_000])
    res: dict[str, Any] = {"commands": args.long, "apply_ms": apply_s * 1e3}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        full = full_save(db, commands, points, folder)
        res["full_save_ms"] = {k: v * 1e3 for k, v in full.items()}
        res["full_save_ratio_10k_1k"] = full[str(args.long)] / full["1000"]
        try:
            jr = journal(db, commands[:args.long], points, folder)
        except ImportError:
            jr = None  # a checkout without the journal
        if jr is not None:
            res["journal_ms"] = {k: {p: v * 1e3 for p, v in d.items()} for k, d in jr.items()}
            res["journal_mean_ratio_10k_1k"] = jr["mean_to"][str(args.long)] / jr["mean_to"]["1000"]
            res["journal_median_ratio_10k_1k"] = jr["median_at"][str(args.long)] / jr["median_at"]["1000"]
            res["journal_mean_vs_apply"] = jr["mean_to"][str(args.long)] / apply_s
        game = start_position(db)
        for c in commands[:args.long]:
            game.apply(c)
        game.save(folder / "full.json")
        res["full_save_bytes"] = (folder / "full.json").stat().st_size
        res["load_s"] = load_times(db, folder, args.long)
        res["load_vs_apply"] = {k: v / (apply_s * args.long) for k, v in res["load_s"].items()}
        if not args.no_gui:
            res["gui_load"] = gui_load(folder / "full.json")
    if args.gui_commands:
        points_gui = [p for p in (250, 1_000, 3_000, args.gui_commands) if p <= args.gui_commands]
        gui = gui_commands(db, commands, sorted(set(points_gui)))
        res["gui_command_ms"] = {k: v * 1e3 for k, v in gui.items()}
    if not args.no_gui:
        res["log_dock_ms_per_line"] = {k: v * 1e3 for k, v in log_dock([1_000, 8_000]).items()}
    print(json.dumps(_rounded(res), indent=1))


def _rounded(obj: Any) -> Any:
    if isinstance(obj, float):
        return round(obj, 4)
    if isinstance(obj, dict):
        return {k: _rounded(v) for k, v in obj.items()}
    return obj


if __name__ == "__main__":
    main()
