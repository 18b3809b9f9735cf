"""Build Matrix Tabletop for the current OS with PyInstaller (packaging/matrix-tabletop.spec).

    python packaging/build.py                  # one-folder bundle in dist/matrix-tabletop/
    python packaging/build.py --onefile        # ... and a single-file executable too
    python packaging/build.py --no-build --smoke --archive   # test a build, pack it in dist/release/

The app name and version come from pyproject.toml; missing icons are drawn first (tools/make_icons.py).
On Linux the bundle also gets the desktop entry and icon, and its Qt libraries are checked with ldd.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "matrix-tabletop.spec"
EXE_NAME = "matrix-tabletop"
APP_NAME = "Matrix Tabletop"
SIZE_LIMIT_MB = 110.0  # the one-folder Linux bundle (tests/test_packaging.py builds it and checks)
LARGEST_SHOWN = 15  # the build log lists this many of the bundle's largest files
# Libraries that must come from the bundle itself (a "not found" for these means a broken filter).
BUNDLED_LIB_PREFIXES = ("libQt6", "libpyside6", "libshiboken6", "libicu")


@dataclass(frozen=True)
class Layout:
    """Where one build's outputs are."""

    dist: Path
    work: Path

    @property
    def folder(self) -> Path:
        """The one-folder bundle (on macOS the folder inside the .app is what ships)."""
        return self.app if sys.platform == "darwin" else self.dist / EXE_NAME

    @property
    def app(self) -> Path:
        return self.dist / f"{APP_NAME}.app"

    @property
    def executable(self) -> Path:
        if sys.platform == "darwin":
            return self.app / "Contents" / "MacOS" / EXE_NAME
        return self.dist / EXE_NAME / (EXE_NAME + (".exe" if sys.platform == "win32" else ""))

    @property
    def single(self) -> Path:
        return self.dist / (f"{EXE_NAME}-single" + (".exe" if sys.platform == "win32" else ""))


def project_info(root: Path = ROOT) -> tuple[str, str]:
    """(name, version) from pyproject.toml."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["name"], project["version"]


def platform_tag() -> str:
    """e.g. ``linux-x86_64``, ``windows-amd64``, ``macos-arm64``."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{platform.machine().lower()}"


def tree_size(path: Path) -> int:
    """Bytes of the regular files under ``path`` (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def largest_files(path: Path, count: int = LARGEST_SHOWN) -> list[tuple[int, str]]:
    """(bytes, path relative to ``path``) of the ``count`` largest regular files under ``path``."""
    files = [(p.lstat().st_size, p.relative_to(path).as_posix())
             for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    return sorted(files, key=lambda f: (-f[0], f[1]))[:count]


def size_report(path: Path, count: int = LARGEST_SHOWN) -> str:
    """The bundle's total and its largest files, one a line: where the next megabytes are."""
    total = tree_size(path)
    files = sum(1 for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    lines = [f"largest files ({min(count, files)} of {files}; {total / 1e6:.1f} MB in all):"]
    lines += [f"  {size / 1e6:6.2f} MB  {rel}" for size, rel in largest_files(path, count)]
    return "\n".join(lines)


def ensure_icons(root: Path = ROOT) -> None:
    """Draw assets/icons/app.png|ico|icns and the desktop entry when any is missing."""
    icons = root / "assets" / "icons"
    desktop = root / "packaging" / "matrix-tabletop.desktop"
    if all((icons / n).is_file() for n in ("app.png", "app.ico", "app.icns")) and desktop.is_file():
        return
    sys.path.insert(0, str(root))
    from tools.make_icons import write_icons

    for path in write_icons(icons, desktop):
        print(f"drew {path.relative_to(root)}")


def write_version_file(path: Path, name: str, version: str) -> Path:
    """A Windows version resource for the executable (PyInstaller's VSVersionInfo text form)."""
    nums = ([int(x) for x in version.split(".")[:4] if x.isdigit()] + [0, 0, 0, 0])[:4]
    strings = {"CompanyName": APP_NAME, "FileDescription": APP_NAME, "FileVersion": version,
               "InternalName": name, "OriginalFilename": f"{EXE_NAME}.exe", "ProductName": APP_NAME,
               "ProductVersion": version}
    fields = ",\n".join(f"        StringStruct({k!r}, {v!r})" for k, v in strings.items())
    path.write_text(
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={tuple(nums)}, prodvers={tuple(nums)}, mask=0x3f, flags=0x0,\n"
        "                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([StringTable('040904B0', [\n"
        f"{fields}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])\n"
        "  ]\n)\n",
        encoding="utf-8")
    return path


def run_pyinstaller(layout: Layout, onefile: bool, version_file: Path | None) -> None:
    """Run PyInstaller on the spec (from the tree the spec is in)."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(layout.dist), "--workpath", str(layout.work), str(SPEC), "--"]
    if onefile:
        cmd.append("--onefile")
    if version_file is not None:
        cmd += ["--version-file", str(version_file)]
    print("$ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def add_desktop_files(layout: Layout) -> None:
    """Linux: put the desktop entry and the 512 px icon next to the executable."""
    folder = layout.folder
    shutil.copy2(HERE / "matrix-tabletop.desktop", folder / "matrix-tabletop.desktop")
    shutil.copy2(ROOT / "assets" / "icons" / "app.png", folder / "matrix-tabletop.png")


def missing_qt_libraries(folder: Path) -> list[str]:
    """Linux: bundled-library links that ldd cannot resolve inside the bundle (empty when all is well)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    internal = folder / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=str(internal))
    problems = []
    for lib in sorted(internal.rglob("*.so*")):
        if lib.is_symlink() or not lib.is_file():
            continue
        out = subprocess.run([ldd, str(lib)], env=env, capture_output=True, text=True).stdout
        for line in out.splitlines():
            name = line.strip().split(" ", 1)[0]
            if "not found" in line and name.startswith(BUNDLED_LIB_PREFIXES):
                problems.append(f"{lib.relative_to(folder)}: {name}")
    return problems


GLIBC_SYMBOL = re.compile(rb"GLIBC_(\d+)\.(\d+)")


def glibc_needed(folder: Path) -> tuple[int, int] | None:
    """Linux: the newest glibc symbol version any ELF file in the bundle asks for (None: no ELF files).

    The names sit in each binary's dynamic string table, so reading the bytes finds them without binutils.
    """
    newest: tuple[int, int] | None = None
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as fh:
            if fh.read(4) != b"\x7fELF":
                continue
            data = fh.read()
        for major, minor in GLIBC_SYMBOL.findall(data):
            version = (int(major), int(minor))
            newest = version if newest is None or version > newest else newest
    return newest


def smoke(executable: Path, home: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run the frozen app's ``--smoke`` offscreen with a throw-away home folder."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", MATRIX_TABLETOP_HOME=str(home or tmp))
        return subprocess.run([str(executable), "--smoke"], env=env, capture_output=True, text=True,
                              timeout=timeout)


def archive(layout: Layout, version: str) -> list[Path]:
    """Pack the bundle (and the single file, if built) into dist/release/; return the files written."""
    stem = f"{EXE_NAME}-{version}-{platform_tag()}"
    release = layout.dist / "release"
    shutil.rmtree(release, ignore_errors=True)
    release.mkdir(parents=True)
    if sys.platform == "darwin":
        target = release / f"{stem}.zip"
        # ditto keeps the framework symlinks and the code signatures of the .app
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(layout.app), str(target)],
                       check=True)
    elif sys.platform == "win32":
        target = release / f"{stem}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in sorted(layout.folder.rglob("*")):
                zf.write(p, Path(EXE_NAME) / p.relative_to(layout.folder))
    else:
        target = release / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz") as tf:
            tf.add(layout.folder, arcname=EXE_NAME)
    out = [target]
    if layout.single.is_file():
        single = release / (f"{stem}-single" + layout.single.suffix)
        shutil.copy2(layout.single, single)
        out.append(single)
    return out


def _version_pair(text: str) -> tuple[int, int]:
    """``"2.35"`` -> ``(2, 35)`` (argparse type of --max-glibc)."""
    m = re.fullmatch(r"(\d+)\.(\d+)", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"expected a version like 2.35, not {text!r}")
    return int(m.group(1)), int(m.group(2))


def _dotted(version: tuple[int, int]) -> str:
    return ".".join(str(n) for n in version)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--onefile", action="store_true",
                    help="also build a single-file executable (not on macOS: the .app is the app there)")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    ap.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                    help="PyInstaller's work folder (default build/pyinstaller/)")
    ap.add_argument("--no-build", action="store_true", help="use the existing build in --dist")
    ap.add_argument("--smoke", action="store_true", help="run the frozen app's --smoke afterwards")
    ap.add_argument("--archive", action="store_true", help="pack the bundle into dist/ for a release")
    ap.add_argument("--max-glibc", metavar="X.Y", type=_version_pair, default=None,
                    help="(Linux) fail when the bundle needs a newer glibc than X.Y (README's promise)")
    args = ap.parse_args(argv)
    name, version = project_info()
    layout = Layout(args.dist.resolve(), args.work.resolve())

    if not args.no_build:
        t0 = time.perf_counter()
        ensure_icons()
        layout.work.mkdir(parents=True, exist_ok=True)
        version_file = None
        if sys.platform == "win32":
            version_file = write_version_file(layout.work / "version_info.txt", name, version)
        onefile = args.onefile and sys.platform != "darwin"
        if args.onefile and not onefile:
            print("note: no single-file build on macOS; the .app bundle is built instead")
        run_pyinstaller(layout, onefile, version_file)
        if sys.platform.startswith("linux"):
            add_desktop_files(layout)
            broken = missing_qt_libraries(layout.folder)
            if broken:
                print("error: libraries missing from the bundle:\n  " + "\n  ".join(broken), file=sys.stderr)
                return 1
        print(f"built {APP_NAME} {version} in {time.perf_counter() - t0:.0f} s")
    if not layout.executable.is_file():
        print(f"error: no build at {layout.executable}", file=sys.stderr)
        return 1
    size_mb = tree_size(layout.folder) / 1e6
    print(f"bundle: {layout.folder} ({size_mb:.1f} MB; limit {SIZE_LIMIT_MB:.0f} MB)")
    print(size_report(layout.folder))
    print(f"executable: {layout.executable}")
    if layout.single.is_file():
        print(f"single file: {layout.single} ({tree_size(layout.single) / 1e6:.1f} MB)")

    if sys.platform.startswith("linux"):
        needed = glibc_needed(layout.folder)
        shown = "?" if needed is None else _dotted(needed)
        print(f"needs glibc {shown} or newer")
        if args.max_glibc and needed is not None and needed > args.max_glibc:
            print(f"error: the bundle needs glibc {shown}, newer than --max-glibc "
                  f"{_dotted(args.max_glibc)}: build on an older system", file=sys.stderr)
            return 1

    if args.smoke:
        res = smoke(layout.executable)
        print((res.stdout + res.stderr).strip())
        if res.returncode != 0:
            print(f"error: the frozen --smoke exited {res.returncode}", file=sys.stderr)
            return 1
        print("frozen --smoke passed")
    if args.archive:
        for path in archive(layout, version):
            print(f"archive: {path} ({tree_size(path) / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
