"""The Expedition table: the Matrix Phase grid search, 1-4 players taking turns at one screen.

``page.ExpeditionPage`` is the page (HUD, view) and its controller; ``scene``/``layout``/``items``/
``faces`` draw the engine's ``observe`` view (every chit lies face up, so there is no curtain);
``intents`` maps the Explorer's drag and the clicks on offered slots to engine commands;
``animation`` glides chits and the Explorer. The engine (``engine.expedition``) owns every rule.
"""
from __future__ import annotations

RULESET = "expedition"
