"""A small seeded RNG whose whole state is one integer, kept inside the game state.

SplitMix64: the same seed gives the same numbers on every OS and Python version, and the state is
cheap to copy, hash and save (unlike ``random.Random``).
"""
from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # SplitMix64


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new_state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _TWO64 - _TWO64 % n
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle ``items`` in place; return the new state.

    The same numbers as ``below(state, i + 1)`` for each ``i`` from the end, with ``below`` and
    ``next_u64`` written out: shuffles draw most of a game's random numbers (setup alone shuffles
    hundreds of cards), and the two calls per card cost more than the arithmetic.
    """
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _TWO64 - _TWO64 % n
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    """Turn any integer seed into an RNG state."""
    return seed & _MASK
