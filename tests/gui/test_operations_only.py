"""The scene and the widgets never change the game: only matrix_gui/operations.py calls the engine."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from tests.gui.conftest import drag, page_of, ref, scenario
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
    page_of(win).view.table.set_view(game.observe(None))
    page_of(win).view.show_zoom(("card", ref(win, "unplug", "p0.hand")))
    page_of(win).view.build_menu(("pile", "p0.discard"))
    page_of(win).view.move_focus(1)
    assert game.state_hash() == before and callers == []
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    drag(qtbot, win, ("rsi", 0), ("pile", "in_matrix"))
    win.undo()
    assert callers and set(callers) == {"operations.py"}


def test_a_drop_is_one_command_down_and_one_read_of_its_view(qtbot, win, monkeypatch):
    """A drop sends one command, taken from the legal list its drag lit the targets from; the page
    hears its events itself and reads the engine's new view once for them (the animation, the HUD,
    the guide strip and the Undo tip share it when the cards settle)."""
    scenario(win, "world 0 real", "hand 0 unplug unplug")
    game = win.ops.game
    calls: dict[str, int] = {}

    def counting(name: str):
        real = getattr(game, name)

        def call(*args, **kwargs):
            calls[name] = calls.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(game, name, call)

    for name in ("apply", "check", "legal_commands", "observe"):
        counting(name)
    win.settings.skip_animations = False  # the cards glide: the view is read again when they settle
    win.setProperty("skip_animations", False)
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    assert win.busy()
    qtbot.waitUntil(lambda: not win.busy(), timeout=5000)
    assert len(game.commands) == 1
    assert calls.pop("apply") == 1 and calls.pop("observe") == 1
    assert calls.pop("legal_commands", 0) <= 1  # the next position's, once (the Tab order, menus...)
    assert calls == {}  # no check: the command came from the legal list
