"""PySide6.QtGui without the plugins we do not ship (see bundle_filter.py).

Dropping the plugins here, before PyInstaller follows their links, also keeps out the libraries
they alone need (GTK for the gtk3 theme, QtPdf, Qml/Quick). The spec filters the result again.
"""
from __future__ import annotations

from pathlib import PurePath

from bundle_filter import keep_plugin
from PyInstaller.utils.hooks.qt import add_qt6_dependencies


def _wanted(src: str, dest_dir: str) -> bool:
    parts = PurePath(dest_dir.replace("\\", "/")).parts
    if len(parts) < 2 or parts[-2] != "plugins":
        return True
    return keep_plugin(parts[-1], PurePath(src).name)


hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [(src, dest) for src, dest in binaries if _wanted(src, dest)]
