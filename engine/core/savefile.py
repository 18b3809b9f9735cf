"""Versioned JSON save envelope: canonical hashing, atomic writes and clear load errors.

The envelope is ruleset independent; a ruleset supplies and interprets only the ``payload``.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import engine

SAVE_FORMAT = "matrix-tabletop-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024
TEMP_SUFFIX = ".tmp"  # of the temp file an atomic write renames onto its target

_KB = 1024
_MB = 1024 * 1024


class SaveError(Exception):
    """A save file that cannot be loaded; ``str(err)`` is a clear one-line reason naming the file."""

    WHAT = "Save file"  # how the message names the file (a subclass for other files says so)

    def __init__(self, path: Path | None, reason: str) -> None:
        self.path = path
        self.reason = reason
        where = f'{self.WHAT} "{path}"' if path is not None else self.WHAT
        super().__init__(f"{where} {reason}")


def canonical_json(obj: object) -> bytes:
    """Deterministic compact UTF-8 JSON (sorted keys); rejects NaN and infinity."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8")


def digest(obj: object) -> str:
    """SHA-256 hex digest of ``canonical_json(obj)``."""
    return hashlib.sha256(canonical_json(obj)).hexdigest()


def write_json_atomic(path: Path, obj: object, *, indent: int | None = 1) -> None:
    """Write ``obj`` as JSON to ``path`` atomically; the previous file is never damaged.

    Serialises first, writes a temp file in the same directory, fsyncs it and ``os.replace``s it
    onto ``path``. On any failure the temp file is removed and the error re-raised.
    """
    text = json.dumps(obj, sort_keys=True, indent=indent, ensure_ascii=False, allow_nan=False)
    write_bytes_atomic(Path(path), (text + "\n").encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, ``os.replace``, fsync the folder)."""
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _copy_mode(path, tmp_name)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fsync_dir(directory)


def write_all(fd: int, data: bytes) -> None:
    """``os.write`` until all of ``data`` is written (a short write is retried, an error raised)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _copy_mode(path: Path, tmp_name: str) -> None:
    """Give the temp file the old file's permissions (or 0o644), not mkstemp's private 0o600."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = 0o644
    os.chmod(tmp_name, mode)


def fsync_dir(directory: Path) -> None:
    """Persist the rename by syncing the directory; unsupported on Windows, so errors are ignored."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        dir_fd = os.open(directory, flags)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def write_save(path: Path, ruleset: str, payload: dict) -> str:
    """Wrap ``payload`` in the versioned, checksummed envelope and write it atomically; returns the
    payload's checksum (what an autosave journal names its base by)."""
    if not isinstance(payload, dict):
        raise TypeError(f"save payload must be a dict, not {type(payload).__name__}")
    envelope = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": ruleset,
        "app_version": engine.__version__,
        "payload": payload,
        "sha256": digest(payload),
    }
    write_json_atomic(Path(path), envelope)
    return str(envelope["sha256"])


def read_save(path: Path, *, ruleset: str | None = None, max_bytes: int = MAX_SAVE_BYTES) -> dict:
    """Load, validate and return the payload of a save; raises ``SaveError`` for any bad file.

    Never writes to or modifies the file.
    """
    path = Path(path)
    raw = _read_bytes(path, max_bytes)
    envelope = _parse(path, raw)
    return _check_envelope(path, envelope, ruleset)


def read_save_any(path: Path, *, max_bytes: int = MAX_SAVE_BYTES) -> tuple[str, dict]:
    """The ruleset a save names and its payload, checked as ``read_save`` checks them; for callers
    that dispatch on the ruleset. Never writes to or modifies the file."""
    path = Path(path)
    envelope = _parse(path, _read_bytes(path, max_bytes))
    payload = _check_envelope(path, envelope, None)
    assert isinstance(envelope, dict)
    return envelope["ruleset"], payload


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    """Read the whole file after checking (via stat) that it exists, is regular and is small enough."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(path, "does not exist") from None
    except OSError as exc:
        raise SaveError(path, f"could not be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(path, "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(path, "is not a regular file")
    if st.st_size > max_bytes:
        raise _too_big(path, st.st_size, max_bytes)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise SaveError(path, "does not exist") from None
    except OSError as exc:
        raise SaveError(path, f"could not be read ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:  # grew between stat and read
        raise _too_big(path, len(raw), max_bytes)
    return raw


def _too_big(path: Path, size: int, max_bytes: int) -> SaveError:
    size_text, limit_text = _format_size(size, up=True), _format_size(max_bytes)
    return SaveError(path, f"is {size_text}, larger than the {limit_text} limit")


def _format_size(n: int, *, up: bool = False) -> str:
    """Human size such as ``20.1 MB``; ``up`` rounds upward so an over-limit size never equals the limit."""
    for unit, scale in (("MB", _MB), ("KB", _KB)):
        if n >= scale:
            value = math.ceil(n * 10 / scale) / 10 if up else round(n / scale, 1)
            return f"{value:.1f}".rstrip("0").rstrip(".") + f" {unit}"
    return f"{n} B"


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not valid JSON")


def _parse(path: Path, raw: bytes) -> object:
    """Decode UTF-8 (an optional BOM is tolerated) and parse strict JSON."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (bad byte at offset {exc.start})") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise SaveError(path, "is empty")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(
            path, f"is truncated or not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(path, f"is truncated or not JSON ({exc})") from None


def _describe(value: object) -> str:
    """JSON-ish type name for messages."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    if type(value) in names:
        return names[type(value)]
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def _check_envelope(path: Path, envelope: object, ruleset: str | None) -> dict:
    """Validate format, version, ruleset, payload and checksum; return the payload."""
    def check_ruleset(env: dict) -> None:
        saved_ruleset = env.get("ruleset")
        if not isinstance(saved_ruleset, str):
            raise SaveError(path, "does not say which ruleset it is for")
        if ruleset is not None and saved_ruleset != ruleset:
            raise SaveError(path, f'is for the "{saved_ruleset}" ruleset, not "{ruleset}"')

    return check_envelope(path, envelope, EnvelopeKind(SAVE_FORMAT, SAVE_VERSION, "payload",
                                                       "save", "a Matrix Tabletop save"),
                          check_ruleset)


@dataclass(frozen=True)
class EnvelopeKind:
    """A kind of versioned, checksummed JSON file: its format name, the newest version this app
    reads, the key of its body, and words for messages ("save", "a Matrix Tabletop save")."""

    format: str
    version: int
    body: str
    noun: str
    described: str


def check_envelope(path: Path, envelope: object, kind: EnvelopeKind,
                   extra: Callable[[dict], None] | None = None) -> dict:
    """Validate format, version (``extra`` checks more fields next), body and checksum; return the
    body. Raises ``SaveError`` (its subclass, for other kinds of file, is the caller's to choose)."""
    if not isinstance(envelope, dict):
        what = _describe(envelope)
        raise SaveError(path, f"is not {kind.described} (top level is {what}, not an object)")
    if envelope.get("format") != kind.format:
        raise SaveError(path, f"is not {kind.described}")
    version = envelope.get("version")
    if "version" not in envelope:
        raise SaveError(path, f"has no {kind.noun} format version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"has an unknown {kind.noun} format version ({json.dumps(version)})")
    if version > kind.version:
        raise SaveError(path, f"was made by a newer version ({kind.noun} format {version}, this app "
                              f"reads up to {kind.version})")
    if version != kind.version:  # pragma: no cover - only reachable once a version is above 1
        raise SaveError(path, f"uses old {kind.noun} format {version}, which this app cannot read")
    if extra is not None:
        extra(envelope)
    if kind.body not in envelope:
        raise SaveError(path, f"has no {kind.body}")
    payload = envelope[kind.body]
    if not isinstance(payload, dict):
        raise SaveError(path, f"has an invalid {kind.body} ({_describe(payload)}, not an object)")
    checksum = envelope.get("sha256")
    if not isinstance(checksum, str):
        raise SaveError(path, "has been changed or damaged: checksum is missing")
    try:
        actual = digest(payload)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveError(path, f"has an invalid {kind.body} ({exc})") from None
    if actual != checksum.lower():
        raise SaveError(path, "has been changed or damaged: checksum does not match")
    return payload


def read_envelope(path: Path, kind: EnvelopeKind, *, max_bytes: int = MAX_SAVE_BYTES) -> dict:
    """The checked body of a versioned JSON file of ``kind``; ``SaveError`` for any bad file. Never
    writes to or modifies the file."""
    path = Path(path)
    return check_envelope(path, _parse(path, _read_bytes(path, max_bytes)), kind)


def write_envelope(path: Path, kind: EnvelopeKind, body: dict) -> None:
    """Write ``body`` atomically in the versioned, checksummed envelope of ``kind``."""
    write_json_atomic(Path(path), {"format": kind.format, "version": kind.version,
                                   "app_version": engine.__version__, kind.body: body,
                                   "sha256": digest(body)})
