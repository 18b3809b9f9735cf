"""Start-to-first-frame of the frozen bundle against the app run from source, in the same run.

    python packaging/startup_compare.py [--bundle dist/matrix-tabletop/matrix-tabletop] [--runs 5]

Both are started with ``--first-frame`` (print FIRST_FRAME when the window first paints, then exit)
under QT_QPA_PLATFORM=offscreen, alternating, after one unmeasured warm-up each; prints the medians.
Exits 1 when the frozen median is slower than the source median.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def default_executable() -> Path:
    """The one-folder build of packaging/build.py in dist/."""
    if sys.platform == "darwin":
        return ROOT / "dist" / "Matrix Tabletop.app" / "Contents" / "MacOS" / "matrix-tabletop"
    return ROOT / "dist" / "matrix-tabletop" / ("matrix-tabletop.exe" if sys.platform == "win32"
                                               else "matrix-tabletop")


def first_frame_ms(cmd: list[str], env: dict[str, str]) -> float:
    """Milliseconds from process start until it printed FIRST_FRAME and exited."""
    t = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    dt = (time.perf_counter() - t) * 1000
    if out.returncode != 0 or "FIRST_FRAME" not in out.stdout:
        raise SystemExit(f"no first frame from {cmd} (exit {out.returncode}): {out.stderr[-500:]}")
    return dt


def compare(executable: Path, runs: int) -> tuple[list[float], list[float]]:
    """(frozen times, source times) in ms, ``runs`` each, alternating."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=tempfile.mkdtemp())
    frozen_cmd = [str(executable), "--first-frame"]
    source_cmd = [sys.executable, "-m", "matrix_gui.app", "--first-frame"]
    first_frame_ms(frozen_cmd, env)  # warm-up: disk cache, .pyc files, font cache
    first_frame_ms(source_cmd, env)
    frozen: list[float] = []
    source: list[float] = []
    for _ in range(runs):
        frozen.append(first_frame_ms(frozen_cmd, env))
        source.append(first_frame_ms(source_cmd, env))
    return frozen, source


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", type=Path, default=default_executable(), help="the frozen executable")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    if not args.bundle.is_file():
        print(f"error: no frozen app at {args.bundle} (run packaging/build.py)", file=sys.stderr)
        return 2
    frozen, source = compare(args.bundle, args.runs)
    fmed, smed = statistics.median(frozen), statistics.median(source)
    print("frozen runs (ms): " + ", ".join(f"{x:.0f}" for x in frozen))
    print("source runs (ms): " + ", ".join(f"{x:.0f}" for x in source))
    print(f"start to first frame, median of {args.runs}: frozen {fmed:.0f} ms, source {smed:.0f} ms, "
          f"ratio {fmed / smed:.2f}x (aim <= 1.00x)")
    return 0 if fmed <= smed else 1


if __name__ == "__main__":
    sys.exit(main())
