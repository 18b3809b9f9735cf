"""A write the disk refuses is one sentence naming the file the player knows (never its temp file) and
what to do, in the engine and the command line (issue 27, item 6; the app's Save:
tests/gui/test_damaged_files_gui.py)."""
from __future__ import annotations

import errno

import pytest

from engine.cli import main
from engine.core.savefile import WriteFailed, write_json_atomic
from tests.robust import damaged_files as df
from tests.robust.helpers import refuse_writes, run


@pytest.mark.parametrize(("code", "where", "words"), [
    (errno.ENOSPC, "write", "the disk is full; free some space, then try again"),
    (errno.EACCES, "temp", "permission denied; choose a folder you may write to"),
    (errno.EROFS, "temp", "the disk is read-only; choose another folder"),
    (errno.EIO, "write", "Input/output error; try again or choose another folder"),
])
def test_a_refused_write_names_the_file_and_what_to_do(tmp_path, monkeypatch, code, where, words):
    path = tmp_path / "manual2.json"
    refuse_writes(monkeypatch, code, where)
    with pytest.raises(WriteFailed) as err:
        write_json_atomic(path, {"a": 1})
    assert str(err.value) == f'Could not write "{path}": {words}'
    assert err.value.errno == code and ".tmp" not in str(err.value)
    assert list(tmp_path.iterdir()) == []  # no temp file left


def test_a_folder_under_a_file_is_a_sentence_too(tmp_path):
    (tmp_path / "file").write_text("x")
    path = tmp_path / "file" / "saves" / "game.json"
    with pytest.raises(OSError) as err:
        write_json_atomic(path, {})
    assert str(err.value) == (f'Could not write "{path}": its folder cannot be made (a file is in the way); '
                              "choose another folder")


def test_the_command_line_says_which_campaign_could_not_be_written(tmp_path, monkeypatch):
    (tmp_path / "fresh.json").write_bytes(df.campaign_envelope(df.campaign_bodies()["fresh"]))
    before = (tmp_path / "fresh.json").read_bytes()
    refuse_writes(monkeypatch, errno.ENOSPC)
    res = run(main, ["campaign", "--dir", str(tmp_path), "give-up", "fresh"])
    path = tmp_path / "fresh.json"
    assert res.refused_clearly() and f'Could not write "{path}": the disk is full' in res.err
    assert (tmp_path / "fresh.json").read_bytes() == before
