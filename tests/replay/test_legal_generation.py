"""Legal commands are generated per action; over random games they equal the old trial list
(every candidate command that ``check`` accepts), as sets, at every step."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.commands import Command
from engine.replay.game import ReplayGame
from tests.legal_oracle import legal_by_trial
from tests.replay import test_fuzz
from tests.replay.trial_oracle import candidates

GAMES = 60


def generated_equals_trial(game: ReplayGame) -> list[Command]:
    legal = game.legal_commands()
    want = legal_by_trial(game, candidates)
    assert set(legal) == set(want), (
        f"generated-only {set(legal) - set(want)}, trial-only {set(want) - set(legal)}")
    assert len(legal) == len(set(legal)), "a command is generated twice"
    for seat in (0, 1):  # every command names its side, and the seat filter keeps exactly those
        assert game.legal_commands(seat) == [c for c in legal if c.seat == seat]
    return legal


@pytest.mark.rule("MR-TURN-01", "MR-ROLL-02")
def test_generated_legal_commands_equal_the_trial_list(monkeypatch):
    monkeypatch.setattr(test_fuzz, "check_invariants", generated_equals_trial)
    steps = 0
    for seed in range(GAMES):
        game = test_fuzz.play_game(seed, Counter())
        assert game.over
        steps += len(game.commands)
    assert steps > 1000
