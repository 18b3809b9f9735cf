"""Procedural card faces and backs, drawn with Pillow only (no Qt), cached as PNG files.

    from matrix_gui.cardfaces import FaceStore
    store = FaceStore(db, cache_dir, scans_dir=None)
    store.face_path("unplug", 300)            # -> Path of a 215 x 300 PNG
    store.face_path("thomas_anderson_neo", 900, side="back")
    store.back_path("matrix", 300)
"""
from __future__ import annotations

from matrix_gui.cardfaces.paint import card_size, layout_rules, paint_face, text_box
from matrix_gui.cardfaces.spec import BACKS, SIDES, FaceSpec, Labels, back_for, back_spec, face_spec
from matrix_gui.cardfaces.store import RENDERER_VERSION, FaceStore, StoreStats, default_cache_dir
from matrix_gui.cardfaces.text import Para, Run, TextLayout, layout_text

__all__ = [
    "BACKS", "RENDERER_VERSION", "SIDES", "FaceSpec", "FaceStore", "Labels", "Para", "Run", "StoreStats",
    "TextLayout", "back_for", "back_spec", "card_size", "default_cache_dir", "face_spec", "layout_rules",
    "layout_text", "paint_face", "text_box",
]
