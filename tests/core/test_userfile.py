"""The one reader of user files: regular files only (checked before opening, so a FIFO never blocks),
never more than the cap read, JSON no deeper than the cap, and each refusal the end of a sentence."""
from __future__ import annotations

import os

import pytest

from engine.core import userfile
from engine.core.userfile import UnreadableFile, depth_problem, parse_json, read_limited, read_text_limited
from tests.robust.damaged_files import Damaged, deep
from tests.robust.helpers import no_hang


@pytest.mark.parametrize(("kind", "words"), [("fifo", "is a named pipe (FIFO), not a file"),
                                             ("zero", "is a device, not a file"),
                                             ("sparse", "is 300 MB, larger than the 1 MB limit")])
def test_files_that_are_not_files_are_refused_without_opening_them(tmp_path, kind, words, monkeypatch):
    path = Damaged("x.json", b"{", kind).make(tmp_path)
    opened, real_open = [], os.open
    monkeypatch.setattr(userfile.os, "open", lambda *a: opened.append(a) or real_open(*a))
    with no_hang(5, kind), pytest.raises(UnreadableFile) as err:
        read_limited(path, 1024 * 1024)
    assert err.value.reason == words and err.value.path == path and opened == []


def test_a_folder_and_a_missing_file_are_named_so(tmp_path):
    with pytest.raises(UnreadableFile, match="^is a directory, not a file$"):
        read_limited(tmp_path, 10)
    with pytest.raises(UnreadableFile, match="^does not exist$"):
        read_limited(tmp_path / "nope.json", 10)
    (tmp_path / "file").write_text("x")
    with pytest.raises(UnreadableFile, match=r"^does not exist \(a folder on its path is a file\)$"):
        read_limited(tmp_path / "file" / "x.json", 10)


def test_a_file_is_read_whole_up_to_its_cap_and_refused_past_it(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(b"a" * 100)
    assert read_limited(path, 100) == b"a" * 100
    with pytest.raises(UnreadableFile, match="^is 100 B, larger than the 99 B limit$"):
        read_limited(path, 99)


def test_a_file_that_grows_after_the_check_is_read_only_to_its_cap(tmp_path, monkeypatch):
    path = tmp_path / "x.txt"
    path.write_bytes(b"a" * 10)
    real = userfile.check_file

    def grow(p, cap):  # the file grows between the check and the read
        size = real(p, cap)
        path.write_bytes(b"a" * 5000)
        return size

    monkeypatch.setattr(userfile, "check_file", grow)
    reads, read = [], os.read
    monkeypatch.setattr(userfile.os, "read", lambda fd, n: reads.append(n) or read(fd, n))
    with pytest.raises(UnreadableFile, match="larger than the 100 B limit"):
        read_limited(path, 100)
    assert sum(reads) <= 101


def test_text_is_utf8_with_an_optional_byte_order_mark(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes("\ufeffé".encode())
    assert read_text_limited(path, 10) == "é"
    path.write_bytes(b"ok \xff")
    with pytest.raises(UnreadableFile, match=r"^is not UTF-8 text \(bad byte at offset 3\)$"):
        read_text_limited(path, 10)


@pytest.mark.parametrize(("text", "words"), [
    ("", "is empty"), (" \n", "is empty"), ('{"a": ', "is truncated or not JSON (line 1, column 7"),
    ('{"a": NaN}', "is truncated or not JSON (NaN is not valid JSON)"),
    ("[" * 101 + "]" * 101, "is nested too deeply (more than 100 levels)"),
    ("[" * 50_000 + "]" * 50_000, "is nested too deeply (more than 100 levels)"),
])
def test_json_is_strict_and_no_deeper_than_its_cap(tmp_path, text, words):
    with pytest.raises(UnreadableFile) as err:
        parse_json(tmp_path / "x.json", text)
    assert err.value.reason.startswith(words)


def test_depth_is_measured_without_recursion():
    assert depth_problem(deep(99)) is None  # the list and 99 more inside it: 100 levels
    assert depth_problem(deep(100)) is not None
    assert depth_problem(deep(100_000)) == "is nested too deeply (more than 100 levels)"
    assert depth_problem({"a": [{"b": []}]}, limit=4) is None
    assert depth_problem({"a": [{"b": [[]]}]}, limit=4) is not None
    assert depth_problem("text") is None
