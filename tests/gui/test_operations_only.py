"""The scene and the widgets never change the game: only matrix_gui/operations.py calls the engine."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from tests.gui.conftest import drag, ref, scenario
from tests.gui.engine_calls import engine_mutations, is_ops_attribute

pytestmark = pytest.mark.gui
GUI = Path(__file__).resolve().parents[2] / "matrix_gui"


def _is_ops(node: ast.AST) -> bool:
    """``ops.x()`` / ``self.ops.x()``: a call into the operations layer itself."""
    return (isinstance(node, ast.Name) and node.id == "ops") or is_ops_attribute(node)


def test_no_gui_module_but_operations_calls_an_engine_mutator():
    paths = [p for p in sorted(GUI.rglob("*.py")) if p.name != "operations.py"]
    offenders = engine_mutations(paths, is_ops=_is_ops)
    # the scenario loader (the Legendary page's) rebases a game it has just built, before the table
    # sees it
    offenders = [o for o in offenders if not o.startswith("page.py") or "rebase" not in o]
    assert offenders == []


def test_every_engine_call_during_play_comes_from_the_operations_layer(qtbot, win, monkeypatch):
    scenario(win, "world 0 real", "pool recruit=9 attack=9", "hand 0 unplug unplug")
    game = win.ops.game
    callers: list[str] = []
    real_apply, real_undo = game.apply, game.undo

    def who() -> str:
        frame = inspect.stack()[2]
        return Path(frame.filename).name

    def apply(cmd):
        callers.append(who())
        return real_apply(cmd)

    def undo(seat=None):
        callers.append(who())
        return real_undo(seat)

    monkeypatch.setattr(game, "apply", apply)
    monkeypatch.setattr(game, "undo", undo)
    before = game.state_hash()
    # the scene is redrawn, hovered, zoomed and dragged about without any command
    win.view.table.set_view(game.observe(None))
    win.view.show_zoom(("card", ref(win, "unplug", "p0.hand")))
    win.view.build_menu(("pile", "p0.discard"))
    win.view.move_focus(1)
    assert game.state_hash() == before and callers == []
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    drag(qtbot, win, ("rsi", 0), ("pile", "in_matrix"))
    win.undo()
    assert callers and set(callers) == {"operations.py"}
