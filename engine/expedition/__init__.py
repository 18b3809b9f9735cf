"""Expedition: the Matrix Phase grid search of an expedition chit game (rules ``EX-...``).

Entry point: ``engine.expedition.game.ExpeditionGame``; see docs/architecture.md.
"""
