"""PyInstaller entry point of the frozen app: the same ``main`` as the ``matrix-tabletop`` command."""
from __future__ import annotations

import sys

from matrix_gui.app import main

if __name__ == "__main__":
    sys.exit(main())
