"""Issue 5, an installable app: the bundle filter, the release workflow and a real Linux build.

The slow test builds the one-folder Linux bundle with packaging/build.py from a copy of this checkout
(its tracked and untracked, not ignored, files) in a temp folder, then runs the frozen ``--smoke``.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests.checkout import copy_checkout

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
OSES = ("windows-latest", "macos-latest", "ubuntu-22.04")


def _load(name: str) -> ModuleType:
    """A module of packaging/ (not a package: its name would shadow the ``packaging`` library)."""
    spec = importlib.util.spec_from_file_location(f"_packaging_{name}", PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


bundle_filter = _load("bundle_filter")
build = _load("build")


# --- the bundle filter -------------------------------------------------------------------------

@pytest.mark.parametrize("dest", [
    "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",  # pulls Qml/Quick
    "PySide6/plugins/platforminputcontexts/qtvirtualkeyboardplugin.dll",
    "PySide6/Qt/plugins/imageformats/libqpdf.so",  # pulls QtPdf
    "PySide6/plugins/imageformats/qpdf.dll",
    "PySide6/Qt/plugins/imageformats/libqpdf.dylib",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",  # pulls GTK
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/plugins/generic/libqtuiotouchplugin.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so",  # pulls QtSvg
    "PySide6/Qt/lib/libQt6Quick.so.6",
    "PySide6/Qt/lib/libQt6Qml.so.6",
    "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6/Qt/lib/libQt6VirtualKeyboard.so.6",
    "PySide6/Qt6Quick.dll",
    "PySide6/Qt6Network.dll",
    "PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
    "PySide6/Qt/lib/QtPdf.framework/Resources/Info.plist",
    "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6/translations/qtbase_de.qm",
    "PySide6/opengl32sw.dll",
    "assets/icons/app.icns",  # the build reads the Windows and macOS icons from the source tree
    "assets/icons/app.ico",
])
def test_filter_drops_what_the_app_does_not_use(dest: str) -> None:
    assert not bundle_filter.keep(dest)


@pytest.mark.parametrize("dest", [
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/plugins/platforms/qwindows.dll",
    "PySide6/plugins/platforms/qoffscreen.dll",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/plugins/styles/qmodernwindowsstyle.dll",
    "PySide6/Qt/plugins/styles/libqmacstyle.dylib",
    "PySide6/Qt/plugins/imageformats/libqjpeg.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
    "PySide6/Qt/lib/libQt6Core.so.6",
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libicudata.so.73",
    "PySide6/Qt6Gui.dll",
    "PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui",
    "PySide6/QtWidgets.abi3.so",
    "PySide6/QtCore.pyd",
    "cards/legendary/playmat.toml",
    "assets/fonts/DejaVuSansCondensed.ttf",
    "assets/icons/app.png",
    "docs/gui.md",
])
def test_filter_keeps_what_the_app_needs(dest: str) -> None:
    assert bundle_filter.keep(dest)


def test_unused_qt_modules_are_excluded() -> None:
    excluded = set(bundle_filter.EXCLUDED_MODULES)
    assert {"PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtPdf", "PySide6.QtNetwork"} <= excluded
    assert not {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"} & excluded


# --- name, version, icons ----------------------------------------------------------------------

def test_name_and_version_come_from_pyproject() -> None:
    import engine
    import matrix_gui

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert build.project_info(ROOT) == (project["name"], project["version"])
    assert project["scripts"][build.EXE_NAME] == "matrix_gui.app:main"
    assert matrix_gui.__version__ == engine.__version__ == project["version"]
    spec = (PACKAGING / "matrix-tabletop.spec").read_text(encoding="utf-8")
    assert "pyproject.toml" in spec and '"matrix_gui.app:main"' in spec


def test_windows_version_resource(tmp_path: Path) -> None:
    text = build.write_version_file(tmp_path / "v.txt", "matrix-tabletop", "1.2.3").read_text()
    assert "filevers=(1, 2, 3, 0)" in text and "StringStruct('ProductVersion', '1.2.3')" in text


def test_icons_and_desktop_entry_are_there() -> None:
    for name in ("app.png", "app.ico", "app.icns"):
        assert (ROOT / "assets" / "icons" / name).stat().st_size > 1000
    entry = (PACKAGING / "matrix-tabletop.desktop").read_text(encoding="utf-8")
    assert entry.startswith("[Desktop Entry]")
    assert re.search(r"^Exec=matrix-tabletop$", entry, re.M)
    assert re.search(r"^Icon=matrix-tabletop$", entry, re.M)


# --- the release workflow ----------------------------------------------------------------------

def _parse_yaml(text: str) -> object:
    """PyYAML when it is installed (it is not a dependency), else the small parser below."""
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return mini_yaml(text)
    data = yaml.safe_load(text)
    if isinstance(data, dict) and True in data:  # YAML 1.1 reads the key "on" as True
        data["on"] = data.pop(True)
    return data


def test_release_workflow_parses_and_builds_on_three_oses() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    wf = mini_yaml(text)
    assert wf == _parse_yaml(text)
    assert isinstance(wf, dict) and {"name", "on", "jobs"} <= set(wf)
    assert "tags" in wf["on"]["push"]
    (job,) = wf["jobs"].values()
    assert tuple(job["strategy"]["matrix"]["os"]) == OSES
    assert job["runs-on"] == "${{ matrix.os }}"
    steps = job["steps"]
    setup = next(s for s in steps if str(s.get("uses", "")).startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    runs = [s["run"] for s in steps if "run" in s]
    assert any(r.startswith("python packaging/build.py") and "--no-build" not in r for r in runs)
    assert any("--smoke" in r for r in runs)
    # the build script is the only way in: no direct PyInstaller calls
    assert not any(re.search(r"pyinstaller|PyInstaller", r) for r in runs)
    assert any(str(s.get("uses", "")).startswith("actions/upload-artifact") for s in steps)


def test_linux_release_promises_glibc_2_35_and_checks_it() -> None:
    """Issue 16 item 3b: built on the oldest runner (glibc 2.35), the README says where it runs, and the
    build fails if the bundle needs more than that."""
    (job,) = mini_yaml(WORKFLOW.read_text(encoding="utf-8"))["jobs"].values()
    assert "ubuntu-22.04" in job["strategy"]["matrix"]["os"]
    runs = [str(s.get("run", "")) for s in job["steps"]]
    build_runs = [r for r in runs if r.startswith("python packaging/build.py") and "--no-build" not in r]
    assert build_runs and all("--max-glibc 2.35" in r for r in build_runs)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "glibc 2.35 or newer" in readme and "Ubuntu 22.04+" in readme and "Debian 12+" in readme


def test_glibc_needed_reads_the_newest_symbol_version(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.so").write_bytes(b"\x7fELF" + b"\0GLIBC_2.17\0GLIBC_2.34\0GLIBC_2.4\0")
    (tmp_path / "app").write_bytes(b"\x7fELF" + b"\0GLIBC_2.28\0GLIBC_PRIVATE\0")
    (tmp_path / "notes.txt").write_bytes(b"GLIBC_2.99 is only text here")
    (tmp_path / "link.so").symlink_to(tmp_path / "lib" / "a.so")
    assert build.glibc_needed(tmp_path) == (2, 34)
    (tmp_path / "lib" / "a.so").unlink()
    assert build.glibc_needed(tmp_path) == (2, 28)


def test_max_glibc_takes_a_version() -> None:
    assert build._version_pair("2.35") == (2, 35)
    with pytest.raises(argparse.ArgumentTypeError):
        build._version_pair("2.35.1")


# A strict parser for the block-style YAML of GitHub workflows (PyYAML is not a dependency):
# mappings, sequences, flow lists, quoted/plain scalars, literal blocks; ValueError for the rest.
_KEY = re.compile(r"^(?P<key>[A-Za-z0-9_][A-Za-z0-9_.\- ]*?|'[^']*'|\"[^\"]*\"):(?:\s+(?P<rest>.*))?$")
_BLOCK = re.compile(r"^(?P<head>.*?)\s*\|(?P<chomp>[-+]?)$")


def _uncomment(line: str) -> str:
    """``line`` without its ``# comment`` (a # that starts the line or follows a space, outside quotes)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and (i == 0 or line[i - 1] in " [,"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _scalar(text: str) -> object:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [_scalar(x) for x in re.findall(r"'[^']*'|\"[^\"]*\"|[^,\s][^,]*", inner)] if inner else []
    if text[:1] in tuple("{&*!>%@`|"):
        raise ValueError(f"unsupported YAML: {text!r}")
    if text[:1] in ("'", '"'):
        if len(text) < 2 or text[-1] != text[0]:
            raise ValueError(f"unterminated quote: {text!r}")
        return text[1:-1].replace("''", "'") if text[0] == "'" else text[1:-1].replace('\\"', '"')
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text.lower() in ("", "~", "null"):
        return None
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def _lines(source: str) -> list[list]:
    """[indent, text, line number, literal block or None] of each content line."""
    raw = source.splitlines()
    out: list[list] = []
    i = 0
    while i < len(raw):
        line = raw[i]
        indent = len(line) - len(line.lstrip(" "))
        if line[indent:indent + 1] == "\t":
            raise ValueError(f"line {i + 1}: tab in indentation")
        text = _uncomment(line).strip()
        i += 1
        if not text:
            continue
        m = _BLOCK.match(text)
        if m and (m.group("head").endswith(":") or m.group("head") in ("", "-")):
            head = m.group("head")
            # the literal is indented deeper than its key ("- run: |": the column of "run")
            col = indent + len(head) - len(head[1:].lstrip()) if head.startswith("- ") else indent
            block = []
            while i < len(raw) and (not raw[i].strip() or len(raw[i]) - len(raw[i].lstrip(" ")) > col):
                block.append(raw[i])
                i += 1
            pad = min((len(b) - len(b.lstrip(" ")) for b in block if b.strip()), default=0)
            value = "\n".join(b[pad:] for b in block).rstrip("\n")
            value += "" if m.group("chomp") == "-" else "\n"
            out.append([indent, head, i, value])
        else:
            out.append([indent, text, i, None])
    return out


def _is_item(entry: list) -> bool:
    return entry[1] == "-" or entry[1].startswith("- ")


def _node(lines: list[list], i: int, indent: int) -> tuple[object, int]:
    return (_seq if _is_item(lines[i]) else _map)(lines, i, indent)


def _nested(lines: list[list], i: int, indent: int, allow_item: bool) -> tuple[object, int]:
    """The value on the lines after a ``key:`` / ``-`` at ``indent`` (None when there is none)."""
    if i < len(lines) and (lines[i][0] > indent
                           or (allow_item and lines[i][0] == indent and _is_item(lines[i]))):
        return _node(lines, i, lines[i][0])
    return None, i


def _map(lines: list[list], i: int, indent: int) -> tuple[dict, int]:
    out: dict = {}
    while i < len(lines) and lines[i][0] == indent and not _is_item(lines[i]):
        _, text, no, block = lines[i]
        m = _KEY.match(text)
        if not m:
            raise ValueError(f"line {no}: expected 'key: value', got {text!r}")
        key = m.group("key")
        key = _scalar(key) if key[0] in "'\"" else key
        if key in out:
            raise ValueError(f"line {no}: duplicate key {key!r}")
        if block is not None:
            out[key], i = block, i + 1
        elif m.group("rest"):
            out[key], i = _scalar(m.group("rest")), i + 1
        else:
            out[key], i = _nested(lines, i + 1, indent, allow_item=True)
    if i < len(lines) and lines[i][0] > indent:
        raise ValueError(f"line {lines[i][2]}: bad indentation")
    return out, i


def _seq(lines: list[list], i: int, indent: int) -> tuple[list, int]:
    out: list = []
    while i < len(lines) and lines[i][0] == indent and _is_item(lines[i]):
        _, text, no, block = lines[i]
        rest = text[1:].lstrip()
        if not rest:
            if block is not None:
                value, i = block, i + 1
            else:
                value, i = _nested(lines, i + 1, indent, allow_item=False)
        elif _KEY.match(rest) or rest == "-" or rest.startswith("- "):
            # "- key: value" starts a mapping ("- - x" a sequence) at the column of what follows "- "
            lines[i] = [indent + len(text) - len(rest), rest, no, block]
            value, i = _node(lines, i, lines[i][0])
        else:
            value, i = _scalar(rest), i + 1
        out.append(value)
    if i < len(lines) and lines[i][0] > indent:
        raise ValueError(f"line {lines[i][2]}: bad indentation")
    return out, i


def mini_yaml(source: str) -> object:
    """Parse the block-style YAML that GitHub workflows use; ValueError for anything outside it."""
    lines = _lines(source)
    if not lines:
        return None
    node, i = _node(lines, 0, lines[0][0])
    if i != len(lines):
        raise ValueError(f"line {lines[i][2]}: bad indentation")
    return node


@pytest.mark.parametrize("text, expected", [
    ("a:\n- 1\n- x: y\n  z: |\n    hi\n    there\n", {"a": [1, {"x": "y", "z": "hi\nthere\n"}]}),
    ("k: [a, 'b c', \"d\"]  # note\n", {"k": ["a", "b c", "d"]}),
    ("- - a\n  - b\n- c\n", [["a", "b"], "c"]),
    ("x:\n  - run: |-\n      echo 1\n\n      echo 2\n    name: n\n",
     {"x": [{"run": "echo 1\n\necho 2", "name": "n"}]}),
    ("a: 'it''s'\nb: x # c\nc: \"q#r\"\nd:\ne: true\n",
     {"a": "it's", "b": "x", "c": "q#r", "d": None, "e": True}),
])
def test_mini_yaml_reads_the_workflow_subset(text: str, expected: object) -> None:
    assert mini_yaml(text) == expected


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n", "a:\n  b: 1\n   c: 2\n", "a: {b: 1}\n", "a:\n\tb: 1\n", "a: 'x\n", "a: 1\n  b: 2\n",
    "just text\n",
])
def test_mini_yaml_rejects_what_it_does_not_know(text: str) -> None:
    with pytest.raises(ValueError):
        mini_yaml(text)


# --- the real build ----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="builds the Linux bundle")
def test_linux_bundle_builds_from_a_clean_tree_and_smokes(tmp_path: Path) -> None:
    src, dist, work = tmp_path / "src", tmp_path / "dist", tmp_path / "work"
    assert copy_checkout(ROOT, src) > 50
    assert not (src / "dist").exists() and not (src / "build").exists()
    res = subprocess.run([sys.executable, str(src / "packaging" / "build.py"), "--dist", str(dist),
                          "--work", str(work)], cwd=src, capture_output=True, text=True, timeout=1200)
    assert res.returncode == 0, (res.stdout + res.stderr)[-4000:]

    folder = dist / build.EXE_NAME
    exe = folder / build.EXE_NAME
    internal = folder / "_internal"
    size_mb = build.tree_size(folder) / 1e6
    print(f"one-folder bundle: {size_mb:.1f} MB")
    assert size_mb <= build.SIZE_LIMIT_MB == 150
    names = {p.name for p in folder.rglob("*")}
    assert not {"libqgtk3.so", "libqtvirtualkeyboardplugin.so", "libqpdf.so"} & names
    assert not [n for n in names if re.match(r"libQt6(Quick|Qml|Pdf|Network|Svg)", n)]
    assert {"libqxcb.so", "libqoffscreen.so", "libQt6Widgets.so.6"} <= names
    for rel in ("cards/legendary/playmat.toml", "assets/fonts/DejaVuSansCondensed.ttf",
                "assets/fonts/LICENSE-DejaVu.txt", "assets/icons/app.png", "docs/gui.md"):
        assert (internal / rel).is_file(), rel
    assert (folder / "matrix-tabletop.desktop").is_file() and (folder / "matrix-tabletop.png").is_file()

    needed = build.glibc_needed(folder)
    host = tuple(int(x) for x in platform.libc_ver()[1].split(".")[:2] if x.isdigit())
    print(f"the bundle needs glibc {needed}; this host has {host}")
    assert needed is not None and (not host or needed <= host)

    ok = build.smoke(exe)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert re.search(r"matrix-tabletop --smoke: OK \(2 players, turn 1, hash [0-9a-f]{12}\)", ok.stdout)

    # The bundle reads its own data (sys._MEIPASS), never the source tree: hide it and it must say so.
    (internal / "cards").rename(internal / "cards.hidden")
    no_cards = build.smoke(exe)
    (internal / "cards.hidden").rename(internal / "cards")
    assert no_cards.returncode != 0
    assert "FAILED: cannot load the cards" in no_cards.stderr and "playmat.toml" in no_cards.stderr

    (internal / "assets").rename(internal / "assets.hidden")
    no_assets = build.smoke(exe)
    (internal / "assets.hidden").rename(internal / "assets")
    assert no_assets.returncode != 0
    assert "FAILED: missing assets: assets/fonts/" in no_assets.stderr


def test_smoke_helper_runs_offscreen_with_a_temp_home(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict = {}

    def fake_run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess:
        seen.update(cmd=cmd, env=kw["env"])
        return subprocess.CompletedProcess(cmd, 0, "ok", "")

    monkeypatch.setattr(build.subprocess, "run", fake_run)
    assert build.smoke(Path("/x/matrix-tabletop")).returncode == 0
    assert seen["cmd"] == ["/x/matrix-tabletop", "--smoke"]
    assert seen["env"]["QT_QPA_PLATFORM"] == "offscreen"
    assert os.path.isabs(seen["env"]["MATRIX_TABLETOP_HOME"])
