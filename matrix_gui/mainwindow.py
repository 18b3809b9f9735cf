"""The main window: start page (New Game, Continue, Campaign, Load), one table page per ruleset, the
Campaign page, menus, the log.

The window only chooses pages: the current game's ruleset picks its ``TablePage`` (``matrix_gui.page``;
``legendary.page.LegendaryPage``, ``replay.page.ReplayPage``), which draws the table and answers the
window's menus and keys. Start-up: only the start page, the menus and the status bar are built before
the first frame. The table pages, the game log dock, the engine and the cards are imported and built
when first needed (a game starts, a test reads ``win.view``...). Nothing here may touch the ``Qt``
namespace before the first frame: its first use creates all its enums (~15 ms).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QAction, QKeySequence
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

from engine.core.autosave import clean_stale_temp
from matrix_gui import theme
from matrix_gui.autosavestatus import AutosaveWarning
from matrix_gui.operations import Operations
from matrix_gui.paths import AppPaths
from matrix_gui.settings import read_settings

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent  # (only a type here: importing it costs ~25 ms at start-up)

    from matrix_gui.animation import AnimationQueue
    from matrix_gui.banner import ActBanner
    from matrix_gui.endscreen import EndScreen
    from matrix_gui.expedition.page import ExpeditionPage
    from matrix_gui.legendary.campaignpage import CampaignPage
    from matrix_gui.legendary.campaigns import CampaignDesk, Ended
    from matrix_gui.legendary.guide import GuideStrip
    from matrix_gui.legendary.hud import Hud
    from matrix_gui.legendary.page import LegendaryPage
    from matrix_gui.legendary.scene import TableScene
    from matrix_gui.legendary.view import TableView
    from matrix_gui.logdock import GameLog
    from matrix_gui.newgame import NewGameChoice
    from matrix_gui.page import TablePage
    from matrix_gui.replay.page import ReplayPage
    from matrix_gui.seatbots import SeatBots

# The page of each ruleset (module, class), imported when its first game starts.
PAGES = {"legendary": ("matrix_gui.legendary.page", "LegendaryPage"),
         "replay": ("matrix_gui.replay.page", "ReplayPage"),
         "expedition": ("matrix_gui.expedition.page", "ExpeditionPage")}
FILMS = "legendary"  # the page whose films (and their cards) the New Game dialog lists
SCENARIOS = "legendary"  # the page that reads scenario files (--scenario)
SHEETS = "expedition"  # the page whose players' sheets the New Game dialog sets
CAMPAIGNS = "legendary"  # the page whose campaigns the Campaign page and the Records show

LEARN_TIP = "A guided first game: each step says what to do and why (it never touches your own game)"


class MainWindow(QMainWindow):
    """One window per app: the start page, then the playmat."""

    def __init__(self, paths: AppPaths | None = None, dev: Path | None = None) -> None:
        super().__init__()
        self.paths = paths or AppPaths.default()
        self.dev = dev  # a folder of developer cards: New Game also offers their test film
        self.settings, self.settings_notes = read_settings(self.paths.settings_file)  # notes: dropped values
        self._settings_on_disk = self.settings.as_dict()  # what save_settings need not write again
        self.setProperty("skip_animations", self.settings.skip_animations)
        theme.follow(self)  # the dark look of every window, its text sized by the window and settings
        self.last_error = ""
        self.ops = Operations(autosave=self.paths.autosave, parent=self)
        self.ops.events_applied.connect(self._on_events)
        self.ops.rejected.connect(self._on_rejected)
        self.ops.game_replaced.connect(self._on_game_replaced)
        self.setWindowTitle("Matrix Tabletop")
        self.resize(1440, 900)
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        self.start_page = self._build_start_page()
        self.pages.addWidget(self.start_page)
        self._tables: dict[str, TablePage] = {}  # the table page of each ruleset, built on first use
        self._log: GameLog | None = None
        self._bots: SeatBots | None = None
        self.campaign_line = ""  # the HUD's campaign line for the current game ("" outside one)
        self.last_ended: Ended | None = None  # the campaign game that ended last, as recorded
        self._build_menus()
        from PySide6.QtCore import Qt as _Qt

        from matrix_gui.stepbar import StepBar

        self.stepbar = StepBar(self.ops, self.stop_stepping, self)
        self.addToolBar(_Qt.ToolBarArea.BottomToolBarArea, self.stepbar)
        self.ops.game_replaced.connect(self.stepbar.refresh)
        self.ops.events_applied.connect(lambda _events: self.stepbar.refresh())
        self.autosave_warning = AutosaveWarning(self.ops, self.statusBar())
        clean_stale_temp(self.paths.data, self.paths.saves, self.paths.tutorial,
                         self.paths.campaigns)  # left by a killed write
        if self.settings_notes:
            more = len(self.settings_notes) - 1
            self.status(self.settings_notes[0] + (f" (and {more} more)" if more else ""))
        self._restore_geometry()
        self.refresh_start_page()
        from matrix_gui.refusals import install

        install(self)  # refusals link to their rule; undo says what it undid

    # --- the table pages (one per ruleset, built on first use) and the log dock ---------------------------

    def table_page(self, ruleset: str) -> TablePage:
        """The page of ``ruleset`` (built and added to the page stack on first use)."""
        page = self._tables.get(ruleset)
        if page is None:
            import importlib

            module, name = PAGES[ruleset]
            page = getattr(importlib.import_module(module), name)(self)
            self._tables[ruleset] = page
            self.pages.addWidget(page)
        return page

    def current_page(self) -> TablePage | None:
        """The page of the current game's ruleset (None: no game)."""
        game = self.ops.game
        return None if game is None else self._tables.get(ruleset_of(game))

    @property
    def legendary(self) -> LegendaryPage:
        return self.table_page("legendary")  # type: ignore[return-value]

    @property
    def replay(self) -> ReplayPage:
        return self.table_page("replay")  # type: ignore[return-value]

    @property
    def expedition(self) -> ExpeditionPage:
        return self.table_page("expedition")  # type: ignore[return-value]

    def replay_active(self) -> bool:
        page = self._tables.get("replay")
        return page is not None and page.game is not None

    @property
    def hud(self) -> Hud:
        return self.legendary.hud

    @property
    def view(self) -> TableView:
        return self.legendary.view

    @property
    def table(self) -> TableScene | None:
        return self.legendary.table

    @property
    def guide(self) -> GuideStrip:
        return self.legendary.guide.strip

    @property
    def end_screen(self) -> EndScreen:
        return self.legendary.guide.end

    @property
    def banner(self) -> ActBanner:
        banner = self.legendary.guide.banner
        assert banner is not None
        return banner

    @property
    def anim(self) -> AnimationQueue | None:
        """The animation queue of the current game's page."""
        page = self.current_page()
        return None if page is None else page.anim

    @property
    def bots(self) -> SeatBots:
        """The driver of the bot seats (built with the first table page), and its status label."""
        if self._bots is None:
            from PySide6.QtWidgets import QLabel

            from matrix_gui.seatbots import SeatBots

            self._bots = bots = SeatBots(self)
            label = QLabel()
            label.setAccessibleName("Bots")
            label.setStyleSheet("QLabel { color: #9fe8ff; padding: 0 8px; }")
            label.hide()
            self.statusBar().addPermanentWidget(label)

            def show_state() -> None:
                text = bots.status_text()
                label.setText(text)
                label.setVisible(bool(text))
                self.act_bots_pause.setChecked(bots.paused)

            bots.changed.connect(show_state)
            self.bots_label = label
        return self._bots

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
        if on:
            self.log.raise_()

    @property
    def campaigns(self) -> CampaignDesk:
        """The campaigns of the ``CAMPAIGNS`` page (the engine's campaign API, no widgets)."""
        desk = self.table_page(CAMPAIGNS).campaign_desk()
        assert desk is not None
        return desk

    @property
    def campaign_page(self) -> CampaignPage:
        """The Campaign page (built and added to the page stack on first use)."""
        page = self.campaigns.page()
        if self.pages.indexOf(page) < 0:
            self.pages.addWidget(page)
        return page

    def show_campaigns(self, select: str | None = None) -> None:
        """The Campaign page, read from the campaign folder again."""
        page = self.campaign_page
        page.refresh(select=select)
        self.pages.setCurrentWidget(page)

    def campaign_next(self) -> bool:
        """The end screen's next step of the campaign game that ended: the next game or a retry
        (the engine's ``play`` decides which); the Campaign page when there is none."""
        ended = self.last_ended
        if ended is None or ended.campaign.over:
            self.show_campaigns(None if ended is None else ended.campaign.id)
            return False
        page = self.campaign_page
        page.refresh(select=ended.campaign.id)
        if page.play_selected():
            return True
        self.pages.setCurrentWidget(page)
        return False

    def records_dialog(self) -> None:
        """The Records view: finished games and campaigns from the data folder."""
        from PySide6.QtCore import Qt

        from matrix_gui.recordsview import RecordsDialog

        dlg = RecordsDialog(self.campaigns.records(), self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.records_view = dlg

    def back_to_start(self) -> None:
        """The start page (Continue picks the game up again)."""
        self.refresh_start_page()
        self.pages.setCurrentWidget(self.start_page)

    # --- pages and menus ------------------------------------------------------------------------------------

    def _build_start_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("start")  # (its look: matrix_gui/theme.py)
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
        self.btn_campaign = QPushButton("Campaign…")
        self.btn_load = QPushButton("Load…")
        self.btn_learn = QPushButton("Learn to Play")
        self.btn_quit = QPushButton("Quit")
        self.btn_new.clicked.connect(self.new_game_dialog)
        self.btn_continue.clicked.connect(self.continue_game)
        self.btn_campaign.clicked.connect(lambda: self.show_campaigns())
        self.btn_load.clicked.connect(self.load_dialog)
        self.btn_learn.setToolTip(LEARN_TIP)
        self.btn_learn.clicked.connect(self.learn_to_play)
        self.btn_quit.clicked.connect(self.close)
        for b in (self.btn_new, self.btn_continue, self.btn_campaign, self.btn_load, self.btn_learn,
                  self.btn_quit):
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
        self.act_campaigns = self._action(game, "Ca&mpaigns…", lambda: self.show_campaigns())
        self.act_load = self._action(game, "&Load…", self.load_dialog, QKeySequence.StandardKey.Open)
        self.act_save = self._action(game, "&Save…", self.save_dialog, QKeySequence.StandardKey.Save)
        # (a lambda: triggered would pass its "checked" False as ``ask`` and skip the question)
        self.act_give_up = self._action(game, "&Give Up This Game…", lambda: self.give_up())
        self._action(game, "S&tep Through a Saved Game…", self.step_through_dialog)
        self.act_records = self._action(game, "&Records…", self.records_dialog)
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = mb.addMenu("&Edit")
        self.act_undo = self._action(edit, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.actions_menu = mb.addMenu("&Actions")
        self.actions_menu.aboutToShow.connect(self._fill_actions_menu)
        self.act_end = QAction("&End Turn", self)
        self.act_end.setToolTip("End the Action Phase: the Strike and Cleanup Phases follow (E)")
        _set_shortcut(self.act_end, "E")
        self.act_end.triggered.connect(lambda: self.submit_verb("end"))
        self.addAction(self.act_end)
        self.act_objective = QAction("Complete the &Objective", self)
        self.act_objective.setToolTip("Complete the current Part's Objective (O)")
        _set_shortcut(self.act_objective, "O")
        self.act_objective.triggered.connect(lambda: self.submit_verb("objective"))
        self.addAction(self.act_objective)
        self.act_hint = QAction("&Hint", self)
        self.act_hint.setToolTip("What would a good player do now, and why? The table marks the move (H)")
        _set_shortcut(self.act_hint, "H")
        self.act_hint.triggered.connect(self.hint)
        self.addAction(self.act_hint)
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
        view.addSeparator()  # bot seats (matrix_gui/seatbots.py)
        self.act_bots_pause = self._action(view, "&Pause Bots", lambda: self.bots.toggle_pause(), "F6")
        self.act_bots_pause.setCheckable(True)
        self._action(view, "Bot St&ep (one move)", lambda: self.bots.step(), "F7")
        self._action(view, "Bots F&aster (1x, 2x, 4x)", lambda: self.bots.faster(), "F8")
        view.addSeparator()
        self._action(view, "Se&ttings…", self.settings_dialog, QKeySequence.StandardKey.Preferences)
        helpm = mb.addMenu("&Help")
        self._action(helpm, "&Rules and Shortcuts", self.help_dialog, QKeySequence.StandardKey.HelpContents)
        self._action(helpm, "Rules &Reference", self.rules_reference, "Ctrl+R")
        self.act_learn = self._action(helpm, "&Learn to Play", self.learn_to_play)
        self.act_learn.setToolTip(LEARN_TIP)

    def _fill_actions_menu(self) -> None:
        m = self.actions_menu
        m.clear()
        page = self.current_page()
        if page is not None:
            page.fill_actions_menu(m)
            return
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
        anim = self.anim
        return anim is not None and anim.busy

    # --- games -------------------------------------------------------------------------------------------

    def new_game_dialog(self) -> None:
        from engine.core.cardfiles import CardLoadError
        from matrix_gui.dialogs import NewGameDialog

        films_page = self.table_page(FILMS)
        try:
            films = films_page.film_choices()
        except CardLoadError as e:
            self.show_error("Cannot load the cards", str(e))
            return
        try:
            story = films_page.story_choices()
        except CardLoadError as e:
            self.show_error("Cannot load the cards", str(e))
            return
        dlg = NewGameDialog(films, films_page.avatar_name, self.settings.last_setup, self, story=story,
                            check=lambda c: self.table_page(c.ruleset).check_choice(c),
                            sheet=self.table_page(SHEETS).sheet_choices())
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dlg.choice()
        if choice is None:
            return
        self.settings.last_setup = dlg.last_setup()
        self.save_settings()
        self.start_game(choice)

    def start_game(self, choice: NewGameChoice) -> bool:
        """Set up and show a new game on the page of ``choice.ruleset``; False (with the reason
        shown) if the cards do not load or the rules refuse the setup."""
        from dataclasses import replace

        from engine.core.cardfiles import CardLoadError

        if choice.seed is None:
            choice = replace(choice, seed=int(time.time() * 1000) % 2_000_000_000)
        try:
            game = self.table_page(choice.ruleset).new_game_from(choice)
        except CardLoadError as e:
            self.show_error("Cannot load the cards", str(e))
            return False
        if isinstance(game, str):
            self.show_error("Cannot start this game", game)
            return False
        self.ops.start(game)
        return True

    def start_new(self, film: str, players: int, avatars: list[str] | None = None,
                  seed: int | None = None) -> bool:
        """(a shorthand) A new game of a film: ``start_game`` on the films' page."""
        from matrix_gui.newgame import NewGameChoice

        return self.start_game(NewGameChoice(FILMS, film, players, list(avatars or []), seed))

    def start_replay(self, seed: int | None = None, curtain: bool | None = None) -> bool:
        """(a shorthand) A new Matrix Replay game (Humans seat 0, Machines seat 1)."""
        from matrix_gui.newgame import NewGameChoice

        return self.start_game(NewGameChoice("replay", "", 2, [], seed, curtain))

    def start_expedition(self, players: int = 1, seed: int | None = None) -> bool:
        """(a shorthand) A new Expedition Matrix Phase for ``players`` with the default sheets."""
        from matrix_gui.newgame import NewGameChoice

        return self.start_game(NewGameChoice("expedition", "", players, [], seed))

    def start_scenario(self, path: Path) -> bool:
        """Set up the table from a scenario file (docs/scenarios.md)."""
        game = self.table_page(SCENARIOS).scenario_game(Path(path))
        if isinstance(game, str):
            self.show_error("Cannot read the scenario", game)
            return False
        self.ops.start(game)
        return True

    def load_file(self, path: Path) -> bool:
        """Load a save (with its autosave journal, if any) into the page of its ruleset; on failure
        show why and leave the file untouched. A long game shows a progress dialog; the game log is
        rebuilt from the replay."""
        from engine.core.cardfiles import CardLoadError
        from matrix_gui.loading import LOAD_ERRORS, load_save

        try:
            game, events = load_save(Path(path), lambda ruleset: self._page_of_save(ruleset, path), self)
        except (*LOAD_ERRORS, CardLoadError) as e:
            self.show_error("Cannot load this game", str(e))
            return False
        self.ops.start(game)
        self.log.add_events(events)
        if getattr(game, "resumed", ""):  # an older save: said once, plainly, nothing lost
            self.log.add_line(f"Note: {game.resumed}.", "#ffd54f")
        self.status(self.loaded_text(Path(path), getattr(game, "resumed", "")))
        return True

    def loaded_text(self, path: Path, resumed: str = "") -> str:
        """The status after a load: the save's file, or "your last game" for the autosave (its
        folder is the app's business, not the player's)."""
        said = "Continuing your last game" if path == self.paths.autosave else f"Loaded {path}"
        return f"{said}: {resumed}" if resumed else said

    def step_through(self, path: Path) -> bool:
        """Open a save to step through (forwards, backwards, take over from any position); on
        failure show why, the file untouched."""
        from engine.core.autosave import read_autosave
        from engine.core.cardfiles import CardLoadError
        from engine.core.stepper import Stepper
        from matrix_gui.loading import LOAD_ERRORS, rebuild

        try:
            ruleset, payload = read_autosave(Path(path))
            game = rebuild(self._page_of_save(ruleset, path), payload, Path(path))  # checks it loads
            stepper = Stepper.of_save(type(game), payload, game.db, Path(path))
        except (*LOAD_ERRORS, CardLoadError, KeyError) as e:
            self.show_error("Cannot step through this game", str(e))
            return False
        self.ops.view(stepper)
        self.status(f"Stepping through {path}: Alt+Right steps forward, Alt+Left back; "
                    "Take Over From Here plays on")
        return True

    def _page_of_save(self, ruleset: str, path: Path) -> TablePage:
        """The page that rebuilds a save of ``ruleset``; SaveError for a ruleset this app lacks."""
        from engine.core.savefile import SaveError

        if ruleset not in PAGES:
            raise SaveError(Path(path), f'is for the "{ruleset}" ruleset, which this app does not know')
        return self.table_page(ruleset)

    def step_through_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        self.paths.saves.mkdir(parents=True, exist_ok=True)
        path, _ = QFileDialog.getOpenFileName(self, "Step through a saved game", str(self.paths.saves),
                                              "Saved games (*.json)")
        if path:
            self.step_through(Path(path))

    def stop_stepping(self) -> None:
        """Leave the stepped-through game for the start page (nothing was changed or saved)."""
        self.ops.viewing = None
        self.ops.game = None
        self.stepbar.refresh()
        self.back_to_start()

    def give_up(self, ask: bool = True) -> bool:
        """The players give the current game up (the engine's ``concede``), after a confirmation."""
        from PySide6.QtWidgets import QMessageBox

        from engine.core.commands import Command

        game = self.ops.game
        if game is None or game.over or game.ACTIONS.get("concede") is None:
            self.status("There is no game to give up" if game is None or game.over
                        else "This game cannot be given up")
            return False
        if ask and QMessageBox.question(self, "Give up this game?",
                                        "Everyone loses this game. It stays saved as a lost game.") \
                != QMessageBox.StandardButton.Yes:
            return False
        res = self.ops.submit(Command("concede"))
        return res.accepted

    def continue_game(self) -> bool:
        import os

        if not os.path.lexists(self.paths.autosave):  # (anything else there: Load says what it is)
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
        page = self.current_page()
        if page is not None:
            page.take_back()

    def submit_verb(self, verb: str) -> None:
        page = self.current_page()
        if page is not None:
            page.submit_verb(verb)

    def hint(self) -> None:
        """H: the current page's hint (a look-ahead's move and why), where its ruleset has one."""
        page = self.current_page()
        if page is None:
            self.status("No game is running: start one for a hint")
            return
        page.hint()

    # --- reacting to the game ---------------------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        """The engine's view the current page shows."""
        page = self.current_page()
        assert page is not None
        return page.observe()

    def _on_game_replaced(self) -> None:
        for page in self._tables.values():
            if page.anim is not None:
                page.anim.finish_all()
        game = self.ops.game
        assert game is not None
        self.last_ended = None
        page = self.table_page(ruleset_of(game))
        desk = page.campaign_desk()
        self.campaign_line = "" if desk is None else desk.game_shown(game, self.ops.viewing is None)
        page.show_game()

    def _on_events(self, events: tuple) -> None:
        # an accepted command: "Drop on a highlighted place" or an old refusal no longer applies
        self.statusBar().clearMessage()
        self.log.add_events(events)
        if any(getattr(e, "kind", "") == "game_over" for e in events):
            self._game_ended()
        page = self.current_page()
        if page is not None:
            page.on_events(events)

    def _game_ended(self) -> None:
        """The game just ended: its page's campaigns record a campaign game (the engine says what
        carries over; the end screen shows it) or note the game in the Records."""
        page = self.current_page()
        desk = None if page is None or self.ops.viewing is not None else page.campaign_desk()
        if desk is not None:  # (a game stepped through is only looked at: nothing is recorded)
            desk.game_ended(self.ops.game)

    def _on_rejected(self, rej: Any) -> None:
        from matrix_gui.refusals import refusal_text

        self.status(refusal_text(rej))

    # --- settings, help, window -----------------------------------------------------------------------------

    def toggle_skip(self) -> None:
        self.settings.skip_animations = self.act_skip.isChecked()
        self.setProperty("skip_animations", self.settings.skip_animations)
        anim = self.anim
        if self.settings.skip_animations and anim is not None:
            anim.finish_all()
        self.save_settings()

    def settings_dialog(self) -> None:
        from matrix_gui.dialogs import SettingsDialog

        dlg = SettingsDialog(self.settings, self)
        if dlg.exec() == SettingsDialog.DialogCode.Accepted:
            dlg.apply_to(self.settings)
            self.act_skip.setChecked(self.settings.skip_animations)
            self.setProperty("skip_animations", self.settings.skip_animations)
            for page in self._tables.values():
                page.table_view.zoom_on_hover = self.settings.zoom_on_hover
            theme.refresh(self)  # the text size: every window's text, the HUDs', the card faces'
            self.save_settings()

    def help_dialog(self) -> None:
        from PySide6.QtCore import Qt

        from matrix_gui.dialogs import HelpDialog

        dlg = HelpDialog(self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self._help = dlg

    def learn_to_play(self) -> None:
        """The guided first game (the Legendary page's lesson): Resume or Start Over when one is
        saved."""
        self.legendary.learn_to_play()

    def rules_reference(self, rule_id: str = "") -> None:
        """The Rules Reference window (matrix_gui/rulesref.py), at ``rule_id`` if given."""
        from matrix_gui.rulesref import open_reference

        open_reference(self, rule_id if isinstance(rule_id, str) else "")

    def toggle_full_screen(self) -> None:
        self.showNormal() if self.isFullScreen() else self.showFullScreen()

    def save_settings(self) -> None:
        """Write the settings when they differ from the file (closing an unchanged window writes
        nothing: an atomic write with its fsync costs ~15 ms of every quit)."""
        now = self.settings.as_dict()
        if now == self._settings_on_disk and self.paths.settings_file.is_file():
            return
        try:
            self.settings.save(self.paths.settings_file)
        except OSError as e:
            self.status(f"Cannot save settings: {e}")
            return
        self._settings_on_disk = now

    def _restore_geometry(self) -> None:
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode()))
        if self.settings.window_state:
            self.restoreState(QByteArray.fromBase64(self.settings.window_state.encode()))

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        if self._bots is not None:
            self._bots.cancel()
        anim = self.anim
        if anim is not None:
            anim.finish_all()
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self.settings.window_state = bytes(self.saveState().toBase64().data()).decode()
        self.save_settings()
        self.ops.close()
        super().closeEvent(e)


def ruleset_of(game: Any) -> str:
    """The ruleset of a game object: its game module's ``RULESET``."""
    import sys

    return str(getattr(sys.modules[type(game).__module__], "RULESET", ""))


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
