"""Helpers for game states kept as plain data: fast copies, JSON-ready dicts, stable hashes.

A ruleset's ``State`` is a dataclass of ints, strings, lists, dicts and sets (plus small nested
dataclasses). These helpers copy it for undo snapshots and turn it into JSON for saves and hashes;
``PlainState`` gives such a state its shared conveniences.
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import cache
from typing import Any, ClassVar, TypeVar

from engine.core.savefile import digest

Copier = Callable[[Any], Any]
D = TypeVar("D")


def plain_copy(v: Any) -> Any:
    """Copy nested lists and dicts of plain values (much faster than copy.deepcopy)."""
    if isinstance(v, list):
        return [plain_copy(x) if isinstance(x, (list, dict)) else x for x in v]
    if isinstance(v, dict):
        return {k: plain_copy(x) if isinstance(x, (list, dict)) else x for k, x in v.items()}
    return v


@cache
def field_values(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of all fields of a dataclass ``cls`` instance, in order."""
    getter = operator.attrgetter(*(f.name for f in fields(cls)))
    if len(fields(cls)) == 1:
        return lambda obj: (getter(obj),)
    return getter


def field_copy(obj: D) -> D:
    """A shallow copy of a dataclass instance whose fields are all ``__init__`` arguments: the
    values are shared, not copied. Undo snapshots copy states often, and for slots classes this
    is several times faster than ``copy.copy``."""
    cls = type(obj)
    return cls(*field_values(cls)(obj))


def shared(v: Any) -> Any:
    """No copy at all: for read-only uses such as hashing."""
    return v


def dc_dict(obj: Any, cp: Copier = plain_copy) -> dict[str, Any]:
    """A dataclass instance as a dict of its fields, each passed through ``cp``."""
    return {f.name: cp(getattr(obj, f.name)) for f in fields(obj)}


def str_keys(d: Mapping[int, Any]) -> dict[str, Any]:
    """An int-keyed dict as a JSON object: string keys, in key order."""
    return {str(k): v for k, v in sorted(d.items())}


def int_keys(d: Mapping[str, Any], value: Copier = shared) -> dict[int, Any]:
    """A JSON object back to an int-keyed dict (``value`` converts each value)."""
    return {int(k): value(v) for k, v in d.items()}


def fields_to_dict(obj: Any, special: Mapping[str, Callable[[Any, Copier], Any]], *,
                   share: bool = False) -> dict[str, Any]:
    """A state dataclass as plain JSON-ready data.

    Sets become sorted lists, lists and dicts are copied (not with ``share=True``), and each field
    named in ``special`` goes through its converter, called with the value and the copier.
    """
    cp = shared if share else plain_copy
    out: dict[str, Any] = {}
    for f in fields(obj):
        v = getattr(obj, f.name)
        convert = special.get(f.name)
        if convert is not None:
            v = convert(v, cp)
        elif isinstance(v, set):
            v = sorted(v)
        elif isinstance(v, (list, dict)):
            v = cp(v)
        out[f.name] = v
    return out


class PlainState:
    """Shared conveniences of a ruleset's state dataclass, which has ``piles`` of card numbers, a
    ``result`` ("" while the game runs) and, in ``JSON_FIELDS``, the converters ``to_dict`` uses
    for the fields that are not plain lists, dicts or sets (see ``fields_to_dict``)."""

    __slots__ = ()

    JSON_FIELDS: ClassVar[Mapping[str, Callable[[Any, Copier], Any]]] = {}
    piles: dict[str, list[int]]
    result: str

    def to_dict(self, *, share: bool = False) -> dict[str, Any]:
        """Plain JSON-ready data. ``share=True`` skips copying (read-only uses such as hashing)."""
        return fields_to_dict(self, self.JSON_FIELDS, share=share)

    @property
    def over(self) -> bool:
        return bool(self.result)

    def where(self, card: int) -> str:
        """The pile holding ``card`` (linear scan; for tests and tools, not hot paths)."""
        for name, pile in self.piles.items():
            if card in pile:
                return name
        raise KeyError(card)

    def hash(self) -> str:
        """A stable hash of the whole state (same on every OS and process)."""
        return digest(self.to_dict(share=True))
