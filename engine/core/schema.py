"""The strict base of every card-file model: unknown fields fail, and a loaded card never changes."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """A pydantic model that forbids unknown fields and is frozen once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)
