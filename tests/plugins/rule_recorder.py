"""Pytest plugin: record which rule IDs the passing tests cite, into `build/rule_hits.json`.

A test cites a rule with `@pytest.mark.rule("LE-MOVE-07", ...)` (on the function, its class or its
module) or by its name (`test_le_move_07_free_move_once`). Only tests whose call phase passed count.
The file is overwritten at the end of every session (not with `--collect-only`); its `_session` entry
says how many tests were collected and passed and whether the run was partial (`-k`, `-m`, `--lf`,
a subset of paths, stopped early), so `tools/rule_coverage.py` can warn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tools.rule_ids import ids_from_marker_args, ids_from_test_name, write_hits

HITS_RELPATH = Path("build") / "rule_hits.json"


def cited_rule_ids(item: pytest.Item) -> list[str]:
    """Return the rule IDs an item cites through `rule` markers and its function name."""
    found: list[str] = []
    for marker in item.iter_markers(name="rule"):
        found.extend(i for i in ids_from_marker_args(marker.args) if i not in found)
    name = getattr(item, "originalname", None) or item.name
    found.extend(i for i in ids_from_test_name(name) if i not in found)
    return found


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add `--rule-hits PATH` to choose where the hits file goes."""
    parser.addoption(
        "--rule-hits",
        default=None,
        metavar="PATH",
        help=f"where to write the rule hits JSON (default: <rootdir>/{HITS_RELPATH.as_posix()})",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register one recorder per session (none on xdist workers)."""
    if hasattr(config, "workerinput"):
        return
    config.pluginmanager.register(RuleRecorder(config), "rule_recorder_instance")


class RuleRecorder:
    """Collects passing tests per cited rule ID and writes them at session end."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.ids_by_nodeid: dict[str, list[str]] = {}
        self.hits: dict[str, set[str]] = {}
        self.collected = 0
        self.deselected = 0
        self.passed = 0
        self.failed = 0

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.deselected += len(items)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = len(session.items)
        self.ids_by_nodeid = {item.nodeid: cited_rule_ids(item) for item in session.items}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            if report.failed:
                self.failed += 1
            return
        if report.failed:
            self.failed += 1
        if not report.passed or hasattr(report, "wasxfail"):
            return
        self.passed += 1
        for rule_id in self.ids_by_nodeid.get(report.nodeid, ()):
            self.hits.setdefault(rule_id, set()).add(report.nodeid)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.config.getoption("collectonly"):
            return
        option = self.config.getoption("rule_hits")
        path = Path(option) if option else self.config.rootpath / HITS_RELPATH
        reasons = self._partial_reasons(session, int(exitstatus))
        info: dict[str, Any] = {
            "tests_collected": self.collected,
            "tests_deselected": self.deselected,
            "tests_passed": self.passed,
            "tests_failed": self.failed,
            "exitstatus": int(exitstatus),
            "partial": bool(reasons),
            "partial_reasons": reasons,
            "args": list(self.config.invocation_params.args),
        }
        write_hits(path, self.hits, info)

    def _partial_reasons(self, session: pytest.Session, exitstatus: int) -> list[str]:
        """Say why this session may not have run every test (empty when it ran them all)."""
        config = self.config
        reasons: list[str] = []
        if self.deselected:
            reasons.append(f"{self.deselected} tests deselected")
        if config.getoption("lf", False):
            reasons.append("--lf")
        if session.shouldstop or session.shouldfail or exitstatus == pytest.ExitCode.INTERRUPTED:
            reasons.append("stopped early")
        if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
            roots = {(config.rootpath / p).resolve() for p in config.getini("testpaths")}
            roots = roots or {config.rootpath.resolve()}
            given = {(config.invocation_params.dir / a.split("::")[0]).resolve() for a in config.args}
            if given != roots:
                reasons.append("ran only " + " ".join(config.args))
        return reasons
