#!/usr/bin/env bash
# Install Matrix Tabletop into .venv (first run) and start it: bash scripts/run.sh [args...]
# The app runs in the caller's folder, so relative paths (--screenshot rel.png, --scenario, --home)
# mean what they say there, not inside the checkout.
set -euo pipefail
CALLER_DIR="$PWD"
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_venv
install_project "."
APP="$PWD/$VENV_BIN/matrix-tabletop"
cd "$CALLER_DIR"
exec "$APP" "$@"
