"""Issue 16 item 2: a non-editable install works. The wheel carries cards/, assets/ and docs/ (as the
``matrix_tabletop_data`` package); installed into a fresh venv it passes ``--smoke`` and plays games
from a folder outside the checkout.

The venv gets the wheel with ``--no-deps``; its dependencies (PySide6 and the rest, ~400 MB) are not
installed again but reached through a ``.pth`` file naming the folders this interpreter imports them from.
Such a path entry runs no other ``.pth`` files, so an editable install of the checkout there stays unseen.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.checkout import copy_checkout

pytestmark = pytest.mark.slow  # ~35 s: builds a wheel and a venv
ROOT = Path(__file__).resolve().parents[1]
DATA_DIRS = ("cards", "assets", "docs")
DEPENDENCIES = ("PySide6", "shiboken6", "pydantic", "pydantic_core", "platformdirs", "PIL", "websockets")


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _dependency_dirs() -> list[str]:
    """The folders this interpreter imports the app's dependencies from."""
    out: list[str] = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed"
        folder = str(Path(spec.origin).resolve().parent.parent)
        if folder not in out:
            out.append(folder)
    return out


def _shipped_files(root: Path) -> set[str]:
    """The data files of the checkout, relative to the data root (``cards/legendary/playmat.toml``...)."""
    return {p.relative_to(root).as_posix() for top in DATA_DIRS for p in (root / top).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from a clean copy of the checkout."""
    src, out = tmp_path_factory.mktemp("src"), tmp_path_factory.mktemp("wheel")
    assert copy_checkout(ROOT, src) > 50
    res = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
                "-w", str(out), str(src)], cwd=src)
    assert res.returncode == 0, (res.stdout + res.stderr)[-4000:]
    (found,) = out.glob("matrix_tabletop-*.whl")
    return found


def test_the_wheel_carries_every_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    prefix = "matrix_tabletop_data/"
    shipped = {n[len(prefix):] for n in names if n.startswith(prefix)}
    assert _shipped_files(ROOT) <= shipped
    assert {"engine/cli.py", "matrix_gui/app.py", "engine/legendary/acts/__init__.py"} <= names
    assert not [n for n in names if n.startswith(("tests/", "cards/", "assets/", "docs/"))]


def test_the_installed_wheel_smokes_and_simulates(wheel: Path, tmp_path: Path) -> None:
    venv, elsewhere = tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    res = _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    py = bin_dir / ("python.exe" if os.name == "nt" else "python")
    res = _run([str(py), "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check",
                "-q", str(wheel)], cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    site = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp_path)
    (Path(site.stdout.strip()) / "matrix_tabletop_deps.pth").write_text(
        "\n".join(_dependency_dirs()) + "\n", encoding="utf-8")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(tmp_path / "home"))
    where = _run([str(py), "-c", "import engine, matrix_gui.app, engine.resources as r; "
                  "print(engine.__file__); print(r.data_root())"], cwd=elsewhere, env=env)
    assert where.returncode == 0, where.stderr
    code_file, data_root = where.stdout.split()
    assert Path(code_file).is_relative_to(venv) and Path(data_root).is_relative_to(venv)
    assert _shipped_files(ROOT) <= _shipped_files(Path(data_root))

    smoke = _run([str(bin_dir / "matrix-tabletop"), "--smoke"], cwd=elsewhere, env=env)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "matrix-tabletop --smoke: OK" in smoke.stdout

    sim = _run([str(bin_dir / "matrix-engine"), "simulate", "--games", "2"], cwd=elsewhere, env=env)
    assert sim.returncode == 0, sim.stdout + sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["games"] == 2 and summary["errors"] == 0, summary

    cards = _run([str(bin_dir / "matrix-engine"), "validate-cards"], cwd=elsewhere, env=env)
    assert cards.returncode == 0, cards.stdout + cards.stderr
    assert not list(elsewhere.iterdir()), "nothing is written to the working folder"
