"""Versioned JSON save envelope: canonical hashing, atomic writes and clear load errors.

The envelope is ruleset independent; a ruleset supplies and interprets only the ``payload``.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import engine
from engine.core.userfile import UnreadableFile, parse_json, read_limited

SAVE_FORMAT = "matrix-tabletop-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024
TEMP_SUFFIX = ".tmp"  # of the temp file an atomic write renames onto its target


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


class WriteFailed(OSError):
    """A file that could not be written; ``str(err)`` is one sentence naming it (not its temp file)
    and what to do. ``errno`` and ``strerror`` are the system's."""

    def __init__(self, path: Path, exc: OSError) -> None:
        super().__init__(exc.errno, exc.strerror or str(exc))
        self.filename = str(path)
        self.path = Path(path)
        self.sentence = f'Could not write "{path}": {_write_advice(exc)}'

    def __str__(self) -> str:
        return self.sentence


def _write_advice(exc: OSError) -> str:
    """What went wrong in a write and what to do, in words."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full; free some space, then try again"
    if code == errno.EROFS:
        return "the disk is read-only; choose another folder"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied; choose a folder you may write to"
    if code in (errno.ENOENT, errno.ENOTDIR):
        return "its folder cannot be made (a file is in the way); choose another folder"
    if code == errno.EISDIR:
        return "a folder of that name is in the way; choose another name"
    if code == errno.ENAMETOOLONG:
        return "the name is too long; choose a shorter one"
    return f"{exc.strerror or exc}; try again or choose another folder"


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, ``os.replace``, fsync the folder);
    WriteFailed naming ``path`` if the disk refuses."""
    try:
        _write_atomic(path, data)
    except WriteFailed:
        raise
    except OSError as exc:
        raise WriteFailed(path, exc) from exc


def _write_atomic(path: Path, data: bytes) -> None:
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
    """The bytes of a regular file of at most ``max_bytes`` (checked before it is opened)."""
    try:
        return read_limited(path, max_bytes)
    except UnreadableFile as e:
        raise SaveError(path, e.reason) from None


def _parse(path: Path, raw: bytes) -> object:
    """Decode UTF-8 (an optional BOM is tolerated) and parse strict JSON, at most ``MAX_DEPTH`` deep."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (bad byte at offset {exc.start})") from None
    try:
        return parse_json(path, text.removeprefix("\ufeff"))
    except UnreadableFile as e:
        raise SaveError(path, e.reason) from None


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
