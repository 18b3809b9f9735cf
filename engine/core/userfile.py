"""Reading the files users and disks hand us (saves, campaigns, settings, scenarios, card files):
regular files only, up to a size cap, and JSON no deeper than a cap.

The kind and the size are checked before the file is opened, so a FIFO never blocks the app and a
link to /dev/zero or a giant sparse file is never read: ``read_limited`` reads at most the cap.
Every refusal is an ``UnreadableFile`` whose text is the end of a sentence that begins with the
file's name ("is a named pipe (FIFO), not a file"); each caller says which file and what to do.
"""
from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 100  # nesting of a JSON user file (a save's state is ~10 deep); deeper is damage
_CHUNK = 1024 * 1024
_KB = 1024
_MB = 1024 * 1024


class UnreadableFile(ValueError):
    """A user file refused before or while reading; ``reason`` completes "<file> ..."."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(reason)
        self.path = Path(path)
        self.reason = reason


def format_size(n: int, *, up: bool = False) -> str:
    """Human size such as ``20.1 MB``; ``up`` rounds upward so an over-limit size never equals the limit."""
    for unit, scale in (("MB", _MB), ("KB", _KB)):
        if n >= scale:
            value = math.ceil(n * 10 / scale) / 10 if up else round(n / scale, 1)
            return f"{value:.1f}".rstrip("0").rstrip(".") + f" {unit}"
    return f"{n} B"


def _kind_problem(mode: int) -> str | None:
    """Why a file of this mode is not one to read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def _too_big(path: Path, size: int, max_bytes: int) -> UnreadableFile:
    return UnreadableFile(path, f"is {format_size(size, up=True)}, larger than the "
                                f"{format_size(max_bytes)} limit")


def _os_problem(path: Path, exc: OSError) -> UnreadableFile:
    if isinstance(exc, FileNotFoundError):
        return UnreadableFile(path, "does not exist")
    if isinstance(exc, NotADirectoryError):
        return UnreadableFile(path, "does not exist (a folder on its path is a file)")
    return UnreadableFile(path, f"could not be read ({exc.strerror or exc})")


def check_file(path: Path, max_bytes: int) -> int:
    """The size of ``path`` after checking, without opening it, that it is a regular file (links
    followed) of at most ``max_bytes``; UnreadableFile otherwise."""
    try:
        st = os.stat(path)
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the path)
        raise _os_problem(path, exc if isinstance(exc, OSError) else OSError(str(exc))) from None
    problem = _kind_problem(st.st_mode)
    if problem is not None:
        raise UnreadableFile(path, problem)
    if st.st_size > max_bytes:
        raise _too_big(path, st.st_size, max_bytes)
    return st.st_size


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; UnreadableFile for anything else.
    Never opens a FIFO or a device and never reads more than ``max_bytes + 1`` bytes."""
    path = Path(path)
    check_file(path, max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _os_problem(path, exc) from None
    try:
        problem = _kind_problem(os.fstat(fd).st_mode)  # (replaced between the check and the open)
        if problem is not None:
            raise UnreadableFile(path, problem)
        parts: list[bytes] = []
        size = 0
        while size <= max_bytes:
            part = os.read(fd, min(_CHUNK, max_bytes + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
    except OSError as exc:
        raise _os_problem(path, exc) from None
    finally:
        os.close(fd)
    if size > max_bytes:  # it grew after the check
        raise _too_big(path, size, max_bytes)
    return b"".join(parts)


def read_text_limited(path: Path, max_bytes: int) -> str:
    """``read_limited`` decoded as UTF-8 (a leading byte order mark dropped)."""
    raw = read_limited(path, max_bytes)
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(path, f"is not UTF-8 text (bad byte at offset {exc.start})") from None


def depth_problem(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """"is nested too deeply ..." if lists and objects in ``value`` nest more than ``limit`` deep,
    else None. Iterative: a value of any depth is measured without recursion."""
    if not isinstance(value, (list, dict)):
        return None
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return f"is nested too deeply (more than {limit} levels)"
        children = node.values() if isinstance(node, dict) else node
        stack.extend((v, depth + 1) for v in children if isinstance(v, (list, dict)))
    return None


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(path: Path, text: str, limit: int = MAX_DEPTH) -> Any:
    """Strict JSON (no NaN or Infinity) nested at most ``limit`` deep; UnreadableFile naming the
    line and column of a syntax error otherwise."""
    if not text.strip():
        raise UnreadableFile(path, "is empty")
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise UnreadableFile(path, f"is truncated or not JSON (line {exc.lineno}, column {exc.colno}: "
                                   f"{exc.msg})") from None
    except RecursionError:
        raise UnreadableFile(path, f"is nested too deeply (more than {limit} levels)") from None
    except ValueError as exc:
        raise UnreadableFile(path, f"is truncated or not JSON ({exc})") from None
    problem = depth_problem(value, limit)
    if problem is not None:
        raise UnreadableFile(path, problem)
    return value


def read_json_limited(path: Path, max_bytes: int, limit: int = MAX_DEPTH) -> Any:
    """A JSON user file read with ``read_text_limited`` and parsed with ``parse_json``."""
    return parse_json(path, read_text_limited(path, max_bytes), limit)
