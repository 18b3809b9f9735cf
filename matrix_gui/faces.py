"""Card pictures for the tables: a cache of fronts and backs at a pixel height, pre-scaled copies to
blit, and the user's own scans (a folder of pictures named by card id) over any face."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap

from matrix_gui.theme import text_scale

SCAN_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def _bucket(height_px: float) -> int:
    """Round a pixel height up to a multiple of 8 under 256 px, else of 16 (fewer cache entries while
    resizing; table-size faces lose at most ~8% of their text size when scaled down to fit)."""
    step = 8 if height_px < 256 else 16
    return max(32, int((height_px + step - 1) // step * step))


class FaceProvider:
    """QPixmaps of card fronts and backs at a pixel height, cached in memory. Each table's faces say
    where a picture comes from (``_load_front``, ``_load_back``)."""

    def __init__(self, db: Any, scans_dir: Path | None = None) -> None:
        self.db = db
        self.scans_dir = Path(scans_dir) if scans_dir else None
        self._pix: dict[tuple[str, str, int, float], QPixmap] = {}
        self._fit: dict[tuple[int, int, int], QPixmap] = {}

    def fit(self, pm: QPixmap, w: int, h: int, dpr: float = 1.0) -> QPixmap:
        """``pm`` smoothly scaled to exactly ``w`` x ``h`` device-independent pixels (cached), so the
        table can blit it without scaling on every frame."""
        pw, ph = max(1, round(w * dpr)), max(1, round(h * dpr))
        key = (pm.cacheKey(), pw, ph)
        got = self._fit.get(key)
        if got is None:
            if len(self._fit) > 800:
                self._fit.clear()
            got = pm if (pm.width(), pm.height()) == (pw, ph) else pm.scaled(
                pw, ph, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
            got.setDevicePixelRatio(dpr)
            self._fit[key] = got
        return got

    def front(self, card_id: str, height_px: float, side: str = "front") -> QPixmap:
        h = _bucket(height_px)
        key = (card_id, side, h, text_scale())  # (a face's text grows with the player's text size)
        pm = self._pix.get(key)
        if pm is None:
            pm = self._load_front(card_id, h, side)
            self._pix[key] = pm
        return pm

    def back(self, back: str, height_px: float) -> QPixmap:
        h = _bucket(height_px)
        key = ("#back", back, h, 1.0)
        pm = self._pix.get(key)
        if pm is None:
            pm = self._load_back(back, h)
            self._pix[key] = pm
        return pm

    # --- sources -------------------------------------------------------------------------------------

    def _scan(self, card_id: str) -> Path | None:
        if self.scans_dir is None:
            return None
        for suf in SCAN_SUFFIXES:
            p = self.scans_dir / f"{card_id}{suf}"
            if p.is_file():
                return p
        return None

    def scan_front(self, card_id: str, h: int) -> QPixmap | None:
        """The user's scan of a card at height ``h`` (None: there is none)."""
        scan = self._scan(card_id)
        if scan is not None:
            pm = QPixmap(str(scan))
            if not pm.isNull():
                return pm.scaledToHeight(h, Qt.TransformationMode.SmoothTransformation)
        return None

    def _load_front(self, card_id: str, h: int, side: str) -> QPixmap:
        """A card's front (or ``side``) at height ``h`` (each table's faces)."""
        raise NotImplementedError

    def _load_back(self, back: str, h: int) -> QPixmap:
        """A card back at height ``h`` (each table's faces)."""
        raise NotImplementedError
