"""The host's authority without any networking (``engine.net.session.HostSession``): seats, join
codes, seat tokens, sequence numbers, whose command is whose, undo as at one screen, bots, the
autosave."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import load_any
from engine.net.protocol import Act, Join, Refused, Resume, Undo, Update
from engine.net.rulesets import GameOptions, new_game
from engine.net.session import HostSession


def session(opts: GameOptions, **kw: object) -> HostSession:
    return HostSession(new_game(opts), bots=opts.bots, bot_seed=3, **kw)  # type: ignore[arg-type]


def joined(s: HostSession, name: str = "Ann", seat: int | None = None) -> tuple[int, str]:
    answer = s.join(Join(code=s.code, name=name, seat=seat))
    assert not isinstance(answer, Refused), answer
    seat_no, welcome, update = answer
    assert welcome.seat == seat_no == update.seat and update.ack is None
    return seat_no, welcome.token


def test_a_join_needs_the_code_which_is_read_as_typed() -> None:
    s = session(GameOptions("replay", seed=1))
    bad = s.join(Join(code="ZZZZZZ" if s.code != "ZZZZZZ" else "YYYYYY", name="Eve"))
    assert isinstance(bad, Refused) and bad.code == "stranger"
    typed = f"{s.code[:3].lower()}-{s.code[3:].lower()}"
    ok = s.join(Join(code=typed, name="Ann"))
    assert not isinstance(ok, Refused) and ok[0] == 0
    assert [x.kind for x in s.seats] == ["remote", "open"]


def test_seats_are_given_in_order_asked_for_by_number_and_never_twice() -> None:
    s = session(GameOptions("legendary", players=3, seed=1, bots={1: "heuristic"}))
    assert joined(s, "Ann", seat=2)[0] == 2
    taken = s.join(Join(code=s.code, name="Bob", seat=2))
    assert isinstance(taken, Refused) and taken.code == "seat" and "free seats: 0" in taken.reason
    bot = s.join(Join(code=s.code, name="Bob", seat=1))
    assert isinstance(bot, Refused) and bot.code == "seat"
    missing = s.join(Join(code=s.code, name="Bob", seat=7))
    assert isinstance(missing, Refused) and "no seat 7" in missing.reason
    assert joined(s, "Bob")[0] == 0
    full = s.join(Join(code=s.code, name="Cy"))
    assert isinstance(full, Refused) and full.code == "seat" and "full" in full.reason


def test_a_seat_token_takes_the_seat_back_with_its_sequence_numbers() -> None:
    s = session(GameOptions("replay", seed=2))
    seat, token = joined(s)
    joined(s, "Bob")
    legal = s.update(seat).legal
    refused, updates = s.handle(seat, Act(n=5, text=legal[0]))
    assert refused is None and updates[seat].ack == 5
    s.drop(seat)
    assert seat not in s.listening()
    wrong = s.resume(Resume(token=token[::-1]))
    assert isinstance(wrong, Refused) and wrong.code == "token"
    back = s.resume(Resume(token=token))
    assert not isinstance(back, Refused)
    assert back[0] == seat and back[1].next_n == 6 and back[1].token == token
    again, _ = s.handle(seat, Act(n=5, text=legal[0]))  # the same number after the resume: replayed
    assert again is not None and again.code == "replayed"


def test_a_command_must_be_the_seats_own() -> None:
    s = session(GameOptions("replay", seed=3))
    humans, _ = joined(s)
    machines, _ = joined(s, "Bob")
    assert s.acting() == humans
    before = s.game.state_hash()
    # not while another seat acts, nor for another seat; its own seat's, the engine judges
    for text, code in (("done", "not_yours"), ("@0 done", "not_yours"), ("@1 done", "rejected")):
        refused, updates = s.handle(machines, Act(n=s.seats[machines].last_n + 1, text=text))
        assert refused is not None and refused.code == code and updates == {}
    refused, _ = s.handle(humans, Act(n=1, text="@1 done"))
    assert refused is not None and refused.code == "not_yours" and "seat 1" in refused.reason
    refused, _ = s.handle(humans, Act(n=2, text="deploy 99999"))
    assert refused is not None and refused.code == "rejected" and refused.rule  # the engine's rule
    assert s.game.state_hash() == before and s.version == 0


@pytest.mark.rule("MR-GEN-01")
def test_undo_follows_the_rules_of_one_screen() -> None:
    s = session(GameOptions("replay", seed=5))
    humans, _ = joined(s)
    machines, _ = joined(s, "Bob")
    n = {humans: 0, machines: 0}

    def send(seat: int, msg: type[Act] | type[Undo], text: str = "") -> tuple[Refused | None, dict]:
        n[seat] += 1
        return s.handle(seat, Act(n=n[seat], text=text) if msg is Act else Undo(n=n[seat]))

    take = s.update(humans).legal[0]  # a card taken from the deck: it shows what was hidden
    assert send(humans, Act, take)[0] is None
    refused, _ = send(humans, Undo)
    assert refused is not None and refused.code == "rejected" and "revealed" in refused.reason
    deploy = next(c for c in s.update(humans).legal if "deploy" in c)
    hash_before = s.game.state_hash()
    assert send(humans, Act, deploy)[0] is None
    refused, _ = send(machines, Undo)  # another side's move
    assert refused is not None and "Humans made the last move" in refused.reason
    refused, updates = send(humans, Undo)
    assert refused is None and s.game.state_hash() == hash_before
    assert updates[humans].undo and updates[machines].undo and updates[humans].ack == n[humans]
    assert updates[machines].events[0].kind == "undone"


def test_a_bot_plays_a_dropped_seat_until_its_player_resumes() -> None:
    s = session(GameOptions("expedition", players=2, seed=4))
    seat, token = joined(s)
    joined(s, "Bob")
    assert s.bot_due() is None
    s.drop(seat)
    assert s.dropped_since(0) == [seat]
    s.hand_to_bot(seat, "heuristic")
    assert s.dropped_since(0) == [] and s.roster().seats[seat].bot == "heuristic"
    played = 0
    while s.bot_due() == seat:
        updates = s.play_bot()
        assert seat not in updates and updates  # the connected seat hears of each bot move
        played += 1
    assert played > 0
    refused, _ = s.handle(seat, Act(n=1, text="move 0 0"))
    assert refused is not None and refused.code == "not_yours"
    assert not isinstance(s.resume(Resume(token=token)), Refused)
    assert s.seats[seat].bot is None


def test_seats_at_the_hosts_screen_play_through_the_session_too() -> None:
    s = session(GameOptions("replay", seed=6), local=(0,))
    joined(s, "Bob")  # takes the free seat 1
    assert s.seats[0].kind == "local" and s.listening() == [0, 1]
    refused, updates = s.submit_local(0, s.update(0).legal[0])
    assert refused is None and set(updates) == {0, 1}
    refused, _ = s.submit_local(1, "done")
    assert refused is not None and refused.code == "not_yours"


def test_an_engine_failure_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    s = session(GameOptions("replay", seed=7))
    seat, _ = joined(s)
    before, commands = s.game.state_hash(), list(s.game.commands)

    def broken(t: object) -> None:
        s.game.state.time = -99  # half done...
        raise KeyError("a bug")

    monkeypatch.setattr(s.game, "run_flow", broken)
    refused, updates = s.handle(seat, Act(n=1, text=s.update(seat).legal[0]))
    assert refused is not None and refused.rule == "ENGINE" and updates == {}
    assert s.game.state_hash() == before and s.game.commands == commands
    assert s.errors and "KeyError" in s.errors[0]


def test_every_change_is_autosaved_before_anyone_hears_of_it(tmp_path: Path) -> None:
    save = tmp_path / "hosted.json"
    s = session(GameOptions("legendary", players=2, seed=8, traitor=None), autosave=save)
    seat, _ = joined(s)
    for n in range(1, 6):
        update = s.update(seat)
        if update.acting != seat:
            break
        refused, updates = s.handle(seat, Act(n=n, text=update.legal[-1]))
        assert refused is None
        loaded = load_any(save)  # base and journal, as the app's Continue reads them
        assert loaded.state_hash() == s.game.state_hash() and loaded.commands == s.game.commands
    s.close()
    assert load_any(save).commands == s.game.commands


def test_an_update_is_the_seats_view_legal_commands_and_events() -> None:
    s = session(GameOptions("replay", seed=9))
    seat, _ = joined(s)
    update = s.update(seat)
    assert isinstance(update, Update)
    assert update.view == s.game.observe(seat)
    assert update.legal == [c.text() for c in s.game.legal_commands(seat)]
    assert update.acting == s.acting() and not update.over and update.hash is None
