"""The Expedition's candidate list, the test oracle of its legal-command generators (as in
``tests/replay/trial_oracle.py``): every command that may be legal now, ``check`` having the last
word."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.commands import Command
from engine.expedition.table import Table


def candidates(t: Table) -> Iterator[Command]:
    """Every command worth trying now, for every seat: ``choose`` with options in and out of range,
    and ``move`` to every slot of the grid and one beyond each edge."""
    s = t.s
    seats = range(len(s.sheets))
    for seat in seats:
        for k in range(-1, 25):
            yield Command("choose", (k,), seat)
        for r in range(0, 6):
            for c in range(0, 7):
                yield Command("move", (r, c), seat)
