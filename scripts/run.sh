#!/usr/bin/env bash
# Install Matrix Tabletop into .venv (first run) and start it: bash scripts/run.sh [args...]
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_venv
install_project "."
exec "$VENV_BIN/matrix-tabletop" "$@"
