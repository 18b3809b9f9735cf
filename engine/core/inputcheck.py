"""Data from outside the engine (save payloads, scenario files) checked by pydantic models at the edge.

A malformed field becomes one clear sentence naming it, such as ``setup.seed must be a whole number,
not the text "abc"``, raised as ``InputError`` (a ``ValueError``), never a raw type error from deep
inside the engine.
"""
from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.wording import MAX_SHOWN, describe, one_line, shorten

__all__ = ["MAX_SHOWN", "InputError", "InputModel", "check", "describe", "field_name", "one_line",
           "problem_text", "sentence", "shorten"]

M = TypeVar("M", bound=BaseModel)

# pydantic error types -> what the field must be (the rest use pydantic's own wording).
_MUST_BE = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "string_type": "text", "bool_type": "true or false", "list_type": "a list",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "none_required": "null",
}
_SHOULD = re.compile(r"^(Input|String|List|Value|Dictionary|Tuple|Set) should")


class InputError(ValueError):
    """Outside data with a malformed field; ``str(err)`` is one sentence naming the field."""


class InputModel(BaseModel):
    """Base of the edge models: unknown fields are errors, and a model is never changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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
    if kind in ("missing", "missing_argument"):
        return f"{name} is missing"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
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
