"""The guided first game ("Learn to Play"): a lesson (``engine.legendary.lessons``) played on the
Legendary table, one step at a time.

``learn_to_play(page)`` (the Legendary page's Learn to Play: the lesson sees the page as a
``LessonTable`` and the window as a ``Shell``) deals the lesson's fixed table (or resumes it) and
starts it autosaved to its own file (``tutorial/autosave.json`` in the data folder, with
``progress.json`` beside it: the step reached), so the player's own game and Continue are never
touched. The ``LessonCoach`` is the operations layer's coach: it allows only the current step's
moves (every other is refused with the step's hint), hears each accepted move's events and each hint
shown to move on, lights the step's cards and places, and fills the lesson panel above the table
(the step, "step n of m", Leave; at the end Play On and New Game).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from engine.core.commands import Command
from engine.core.results import Event
from engine.legendary.lessons import HINT_SHOWN, TIME, Lesson, Progress
from matrix_gui.hudstrip import HudStrip

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from engine.legendary.game import LegendaryGame
    from matrix_gui.animation import AnimationQueue
    from matrix_gui.cardindex import Key
    from matrix_gui.legendary.content import DbCache
    from matrix_gui.legendary.scene import TableScene
    from matrix_gui.legendary.view import TableView
    from matrix_gui.shell import Shell

PROGRESS_FORMAT = "matrix-tabletop-lesson"
LIGHT = "lesson"  # the light the lesson marks cards, places and buttons with (``page.mark``)
BUTTON_STYLE = """
QPushButton { background: #0e2a18; color: #d9ffe6; border: 1px solid #39ff7a; border-radius: 6px;
              padding: 3px 12px; }
QPushButton:hover { background: #175c33; }
"""


class LessonTable(Protocol):
    """What the lesson uses of the Legendary page (it reaches the lesson through the page, so the
    lesson does not import the page): its window, cards, table, animation and layout."""

    win: Shell
    anim: AnimationQueue | None
    table: TableScene | None
    view: TableView

    @property
    def dbs(self) -> DbCache: ...

    def busy(self) -> bool: ...

    def mark(self, keys: Iterable[Key], note: str = "", light: str = ...) -> None: ...

    def clear_marks(self, light: str = ...) -> None: ...

    def layout(self) -> QVBoxLayout: ...  # (the page's: the lesson panel goes above the table)


@dataclass(frozen=True)
class LessonFiles:
    """Where a lesson's game is kept: its own autosave and the step reached, beside it."""

    folder: Path

    @property
    def autosave(self) -> Path:
        return self.folder / "autosave.json"

    @property
    def progress(self) -> Path:
        return self.folder / "progress.json"

    def saved(self) -> bool:
        return self.autosave.is_file() and self.progress.is_file()

    def write(self, lesson: Lesson, progress: Progress, commands: int) -> None:
        """Keep the step reached (atomic; ``commands``: the length of the game's log it belongs to)."""
        from engine.core.savefile import write_json_atomic

        self.folder.mkdir(parents=True, exist_ok=True)
        write_json_atomic(self.progress, {"format": PROGRESS_FORMAT, "lesson": lesson.id,
                                          "step": progress.index, "count": progress.count,
                                          "commands": commands})

    def read(self, lesson: Lesson, commands: int) -> Progress:
        """The step reached in the game whose log holds ``commands``; ValueError saying why not."""
        try:
            got = json.loads(self.progress.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"{self.progress} cannot be read ({e})") from None
        keys = ("step", "count", "commands")
        ours = isinstance(got, dict) and got.get("format") == PROGRESS_FORMAT \
            and got.get("lesson") == lesson.id
        if not ours or not all(isinstance(got.get(k), int) and got[k] >= 0 for k in keys):
            raise ValueError(f"{self.progress} is not the progress of this lesson")
        progress = Progress(lesson, min(got["step"], len(lesson.steps)), got["count"])
        if not progress.finished and got["commands"] != commands:
            raise ValueError(f"{self.progress} does not match the lesson's saved game")
        return progress


def learn_to_play(page: LessonTable, resume: bool | None = None) -> bool:
    """"Learn to Play" on ``page``: the guided game from its start, or (``resume``) where it was left;
    with a guided game saved and ``resume`` None, ask which first (the answer starts it)."""
    win = page.win
    files = LessonFiles(win.paths.tutorial)
    if resume is None and files.saved():
        ask_resume(win, lambda again: learn_to_play(page, again))
        return False
    from engine.core.cardfiles import CardLoadError
    from engine.legendary.lessons import load_lesson

    try:
        lesson = load_lesson()
        if resume:
            game, progress, events = _resumed(win, page, lesson, files)
        else:
            game, progress, events = lesson.new_game(page.dbs.get([])), Progress(lesson), []
    except CardLoadError as e:
        win.show_error("Cannot load the lesson", str(e))
        return False
    except ValueError as e:
        win.show_error("Cannot resume the lesson", f"{e}. Choose Start Over to play it from the beginning.")
        return False
    coach = LessonCoach(page, lesson, progress, files, game)
    win.ops.start(game, autosave=files.autosave, coach=coach)
    win.log.add_events(events)
    coach.keep()
    return True


def _resumed(win: Shell, page: LessonTable, lesson: Lesson,
             files: LessonFiles) -> tuple[LegendaryGame, Progress, list[Event]]:
    """The saved guided game (replayed, its events for the log) and the step it had reached."""
    from engine.core.cardfiles import CardLoadError
    from matrix_gui.loading import LOAD_ERRORS, load_save

    try:
        game, events = load_save(files.autosave, lambda _ruleset: page, win.window())
    except (*LOAD_ERRORS, CardLoadError) as e:
        raise ValueError(str(e).rstrip(".")) from None
    return game, files.read(lesson, len(game.commands)), events


def ask_resume(win: Shell, answer: Callable[[bool], Any]) -> QMessageBox:
    """Resume the saved guided game or start it over (``answer(True|False)``); Cancel does nothing.
    The box does not block."""
    box = QMessageBox(QMessageBox.Icon.Question, "Learn to Play",
                      "You have a guided game in progress. Resume it where you left it, or start over?",
                      QMessageBox.StandardButton.Cancel, win.window())
    resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole)
    over = box.addButton("Start Over", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(resume)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def clicked(button: Any) -> None:
        if button in (resume, over):
            answer(button is resume)

    box.buttonClicked.connect(clicked)
    box.open()
    return box


class LessonPanel(HudStrip):
    """The lesson above the table: "LEARN TO PLAY · STEP n OF m", the step's words, Leave; at the end
    the lesson's last words with Play On and New Game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("lesson", {"caption": "#ff6bf0"}, 14, parent)
        self.caption = self._label("caption")
        self.caption.setAccessibleName("Lesson step")
        self.text = self._label()
        self.text.setObjectName("lessontext")
        self.text.setWordWrap(True)
        self.text.setAccessibleName("Lesson")
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.add_column(1, self.caption, self.text)
        self.play_on = self._button("Play On", "Go on with this game freely: the lesson lets go")
        self.new_game = self._button("New Game…", "Start a game of your own")
        self.leave = self._button("Leave", "Back to the start page: Learn to Play resumes here later")

    def _button(self, text: str, tip: str) -> QPushButton:
        b = QPushButton(text)
        b.setToolTip(tip)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the table keeps the keyboard
        b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.row.addWidget(b, 0, Qt.AlignmentFlag.AlignVCenter)
        return b

    def extra_style(self, scale: float) -> str:
        return (f"QFrame#lesson {{ background: #1a0b19; border-bottom: 1px solid #ff6bf0; }}"
                f"QLabel#lessontext {{ color: #fff0fb; font-size: {round(15 * scale)}px; }}"
                f'QLabel[role="caption"] {{ font-size: {round(11 * scale)}px; letter-spacing: 1px; }}'
                + BUTTON_STYLE + f"QPushButton {{ font-size: {round(14 * scale)}px; }}")

    def show_step(self, lesson: Lesson, progress: Progress) -> None:
        """The current step (or the lesson's end) and its buttons."""
        step = progress.step
        n = len(lesson.steps)
        if step is None:
            caption, text = f"{lesson.title.upper()} · DONE", lesson.finish
        else:
            caption = f"{lesson.title.upper()} · STEP {progress.index + 1} OF {n}"
            if step.times > 1:
                caption += f" · {progress.count} OF {step.times} DONE"
            text = step.text
        self.caption.setText(caption)
        self.text.setText(text)
        self.play_on.setVisible(step is None)
        self.new_game.setVisible(step is None)
        self.publish({"caption": caption, "text": text})


class LessonCoach(QObject):
    """The guided game's coach (``Operations.coach``): its steps narrow the moves, its events move
    it on, and it shows itself in the lesson panel and lights on the table."""

    def __init__(self, page: LessonTable, lesson: Lesson, progress: Progress, files: LessonFiles,
                 game: LegendaryGame) -> None:
        win = page.win
        super().__init__(win.window())
        self.win, self.page, self.lesson, self.progress, self.files, self.game = (
            win, page, lesson, progress, files, game)
        self.panel = LessonPanel()
        self.panel.leave.clicked.connect(win.back_to_start)
        self.panel.play_on.clicked.connect(self.let_go)
        self.panel.new_game.clicked.connect(win.new_game_dialog)
        _attach_panel(page, self.panel)
        self.panel.show_step(lesson, progress)
        ops = win.ops
        ops.events_applied.connect(self._heard)
        ops.hinted.connect(self._hinted)
        ops.game_replaced.connect(self._replaced)
        self._anim: Any = None

    # --- the coach ----------------------------------------------------------------------------------

    def allows(self, cmd: Command) -> str | None:
        """None when the current step accepts ``cmd``, else its hint."""
        step = self.progress.step
        if step is None or self.win.ops.game is not self.game or self.progress.allows(cmd, self.game):
            return None
        return f"Step {self.progress.index + 1}: {step.hint}"

    @property
    def current(self) -> bool:
        """The coach's game is the one on the table."""
        return self.win.ops.game is self.game and self.win.ops.viewing is None

    def _heard(self, events: tuple) -> None:
        if self.current:
            self._moved_on(events)

    def _hinted(self) -> None:
        if self.current:
            self._moved_on((Event(HINT_SHOWN),))

    def _moved_on(self, events: tuple) -> None:
        """Count a move (every accepted one is the step's: nothing else is allowed) and keep the
        place reached with the game's length."""
        self.progress.heard(events)
        self.keep()
        self.panel.show_step(self.lesson, self.progress)
        if not self.page.busy():
            self.light()

    def keep(self) -> None:
        """Write the step reached beside the guided game's autosave."""
        try:
            self.files.write(self.lesson, self.progress, len(self.game.commands))
        except OSError as e:
            self.win.status(f"Cannot keep the lesson's place: {e}")

    def _replaced(self) -> None:
        if self.win.ops.game is not self.game:
            self.detach()
            return
        anim = self.page.anim  # (the page built it for this game just before)
        if anim is not self._anim and anim is not None:
            anim.idle.connect(self.light)
            self._anim = anim
        self.light()

    # --- letting go ---------------------------------------------------------------------------------

    def let_go(self) -> None:
        """Play On: the game goes on without the lesson (still autosaved to the lesson's file)."""
        if self.win.ops.coach is self:
            self.win.ops.coach = None
        self.detach()
        self.win.status("The lesson let go: play on as you like")

    def detach(self) -> None:
        """Another game is on the table (or Play On): the panel and the lights go."""
        ops = self.win.ops
        for signal, slot in ((ops.events_applied, self._heard), (ops.hinted, self._hinted),
                             (ops.game_replaced, self._replaced)):
            signal.disconnect(slot)
        if self._anim is not None:
            self._anim.idle.disconnect(self.light)
            self._anim = None
        self._unlight()
        self.panel.hide()
        self.panel.deleteLater()
        self.deleteLater()  # (it holds the guided game: let both go)

    # --- lights -------------------------------------------------------------------------------------

    def light(self) -> None:
        """Light what the current step is about (the page's marks, with the lesson's own light, so a
        hint's marks stay beside them): the cards and places its moves touch, the places it names,
        the button that makes its move."""
        step = self.progress.step
        if step is None or self.page.table is None or not self.current:
            self._unlight()
            return
        self.page.mark([*self.keys(), *(("button", verb) for verb in sorted(step.verbs))], light=LIGHT)

    def keys(self) -> list[tuple[str, Any]]:
        """The table's items the current step lights (as the hint marks its move: a command's subject
        and its first target)."""
        from matrix_gui.legendary.intents import involved

        step = self.progress.step
        view = self.page.view
        if step is None or not view.has_view():
            return []
        ix = view.index()
        keys: list[tuple[str, Any]] = []
        for cmd in self.win.ops.legal():
            keys += [k for k in involved(cmd, ix)[:2] if k not in keys]
        for place in step.light:
            if place.startswith("<"):
                keys += [("card", cid) for cid, c in ix.cards.items() if c.get("name") == place[1:-1]]
            else:
                keys.append(("pile", "time" if place == TIME else place))
        return keys

    def _unlight(self) -> None:
        self.page.clear_marks(LIGHT)


def _attach_panel(page: LessonTable, panel: QWidget) -> None:
    """The lesson panel goes on the page, right above the table (never over the cards it lights)."""
    lay = page.layout()
    lay.insertWidget(lay.indexOf(page.view), panel)
