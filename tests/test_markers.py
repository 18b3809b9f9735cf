"""The suite's own marks: every GUI test file says ``gui`` (so ``-m "not gui"`` runs the rest), and the
fast loop (``bash scripts/test.sh --fast``: ``-m "not slow"``) leaves whole files out only where they
say ``slow`` themselves."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def module_marks(path: Path) -> set[str]:
    """The marks of a test module's ``pytestmark`` (one mark or a list of them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    marks: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                for t in node.targets):
            for sub in ast.walk(node.value):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Attribute) \
                        and sub.value.attr == "mark":
                    marks.add(sub.attr)
    return marks


def test_every_gui_test_file_is_marked_gui() -> None:
    files = sorted((TESTS / "gui").glob("test_*.py"))
    assert len(files) > 30
    assert [p.name for p in files if "gui" not in module_marks(p)] == []


def test_module_marks_are_read_from_the_code() -> None:
    assert module_marks(TESTS / "gui" / "test_whole_game.py") == {"gui", "slow"}
    assert module_marks(TESTS / "test_markers.py") == set()
