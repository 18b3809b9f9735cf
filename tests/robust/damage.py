"""Hypothesis strategies that damage saves: fields replaced, deleted or added, deep nesting, odd
digits, cut files and noise (shared by the engine and the app's bad-input tests)."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from engine.core.savefile import digest
from tests.robust.helpers import real_save

# Text that has broken the engine before: digits int() refuses, very long numbers, control characters.
ODD_TEXT = ["²", "١٢", "play ²", "@² end", "play " + "1" * 5000, "1" * 5000, "", " ", "-", "--5", "\x00",
            "🂡", "play -1", "@99 end", "undo", "end", "nan", "Infinity", "a" * 2000]
LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(10**20, 10**300),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12), st.sampled_from(ODD_TEXT))
VERBS = ["play", "recruit", "fight", "move", "choose", "end", "use", "scan", "evade", "coordinate",
         "complete", "buytime", "objective", "sacrifice", "solo-discard", "raise-time", "minor-victory",
         "undo", "draw", "deploy", "done", "plug", "attack", "mission", "pass"]
NUMBER = st.one_of(st.integers(-3, 300), st.integers(-(2**64), 2**64)).map(str)
WORDS = ODD_TEXT + ["real", "matrix", "alley", "combat", "row.0", "basic", "yes", "no"]
COMMAND = st.builds(lambda seat, verb, args: " ".join([*seat, verb, *args]),
                    st.sampled_from([[], ["@0"], ["@1"], ["@7"], ["@²"]]), st.sampled_from(VERBS),
                    st.lists(st.one_of(NUMBER, st.sampled_from(WORDS)), max_size=3))
JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)


def _deep(n: int) -> Any:
    """A list nested ``n`` deep."""
    out: Any = []
    for _ in range(n):
        out = [out]
    return out


def base_payloads(folder: Path) -> dict[str, dict]:
    """A real payload of each ruleset to damage (played and saved under ``folder``)."""
    from engine.replay.game import ReplayGame
    from engine.replay.setup import ReplaySetup

    legendary = real_save(folder / "legendary.json", commands=8)
    game = ReplayGame.new(ReplaySetup(seed=4))
    for _ in range(10):
        assert game.apply(game.legal_commands(game.acting)[0]).accepted
    return {"legendary": legendary, "replay": game.save_payload()}


def _places(node: Any, depth: int = 0) -> list[tuple[Any, Any]]:
    """(container, key) of every value in ``node`` down to three levels (snapshot lists stay shallow)."""
    out: list[tuple[Any, Any]] = []
    if depth >= 3:
        return out
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in list(items)[:40]:
        out.append((node, key))
        out.extend(_places(value, depth + 1))
    return out


def damage_fields(draw: Any, root: Any, *, deep: bool = False) -> None:
    """Replace, delete or add one to three values anywhere in ``root`` (in place); ``deep``
    replaces with very deep nesting instead of odd JSON."""
    for _ in range(draw(st.integers(1, 3))):
        places = _places(root)
        if not places:
            break
        node, key = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if op == "delete":
            del node[key]
        elif op == "add" and isinstance(node, dict):
            node[draw(st.text(min_size=1, max_size=8))] = draw(JSON)
        else:
            node[key] = _deep(draw(st.integers(50, 3000))) if deep else draw(JSON)


@st.composite
def damaged_envelope(draw, bases: dict[str, dict]) -> bytes:
    """The bytes of a save with one to three fields replaced, deleted or added (checksum made to
    match, or not), or of a badly cut or noisy file."""
    ruleset = draw(st.sampled_from(sorted(bases)))
    payload = copy.deepcopy(bases[ruleset])
    how = draw(st.sampled_from(["fields", "fields", "commands", "commands", "deep", "bytes", "cut"]))
    if how == "commands":  # odd commands in the log: each must be refused as the save is replayed
        at = draw(st.integers(0, len(payload["commands"])))
        payload["commands"][at:at] = draw(st.lists(COMMAND, min_size=1, max_size=3))
        how = "fields"
    if how in ("fields", "deep"):
        damage_fields(draw, payload, deep=how == "deep")
        envelope = {"format": "matrix-tabletop-save", "version": 1, "ruleset": ruleset,
                    "app_version": "0", "payload": payload}
        try:
            envelope["sha256"] = digest(payload) if draw(st.booleans()) or how == "fields" else "0" * 64
            return json.dumps(envelope).encode("utf-8")
        except (RecursionError, ValueError):
            return ('{"format": "matrix-tabletop-save", "version": 1, "ruleset": "legendary", "sha256": "0",'
                    ' "payload": {"setup": ' + "[" * 5000 + "]" * 5000 + "}}").encode()
    good = json.dumps({"format": "matrix-tabletop-save", "version": 1, "ruleset": ruleset,
                       "payload": payload, "sha256": digest(payload)}).encode("utf-8")
    if how == "cut":
        return good[: draw(st.integers(0, len(good) - 1))]
    return draw(st.binary(max_size=600))
