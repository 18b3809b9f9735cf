"""A source check both tables' tests share: where GUI code changes the game other than through the
operations layer (``matrix_gui/operations.py``)."""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from pathlib import Path

MUTATORS = frozenset({"apply", "undo", "rebase"})


def is_ops_attribute(node: ast.AST) -> bool:
    """``self.ops.x()`` / ``win.ops.x()``: a call into the operations layer itself."""
    return isinstance(node, ast.Attribute) and node.attr == "ops"


def engine_mutations(paths: Iterable[Path], is_ops: Callable[[ast.AST], bool] = is_ops_attribute,
                     mutators: frozenset[str] = MUTATORS) -> list[str]:
    """``file:line`` of every call of an engine mutator on anything but the operations layer, and of
    every assignment to a field of a ``state`` or a ``game``."""
    offenders = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in mutators and not is_ops(node.func.value):
                offenders.append(f"{path.name}:{node.lineno} .{node.func.attr}()")
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Attribute) \
                            and t.value.attr in ("state", "game"):
                        offenders.append(f"{path.name}:{node.lineno} assigns {t.value.attr}.{t.attr}")
    return offenders
