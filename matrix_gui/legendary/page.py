"""The Legendary Encounters page: its HUD over the playmat view, its games (new, scenario, saved), and
what it adds to the window (the Actions menu's commands, E ends the Action Phase, O the Objective).

Every command goes through the operations layer; the table is drawn from the engine's
``observe(None)`` view (a cooperative game: every seat sees the same table). In a Traitor mode
hands and hidden cards are secret: the table is drawn for the seat at the screen, and the hand-off
curtain covers it whenever another person must act (as in Matrix Replay). Bot seats (the setup's
``seats``) play through ``matrix_gui.seatbots``; the curtain never waits for a bot: while bots act,
the person who last sat at the screen watches their own view.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QVBoxLayout

from engine.core.commands import Command
from engine.core.gamelog import ReplayHook
from matrix_gui.page import TablePage

if TYPE_CHECKING:
    from engine.legendary.game import LegendaryGame
    from matrix_gui.legendary.campaigns import CampaignDesk
    from matrix_gui.legendary.content import Content, DbCache
    from matrix_gui.legendary.scene import TableScene
    from matrix_gui.mainwindow import MainWindow
    from matrix_gui.newgame import FilmChoice, NewGameChoice, StoryChoices


SEAT_HEX = ("#39ff7a", "#4fc3f7", "#ffb74d", "#e57373", "#ba68c8")  # the curtain's colour per seat


class LegendaryPage(TablePage):
    """The playmat page of a Legendary game."""

    RULESET = "legendary"

    def __init__(self, win: MainWindow) -> None:
        from matrix_gui.legendary.guide import TableGuide
        from matrix_gui.legendary.hud import Hud
        from matrix_gui.legendary.view import TableView

        super().__init__(win)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.hud = Hud()
        self.view = TableView(self.ops, win.busy, win.status)
        # next step with End Turn, Objective, strike forecast; the Act/Part banner; the end screen
        self.guide = TableGuide(win, win.act_end, win.act_objective, win.act_hint, win.act_give_up,
                                new_game=win.new_game_dialog, back_to_start=win.back_to_start,
                                show_log=lambda: win.toggle_log(True))
        self.guide.end.campaign_next.connect(win.campaign_next)
        self.guide.strip.objective.looked.connect(self.look_at_objective)
        self.guide.end.to_campaign.connect(lambda: win.show_campaigns())
        lay.addWidget(self.hud)
        lay.addWidget(self.guide.strip)
        lay.addWidget(self.view, 1)
        self.table: TableScene | None = None
        self._content: Content | None = None
        self._dbs: DbCache | None = None
        self._desk: CampaignDesk | None = None
        from matrix_gui.curtain import Curtain

        self.curtain = Curtain(self, self._seat_name, lambda seat: SEAT_HEX[seat % len(SEAT_HEX)])
        self.curtain.acknowledged.connect(self.acknowledge)
        self.front: int | None = None  # a secret game: the seat at the screen (None: curtain up)
        self.pending: int | None = None  # the seat the curtain waits for
        self.handoffs = 0
        self.view.held = self._held
        from matrix_gui.thinking import Thinker

        self.thinker = Thinker(self)  # hints think off the GUI thread
        self.hinted: Any = None  # the advice shown now (engine.legendary.advice.Advice), or None
        self._hint_version = -1  # the game version the shown hint (or "Thinking…") is for

    # --- content (the cards and films, loaded when first needed) -----------------------------------

    @property
    def content(self) -> Content:
        """The cards and the films they make playable (the test film too with ``--dev CARDS``)."""
        if self._content is None:
            from matrix_gui.legendary.content import Content, DbCache

            self._content = Content(self.win.dev)
            self._dbs = DbCache(self._content)
        return self._content

    @property
    def dbs(self) -> DbCache:
        _ = self.content
        assert self._dbs is not None
        return self._dbs

    def film_choices(self) -> list[FilmChoice]:
        return self.content.films()

    def avatar_name(self, avatar_id: str) -> str:
        return self.content.avatar_name(avatar_id)

    def story_choices(self) -> StoryChoices:
        return self.content.story_choices()

    def campaign_desk(self) -> CampaignDesk:
        if self._desk is None:
            from matrix_gui.legendary.campaigns import CampaignDesk

            self._desk = CampaignDesk(self.win)
        return self._desk

    # --- games ----------------------------------------------------------------------------------------

    def plays(self, game: Any) -> bool:
        from engine.legendary.game import LegendaryGame

        return isinstance(game, LegendaryGame)

    def new_game_of(self, choice: NewGameChoice) -> LegendaryGame:
        """A new game as chosen (raises SetupError for a setup the rules forbid)."""
        from engine.legendary.game import LegendaryGame

        content = self.content
        return LegendaryGame.new(content.setup_of(choice), content.db)

    def new_game_from(self, choice: NewGameChoice) -> LegendaryGame | str:
        from engine.legendary.setup import SetupError

        assert choice.seed is not None
        _ = self.content  # (cards that fail to load raise CardLoadError before any setup)
        try:
            return self.new_game_of(choice)
        except (SetupError, SystemExit) as e:
            return str(e)

    def check_choice(self, choice: NewGameChoice) -> str | None:
        from dataclasses import replace

        from engine.legendary.setup import SetupError

        try:
            self.content.setup_of(replace(choice, seed=choice.seed or 0))
        except SetupError as e:
            return str(e)
        return None

    def scenario_game(self, path: Path) -> LegendaryGame | str:
        from engine.legendary.scenario import Scenario, ScenarioError

        try:
            sc = Scenario.from_file(Path(path))
        except (OSError, ScenarioError, ValueError) as e:
            return str(e)
        if sc.game is None:
            return "the scenario sets up no game"
        sc.game.rebase()
        return sc.game

    def load_game(self, payload: dict[str, Any], path: Path,
                  each: ReplayHook | None = None) -> LegendaryGame:
        from engine.legendary.game import LegendaryGame

        setup = payload.get("setup")
        dirs = setup.get("card_dirs", []) if isinstance(setup, dict) else []
        db = self.dbs.get(list(dirs) if isinstance(dirs, list) else [])
        return LegendaryGame.from_payload(payload, db, path=Path(path), each=each)

    def observe(self) -> dict[str, Any]:
        assert self.ops.game is not None
        return self.ops.game.observe(self.front if self.secret else None)

    def legal(self) -> list[Command]:
        return [] if self._held() else self.ops.legal()

    # --- the hand-off between seats (Traitor modes: hands and hidden cards are secret) ----------------

    @property
    def secret(self) -> bool:
        """The game hides cards from other seats (LE-TRAITOR-07/20): a Traitor mode."""
        g = self.game
        return g is not None and bool(g.setup.traitor)

    @property
    def covered(self) -> bool:
        return self.pending is not None and not self.curtain.isHidden()

    def _held(self) -> str | None:
        if (why := self.win.bots.refusal()) is not None:  # a bot acts: nobody acts for it
            return why
        if self.secret and self.front is None:
            return "Hand the computer over first: click the curtain or press Space"
        return None

    def _seat_name(self, seat: int) -> str:
        g = self.game
        return g.table().player_name(seat) if g is not None else f"Player {seat + 1}"

    def seat_name(self, seat: int) -> str:
        return self._seat_name(seat)

    def _acting(self) -> int | None:
        g = self.game
        return None if g is None else g.table().acting_seat()

    def acting_seat(self) -> int | None:
        return self._acting()

    def bot_players(self) -> dict[int, Callable[[], Command]]:
        """A bot per bot seat of the setup; in a Traitor mode each acts for its own seat only (its
        hand is secret), else for any bot seat (bots may coordinate each other's cards)."""
        from engine.core.seats import bot_seats
        from engine.legendary.advice import goal_of
        from engine.legendary.bots import seat_bot

        g = self.game
        if g is None:
            return {}
        setup = g.setup
        kinds = bot_seats(setup.seats)
        out: dict[int, Callable[[], Command]] = {}
        for seat, kind in kinds.items():
            mine = {seat} if setup.traitor else set(kinds)
            bot = seat_bot(kind, setup.seed + seat, goal_of(g))
            if kind == "search":  # it looks ahead off the GUI thread, on a copy of the game
                out[seat] = self._thinking_bot(bot, mine)
                continue
            out[seat] = lambda bot=bot, mine=mine: bot.choose(self.ops.game, seats=mine)
        return out

    def _thinking_bot(self, bot: Any, mine: set[int]) -> Callable[[], Callable[[], Command]]:
        """The move maker of a seat the look-ahead bot plays: on the GUI thread it copies the game
        and returns the thought (``matrix_gui.seatbots``)."""
        from engine.legendary.advice import snapshot

        def think() -> Callable[[], Command]:
            copy = snapshot(self.ops.game)
            return lambda: bot.choose(copy, seats=mine)

        return think

    def _hand_off_if_needed(self) -> None:
        """After each settled command of a secret game: cover the table if another seat acts now."""
        if not self.secret or self.busy():
            return
        acting = self._acting()
        if acting is None:  # the game is over: show the whole table's public view
            self.front = self.pending = None
            self.curtain.hide()
            return
        if self.win.bots.is_bot(acting):  # a bot acts: whoever sits at the screen watches
            return
        if acting != self.front and not (self.covered and acting == self.pending):
            self._cover(acting)

    def _cover(self, seat: int) -> None:
        self.front = None
        self.pending = seat
        self.handoffs += 1
        self.view.zoom.hide()
        g = self.game
        assert g is not None
        decision = g.state.decision
        reason = decision.prompt if decision is not None and decision.seat == seat else "your turn"
        self.curtain.cover(seat, reason)
        self.win.status(f"{self.curtain.title}: {self.curtain.hint}")
        if self.table is not None:
            self.table.set_view(self.observe())  # a spectator's view behind the curtain

    def acknowledge(self) -> None:
        """The next seat is at the screen: draw its view."""
        if self.pending is None:
            self.curtain.hide()
            return
        self.front, self.pending = self.pending, None
        self.curtain.hide()
        if self.table is not None:
            self.table.set_view(self.observe())
        self.refresh()
        self.view.setFocus()
        self.win.status(f"{self._seat_name(self.front)} is at the screen")

    def face_the_screen(self) -> None:
        self.acknowledge()

    def resizeEvent(self, e: Any) -> None:  # noqa: N802 - the curtain covers the whole page
        super().resizeEvent(e)
        if self.curtain.isVisible():
            self.curtain.setGeometry(self.rect())

    @property
    def table_view(self) -> Any:
        return self.view

    def seats(self) -> int:
        return len(self.observe()["players"])

    def bot_mover(self, seed: int) -> Callable[[Any], bool]:
        from engine.legendary.bots import seat_bot

        bot = seat_bot("random", seed)

        def move(game: Any) -> bool:
            self.ops.submit(bot.choose(game))
            return True

        return move

    # --- reacting to the game ---------------------------------------------------------------------------

    def show_game(self) -> None:
        from matrix_gui.legendary.animation import LegendaryAnimation
        from matrix_gui.legendary.faces import LegendaryFaces
        from matrix_gui.legendary.scene import TableScene

        game = self.ops.game
        win = self.win
        settings = win.settings
        self._drop_hint()
        self.pending = None
        self.handoffs = 0
        self.curtain.hide()
        scans = Path(settings.scans_dir) if settings.scans_dir else None
        self.table = TableScene(LegendaryFaces(game.db, win.paths.faces, scans))
        bots = win.bots
        self.anim = LegendaryAnimation(self.table, lambda: bots.animation_speed(settings.animation_speed),
                                       lambda: settings.skip_animations)
        self.anim.idle.connect(self.refresh)
        bots.attach(self, self.anim, self.bot_players())
        # one person with bots sits at the screen all game (no curtain); several take turns
        self.front = bots.lone_human(len(game.state.players)) if self.secret else None
        view = self.observe()
        self.table.set_view(view)
        self.guide.attach(self.table, view)
        self.view.set_table(self.table)
        self.view.zoom_on_hover = settings.zoom_on_hover
        win.log.clear()
        win.log.add_line(f"Game started: {', '.join(p['name'] for p in view['players'])} "
                         f"(seed {game.setup.seed})", "#39ff7a")
        win.pages.setCurrentWidget(self)
        self.refresh()
        self._hand_off_if_needed()
        (self.curtain if self.covered else self.view).setFocus()  # a first curtain takes Space at once
        QTimer.singleShot(0, self.view.refit)

    def on_events(self, events: tuple) -> None:
        assert self.anim is not None
        view = self.observe()
        self.anim.enqueue(events, view)
        if any(e.kind == "game_over" for e in events):
            from matrix_gui.legendary.hud import result_text

            self.win.status(result_text(view))

    def refresh(self) -> None:
        if self.game is None:
            return
        if self._hint_version != self.ops.version:
            self._drop_hint()
        self._hand_off_if_needed()
        view = self.observe()
        role = self._own_role(view)
        self.hud.update_from(view, view.get("act_title", ""), self.win.campaign_line, role)
        watching = self._watching()
        if watching:  # the next step is not the person's to take: no Hint, End Turn or "play cards"
            view = {**view, "next_step": watching}
        elif role:  # (its goal: the HUD's tooltip)
            view = {**view, "next_step": f"{role['title']}. {view.get('next_step', '')}"}
        self.guide.show(view, bool(view.get("objective_ready")), not self.win.settings.skip_animations,
                        self.game.hints, playing=not watching, looking=self.ops.viewing is not None)
        # Ctrl+Z stays live: outside the undo window it says why (the engine's reason)
        self.win.act_undo.setToolTip(self.undo_tip(view))
        self.win.act_save.setEnabled(True)

    def _own_role(self, view: dict[str, Any]) -> dict[str, str] | None:
        """A Traitor mode: the side of the seat at the screen (its own view says it), on that seat's
        own turn only; never behind the curtain (a spectator's view has none)."""
        role = view.get("role")
        return role if role and view.get("seat") == self._acting() else None

    def _watching(self) -> str:
        """What the NEXT line says while the person at the screen only watches (a bot's turn, a
        saved game stepped through); "" while they play."""
        if self.ops.viewing is not None:
            return "Stepping through a saved game: Alt+Right forward, Alt+Left back, or Take Over From Here"
        bot = self.win.bots.seat_to_act()
        if bot is not None:
            return (f"{self._seat_name(bot)} is played by a bot: its moves play themselves "
                    "(View menu: F6 pause, F7 one move, F8 faster)")
        return ""

    # --- what the page adds to the window -------------------------------------------------------------

    def apply(self, cmd: Command) -> bool:
        return self.view.submit(cmd)

    def take_back(self) -> None:
        if (why := self.win.bots.refusal()) is not None:
            self.view.last_reason = why
            self.win.status(why)
            return
        if self.busy():
            self.anim.finish_all()  # type: ignore[union-attr]
        self.ops.undo()

    def submit_verb(self, verb: str) -> None:
        if self.game is not None:
            self.view.submit(Command(verb))

    def fill_actions_menu(self, menu: QMenu) -> None:
        offered = False  # the engine offers to give the game up (it has stalled)
        if self.game is not None and self.view.has_view():
            from matrix_gui.legendary.intents import describe

            ix = self.view.index()
            for c in self.legal():
                if c.verb == "concede":
                    offered = True  # Give Up This Game (below) asks first
                    continue
                a = QAction(describe(c, ix), menu)
                a.triggered.connect(lambda _=False, c=c: self.view.submit(c))
                menu.addAction(a)
            menu.addSeparator()
        menu.addAction(self.win.act_end)
        menu.addAction(self.win.act_objective)
        menu.addAction(self.win.act_hint)
        if offered:
            menu.addAction(self.win.act_give_up)

    def learn_to_play(self) -> None:
        """Learn to Play: the guided first game (``lesson``), resumed or started over when one is
        saved."""
        from matrix_gui.legendary.lesson import learn_to_play

        learn_to_play(self.win)

    # --- the Objective's cards: shown and lit while the Objective is pointed at ------------------

    def look_at_objective(self, on: bool) -> None:
        """The Objective is pointed at (``on``) or left: its first card zoomed, every copy the table
        shows lit, and where they are said (a card not in sight is said to be so)."""
        if self.table is None:
            return
        self.table.clear_marks("look")
        cards = self.guide.strip.objective_cards
        if not on or not cards:
            if self.view.zoom.key is not None and self.view.zoom.key[0] == "face":
                self.view.zoom.hide()
            return
        for c in cards:
            for cid in c["ids"]:
                for it in self.table.items_for(("card", cid)):
                    it.set_mark("look", True)
        self.view.show_zoom(("face", cards[0]["def"]))
        self.status(" · ".join(f"{c['name']}: lit on the table" if c["ids"] else
                               f"{c['name']}: not in sight (face down, or still in a deck)" for c in cards))

    # --- hints (H): the look-ahead's move, marked on the table, and why -----------------------------

    def hint(self) -> None:
        """Look ahead for the seat at the screen off the GUI thread ("Thinking…"), then mark the
        move on the table and say why; the game's record counts the hint. Never for a bot's move,
        behind the curtain or in a game stepped through; in a Traitor mode only from the asking
        seat's view (the look-ahead reads only what that seat may see)."""
        from engine.legendary.advice import hint_seed, look_ahead, snapshot

        g = self.game
        if g is None or g.over:
            self.refuse("There is no move to hint at: the game is over" if g is not None
                        else "No game is running")
            return
        if self.ops.viewing is not None:
            self.refuse("This is a saved game being stepped through: Take Over From Here to play on")
            return
        if (why := self._held()) is not None:
            self.refuse(why)
            return
        if (coached := self.ops.coached(Command("hint"))) is not None:  # a guided game's step says what
            self.refuse(coached.reason)
            return
        if self.thinker.busy:
            self.status("Still thinking about the last hint…")
            return
        seat = self._acting()
        assert seat is not None
        version = self.ops.version
        copy = snapshot(g)
        seed = hint_seed(g)
        self._drop_hint()
        self._hint_version = version
        self.guide.strip.show_hint("Thinking…")
        self.status("Thinking…")
        self.thinker.run(lambda: look_ahead(copy, seat, seed), lambda got: self._hinted(version, seat, got),
                         lambda e: self._hint_failed(version, e))

    def _hinted(self, version: int, seat: int, analysis: Any) -> None:
        from engine.legendary.advice import advise

        g = self.game
        if g is None or self.ops.version != version or self._held() is not None:
            return  # the game moved on meanwhile: this hint is about a table that is gone
        advice = advise(g, seat, analysis)
        self.ops.count_hint()
        self.hinted = advice
        strip = self.guide.strip
        button = {"end": strip.end_turn, "objective": strip.complete,
                  "concede": strip.give_up}.get(advice.command.verb)
        strip.show_hint(f"Hint: {advice.sentence}", button)
        self.status(f"Hint: {advice.sentence}")
        if self.table is not None:
            for key in self._hint_keys(advice):
                for it in self.table.items_for(key):
                    it.set_mark("hint", True)

    def _hint_keys(self, advice: Any) -> list[tuple[str, Any]]:
        """The table's items a hint marks: its cards and piles as the engine names them, else what
        the command's gestures touch."""
        from matrix_gui.legendary.intents import involved

        keys: list[tuple[str, Any]] = [("card", c) for c in advice.cards]
        keys += [("pile", p) for p in advice.piles]
        if advice.option is not None:
            keys.append(("option", advice.option))
        if self.table is not None and not any(self.table.item_for(k) is not None for k in keys):
            keys = involved(advice.command, self.view.index())[:2]
        return keys

    def _hint_failed(self, version: int, e: BaseException) -> None:
        if self.ops.version == version:
            self._drop_hint()
            self.refuse(f"No hint this time: the look-ahead failed ({e})")

    def _drop_hint(self) -> None:
        """The game moved on: the hint no longer applies (its marks and words go)."""
        self.thinker.cancel()
        self.hinted = None
        self._hint_version = -1
        self.guide.strip.show_hint("")
        if self.table is not None:
            self.table.clear_marks("hint")
