"""Design check: the engine never imports Qt (DESIGN.md §1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

IMPORT_ALL_ENGINE_MODULES = (
    "import engine, pkgutil, importlib, sys; "
    "[importlib.import_module(m.name) for m in pkgutil.walk_packages(engine.__path__, 'engine.')]; "
    "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','shiboken6')]; "
    "print(bad); sys.exit(1 if bad else 0)"
)


def test_engine_imports_no_qt() -> None:
    """Importing every module under engine/ must not load PySide6 or shiboken6."""
    proc = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_ENGINE_MODULES],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"engine pulled in Qt or failed to import:\n{proc.stdout}{proc.stderr}"
