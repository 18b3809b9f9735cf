"""Data from outside the engine (save payloads, scenario files) checked by pydantic models at the edge.

A malformed field becomes one clear sentence naming it, such as ``setup.seed must be a whole number,
not the text "abc"``, raised as ``InputError`` (a ``ValueError``), never a raw type error from deep
inside the engine.
"""
from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

M = TypeVar("M", bound=BaseModel)

# pydantic error types -> what the field must be (the rest use pydantic's own wording).
_MUST_BE = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "string_type": "text", "bool_type": "true or false", "list_type": "a list",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "none_required": "null",
}
_SHOULD = re.compile(r"^(Input|String|List|Value|Dictionary|Tuple|Set) should")
MAX_SHOWN = 40  # characters of a bad value quoted in a message


class InputError(ValueError):
    """Outside data with a malformed field; ``str(err)`` is one sentence naming the field."""


class InputModel(BaseModel):
    """Base of the edge models: unknown fields are errors, and a model is never changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def describe(value: object) -> str:
    """A JSON-ish description of a value for messages: ``the text "abc"``, ``a list``, ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'the text "{shorten(value, MAX_SHOWN)}"'
    if isinstance(value, (int, float)):
        text = str(value) if abs(value) < 10**15 else "a very large number"
        return f"the number {text}" if text[0] in "-0123456789" else text
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters (ending in "...") for a one-line message."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def field_name(loc: tuple[Any, ...], prefix: str = "") -> str:
    """``setup.avatars[1]`` from a pydantic error location under ``prefix``."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out = f"{out}.{part}" if out else str(part)
    return out or "(the whole value)"


def sentence(err: dict[str, Any], prefix: str = "") -> str:
    """One sentence for one pydantic error: the field, what it must be, and what it is."""
    name = field_name(tuple(err.get("loc", ())), prefix)
    kind = err.get("type", "")
    if kind == "missing":
        return f"{name} is missing"
    if kind == "extra_forbidden":
        return f"{name} is not a known field"
    want = _MUST_BE.get(kind)
    if want is None:
        msg = str(err.get("msg", "is not valid"))
        msg = _SHOULD.sub("must", msg.replace("Value error, ", ""))
        return f"{name} {msg[0].lower() + msg[1:] if msg else 'is not valid'}"
    return f"{name} must be {want}, not {describe(err.get('input'))}"


def problem_text(err: ValidationError, prefix: str = "") -> str:
    """The first error as a sentence, plus how many more there are."""
    errors = err.errors()
    text = sentence(errors[0], prefix) if errors else f"{prefix or 'the value'} is not valid"
    if len(errors) > 1:
        text += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return text


def check(model: type[M], data: object, prefix: str = "") -> M:
    """``data`` validated as ``model``; InputError naming the first bad field otherwise."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise InputError(problem_text(e, prefix)) from None
    except RecursionError:
        raise InputError(f"{prefix or 'the value'} is nested too deeply") from None


def one_line(exc: BaseException) -> str:
    """An error's message on one line: its first line, and how many more lines it has
    (a CardLoadError lists one problem a line)."""
    lines = [ln for ln in str(exc).splitlines() if ln.strip()] or [type(exc).__name__]
    more = len(lines) - 1
    return lines[0] + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")
