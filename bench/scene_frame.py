"""Scene frame cost, animation smoothness and start-up time of the playmat, each against a bare
Qt baseline measured in the same run.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/scene_frame.py [--frames 60] [--size 1600x1000]

1. paint time per frame: our table at a mid-game position (viewport repaint) against a bare
   QGraphicsScene holding the same number of plain pixmap items at the same places (aim <= 1.5x);
   both views have the same viewport size, view transform and render hints and are painted by the
   same synchronous ``viewport().repaint()`` in interleaved rounds; the bare view must show our table
   (a picture check fails the run otherwise). A stricter line also compares against a bare scene of
   only the items that paint something themselves;
2. frames delivered during a 10-card animation, against the display's refresh rate (aim >= 90%);
3. start-to-first-frame of `python -m matrix_gui.app` against a bare PySide6 window (aim <= 1.5x),
   medians of interleaved process starts.
"""
from __future__ import annotations

import argparse
import copy
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BARE_WINDOW = """
import time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication([])
w = QMainWindow(); w.resize(1280, 800); w.setCentralWidget(QLabel("Matrix Tabletop"))
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: (print("FIRST_FRAME", flush=True), app.quit()))
        return False
f = F(); w.centralWidget().installEventFilter(f)
w.show(); app.exec()
"""


def first_frame_ms(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    if "FIRST_FRAME" not in out.stdout:
        raise SystemExit(f"no first frame from {cmd}: {out.stderr[-500:]}")
    return (time.perf_counter() - t) * 1000


def startup(runs: int) -> tuple[float, float]:
    """Medians of ``runs`` cold process starts of each, interleaved (ours, bare, ours, ...) so that a
    busy machine slows both alike; one unmeasured start of each first warms the OS file cache."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=tempfile.mkdtemp())
    bare_cmd = [sys.executable, "-c", BARE_WINDOW]
    app_cmd = [sys.executable, "-m", "matrix_gui.app", "--first-frame"]
    first_frame_ms(app_cmd, env)
    first_frame_ms(bare_cmd, env)
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(runs):
        ours.append(first_frame_ms(app_cmd, env))
        bare.append(first_frame_ms(bare_cmd, env))
    return statistics.median(ours), statistics.median(bare)


def mid_game(win, players: int, commands: int) -> None:
    from engine.legendary.bots import BOTS

    films = [f.id for f in win.table_page("legendary").film_choices()]
    film = "the_matrix" if "the_matrix" in films else films[0]
    win.start_new(film, players, None, 3)
    bot = BOTS["random"](3, end_bias=0.1)
    for _ in range(commands):
        g = win.ops.game
        if g.over:
            break
        win.ops.submit(bot.choose(g))
        win.anim.finish_all()


def paint_counter():
    """An event filter counting the paint events of the widget it is installed on (``.n``)."""
    from PySide6.QtCore import QEvent, QObject

    class Count(QObject):
        n = 0

        def eventFilter(self, o, e):  # noqa: N802
            if e.type() == QEvent.Type.Paint:
                self.n += 1
            return False

    return Count()


def paint_ms(view, frames: int) -> float:
    """Average time of a full synchronous repaint of the view's viewport."""
    vp = view.viewport()
    c = paint_counter()
    vp.installEventFilter(c)
    vp.repaint()
    t = time.perf_counter()
    for _ in range(frames):
        vp.repaint()
    dt = (time.perf_counter() - t) * 1000 / frames
    vp.removeEventFilter(c)
    if c.n < frames:
        raise SystemExit(f"only {c.n} of {frames + 1} repaints painted")
    return dt


def bare_scene_like(view, only_painting: bool = False):
    """A bare QGraphicsScene with one plain pixmap item per item of ours, same size, place and
    pixels (each item of ours rendered once into a pixmap), on the same background colour.
    ``only_painting``: a stricter baseline, leaving out our items that draw nothing themselves
    (flagged ItemHasNoContents: empty slots, whose look is part of our cached background)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QPainter, QPixmap
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene, QGraphicsView

    ours = view.scene()
    scene = QGraphicsScene()
    scene.setSceneRect(ours.sceneRect())
    scene.setBackgroundBrush(QColor("#050a07"))
    scale = view.transform().m11()
    n = 0
    for it in ours.items():
        if not it.isVisible():
            continue
        if only_painting and it.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
            continue
        r = it.sceneBoundingRect()
        size = (max(1, round(r.width() * scale)), max(1, round(r.height() * scale)))
        pm = QPixmap(*size)
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        ours.render(painter, QRectF(0, 0, *size), r)
        painter.end()
        p = QGraphicsPixmapItem(pm)
        p.setScale(1 / scale)
        p.setPos(r.topLeft())
        scene.addItem(p)
        n += 1
    bare = QGraphicsView(scene)
    bare.bare_scene = scene  # QGraphicsView does not own its scene: keep it alive with the view
    bare.setFrameShape(view.frameShape())
    bare.resize(view.size())
    bare.setHorizontalScrollBarPolicy(view.horizontalScrollBarPolicy())
    bare.setVerticalScrollBarPolicy(view.verticalScrollBarPolicy())
    bare.setRenderHints(view.renderHints())
    bare.show()
    from PySide6.QtTest import QTest

    QTest.qWaitForWindowExposed(bare)
    # the same viewport size as ours (a top-level window's frame may differ from an embedded view's)
    for _ in range(3):
        d = view.viewport().size() - bare.viewport().size()
        if d.isNull():
            break
        bare.resize(bare.size() + d)
        QTest.qWait(20)
    if bare.viewport().size() != view.viewport().size():
        raise SystemExit(f"bare viewport {bare.viewport().size()} != ours {view.viewport().size()}")
    bare.setTransform(view.transform())
    bare.centerOn(view.mapToScene(view.viewport().rect().center()))
    bare.picture_diff = check_same_picture(view, bare)
    return bare, n


def check_same_picture(view, bare, tolerance: float = 12.0) -> float:
    """Both views must show the same table (the baseline must really paint its items): mean absolute
    difference of the two viewport pictures, per channel, in 0-255 levels."""
    from PySide6.QtGui import QImage

    a = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB888)
    b = bare.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB888)
    if a.size() != b.size():
        raise SystemExit(f"pictures differ in size: {a.size()} vs {b.size()}")
    ba, bb = bytes(a.constBits()), bytes(b.constBits())
    step = 7  # a sample of the bytes is plenty
    diff = sum(abs(x - y) for x, y in zip(ba[::step], bb[::step], strict=True)) / max(1, len(ba[::step]))
    if diff > tolerance:
        a.save(str(Path(tempfile.gettempdir()) / "scene_frame_ours.png"))
        b.save(str(Path(tempfile.gettempdir()) / "scene_frame_bare.png"))
        raise SystemExit(f"the bare scene does not show our table (mean difference {diff:.1f} levels)")
    return diff


def ten_card_animation(win, app) -> tuple[int, float, float]:
    """Play a 10-card batch (hand + play area to the discard pile) and count the frames painted."""
    from engine.core.results import Event

    view = win.current_page().observe()
    seat = view["active"]
    final = copy.deepcopy(view)
    moving: list[tuple[int, str]] = []
    for pile in (f"p{seat}.hand", f"p{seat}.play", "combat", f"dock.{0}", f"dock.{1}", f"dock.{2}"):
        for c in view["piles"][pile].get("cards", []):
            if "id" in c and len(moving) < 10:
                moving.append((c["id"], pile))
    events = []
    for cid, pile in moving:
        card = next(c for c in final["piles"][pile]["cards"] if c.get("id") == cid)
        final["piles"][pile]["cards"].remove(card)
        final["piles"][pile]["count"] -= 1
        final["piles"][f"p{seat}.discard"]["cards"].append(card)
        final["piles"][f"p{seat}.discard"]["count"] += 1
        data = {"card": cid, "src": pile, "dst": f"p{seat}.discard", "face_up": True}
        events.append(Event("card_moved", data))
    counter = paint_counter()
    win.table_page("legendary").view.viewport().installEventFilter(counter)
    win.settings.skip_animations = False
    win.settings.animation_speed = 1.0
    # the ten moves fly as one staggered step (one group, like a draw)
    t = time.perf_counter()
    win.anim.enqueue(tuple(events), final)
    while win.anim.busy:
        app.processEvents()
        time.sleep(0.001)
    dt = time.perf_counter() - t
    win.table_page("legendary").view.viewport().removeEventFilter(counter)
    hz = win.screen().refreshRate() or 60.0
    return counter.n, dt, hz


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--size", default="1600x1000")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=7, help="interleaved paint rounds of --frames each")
    ap.add_argument("--startup-runs", type=int, default=5)
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.paths import AppPaths

    app = QApplication([])
    w, h = (int(x) for x in args.size.split("x"))
    win = MainWindow(AppPaths.default(tempfile.mkdtemp()))
    win.settings.skip_animations = True
    win.resize(w, h)
    win.show()
    app.processEvents()
    mid_game(win, args.players, 60)
    win.table_page("legendary").view.refit()
    app.processEvents()
    bare, n = bare_scene_like(win.table_page("legendary").view)
    strict, n_painting = bare_scene_like(win.table_page("legendary").view, only_painting=True)
    app.processEvents()
    # interleaved rounds (ours, bare, strict, ours, ...): a busy machine slows all alike; medians
    times: list[list[float]] = [[], [], []]
    for _ in range(args.rounds):
        for i, v in enumerate((win.table_page("legendary").view, bare, strict)):
            times[i].append(paint_ms(v, args.frames))
    ours, base, base_strict = (statistics.median(t) for t in times)
    bare.close()
    strict.close()
    vp = win.table_page("legendary").view.viewport()
    print(f"table: {args.players} players, turn {win.current_page().observe()['turn']}, {n} items "
          f"({n_painting} of them paint), viewport {vp.width()}x{vp.height()}; the bare scene's picture "
          f"differs from ours by {bare.picture_diff:.1f}/255 on average (it has no bands or slot outlines)")
    print(f"paint per frame: ours {ours:.2f} ms, bare pixmap scene {base:.2f} ms, "
          f"ratio {ours / base:.2f}x (aim <= 1.5x)")
    print(f"  stricter: bare scene of only the {n_painting} items that paint {base_strict:.2f} ms, "
          f"ratio {ours / base_strict:.2f}x")
    frames, dt, hz = ten_card_animation(win, app)
    expected = dt * hz
    print(f"10-card animation: {frames} frames in {dt * 1000:.0f} ms, display {hz:.0f} Hz -> "
          f"{100 * frames / expected:.0f}% of the display's frames (aim >= 90%)")
    win.close()
    ours_ms, bare_ms = startup(args.startup_runs)
    print(f"start to first frame: ours {ours_ms:.0f} ms, bare PySide6 window {bare_ms:.0f} ms, "
          f"ratio {ours_ms / bare_ms:.2f}x (aim <= 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
