"""The messages between a host and its clients: versioned JSON objects, one per WebSocket text
frame, checked by pydantic at both ends (unknown fields are errors).

A client sends ``join`` (the join code; a free seat, or the one it asks for) or ``resume`` (its seat
token, after a drop), then ``command`` and ``undo`` messages, each with a sequence number ``n`` that
grows by at least one each time. The host answers each message with exactly one message to that
client: ``welcome`` plus the seat's ``update`` for a join, an ``update`` (``ack`` = ``n``) for an
accepted command, else ``refused``. After every change of the game each seat's client gets an
``update``: the seat's own view (``observe(seat)``), its legal commands and the events of the change
as that seat may see them (``events_for``); never the state, the seed or another seat's commands.
``roster`` says who sits where (and each connection's latency); ``goodbye`` comes before the host
closes. docs/network.md describes every field.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    JsonValue,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    field_validator,
)

from engine.core.commands import MAX_COMMAND_CHARS
from engine.core.inputcheck import InputModel, problem_text

PROTOCOL_VERSION = 1
# A client's message, checked before it is parsed: a command is short (the engine's own limit on a
# command's text is MAX_COMMAND_CHARS).
MAX_CLIENT_BYTES = 4096
# The WebSocket layer's limit on one frame from a client: a longer frame closes the connection
# (close code 1009, "message too big") before it is read; between the two limits the host refuses it.
MAX_FRAME_BYTES = 64 * 1024
# A client's limit on one frame from the host (a view is some 10-50 kB).
MAX_HOST_BYTES = 16 * 1024 * 1024
MAX_NAME_CHARS = 40
MAX_SEQUENCE = 2**53  # a sequence number a JSON reader in any language can hold exactly
MAX_SEATS = 16

RefusalCode = Literal[
    "malformed",   # not JSON, not an object, a field missing, unknown or of the wrong type
    "too_large",   # longer than MAX_CLIENT_BYTES
    "version",     # another protocol version
    "stranger",    # a wrong join code, or a command before joining
    "token",       # a seat token that names no seat of this game
    "locked",      # too many failed joins from this address
    "joined",      # a join or resume on a connection that already holds a seat
    "seat",        # no such seat, the seat is taken, or the table is full
    "replayed",    # a sequence number that is not above the last one this seat sent
    "not_yours",   # a command for another seat, or while another seat must act
    "rejected",    # the engine refused the command (``rule`` and ``reason`` are the engine's)
]

Sequence = Annotated[StrictInt, Field(ge=1, le=MAX_SEQUENCE)]
Seat = Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)]


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``str(err)`` is one sentence."""


class Message(InputModel):
    """Every message carries the protocol version it was written for."""

    v: StrictInt = PROTOCOL_VERSION


# --- client to host ------------------------------------------------------------------------------


class Join(Message):
    """Take a seat of the game the join code names: ``seat``, or the first free one if None."""

    type: Literal["join"] = "join"
    code: Annotated[StrictStr, Field(min_length=1, max_length=32)]
    name: Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME_CHARS)]
    seat: Seat | None = None

    @field_validator("name")
    @classmethod
    def _one_line(cls, v: str) -> str:
        if not v.strip() or not v.isprintable():
            raise ValueError("must be printable text on one line")
        return v.strip()


class Resume(Message):
    """Take back the seat this token belongs to (after a dropped connection)."""

    type: Literal["resume"] = "resume"
    token: Annotated[StrictStr, Field(min_length=1, max_length=64)]


class Act(Message):
    """One command in the engine's text form (docs/commands.md), for the client's seat."""

    type: Literal["command"] = "command"
    n: Sequence
    text: Annotated[StrictStr, Field(min_length=1, max_length=MAX_COMMAND_CHARS)]


class Undo(Message):
    """Take back this seat's last command, as at one screen (the engine's ``undo(seat)``)."""

    type: Literal["undo"] = "undo"
    n: Sequence


ClientMessage = Annotated[Join | Resume | Act | Undo, Field(discriminator="type")]
CLIENT_TYPES = ("join", "resume", "command", "undo")
CLIENT_MESSAGE: TypeAdapter[Join | Resume | Act | Undo] = TypeAdapter(ClientMessage)


# --- host to client ------------------------------------------------------------------------------


class Welcome(Message):
    """The seat is the client's: keep ``token`` to resume it; number commands from ``next_n``."""

    type: Literal["welcome"] = "welcome"
    game: StrictStr
    ruleset: StrictStr
    seat: Seat
    seats: Annotated[StrictInt, Field(ge=1, le=MAX_SEATS)]
    token: StrictStr
    next_n: Sequence


class SeatInfo(InputModel):
    """Who sits at one seat: ``open`` (free to join), ``remote`` (a client), ``local`` (a person at
    the host's screen) or ``bot``; ``bot`` names the bot that plays a remote seat meanwhile."""

    seat: Seat
    name: StrictStr
    kind: Literal["open", "remote", "local", "bot"]
    connected: StrictBool
    bot: StrictStr | None = None
    latency_ms: Annotated[StrictInt, Field(ge=0)] | None = None


class Roster(Message):
    type: Literal["roster"] = "roster"
    seats: list[SeatInfo]


class EventInfo(InputModel):
    """One engine event (``engine.core.results.Event``) as the seat may see it."""

    kind: StrictStr
    data: dict[str, JsonValue]
    text: StrictStr


class Update(Message):
    """The game as the seat sees it after change number ``version``: the events of that change,
    the seat's view and legal commands, and who must act. ``ack`` is the sequence number of the
    client's own command or undo that made the change (None when another seat or a bot made it,
    or for the view sent on joining). ``hash`` is the state hash, sent once the game is over."""

    type: Literal["update"] = "update"
    version: Annotated[StrictInt, Field(ge=0)]
    seat: Seat
    ack: Sequence | None = None
    by: Seat | None = None
    undo: StrictBool = False
    events: list[EventInfo] = []
    view: dict[str, JsonValue]
    legal: list[StrictStr]
    acting: Seat | None
    over: StrictBool
    hash: StrictStr | None = None


class Refused(Message):
    """One client message refused; nothing changed. ``n`` is that message's sequence number when
    it had a readable one."""

    type: Literal["refused"] = "refused"
    n: StrictInt | None = None
    code: RefusalCode
    rule: StrictStr = ""
    reason: StrictStr


class Goodbye(Message):
    """The host closes the connection (the game is over, the host quits, or the seat was taken
    over by another connection with its token)."""

    type: Literal["goodbye"] = "goodbye"
    reason: StrictStr
    over: StrictBool = False


HostMessage = Annotated[Welcome | Roster | Update | Refused | Goodbye, Field(discriminator="type")]
HOST_MESSAGE: TypeAdapter[Welcome | Roster | Update | Refused | Goodbye] = TypeAdapter(HostMessage)


# --- reading and writing ---------------------------------------------------------------------------


def dump(msg: Message) -> str:
    """The JSON text of a message (one WebSocket text frame)."""
    return msg.model_dump_json()


def refusal(code: RefusalCode, reason: str, n: int | None = None, rule: str = "") -> Refused:
    return Refused(code=code, reason=reason, n=n, rule=rule)


def read_client(raw: str | bytes) -> Join | Resume | Act | Undo | Refused:
    """A client's frame as a message, or the refusal that answers it (checked in this order: size,
    text, JSON object, protocol version, fields)."""
    if len(raw) > MAX_CLIENT_BYTES or (isinstance(raw, str) and len(raw.encode("utf-8", "replace"))
                                         > MAX_CLIENT_BYTES):
        return refusal("too_large", f"a message may hold at most {MAX_CLIENT_BYTES} bytes")
    try:
        data = _json_object(raw)
    except ProtocolError as e:
        return refusal("malformed", str(e))
    n = data.get("n")
    n = n if isinstance(n, int) and not isinstance(n, bool) and abs(n) <= MAX_SEQUENCE else None
    v = data.get("v")
    if v != PROTOCOL_VERSION or isinstance(v, bool):
        if v is None:
            return refusal("malformed", "the protocol version v is missing", n)
        return refusal("version", f"this host speaks protocol version {PROTOCOL_VERSION}, not {_shown(v)}: "
                                  "use the same version of the app as the host", n)
    if data.get("type") not in CLIENT_TYPES:
        return refusal("malformed", f"type must be one of {', '.join(CLIENT_TYPES)}, not "
                                    f"{_shown(data.get('type'))}", n)
    try:
        return CLIENT_MESSAGE.validate_python(data)
    except ValidationError as e:
        return refusal("malformed", problem_text(e), n)


def read_host(raw: str | bytes) -> Welcome | Roster | Update | Refused | Goodbye:
    """A host's frame as a message; ProtocolError (one sentence) for anything else."""
    data = _json_object(raw)
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"the host speaks protocol version {_shown(data.get('v'))}, this app "
                            f"{PROTOCOL_VERSION}: use the same version of the app as the host")
    try:
        return HOST_MESSAGE.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(f"the host sent a malformed message: {problem_text(e)}") from None


def _json_object(raw: str | bytes) -> dict[str, Any]:
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("a message must be UTF-8 JSON text") from None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be one JSON object")
    return data


def _shown(v: object) -> str:
    text = json.dumps(v) if isinstance(v, (int, float, str, bool)) or v is None else type(v).__name__
    return text if len(text) <= 20 else text[:17] + "..."
