"""The import contract of docs/architecture.md, read from the code with ``ast`` (not grep).

- the engine never imports the GUI or Qt;
- ``engine/core`` imports no ruleset (and not the command line);
- rulesets (``engine/legendary``, ``engine/replay``, later ``engine/expedition``) never import each
  other;
- the GUI never imports ``engine.cli``;
- ``engine/net`` (remote play) reaches a ruleset only through ``engine/net/rulesets.py``, and
  neither ``engine/core`` nor a ruleset imports it;
- production code (``engine``, ``matrix_gui``) never imports or names the ``tests`` tree;
- no import cycle among the engine's modules, in-function imports included;
- the benches use only public engine names, never the command line's modules;
- each Legendary verb has one home, the module the docs' table names;
- the GUI's modules import each other without a cycle, counting every import (inside functions and
  under ``TYPE_CHECKING`` too): each part stands on the parts below it;
- the shared GUI (``matrix_gui/*.py``) names no page module, by import or by string, but in the page
  table (``matrix_gui/pages.py``), and only the entry point imports the main window.
"""
from __future__ import annotations

import ast
import importlib
import inspect
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


# --- no import cycle --------------------------------------------------------------------------------


def import_graph(*packages: str) -> dict[str, dict[str, int]]:
    """For each module of ``packages``, the modules of ``packages`` it imports and the line of the
    first such import: every import statement counts, in a function or at module level, for it runs
    whenever that code runs. ``from a import b`` counts as importing ``a.b`` when that is a module,
    else ``a``. Importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first, so those count
    too, except the importing module's own packages (already running when it loads)."""
    paths = {module_name(p): p for p in files(*packages)}
    graph: dict[str, dict[str, int]] = {}
    for mod, path in paths.items():
        ancestors = {mod.rsplit(".", k)[0] for k in range(1, mod.count(".") + 1)}
        if path.name == "__init__.py":
            ancestors.add(mod)
        out: dict[str, int] = {}
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            for target in _targets(node, mod, path):
                target = target if target in paths else target.rsplit(".", 1)[0]
                parts = target.split(".")
                for k in range(1, len(parts) + 1):
                    name = ".".join(parts[:k])
                    if name in paths and name not in ancestors and name != mod:
                        out.setdefault(name, node.lineno)  # type: ignore[attr-defined]
        graph[mod] = out
    return graph


def _targets(node: ast.AST, mod: str, path: Path) -> list[str]:
    """The modules (or module.name) one import statement names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        package = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        base = ".".join([*up, base] if base else up)
    return [f"{base}.{alias.name}" for alias in node.names]


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected parts of two or more modules (Tarjan),
    each sorted, with no module named twice across them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while (w := stack.pop()) != v:
                part.append(w)
            part.append(v)
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _described(graph: dict[str, dict[str, int]], part: list[str]) -> str:
    edges = [f"{a}:{line} -> {b}" for a in part for b, line in sorted(graph[a].items()) if b in part]
    return f"{len(part)} modules: " + "; ".join(edges)


def test_no_import_cycle_among_engine_modules() -> None:
    """A newcomer can read the engine from the bottom up: no module imports, even from inside a
    function, a module that imports it back (docs/architecture.md, "What may import what")."""
    graph = import_graph("engine")
    assert [_described(graph, part) for part in cycles(graph)] == []


def test_the_cycle_finder_sees_cycles_in_functions_and_through_packages() -> None:
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 1}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b": 1}, "b": {}}) == []
    # engine/legendary/game.py imports its registry at module level; the graph holds that edge
    assert "engine.legendary.registry" in import_graph("engine")["engine.legendary.game"]


# --- the bench uses the engine's public API ---------------------------------------------------------


def test_bench_imports_only_public_names_and_never_the_command_line() -> None:
    """bench/ measures the engine through its public API: no ``_private`` name of an engine module
    (imported, or read off an imported module), and not the ``matrix-engine`` command's modules."""
    bad = offences(files("bench"), ("engine.cli", "engine.cli_campaign"))
    for p in files("bench"):
        tree = ast.parse(p.read_text(encoding="utf-8"), str(p))
        modules = set()  # local names bound to engine modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
                bad += [f"{p.relative_to(ROOT)}:{node.lineno} imports {node.module}.{a.name}"
                        for a in node.names if a.name.startswith("_")]
                modules |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Import):
                modules |= {a.asname or a.name.split(".")[0] for a in node.names
                            if a.name.startswith("engine")}
        bad += [f"{p.relative_to(ROOT)}:{n.lineno} reads {n.value.id}.{n.attr}"
                for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id in modules and n.attr.startswith("_") and not n.attr.startswith("__")]
    assert bad == []


# --- a verb's one home, as docs/architecture.md shows it ----------------------------------------------


def _home(*functions: object) -> str:
    """The one file the functions are defined in (AssertionError when they live apart)."""
    homes = {Path(inspect.getfile(f)).resolve().relative_to(ROOT).as_posix() for f in functions}
    assert len(homes) == 1, f"{[getattr(f, '__name__', f) for f in functions]} live apart: {sorted(homes)}"
    return homes.pop()


def verb_homes_in_docs() -> dict[str, str]:
    """verb -> file, from the table "| verbs | their one home |" of docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| verbs | their one home |", 1)[1].split("\n\n", 1)[0]
    out = {}
    for row in table.splitlines()[2:]:
        verbs, home = (cell.strip() for cell in row.strip().strip("|").split("|"))
        out |= {v.strip(" `"): home.strip("`") for v in verbs.split(",")}
    return out


def test_each_legendary_verb_has_one_home_and_the_docs_show_it() -> None:
    """Each general verb's check, perform and legal generator live in one module, which declares
    its Action; docs/architecture.md names that module. Each Act command's check, perform and
    candidates live in its Act's module."""
    from engine.legendary.actions import GENERAL
    from engine.legendary.acts import SHIPPED

    homes = {}
    for action in GENERAL:
        homes[action.verb] = _home(action.check, action.perform, action.legal)
        module = importlib.import_module(action.check.__module__)  # declares the Action by its verb
        assert getattr(module, action.verb.upper().replace("-", "_")) is action
    assert verb_homes_in_docs() == homes
    for act in SHIPPED:
        for cmd in act.commands:
            _home(cmd.check, cmd.perform, cmd.candidates)


# --- the GUI's import graph ----------------------------------------------------------------------

GUI_PAGES = ("matrix_gui.legendary", "matrix_gui.replay", "matrix_gui.expedition")
PAGE_TABLE = "pages.py"


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
