"""When no end comes (engine/legendary/stall.py, docs/rulings.md): once a game has gone
``STALL_TURNS`` turns the table is offered to give it up, the view says so, and every bot takes the
offer (a Minor Victory on offer first, except for the campaign bot, for which it is no win)."""
from __future__ import annotations

import pytest

from engine.legendary import stall
from engine.legendary.bots import BOTS
from tests.legendary.helpers import accepted


def verbs(sc) -> set[str]:
    return {c.verb for c in sc.game.legal_commands()}


@pytest.mark.rule("LE-GEN-03", "LE-TIME-06")
def test_the_offer_comes_after_stall_turns_and_the_view_says_so(scenario):
    sc = scenario()
    s = sc.game.state
    s.turn_no = stall.STALL_TURNS
    assert "concede" not in verbs(sc) and not sc.game.observe(0)["concede_offered"]
    accepted(sc, "end")  # the next turn is past the mark
    v = sc.game.observe(s.active)
    assert s.turn_no == stall.STALL_TURNS + 1 and "concede" in verbs(sc) and v["concede_offered"]
    assert f"no end has come in {stall.STALL_TURNS} turns" in v["next_step"]
    assert "Give Up This Game" in v["next_step"]


@pytest.mark.rule("LE-GEN-03")
def test_only_in_the_action_phase_with_nothing_pending_but_asked_for_it_is_always_accepted(scenario):
    sc = scenario()
    s = sc.game.state
    assert "concede" not in verbs(sc)
    accepted(sc, "concede")  # the players may give up whenever they choose
    assert s.result == "loss:conceded" and "concede" not in verbs(sc)


@pytest.mark.rule("LE-ACT-14", "LE-ACT-15")
@pytest.mark.parametrize(("bot", "minor_on_offer", "takes"), [
    ("heuristic", False, "concede"), ("heuristic", True, "minor-victory"),
    ("random", False, None), ("campaign", True, "concede"), ("search", True, "minor-victory")])
def test_every_bot_ends_a_stalled_game(scenario, bot, minor_on_offer, takes):
    sc = scenario("act 3 3" if minor_on_offer else "")
    s = sc.game.state
    assert ("minor-victory" in verbs(sc)) == minor_on_offer
    s.turn_no = stall.STALL_TURNS + 1
    if takes is not None:
        assert BOTS[bot](1).choose(sc.game).verb == takes
        return
    player = BOTS[bot](1)  # the random bot: the offer is among its choices, so it comes
    for _ in range(2000):
        if sc.game.over:
            break
        accepted(sc, player.choose(sc.game).text())
    assert s.result == "loss:conceded"


@pytest.mark.rule("LE-CARD-20", "LE-GEN-03")
def test_the_offer_comes_at_once_when_nobody_has_a_card_left_and_the_bots_play_on(scenario):
    sc = scenario("empty p0.deck p0.hand p0.discard")
    assert "concede" not in verbs(sc)  # the other player still has cards
    sc.line("empty p1.deck p1.hand p1.discard")
    v = sc.game.observe(0)
    assert "concede" in verbs(sc) and v["concede_offered"]
    assert "no player has a card left; the table may give this game up" in v["next_step"]
    # the strikes may still end the game (or bring a Minor Victory): a bot plays on until it stalls
    assert BOTS["heuristic"](1).choose(sc.game).verb == "end"
