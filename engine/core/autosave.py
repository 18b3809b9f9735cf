"""The autosave: a base save plus an append-only journal, so each command costs the same however
long the game has grown.

Files (``base`` is e.g. ``autosave.json``, the journal ``autosave.journal`` beside it):

- the base is an ordinary versioned save (``savefile.write_save``), written atomically when the
  game starts or is loaded and again whenever the journal has grown as long as the base's log
  (so the rewrites cost O(1) a command on average) or the game is closed;
- the journal's first line names the base by its checksum and command count; each further line is
  one command (or an undo) with the state hash after it. A line is ``<sum> <json>\\n`` where
  ``<sum>`` is the first 16 hex digits of the SHA-256 of ``<json>``; it is appended with one
  ``write`` and fsynced.

Reading takes the base, then the journal lines in order up to the first one that is torn, damaged
or out of sequence (a kill mid-append loses at most that command). A journal that names another
base (a kill between writing a new base and its journal) is ignored: that base already holds
everything. A failed append makes the next command rewrite the base, so a damaged line is never
followed by good ones.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any, Protocol

from engine.core.savefile import (
    MAX_SAVE_BYTES,
    TEMP_SUFFIX,
    SaveError,
    WriteFailed,
    digest,
    read_save_any,
    write_all,
    write_bytes_atomic,
    write_save,
)

JOURNAL_FORMAT = "matrix-tabletop-journal"
JOURNAL_VERSION = 1
JOURNAL_SUFFIX = ".journal"
SUM_DIGITS = 16
# The base is rewritten once the journal holds this many lines, or as many as the base's log.
MIN_COMPACT_LINES = 256
MAX_JOURNAL_BYTES = 4 * MAX_SAVE_BYTES


class SavableGame(Protocol):
    """What the autosave needs of a game (``LoggedGame`` of any ruleset)."""

    RULESET: str
    commands: list[str]

    def save_payload(self) -> dict[str, Any]: ...

    def state_hash(self) -> str: ...


def journal_path(base: Path) -> Path:
    """The journal that belongs to the save ``base``."""
    return Path(base).with_suffix(JOURNAL_SUFFIX)


def encode_line(entry: dict[str, Any]) -> bytes:
    """One journal line: checksum, space, compact JSON, newline."""
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{_sum(text)} {text}\n".encode()


def _sum(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:SUM_DIGITS]


def _decode_line(line: bytes) -> dict[str, Any] | None:
    """The entry of a whole line, or None if it is torn or damaged."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return None
    check, _, body = text.partition(" ")
    if len(check) != SUM_DIGITS or _sum(body) != check:
        return None
    try:
        entry = json.loads(body)
    except ValueError:
        return None
    return entry if isinstance(entry, dict) else None


class AutosaveWriter:
    """Keeps one game's autosave up to date: ``start`` (a new or loaded game), ``record`` (after
    each accepted command or undo), ``close``. Each raises OSError when the disk refuses; the
    next call then rewrites the whole autosave."""

    def __init__(self, base: Path, *, min_compact: int = MIN_COMPACT_LINES) -> None:
        self.base = Path(base)
        self.journal = journal_path(self.base)
        self.min_compact = min_compact
        self._game: SavableGame | None = None
        self._fd: int | None = None
        self._count = 0  # commands the autosave holds
        self._last: str | None = None  # the last of them
        self._base_count = 0
        self._lines = 0  # journal lines since the base
        self._dirty = True  # the files on disk may lag the game: rewrite them

    @property
    def journal_lines(self) -> int:
        return self._lines

    def start(self, game: SavableGame) -> None:
        """Make ``game`` the autosaved game: write its base and an empty journal."""
        self._game = game
        self._dirty = True
        self.compact()

    def record(self, game: SavableGame) -> None:
        """Save what changed since the last call: one appended line, or the whole game."""
        if game is not self._game or self._dirty:
            self._game = game
            self.compact()
            return
        cmds = game.commands
        n = len(cmds)
        same_prefix = lambda k: k == 0 or cmds[k - 1] == self._last  # noqa: E731
        if n == self._count + 1 and same_prefix(self._count):
            entry: dict[str, Any] = {"n": n, "c": cmds[-1], "h": game.state_hash()}
        elif n < self._count:  # undo: the log is a prefix of the saved one
            entry = {"n": n, "h": game.state_hash()}
        else:
            self.compact()
            return
        self._append(encode_line(entry))
        self._count = n
        self._last = cmds[-1] if cmds else None
        self._lines += 1
        if self._lines >= max(self.min_compact, self._base_count):
            self.compact()

    def compact(self) -> None:
        """Rewrite the base with the whole game and start an empty journal (both atomic)."""
        game = self._game
        if game is None:
            return
        self._close_fd()
        self._dirty = True
        payload = game.save_payload()
        count = len(payload["commands"])
        checksum = write_save(self.base, game.RULESET, payload)
        head = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "base": checksum, "n": count}
        write_bytes_atomic(self.journal, encode_line(head))
        self._fd = os.open(self.journal, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._count, self._base_count, self._lines = count, count, 0
        self._last = payload["commands"][-1] if count else None
        self._dirty = False

    def close(self) -> None:
        """Fold the journal into the base (if it holds anything) and let go of the files."""
        try:
            if self._game is not None and (self._lines or self._dirty):
                self.compact()
        finally:
            self._close_fd()
            self._game = None

    def release(self) -> None:
        """Let go of the files, writing nothing: they already hold every command (another game is
        autosaved elsewhere now, and this one stays as it is on disk)."""
        self._close_fd()
        self._game = None

    def _append(self, line: bytes) -> None:
        assert self._fd is not None
        try:
            write_all(self._fd, line)
            os.fsync(self._fd)
        except OSError as exc:
            self._dirty = True  # a line may be half written: the next command rewrites it all
            raise WriteFailed(self.journal, exc) from exc

    def _close_fd(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def read_autosave(path: Path) -> tuple[str, dict[str, Any]]:
    """The ruleset and payload of a save, with the commands of its journal (if one beside it names
    it) folded in; SaveError for a damaged base. Never writes anything."""
    path = Path(path)
    ruleset, payload = read_save_any(path)
    journal = journal_path(path)
    if journal == path or not journal.is_file():
        return ruleset, payload
    commands = payload.get("commands")
    if not isinstance(commands, list):
        return ruleset, payload  # the ruleset's reader says what is wrong
    try:
        with open(journal, "rb") as fh:
            raw = fh.read(MAX_JOURNAL_BYTES)
    except OSError as exc:
        raise SaveError(journal, f"could not be read ({exc.strerror or exc})") from None
    merged = _fold(raw, digest(payload), list(commands))
    if merged is None:
        return ruleset, payload
    out = dict(payload)  # its position is the base's: it covers the base's commands only
    out["snapshot_commands"] = len(commands)
    out["commands"], out["state_hash"] = merged
    return ruleset, out


def _fold(raw: bytes, base_sum: str, commands: list[Any]) -> tuple[list[Any], str] | None:
    """The base's commands with the journal's verified lines applied, and the last state hash; None
    if the journal is not this base's or holds no command."""
    lines = raw.split(b"\n")
    lines.pop()  # after the last newline: empty, or a torn line
    if not lines:
        return None
    head = _decode_line(lines[0])
    if (head is None or head.get("format") != JOURNAL_FORMAT or head.get("version") != JOURNAL_VERSION
            or head.get("base") != base_sum or head.get("n") != len(commands)):
        return None
    want: str | None = None
    for line in lines[1:]:
        entry = _decode_line(line)
        if entry is None:
            break
        n, h, c = entry.get("n"), entry.get("h"), entry.get("c")
        if not isinstance(n, int) or isinstance(n, bool) or not isinstance(h, str):
            break
        if "c" in entry:
            if not isinstance(c, str) or not 1 <= n <= len(commands) + 1:
                break
            del commands[n - 1:]
            commands.append(c)
        else:
            if not 0 <= n < len(commands):
                break
            del commands[n:]
        want = h
    return None if want is None else (commands, want)


def clean_stale_temp(*folders: Path, older_than: float = 0.0) -> list[Path]:
    """Remove the temp files that an interrupted atomic write left in ``folders`` (``.NAME.*.tmp``);
    the removed paths. Missing folders and files that cannot be removed are skipped."""
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            if not (e.name.startswith(".") and e.name.endswith(TEMP_SUFFIX)):
                continue
            try:
                if not e.is_file(follow_symlinks=False):
                    continue
                if older_than and now - e.stat(follow_symlinks=False).st_mtime < older_than:
                    continue
                os.unlink(e.path)
            except OSError:
                continue
            removed.append(Path(e.path))
    return removed
