"""The import contract of docs/architecture.md, read from the code with ``ast`` (not grep).

- the engine never imports the GUI or Qt;
- ``engine/core`` imports no ruleset (and not the command line);
- rulesets (``engine/legendary``, ``engine/replay``, later ``engine/expedition``) never import each
  other;
- the GUI never imports ``engine.cli``;
- ``engine/net`` (remote play) reaches a ruleset only through ``engine/net/rulesets.py``, and
  neither ``engine/core`` nor a ruleset imports it;
- production code (``engine``, ``matrix_gui``) never imports or names the ``tests`` tree;
- the GUI's modules import each other without a cycle, counting every import (inside functions and
  under ``TYPE_CHECKING`` too): each part stands on the parts below it;
- the shared GUI (``matrix_gui/*.py``) names no page module, by import or by string, but in the page
  table (``matrix_gui/pages.py``), and only the entry point imports the main window.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("engine.legendary", "engine.replay", "engine.expedition")
GUI_AND_QT = ("matrix_gui", "PySide6", "shiboken6")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def parsed(path: Path) -> ast.Module:
    """A file's syntax tree (each file is read once per run)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, imported module) for every import in a file; relative imports made absolute, and
    ``from a import b`` also yields ``a.b`` (b may be a module)."""
    tree = parsed(path)
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else module_name(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def files(*packages: str) -> list[Path]:
    return sorted(p for pkg in packages for p in (ROOT / pkg).rglob("*.py"))


def under(module: str, *prefixes: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def offences(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{p.relative_to(ROOT)}:{line} imports {mod}" for p in paths for line, mod in imports(p)
            if under(mod, *forbidden)]


def test_the_engine_never_imports_the_gui_or_qt() -> None:
    assert offences(files("engine"), GUI_AND_QT) == []


def test_engine_core_imports_no_ruleset() -> None:
    assert offences(files("engine/core"), (*RULESETS, "engine.cli")) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rulesets_never_import_each_other(ruleset: str) -> None:
    folder = ruleset.replace(".", "/")
    others = tuple(r for r in RULESETS if r != ruleset)
    assert offences(files(folder), others) == []


def test_the_network_part_reaches_rulesets_only_through_its_ruleset_table() -> None:
    paths = [p for p in files("engine/net") if p.name != "rulesets.py"]
    assert offences(paths, (*RULESETS, "engine.cli")) == []


def test_core_and_rulesets_never_import_the_network_part() -> None:
    folders = ["engine/core", *(r.replace(".", "/") for r in RULESETS)]
    assert offences(files(*folders), ("engine.net",)) == []


def test_the_gui_never_imports_the_command_line() -> None:
    assert offences(files("matrix_gui"), ("engine.cli",)) == []


def _names_tests(node: ast.AST) -> bool:
    """A string naming the tests tree: "tests/...", ".../tests/..." or a bare "tests" or "fixtures"
    path part (as in ``root / "tests" / "fixtures"``)."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return False
    v = node.value.replace("\\", "/")
    return v in ("tests", "fixtures") or v.startswith("tests/") or "/tests/" in v or "fixtures/" in v


def test_production_code_never_reads_the_tests_tree() -> None:
    paths = files("engine", "matrix_gui")
    bad = offences(paths, ("tests",))
    for p in paths:
        bad += [f"{p.relative_to(ROOT)}:{n.lineno} names {n.value!r}"  # type: ignore[attr-defined]
                for n in ast.walk(parsed(p)) if _names_tests(n)]
    assert bad == []


def test_the_contract_sees_real_imports() -> None:
    """The checks above read imports the way Python does (so an empty list means something)."""
    found = {mod for _, mod in imports(ROOT / "engine" / "legendary" / "game.py")}
    assert {"engine.core.gamelog", "engine.core.gamelog.LoggedGame"} <= found
    assert under("engine.replay.rules", *RULESETS) and not under("engine.replayer", *RULESETS)


# --- the GUI's import graph ----------------------------------------------------------------------

GUI_PAGES = ("matrix_gui.legendary", "matrix_gui.replay", "matrix_gui.expedition")
PAGE_TABLE = "pages.py"


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports, by any import statement anywhere in it. An
    import names the module it names (``from a import b``: ``a.b`` when that is a module, else ``a``),
    not the packages above it."""
    mods = {module_name(p): p for p in files(*packages)}
    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        by_line: dict[int, list[str]] = {}
        for line, m in imports(path):
            by_line.setdefault(line, []).append(m)
        graph[mod] = {m for named in by_line.values() for m in named if m in mods and m != mod
                      and not any(o.startswith(m + ".") and o in mods for o in named)}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_gui_has_no_import_cycle() -> None:
    graph = import_graph("matrix_gui")
    found = [" <-> ".join(part) + ": " + "; ".join(f"{a} -> {b}" for a in part for b in sorted(graph[a])
                                                   if b in part) for part in cycles(graph)]
    assert found == []


def test_the_cycle_check_sees_cycles_through_functions_and_type_checking() -> None:
    """The check above would see a cycle closed by an import inside a function or under
    ``TYPE_CHECKING`` (so an empty list means something)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    found = import_graph("matrix_gui")
    assert "matrix_gui.legendary.view" in found["matrix_gui.legendary.page"]  # imported in __init__
    assert "matrix_gui.shell" in found["matrix_gui.page"]  # under TYPE_CHECKING


def _names_a_page_module(node: ast.AST) -> bool:
    """A string naming a page module: "matrix_gui.legendary.page" (or "matrix_gui.replay...")."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and \
        any(node.value == p or node.value.startswith(p + ".") for p in GUI_PAGES)


def test_the_shared_gui_names_no_page_module_but_in_the_page_table() -> None:
    shared = [p for p in files("matrix_gui") if p.parent.name == "matrix_gui" and p.name != PAGE_TABLE]
    bad = offences(shared, GUI_PAGES)
    for p in shared:
        bad += [f"{p.relative_to(ROOT)}:{n.lineno} names {n.value!r}"  # type: ignore[attr-defined]
                for n in ast.walk(parsed(p)) if _names_a_page_module(n)]
    assert bad == []
    table = parsed(ROOT / "matrix_gui" / PAGE_TABLE)
    assert any(_names_a_page_module(n) for n in ast.walk(table))  # (the check reads real names)


def test_only_the_entry_point_imports_the_main_window() -> None:
    importers = {mod for mod, deps in import_graph("matrix_gui").items() if "matrix_gui.mainwindow" in deps}
    assert importers == {"matrix_gui.app"}
