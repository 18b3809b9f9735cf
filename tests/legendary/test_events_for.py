"""Events as each seat may see them (``LegendaryGame.events_for``): what a seat's screen, or a client
over the network, is told of a command, with no card it may not see."""
from __future__ import annotations

import pytest

from engine.core.results import Decision, Event
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.view import decision_for, observe
from tests.legendary.test_traitor_ignorance import new as traitor_game


@pytest.fixture(scope="module")
def sdb() -> CardDB:
    return load_db()


def new(db: CardDB, traitor: str | None) -> LegendaryGame:
    """A four-player game of The Matrix, in a Traitor mode or not."""
    return traitor_game(db, players=4, seed=5, mode=traitor)


def first_draw(game: LegendaryGame) -> tuple[int, list[Event]]:
    """The active seat ends its turn: the events of that command, in which it draws a new hand."""
    seat = game.state.active
    while True:
        res = game.apply("end")
        assert res.accepted, res
        events = list(res.events)
        if any(e.kind == "cards_drawn" and e.data["seat"] == seat for e in events):
            return seat, events
        seat = game.state.active


def drawn(events: list[Event], seat: int) -> list[Event]:
    return [e for e in events if e.kind == "card_moved" and e.data["dst"] == f"p{seat}.hand"
            and e.data["src"] == f"p{seat}.deck"]


@pytest.mark.rule("LE-TRAITOR-22", "LE-TERM-04")
def test_in_a_traitor_game_a_card_drawn_into_a_hand_is_named_to_its_owner_only(sdb):
    game = new(sdb, "ignorance_is_bliss")
    seat, events = first_draw(game)
    assert drawn(events, seat)
    for k in range(4):
        moves = drawn(game.events_for(k, events), seat)
        cards = [e.data["card"] for e in moves]
        assert len(moves) == len(drawn(events, seat))  # every seat hears of the draw...
        if k == seat:
            assert cards == [e.data["card"] for e in drawn(events, seat)]
        else:
            assert cards == [None] * len(moves)  # ... only the owner learns which cards
            assert all(e.data["src"] == f"p{seat}.deck" for e in moves)


@pytest.mark.rule("LE-TERM-04")
def test_without_a_traitor_hands_are_open_so_a_drawn_card_is_named_to_every_seat(sdb):
    game = new(sdb, None)
    seat, events = first_draw(game)
    for k in range(4):
        assert [e.data["card"] for e in drawn(game.events_for(k, events), seat)] == \
            [e.data["card"] for e in drawn(events, seat)]


@pytest.mark.rule("LE-MATRIX-11")
def test_a_face_down_card_moving_between_hidden_places_is_named_to_nobody(sdb):
    game = new(sdb, None)
    move = Event("card_moved", {"card": 7, "src": "matrix_deck", "dst": "row.4", "face_up": False})
    for k in (None, 0, 3):
        assert game.events_for(k, [move])[0].data["card"] is None
    shown = Event("card_moved", {"card": 7, "src": "row.4", "dst": "combat", "face_up": True})
    assert game.events_for(1, [shown])[0].data["card"] == 7


@pytest.mark.rule("LE-TRAITOR-22")
def test_a_discard_decision_shows_the_hand_only_to_the_seat_that_decides(sdb):
    game = new(sdb, "ignorance_is_bliss")
    s = game.state
    s.decision = Decision(1, "Discard a card (1 to go)", ("Shoot", "Jump"), "LE-ABILITY-03", "discard")
    assert decision_for(s, 1)["options"] == ["Shoot", "Jump"]
    other = decision_for(s, 2)
    assert other["options"] == [] and other["count"] == 2 and other["prompt"] == s.decision.prompt
    assert observe(sdb, s, 0)["decision"]["options"] == []
    event = Event("decision", {"seat": 1, "options": ["Shoot", "Jump"], "rule": "LE-ABILITY-03",
                               "choice": "discard"}, "Discard a card (1 to go)")
    assert game.events_for(1, [event])[0].data["options"] == ["Shoot", "Jump"]
    assert game.events_for(3, [event])[0].data["options"] == []


def test_without_a_traitor_every_seat_sees_the_options_of_a_discard(sdb):
    game = new(sdb, None)
    s = game.state
    s.decision = Decision(1, "Discard a card (1 to go)", ("Shoot", "Jump"), "LE-ABILITY-03", "discard")
    assert decision_for(s, 2)["options"] == ["Shoot", "Jump"]


def test_the_decision_event_names_its_kind(sdb):
    """A ruleset's redaction reads the decision's kind from the event (``Table.decision_data``)."""
    game = new(sdb, None)
    t = game.table()
    t.ask({"op": "noop"}, 0, "Which?", ["a", "b"], "R", "discard")
    assert t.events[-1].data["choice"] == "discard"
