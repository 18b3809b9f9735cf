"""User settings (animation speed, scans folder, last setup, window geometry), kept as JSON.

The dataclasses here are the one model of the file: each field's type, and the bounds in its
``metadata``, say what the file may hold. ``read_settings`` keeps every good value and drops each bad
one with a one-line note naming the file, so a hand-edited or damaged file never stops the app.
(The model is checked without pydantic: importing it would cost ~70 ms before the first frame.)
"""
from __future__ import annotations

from dataclasses import Field, asdict, dataclass, field, fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

M = TypeVar("M")
MAX_SETTINGS_BYTES = 1024 * 1024
MAX_TEXT = 4096  # characters of a text setting (geometry and window state: see their fields)
MAX_ITEMS = 16  # items of a list setting


def bounds(low: float | None = None, high: float | None = None, *, chars: int | None = None) -> dict:
    """A field's ``metadata``: the least and greatest number, or the longest text, it may hold."""
    return {"low": low, "high": high, "chars": chars}


@dataclass
class LastSetup:
    """The New Game dialog's choices, remembered for next time."""

    ruleset: str = "legendary"
    film: str = ""
    players: int = field(default=2, metadata=bounds(1, 5))
    avatars: list[str] = field(default_factory=list)
    seed: str = ""
    acts: list[str] = field(default_factory=list)  # the last story's Acts and Zion groups
    groups: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)  # difficulty options
    traitor: str = ""  # a Traitor mode id, or "" for none
    seats: list[str] = field(default_factory=list)  # who played each Legendary seat ("human", a bot)
    sides: list[str] = field(default_factory=list)  # who played each Matrix Replay side


@dataclass
class Settings:
    animation_speed: float = field(default=1.0, metadata=bounds(0.25, 4.0))  # 0.5 slower, 2.0 faster
    skip_animations: bool = False
    scans_dir: str = ""
    zoom_on_hover: bool = True
    text_scale: float = 1.0  # "larger text": every text of the app, the tables' and card faces' too
    last_setup: LastSetup = field(default_factory=LastSetup)
    geometry: str = field(default="", metadata=bounds(chars=65536))  # base64 of saveGeometry()
    window_state: str = field(default="", metadata=bounds(chars=65536))

    @classmethod
    def load(cls, path: Path) -> Settings:
        """Read settings; a missing file gives the defaults, a bad value its default."""
        return read_settings(path)[0]

    def as_dict(self) -> dict[str, Any]:
        """The settings as the file holds them."""
        return asdict(self)

    def save(self, path: Path) -> None:
        from engine.core.savefile import write_json_atomic  # (not needed before the first frame)

        write_json_atomic(Path(path), self.as_dict())


def read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings of ``path`` and one note per value that was dropped."""
    return read_model(Settings, path, "Settings file")


def read_model(cls: type[M], path: Path, what: str) -> tuple[M, list[str]]:
    """The dataclass ``cls`` read from the JSON file ``path`` (``what`` it is, in messages) and one
    note per value dropped: a missing file gives the defaults and no note, a file that cannot be read
    at all the defaults and why."""
    from engine.core.userfile import UnreadableFile, read_json_limited
    from engine.core.wording import describe

    path = Path(path)
    try:
        raw = read_json_limited(path, MAX_SETTINGS_BYTES)
    except UnreadableFile as e:
        if e.reason == "does not exist":
            return cls(), []
        return cls(), [f'{what} "{path}" {e.reason}: the defaults are used']
    if not isinstance(raw, dict):
        return cls(), [f'{what} "{path}" holds {describe(raw)}, not an object of settings: the defaults '
                       "are used"]
    problems: list[str] = []
    values = read_fields(cls, raw, "", problems)
    return values, [f'{what} "{path}": {p}, so its default is used' for p in problems]


def read_fields(cls: type, raw: Any, prefix: str, problems: list[str]) -> Any:
    """An instance of the dataclass ``cls`` from the JSON object ``raw``: each good value kept, each
    bad one left at its default with a phrase in ``problems``; unknown keys are ignored (a newer
    app's settings)."""
    if not isinstance(raw, dict):
        from engine.core.wording import describe

        problems.append(f"{prefix.rstrip('.')} must be an object, not {describe(raw)}")
        return cls()
    kept: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in raw:
            continue
        kind = _hints(cls)[f.name]
        if is_dataclass(kind):
            kept[f.name] = read_fields(kind, raw[f.name], f"{prefix}{f.name}.", problems)
            continue
        problem = _problem(raw[f.name], kind, f)
        if problem is None:
            kept[f.name] = raw[f.name]
        else:
            problems.append(f"{prefix}{f.name} {problem}")
    return cls(**kept)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


_WHAT = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _type_ok(value: Any, kind: type) -> bool:
    """Whether a JSON value has the type ``kind`` (a whole number is a number; true is not one)."""
    if isinstance(value, bool):
        return kind is bool
    return isinstance(value, (int, float) if kind is float else kind)


def _problem(value: Any, kind: Any, f: Field) -> str | None:
    """Why ``value`` cannot be the field ``f`` of type ``kind`` ("must be ..."), or None."""
    from engine.core.wording import describe

    if get_origin(kind) is list:
        item = get_args(kind)[0]
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            return f"must be a list of at most {MAX_ITEMS} items, not {describe(value)}"
        odd = next((v for v in value if _problem(v, item, f) is not None), None)
        return None if odd is None else f"must hold only {_WHAT[item]}, not {describe(odd)}"
    if not _type_ok(value, kind):
        return f"must be {_WHAT[kind]}, not {describe(value)}"
    chars = f.metadata.get("chars") or MAX_TEXT
    if kind is str and len(value) > chars:
        return f"must be at most {chars} characters long"
    low, high = f.metadata.get("low"), f.metadata.get("high")
    if low is not None and high is not None and kind in (int, float) and not low <= value <= high:
        return f"must be from {low:g} to {high:g}, not {describe(value)}"
    return None
