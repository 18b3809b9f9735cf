"""Rule IDs: parse the rule checklists, find IDs cited by tests, read and write `rule_hits.json`.

Pure functions shared by the pytest plugin `tests/plugins/rule_recorder.py` and the report
`tools/rule_coverage.py`. Standard library only.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Key of `rule_hits.json` that holds facts about the pytest session rather than a rule ID.
SESSION_KEY = "_session"

#: A rule line of a checklist: `- **LE-MOVE-07** statement. (kind: legality)`.
_RULE_LINE_RE = re.compile(r"^\s*-\s+\*\*(?P<id>[A-Z]+-[A-Z]+-\d+)\*\*\s*(?P<rest>.*?)\s*$")
_KIND_RE = re.compile(r"\s*\(kind:\s*(?P<kind>[a-z]+)\)\s*\.?\s*$")

#: An ID inside a test name: `test_le_move_07_free_move_once` cites LE-MOVE-07.
_NAME_ID_RE = re.compile(
    r"(?:^|_)(?P<prefix>le|mr|ex)_(?P<section>[a-z]+)_(?P<num>\d{2})(?=_|$)", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a checklist."""

    id: str
    kind: str
    statement: str
    source: str = ""
    line: int = 0

    @property
    def section(self) -> str:
        """The ID without its number: LE-MOVE for LE-MOVE-07."""
        return section_of(self.id)


@dataclass(slots=True)
class RuleHits:
    """Contents of `rule_hits.json`: passing test node ids per rule ID, and session facts."""

    hits: dict[str, list[str]] = field(default_factory=dict)
    session: dict[str, Any] = field(default_factory=dict)


def section_of(rule_id: str) -> str:
    """Return the section of a rule ID (`LE-MOVE-07` -> `LE-MOVE`)."""
    return rule_id.rsplit("-", 1)[0]


def normalize_rule_id(text: str) -> str:
    """Normalise a cited ID: strip, upper-case, underscores to dashes."""
    return text.strip().upper().replace("_", "-")


def ids_from_test_name(name: str) -> list[str]:
    """Return the rule IDs embedded in a test name, in order, without duplicates.

    `test_le_move_07_free_move_once` -> `["LE-MOVE-07"]`; a parametrisation suffix `[...]` is ignored.
    """
    base = name.split("[", 1)[0]
    found: list[str] = []
    for m in _NAME_ID_RE.finditer(base):
        rule_id = f"{m['prefix']}-{m['section']}-{m['num']}".upper()
        if rule_id not in found:
            found.append(rule_id)
    return found


def ids_from_marker_args(args: Iterable[object]) -> list[str]:
    """Return the IDs given to `@pytest.mark.rule(...)`; nested lists and tuples are flattened."""
    found: list[str] = []
    for arg in args:
        items = arg if isinstance(arg, list | tuple | set | frozenset) else [arg]
        for item in items:
            rule_id = normalize_rule_id(str(item))
            if rule_id and rule_id not in found:
                found.append(rule_id)
    return found


def parse_rules_text(text: str, source: str = "") -> list[Rule]:
    """Parse the rule lines of one checklist, in file order."""
    rules: list[Rule] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        m = _RULE_LINE_RE.match(line)
        if not m:
            continue
        rest = m["rest"]
        kind_m = _KIND_RE.search(rest)
        kind = kind_m["kind"] if kind_m else ""
        statement = rest[: kind_m.start()] if kind_m else rest
        rules.append(Rule(id=m["id"], kind=kind, statement=statement.strip(), source=source, line=lineno))
    return rules


def parse_rules_dir(rules_dir: Path) -> list[Rule]:
    """Parse every `*.md` checklist in a folder (files in name order); the first of a repeated ID wins."""
    rules: list[Rule] = []
    seen: set[str] = set()
    for path in sorted(rules_dir.glob("*.md")):
        for rule in parse_rules_text(path.read_text(encoding="utf-8"), source=path.name):
            if rule.id not in seen:
                seen.add(rule.id)
                rules.append(rule)
    return rules


def sections_in_order(rules: Iterable[Rule]) -> list[str]:
    """Return the sections in order of first appearance."""
    return list(dict.fromkeys(rule.section for rule in rules))


def write_hits(path: Path, hits: Mapping[str, Iterable[str]], session: Mapping[str, Any]) -> None:
    """Write `rule_hits.json` atomically (temp file in the same folder, then `os.replace`)."""
    payload: dict[str, Any] = {SESSION_KEY: dict(session)}
    for rule_id in sorted(hits):
        payload[rule_id] = sorted(set(hits[rule_id]))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, indent=1, sort_keys=False)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_hits(path: Path) -> RuleHits:
    """Read `rule_hits.json`; raises `OSError` or `ValueError` on a missing or malformed file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object")
    session = data.pop(SESSION_KEY, {})
    hits = {str(k): [str(n) for n in v] for k, v in data.items() if isinstance(v, list)}
    return RuleHits(hits=hits, session=session if isinstance(session, dict) else {})
