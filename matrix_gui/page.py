"""What every ruleset's table page offers the main window (one page per ruleset).

A page is a widget of the window's page stack. It builds its table (HUD, view, scene, animation queue)
for the current game, sends every command through the operations layer, hears the operations layer's
``events_applied`` and ``game_replaced`` itself (ignoring games not its own), redraws from the engine's
``observe(seat)`` view (asked once per game version: ``Operations.observe``), and says what it adds to
the window: what it offers (``offers``: films, a story of one's own, players' sheets, scenarios,
campaigns), buttons of the start page and menu entries (``start_entries``, ``menu_entries``), Actions
menu entries and the meaning of the window's keys (E, O). Those three are asked of the page's class,
before any page is built (start-up stays lazy). The window only chooses the page of the current
game's ruleset; it never looks inside a page's table. A page types its window as ``shell.Shell``.

Shared table pieces: ``gestureview`` (drag and drop, clicks, zoom, keyboard), ``keyedscene`` (items by
key, marks, background), ``cardindex`` and ``gestures`` (gestures declared once), ``hudstrip``,
``animation`` (the event queue), ``items``/``layout``/``faces``/``facepaint`` and ``operations``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QMenu, QWidget

from engine.core.commands import Command
from engine.core.results import Rejection

if TYPE_CHECKING:
    from engine.core.gamelog import ReplayHook
    from matrix_gui.animation import AnimationQueue
    from matrix_gui.cardindex import Key
    from matrix_gui.endscreen import EndScreen
    from matrix_gui.gestureview import GestureView
    from matrix_gui.newgame import FilmChoice, NewGameChoice, SheetChoices, StoryChoices
    from matrix_gui.shell import Shell

MARK = "hint"  # the light ``TablePage.mark`` uses unless told another (the hint's colour)


@dataclass(frozen=True)
class PageOffers:
    """What a page serves beyond its own table: the New Game dialog's films (and their Avatars), a
    story of the players' own, the players' sheets, scenario files (``--scenario``), campaigns (the
    Campaign page and the Records). The window asks the first page that serves each."""

    films: bool = False
    story: bool = False
    sheets: bool = False
    scenarios: bool = False
    campaigns: bool = False


@dataclass(frozen=True)
class Entry:
    """A button a page adds to the start page, or an entry it adds to one of the window's menus."""

    menu: str  # the menu a menu entry goes in: "Game", "Help", "View" or "Actions" (a button: unused)
    text: str  # with an & before the menu's mnemonic letter; a start page button shows it without
    slot: Callable[[], Any]
    shortcut: str | None = None
    tip: str = ""


class TablePage(QWidget):
    """One ruleset's table page. Subclasses set ``RULESET`` (and ``OFFERS``) and fill in the hooks
    below."""

    RULESET = ""
    OFFERS = PageOffers()

    def __init__(self, win: Shell) -> None:
        super().__init__()
        self.win = win
        self.ops = win.ops
        self.anim: AnimationQueue | None = None
        self.last_reason = ""  # why the last command was refused ("" after one that was done)
        self.marked: dict[str, list[Key]] = {}  # the keys ``mark`` lights now, by light
        # one path from a command to the frame: the page hears the operations layer itself
        self.ops.events_applied.connect(self._events_applied)
        self.ops.game_replaced.connect(self.game_replaced)

    # --- what the page offers the window (asked of the class: no page is built for it) --------------

    @classmethod
    def offers(cls) -> PageOffers:
        """What the page serves beyond its table (New Game, ``--scenario``, campaigns)."""
        return cls.OFFERS

    @classmethod
    def start_entries(cls, shell: Shell) -> list[Entry]:
        """Buttons the page adds to the start page (a slot reaches the page with
        ``shell.table_page(cls.RULESET)``, which builds it on first use)."""
        return []

    @classmethod
    def menu_entries(cls, shell: Shell) -> list[Entry]:
        """Entries the page adds to the window's menus, whichever game is shown."""
        return []

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
        """The ruleset's campaigns (the Records, a campaign game's end: ``game_ended(game)``,
        ``records()``), or None for a ruleset without."""
        return None

    def show_campaigns(self, select: str | None = None) -> None:
        """Show the ruleset's Campaign page at campaign ``select`` (a page that serves campaigns)."""
        self.status("This game has no campaigns")

    def scenario_game(self, path: Path) -> Any | str:
        """The game a scenario file sets up (docs/scenarios.md), or why it cannot be read."""
        return f"{path}: this ruleset has no scenario files"

    def load_game(self, payload: dict[str, Any], path: Path, each: ReplayHook | None = None) -> Any:
        """The game a save payload of this ruleset holds (read by ``engine.core.autosave``, its
        journal folded in), replayed with ``each`` hearing of every command; raises with the reason
        in words."""
        raise NotImplementedError

    def observe(self) -> dict[str, Any]:
        """The engine's view the table shows now (``Operations.observe``: once per game version)."""
        raise NotImplementedError

    def legal(self) -> list[Command]:
        """The legal commands of whoever plays at the screen (cached by the operations layer)."""
        raise NotImplementedError

    # --- reacting to the game ----------------------------------------------------------------------

    def game_replaced(self) -> None:
        """A new, loaded or stepped-through game: this page's table is settled, and shown again when
        the game is of its ruleset (the window calls it too for a page built for that very game)."""
        if self.anim is not None:
            self.anim.finish_all()
        if self.game is not None:
            self.show_game()

    def _events_applied(self, events: tuple) -> None:
        if self.game is not None:
            self.on_events(events)

    def show_game(self) -> None:
        """Build the table for a new or loaded game and show the page."""
        raise NotImplementedError

    def on_events(self, events: tuple) -> None:
        """Animate one accepted command's events (or an undo) of this page's game toward the
        engine's new view."""
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

    # --- marks: cards and places lit on the table (the hint, a lesson's step) ------------------------

    def mark(self, keys: Iterable[Key], note: str = "", light: str = MARK) -> None:
        """Light the items of ``keys`` on the table (cards, piles, places: the table's item keys, as
        its intents name them) with ``light`` (an ``items.MARK_COLOURS`` name: the hint's, a lesson's)
        and say ``note``; what that light lit before goes, another light's marks stay."""
        self.clear_marks(light)
        self.marked[light] = keys = list(keys)
        scene = self.table_view.table
        for key in keys if scene is not None else ():
            for it in scene.items_for(key):
                it.set_mark(light, True)
        if note:
            self.status(note)

    def clear_marks(self, light: str = MARK) -> None:
        """Unlight what ``mark`` lit with ``light``."""
        self.marked.pop(light, None)
        scene = self.table_view.table
        if scene is not None:
            scene.clear_marks(light)

    def send_as(self, seat: int | None, cmd: Command, words: Callable[[Any], str]) -> bool:
        """``cmd`` as ``seat`` (when it names none) through the operations layer; a refusal is shown
        in ``words`` and kept in ``last_reason``."""
        from engine.core.results import Accepted

        if cmd.seat is None and seat is not None:
            cmd = Command(cmd.verb, cmd.args, seat)
        res = self.ops.submit(cmd)
        if not isinstance(res, Accepted):
            self.refuse(words(res), res.rule)
            return False
        self.last_reason = ""
        return True

    def refuse(self, reason: str, rule: str = "") -> None:
        """Show why something cannot be done, with a link to ``rule`` when it is a rule ID (the next
        command or another game clears both), and keep it for the table view."""
        self.last_reason = reason
        self.table_view.last_reason = reason
        self.win.refuse(reason, rule)

    def check(self, cmd: Command) -> Rejection | None:
        """The engine's refusal of ``cmd`` (None: legal)."""
        g = self.game
        return Rejection("GUI", "no game is running") if g is None else g.check(cmd)

    def end_screen(self) -> EndScreen:
        """The end screen of this page's games, wired to the window (New game, Back to start, Show log)."""
        from matrix_gui.endscreen import EndScreen

        end = EndScreen(self.win.window())
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

    def show_undo(self, view: dict[str, Any]) -> None:
        """The window's Undo says whether a view's seat may take the last command back."""
        self.win.act_undo.setToolTip("Undo the last command" if view.get("can_undo") else "Nothing to undo")


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
