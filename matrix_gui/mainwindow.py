"""The main window: start page (New Game, Continue, Load), the table with its HUD, menus and the log.

Start-up: only the start page, the menus and the status bar are built before the first frame. The
table page (HUD and playmat view), the game log dock, the engine and the cards are imported and
built when first needed (a game starts, a test reads ``win.view``...). Nothing here may touch the
``Qt`` namespace before the first frame: its first use creates all its enums (~15 ms).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from matrix_gui.operations import Operations
from matrix_gui.paths import AppPaths
from matrix_gui.settings import Settings

if TYPE_CHECKING:
    from matrix_gui.animation import AnimationQueue
    from matrix_gui.content import Content, DbCache
    from matrix_gui.hud import Hud
    from matrix_gui.logdock import GameLog
    from matrix_gui.replay.table import ReplayTable
    from matrix_gui.scene import TableScene
    from matrix_gui.view import TableView

START_STYLE = """
QWidget#start { background: #050a07; }
QLabel#title { color: #39ff7a; font-size: 40px; font-weight: bold; letter-spacing: 4px; }
QLabel#subtitle { color: #9fd8b2; font-size: 16px; }
QPushButton { background: #0e2a18; color: #d9ffe6; border: 1px solid #39ff7a; border-radius: 8px;
              padding: 10px 28px; font-size: 17px; min-width: 260px; }
QPushButton:disabled { color: #557a63; border-color: #2f5a3f; }
QPushButton:focus, QPushButton:hover { background: #175c33; }
"""


class MainWindow(QMainWindow):
    """One window per app: the start page, then the playmat."""

    def __init__(self, paths: AppPaths | None = None, dev: Path | None = None) -> None:
        super().__init__()
        self.paths = paths or AppPaths.default()
        self.dev = dev
        self.settings = Settings.load(self.paths.settings_file)
        self.setProperty("skip_animations", self.settings.skip_animations)
        self._content: Content | None = None
        self._dbs: DbCache | None = None
        self.last_error = ""
        self.ops = Operations(autosave=self.paths.autosave, parent=self)
        self.ops.events_applied.connect(self._on_events)
        self.ops.rejected.connect(self._on_rejected)
        self.ops.game_replaced.connect(self._on_game_replaced)
        self.table: TableScene | None = None
        self.anim: AnimationQueue | None = None
        self.setWindowTitle("Matrix Tabletop")
        self.resize(1440, 900)
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        self.start_page = self._build_start_page()
        self.pages.addWidget(self.start_page)
        self._table_page: QWidget | None = None  # built on first use (see table_page)
        self._hud: Hud | None = None
        self._view: TableView | None = None
        self._log: GameLog | None = None
        self._replay: ReplayTable | None = None  # the Matrix Replay page, built on first use
        self._build_menus()
        self.statusBar().setStyleSheet("QStatusBar { background: #07110b; color: #ffdca0; font-size: 13px; }")
        self._restore_geometry()
        self.refresh_start_page()
        from matrix_gui.refusals import install

        install(self)  # refusals link to their rule; undo says what it undid

    # --- content (loaded lazily, after the first frame) ----------------------------------------------

    @property
    def content(self) -> Content:
        if self._content is None:
            from matrix_gui.content import Content, DbCache

            self._content = Content(dev=self.dev)
            self._dbs = DbCache(self._content)
        return self._content

    @property
    def dbs(self) -> DbCache:
        _ = self.content
        assert self._dbs is not None
        return self._dbs

    # --- the table page and the log dock (built on first use) ---------------------------------------------

    @property
    def table_page(self) -> QWidget:
        if self._table_page is None:
            from matrix_gui.hud import Hud
            from matrix_gui.view import TableView

            page = QWidget()
            lay = QVBoxLayout(page)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.setSpacing(0)
            self._hud = Hud()
            self._view = TableView(self.ops, self.busy, self.status)
            lay.addWidget(self._hud)
            lay.addWidget(self._view, 1)
            self.pages.addWidget(page)
            self._table_page = page
        return self._table_page

    @property
    def hud(self) -> Hud:
        _ = self.table_page
        assert self._hud is not None
        return self._hud

    @property
    def view(self) -> TableView:
        _ = self.table_page
        assert self._view is not None
        return self._view

    @property
    def log(self) -> GameLog:
        """The game log dock; where and whether it shows comes from the saved window state."""
        if self._log is None:
            from PySide6.QtCore import Qt

            from matrix_gui.logdock import GameLog

            log = GameLog(self)
            self._log = log
            if not self.restoreDockWidget(log):  # (it places the dock as the saved state says)
                self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, log)
                log.hide()
            self.act_log.setChecked(not log.isHidden())
            log.toggleViewAction().toggled.connect(self.act_log.setChecked)  # closed by its title bar
        return self._log

    def toggle_log(self, on: bool) -> None:
        self.log.setVisible(on)

    # --- pages and menus ------------------------------------------------------------------------------------

    def _build_start_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("start")
        page.setStyleSheet(START_STYLE)
        lay = QVBoxLayout(page)
        lay.addStretch(2)
        title = QLabel("MATRIX TABLETOP")
        title.setObjectName("title")
        sub = QLabel("Legendary Encounters: The Matrix · cooperative deck-building for 1-5 players")
        sub.setObjectName("subtitle")
        for w in (title, sub):
            lay.addLayout(_centred(w))
        lay.addSpacing(30)
        self.btn_new = QPushButton("New Game…")
        self.btn_continue = QPushButton("Continue")
        self.btn_load = QPushButton("Load…")
        self.btn_quit = QPushButton("Quit")
        self.btn_new.clicked.connect(self.new_game_dialog)
        self.btn_continue.clicked.connect(self.continue_game)
        self.btn_load.clicked.connect(self.load_dialog)
        self.btn_quit.clicked.connect(self.close)
        for b in (self.btn_new, self.btn_continue, self.btn_load, self.btn_quit):
            lay.addLayout(_centred(b))
        self.start_note = QLabel()
        self.start_note.setObjectName("subtitle")
        lay.addLayout(_centred(self.start_note))
        lay.addStretch(3)
        return page

    def refresh_start_page(self) -> None:
        has = self.paths.autosave.is_file()
        self.btn_continue.setEnabled(has)
        self.act_continue.setEnabled(has)
        self.start_note.setText("Continue picks up the game you were playing." if has else "")

    def _action(self, menu, text: str, slot, shortcut: Any = None) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            _set_shortcut(a, shortcut)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _build_menus(self) -> None:
        mb = self.menuBar()
        game = mb.addMenu("&Game")
        self.act_new = self._action(game, "&New Game…", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.act_continue = self._action(game, "&Continue", self.continue_game)
        self.act_load = self._action(game, "&Load…", self.load_dialog, QKeySequence.StandardKey.Open)
        self.act_save = self._action(game, "&Save…", self.save_dialog, QKeySequence.StandardKey.Save)
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = mb.addMenu("&Edit")
        self.act_undo = self._action(edit, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.actions_menu = mb.addMenu("&Actions")
        self.actions_menu.aboutToShow.connect(self._fill_actions_menu)
        self.act_end = QAction("&End the Action Phase", self)
        _set_shortcut(self.act_end, "E")
        self.act_end.triggered.connect(lambda: self.submit_verb("end"))
        self.addAction(self.act_end)
        self.act_objective = QAction("Complete the &Objective", self)
        _set_shortcut(self.act_objective, "O")
        self.act_objective.triggered.connect(lambda: self.submit_verb("objective"))
        self.addAction(self.act_objective)
        self._fill_actions_menu()
        view = mb.addMenu("&View")
        self.act_full = self._action(view, "&Full Screen", self.toggle_full_screen,
                                     QKeySequence.StandardKey.FullScreen)
        # the dock's own toggleViewAction, made before the dock (the dock is built on first use)
        self.act_log = self._action(view, "Game log", self.toggle_log, "L")
        self.act_log.setCheckable(True)
        self.act_skip = self._action(view, "&Skip Animations", self.toggle_skip, "S")
        self.act_skip.setCheckable(True)
        self.act_skip.setChecked(self.settings.skip_animations)
        self._action(view, "Se&ttings…", self.settings_dialog, QKeySequence.StandardKey.Preferences)
        helpm = mb.addMenu("&Help")
        self._action(helpm, "&Rules and Shortcuts", self.help_dialog, QKeySequence.StandardKey.HelpContents)
        self._action(helpm, "Rules &Reference", self.rules_reference, "Ctrl+R")

    def _fill_actions_menu(self) -> None:
        m = self.actions_menu
        m.clear()
        if self.replay_active():
            self.replay.fill_actions_menu(m)
            return
        if self.ops.game is not None and self.view.has_view():
            from matrix_gui.intents import describe

            ix = self.view.index()
            for c in self.ops.legal():
                a = QAction(describe(c, ix), m)
                a.triggered.connect(lambda _=False, c=c: self.view.submit(c))
                m.addAction(a)
            m.addSeparator()
        m.addAction(self.act_end)
        m.addAction(self.act_objective)

    # --- status ----------------------------------------------------------------------------------------

    def status(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def show_error(self, title: str, text: str) -> None:
        """Tell the player what went wrong (non-blocking box; remembered for tests)."""
        self.last_error = text
        self.status(text)
        from PySide6.QtCore import Qt

        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self._error_box = box

    def busy(self) -> bool:
        return self.anim is not None and self.anim.busy

    # --- games -------------------------------------------------------------------------------------------

    def new_game_dialog(self) -> None:
        from matrix_gui.dialogs import NewGameDialog

        if not self.cards_loaded():
            return
        dlg = NewGameDialog(self.content, self.settings.last_setup, self)
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dlg.choice()
        if choice is None:
            return
        self.settings.last_setup = dlg.last_setup()
        self.save_settings()
        if choice.ruleset == "replay":
            self.start_replay(choice.seed, choice.curtain)
            return
        self.start_new(choice.film, choice.players, choice.avatars, choice.seed)

    def cards_loaded(self) -> bool:
        """Load the cards if need be; False (with the card-load error shown) if they fail."""
        from engine.core.cardfiles import CardLoadError

        try:
            _ = self.content
        except CardLoadError as e:
            self.show_error("Cannot load the cards", str(e))
            return False
        return True

    def start_new(self, film: str, players: int, avatars: list[str] | None = None,
                  seed: int | None = None) -> bool:
        """Set up and show a new game; False (with the reason shown) if the setup is refused."""
        from engine.legendary.game import LegendaryGame
        from engine.legendary.setup import SetupError

        if seed is None:
            seed = int(time.time() * 1000) % 2_000_000_000
        if not self.cards_loaded():
            return False
        try:
            setup = self.content.setup(film, players, seed, avatars)
            game = LegendaryGame.new(setup, self.content.db)
        except (SetupError, SystemExit) as e:
            self.show_error("Cannot start this game", str(e))
            return False
        self.ops.start(game)
        return True

    def start_scenario(self, path: Path) -> bool:
        """Set up the table from a scenario file (docs/scenarios.md)."""
        from engine.legendary.scenario import Scenario, ScenarioError

        try:
            sc = Scenario.from_file(Path(path))
        except (OSError, ScenarioError, ValueError) as e:
            self.show_error("Cannot read the scenario", str(e))
            return False
        if sc.game is None:
            self.show_error("Cannot read the scenario", "the scenario sets up no game")
            return False
        sc.game.rebase()
        self.ops.start(sc.game)
        return True

    # --- Matrix Replay (matrix_gui/replay) ---------------------------------------------------------------

    @property
    def replay(self) -> ReplayTable:
        if self._replay is None:
            from matrix_gui.replay.table import ReplayTable

            self._replay = ReplayTable(self)
            self.pages.addWidget(self._replay)
        return self._replay

    def replay_active(self) -> bool:
        return self._replay is not None and self._replay.active()

    def start_replay(self, seed: int | None = None, curtain: bool | None = None) -> bool:
        """Set up and show a new Matrix Replay game (Humans seat 0, Machines seat 1)."""
        from engine.replay.carddb import CardLoadError
        from engine.replay.setup import SetupError
        from matrix_gui.replay import new_game

        if seed is None:
            seed = int(time.time() * 1000) % 2_000_000_000
        try:
            game = new_game(seed)
        except (SetupError, CardLoadError) as e:
            self.show_error("Cannot start this game", str(e))
            return False
        if curtain is not None:
            self.replay.set_curtain(curtain)
        _ = self.replay  # the page listens to the game before it starts
        self.ops.start(game)
        return True

    def load_file(self, path: Path) -> bool:
        """Load a save; on failure show why and leave the file untouched."""
        from matrix_gui.replay import RULESET as REPLAY
        from matrix_gui.replay import save_ruleset

        if save_ruleset(Path(path)) == REPLAY:
            return self._load_replay(Path(path))
        from engine.core.savefile import SaveError, read_save
        from engine.legendary.carddb import CardLoadError
        from engine.legendary.game import RULESET, LegendaryGame

        try:
            payload = read_save(Path(path), ruleset=RULESET)
            setup = payload.get("setup")
            dirs = setup.get("card_dirs", []) if isinstance(setup, dict) else []
            db = self.dbs.get(list(dirs) if isinstance(dirs, list) else [])
            game = LegendaryGame.from_payload(payload, db, path=Path(path))
        except (SaveError, CardLoadError, OSError, ValueError, TypeError, KeyError) as e:
            self.show_error("Cannot load this game", str(e))
            return False
        self.ops.start(game)
        self.status(f"Loaded {path}")
        return True

    def _load_replay(self, path: Path) -> bool:
        from engine.core.savefile import SaveError
        from matrix_gui.replay import load_game

        try:
            game = load_game(path)
        except (SaveError, OSError, ValueError, TypeError, KeyError) as e:
            self.show_error("Cannot load this game", str(e))
            return False
        _ = self.replay
        self.ops.start(game)
        self.status(f"Loaded {path}")
        return True

    def continue_game(self) -> bool:
        if not self.paths.autosave.is_file():
            self.show_error("Nothing to continue", "There is no autosaved game yet.")
            return False
        return self.load_file(self.paths.autosave)

    def load_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        self.paths.saves.mkdir(parents=True, exist_ok=True)
        path, _ = QFileDialog.getOpenFileName(self, "Load a game", str(self.paths.saves),
                                              "Saved games (*.json)")
        if path:
            self.load_file(Path(path))

    def save_file(self, path: Path) -> bool:
        if self.ops.game is None:
            self.status("No game to save")
            return False
        try:
            self.ops.save(Path(path))
        except OSError as e:
            self.show_error("Cannot save", str(e))
            return False
        self.status(f"Saved to {path}")
        return True

    def save_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        if self.ops.game is None:
            self.status("No game to save")
            return
        self.paths.saves.mkdir(parents=True, exist_ok=True)
        name = time.strftime("game-%Y%m%d-%H%M%S.json")
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(self.paths.saves / name),
                                              "Saved games (*.json)")
        if path:
            self.save_file(Path(path))

    def undo(self) -> None:
        if self.replay_active():
            self.replay.take_back()
            return
        if self.busy():
            self.anim.finish_all()  # type: ignore[union-attr]
        self.ops.undo()

    def submit_verb(self, verb: str) -> None:
        from engine.core.commands import Command

        if self.replay_active():
            self.replay.submit_verb(verb)
            return
        if self.ops.game is not None:
            self.view.submit(Command(verb))

    # --- reacting to the game ---------------------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        assert self.ops.game is not None
        return self.ops.game.observe(None)

    def _on_game_replaced(self) -> None:
        from matrix_gui.animation import AnimationQueue
        from matrix_gui.faces import FaceProvider
        from matrix_gui.scene import TableScene

        game = self.ops.game
        assert game is not None
        if self.anim is not None:
            self.anim.finish_all()
        if self.replay_active():
            return  # the Replay page draws its own table (matrix_gui/replay/table.py)
        scans = Path(self.settings.scans_dir) if self.settings.scans_dir else None
        faces = FaceProvider(game.db, self.paths.faces, scans)
        self.table = TableScene(faces)
        self.anim = AnimationQueue(self.table, lambda: self.settings.animation_speed,
                                   lambda: self.settings.skip_animations)
        self.anim.idle.connect(self._refresh_hud)
        view = self.observe()
        self.table.set_view(view)
        self.view.set_table(self.table)
        self.view.zoom_on_hover = self.settings.zoom_on_hover
        self.log.clear()
        self.log.add_line(f"Game started: {', '.join(p['name'] for p in view['players'])} "
                          f"(seed {game.setup.seed})", "#39ff7a")
        self.pages.setCurrentWidget(self.table_page)
        self._refresh_hud()
        self.view.setFocus()
        QTimer.singleShot(0, self.view.refit)

    def _on_events(self, events: tuple) -> None:
        self.log.add_events(events)
        if self.replay_active():
            return  # the Replay page animates its own table
        assert self.anim is not None
        self.anim.enqueue(events, self.observe())
        if any(e.kind == "game_over" for e in events):
            from matrix_gui.hud import result_text

            self.status(result_text(self.observe().get("result", "")) + " (Game menu: New Game)")

    def _on_rejected(self, rej: Any) -> None:
        from matrix_gui.refusals import refusal_text

        self.status(refusal_text(rej))

    def _refresh_hud(self) -> None:
        if self.ops.game is None:
            return
        view = self.observe()
        title = ""
        acts = view["piles"].get("acts", {}).get("cards") or []
        if acts and "def" in acts[-1]:
            card = self.ops.game.db.cards.get(acts[-1]["def"])
            if card is not None and getattr(card, "parts", None):
                part = card.parts[min(len(card.parts) - 1, 1 if acts[-1].get("flipped") else 0)]
                title = part.title
        self.hud.update_from(view, title)
        # Ctrl+Z stays live: outside the undo window it says why (the engine's reason)
        self.act_undo.setToolTip("Undo the last command" if self.ops.game.can_undo() else "Nothing to undo")
        self.act_save.setEnabled(True)

    # --- settings, help, window -----------------------------------------------------------------------------

    def toggle_skip(self) -> None:
        self.settings.skip_animations = self.act_skip.isChecked()
        self.setProperty("skip_animations", self.settings.skip_animations)
        if self.settings.skip_animations and self.anim is not None:
            self.anim.finish_all()
        self.save_settings()

    def settings_dialog(self) -> None:
        from matrix_gui.dialogs import SettingsDialog

        dlg = SettingsDialog(self.settings, self)
        if dlg.exec() == SettingsDialog.DialogCode.Accepted:
            dlg.apply_to(self.settings)
            self.act_skip.setChecked(self.settings.skip_animations)
            self.setProperty("skip_animations", self.settings.skip_animations)
            if self._view is not None:
                self._view.zoom_on_hover = self.settings.zoom_on_hover
            self.save_settings()

    def help_dialog(self) -> None:
        from PySide6.QtCore import Qt

        from matrix_gui.dialogs import HelpDialog

        dlg = HelpDialog(self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self._help = dlg

    def rules_reference(self, rule_id: str = "") -> None:
        """The Rules Reference window (matrix_gui/rulesref.py), at ``rule_id`` if given."""
        from matrix_gui.rulesref import open_reference

        open_reference(self, rule_id if isinstance(rule_id, str) else "")

    def toggle_full_screen(self) -> None:
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    def save_settings(self) -> None:
        try:
            self.settings.save(self.paths.settings_file)
        except OSError as e:
            self.status(f"Cannot save settings: {e}")

    def _restore_geometry(self) -> None:
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode()))
        if self.settings.window_state:
            self.restoreState(QByteArray.fromBase64(self.settings.window_state.encode()))

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        if self.anim is not None:
            self.anim.finish_all()
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.settings.window_state = bytes(self.saveState().toBase64().data()).decode()
        self.save_settings()
        super().closeEvent(e)


def _set_shortcut(action: QAction, key: Any) -> None:
    """``action.setShortcut(QKeySequence(key))``. (PySide's overload check of ``setShortcut`` builds the
    whole ``Qt`` namespace, ~15-30 ms before the first frame, as does copying a QKeySequence;
    ``setShortcuts`` with a list does not.)"""
    seq = key if isinstance(key, QKeySequence) else QKeySequence(key)
    action.setShortcuts([] if seq.isEmpty() else [seq])


def _centred(w: QWidget) -> QHBoxLayout:
    """``w`` at its size hint, centred in a row (like AlignHCenter, without touching ``Qt`` early)."""
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(w)
    row.addStretch(1)
    return row
