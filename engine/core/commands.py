"""Commands: what a player asks the engine to do, with a one-line text form (like chess UCI).

Text form: ``[@SEAT] VERB [ARG ...]``, e.g. ``play 12``, ``move real alley``, ``@2 coordinate 45``,
``choose 1``. Arguments that look like integers become ints. See docs/commands.md.
"""
from __future__ import annotations

from dataclasses import dataclass


class CommandSyntaxError(ValueError):
    """A command line that cannot be parsed."""


@dataclass(frozen=True, slots=True)
class Command:
    """One player command. ``seat`` is who issues it; None means whoever must act now."""

    verb: str
    args: tuple[int | str, ...] = ()
    seat: int | None = None

    def text(self) -> str:
        """The one-line text form; ``parse(cmd.text()) == cmd``."""
        parts = [] if self.seat is None else [f"@{self.seat}"]
        parts.append(self.verb)
        parts.extend(str(a) for a in self.args)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


_SHARED: dict[tuple[str, tuple[int | str, ...], int | None], Command] = {}


def command(verb: str, args: tuple[int | str, ...] = (), seat: int | None = None) -> Command:
    """``Command(verb, args, seat)``, one shared instance per distinct command: commands are values,
    and legal-command generators build the same ones over and over (this is much cheaper)."""
    key = (verb, args, seat)
    got = _SHARED.get(key)
    if got is None:
        got = _SHARED[key] = Command(verb, args, seat)
    return got


def _arg(token: str) -> int | str:
    if token.lstrip("-").isdigit():
        return int(token)
    return token


def parse(line: str) -> Command:
    """Parse one command line; raise CommandSyntaxError on an empty or malformed line."""
    tokens = line.strip().split()
    if not tokens:
        raise CommandSyntaxError("empty command")
    seat: int | None = None
    if tokens[0].startswith("@"):
        raw = tokens.pop(0)[1:]
        if not raw.isdigit():
            raise CommandSyntaxError(f"bad seat {raw!r}: write @0, @1, ...")
        seat = int(raw)
        if not tokens:
            raise CommandSyntaxError("a seat with no command")
    verb = tokens[0].lower()
    if not verb.replace("-", "").isalpha():
        raise CommandSyntaxError(f"bad verb {verb!r}")
    return Command(verb, tuple(_arg(t) for t in tokens[1:]), seat)
