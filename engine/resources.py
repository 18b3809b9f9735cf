"""Where the shipped data (``cards/``, ``assets/``, ``docs/``) lives: in a source checkout (also an editable
install), in an installed wheel (the ``matrix_tabletop_data`` package), or frozen by PyInstaller."""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

DATA_PACKAGE = "matrix_tabletop_data"  # setup.py maps cards/, assets/ and docs/ into it
CHECKOUT = Path(__file__).resolve().parent.parent


def is_checkout(root: Path) -> bool:
    """True for a source tree: the project file next to the data folders."""
    return (root / "pyproject.toml").is_file() and (root / "cards").is_dir()


def data_root() -> Path:
    """The folder holding ``cards/``, ``assets/`` and ``docs/``.

    Frozen: the bundle's data folder. A checkout reads its own folders, so code and data always come
    from the same tree. Otherwise the installed data package, through ``importlib.resources``.
    """
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    if is_checkout(CHECKOUT):
        return CHECKOUT
    try:
        installed = resources.files(DATA_PACKAGE)
    except ModuleNotFoundError:
        return CHECKOUT  # nothing installed: callers report the missing files under this root
    return Path(str(installed))


def cards_dir(ruleset: str) -> Path:
    """``cards/<ruleset>/`` of the installation."""
    return data_root() / "cards" / ruleset
