"""The committed JSON Schema of the card files matches the pydantic models."""
from __future__ import annotations

import json

from tools.card_schema import OUT, schemas


def test_committed_card_schema_is_up_to_date():
    for name, text in schemas().items():
        path = OUT / name
        assert path.exists(), f"{path} is missing: run python tools/card_schema.py"
        assert json.loads(path.read_text()) == json.loads(text), \
            f"{path} is stale: run python tools/card_schema.py"
