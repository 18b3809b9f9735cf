"""Issue 16 item 11: ``bash scripts/run.sh`` starts the app in the caller's folder, so relative paths
given to it land there, not in the checkout."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.gui
@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_run_script_resolves_relative_paths_against_the_callers_folder(tmp_path: Path) -> None:
    caller = tmp_path / "caller"
    caller.mkdir()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("MATRIX_TABLETOP_HOME", None)
    strays = [ROOT / "shots", ROOT / "home"]  # where the files would land inside the checkout
    assert not [p for p in strays if p.exists()]
    try:
        res = subprocess.run(["bash", str(ROOT / "scripts" / "run.sh"), "--screenshot", "shots/rel.png",
                              "--home", "home", "--size", "800x500"],
                             cwd=caller, env=env, capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, (res.stdout + res.stderr)[-3000:]
        assert (caller / "shots" / "rel.png").is_file()
        assert (caller / "home").is_dir(), "--home is the caller's folder too"
        assert not [p for p in strays if p.exists()]
    finally:
        for p in strays:
            shutil.rmtree(p, ignore_errors=True)
