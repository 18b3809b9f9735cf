"""The import contract of docs/architecture.md, read from the code with ``ast`` (not grep).

- the engine never imports the GUI or Qt;
- ``engine/core`` imports no ruleset (and not the command line);
- rulesets (``engine/legendary``, ``engine/replay``, later ``engine/expedition``) never import each
  other;
- the GUI never imports ``engine.cli``;
- ``engine/net`` (remote play) reaches a ruleset only through ``engine/net/rulesets.py``, and
  neither ``engine/core`` nor a ruleset imports it;
- production code (``engine``, ``matrix_gui``) never imports or names the ``tests`` tree.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
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


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, imported module) for every import in a file; relative imports made absolute, and
    ``from a import b`` also yields ``a.b`` (b may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
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
        tree = ast.parse(p.read_text(encoding="utf-8"), str(p))
        bad += [f"{p.relative_to(ROOT)}:{n.lineno} names {n.value!r}"  # type: ignore[attr-defined]
                for n in ast.walk(tree) if _names_tests(n)]
    assert bad == []


def test_the_contract_sees_real_imports() -> None:
    """The checks above read imports the way Python does (so an empty list means something)."""
    found = {mod for _, mod in imports(ROOT / "engine" / "legendary" / "game.py")}
    assert {"engine.core.gamelog", "engine.core.gamelog.LoggedGame"} <= found
    assert under("engine.replay.rules", *RULESETS) and not under("engine.replayer", *RULESETS)
