"""Legal commands are generated per action; over random Matrix Phases they equal the trial list
(every candidate command that ``check`` accepts), as sets, at every step."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.commands import Command
from engine.expedition.game import ExpeditionGame
from tests.expedition import test_fuzz
from tests.expedition.trial_oracle import candidates
from tests.legal_oracle import generated_equals_trial as shared_check

GAMES = 25


def generated_equals_trial(game: ExpeditionGame) -> list[Command]:
    return shared_check(game, candidates, range(len(game.state.sheets)))


@pytest.mark.rule("EX-MOVE-01", "EX-MOVE-02", "EX-MOVE-03", "EX-TURN-04")
def test_generated_legal_commands_equal_the_trial_list(monkeypatch):
    monkeypatch.setattr(test_fuzz, "check_invariants", generated_equals_trial)
    steps = 0
    for seed in range(GAMES):
        game = test_fuzz.play_game(seed, Counter(), Counter())
        assert game.over
        steps += len(game.commands)
    assert steps > 500
