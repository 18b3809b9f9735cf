"""The Legendary Encounters table page: ``page.LegendaryPage`` (HUD over the playmat view) and its
parts: ``scene``/``layout``/``items``/``faces`` draw the playmat, ``intents`` declares its gestures,
``hud`` shows the engine's view in words. The engine (``engine.legendary``) owns every rule."""
