"""Values and errors in words for one-line messages (no pydantic: the app reads its settings with
these before its first frame)."""
from __future__ import annotations

MAX_SHOWN = 40  # characters of a bad value quoted in a message


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


def one_line(exc: BaseException) -> str:
    """An error's message on one line: its first line, and how many more lines it has
    (a CardLoadError lists one problem a line)."""
    lines = [ln for ln in str(exc).splitlines() if ln.strip()] or [type(exc).__name__]
    more = len(lines) - 1
    return lines[0] + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")
