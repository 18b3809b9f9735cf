"""Ruleset-independent engine core: ids, RNG, commands, events, decisions, saves."""
