"""Bots for either side of Matrix Replay: uniformly random, and a simple heuristic.

A bot answers ``choose(game, seat)`` with one of ``game.legal_commands(seat)``. The simulation asks
the bot of the side that must act; that side may also play its instant Events at its own steps.
"""
from __future__ import annotations

import random
from typing import Protocol

from engine.core.commands import Command
from engine.replay import schema
from engine.replay.game import ReplayGame
from engine.replay.rules import Table
from engine.replay.state import HUMANS, MACHINES


class Bot(Protocol):
    name: str

    def choose(self, game: ReplayGame, seat: int) -> Command: ...


class RandomBot:
    """Picks a uniformly random legal command of its side."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ReplayGame, seat: int) -> Command:
        legal = game.legal_commands(seat)
        if not legal:
            raise RuntimeError(f"no legal command for seat {seat} in a game that is not over")
        return self.rng.choice(legal)


# --- the heuristic --------------------------------------------------------------------------------

SURVIVAL = {"battle": 1.6, "pursuit": 1.3, "detection": 1.3, "escape": 1.2}
INSTANT_VALUE = {"draw": 4.0, "time": 6.0, "opponent_discards": 5.0, "opponent_kills_humans_in_matrix": 6.0,
                 "neutralize": 3.0, "retrieve_from_discard": 3.0, "search_deck": 4.0,
                 "skip_matrix_phase": 0.0,
                 "look_opponent_deck": 0.5, "look_opponent_hand": 0.5}


def card_value(t: Table, cid: int) -> float:
    """How much a side would miss this card (higher: keep it)."""
    c = t.card(cid)
    if isinstance(c, schema.MissionCard):
        return 10.0 + c.mp
    if isinstance(c, schema.CharacterCard):
        if c.id == "neo":
            return 100.0
        return 3.0 + 2.0 * sum(m.amount for m in c.modifiers) + (2.0 if c.code == "H" else 0.0)
    value = max((m.amount * SURVIVAL.get(m.roll, 1.0) for m in c.options), default=0.0)
    value += sum(INSTANT_VALUE.get(e.verb, 1.0) for e in c.effects)
    return value


def _need(kind: str, seat: int, h: int, m: int) -> int:
    """How many points ``seat`` still needs for an acceptable outcome (<= 0: none)."""
    if seat == HUMANS:
        return m - h if kind in ("combat", "battle") else m - h + 1
    return h - m + 1 if kind == "battle" else h - m


class HeuristicBot:
    """Plays sensible commands: deploys, protects Neo, spends Events only when they turn a contest."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: ReplayGame, seat: int) -> Command:
        legal = game.legal_commands(seat)
        if not legal:
            raise RuntimeError(f"no legal command for seat {seat} in a game that is not over")
        t = Table(game.db, game.state)
        s = game.state
        if s.decision is not None:
            return self._decide(t, legal)
        if s.step == "contest":
            return self._contest(t, seat, legal)
        instant = self._instant(t, seat, legal)
        if instant is not None:
            return instant
        by_verb: dict[str, list[Command]] = {}
        for c in legal:
            by_verb.setdefault(c.verb, []).append(c)
        step = s.step
        if step in ("zion_draw", "zero_one_draw"):
            return self._draw(t, seat, by_verb)
        if step in ("zion_deploy", "zero_one_deploy"):
            return (by_verb.get("deploy") or by_verb["done"])[0]
        if step == "switch":
            return self._switch(t, by_verb)
        if step == "unplug":
            return (by_verb.get("unplug") or by_verb["done"])[0]
        if step == "mission_choice":
            cards = [c for c in by_verb["mission"] if c.args[0] != "basic"]
            if cards:
                return max(cards, key=lambda c: (t.card(int(c.args[0])).mp, -int(c.args[0])))
            return by_verb["mission"][0]
        return self.rng.choice(legal)  # pragma: no cover - every step is handled above

    # --- parts -------------------------------------------------------------------------------------

    def _decide(self, t: Table, legal: list[Command]) -> Command:
        d = t.s.decision
        assert d is not None
        cards = t.s.tasks[-1]["cards"]
        if d.kind in ("discard", "kill"):  # losing one of ours: the least valuable
            k = min(range(len(cards)), key=lambda i: card_value(t, cards[i]))
        else:  # gaining one, or hurting the opponent: the most valuable
            k = max(range(len(cards)), key=lambda i: card_value(t, cards[i]))
        return Command("choose", (k,), d.seat)

    def _contest(self, t: Table, seat: int, legal: list[Command]) -> Command:
        k = t.s.contest
        assert k is not None
        h, m = t.total(HUMANS), t.total(MACHINES)
        need = _need(k.kind, seat, h, m)
        passing = next(c for c in legal if c.verb == "pass")
        if need <= 0:
            return passing
        gains: list[tuple[int, Command]] = []
        for c in legal:
            if c.verb != "play":
                continue
            card = t.card(int(c.args[0]))
            assert isinstance(card, schema.EventCard)
            if any(isinstance(e, schema.KillOwnCharacter) for e in card.effects) and len(t.in_play(seat)) < 3:
                continue  # Sacrifice only with characters to spare
            opt = next((o for o in card.options if o.roll in (k.roll, "any")), None)
            if opt is None:
                continue
            agents = sum(1 for x in t.team(seat, k.teams[seat]) if t.code(x) == "A")
            gains.append((opt.amount * (agents if opt.who == "each_agent" else 1), c))
        if sum(g for g, _ in gains) < need:
            return passing  # no way to turn it: keep the cards
        enough = [gc for gc in gains if gc[0] >= need]
        return min(enough, key=lambda gc: gc[0])[1] if enough else max(gains, key=lambda gc: gc[0])[1]

    def _instant(self, t: Table, seat: int, legal: list[Command]) -> Command | None:
        s = t.s
        hand = len(t.hand(seat))
        for c in legal:
            if c.verb != "play":
                continue
            card = t.card(int(c.args[0]))
            assert isinstance(card, schema.EventCard)
            verbs = {e.verb for e in card.effects}
            if "skip_matrix_phase" in verbs:
                if s.step == "switch" and not s.plugged and hand <= 6:
                    return c
                continue
            if verbs <= {"look_opponent_deck", "look_opponent_hand"}:
                if hand >= 10:
                    return c
                continue
            if "draw" in verbs and hand >= 9:
                continue
            has_mission = any(isinstance(t.card(x), schema.MissionCard) for x in t.hand(seat))
            if "search_deck" in verbs and has_mission:
                continue
            return c
        return None

    def _draw(self, t: Table, seat: int, by_verb: dict[str, list[Command]]) -> Command:
        s = t.s
        if seat == MACHINES:
            recall = by_verb.get("recall", [])
            if recall:
                best = max(recall, key=lambda c: card_value(t, int(c.args[0])))
                agents = sum(1 for x in t.in_play(MACHINES) if t.code(x) == "A")
                if s.defs[int(best.args[0])] == "agent_smith" or agents < 2:
                    return best
            return by_verb["draw"][0]
        takes = {s.defs[int(c.args[0])]: c for c in by_verb.get("take", [])}
        if t.neo() is None and "neo" in takes and not any(s.defs[c] == "neo" for c in t.hand(HUMANS)):
            return takes["neo"]
        def battle(cid: int) -> int:
            card = t.card(cid)
            if not isinstance(card, schema.EventCard):
                return 0
            return max((o.amount for o in card.options if o.roll == "battle" and o.who == "side"), default=0)

        if sum(battle(c) for c in t.hand(HUMANS)) < 6:  # the Battle loses the game: keep a reserve
            best = max(takes.values(), key=lambda c: battle(int(c.args[0])), default=None)
            if best is not None and battle(int(best.args[0])) > 0:
                return best
        has_mission = any(isinstance(t.card(c), schema.MissionCard) for c in t.hand(HUMANS))
        if not has_mission:
            missions = [c for d, c in takes.items() if isinstance(t.db.cards[d], schema.MissionCard)]
            if missions:
                return max(missions, key=lambda c: t.card(int(c.args[0])).mp)
        return by_verb["draw"][0]

    def _switch(self, t: Table, by_verb: dict[str, list[Command]]) -> Command:
        """Plug every non-Operator H; Neo only with someone else in the Matrix to shield him."""
        s = t.s
        h_chars = [c for c in t.in_play(HUMANS) if t.code(c) == "H"]
        want = {c for c in h_chars if t.card(c).role != "Operator" and s.defs[c] != "neo"}
        shields = len(want) + sum(1 for c in t.in_play(HUMANS) if t.code(c) == "RP")
        neo = t.neo()
        if neo is not None and shields >= 2:
            want.add(neo)
        for c in by_verb.get("plug", []):
            if int(c.args[0]) in want:
                return c
        for c in by_verb.get("unplug", []):
            if int(c.args[0]) not in want:
                return c
        return by_verb["done"][0]


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """A bot by name (``random`` or ``heuristic``)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "card_value", "make_bot"]
