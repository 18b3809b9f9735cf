"""Report which rules of `shared/rules/*.md` are cited by passing tests.

Reads `build/rule_hits.json`, written by the pytest plugin `tests/plugins/rule_recorder.py`.

    python tools/rule_coverage.py                    # one line per section, then `covered N of M`
    python tools/rule_coverage.py --missing --kinds  # also list uncovered IDs with their kind
    python tools/rule_coverage.py --section LE-MOVE,LE-SCAN
    python tools/rule_coverage.py --require LE-MOVE  # exit 1 if a non-ui LE-MOVE rule is uncovered
    python tools/rule_coverage.py --run              # run pytest first

Exit status: 0, or 1 when `--require` finds uncovered rules, or 2 on a usage error.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tools.rule_ids import Rule, RuleHits, parse_rules_dir, read_hits, sections_in_order  # noqa: E402

DEFAULT_RULES = REPO.parent / "shared" / "rules"
DEFAULT_HITS = REPO / "build" / "rule_hits.json"
UI_KIND = "ui"


def _split_sections(values: Sequence[str] | None) -> list[str]:
    """Flatten repeated, comma-separated section options into upper-case names."""
    return [s.strip().upper() for v in values or () for s in v.split(",") if s.strip()]


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    add = parser.add_argument
    add("--rules", type=Path, default=DEFAULT_RULES, help="folder of rule checklists (*.md)")
    add("--hits", type=Path, default=DEFAULT_HITS, help="rule hits JSON written by the pytest plugin")
    add("--run", action="store_true", help="run the test suite first")
    add("--missing", action="store_true", help="list uncovered rule IDs under each section")
    add("--kinds", action="store_true", help="show the kind of each uncovered rule (implies --missing)")
    add("--section", action="append", metavar="SECTION[,...]", help="report only these sections")
    add(
        "--require",
        action="append",
        metavar="SECTION[,...]",
        help="exit 1 if a non-ui rule there is uncovered",
    )
    return parser.parse_args(argv)


def _run_pytest(hits_path: Path) -> None:
    """Run the whole suite so that the plugin writes a fresh hits file."""
    cmd = [sys.executable, "-m", "pytest", f"--rule-hits={hits_path}"]
    rc = subprocess.run(cmd, cwd=REPO, check=False).returncode
    if rc != 0:
        print(f"note: pytest exited {rc}; only passing tests count")


def _load_hits(path: Path) -> RuleHits:
    """Read the hits file, printing a note (and returning no hits) when it is missing or bad."""
    try:
        hits = read_hits(path)
    except FileNotFoundError:
        print(f"note: {path} not found; run the tests first (or pass --run). Reporting no coverage.")
        return RuleHits()
    except (OSError, ValueError) as exc:
        print(f"note: cannot read {path}: {exc}. Reporting no coverage.")
        return RuleHits()
    session = hits.session
    if session.get("partial"):
        why = "; ".join(session.get("partial_reasons", [])) or "partial run"
        print(f"warning: hits come from a partial test run ({why}): coverage may be understated")
    return hits


def _missing_line(rule: Rule, show_kind: bool) -> str:
    return f"    {rule.id}  (kind: {rule.kind or '?'})" if show_kind else f"    {rule.id}"


def main(argv: Sequence[str] | None = None) -> int:
    """Print the coverage report; see the module docstring for options."""
    args = _parse_args(argv)
    show_kind = args.kinds
    show_missing = args.missing or args.kinds

    if not args.rules.is_dir():
        print(f"error: rules folder not found: {args.rules}", file=sys.stderr)
        return 2
    rules = parse_rules_dir(args.rules)
    if not rules:
        print(f"error: no rule lines found in {args.rules}/*.md", file=sys.stderr)
        return 2
    all_sections = sections_in_order(rules)

    wanted = _split_sections(args.section)
    required = _split_sections(args.require)
    unknown = [s for s in [*wanted, *required] if s not in all_sections]
    if unknown:
        print(f"error: unknown section(s): {', '.join(unknown)}", file=sys.stderr)
        print(f"known sections: {' '.join(all_sections)}", file=sys.stderr)
        return 2

    if args.run:
        _run_pytest(args.hits)
    hits = _load_hits(args.hits).hits
    covered_ids = {rule_id for rule_id, nodeids in hits.items() if nodeids}

    known_ids = {rule.id for rule in rules}
    strays = sorted(covered_ids - known_ids)
    if strays:
        print(f"warning: tests cite IDs that no checklist defines: {' '.join(strays)}")

    sections = [s for s in all_sections if s in wanted] if wanted else all_sections
    width = max(len(s) for s in sections)
    total = covered = 0
    for section in sections:
        in_section = [r for r in rules if r.section == section]
        uncovered = [r for r in in_section if r.id not in covered_ids]
        n_ok = len(in_section) - len(uncovered)
        total += len(in_section)
        covered += n_ok
        ui_left = sum(1 for r in uncovered if r.kind == UI_KIND)
        detail = f"  (ui: {ui_left} not covered)" if ui_left else ""
        print(f"{section:<{width}} {n_ok:>3}/{len(in_section)}{detail}")
        if show_missing:
            for rule in uncovered:
                print(_missing_line(rule, show_kind))

    status = 0
    if required:
        failing = [
            r for r in rules if r.section in required and r.kind != UI_KIND and r.id not in covered_ids
        ]
        if failing:
            status = 1
            print(f"required rules not covered ({len(failing)}):")
            for rule in failing:
                print(_missing_line(rule, show_kind=True))
    print(f"covered {covered} of {total}")
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into `head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
