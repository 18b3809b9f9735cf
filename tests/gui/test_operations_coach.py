"""The operations layer's coach (a guided game's step narrows the moves) and a game's own autosave
path (the guided game never writes the player's autosave)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.commands import Command
from engine.legendary.lessons import load_lesson
from matrix_gui.operations import COACHED, Operations

pytestmark = pytest.mark.gui


class OnlyEnd:
    """A coach whose step teaches End Turn."""

    def allows(self, cmd: Command) -> str | None:
        return None if cmd.verb == "end" else "Press E to end the turn"


@pytest.fixture
def game():
    return load_lesson().new_game()


def test_a_coach_narrows_the_legal_moves_and_refuses_the_others_before_the_engine(qtbot, tmp_path, game):
    ops = Operations(autosave=tmp_path / "autosave.json")
    refused = []
    ops.rejected.connect(refused.append)
    play = next(c for c in game.legal_commands() if c.verb == "play")
    ops.start(game, coach=OnlyEnd())
    assert [c.verb for c in ops.legal()] == ["end"]
    assert ops.check(play) == ops.coached(play) and ops.check(play).rule == COACHED
    assert not ops.submit(play).accepted and game.commands == []
    assert refused[-1].rule == COACHED and refused[-1].reason == "Press E to end the turn"
    assert ops.check(Command("fight", (9999,))).rule == COACHED  # the coach answers first
    ops.coach = None
    assert ops.submit(play).accepted
    ops.coach = OnlyEnd()
    assert ops.undo().rule == COACHED and len(game.commands) == 1  # undo passes the same gate
    assert ops.submit(Command("end")).accepted


def test_a_coach_set_or_let_go_without_a_new_version_narrows_the_next_call(qtbot, tmp_path, game):
    """``legal`` keeps the engine's list per version and narrows it at each call: a coach that comes,
    changes or lets go with no new command (a hint moves a step on, Play On) counts at once."""
    ops = Operations(autosave=tmp_path / "autosave.json")
    ops.start(game, coach=OnlyEnd())
    version = ops.version
    assert [c.verb for c in ops.legal()] == ["end"]
    ops.coach = None  # (Play On)
    assert ops.legal() == game.legal_commands() and len(ops.legal()) > 1
    ops.coach = OnlyEnd()
    assert [c.verb for c in ops.legal()] == ["end"] and ops.version == version


def test_a_new_game_drops_the_coach(qtbot, tmp_path, game):
    ops = Operations(autosave=tmp_path / "autosave.json")
    ops.start(game, coach=OnlyEnd())
    ops.start(load_lesson().new_game())
    assert ops.coach is None and len(ops.legal()) > 1


def read(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_a_game_with_its_own_autosave_leaves_the_other_games_files_as_they_are(qtbot, tmp_path, game):
    ops = Operations(autosave=tmp_path / "autosave.json")
    ops.start(game)
    ops.submit(game.legal_commands()[0])
    mine = read(tmp_path)
    assert set(mine) == {"autosave.json", "autosave.journal"}
    other = load_lesson().new_game()
    own = tmp_path / "tutorial" / "autosave.json"
    ops.start(other, autosave=own)
    ops.submit(other.legal_commands()[0])
    ops.close()
    assert read(tmp_path) == mine
    assert set(read(own.parent)) == {"autosave.json", "autosave.journal"}
    ops.start(game)  # back to the app's autosave
    ops.submit(game.legal_commands()[0])
    assert read(tmp_path)["autosave.journal"] != mine["autosave.journal"]
