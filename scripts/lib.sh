# shellcheck shell=bash
# Shared helpers for scripts/run.sh and scripts/test.sh (sourced, not run).
# After sourcing, the current directory is the repository root.

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

# Set by ensure_venv.
VENV_BIN=""
VENV_PY=""
export VENV_BIN VENV_PY

# Run a command as root: directly when we are root, through sudo when it works without a password.
as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 1
    fi
}

APT_UPDATED=0
# Install Debian packages quietly (apt-get update once per script run).
apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    export DEBIAN_FRONTEND=noninteractive
    if [[ "$APT_UPDATED" -eq 0 ]]; then
        as_root apt-get update -qq >/dev/null || return 1
        APT_UPDATED=1
    fi
    as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# On Debian/Ubuntu, install those of the given packages that are missing (a warning if it can't).
install_missing_debs() {
    [[ "$(uname -s)" == Linux ]] && command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1 \
        || return 0
    local deb missing=()
    for deb in "$@"; do
        # Ubuntu 24.04+ renamed some libraries with a t64 suffix.
        dpkg -s "$deb" >/dev/null 2>&1 || dpkg -s "${deb}t64" >/dev/null 2>&1 || missing+=("$deb")
    done
    if ((${#missing[@]})); then
        echo "Installing Qt system libraries: ${missing[*]}"
        apt_install "${missing[@]}" || echo "warning: could not install ${missing[*]}; Qt may not start" >&2
    fi
    return 0
}

# Print the first Python >= 3.11 found ($PYTHON first), or nothing.
find_python() {
    local candidate
    for candidate in ${PYTHON:-} python3 python3.13 python3.12 python3.11 python; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
            command -v "$candidate"
            return 0
        fi
    done
    return 0
}

# Create .venv if missing and set VENV_PY / VENV_BIN (bin/ on POSIX, Scripts/ on Windows).
ensure_venv() {
    if [[ ! -d .venv ]]; then
        local py
        py="$(find_python)"
        if [[ -z "$py" ]] && apt_install python3 python3-venv python3-pip; then
            py="$(find_python)"
        fi
        if [[ -z "$py" ]]; then
            echo "error: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)." >&2
            exit 1
        fi
        echo "Creating .venv with $("$py" --version 2>&1)"
        if ! "$py" -m venv .venv 2>/dev/null; then
            # Debian/Ubuntu ship venv's pip bootstrap separately.
            rm -rf .venv
            local ver
            ver="$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
            apt_install "python${ver}-venv" || apt_install python3-venv || true
            "$py" -m venv .venv
        fi
    fi
    if [[ -x .venv/bin/python ]]; then
        VENV_BIN=.venv/bin
        VENV_PY=.venv/bin/python
    else
        VENV_BIN=.venv/Scripts
        VENV_PY=.venv/Scripts/python.exe
    fi
}

# pip install the project (editable) with the given extras spec, e.g. "." or ".[dev]",
# skipped when pyproject.toml and setup.py have not changed since the last install into this .venv.
install_project() {
    local spec="$1" stamp digest
    stamp=".venv/.installed-$(printf '%s' "$spec" | tr -c 'a-zA-Z0-9' '_')"
    digest="$("$VENV_PY" -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read() + open("setup.py", "rb").read()).hexdigest())')"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$digest" ]]; then
        return 0
    fi
    "$VENV_PY" -m pip install -q --disable-pip-version-check -e "$spec"
    printf '%s\n' "$digest" >"$stamp"
}
