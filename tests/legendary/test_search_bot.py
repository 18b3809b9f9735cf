"""The look-ahead bot: it weighs moves by playing the game out, reads only what its seat may see
(LE-TERM-04 deck orders are unseen, LE-MATRIX-11 face-down Matrix cards are unseen), and plays for the
goal it is given (a Major Victory only in a campaign, LE-CAMPAIGN-10)."""
from __future__ import annotations

import random

import pytest

from engine.legendary.bots import BOTS, HeuristicBot, SearchBot
from engine.legendary.bots.search_bot import CONFIRM, LOSS_CREDIT
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.quickstart import default_setup
from engine.legendary.state import State

DEALS = 2  # enough to weigh moves; keeps each analysis well under a second


@pytest.fixture(scope="module")
def films_db() -> CardDB:
    return load_db([])


def _heuristic_until(db: CardDB, players: int, seed: int, film: str, stop) -> LegendaryGame:
    """A heuristic bot game played until ``stop(game)`` holds (asserted to happen)."""
    game = LegendaryGame.new(default_setup(db, players, seed, [], film, None), db, track_undo=False)
    bot = HeuristicBot()
    while not game.over and not stop(game):
        assert game.apply(bot.choose(game)).accepted
    assert not game.over, "the game ended before the position the test needs"
    return game


def _weighs(game: LegendaryGame) -> bool:
    return bool(SearchBot(0, screen=1, confirm=0).analyse(game).options)


def _stretch(db: CardDB, s: State, cid: int) -> str:
    deck = db.cards[s.defs[cid]].deck
    return deck if deck.startswith("act:") else ""


def _shuffled_unseen(db: CardDB, s: State, seed: int) -> State:
    """A copy of ``s`` whose unseen cards lie in another order: every deck, the Strike deck, Zion,
    the Hovercraft stack, and each Act's cards within the Matrix Deck (the Inevitable stays at the
    bottom, cards of no Act stay where they are), and the game's random numbers changed."""
    rng = random.Random(seed)
    new = s.clone()
    for name in [p for p in new.piles if p.endswith(".deck")] + ["strikes", "zion", "hovercraft"]:
        rng.shuffle(new.piles[name])
    deck = new.piles["matrix_deck"]
    for label in {_stretch(db, s, c) for c in deck} - {""}:
        places = [i for i, c in enumerate(deck) if _stretch(db, s, c) == label and c != s.inevitable]
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        for i, c in zip(places, cards, strict=True):
            deck[i] = c
    new.rng = rng.getrandbits(64)
    return new


@pytest.mark.slow
@pytest.mark.rule("LE-TERM-04")
@pytest.mark.rule("LE-MATRIX-11")
@pytest.mark.parametrize("film", ["the_matrix", "reloaded", "revolutions"])
def test_decisions_do_not_change_when_unseen_cards_lie_in_another_order(films_db, film):
    game = _heuristic_until(films_db, 2, 7, film, lambda g: g.state.turn_no >= 6 and _weighs(g))
    s = game.state
    other = LegendaryGame(films_db, _shuffled_unseen(films_db, s, 99), track_undo=False)
    moved = [p for p in ("p0.deck", "p1.deck", "matrix_deck") if other.state.piles[p] != s.piles[p]]
    assert moved, "the shuffle must really change the order of unseen cards"
    assert other.state.hash() != s.hash()
    first = SearchBot(3, screen=DEALS).analyse(game)
    second = SearchBot(3, screen=DEALS).analyse(other)
    assert first.options, "the position must be one the bot weighs"
    assert first == second


@pytest.mark.slow
def test_the_deals_of_unseen_cards_change_with_the_bots_seed(films_db):
    """The test above could pass by never dealing at all: two seeds weigh the same moves on
    different deals, so at least one move scores differently."""
    game = _heuristic_until(films_db, 2, 7, "the_matrix", lambda g: g.state.turn_no >= 6 and _weighs(g))
    scores = [{o.command: o.value for o in SearchBot(seed, screen=DEALS).analyse(game).options}
              for seed in range(4)]
    assert any(a != scores[0] for a in scores[1:])


@pytest.mark.slow
def test_every_move_it_weighs_is_legal_and_it_plays_on_from_a_late_position(films_db):
    game = _heuristic_until(films_db, 2, 3, "the_matrix", lambda g: g.state.act == 3)
    bot = SearchBot(1, screen=DEALS)
    for _ in range(25):
        if game.over:
            break
        analysis = bot.analyse(game)
        legal = set(game.legal_commands())
        assert analysis.best in legal
        assert all(o.command in legal for o in analysis.options)
        assert all(0 <= o.wins <= o.rollouts and 1 <= o.rollouts <= DEALS + CONFIRM
                   for o in analysis.options)
        assert game.apply(analysis.best).accepted


@pytest.mark.rule("LE-CAMPAIGN-10")
def test_a_minor_victory_is_a_sure_win_only_when_the_goal_is_any_win(films_db):
    game = _heuristic_until(films_db, 3, 3, "the_matrix",
                            lambda g: {"minor-victory"} <= {c.verb for c in g.legal_commands()} - {"play"}
                            and not any(c.verb == "play" for c in g.legal_commands()))
    minor = next(c for c in game.legal_commands() if c.verb == "minor-victory")
    win = {o.command: o for o in SearchBot(0, screen=DEALS).analyse(game).options}
    assert win[minor].value == 1.0 and win[minor].wins == win[minor].rollouts
    major = {o.command: o for o in SearchBot(0, goal="major", screen=DEALS).analyse(game).options}
    assert major[minor].wins == 0 and major[minor].value <= LOSS_CREDIT < 1.0


def test_an_unknown_goal_is_refused():
    with pytest.raises(ValueError, match="goal"):
        SearchBot(goal="draw")


def test_the_search_bot_is_offered_with_the_others():
    assert BOTS["search"] is SearchBot
