"""The committed JSON Schemas of the card files (every ruleset) match the pydantic models."""
from __future__ import annotations

import json

from tools.card_schema import EXPEDITION_OUT, OUT, REPLAY_OUT, all_schemas


def test_committed_card_schemas_are_up_to_date():
    paths = all_schemas()
    assert {p.parent for p in paths} == {OUT, REPLAY_OUT, EXPEDITION_OUT}
    for path, text in paths.items():
        assert path.exists(), f"{path} is missing: run python tools/card_schema.py"
        assert json.loads(path.read_text()) == json.loads(text), \
            f"{path} is stale: run python tools/card_schema.py"


def test_the_replay_schema_describes_the_card_file():
    schema = json.loads((REPLAY_OUT / "cards.schema.json").read_text())
    assert set(schema["properties"]) == {"side", "card"} and "side" in schema["required"]
    assert {"CharacterCard", "EventCard", "MissionCard"} <= set(schema["$defs"])
