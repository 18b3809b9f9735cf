"""Entry point of the `matrix-tabletop` command."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the app; until the playmat lands, run a short headless simulation instead."""
    del argv  # the placeholder takes no arguments yet
    print("Matrix Tabletop: the playmat is not built yet; running 3 headless games instead.", flush=True)
    from engine import cli

    return cli.main(["simulate", "--games", "3"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
