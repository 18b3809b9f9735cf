"""What pyproject.toml cannot say: the top-level ``cards/``, ``assets/`` and ``docs/`` folders ship
inside the ``matrix_tabletop_data`` package of the wheel (engine/resources.py reads them from there).

Every data folder is listed as a (data-only) package so that setuptools installs all of its files.
"""
from __future__ import annotations

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
DATA_PACKAGE = "matrix_tabletop_data"
DATA_DIRS = ("cards", "assets", "docs")


def data_packages() -> dict[str, str]:
    """``matrix_tabletop_data.<folder>[.<sub>...]`` -> its folder in the checkout, for every data folder."""
    out: dict[str, str] = {}
    for top in DATA_DIRS:
        for folder in [ROOT / top, *sorted(p for p in (ROOT / top).rglob("*") if p.is_dir())]:
            rel = folder.relative_to(ROOT)
            if "__pycache__" not in rel.parts:
                out[".".join((DATA_PACKAGE, *rel.parts))] = rel.as_posix()
    return out


DATA_PACKAGES = data_packages()

setup(
    packages=[*find_packages(include=["engine", "engine.*", "matrix_gui", "matrix_gui.*"]),
              DATA_PACKAGE, *DATA_PACKAGES],
    package_dir={DATA_PACKAGE: f"packaging/{DATA_PACKAGE}", **DATA_PACKAGES},
    package_data={name: ["*"] for name in DATA_PACKAGES},
    exclude_package_data={name: ["*.pyc"] for name in DATA_PACKAGES},
)
