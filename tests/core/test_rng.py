"""The seeded RNG: ``shuffle`` (written out for speed) draws exactly the numbers ``below`` does."""
from __future__ import annotations

from engine.core import rng


def reference_shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates over ``below``, as ``shuffle`` documents it."""
    for i in range(len(items) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_equals_fisher_yates_over_below():
    for seed in (0, 1, 7, 2**63 + 5, 2**64 - 1):
        for size in (0, 1, 2, 3, 10, 53, 300):
            state = rng.seed_state(seed)
            got, want = list(range(size)), list(range(size))
            assert rng.shuffle(state, got) == reference_shuffle(state, want)
            assert got == want


def test_below_stays_in_range_and_advances():
    state = rng.seed_state(3)
    for n in (1, 2, 5, 1000, 2**40):
        new, x = rng.below(state, n)
        assert 0 <= x < n and new != state
        state = new
