"""Matrix Tabletop rules engines: pure Python, no Qt."""
from __future__ import annotations

__version__ = "0.1.0"
