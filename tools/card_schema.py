"""Write the JSON Schema of the Legendary card files (for editors): python tools/card_schema.py

The schema is generated from the pydantic models in engine/legendary/schema.py; a test fails when
the committed file is stale.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.legendary.schema import CardFile, Playmat  # noqa: E402

OUT = ROOT / "cards" / "legendary" / "schema"


def schemas() -> dict[str, str]:
    """File name -> JSON text of each generated schema."""
    return {
        "cards.schema.json": json.dumps(CardFile.model_json_schema(), indent=1, sort_keys=True) + "\n",
        "playmat.schema.json": json.dumps(Playmat.model_json_schema(), indent=1, sort_keys=True) + "\n",
    }


def main() -> int:
    from engine.core.savefile import write_json_atomic

    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in schemas().items():
        write_json_atomic(OUT / name, json.loads(text), indent=1)
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
