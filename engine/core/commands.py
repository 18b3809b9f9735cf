"""Commands: what a player asks the engine to do, with a one-line text form (like chess UCI).

Text form: ``[@SEAT] VERB [ARG ...]``, e.g. ``play 12``, ``move real alley``, ``@2 coordinate 45``,
``choose 1``. Arguments that look like integers become ints. See docs/commands.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Numbers in command text: ASCII digits only (``str.isdigit`` also accepts "²" and other digits
# that ``int`` refuses) and at most this many, far below Python's int-from-text limit.
MAX_DIGITS = 18
MAX_COMMAND_CHARS = 1000  # far longer than any real command; a save's longer line is damage
_INT = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
_SEAT = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


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


class ByArg(dict[int | str, Command]):
    """The commands ``[@SEAT] VERB ARG`` by their one argument, each built on first use.

    Legal-command generators list the same card commands on every call; a dict lookup by card
    number is several times cheaper than building (or even looking up) a command from its parts.
    """

    __slots__ = ("verb", "seat")

    def __init__(self, verb: str, seat: int | None = None) -> None:
        super().__init__()
        self.verb = verb
        self.seat = seat

    def __missing__(self, arg: int | str) -> Command:
        cmd = self[arg] = command(self.verb, (arg,), self.seat)
        return cmd


def arg_value(token: str) -> int | str:
    """An integer for a number token, else the token; a token that looks like a number but is not
    ASCII digits (or is too long) is a syntax error."""
    if _INT.fullmatch(token):
        return int(token)
    if token.lstrip("-") and all(ch.isdigit() for ch in token.lstrip("-")):
        raise CommandSyntaxError(f"bad number {_short(token)}: write ASCII digits, at most {MAX_DIGITS}")
    return token


def _short(token: str) -> str:
    """``token`` quoted, cut to a readable length for a message."""
    return repr(token if len(token) <= 24 else token[:20] + "...")


def parse(line: str) -> Command:
    """Parse one command line; raise CommandSyntaxError on an empty or malformed line."""
    if len(line) > MAX_COMMAND_CHARS:
        raise CommandSyntaxError(f"command longer than {MAX_COMMAND_CHARS} characters")
    tokens = line.strip().split()
    if not tokens:
        raise CommandSyntaxError("empty command")
    seat: int | None = None
    if tokens[0].startswith("@"):
        raw = tokens.pop(0)[1:]
        if not _SEAT.fullmatch(raw):
            raise CommandSyntaxError(f"bad seat {_short(raw)}: write @0, @1, ...")
        seat = int(raw)
        if not tokens:
            raise CommandSyntaxError("a seat with no command")
    verb = tokens[0].lower()
    if not verb.replace("-", "").isalpha():
        raise CommandSyntaxError(f"bad verb {_short(verb)}")
    return Command(verb, tuple(arg_value(t) for t in tokens[1:]), seat)
