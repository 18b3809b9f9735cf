"""``FaceStore``: card face and card back PNGs on disk, rendered once and cached by content hash.

A player's own scans (``scans_dir/<card_id>.png|.jpg|.jpeg|.webp``, ``<card_id>_back.*``,
``back_<name>.png|.jpg``) override the generated faces; a scan that cannot be read is ignored.
"""
from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps

from matrix_gui.cardfaces.fonts import font_signature
from matrix_gui.cardfaces.paint import card_size, paint_face
from matrix_gui.cardfaces.spec import BACKS, SIDES, Labels, back_for, back_spec, face_spec

log = logging.getLogger(__name__)

RENDERER_VERSION = "3"  # 2: table-size faces (compact.py); 3: names never broken inside a word
MIN_HEIGHT = 16
MAX_HEIGHT = 2400
SCAN_EXTS = (".png", ".jpg", ".jpeg", ".webp")


def default_cache_dir() -> Path:
    """The face cache under the user cache dir (DESIGN.md §5)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("matrix-tabletop", appauthor=False)) / "faces"


@dataclass
class StoreStats:
    """Counters: generated renders, scan copies made, and cache hits."""

    renders: int = 0
    scans: int = 0
    hits: int = 0


class FaceStore:
    """Card faces as cached PNG files: ``face_path(card_id, height)`` and ``back_path(back, height)``."""

    def __init__(self, db: Any, cache_dir: Path, scans_dir: Path | None = None) -> None:
        self.db = db
        self.cache_dir = Path(cache_dir)
        self.scans_dir = Path(scans_dir) if scans_dir is not None else None
        self.labels = Labels.from_db(db)
        self.stats = StoreStats()
        self._keys: dict[tuple[str, str], str] = {}
        self._lock = threading.Lock()

    # --- public API ------------------------------------------------------------------------

    def face_path(self, card_id: str, height_px: int, side: str = "front", text: float = 1.0) -> Path:
        """A PNG of one side of a card, ``height_px`` high (63:88); a card's "back" is its card back,
        except an Avatar's, which is its other side (``back_name``); ``text``: the player's text size."""
        if side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, not {side!r}")
        card = self.db.cards[card_id]  # KeyError for an unknown card: a programmer error
        height = _clamp(height_px)
        scan = self._scan_file(f"{card_id}_back" if side == "back" else card_id)
        if scan is not None:
            got = self._scan_copy(scan, f"{card_id}-{side}", height)
            if got is not None:
                return got
        if side == "back" and card.kind != "avatar":
            return self.back_path(back_for(card), height)
        digest = self._card_digest(card, side)
        size = f"{height}" if text == 1.0 else f"{height}x{text:g}"
        path = self.cache_dir / f"{card_id}-{side}-{size}-{digest}.png"
        if self._hit(path):
            return path
        try:
            image = paint_face(face_spec(card, side, self.labels), height, text)
        except Exception:  # never let one bad card break the table: draw a plain face instead
            log.exception("card face %s (%s) failed; drawing a plain face", card_id, side)
            image = _plain_face(card, height)
        self._write(image, path)
        return path

    def back_path(self, back: str, height_px: int) -> Path:
        """A PNG of a card back: hero, matrix, strike, hovercraft, avatar, act or zion."""
        if back not in BACKS:
            raise ValueError(f"back must be one of {BACKS}, not {back!r}")
        height = _clamp(height_px)
        scan = self._scan_file(f"back_{back}")
        if scan is not None:
            got = self._scan_copy(scan, f"back_{back}", height)
            if got is not None:
                return got
        digest = _digest(f"back:{back}")
        path = self.cache_dir / f"back_{back}-{height}-{digest}.png"
        if self._hit(path):
            return path
        self._write(paint_face(back_spec(back), height), path)
        return path

    def back_of(self, card_id: str) -> str:
        """The name of a card's back (for ``back_path``)."""
        return back_for(self.db.cards[card_id])

    def size(self, height_px: int) -> tuple[int, int]:
        """(width, height) in pixels of a face ``height_px`` high."""
        return card_size(_clamp(height_px))

    # --- internals ------------------------------------------------------------------------

    def _card_digest(self, card: Any, side: str) -> str:
        key = (card.id, side)
        got = self._keys.get(key)
        if got is None:
            context = f"{self.labels.deck_label(card)}|{self.labels.group_name(card)}"
            got = _digest(f"{card.model_dump_json()}|{side}|{context}")
            self._keys[key] = got
        return got

    def _hit(self, path: Path) -> bool:
        if path.is_file():
            with self._lock:
                self.stats.hits += 1
            return True
        return False

    def _write(self, image: Image.Image, path: Path, scan: bool = False) -> None:
        """Write atomically: a temp file in the same folder, then rename over the target."""
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".face-", suffix=".png", dir=self.cache_dir)
        try:
            with os.fdopen(fd, "wb") as fh:
                image.save(fh, format="PNG", compress_level=1)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        with self._lock:
            if scan:
                self.stats.scans += 1
            else:
                self.stats.renders += 1

    def _scan_file(self, stem: str) -> Path | None:
        if self.scans_dir is None:
            return None
        for ext in SCAN_EXTS:
            for candidate in (self.scans_dir / f"{stem}{ext}", self.scans_dir / f"{stem}{ext.upper()}"):
                if candidate.is_file():
                    return candidate
        return None

    def _scan_copy(self, scan: Path, stem: str, height: int) -> Path | None:
        """A resized PNG copy of a scan, or None if the scan cannot be read."""
        try:
            st = scan.stat()
        except OSError:
            return None
        digest = _digest(f"scan|{scan.resolve()}|{st.st_size}|{st.st_mtime_ns}")
        path = self.cache_dir / f"{stem}-{height}-scan-{digest}.png"
        if self._hit(path):
            return path
        try:
            with Image.open(scan) as im:
                im.load()
                fitted = ImageOps.fit(ImageOps.exif_transpose(im).convert("RGBA"), card_size(height),
                                      Image.Resampling.LANCZOS)
        except Exception as e:  # broken, truncated or not an image: use the generated face
            log.warning("card scan %s unreadable (%s); using the generated face", scan, e)
            return None
        self._write(fitted, path, scan=True)
        return path


def _clamp(height_px: int) -> int:
    return max(MIN_HEIGHT, min(MAX_HEIGHT, int(height_px)))


def _digest(text: str) -> str:
    data = f"{RENDERER_VERSION}|{font_signature()}|{text}".encode()
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def _plain_face(card: Any, height: int) -> Image.Image:
    """Last resort face: the card's name on a dark card (used only if the renderer fails)."""
    from PIL import ImageDraw

    from matrix_gui.cardfaces.fonts import get_font

    w, h = card_size(height)
    img = Image.new("RGBA", (w, h), (8, 20, 12, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((1, 1, w - 2, h - 2), outline=(60, 235, 110, 255), width=max(1, h // 150))
    d.text((w * 0.08, h * 0.08), str(getattr(card, "name", card)), font=get_font("bold", max(6, h // 18)),
           fill=(240, 250, 244, 255))
    return img
