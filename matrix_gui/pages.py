"""The page table: the one place that names a table page's module (one page per ruleset).

The window builds a page from here when its first game starts, and asks the page classes what they
offer (``TablePage.offers``, ``start_entries``, ``menu_entries``) without building them. A page
module is cheap to import: what its table needs is imported when the page is built.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matrix_gui.page import TablePage

# ruleset -> "module:class" of its page
PAGES = {"legendary": "matrix_gui.legendary.page:LegendaryPage",
         "replay": "matrix_gui.replay.page:ReplayPage",
         "expedition": "matrix_gui.expedition.page:ExpeditionPage"}


def page_class(ruleset: str) -> type[TablePage]:
    """The page class of ``ruleset`` (KeyError for a ruleset this app does not know)."""
    module, name = PAGES[ruleset].split(":")
    return getattr(importlib.import_module(module), name)


def serving(what: str) -> str | None:
    """The first ruleset whose page serves ``what`` (a ``PageOffers`` field: "films", "story",
    "sheets", "scenarios", "campaigns"), or None."""
    return next((r for r in PAGES if getattr(page_class(r).offers(), what)), None)
