"""A clean copy of the checkout for build tests (wheel, PyInstaller bundle)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def copy_checkout(src: Path, dst: Path) -> int:
    """Copy the checkout's files (tracked and untracked, not git-ignored) to ``dst``; return the count.

    Outside a git checkout, copy everything but the usual build and cache folders.
    """
    git = shutil.which("git")
    if git and (src / ".git").exists():
        out = subprocess.run([git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=src,
                             capture_output=True, check=True).stdout
        names = [n for n in out.decode("utf-8").split("\0") if n]
    else:
        skip = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache",
                ".hypothesis"}
        names = [str(p.relative_to(src)) for p in src.rglob("*")
                 if p.is_file() and not skip.intersection(p.relative_to(src).parts)]
    count = 0
    for name in names:
        path = src / name
        if path.is_file():  # tracked files deleted in the working tree are left out
            (dst / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dst / name)
            count += 1
    return count
