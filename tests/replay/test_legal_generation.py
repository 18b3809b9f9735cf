"""Legal commands are generated per action; over random games they equal the old trial list
(every candidate command that ``check`` accepts), as sets, at every step."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.commands import Command
from engine.replay.game import ReplayGame
from tests.legal_oracle import generated_equals_trial as shared_check
from tests.replay import test_fuzz
from tests.replay.trial_oracle import candidates

pytestmark = pytest.mark.slow

GAMES = 60


def generated_equals_trial(game: ReplayGame) -> list[Command]:
    return shared_check(game, candidates, (0, 1))


@pytest.mark.rule("MR-TURN-01", "MR-ROLL-02")
def test_generated_legal_commands_equal_the_trial_list(monkeypatch):
    monkeypatch.setattr(test_fuzz, "check_invariants", generated_equals_trial)
    steps = 0
    for seed in range(GAMES):
        game = test_fuzz.play_game(seed, Counter())
        assert game.over
        steps += len(game.commands)
    assert steps > 1000
