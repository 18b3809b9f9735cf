"""Matrix Tabletop tests."""
