"""Shared pytest setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ["tests.plugins.rule_recorder"]


# The damaged files of issue 27's acceptance tests (tests/robust/test_damaged_files.py and
# tests/gui/test_damaged_files_gui.py), made once per module that uses them.

@pytest.fixture(scope="module")
def cards_once():
    """Each set of card folders loaded once in this module (tests/robust/helpers.py)."""
    from tests.robust.helpers import cached_card_loads

    with cached_card_loads():
        yield


@pytest.fixture(scope="module")
def bases(cards_once) -> dict[str, tuple[str, dict[str, Any]]]:
    """The real saves the damaged ones are made from (tests/robust/damaged_files.py)."""
    from tests.robust.damaged_files import base_saves

    return base_saves()


@pytest.fixture(scope="module")
def damaged_saves(tmp_path_factory, bases) -> list[tuple[Path, Any]]:
    """Every damaged save, made in a folder of its own: (path, how it was made)."""
    from tests.robust import damaged_files as df

    return df.made(tmp_path_factory.mktemp("saves"), df.saves(bases))
