"""Matrix Tabletop GUI: PySide6 playmat over the pure-Python engine."""

from __future__ import annotations

__version__ = "0.1.0"
