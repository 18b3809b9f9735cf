"""Write the JSON Schema of the card files (for editors): python tools/card_schema.py

The schemas are generated from the pydantic models in engine/legendary/schema.py (Legendary card
files, the playmat and films.toml), engine/replay/schema.py (Matrix Replay card files) and
engine/expedition/schema.py (Expedition chit files); a test fails when a committed file is stale.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pydantic import BaseModel  # noqa: E402

from engine.expedition import schema as expedition_schema  # noqa: E402
from engine.legendary import schema as legendary_schema  # noqa: E402
from engine.replay import schema as replay_schema  # noqa: E402

OUT = ROOT / "cards" / "legendary" / "schema"
REPLAY_OUT = ROOT / "cards" / "replay" / "schema"
EXPEDITION_OUT = ROOT / "cards" / "expedition" / "schema"


def _text(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema(), indent=1, sort_keys=True) + "\n"


def schemas() -> dict[str, str]:
    """File name -> JSON text of each generated Legendary schema (in ``OUT``)."""
    return {
        "cards.schema.json": _text(legendary_schema.CardFile),
        "playmat.schema.json": _text(legendary_schema.Playmat),
        "films.schema.json": _text(legendary_schema.FilmsFile),
    }


def replay_schemas() -> dict[str, str]:
    """File name -> JSON text of each generated Matrix Replay schema (in ``REPLAY_OUT``)."""
    return {"cards.schema.json": _text(replay_schema.CardFile)}


def expedition_schemas() -> dict[str, str]:
    """File name -> JSON text of each generated Expedition schema (in ``EXPEDITION_OUT``)."""
    return {"chits.schema.json": _text(expedition_schema.ChitFile)}


def all_schemas() -> dict[Path, str]:
    """Every generated schema file of every ruleset: path -> JSON text."""
    out = {OUT / name: text for name, text in schemas().items()}
    out.update({REPLAY_OUT / name: text for name, text in replay_schemas().items()})
    out.update({EXPEDITION_OUT / name: text for name, text in expedition_schemas().items()})
    return out


def main() -> int:
    from engine.core.savefile import write_json_atomic

    for path, text in all_schemas().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, json.loads(text), indent=1)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
