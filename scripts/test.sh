#!/usr/bin/env bash
# Install what the tests need into .venv and run them: bash scripts/test.sh [--fast] [pytest args...]
# --fast leaves out the tests marked slow (pytest -m "not slow"): the loop to run while working.
# Exits with pytest's status; the rule-coverage report after it is information only.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Qt's offscreen platform needs these system libraries (DESIGN.md §7).
QT_DEBS=(libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3 libxkbcommon0)
install_missing_debs "${QT_DEBS[@]}"

ensure_venv
install_project ".[dev]"

args=()
for a in "$@"; do
    if [[ "$a" == --fast ]]; then args+=(-m "not slow"); else args+=("$a"); fi
done

export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
mkdir -p build
set +e
"$VENV_PY" -m pytest ${args[@]+"${args[@]}"} 2>&1 | tee build/pytest.log
status=${PIPESTATUS[0]}
set -e

echo "--- rule coverage (tools/rule_coverage.py) ---"
"$VENV_PY" tools/rule_coverage.py || echo "(rule coverage report failed; ignored)" >&2
# Repeat pytest's closing line so the run still ends with the test result.
echo "--- pytest ---"
tail -n 1 build/pytest.log
exit "$status"
