"""Shared pieces of the bad-input tests: a real save to damage, and running a CLI in-process."""
from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.core.savefile import write_save


@dataclass
class Run:
    """What one in-process CLI run did."""

    code: int
    out: str
    err: str

    def refused_clearly(self) -> bool:
        """Exit status non-zero, one line on stderr, no traceback."""
        lines = [ln for ln in self.err.split("\n") if ln.strip()]
        return self.code != 0 and len(lines) == 1 and "Traceback" not in self.err


def run(main: Callable[[list[str]], int], argv: list[str]) -> Run:
    """``main(argv)`` with stdout and stderr captured; argparse's SystemExit becomes the code."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    return Run(code, out.getvalue(), err.getvalue())


def real_save(path: Path, commands: int = 12, seed: int = 3) -> dict[str, Any]:
    """Play ``commands`` legal commands of a 2-player game of The Matrix, save it to ``path`` and
    return its payload."""
    from engine.legendary.films import film_setup
    from engine.legendary.game import LegendaryGame

    game = LegendaryGame.new(film_setup("the_matrix", 2, seed))
    for _ in range(commands):
        assert game.apply(game.legal_commands()[0]).accepted
    game.save(path)
    return json.loads(path.read_text(encoding="utf-8"))["payload"]


def write_payload(path: Path, payload: Any, ruleset: str = "legendary") -> bytes:
    """Write ``payload`` in a valid envelope (so only the payload is damaged); the file's bytes."""
    write_save(path, ruleset, payload)
    return path.read_bytes()


def shipped_cards_copy(tmp_path: Path, monkeypatch: Any) -> Path:
    """A copy of the shipped Legendary cards that ``load_db`` (engine and app) reads instead of the
    real ones, for tests that break a card file."""
    import shutil

    import engine.legendary.carddb as carddb
    from engine.resources import cards_dir

    copy = tmp_path / "legendary"
    shutil.copytree(cards_dir("legendary"), copy)
    monkeypatch.setattr(carddb, "cards_dir", lambda ruleset: copy)
    return copy


@contextlib.contextmanager
def cached_card_loads() -> Any:
    """While open, load each set of Legendary card folders once (hundreds of saves name the same
    cards; the cards are not what such a test damages). Folders that fail to load are read again.

    A module imported meanwhile may keep the cached loader under its own name (``from ... import
    load_db``), so once closed the loader reads the cards again instead of answering from the cache.
    """
    import functools

    import engine.legendary.carddb as carddb
    import engine.legendary.game as game

    load = carddb.load_db
    open_ = True

    @functools.cache
    def cached(dirs: tuple[str, ...], base: Path | None) -> Any:
        return load([Path(d) for d in dirs], base=base)

    def load_db(extra_dirs: Any = (), *, base: Path | None = None) -> Any:
        if not open_:
            return load(extra_dirs, base=base)
        return cached(tuple(str(d) for d in extra_dirs), base)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(carddb, "load_db", load_db)
        mp.setattr(game, "load_db", load_db)
        try:
            yield
        finally:
            open_ = False
            cached.cache_clear()


@contextlib.contextmanager
def no_hang(seconds: int, what: str) -> Any:
    """Fail (TimeoutError naming ``what``) instead of hanging: a FIFO opened by mistake blocks."""
    import signal

    def alarm(*_: Any) -> None:
        raise TimeoutError(f"{what} took more than {seconds} s (a FIFO opened, or a giant read?)")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def one_sentence(text: str, path: Path) -> bool:
    """A message is one line, names the file (its path or, in a list of card problems, its name)
    and holds no traceback."""
    return ("\n" not in text.strip() and "Traceback" not in text and bool(text.strip())
            and (str(path) in text or path.name in text))


def refuse_writes(monkeypatch: Any, code: int, where: str = "write") -> None:
    """Make atomic writes fail with the system error ``code`` while writing (``where`` "write") or
    while making the temp file ("temp"), naming a temp file as the system would."""
    import os
    import tempfile

    import engine.core.savefile as savefile

    def fail(*_args: Any, **_kw: Any) -> Any:
        raise OSError(code, os.strerror(code), "/some/folder/.x.json.k2j4.tmp")

    if where == "write":
        monkeypatch.setattr(savefile, "write_all", fail)
    else:
        monkeypatch.setattr(tempfile, "mkstemp", fail)
