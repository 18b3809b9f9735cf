"""Gestures are declared once: over whole bot games of both rulesets, every drag a legal command's
declaration names is read back as that command (and a drop nothing declares means nothing)."""
from __future__ import annotations

import random

import pytest

from engine.replay.bots import HeuristicBot
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup
from matrix_gui.legendary import intents as legendary
from matrix_gui.replay import intents as replay
from tests.gui.conftest import drag, page_of, ref, scenario

pytestmark = pytest.mark.gui


def round_trips(cmds, ix, gestures, intended) -> int:
    """Checks each legal command's drags; returns how many drags were checked."""
    n = 0
    for cmd in cmds:
        for subj, tgt in gestures(cmd, ix):
            if tgt is None:
                continue
            assert cmd in intended(subj, tgt, ix), (cmd, subj, tgt)
            n += 1
    return n


def test_legendary_drags_mean_their_commands(win):
    films = [f.id for f in page_of(win).film_choices()]
    assert win.start_new("the_matrix" if "the_matrix" in films else films[0], 3, None, 11)
    game = win.ops.game
    rng = random.Random(11)
    checked = 0
    verbs: set[str] = set()
    for _ in range(250):
        if game.over:
            break
        ix = legendary.TableIndex(
            game.observe(None), {sp.name.lower(): i for i, sp in enumerate(game.db.playmat.row) if sp.phone})
        legal = game.legal_commands()
        checked += round_trips(legal, ix, legendary.gestures, legendary.intended)
        verbs |= {c.verb for c in legal}
        assert legendary.intended(("card", -5), ("pile", "nowhere"), ix) == []
        ends = [c for c in legal if c.verb == "end"]
        cmd = ends[0] if ends and rng.random() < 0.15 else rng.choice(legal)
        assert game.apply(cmd).accepted
    assert checked > 200 and {"play", "recruit", "move"} <= verbs


def test_replay_drags_mean_their_commands():
    game = ReplayGame.new(ReplaySetup(seed=8))
    bots = (HeuristicBot(8), HeuristicBot(9))
    checked = 0
    for _ in range(300):
        if game.over:
            break
        seat = game.acting
        ix = replay.ReplayIndex(game.observe(seat))
        checked += round_trips(game.legal_commands(seat=seat), ix, replay.gestures, replay.intended)
        assert replay.intended(("card", -5), ("pile", "nowhere"), ix) == []
        assert game.apply(bots[seat].choose(game, seat)).accepted
    assert checked > 50


def test_a_drop_asks_the_engine_for_the_legal_commands_once(qtbot, win, monkeypatch):
    scenario(win, "world 0 real", "pool recruit=9 attack=9", "hand 0 unplug unplug")
    game = win.ops.game
    calls: list[int] = []
    at_apply: list[int] = []
    real_legal, real_apply = game.legal_commands, game.apply

    def legal_commands(*a, **k):
        calls.append(1)
        return real_legal(*a, **k)

    def apply(cmd):
        at_apply.append(len(calls))
        return real_apply(cmd)

    monkeypatch.setattr(game, "legal_commands", legal_commands)
    monkeypatch.setattr(game, "apply", apply)
    before = len(game.commands)
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    assert len(game.commands) == before + 1
    assert at_apply == [1]  # drag start and drop share one list; the engine judges the command once
    page_of(win).view.commands_for(("pile", "p0.discard"))
    assert len(calls) == 2  # a new state version: asked again
