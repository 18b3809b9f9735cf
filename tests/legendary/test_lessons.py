"""The guided first game's steps are data checked against the engine, like the cards: the shipped
lesson plays through headless, and a step that no longer agrees with the rules fails with its id."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.cardfiles import CardLoadError
from engine.core.commands import Command
from engine.legendary.lessons import Progress, check_lesson, check_shipped, lessons_dir, load_lesson

SHIPPED = lessons_dir() / "first_game.toml"


@pytest.fixture(scope="module")
def lesson():
    return load_lesson()


def variant(tmp_path: Path, old: str, new: str) -> Path:
    """The shipped lesson with one piece of text replaced (it must be there)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "first_game.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.rule("LE-MOVE-06", "LE-RECRUIT-01", "LE-FIGHT-01", "LE-CHALLENGE-01", "LE-STRIKE-03",
                  "LE-ACT-11", "LE-ACT-13")
def test_the_first_game_plays_through_to_act_2(lesson):
    game = check_lesson(lesson)
    s = game.state
    assert (s.act, s.part) == (2, 1)
    assert s.time == 9  # the Rooftop Police struck once while Thomas Anderson was in the Real World
    assert s.players[0].avatar not in s.flipped  # Neo's side up: he was freed
    assert not s.players[0].in_matrix
    assert not game.over


def test_every_shipped_lesson_is_checked(lesson):
    assert check_shipped() == {"first_game": len(lesson.steps)}


def test_a_step_whose_move_the_engine_no_longer_allows_fails_with_its_id(tmp_path):
    path = variant(tmp_path, "complete <The Red Pill> recruit", "complete <The Red Pill> attack")
    with pytest.raises(CardLoadError) as e:
        check_lesson(load_lesson(path))
    assert "step 12 'complete_a_challenge'" in str(e.value)
    assert "no legal command matches complete <The Red Pill> attack" in str(e.value)


def test_a_step_whose_events_do_not_follow_fails_with_its_id(tmp_path):
    path = variant(tmp_path, 'done = ["card_moved:dst=defeated_enemies"]', 'done = ["card_moved:dst=combat"]')
    with pytest.raises(CardLoadError) as e:
        check_lesson(load_lesson(path))
    assert "step 3 'fight_an_enemy'" in str(e.value) and "card_moved:dst=combat" in str(e.value)


def test_a_hint_that_the_next_step_does_not_teach_fails(tmp_path):
    path = variant(tmp_path, 'do = ["play <There Is No Spoon>"]', 'do = ["play <Unplug>"]')
    with pytest.raises(CardLoadError) as e:
        check_lesson(load_lesson(path))
    assert "step 1 'ask_for_a_hint'" in str(e.value) and "the hint advises play" in str(e.value)


def block(text: str, step_id: str) -> str:
    """One [[step]] table of a lesson file's text, up to the next one."""
    start = text.index(f'[[step]]\nid = "{step_id}"')
    end = text.find("[[step]]", start + 1)
    return text[start:] if end < 0 else text[start:end]


def test_an_undo_after_a_reveal_fails_with_its_id(tmp_path):
    text = SHIPPED.read_text(encoding="utf-8")
    undo, again, recruit = (block(text, i) for i in ("undo_a_move", "leave_again", "recruit_from_the_dock"))
    # undo the recruit instead of the move: the Dock's new card came from Zion, face down until now
    text = text.replace(undo, "").replace(again, "").replace(recruit, recruit + undo)
    path = tmp_path / "first_game.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardLoadError, match="step 7 'undo_a_move': undo is refused: .*Zion"):
        check_lesson(load_lesson(path))


def test_unknown_verbs_cards_places_and_fields_fail_at_load_naming_file_and_step(tmp_path):
    path = variant(tmp_path, 'do = ["end"]', 'do = ["finish"]')
    with pytest.raises(CardLoadError) as e:
        load_lesson(path)
    assert "first_game.toml: step[8] 'end_the_turn'.do" in str(e.value) and "'finish'" in str(e.value)
    path = variant(tmp_path, "fight <Metacortex Security>", "fight <Metacortex Guard>")
    with pytest.raises(CardLoadError, match="step 3 'fight_an_enemy': no card named 'Metacortex Guard'"):
        check_lesson(load_lesson(path))
    path = variant(tmp_path, 'light = ["combat", "time", "strikes"]', 'light = ["combat_zone"]')
    with pytest.raises(CardLoadError, match="no place 'combat_zone' to light"):
        check_lesson(load_lesson(path))
    path = variant(tmp_path, 'done = ["undone"]', 'done = ["undone:by"]')
    with pytest.raises(CardLoadError, match="'undo_a_move'.done: .*'undone:by' is not an event"):
        load_lesson(path)
    path = variant(tmp_path, 'times = 2\ndone', 'times = 2\nrepeat = 2\ndone')
    with pytest.raises(CardLoadError, match="'play_for_attack'.repeat"):
        load_lesson(path)
    path = variant(tmp_path, 'id = "leave_again"', 'id = "leave_the_matrix"')
    with pytest.raises(CardLoadError, match="step ids must be unique: leave_the_matrix"):
        load_lesson(path)


def test_progress_allows_only_the_current_steps_moves_and_counts_times(lesson):
    game = lesson.new_game()
    p = Progress(lesson)
    assert p.allows(Command("hint"), game) and not p.allows(Command("end"), game)
    from engine.core.results import Event

    assert not p.heard((Event("card_moved", {"dst": "p0.play"}),))  # not what the hint step waits for
    assert p.heard((Event("hint_shown"),)) and p.step.id == "play_for_attack"
    spoons = [c for c in game.legal_commands() if c.verb == "play"
              and game.db.cards[game.state.defs[c.args[0]]].name == "There Is No Spoon"]
    unplug = next(c for c in game.legal_commands() if c.verb == "play" and c not in spoons)
    assert all(p.allows(c, game) for c in spoons) and not p.allows(unplug, game)
    played = (Event("card_moved", {"dst": "p0.play"}),)
    assert not p.heard(played) and p.count == 1  # one of two
    assert p.heard(played) and p.step.id == "fight_an_enemy"
