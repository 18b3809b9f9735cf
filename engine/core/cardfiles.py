"""Reading card files: TOML parsing, schema validation, and problems that name file, card and field.

Each ruleset validates its files against its own pydantic model; this module does the shared part
and reports every problem as one line such as ``heroes.toml: card[3] 'neo'.modifiers.0: ...``.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from engine.core.userfile import UnreadableFile, read_text_limited

M = TypeVar("M", bound=BaseModel)
TOO_DEEP = "nested too deeply to be a card file"
MAX_CARD_FILE_BYTES = 4 * 1024 * 1024  # the biggest shipped card file is ~40 KB


class CardLoadError(Exception):
    """Card files that fail to load; ``problems`` lists 'file: card[i] 'id'.field: message' lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def check_folder(folder: Path | str, what: str = "card folder") -> None:
    """CardLoadError unless ``folder`` is a folder (a link to one will do)."""
    p = Path(folder)
    if not p.is_dir():
        state = "is not a folder" if p.exists() or p.is_symlink() else "does not exist"
        raise CardLoadError([f"{folder}: the {what} {state}"])


def read_toml(path: Path, problems: list[str]) -> dict[str, Any] | None:
    """The parsed TOML of a file, or None after adding why it cannot be read to ``problems``."""
    name = path.name
    try:
        return tomllib.loads(read_text_limited(path, MAX_CARD_FILE_BYTES))
    except UnreadableFile as e:
        problems.append(f"{name}: {e.reason}")
    except tomllib.TOMLDecodeError as e:
        problems.append(f"{name}: not valid TOML: {e}")
    except RecursionError:
        problems.append(f"{name}: {TOO_DEEP}")
    return None


def format_loc(loc: tuple[Any, ...], doc: dict[str, Any], tags: Iterable[str] = (), key: str = "card") -> str:
    """``card[3] 'neo'.modifiers.0.amount`` from a pydantic error location.

    ``card, 3`` becomes ``card[3] 'id'`` (the id read from ``doc``), and the discriminator tag
    pydantic puts after it (one of ``tags``, e.g. ``character``) is left out. ``key`` is the name
    of the file's list of records (``card``; the Expedition's chit files say ``chit``).
    """
    tag_set = frozenset(tags)
    parts: list[str] = []
    i = 0
    while i < len(loc):
        p = loc[i]
        if p == key and i + 1 < len(loc) and isinstance(loc[i + 1], int):
            n = loc[i + 1]
            cards = doc.get(key, [])
            cid = cards[n].get("id", "?") if n < len(cards) and isinstance(cards[n], dict) else "?"
            parts.append(f"{key}[{n}] '{cid}'")
            i += 2
            if i < len(loc) and loc[i] in tag_set:
                i += 1
            continue
        parts.append(str(p))
        i += 1
    return ".".join(parts) if parts else "(file)"


def validation_problems(name: str, err: ValidationError, doc: dict[str, Any],
                        tags: Iterable[str] = (), key: str = "card") -> list[str]:
    """One ``file: location: message`` line per error of a failed validation."""
    tags = tuple(tags)
    return [f"{name}: {format_loc(tuple(e['loc']), doc, tags, key)}: {e['msg']}" for e in err.errors()]


def read_card_files(paths: Iterable[Path], model: type[M], problems: list[str],
                    tags: Iterable[str] = (), key: str = "card") -> Iterator[tuple[str, M]]:
    """Read and validate each file against ``model``, yielding (file name, parsed file) for those
    that pass, one file at a time (so problems stay in file order).

    Every problem (unreadable file, bad TOML, schema error) is added to ``problems``; ``tags`` are
    the card discriminator values to leave out of error locations, ``key`` the name of a file's
    list of records.
    """
    tags = tuple(tags)
    for path in paths:
        doc = read_toml(path, problems)
        if doc is None:
            continue
        try:
            parsed = model.model_validate(doc)
        except ValidationError as e:
            problems.extend(validation_problems(path.name, e, doc, tags, key))
            continue
        except RecursionError:
            problems.append(f"{path.name}: {TOO_DEEP}")
            continue
        yield path.name, parsed


def add_card(cards: dict[str, Any], files: dict[str, str], name: str, card: Any,
             problems: list[str]) -> bool:
    """Add ``card`` (from file ``name``) under its id; a second use of an id is a problem instead."""
    if card.id in cards:
        problems.append(f"{name}: card '{card.id}': id already used in {files[card.id]}")
        return False
    cards[card.id] = card
    files[card.id] = name
    return True
