"""Legendary Encounters: The Matrix ruleset."""
