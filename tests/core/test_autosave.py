"""The autosave journal (engine/core/autosave.py): a command appends one verified line, a torn or
damaged line is dropped, the base is rewritten only as often as keeps the cost per command flat,
and a load replays without undo snapshots (issue 16, item 22)."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from engine.core.autosave import (
    AutosaveWriter,
    clean_stale_temp,
    encode_line,
    journal_path,
    read_autosave,
)
from engine.core.gamelog import UNDO_TAIL
from engine.core.savefile import SaveError, read_save
from engine.legendary.game import LegendaryGame
from engine.legendary.state import State
from tests.core.long_game import Player, fixture_db, play, start


def _load(base: Path) -> LegendaryGame:
    ruleset, payload = read_autosave(base)
    assert ruleset == "legendary"
    return LegendaryGame.from_payload(payload, fixture_db(), path=base)


def _writer_with_game(tmp_path: Path, n: int, **kw: int) -> tuple[AutosaveWriter, LegendaryGame, list[str]]:
    """A writer that saw ``n`` commands; the state hash after each command (index = count)."""
    game = start()
    writer = AutosaveWriter(tmp_path / "autosave.json", **kw)
    writer.start(game)
    hashes = [game.state_hash()]
    player = Player(5)
    for _ in range(n):
        player.step(game)
        writer.record(game)
        hashes.append(game.state_hash())
    return writer, game, hashes


def test_a_command_appends_one_line_and_leaves_the_base_alone(tmp_path: Path) -> None:
    writer, game, _ = _writer_with_game(tmp_path, 5)
    base = tmp_path / "autosave.json"
    before = base.read_bytes()
    journal = journal_path(base)
    size = journal.stat().st_size
    Player(9).step(game)
    writer.record(game)
    assert base.read_bytes() == before
    added = journal.read_bytes()[size:]
    assert added.count(b"\n") == 1 and added.endswith(b"\n")
    assert _load(base).state_hash() == game.state_hash()


def test_the_journal_replays_undo(tmp_path: Path) -> None:
    writer, game, _ = _writer_with_game(tmp_path, 3)
    player = Player(8)
    while not game.can_undo():  # a command that revealed nothing
        player.step(game)
        writer.record(game)
    n = len(game.commands)
    assert game.undo().accepted
    writer.record(game)
    assert len(game.commands) == n - 1
    assert _load(tmp_path / "autosave.json").state_hash() == game.state_hash()


@pytest.mark.parametrize("cut", [1, 7, 20, -1])
def test_a_torn_last_line_is_ignored(tmp_path: Path, cut: int) -> None:
    _, game, hashes = _writer_with_game(tmp_path, 10)
    journal = journal_path(tmp_path / "autosave.json")
    raw = journal.read_bytes()
    last_start = raw.rstrip(b"\n").rfind(b"\n") + 1
    journal.write_bytes(raw[:last_start + cut] if cut > 0 else raw[:-1])  # -1: only the newline lost
    loaded = _load(tmp_path / "autosave.json")
    assert len(loaded.commands) == len(game.commands) - 1
    assert loaded.state_hash() == hashes[-2]


def test_a_damaged_line_ends_the_journal_there(tmp_path: Path) -> None:
    _, game, hashes = _writer_with_game(tmp_path, 10)
    journal = journal_path(tmp_path / "autosave.json")
    lines = journal.read_bytes().split(b"\n")
    line = bytearray(lines[6])  # the header, then commands 1..10: this is command 6
    line[-3] ^= 0x01
    lines[6] = bytes(line)
    journal.write_bytes(b"\n".join(lines))
    loaded = _load(tmp_path / "autosave.json")
    assert len(loaded.commands) == 5
    assert loaded.state_hash() == hashes[5]


def test_a_journal_of_another_base_is_ignored(tmp_path: Path) -> None:
    """A kill after a new base was written but before its journal: the base holds everything."""
    writer, game, _ = _writer_with_game(tmp_path, 6)
    old_journal = journal_path(tmp_path / "autosave.json").read_bytes()
    Player(11).step(game)
    writer.record(game)
    writer.compact()
    journal_path(tmp_path / "autosave.json").write_bytes(old_journal)
    assert _load(tmp_path / "autosave.json").state_hash() == game.state_hash()


def test_a_line_out_of_sequence_ends_the_journal(tmp_path: Path) -> None:
    _, game, hashes = _writer_with_game(tmp_path, 4)
    journal = journal_path(tmp_path / "autosave.json")
    with open(journal, "ab") as fh:
        fh.write(encode_line({"n": 99, "c": "end", "h": "0" * 64}))
    assert _load(tmp_path / "autosave.json").state_hash() == hashes[4]


def test_the_base_alone_is_an_ordinary_save(tmp_path: Path) -> None:
    writer, game, _ = _writer_with_game(tmp_path, 8)
    writer.close()
    assert not journal_path(tmp_path / "autosave.json").read_bytes().count(b"\n") > 1
    assert LegendaryGame.load(tmp_path / "autosave.json", fixture_db()).state_hash() == game.state_hash()


@pytest.mark.slow
def test_the_base_is_rewritten_as_rarely_as_keeps_a_command_cheap(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewrites when the journal is as long as the base: O(log n) of them, O(1) a command on average."""
    from engine.core import autosave

    written: list[int] = []
    real = autosave.write_save

    def counting(path: Path, ruleset: str, payload: dict) -> str:
        written.append(len(payload["commands"]))
        return real(path, ruleset, payload)

    monkeypatch.setattr(autosave, "write_save", counting)
    _, game, _ = _writer_with_game(tmp_path, 600, min_compact=16)
    assert written == [0, 16, 32, 64, 128, 256, 512]
    assert sum(written) <= 2 * len(game.commands)
    assert _load(tmp_path / "autosave.json").state_hash() == game.state_hash()


def _fail_writes_to(path: Path, monkeypatch: pytest.MonkeyPatch, err: int = errno.ENOSPC) -> None:
    """``os.write`` on a file under ``path`` fails as a full disk does (the OS boundary)."""
    real = os.write
    root = str(path)

    def write(fd: int, data: bytes) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").startswith(root):
            raise OSError(err, os.strerror(err))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_after_a_failed_append_the_next_command_saves_everything(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    writer, game, _ = _writer_with_game(tmp_path, 4)
    with monkeypatch.context() as m:
        _fail_writes_to(tmp_path, m)
        Player(2).step(game)
        with pytest.raises(OSError) as info:
            writer.record(game)
        assert info.value.errno == errno.ENOSPC
        Player(3).step(game)
        with pytest.raises(OSError):
            writer.record(game)
    assert _load(tmp_path / "autosave.json").state_hash() != game.state_hash()
    Player(4).step(game)
    writer.record(game)
    assert _load(tmp_path / "autosave.json").state_hash() == game.state_hash()
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_loaded_game_from_an_edited_start_saves_that_start(tmp_path: Path) -> None:
    """Continue rewrites the autosave of the loaded game: its start position must be the saved one,
    not the state the replay moved on (they shared lists)."""
    game = play(start(), 60)
    game.save(tmp_path / "a.json")
    again = LegendaryGame.load(tmp_path / "a.json", fixture_db())
    again.save(tmp_path / "b.json")
    assert LegendaryGame.load(tmp_path / "b.json", fixture_db()).state_hash() == game.state_hash()


def test_a_damaged_base_is_still_a_clear_save_error(tmp_path: Path) -> None:
    _writer_with_game(tmp_path, 3)
    base = tmp_path / "autosave.json"
    base.write_bytes(base.read_bytes()[:-40])
    with pytest.raises(SaveError, match="autosave.json"):
        read_autosave(base)


def test_a_load_replays_without_undo_snapshots_but_keeps_the_last_undo(
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """53 vs 14 us a command: snapshots only for the last commands (issue 16, item 22)."""
    game = play(start(), 400)
    game.save(tmp_path / "game.json")
    clones: list[int] = []
    real = State.clone

    def counting(self: State) -> State:
        clones.append(1)
        return real(self)

    monkeypatch.setattr(State, "clone", counting)
    loaded = LegendaryGame.load(tmp_path / "game.json", fixture_db())
    assert loaded.state_hash() == game.state_hash()
    assert len(clones) <= UNDO_TAIL
    assert loaded.track_undo
    assert loaded.can_undo() == game.can_undo()


def test_a_replay_reports_each_command_and_its_events(tmp_path: Path) -> None:
    game = play(start(), 30)
    game.save(tmp_path / "game.json")
    seen: list[tuple[int, int]] = []
    texts: list[str] = []

    def each(done: int, total: int, events: tuple) -> None:
        seen.append((done, total))
        texts.extend(e.text for e in events if e.text)

    LegendaryGame.from_payload(read_save(tmp_path / "game.json"), fixture_db(), each=each)
    assert seen == [(i, 30) for i in range(1, 31)]
    assert texts


def test_stale_temp_files_are_removed_and_nothing_else(tmp_path: Path) -> None:
    stale = [tmp_path / ".autosave.json.k2j3h.tmp", tmp_path / ".autosave.journal.x9.tmp"]
    keep = [tmp_path / "autosave.json", tmp_path / "notes.tmp", tmp_path / ".hidden"]
    for p in stale + keep:
        p.write_text("x")
    (tmp_path / ".adir.tmp").mkdir()
    removed = clean_stale_temp(tmp_path, tmp_path / "missing")
    assert sorted(removed) == sorted(stale)
    assert all(p.exists() for p in keep) and (tmp_path / ".adir.tmp").is_dir()


def test_the_cli_replays_an_autosave_with_its_journal(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    import json

    from engine.cli import main

    _, game, _ = _writer_with_game(tmp_path, 9)
    assert main(["replay", str(tmp_path / "autosave.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hash"] == game.state_hash() and out["commands"] == 9
