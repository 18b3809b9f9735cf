"""Pytest plugins of the test suite."""
