"""Act 2 of The Matrix, Know Thyself: every rule of it is card data (the free Oracle Heroes of
Part 2 are a ``gain_extra`` verb, LE-CARD-38/39), so it declares nothing beyond its story."""
from __future__ import annotations

from engine.legendary.actrules import ActRules

ACT = ActRules(story="know_thyself")
