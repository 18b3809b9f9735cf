"""What every ruleset's table page offers the main window (one page per ruleset).

A page is a widget of the window's page stack. It builds its table (HUD, view, scene, animation queue)
for the current game, sends every command through the operations layer, redraws from the engine's
``observe(seat)`` view, and says what it adds to the window: Actions menu entries and the meaning of
the window's keys (E, O). The window only chooses the page of the current game's ruleset; it never
looks inside a page's table.

Shared table pieces: ``gestureview`` (drag and drop, clicks, zoom, keyboard), ``keyedscene`` (items by
key, marks, background), ``cardindex`` and ``gestures`` (gestures declared once), ``hudstrip``,
``animation`` (the event queue), ``items``/``layout``/``faces``/``facepaint`` and ``operations``.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QMenu, QWidget

from engine.core.commands import Command
from engine.core.gamelog import ReplayHook
from engine.core.results import Rejection

if TYPE_CHECKING:
    from matrix_gui.animation import AnimationQueue
    from matrix_gui.endscreen import EndScreen
    from matrix_gui.gestureview import GestureView
    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.newgame import FilmChoice, NewGameChoice, SheetChoices, StoryChoices


class TablePage(QWidget):
    """One ruleset's table page. Subclasses set ``RULESET`` and fill in the hooks below."""

    RULESET = ""

    def __init__(self, win: MainWindow) -> None:
        super().__init__()
        self.win = win
        self.ops = win.ops
        self.anim: AnimationQueue | None = None
        self.last_reason = ""  # why the last command was refused ("" after one that was done)

    def showEvent(self, e: QShowEvent) -> None:  # noqa: N802
        """Tab follows the table (``order_focus``); the table has the keyboard first."""
        super().showEvent(e)
        order = order_focus(self)
        table = getattr(self, "table_view", None)
        if table in order:
            table.setFocus(Qt.FocusReason.OtherFocusReason)

    # --- the page's game ---------------------------------------------------------------------------

    def plays(self, game: Any) -> bool:
        """Whether ``game`` is of this page's ruleset."""
        raise NotImplementedError

    @property
    def game(self) -> Any:
        """The current game when it is of this page's ruleset, else None."""
        g = self.ops.game
        return g if g is not None and self.plays(g) else None

    def film_choices(self) -> list[FilmChoice]:
        """The films the New Game dialog offers for this ruleset (raises CardLoadError when its
        cards do not load)."""
        return []

    def avatar_name(self, avatar_id: str) -> str:
        """An Avatar's name in the New Game dialog's lists."""
        return avatar_id

    def new_game_from(self, choice: NewGameChoice) -> Any | str:
        """A new game as the New Game dialog set it up (``choice.seed`` is set), or the sentence
        that says why the rules refuse that setup (cards that fail to load raise CardLoadError)."""
        raise NotImplementedError

    def check_choice(self, choice: NewGameChoice) -> str | None:
        """Why the rules refuse a New Game choice (the engine's reason), or None; ``choice.seed``
        may be None (any seed is checked)."""
        return None

    def sheet_choices(self) -> SheetChoices | None:
        """The players' sheets the New Game dialog sets for this ruleset (None: it has none)."""
        return None

    def story_choices(self) -> StoryChoices | None:
        """What a story of the players' own may be built from, or None for a ruleset without."""
        return None

    def campaign_desk(self) -> Any | None:
        """The ruleset's campaigns (the Campaign page, the HUD line, a campaign game's end), or
        None for a ruleset without."""
        return None

    def scenario_game(self, path: Path) -> Any | str:
        """The game a scenario file sets up (docs/scenarios.md), or why it cannot be read."""
        return f"{path}: this ruleset has no scenario files"

    def load_game(self, payload: dict[str, Any], path: Path, each: ReplayHook | None = None) -> Any:
        """The game a save payload of this ruleset holds (read by ``engine.core.autosave``, its
        journal folded in), replayed with ``each`` hearing of every command; raises with the reason
        in words."""
        raise NotImplementedError

    def observe(self) -> dict[str, Any]:
        """The engine's view the table shows now."""
        raise NotImplementedError

    def legal(self) -> list[Command]:
        """The legal commands of whoever plays at the screen (cached by the operations layer)."""
        raise NotImplementedError

    # --- reacting to the game ----------------------------------------------------------------------

    def show_game(self) -> None:
        """Build the table for a new or loaded game and show the page."""
        raise NotImplementedError

    def on_events(self, events: tuple) -> None:
        """Animate one accepted command's events (or an undo) toward the engine's new view."""
        raise NotImplementedError

    def refresh(self) -> None:
        """HUD, buttons and marks from the engine's view (after each animated command)."""
        raise NotImplementedError

    def busy(self) -> bool:
        return self.anim is not None and self.anim.busy

    @property
    def table_view(self) -> GestureView:
        """The page's table view (the window refits it and gives it focus)."""
        raise NotImplementedError

    # --- what the page adds to the window ----------------------------------------------------------

    def apply(self, cmd: Command) -> bool:
        """Send one command through the operations layer; a refusal shows the engine's reason."""
        raise NotImplementedError

    def take_back(self) -> None:
        """Ctrl+Z: undo, when the engine's view says whoever is at the screen may."""
        raise NotImplementedError

    def submit_verb(self, verb: str) -> None:
        """A window key's command: E ('end'), O ('objective')."""
        raise NotImplementedError

    def hint(self) -> None:
        """H: show what a look-ahead would do now and why (a ruleset without hints says so)."""
        self.status("This game has no hints")

    def fill_actions_menu(self, menu: QMenu) -> None:
        """The Actions menu: every legal command (the keyboard route) and the page's own entries."""
        raise NotImplementedError

    def seats(self) -> int:
        """How many seats the current game has."""
        raise NotImplementedError

    def acting_seat(self) -> int | None:
        """The seat that must act now (None: the game is over)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """A seat's name for the status bar and the refusals ("Neo", "the Machines")."""
        return f"Player {seat + 1}"

    def bot_players(self) -> dict[int, Callable[[], Command]]:
        """The current game's bot seats (its setup says who plays each), each with a move maker:
        the bot's next command, read from what its seat may see (``matrix_gui.seatbots``)."""
        return {}

    def face_the_screen(self) -> None:
        """Show the table of the seat to act (a screenshot: no hand-off curtain)."""

    def bot_mover(self, seed: int) -> Callable[[Any], bool]:
        """(testing) A move maker for ``--bot``: ``move(game)`` plays one bot command through the page
        (False: no one can move)."""
        raise NotImplementedError

    def status(self, text: str) -> None:
        self.win.status(text)

    def send_as(self, seat: int | None, cmd: Command, words: Callable[[Any], str]) -> bool:
        """``cmd`` as ``seat`` (when it names none) through the operations layer; a refusal is shown
        in ``words`` and kept in ``last_reason``."""
        from engine.core.results import Accepted

        if cmd.seat is None and seat is not None:
            cmd = Command(cmd.verb, cmd.args, seat)
        res = self.ops.submit(cmd)
        if not isinstance(res, Accepted):
            self.refuse(words(res))
            return False
        self.last_reason = ""
        return True

    def refuse(self, reason: str) -> None:
        """Show why something cannot be done (the status bar) and keep it for the table view."""
        self.last_reason = reason
        self.table_view.last_reason = reason
        self.status(reason)

    def check(self, cmd: Command) -> Rejection | None:
        """The engine's refusal of ``cmd`` (None: legal)."""
        g = self.game
        return Rejection("GUI", "no game is running") if g is None else g.check(cmd)

    def end_screen(self) -> EndScreen:
        """The end screen of this page's games, wired to the window (New game, Back to start, Show log)."""
        from matrix_gui.endscreen import EndScreen

        end = EndScreen(self.win)
        end.new_game.connect(self.win.new_game_dialog)
        end.back_to_start.connect(self.win.back_to_start)
        end.show_log.connect(lambda: self.win.toggle_log(True))
        return end

    def show_end(self, end: EndScreen, outcome: dict[str, Any] | None, facts: Callable[[dict[str, Any]],
                                                                                       list[str]]) -> None:
        """The end screen over the table while the game is over (``facts``: its numbers); only
        looked at in a saved game stepped through."""
        if not outcome:
            end.hide()
            return
        end.set_looking(self.ops.viewing is not None)
        if end.isHidden() or end.outcome != outcome:
            end.show_outcome(outcome, facts(outcome))

    def fresh_table(self, faces_class: Any, scene_class: Any, anim_class: Any) -> None:
        """A new scene and animation queue for the current game (``self.scene``, ``self.anim``); the
        faces are kept while the game's cards stay the same."""
        if self.anim is not None:
            self.anim.finish_all()
        g, win = self.game, self.win
        faces = getattr(self, "_faces", None)
        if faces is None or faces.db is not g.db:
            scans = Path(win.settings.scans_dir) if win.settings.scans_dir else None
            self._faces = faces_class(g.db, scans)
        self.scene = scene_class(self._faces)
        bots = win.bots  # a bot's move animates at the bots' pace (matrix_gui/seatbots.py)
        self.anim = anim_class(self.scene, lambda: bots.animation_speed(win.settings.animation_speed),
                               lambda: win.settings.skip_animations)

    @staticmethod
    def add_command_actions(menu: QMenu, cmds: list[Command], words: Callable[[Command], str],
                            send: Callable[[Command], bool]) -> None:
        """One Actions menu entry per command, in ``words``; each is ``send``."""
        from PySide6.QtGui import QAction

        for c in cmds:
            a = QAction(words(c), menu)
            a.triggered.connect(lambda _=False, c=c: send(c))
            menu.addAction(a)

    def undo_tip(self, view: dict[str, Any]) -> str:
        """The Undo action's tooltip from a view's ``can_undo``/``undo_refusal``."""
        return "Undo the last command" if view.get("can_undo") else "Nothing to undo"


def order_focus(root: QWidget) -> list[QWidget]:
    """Tab goes through ``root``'s widgets as the table reads: the HUD, the table (where Tab moves
    between the cards and Ctrl+Tab leaves it), then the rest top to bottom and left to right (the
    next-step strip and its buttons). Returns that order."""
    from matrix_gui.gestureview import GestureView
    from matrix_gui.hudstrip import HudStrip

    def rank(w: QWidget) -> tuple[int, int, int]:
        p = w.mapTo(root, w.rect().topLeft())
        first = 0 if isinstance(w, HudStrip) and w.objectName().endswith("hud") else \
            1 if isinstance(w, GestureView) else 2
        return first, p.y() // 8, p.x()

    from PySide6.QtWidgets import QAbstractScrollArea

    ports = {id(a.viewport()) for a in root.findChildren(QAbstractScrollArea)}  # (the area's, not theirs)
    ws = sorted((w for w in root.findChildren(QWidget)
                 if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(root) and id(w) not in ports),
                key=rank)
    for a, b in zip(ws, ws[1:], strict=False):
        QWidget.setTabOrder(a, b)
    return ws

