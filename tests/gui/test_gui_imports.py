"""Who may import what in the GUI (docs/architecture.md, GUI): the pages never import each other, the
shared table pieces import neither page nor a ruleset of the engine (tests/test_architecture.py checks
the rest)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
GUI = Path(__file__).resolve().parents[2] / "matrix_gui"
PAGES = ("matrix_gui.legendary", "matrix_gui.replay", "matrix_gui.expedition")
RULESETS = ("engine.legendary", "engine.replay", "engine.expedition")


def _type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports(path: Path) -> set[str]:
    """Modules a file imports at run time (anywhere, but not under ``if TYPE_CHECKING``)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for n in node.orelse:
                visit(n)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


def _within(mod: str, pkg: str) -> bool:
    return mod == pkg or mod.startswith(pkg + ".")


def test_the_pages_never_import_each_other():
    for pkg in PAGES:
        others = [p for p in PAGES if p != pkg]
        folder = GUI / pkg.split(".")[1]
        bad = {f"{p.name}: {m}" for p in folder.rglob("*.py") for m in imports(p)
               if any(_within(m, other) for other in others)}
        assert bad == set(), bad


def test_shared_pieces_import_no_page():
    bad = {f"{p.name}: {m}" for p in GUI.glob("*.py") for m in imports(p)
           if any(_within(m, pkg) for pkg in PAGES)}
    assert bad == set(), bad


def test_shared_pieces_import_no_ruleset():
    """Everything a ruleset needs (its cards, films, scenarios, setup errors, card text) is in its
    page; the shared pieces, the main window included, reach a ruleset only through a page (built
    from the page table, matrix_gui/pages.py)."""
    bad = {f"{p.name}: {m}" for p in GUI.glob("*.py") for m in imports(p)
           if any(_within(m, pkg) for pkg in RULESETS)}
    assert bad == set(), bad


START = """
import sys, tempfile
from PySide6.QtWidgets import QApplication
app = QApplication([])
from matrix_gui.mainwindow import MainWindow
from matrix_gui.paths import AppPaths
win = MainWindow(AppPaths.default(tempfile.mkdtemp()))
print(" ".join(sorted(sys.modules)))
"""


def test_a_new_window_asks_the_page_classes_and_builds_no_table(_home):
    """Start-up stays lazy: the window asks each page class what it adds (a start page button, menu
    entries), but no table piece, no ruleset of the engine and no card schema is imported before a
    game starts."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, env=env,
                         cwd=GUI.parent, timeout=120, check=True).stdout.split()
    assert {"matrix_gui.legendary.page", "matrix_gui.replay.page", "matrix_gui.expedition.page"} <= set(out)
    heavy = ("matrix_gui.gestureview", "matrix_gui.keyedscene", "matrix_gui.animation",
             "matrix_gui.cardfaces", "pydantic", *RULESETS)
    assert [m for m in out if any(_within(m, h) for h in heavy)] == []
