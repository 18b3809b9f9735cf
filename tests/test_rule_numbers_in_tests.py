"""Rule numbers in tests come from the rulebook or the card data, never from the module under test.

A test that imports a rules module's number (a cost, a count, a table of them) passes whatever number
the module holds: Revolutions' tests once took the Mechanical Line's cost from its Act module, and
changing it from 2 to 1 passed them all. This reads every test's imports from the Legendary and
Matrix Replay engines (with ``ast``) and fails on a number, or a collection of numbers, that is not
listed below as something other than a rule.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("engine.legendary", "engine.replay")
NOT_RULES = {
    "engine.legendary.bots.search_bot.CONFIRM": "the look-ahead bot's tuning",
    "engine.legendary.bots.search_bot.LOSS_CREDIT": "the look-ahead bot's tuning",
    "engine.legendary.stall.HUNG_TURNS": "where a bot game's play-out stops as hung, not a rule of the game",
    "engine.replay.state.HUMANS": "a side's index in the state",
    "engine.replay.state.MACHINES": "a side's index in the state",
}


def is_number(value: Any) -> bool:
    """A number, or a non-empty collection of numbers (a table of costs, a tuple of Smiths)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    if isinstance(value, dict):
        value = list(value.values())
    return isinstance(value, list | tuple | set | frozenset) and bool(value) and all(map(is_number, value))


def numbers_taken(path: Path) -> list[str]:
    """``module.NAME`` for each number a test file imports from a ruleset's engine."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(RULESETS):
            module = importlib.import_module(node.module)
            names = [a.name for a in node.names if is_number(getattr(module, a.name, None))]
            out += [f"{node.module}.{n}" for n in names if f"{node.module}.{n}" not in NOT_RULES]
    return out


def test_tests_take_no_rule_number_from_the_engine() -> None:
    taken = {str(p.relative_to(ROOT)): got for p in sorted((ROOT / "tests").rglob("*.py"))
             if (got := numbers_taken(p))}
    assert taken == {}


def test_the_scan_finds_an_imported_number(tmp_path) -> None:
    test = tmp_path / "test_x.py"
    test.write_text("from engine.legendary.setup import POTS_BY_PLAYERS, LegendarySetup\n"
                    "from engine.replay.state import HUMANS\n")
    assert numbers_taken(test) == ["engine.legendary.setup.POTS_BY_PLAYERS"]
