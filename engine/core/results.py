"""What ``apply`` returns: the events of an accepted command, or a rejection with its reason."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """Something that happened, in order: what the GUI animates and the log prints.

    ``kind`` names it (``card_moved``, ``card_revealed``, ``time_changed``, ...); ``data`` holds
    plain JSON values. ``text`` is the line for the game log. Treat an event as read-only (it is
    not frozen only because the engine builds very many of them).
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data, "text": self.text}


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused command: the rule it breaks and why, in words a player understands."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    @property
    def accepted(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Accepted:
    events: tuple[Event, ...]

    @property
    def accepted(self) -> bool:
        return True


Result = Accepted | Rejection


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice: who decides, why, and the labelled options (answered by ``choose K``)."""

    seat: int
    prompt: str
    options: tuple[str, ...]
    rule: str = ""
    kind: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "prompt": self.prompt, "options": list(self.options),
                "rule": self.rule, "kind": self.kind}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        """Rebuild from ``to_dict`` output (raises KeyError/TypeError on damaged data)."""
        return cls(d["seat"], d["prompt"], tuple(d["options"]), d.get("rule", ""), d.get("kind", ""))
