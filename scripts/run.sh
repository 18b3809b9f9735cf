#!/usr/bin/env bash
# Install Matrix Tabletop into .venv (first run) and start it: bash scripts/run.sh [args...]
# The app runs in the caller's folder, so relative paths (--screenshot rel.png, --scenario, --home)
# mean what they say there, not inside the checkout.
set -euo pipefail
CALLER_DIR="$PWD"
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# A real window on Linux needs Qt's desktop libraries (DESIGN.md §7); a desktop system usually has
# them, a minimal one may not (Qt then says it "could not load the Qt platform plugin xcb").
QT_DEBS=(libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3 libxkbcommon0
         libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-randr0
         libxcb-render-util0 libxcb-shape0 libxcb-xkb1)
install_missing_debs "${QT_DEBS[@]}"

ensure_venv
install_project "."
APP="$PWD/$VENV_BIN/matrix-tabletop"
cd "$CALLER_DIR"
exec "$APP" "$@"
