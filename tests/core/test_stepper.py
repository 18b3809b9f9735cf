"""Stepping through a saved game, both ways, and taking it over from any position."""
from __future__ import annotations

import random

import pytest

from engine.core.savefile import SaveError, read_save
from engine.core.stepper import Stepper
from engine.legendary.bots import BOTS
from engine.legendary.carddb import load_db
from engine.legendary.films import film_setup
from engine.legendary.game import LegendaryGame
from engine.replay.bots import make_bot
from engine.replay.game import ReplayGame
from engine.replay.setup import ReplaySetup


@pytest.fixture(scope="module")
def db():
    return load_db()


@pytest.fixture(scope="module")
def long_save(db, tmp_path_factory):
    """A 300-command Reloaded game, saved, and the state hash after each command."""
    game = LegendaryGame.new(film_setup("reloaded", 3, 12, db=db), db, track_undo=False)
    bot = BOTS["heuristic"](12)
    hashes = [game.state_hash()]
    while len(game.commands) < 300 and not game.over:
        assert game.apply(bot.choose(game)).accepted
        hashes.append(game.state_hash())
    path = tmp_path_factory.mktemp("step") / "long.json"
    game.save(path)
    return path, hashes


def test_stepping_back_and_forth_reaches_the_same_hashes_as_the_log(db, long_save):
    path, hashes = long_save
    st = Stepper.of_save(LegendaryGame, read_save(path, ruleset="legendary"), db, path)
    assert st.total == len(hashes) - 1 >= 250
    assert st.position == 0 and st.game.state_hash() == hashes[0]
    rng = random.Random(4)
    for _ in range(60):
        k = rng.randint(0, st.total)
        st.go(k)
        assert st.position == k and st.game.state_hash() == hashes[k]
        assert len(st.game.commands) == k
    st.go(st.total)
    assert st.game.state_hash() == LegendaryGame.load(path, db).state_hash()
    for k in range(st.total, st.total - 30, -1):  # one step at a time, backwards
        st.back()
        assert st.game.state_hash() == hashes[k - 1]
    assert st.forward()  # going forward gives the events to animate
    assert st.game.state_hash() == hashes[st.total - 29]


def test_a_branch_taken_over_at_step_n_replays_to_the_original_at_n(db, long_save, tmp_path):
    path, hashes = long_save
    st = Stepper.of_save(LegendaryGame, read_save(path, ruleset="legendary"), db, path)
    st.go(120)
    branch = st.branch()
    assert branch.state_hash() == hashes[120] and len(branch.commands) == 120
    assert not branch.can_undo()
    bot = BOTS["heuristic"](5)
    for _ in range(10):  # the branch goes its own way
        if branch.over:
            break
        assert branch.apply(bot.choose(branch)).accepted
    out = tmp_path / "branch.json"
    branch.save(out)
    again = LegendaryGame.load(out, db)
    assert again.state_hash() == branch.state_hash()
    st.go(120)
    assert st.branch().state_hash() == hashes[120]  # the original is untouched


def test_a_campaign_game_taken_over_is_a_game_of_its_own(db, tmp_path):
    """The branch keeps what made its position (the campaign's Time Track, scars, prep turns) but
    is no try of the campaign: nothing records it there, and its own save replays."""
    from dataclasses import replace

    from engine.legendary.campaign import campaign_of

    setup = replace(film_setup("the_matrix", 2, 4, db=db), campaign="c-1/1/4", start_time=8, scars=[1, 0])
    game = LegendaryGame.new(setup, db, track_undo=False)
    bot = BOTS["heuristic"](4)
    for _ in range(30):
        assert game.apply(bot.choose(game)).accepted
    path = tmp_path / "campaign-game.json"
    game.save(path)
    st = Stepper.of_save(LegendaryGame, read_save(path, ruleset="legendary"), db, path)
    st.go(20)
    assert campaign_of(st.game.setup) == ("c-1", 1, 4)  # stepping through shows the campaign's game
    branch = st.branch()
    assert campaign_of(branch.setup) is None
    assert (branch.setup.start_time, branch.setup.scars) == (8, [1, 0])
    assert branch.state.piles == st.game.state.piles and branch.state.time == st.game.state.time
    out = tmp_path / "branch.json"
    branch.save(out)
    assert LegendaryGame.load(out, db).state_hash() == branch.state_hash()


def test_a_log_that_does_not_reach_its_hash_is_refused(db, long_save):
    path, _ = long_save
    payload = read_save(path, ruleset="legendary")
    payload = {**payload, "commands": payload["commands"][:-5]}
    with pytest.raises(SaveError, match="state hash differs"):
        Stepper.of_save(LegendaryGame, payload, db, path)


def test_a_matrix_replay_game_steps_the_same_way(tmp_path):
    game = ReplayGame.new(ReplaySetup(seed=3))
    bots = (make_bot("heuristic", 3), make_bot("heuristic", 4))
    hashes = [game.state_hash()]
    while len(game.commands) < 120 and not game.over:
        seat = game.acting
        assert game.apply(bots[seat].choose(game, seat)).accepted
        hashes.append(game.state_hash())
    path = tmp_path / "replay.json"
    game.save(path)
    st = Stepper.of_save(ReplayGame, read_save(path, ruleset="replay"), None, path)
    for k in (len(hashes) - 1, 7, 60, 0, 33):
        st.go(k)
        assert st.game.state_hash() == hashes[k]
