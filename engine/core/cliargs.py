"""Command-line arguments of both programs: a parser whose errors are one line, and argument types.

Light on purpose (argparse only): the app imports it before its first frame.
"""
from __future__ import annotations

import argparse
import re
from typing import NoReturn

_WHOLE = re.compile(r"-?[0-9]{1,18}")


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit status 2); usage is in --help."""

    def error(self, message: str) -> NoReturn:
        shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
        self.exit(2, f"{self.prog}: error: {shown} (see --help)\n")


def whole_number(text: str) -> int:
    """A whole number written in ASCII digits (``int`` alone also takes "٣" and "1_000")."""
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return int(text)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    n = whole_number(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not at least 1")
    return n
