"""Legal commands are generated per action; over random Matrix Phases they equal the trial list
(every candidate command that ``check`` accepts), as sets, at every step."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.commands import Command
from engine.expedition.game import ExpeditionGame
from tests.expedition import test_fuzz
from tests.expedition.trial_oracle import candidates
from tests.legal_oracle import legal_by_trial

GAMES = 25


def generated_equals_trial(game: ExpeditionGame) -> list[Command]:
    legal = game.legal_commands()
    want = legal_by_trial(game, candidates)
    assert set(legal) == set(want), (
        f"generated-only {set(legal) - set(want)}, trial-only {set(want) - set(legal)}")
    assert len(legal) == len(set(legal)), "a command is generated twice"
    for seat in range(len(game.state.sheets)):  # every command names its seat; the filter keeps those
        assert game.legal_commands(seat) == [c for c in legal if c.seat == seat]
    return legal


@pytest.mark.rule("EX-MOVE-01", "EX-MOVE-02", "EX-MOVE-03", "EX-TURN-04")
def test_generated_legal_commands_equal_the_trial_list(monkeypatch):
    monkeypatch.setattr(test_fuzz, "check_invariants", generated_equals_trial)
    steps = 0
    for seed in range(GAMES):
        game = test_fuzz.play_game(seed, Counter(), Counter())
        assert game.over
        steps += len(game.commands)
    assert steps > 500
