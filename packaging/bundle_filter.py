"""What the frozen app leaves out: Qt modules, plugins and files it does not use.

Imported by ``matrix-tabletop.spec`` (to filter ``a.binaries`` / ``a.datas``) and by
``hooks/hook-PySide6.QtGui.py`` (to drop plugins before PyInstaller collects their dependencies).
``--exclude-module`` alone does not remove Qt plugins: the virtual keyboard input plugin pulls in
Qml/Quick, the pdf image plugin QtPdf and the gtk3 theme GTK, so plugins are kept by an allow list.
"""
from __future__ import annotations

import re
from pathlib import PurePath

# Python modules the app never imports (hooks or optional imports would otherwise pull them in).
EXCLUDED_MODULES = [
    "tkinter", "_tkinter", "PIL.ImageTk", "PIL._imagingtk", "PIL.AvifImagePlugin", "PIL._avif",
    "pytest", "_pytest", "pytestqt", "hypothesis", "_hypothesis_globals", "_hypothesis_ftz_detector",
    "pydoc", "pdb", "doctest", "unittest", "lib2to3", "setuptools", "pkg_resources", "pip",
    # no network: without these, hashlib uses its built-in sha256/blake2b and OpenSSL stays out (~5 MB)
    "ssl", "_ssl", "_hashlib",
    # no worker processes: also drops PyInstaller's multiprocessing run-time hook (faster start-up)
    "multiprocessing",
    *(f"PySide6.Qt{m}" for m in (
        "Network", "DBus", "Qml", "Quick", "QuickWidgets", "QuickControls2", "Pdf", "PdfWidgets", "Svg",
        "SvgWidgets", "OpenGL", "OpenGLWidgets", "Test", "Xml", "Sql", "Concurrent", "PrintSupport",
        "UiTools", "Designer", "Help", "Multimedia", "MultimediaWidgets", "WebEngineCore",
        "WebEngineWidgets", "WebChannel", "WebSockets", "Positioning", "Bluetooth", "Charts",
        "DataVisualization", "Graphs", "3DCore", "StateMachine", "RemoteObjects", "Scxml", "Sensors",
        "SerialPort", "TextToSpeech", "HttpServer", "SpatialAudio", "NetworkAuth", "Nfc", "Location",
        "AxContainer",
    )),
]

# Qt shared libraries the bundle may hold (Qt6<Name>): QtCore/Gui/Widgets and what the kept
# platform plugins link (DBus for the xdg portal theme and ibus, XcbQpa/OpenGL for X11, Wayland*).
QT_LIBS_KEPT = frozenset({
    "Core", "Gui", "Widgets", "DBus", "XcbQpa", "OpenGL", "WaylandClient", "WlShellIntegration",
    "WaylandEglClientHwIntegration",
})

# Qt plugin folder -> plugin file stems kept (None: keep the whole folder). Folders not listed go.
# Names are compared without the "lib"/"q" prefixes and suffixes (libqxcb.so, qwindows.dll, libqcocoa.dylib).
QT_PLUGINS_KEPT: dict[str, frozenset[str] | None] = {
    "platforms": frozenset({"xcb", "wayland", "offscreen", "minimal", "windows", "cocoa"}),
    "platformthemes": frozenset({"xdgdesktopportal"}),  # not gtk3 (GTK, cairo, pango ...)
    "platforminputcontexts": frozenset({"composeplatforminputcontextplugin",
                                        "ibusplatforminputcontextplugin"}),  # not the virtual keyboard
    "imageformats": frozenset({"gif", "ico", "jpeg"}),  # not pdf (QtPdf), svg (QtSvg), tiff, webp ...
    "styles": None,  # the native Windows 11 / macOS widget styles
    "xcbglintegrations": None,
    "wayland-shell-integration": frozenset({"xdg-shell", "wl-shell-plugin"}),
    "wayland-decoration-client": frozenset({"bradient"}),  # not adwaita (QtSvg)
    "wayland-graphics-integration-client": None,
}

# Other files left out: Qt translations (the UI is English), QML files, and the Windows OpenGL
# renderers (the app paints with Qt's raster engine).
_DROP_PARTS = frozenset({"translations", "qml"})
_DROP_NAMES = frozenset({"opengl32sw.dll", "d3dcompiler_47.dll", "libEGL.dll", "libGLESv2.dll"})
# The Windows and macOS icon files (0.9 MB): the build reads them from the source tree; the running
# app and the Linux desktop entry use app.png.
_DROP_PATHS = frozenset({("assets", "icons", "app.ico"), ("assets", "icons", "app.icns")})

_QT_LIB = re.compile(r"^(?:lib)?Qt6([A-Za-z0-9]+?)(?:\.so(?:\.\d+)*|\.dll|\.dylib|\.pdb)?$")
_QT_FRAMEWORK = re.compile(r"^Qt([A-Za-z0-9]+)\.framework$")


def _parts(dest: str) -> tuple[str, ...]:
    return PurePath(dest.replace("\\", "/")).parts


def qt_library(dest: str) -> str | None:
    """The Qt module name (``Core``, ``Quick`` ...) when ``dest`` is a Qt shared library or framework file."""
    parts = _parts(dest)
    for part in parts[:-1]:
        m = _QT_FRAMEWORK.match(part)
        if m:
            return m.group(1)
    m = _QT_LIB.match(parts[-1]) if parts else None
    return m.group(1) if m else None


def plugin_stem(name: str) -> str:
    """``libqxcb.so`` -> ``qxcb``, ``qwindows.dll`` -> ``qwindows``, ``libxdg-shell.so`` -> ``xdg-shell``."""
    stem = name.split(".", 1)[0]
    return stem[3:] if stem.startswith("lib") else stem


def keep_plugin(plugin_type: str, file_name: str) -> bool:
    """Whether a Qt plugin of ``plugin_type`` (its folder name) is bundled."""
    if plugin_type not in QT_PLUGINS_KEPT:
        return False
    wanted = QT_PLUGINS_KEPT[plugin_type]
    if wanted is None:
        return True
    stem = plugin_stem(file_name)
    return stem in wanted or (stem.startswith("q") and stem[1:] in wanted)


def keep(dest: str) -> bool:
    """Whether a collected file (its path inside the bundle) stays in the bundle."""
    parts = _parts(dest)
    if not parts or parts[-1] in _DROP_NAMES or parts in _DROP_PATHS:
        return False
    if "PySide6" in parts:
        inner = parts[parts.index("PySide6") + 1:]
        if _DROP_PARTS.intersection(inner):
            return False
        if "plugins" in inner:
            i = inner.index("plugins")
            if len(inner) >= i + 3:
                return keep_plugin(inner[i + 1], inner[-1])
    lib = qt_library(dest)
    return lib is None or lib in QT_LIBS_KEPT


def filter_toc(toc: list, label: str = "", log: list[str] | None = None) -> list:
    """The entries of a PyInstaller TOC (``(dest, src, typecode)``) that ``keep`` accepts."""
    out = []
    for entry in toc:
        if keep(entry[0]):
            out.append(entry)
        elif log is not None:
            log.append(f"{label}{entry[0]}")
    return out
