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
import struct
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import PySide6
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
icu_data = _load("icu_data")


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


# --- Qt's ICU data, cut to what Qt asks ICU for ------------------------------------------------

QT_LIB = Path(PySide6.__file__).parent / "Qt" / "lib"
ICU_DATA = next(iter(sorted(QT_LIB.glob("libicudata.so.*"))), None)
needs_icu_build = pytest.mark.skipif(ICU_DATA is None or icu_data.c_compiler() is None,
                                     reason="needs PySide6's ICU data library (Linux) and a C compiler")


@pytest.mark.parametrize("name", [
    "coll/root.res", "coll/ucadata.icu", "coll/sv.res", "coll/zh.res",  # collation: every language
    "root.res", "en.res", "en_GB.res", "pool.res", "res_index.res", "supplementalData.res", "zoneinfo64.res",
    "metaZones.res", "zone/root.res", "zone/en.res", "zone/pool.res", "zone/tzdbNames.res", "cnvalias.icu",
])
def test_icu_filter_keeps_what_qt_asks_for(name: str) -> None:
    assert icu_data.keep_item(name)


@pytest.mark.parametrize("name", [
    "de.res", "zh_Hant_TW.res", "zone/de.res", "ibm-943_P15A-2003.cnv", "iso-8859_10-1998.cnv",
    "brkitr/cjdict.dict", "brkitr/line.brk", "brkitr/en.res", "translit/root.res", "curr/en.res",
    "lang/root.res", "region/en.res", "unit/en.res", "rbnf/en.res", "unames.icu", "uts46.nrm", "rfc3491.spp",
])
def test_icu_filter_drops_what_qt_never_asks_for(name: str) -> None:
    assert not icu_data.keep_item(name)


def test_icu_package_reads_back_what_was_written() -> None:
    # header size, magic, info size, little-endian, 2-byte UChar, format "CmnD" 1, then padding
    header = struct.pack("<HBBHHBBBB4s4s4s8x", 32, 0xDA, 0x27, 20, 0, 0, 0, 2, 0, b"CmnD",
                         b"\1\0\0\0", b"\3\0\0\0")
    items = {"zone/b.res": b"B" * 5, "a.res": b"A" * 17, "coll/c.res": b"C" * 32}
    blob = icu_data.write_package(icu_data.DataPackage(header, "icudt73l/", items))
    package = icu_data.read_package(blob)
    assert package.header == header and package.prefix == "icudt73l/"
    # each item comes back 16-byte padded, at a 16-byte aligned place, the names sorted as ICU searches them
    assert {k: v.rstrip(b"\0") for k, v in package.items.items()} == items
    assert list(package.items) == ["a.res", "coll/c.res", "zone/b.res"]
    assert all(blob.index(v) % 16 == 0 for v in items.values())
    assert list(package.filtered(lambda n: "/" not in n).items) == ["a.res"]
    with pytest.raises(ValueError):
        icu_data.read_package(b"\0" * 64)


@pytest.mark.skipif(ICU_DATA is None, reason="PySide6 ships no ICU data library here")
def test_icu_calls_of_qt_are_the_ones_the_slim_data_serves() -> None:
    """A PySide6 whose Qt calls another ICU service (break iterators, date formats ...) fails here: then
    icu_data.keep_item must keep that service's data (the build keeps all of it and says why)."""
    version = ICU_DATA.name.rsplit(".", 1)[1]
    calls = icu_data.icu_calls(QT_LIB / "libQt6Core.so.6", version)
    assert {"ucol_open", "ucol_strcoll", "ucnv_open", "u_strToUpper"} <= calls
    assert icu_data.unserved_icu_calls(sorted(QT_LIB.glob("*.so*")), version) == []
    package = icu_data.read_package(icu_data.symbol_bytes(ICU_DATA, f"icudt{version}_dat"))
    assert package.prefix == f"icudt{version}l/" and len(package.items) > 3000


def _text_problems_with(icu_dir: Path) -> subprocess.CompletedProcess:
    """matrix_gui.checks.text_problems() in a Python whose Qt loads the ICU data library in ``icu_dir``."""
    code = ("from PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from matrix_gui.checks import text_problems\nprint(text_problems())\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LD_LIBRARY_PATH=str(icu_dir))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@needs_icu_build
def test_slim_icu_data_still_sorts_and_draws_text(tmp_path: Path) -> None:
    assert ICU_DATA is not None
    slim = icu_data.slim_library(ICU_DATA, tmp_path / "slim")
    assert slim.data_bytes < 8e6 < 30e6 < slim.data_bytes_before and slim.library.stat().st_size < 8e6
    assert "ICU data: kept" in slim.summary()
    res = _text_problems_with(slim.library.parent)
    assert res.returncode == 0 and res.stdout.strip() == "[]", res.stdout + res.stderr
    # the same check with no ICU data at all fails: the library in that folder is the one Qt loads
    icu_data.slim_library(ICU_DATA, tmp_path / "empty", keep=lambda name: False)
    res = _text_problems_with(tmp_path / "empty")
    assert "(ICU collation)" in res.stdout, res.stdout + res.stderr


@needs_icu_build
def test_icu_data_stays_whole_when_qt_calls_what_it_does_not_serve(tmp_path: Path) -> None:
    assert ICU_DATA is not None
    version = ICU_DATA.name.rsplit(".", 1)[1]
    src = tmp_path / "breaks.c"
    src.write_text(f"void *ubrk_open_{version}(int, const char *, const void *, int, int *);\n"
                   f"void *open_words(void) {{ return ubrk_open_{version}(1, 0, 0, 0, 0); }}\n")
    lib = tmp_path / "libbreaks.so"
    subprocess.run([icu_data.c_compiler(), "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
    toc = [("PySide6/Qt/lib/" + ICU_DATA.name, str(ICU_DATA), "BINARY"), ("libbreaks.so", str(lib), "BINARY")]
    log: list[str] = []
    assert icu_data.slim_binaries(toc, tmp_path / "icu", log.append) == toc
    assert len(log) == 1 and "ICU data kept whole" in log[0] and "libbreaks.so: ubrk_open" in log[0]
    toc = toc[:1]
    (out,) = icu_data.slim_binaries(toc, tmp_path / "icu", log.append)
    assert out[1] == str(tmp_path / "icu" / ICU_DATA.name) and log[-1].startswith("ICU data: kept")


def test_size_report_lists_the_largest_files(tmp_path: Path) -> None:
    for name, size in (("a.bin", 3_000_000), ("sub/b.so", 5_000_000), ("c.txt", 10)):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * size)
    (tmp_path / "link.so").symlink_to(tmp_path / "sub" / "b.so")
    assert build.largest_files(tmp_path, 2) == [(5_000_000, "sub/b.so"), (3_000_000, "a.bin")]
    lines = build.size_report(tmp_path, 2).splitlines()
    assert lines == ["largest files (2 of 3; 8.0 MB in all):", "    5.00 MB  sub/b.so", "    3.00 MB  a.bin"]


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
    assert size_mb <= build.SIZE_LIMIT_MB == 110
    # Qt's ICU data cut to what Qt asks for (32 MB whole), and the log says so and lists the rest by size
    (icu,) = [p for p in internal.rglob("libicudata.so.*") if not p.is_symlink()]
    assert icu.stat().st_size < 8e6
    assert "ICU data: kept" in res.stdout and "WARNING: ICU data kept whole" not in res.stdout
    assert re.search(r"largest files \(15 of \d+; [\d.]+ MB in all\):\n +[\d.]+ MB  ", res.stdout)
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

    ok = build.smoke(exe)  # with non-ASCII text sorted through the slim ICU data, and drawn
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
