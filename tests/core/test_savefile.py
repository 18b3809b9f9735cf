"""Tests for the versioned JSON save envelope."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.core.savefile import (
    MAX_SAVE_BYTES,
    SAVE_FORMAT,
    SAVE_VERSION,
    SaveError,
    canonical_json,
    digest,
    read_save,
    write_json_atomic,
    write_save,
)

PAYLOAD = {
    "turn": 3,
    "players": [{"name": "Néo", "health": 7.5}, {"name": "Trinity", "health": 10}],
    "flags": {"sentinels": True, "zion": None},
}


def _envelope(**overrides: object) -> dict:
    env = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": "legendary",
        "app_version": engine.__version__,
        "payload": PAYLOAD,
        "sha256": digest(PAYLOAD),
    }
    env.update(overrides)
    return env


def _snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def _temp_files(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if p.name.endswith(".tmp")]


def _assert_load_fails(path: Path, *fragments: str, **kwargs: object) -> SaveError:
    """read_save raises SaveError naming the file and reason, and leaves the file untouched."""
    before = _snapshot(path) if path.is_file() else None
    with pytest.raises(SaveError) as info:
        read_save(path, **kwargs)
    err = info.value
    message = str(err)
    assert path.name in message
    assert "\n" not in message
    assert err.path == path
    for fragment in fragments:
        assert fragment in message
        assert fragment in err.reason
    if before is not None:
        assert _snapshot(path) == before
    return err


# --- canonical JSON and digests ---------------------------------------------------------------


def test_canonical_json_is_key_order_independent() -> None:
    a = {"b": 1, "a": {"y": [1, 2], "x": "é"}}
    b = {"a": {"x": "é", "y": [1, 2]}, "b": 1}
    assert canonical_json(a) == canonical_json(b)
    assert canonical_json(a) == '{"a":{"x":"é","y":[1,2]},"b":1}'.encode()
    assert digest(a) == digest(b)
    assert len(digest(a)) == 64


def test_canonical_json_rejects_nan_and_infinity() -> None:
    for bad in (float("nan"), float("inf"), float("-inf")):
        with pytest.raises(ValueError):
            canonical_json({"x": bad})


def test_digest_differs_for_different_values() -> None:
    assert digest({"a": 1}) != digest({"a": 2})


# --- writing --------------------------------------------------------------------------------------


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(path, "legendary", PAYLOAD)
    assert read_save(path) == PAYLOAD
    assert read_save(path, ruleset="legendary") == PAYLOAD
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert envelope == _envelope()
    assert "Néo" in path.read_text(encoding="utf-8")  # ensure_ascii=False


def test_write_save_creates_parent_directories(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "game.json"
    write_save(path, "legendary", {"x": 1})
    assert read_save(path) == {"x": 1}


def test_write_save_rejects_non_dict_payload(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        write_save(tmp_path / "game.json", "legendary", [1, 2])  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


@settings(max_examples=50, deadline=None)
@given(
    st.dictionaries(
        st.text(),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
            | st.text(),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
            max_leaves=20,
        ),
        max_size=5,
    )
)
def test_round_trip_property(payload: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.json"
        write_save(path, "legendary", payload)
        loaded = read_save(path, ruleset="legendary")
        assert canonical_json(loaded) == canonical_json(payload)


def test_write_json_atomic_replaces_content_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    write_json_atomic(path, {"v": 1})
    write_json_atomic(path, {"v": 2}, indent=None)
    assert json.loads(path.read_text(encoding="utf-8")) == {"v": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.json"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_write_json_atomic_keeps_existing_permissions(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    write_json_atomic(path, {"v": 1})
    assert path.stat().st_mode & 0o777 == 0o644  # not mkstemp's private 0o600
    path.chmod(0o640)
    write_json_atomic(path, {"v": 2})
    assert path.stat().st_mode & 0o777 == 0o640


def test_failed_replace_leaves_old_file_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    write_save(path, "legendary", PAYLOAD)
    before = path.read_bytes()

    def boom(src: object, dst: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk on fire"):
        write_save(path, "legendary", {"other": True})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert _temp_files(tmp_path) == []
    assert read_save(path) == PAYLOAD


def test_failed_fsync_leaves_old_file_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "data.json"
    write_json_atomic(path, {"v": 1})
    before = path.read_bytes()

    def boom(fd: int) -> None:
        raise OSError("fsync failed")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="fsync failed"):
        write_json_atomic(path, {"v": 2})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert _temp_files(tmp_path) == []


@pytest.mark.parametrize("bad", [{"x": object()}, {"x": float("nan")}, {1: "a", "b": 2}])
def test_unserialisable_object_leaves_old_file_intact(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "data.json"
    write_json_atomic(path, {"v": 1})
    before = path.read_bytes()
    with pytest.raises((TypeError, ValueError)):
        write_json_atomic(path, bad)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.json"]


# --- load errors ----------------------------------------------------------------------------------


@pytest.fixture
def save_path(tmp_path: Path) -> Path:
    path = tmp_path / "my-game.json"
    write_save(path, "legendary", PAYLOAD)
    return path


def test_missing_file(tmp_path: Path) -> None:
    err = _assert_load_fails(tmp_path / "nope.json", "does not exist")
    assert err.__cause__ is None or isinstance(err.__cause__, OSError)


def test_directory(tmp_path: Path) -> None:
    path = tmp_path / "folder.json"
    path.mkdir()
    _assert_load_fails(path, "is a directory")


def test_oversized_with_small_limit(save_path: Path) -> None:
    size = save_path.stat().st_size
    assert size > 100
    _assert_load_fails(save_path, f"is {size} B, larger than the 100 B limit", max_bytes=100)


def test_oversized_default_limit_message(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse file: size is checked via stat before reading
        fh.truncate(int(20.1 * 1024 * 1024))
    _assert_load_fails(path, "is 20.1 MB, larger than the 16 MB limit")
    assert MAX_SAVE_BYTES == 16 * 1024 * 1024


def test_truncated(save_path: Path) -> None:
    data = save_path.read_bytes()
    save_path.write_bytes(data[: len(data) // 2])
    _assert_load_fails(save_path, "truncated or not JSON", "line ", "column ")


def test_not_json(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("hello, this is not json\n", encoding="utf-8")
    _assert_load_fails(path, "truncated or not JSON", "line 1, column 1")


def test_nan_literal_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(_envelope(payload={"x": float("nan")}, sha256="0" * 64)), encoding="utf-8")
    _assert_load_fails(path, "truncated or not JSON")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    _assert_load_fails(path, "is empty")


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(bytes(range(256)) * 4)
    _assert_load_fails(path, "not UTF-8")


def test_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    _assert_load_fails(path, "not a Matrix Tabletop save", "a list, not an object")


@pytest.mark.parametrize("fmt", ["something-else", None, 7])
def test_wrong_format(tmp_path: Path, fmt: object) -> None:
    path = tmp_path / "other.json"
    write_json_atomic(path, _envelope(format=fmt))
    _assert_load_fails(path, "not a Matrix Tabletop save")


def test_missing_format(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    env = _envelope()
    del env["format"]
    write_json_atomic(path, env)
    _assert_load_fails(path, "not a Matrix Tabletop save")


def test_newer_version(tmp_path: Path) -> None:
    path = tmp_path / "future.json"
    write_json_atomic(path, _envelope(version=3))
    _assert_load_fails(path, "made by a newer version (save format 3, this app reads up to 1)")


@pytest.mark.parametrize("version", [0, -1, "1", 1.5, True, None])
def test_unknown_version(tmp_path: Path, version: object) -> None:
    path = tmp_path / "odd.json"
    write_json_atomic(path, _envelope(version=version))
    _assert_load_fails(path, "unknown save format version")


def test_missing_version(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    env = _envelope()
    del env["version"]
    write_json_atomic(path, env)
    _assert_load_fails(path, "no save format version")


def test_wrong_ruleset(save_path: Path) -> None:
    _assert_load_fails(save_path, 'is for the "legendary" ruleset, not "other"', ruleset="other")


def test_missing_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "nors.json"
    env = _envelope()
    del env["ruleset"]
    write_json_atomic(path, env)
    _assert_load_fails(path, "does not say which ruleset")


def test_missing_payload(tmp_path: Path) -> None:
    path = tmp_path / "nopayload.json"
    env = _envelope()
    del env["payload"]
    write_json_atomic(path, env)
    _assert_load_fails(path, "has no payload")


@pytest.mark.parametrize("payload", [[1, 2], "text", None, 5])
def test_invalid_payload(tmp_path: Path, payload: object) -> None:
    path = tmp_path / "badpayload.json"
    write_json_atomic(path, _envelope(payload=payload, sha256=digest(payload)))
    _assert_load_fails(path, "invalid payload", "not an object")


def test_tampered_payload(save_path: Path) -> None:
    env = json.loads(save_path.read_text(encoding="utf-8"))
    env["payload"]["turn"] = 4
    save_path.write_text(json.dumps(env, ensure_ascii=False), encoding="utf-8")
    _assert_load_fails(save_path, "has been changed or damaged: checksum does not match")


def test_missing_checksum(tmp_path: Path) -> None:
    path = tmp_path / "nosum.json"
    env = _envelope()
    del env["sha256"]
    write_json_atomic(path, env)
    _assert_load_fails(path, "has been changed or damaged")


def test_reformatted_save_still_loads(save_path: Path) -> None:
    """Whitespace and key order don't matter: the checksum covers canonical JSON of the payload."""
    env = json.loads(save_path.read_text(encoding="utf-8"))
    save_path.write_text(json.dumps(env, indent=4, ensure_ascii=True), encoding="utf-8")
    assert read_save(save_path) == PAYLOAD


def test_successful_read_does_not_modify_file(save_path: Path) -> None:
    before = _snapshot(save_path)
    read_save(save_path, ruleset="legendary")
    assert _snapshot(save_path) == before
    assert sorted(p.name for p in save_path.parent.iterdir()) == [save_path.name]


def test_save_error_without_path() -> None:
    err = SaveError(None, "is broken")
    assert str(err) == "Save file is broken"
    assert err.path is None and err.reason == "is broken"

