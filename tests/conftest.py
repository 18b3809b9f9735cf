"""Shared pytest setup."""

from __future__ import annotations

pytest_plugins = ["tests.plugins.rule_recorder"]
