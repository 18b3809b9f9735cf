"""The wire carries views, not state: every frame a client receives in a whole game is read back,
and no card id reaches a seat before or after that seat may see the card.

The engine defines what a seat sees (``observe(seat)``: ``engine/legendary/view.py``,
``engine/replay/view.py``). A frame sent after change number v may name only the cards the seat
sees before or after that change, a card the change puts where the seat's view would show it (a
hand discarded face up and then shuffled into a new deck, all in one command), or a card the change
shows to everyone (a Traitor's hidden card revealed, LE-TRAITOR-10/12/15, then gained face down to
the top of the deck; a Matrix card revealed and sent into a deck). The test replays the host's
command log locally to know what each seat saw at every step. It also checks the end state as the
issue states it: a card the seat saw at no step (another seat's hidden card or secret hand, a deck's
order, the other side's hand...) appears in no frame at all, by id, nor (a hidden Traitor Mode card,
whose name is its own) by name.

Every whole number in a frame is either in a field known to hold a card id (``CARD_KEYS``) or in a
field known to hold a count, a seat, a number on the table... (``NUMBER_KEYS``); a field in neither
fails the test, so a new field that carries a card id cannot slip through unread. The cards that a
seat's legal commands name count too.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine.core.commands import parse
from engine.net.rulesets import GameOptions, new_game
from tests.net.netplay import close_all, local_game, open_seats, play_out, seat_clients, start_host

CARD_KEYS = frozenset({"id", "ids", "card", "cards", "chit"})
NUMBER_KEYS = frozenset({
    # the protocol
    "v", "version", "seat", "seats", "ack", "by", "acting", "next_n", "latency_ms",
    # Legendary views and events
    "active", "turn", "time", "act", "part", "recruit", "attack", "extra_moves", "enemy_attack_reduction",
    "damage", "scars", "health", "count", "before", "after", "hits", "strike_cards", "time_loss", "avoided",
    "abilities", "strikes_taken", "turns", "option", "secrets_revealed", "amount", "position",
    # Matrix Replay views and events
    "mp", "mission_points", "dice", "totals", "fixed", "turn_bonus", "to_act", "passes", "characters",
    "events", "roll", "sides", "neutralized_until", "combat_bonus",
})
# Verbs whose whole-number arguments are no card: an option, a Row space, Time Track steps, a seat,
# a slot (docs/commands.md); every other verb's first number names a card.
NUMBER_VERBS = frozenset({"choose", "scan", "time-up", "strike-player", "move"})
COUNT_MAPS = frozenset({"damage", "strikes_by_player"})  # player name -> a number
# Events that show a card to every player, wherever it goes next (a revealed Matrix card sent into a
# deck, a hidden Traitor Mode card gained face down to the top of a deck, a Strike drawn).
REVEAL_KINDS = frozenset({"card_revealed", "hidden_revealed", "strike_drawn"})


def numbers(x: Any, key: str = "", parent: str = "") -> Iterator[tuple[str, int]]:
    """(field, value) for every whole number in a JSON value; a count map's entries as its name."""
    if isinstance(x, bool):
        return
    if isinstance(x, int):
        yield (parent if parent in COUNT_MAPS else key), x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from numbers(v, k, key)
    elif isinstance(x, list):
        for v in x:
            yield from numbers(v, key, parent)


def card_ids(x: Any) -> set[int]:
    """The card ids a JSON value names, with those of an update's legal commands; AssertionError for
    a number in a field of unknown meaning."""
    out: set[int] = set()
    for key, value in numbers(x):
        if key in CARD_KEYS:
            out.add(value)
        else:
            assert key in NUMBER_KEYS or key in COUNT_MAPS, \
                f"a number in the unknown field {key!r}: a card id? (add it to CARD_KEYS or NUMBER_KEYS)"
    if isinstance(x, dict) and x.get("type") == "update":
        out |= {c for text in x["legal"] if (c := command_card(text)) is not None}
    return out


def command_card(text: str) -> int | None:
    """The card a command names: its first whole-number argument, unless the verb's numbers are
    something else (``NUMBER_VERBS``)."""
    cmd = parse(text)
    if cmd.verb in NUMBER_VERBS:
        return None
    return next((a for a in cmd.args if isinstance(a, int)), None)


def strings(x: Any) -> Iterator[str]:
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield k
            yield from strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from strings(v)


def play_recorded(opts: GameOptions) -> tuple[Any, dict[int, list[dict[str, Any]]]]:
    """A whole game through a host; every frame each client received, by the client's seat."""
    raw: dict[int, list[str | bytes]] = {}

    async def scenario() -> tuple[Any, list[int]]:
        game = new_game(opts)
        host = await start_host(game, bots=opts.bots)
        clients = await seat_clients(host, open_seats(opts, game),
                                     record=lambda i: raw.setdefault(i, []).append)
        await play_out(clients, seed=opts.seed)
        await close_all(host, clients)
        return game, [c.seat for c in clients]  # type: ignore[misc]

    game, seats = asyncio.run(scenario())
    assert game.over
    return game, {seats[i]: [json.loads(f) for f in frames] for i, frames in raw.items()}


def shown_at(game: Any, seat: int, pile: str, face_up: bool) -> bool:
    """Whether ``seat``'s view shows a card that lies in ``pile`` (face up or not), by the view's own
    rule: ``card_seen`` (Legendary), or Matrix Replay's decks and other side's hand hidden."""
    if game.RULESET == "legendary":
        from engine.legendary.view import card_seen

        return card_seen(SimpleNamespace(setup=game.state.setup, face_up={0} if face_up else set()),
                         seat, pile, 0)
    return not pile.endswith(".deck") and not (pile.endswith(".hand") and pile != f"p{seat}.hand")


def steps(opts: GameOptions, commands: list[str], seats: list[int]) -> tuple[list[dict[int, set[int]]],
                                                                           list[set[int]], list[set[int]]]:
    """The local replay: per version, the cards each seat sees (in the view after that change, or
    where the change put them in passing); per change, the cards it reveals to everyone and every
    card its events name (before any seat's redaction)."""
    game = local_game(opts, [])
    seen = [{k: card_ids(game.observe(k)) for k in seats}]
    revealed: list[set[int]] = [set()]
    named: list[set[int]] = [set()]
    for line in commands:
        res = game.apply(line)
        assert res.accepted
        moved = [e.data for e in res.events if e.kind == "card_moved" and isinstance(e.data.get("card"), int)]
        seen.append({k: card_ids(game.observe(k)) | {d["card"] for d in moved
                                                     if shown_at(game, k, d["dst"], d.get("face_up", True))}
                     for k in seats})
        revealed.append({e.data["card"] for e in res.events if e.kind in REVEAL_KINDS})
        named.append({e.data["card"] for e in res.events if isinstance(e.data.get("card"), int)})
    return seen, revealed, named


def never_seen(game: Any, seat: int, seen: list[dict[int, set[int]]], revealed: list[set[int]]) -> set[int]:
    """The cards of the game that ``seat`` saw at no step: in the end state, every card less those
    its view showed at some step or that were revealed to everyone (other seats' hidden Traitor Mode
    cards and secret hands, deck orders, the Matrix Deck never reached, the other side's hand...)."""
    ever = set().union(*(s[seat] for s in seen), *revealed)
    return set(range(len(game.state.defs))) - ever


CASES = [
    pytest.param(GameOptions("legendary", players=4, seed=6, traitor="ignorance_is_bliss",
                             bots={2: "heuristic", 3: "heuristic"}), id="traitor-ignorance_is_bliss"),
    pytest.param(GameOptions("legendary", players=3, seed=6, traitor="me_me_me", bots={2: "heuristic"}),
                 id="traitor-me_me_me"),
    pytest.param(GameOptions("replay", seed=8), id="matrix-replay"),
]


@pytest.mark.rule("LE-TRAITOR-07", "LE-TRAITOR-22", "LE-TERM-04", "LE-MATRIX-11")
@pytest.mark.parametrize("opts", CASES)
def test_no_frame_names_a_card_its_seat_may_not_see(opts: GameOptions) -> None:
    game, frames = play_recorded(opts)
    seen, revealed, named = steps(opts, game.commands, sorted(frames))
    assert len(seen) == len(game.commands) + 1
    for seat, msgs in frames.items():
        for msg in msgs:
            ids = card_ids(msg)
            if msg["type"] != "update":
                assert ids == set(), f"a {msg['type']} message names cards {ids}"
                continue
            v = msg["version"]
            allowed = seen[v][seat] | (seen[v - 1][seat] | revealed[v] if msg["events"] else set())
            assert ids <= allowed, f"seat {seat}, change {v}: cards {sorted(ids - allowed)} it may not see"
        secret = never_seen(game, seat, seen, revealed)
        assert secret, "the game hid nothing from this seat: the test would prove nothing"
        got = set().union(*(card_ids(m) for m in msgs))
        assert not got & secret
        if game.RULESET == "legendary":  # hidden moves reached the seat without the card their
            # unredacted events named (``events_for``); Matrix Replay's events never name one
            assert set().union(*named) & secret
            assert any(e["kind"] == "card_moved" and e["data"]["card"] is None
                       for m in msgs if m["type"] == "update" for e in m["events"])
        names = {game.table().name(c) for c in secret if ".hidden" in _pile_of(game, c)}
        text = "\n".join(s for m in msgs for s in strings(m))
        assert not [n for n in names if n in text]


def _pile_of(game: Any, cid: int) -> str:
    return next(p for p, cards in game.state.piles.items() if cid in cards)


def test_the_traitor_game_shows_a_hidden_card_when_it_is_revealed() -> None:
    """The seed of the first case reveals hidden cards (so the reveal path above is exercised)."""
    opts = CASES[0].values[0]
    game, frames = play_recorded(opts)
    kinds = {e["kind"] for msgs in frames.values() for m in msgs if m["type"] == "update"
             for e in m["events"]}
    assert "hidden_revealed" in kinds
