"""Shared pieces of the bad-input tests: a real save to damage, and running a CLI in-process."""
from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
