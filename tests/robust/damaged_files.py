"""Damaged user files for the bad-input acceptance test (issue 27), made deterministically from a seed:
saves (bit flips, cuts, versions, deep JSON, tampered fields with the checksum made to match, a
tampered starting position or kept position with the state hash made to match), campaign files,
settings files, and files that are not files (links to /dev/zero, FIFOs, sparse giants).

``python -m tests.robust.damaged_files OUT`` writes them all under OUT to look at.
"""
from __future__ import annotations

import base64
import copy
import json
import os
import random
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.savefile import SAVE_FORMAT, digest

SEED = 27
SPARSE_BYTES = 300 * 1024 * 1024  # a sparse file this big takes no disk, but a whole read would
# Values a hand edit or a damaged disk puts where the engine expects something else.
ODD = [99, -1, 0, 5, 2**70, 1.5, 1e300, True, False, None, "", "many", "p99.hand", "row.9", "²",
       "x" * 5000, [], [99], [-1], ["x"], [None], [[1]], {}, {"a": 1}, {"99": 1}, {"": []}]


@dataclass(frozen=True)
class Damaged:
    """One damaged file: its name (says what was done to it) and how to make it."""

    name: str
    data: bytes = b""
    kind: str = "file"  # "file", "fifo", "zero" (a link to /dev/zero), "sparse" (SPARSE_BYTES of zeros)

    def make(self, folder: Path, name: str | None = None) -> Path:
        """Create it in ``folder`` (as ``name``, default its own); its path."""
        path = Path(folder) / (name or self.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.kind == "fifo":
            os.mkfifo(path)
        elif self.kind == "zero":
            path.symlink_to("/dev/zero")
        elif self.kind == "sparse":
            with open(path, "wb") as fh:
                fh.write(self.data)
                fh.truncate(SPARSE_BYTES)
        else:
            path.write_bytes(self.data)
        return path


def deep(n: int, leaf: Any = None) -> Any:
    """A value nested ``n`` lists deep."""
    out: Any = [] if leaf is None else leaf
    for _ in range(n):
        out = [out]
    return out


def not_files(stem: str, suffix: str) -> list[Damaged]:
    """The files that are not files: a FIFO, a link to /dev/zero, a sparse giant."""
    return [Damaged(f"{stem}-fifo{suffix}", kind="fifo"), Damaged(f"{stem}-zero{suffix}", kind="zero"),
            Damaged(f"{stem}-sparse{suffix}", b"{", kind="sparse")]


# --- saves -----------------------------------------------------------------------------------------------

def made(folder: Path, items: list[Damaged]) -> list[tuple[Path, Damaged]]:
    """Each of ``items`` created in ``folder``, with its path."""
    return [(d.make(folder), d) for d in items]


def unchanged(path: Path, d: Damaged) -> bool:
    """Whether a damaged regular file still holds what it was made with."""
    return d.kind != "file" or path.read_bytes() == d.data


def base_saves() -> dict[str, tuple[str, dict[str, Any]]]:
    """Real saves to damage, name -> (ruleset, payload): Legendary played from its setup, from an
    edited position (``initial``), a Traitor game (a sealed snapshot) and one from an edited Traitor
    table, Matrix Replay and the Expedition."""
    from engine.expedition.game import ExpeditionGame
    from engine.expedition.setup import ExpeditionSetup
    from engine.legendary.films import film_setup
    from engine.legendary.game import LegendaryGame
    from engine.legendary.scenario import Scenario
    from engine.replay.game import ReplayGame
    from engine.replay.setup import ReplaySetup
    from tests.core.long_game import start

    def played(game: Any, n: int, seat: Any = None) -> dict[str, Any]:
        for _ in range(n):
            legal = game.legal_commands() if seat is None else game.legal_commands(seat(game))
            if not legal or game.over:
                break
            assert game.apply(legal[0]).accepted
        return game.save_payload()

    root = Path(__file__).resolve().parents[1] / "scenarios"
    traitor_table = Scenario.from_file(root / "traitor_table.scn").game
    assert traitor_table is not None
    traitor_table.rebase()
    return {
        "legendary": ("legendary", played(LegendaryGame.new(film_setup("the_matrix", 2, 3)), 8)),
        "edited": ("legendary", played(start(5), 6)),
        "traitor": ("legendary", played(LegendaryGame.new(
            film_setup("the_matrix", 3, 4, traitor="ignorance_is_bliss")), 6)),
        "traitor_table": ("legendary", played(traitor_table, 4)),
        "replay": ("replay", played(ReplayGame.new(ReplaySetup(seed=4)), 10, lambda g: g.acting)),
        "expedition": ("expedition", played(ExpeditionGame.new(ExpeditionSetup.for_players(2, seed=2)), 10,
                                            lambda g: g.acting)),
    }


def envelope(ruleset: Any, payload: Any, *, checksum: bool = True, **over: Any) -> bytes:
    env: dict[str, Any] = {"format": SAVE_FORMAT, "version": 1, "ruleset": ruleset, "app_version": "0",
                           "payload": payload}
    if checksum:
        env["sha256"] = digest(payload)
    env.update(over)
    return json.dumps(env, ensure_ascii=False).encode("utf-8")


def _places(node: Any, depth: int, out: list[tuple[Any, Any]], limit: int = 60) -> None:
    items = (list(node.items()) if isinstance(node, dict) else
             list(enumerate(node)) if isinstance(node, list) else [])
    for key, value in items[:limit]:
        out.append((node, key))
        if depth > 1:
            _places(value, depth - 1, out, limit)


def tamper(rng: random.Random, root: Any, depth: int = 3) -> str:
    """Replace, delete or add one value somewhere in ``root`` (in place); what was done."""
    places: list[tuple[Any, Any]] = []
    _places(root, depth, places)
    if not places:
        return "none"
    node, key = rng.choice(places)
    op = rng.choice(["replace", "replace", "replace", "delete", "add"])
    if op == "delete":
        del node[key]
    elif op == "add" and isinstance(node, dict):
        node[rng.choice(["zz", "colour", "9", "active"]) + "x"] = rng.choice(ODD)
    elif op == "add" and isinstance(node, list):
        node.append(rng.choice(ODD))
    else:
        node[key] = copy.deepcopy(rng.choice(ODD))
    return f"{op}-{key}"[:20]


def state_hash_of(ruleset: str, state: dict[str, Any]) -> str | None:
    """The hash the engine gives a (damaged) saved position, when it can read it at all."""
    if ruleset != "legendary":
        return None
    from engine.legendary.state import State

    try:
        return State.from_dict(copy.deepcopy(state)).hash()
    except Exception:  # noqa: BLE001 - a position the engine cannot read: the hash stays as it was
        return None


def sealed(state: Any) -> str:
    return base64.b64encode(zlib.compress(json.dumps(state, sort_keys=True).encode())).decode("ascii")


def snapshot_of(payload: dict[str, Any]) -> dict[str, Any]:
    if "snapshot" in payload:
        return payload["snapshot"]
    return json.loads(zlib.decompress(base64.b64decode(payload["snapshot_sealed"])))


def saves(bases: dict[str, tuple[str, dict[str, Any]]], seed: int = SEED) -> list[Damaged]:
    """At least 300 damaged saves of today's format and envelope, each named by what was done."""
    rng = random.Random(seed)
    out: list[Damaged] = []

    def add(what: str, data: bytes, kind: str = "file") -> None:
        out.append(Damaged(f"save-{len(out):03d}-{what}.json", data, kind))

    for name, (ruleset, payload) in bases.items():
        good = envelope(ruleset, payload)
        for _ in range(6):  # bits flipped anywhere
            raw = bytearray(good)
            for _ in range(rng.randint(1, 8)):
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            add(f"{name}-bitflip", bytes(raw))
        for _ in range(4):  # cut short
            add(f"{name}-cut", good[:rng.randrange(len(good))])
        for version in (0, 2, 99, "1", None, -1, 1.5, True, [1]):
            add(f"{name}-version", envelope(ruleset, payload, version=version))
        for rs in ("poker", "", None, 5, ["legendary"], "Legendary"):
            add(f"{name}-ruleset", envelope(rs, payload))
        add(f"{name}-nosum", envelope(ruleset, payload, checksum=False))
        add(f"{name}-badsum", envelope(ruleset, payload, sha256="0" * 64))
        add(f"{name}-payload-list", envelope(ruleset, [payload]))
        add(f"{name}-format", envelope(ruleset, payload, format="matrix-tabletop-campaign"))
        for _ in range(12):  # any field of the payload, the checksum made to match
            p = copy.deepcopy(payload)
            what = tamper(rng, p, 4)
            add(f"{name}-field-{what}", envelope(ruleset, p))
        for n in (150, 500, 5000):  # deep nesting in the setup, the log and the kept position
            for field in ("setup", "commands", "snapshot", "initial"):
                p = copy.deepcopy(payload)
                p[field] = deep(n)
                try:
                    add(f"{name}-deep{n}-{field}", envelope(ruleset, p))
                except RecursionError:
                    add(f"{name}-deep{n}-{field}", envelope(ruleset, {**payload, "setup": {}})[:-2]
                        + b',"x":' + b"[" * n + b"]" * n + b"}}")
        out.extend(_positions(rng, name, ruleset, payload, len(out)))
    giant = envelope("legendary", {"setup": {}, "commands": ["end"] * 10, "state_hash": "x"})
    add("giant-sparse", giant, "sparse")
    long_log = {**bases["legendary"][1], "commands": ["play " + "1" * 900_000]}
    add("long-command", envelope("legendary", long_log))
    add("fifo", b"", "fifo")
    add("zero", b"", "zero")
    add("empty", b"")
    add("bom-only", b"\xef\xbb\xbf")
    add("nan", b'{"format": "matrix-tabletop-save", "version": 1, "payload": NaN}')
    add("binary", bytes(range(256)) * 8)
    add("utf16", envelope("legendary", bases["legendary"][1]).decode().encode("utf-16"))
    return out


def _positions(rng: random.Random, name: str, ruleset: str, payload: dict[str, Any],
               start: int) -> Iterator[Damaged]:
    """Saves whose starting position (``initial``) or kept position (``snapshot``, read when the log
    no longer replays) is damaged while the state hash is made to match it, so the damage reaches
    the rules unless the loader checks the position first."""
    targets = [k for k in ("initial",) if k in payload]
    if ruleset == "legendary":
        targets.append("snapshot")
    n = start
    for target in targets:
        for i in range(len(STATE_EDITS) + 6):
            p = copy.deepcopy(payload)
            state = copy.deepcopy(p["initial"] if target == "initial" else snapshot_of(p))
            what = _tamper_state(rng, state, i)
            if target == "initial":
                p["initial"], p["commands"] = state, []
            else:  # an older build's save: its log no longer replays, its kept position is read
                p["made_with"] = {"app": "0.0.1", "cards": "older"}
                p["commands"] = [*p["commands"], "end"] if p["commands"] else ["end"]
                p.pop("snapshot", None)
                p.pop("snapshot_sealed", None)
                if "traitor" in name:
                    p["snapshot_sealed"] = sealed(state)
                else:
                    p["snapshot"] = state
            h = state_hash_of(ruleset, state)
            if h is not None:
                p["state_hash"] = h
            yield Damaged(f"save-{n:03d}-{name}-{target}-{what}.json", envelope(ruleset, p))
            n += 1
    if "snapshot_sealed" in payload:
        for what, text in (("notbase64", "%%%"), ("notzlib", base64.b64encode(b"hello").decode()),
                           ("bomb", base64.b64encode(zlib.compress(b"[" * (50 * 1024 * 1024), 9)).decode()),
                           ("deep", sealed(deep(900)))):
            p = {**payload, "snapshot_sealed": text, "made_with": {"app": "0"}, "commands": ["end"]}
            yield Damaged(f"save-{n:03d}-{name}-sealed-{what}.json", envelope(ruleset, p))
            n += 1


# The damage a hand edit or a stray write does to a saved position, beyond the random ones.
STATE_EDITS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("active99", lambda s: s.__setitem__("active", 99)),
    ("active-neg", lambda s: s.__setitem__("active", -1)),
    ("piles-text", lambda s: s.__setitem__("piles", "p0.hand")),
    ("pile-text", lambda s: s["piles"].__setitem__(next(iter(s["piles"])), "abc")),
    ("card-99999", lambda s: s["piles"].__setitem__("box", [*s["piles"]["box"], 99999])),
    ("card-text", lambda s: s["piles"].__setitem__("box", [*s["piles"]["box"], "neo"])),
    ("pile-p9", lambda s: s["piles"].__setitem__("p9.hand", [0])),
    ("players-empty", lambda s: s.__setitem__("players", [])),
    ("player-text", lambda s: s["players"].__setitem__(0, "neo")),
    ("player-seat", lambda s: s["players"][0].__setitem__("seat", 7)),
    ("player-avatar", lambda s: s["players"][0].__setitem__("avatar", 10**6)),
    ("turn-list", lambda s: s.__setitem__("turn", [])),
    ("turn-played", lambda s: s["turn"].__setitem__("played", [10**6])),
    ("defs-number", lambda s: s["defs"].__setitem__(0, 5)),
    ("defs-short", lambda s: s.__setitem__("defs", s["defs"][:3])),
    ("decision-text", lambda s: s.__setitem__("decision", "choose")),
    ("decision-seat", lambda s: s.__setitem__("decision", {"seat": 9, "prompt": "x", "options": ["a"]})),
    ("owner-key", lambda s: s.__setitem__("owner", {"x": 0})),
    ("owner-seat", lambda s: s.__setitem__("owner", {"0": 42})),
    ("face-up-text", lambda s: s.__setitem__("face_up", "all")),
    ("stack-text", lambda s: s.__setitem__("stack", ["op"])),
    ("stack-op", lambda s: s.__setitem__("stack", [{"op": "no_such_op"}])),
    ("setup-list", lambda s: s.__setitem__("setup", [])),
    ("time-text", lambda s: s.__setitem__("time", "ten")),
    ("phase", lambda s: s.__setitem__("phase", "nap")),
    ("act-9", lambda s: s.__setitem__("act", 9)),
    ("rng-text", lambda s: s.__setitem__("rng", "seed")),
    ("flags-list", lambda s: s.__setitem__("flags", [1])),
    ("deep-stack", lambda s: s.__setitem__("stack", deep(500))),
    ("missing-players", lambda s: s.pop("players")),
]


def _tamper_state(rng: random.Random, state: dict[str, Any], i: int) -> str:
    """The ``i``-th listed edit (then random ones) on a saved position; what was done."""
    if i < len(STATE_EDITS):
        what, edit = STATE_EDITS[i]
        try:
            edit(state)
        except (KeyError, IndexError, TypeError, StopIteration):
            return "none"
        return what
    return tamper(rng, state, 3)


# --- campaign files -------------------------------------------------------------------------------------

def campaign_bodies() -> dict[str, dict[str, Any]]:
    """Real campaign bodies to damage: a new film campaign and one with a game won and a try lost."""
    from engine.legendary.campaign import CampaignId, Outcome, new_campaign, play, record
    from engine.legendary.campaign.fileschema import to_body
    from engine.legendary.carddb import load_db

    db = load_db()
    fresh = new_campaign(db, ["neo", "morpheus"], seed=1, campaign_id=CampaignId("fresh"))
    played = new_campaign(db, ["neo", "morpheus", "switch"], seed=2, campaign_id=CampaignId("played"))
    for result in ("loss:time", "major"):
        record(db, played, play(played), Outcome(result=result, defeated=(False, True, False),
                                                 damage=(1, 0, 2), health=(9, 8, 8), strikes=(0, 1, 0)))
    return {"fresh": to_body(fresh), "played": to_body(played)}


def campaign_envelope(body: Any, *, checksum: bool = True, **over: Any) -> bytes:
    env: dict[str, Any] = {"format": "matrix-tabletop-campaign", "version": 1, "app_version": "0",
                           "campaign": body}
    if checksum:
        env["sha256"] = digest(body)
    env.update(over)
    return json.dumps(env, ensure_ascii=False).encode("utf-8")


# Hand edits of a campaign body (the checksum made to match).
CAMPAIGN_EDITS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("won-early", lambda b: b.__setitem__("status", "won")),
    ("scars-negative", lambda b: b.__setitem__("scars", [-1] * len(b["scars"]))),
    ("no-games", lambda b: b.__setitem__("games", [])),
    ("try-numbered-0", lambda b: b["games"][0].__setitem__("tries", [{"number": 0, "seed": 1}])),
    ("seed-text", lambda b: b.__setitem__("seed", "1")),
    ("two-films", lambda b: b.__setitem__("films", b["films"][:2])),
    ("avatar-unknown", lambda b: b["games"][0].__setitem__("avatars", ["nobody"] * len(b["characters"]))),
    ("act-unknown", lambda b: b["films"][0].__setitem__("acts", ["x", "y", "z"])),
    ("start-time-0", lambda b: b["games"][0].__setitem__("start_time", 0)),
    ("name-long", lambda b: b.__setitem__("name", "n" * 5000)),
]


def campaigns(bodies: dict[str, dict[str, Any]], seed: int = SEED) -> list[Damaged]:
    """At least 90 damaged campaign files; each file's name is its campaign's id where it has one."""
    rng = random.Random(seed + 1)
    out: list[Damaged] = []

    def add(what: str, data: bytes, kind: str = "file") -> None:
        out.append(Damaged(f"c{len(out):03d}-{what}.json", data, kind))

    for name, body in bodies.items():
        good = campaign_envelope(body)
        for _ in range(6):
            raw = bytearray(good)
            for _ in range(rng.randint(1, 6)):
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            add(f"{name}-bitflip", bytes(raw))
        for _ in range(4):
            add(f"{name}-cut", good[:rng.randrange(len(good))])
        for version in (0, 2, "1", None):
            add(f"{name}-version", campaign_envelope(body, version=version))
        add(f"{name}-badsum", campaign_envelope(body, sha256="f" * 64))
        add(f"{name}-format", campaign_envelope(body, format=SAVE_FORMAT))
        for _ in range(20):
            b = copy.deepcopy(body)
            what = tamper(rng, b, 4)
            add(f"{name}-field-{what}", campaign_envelope(b))
        for what, edit in CAMPAIGN_EDITS:
            b = copy.deepcopy(body)
            edit(b)
            add(f"{name}-{what}", campaign_envelope(b))
        for n in (150, 5000):
            b = copy.deepcopy(body)
            b["games"] = deep(n)
            try:
                add(f"{name}-deep{n}", campaign_envelope(b))
            except RecursionError:
                add(f"{name}-deep{n}", b'{"campaign": ' + b"[" * n + b"]" * n + b"}")
        for what, dirs in (("cards-missing", ["/nonexistent/cards"]), ("cards-zero", ["/dev/zero"]),
                           ("cards-number", [7]), ("cards-long", ["x" * 5000])):
            add(f"{name}-{what}", campaign_envelope({**body, "card_dirs": dirs}))
    add("other-id", campaign_envelope({**bodies["fresh"], "id": "not-its-file-name"}))
    add("dotdot-id", campaign_envelope({**bodies["fresh"], "id": "../escape"}))
    out.extend(not_files("campaign", ".json"))
    add("empty", b"")
    add("binary", bytes(range(256)) * 4)
    return out


def file_name(d: Damaged) -> str:
    """The name the app would give a damaged campaign's file: its id where the body has a good one
    (so what is tested is the damage, not the name), else the generated name."""
    from engine.legendary.campaign.fileschema import ID_PATTERN

    try:
        cid = json.loads(d.data)["campaign"]["id"]
    except (ValueError, KeyError, TypeError, RecursionError):
        return d.name
    good = d.kind == "file" and isinstance(cid, str) and re.fullmatch(ID_PATTERN, cid)
    return f"{cid}.json" if good and "other-id" not in d.name else d.name


# --- settings files -------------------------------------------------------------------------------------

SETTINGS: list[tuple[str, Any]] = [
    ("skip-yes", {"skip_animations": "yes"}), ("geometry-number", {"geometry": 5}),
    ("geometry-list", {"geometry": [1, 2]}), ("state-null", {"window_state": None}),
    ("speed-text", {"animation_speed": "fast"}), ("speed-zero", {"animation_speed": 0}),
    ("speed-huge", {"animation_speed": 1e308}), ("speed-negative", {"animation_speed": -2}),
    ("speed-bool", {"animation_speed": True}), ("hover-number", {"zoom_on_hover": 2}),
    ("scans-list", {"scans_dir": ["/tmp"]}), ("scans-long", {"scans_dir": "x" * 100_000}),
    ("last-list", {"last_setup": []}), ("last-text", {"last_setup": "legendary"}),
    ("players-many", {"last_setup": {"players": "many"}}), ("players-99", {"last_setup": {"players": 99}}),
    ("players-neg", {"last_setup": {"players": -3}}), ("avatars-text", {"last_setup": {"avatars": "neo"}}),
    ("avatars-numbers", {"last_setup": {"avatars": [1, 2]}}), ("seed-number", {"last_setup": {"seed": 5}}),
    ("ruleset-odd", {"last_setup": {"ruleset": "poker"}}),
    ("traitor-null", {"last_setup": {"traitor": None}}),
    ("seats-dict", {"last_setup": {"seats": {"0": "human"}}}), ("unknown-key", {"colour": "green"}),
    ("deep", {"geometry": deep(900)}), ("deep-last", {"last_setup": {"acts": deep(300)}}),
    ("top-list", [1, 2, 3]), ("top-text", "settings"), ("top-null", None),
]


def settings_files() -> list[Damaged]:
    """At least 20 damaged settings files (hand edits, cut and foreign files, not files)."""
    out = [Damaged(f"settings-{what}.json", json.dumps(doc).encode()) for what, doc in SETTINGS]
    out += [Damaged("settings-cut.json", b'{"skip_animations": tr'),
            Damaged("settings-binary.json", bytes(range(256))),
            Damaged("settings-nan.json", b'{"animation_speed": NaN}'),
            Damaged("settings-utf16.json", '{"skip_animations": true}'.encode("utf-16")),
            Damaged("settings-deep-text.json", b'{"geometry": ' + b"[" * 5000 + b"]" * 5000 + b"}")]
    return out + not_files("settings", ".json")


def main(argv: list[str]) -> int:
    """Write every damaged file under the folder ``argv[0]``."""
    if len(argv) != 1:
        print("usage: python -m tests.robust.damaged_files OUT", file=sys.stderr)
        return 2
    out = Path(argv[0])
    groups = {"saves": saves(base_saves()), "campaigns": campaigns(campaign_bodies()),
              "settings": settings_files()}
    for group, files in groups.items():
        for d in files:
            d.make(out / group)
        print(f"{group}: {len(files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
