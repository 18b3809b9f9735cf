"""Join codes and seat tokens, from the operating system's secure random source (``secrets``).

A join code is short enough to read out over the phone: six characters from an alphabet without
look-alikes (no 0/O, 1/I/L), about 30 bits. It lets a stranger take a free seat of one game, so the
host refuses a connection after a wrong code and, after a few, every try from that address. A seat
token is long (192 bits): it lets the client that holds it take its seat back after a drop.
"""
from __future__ import annotations

import hmac
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
TOKEN_BYTES = 24
TOKEN_CHARS = 32  # base64url of 24 bytes


def join_code() -> str:
    """A fresh join code such as ``K7MW3P``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def seat_token() -> str:
    """A fresh seat token (32 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def game_id() -> str:
    """A short random name of one hosted game (in the welcome, so a client can tell games apart)."""
    return secrets.token_hex(6)


def shown(code: str) -> str:
    """A join code as the host shows it, in two groups: ``K7M-W3P``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normal_code(text: str) -> str:
    """A join code as typed (any case, spaces or dashes between groups) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def same(given: str, secret: str) -> bool:
    """Whether ``given`` equals ``secret``, in time that does not depend on where they differ."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))
