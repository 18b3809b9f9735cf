"""The Expedition page (a ``TablePage``) and its controller: 1-4 players take turns at one screen.

Every chit lies face up and every seat sees the same table, so there is no hand-off curtain: the
table always plays for the seat the engine says acts now (it moves the Explorer or answers a
decision), and draws that player's Matrix large. Every action is the engine's
``legal_commands(seat)``; a refusal shows the engine's reason with its rule.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMenu, QVBoxLayout

from engine.core.commands import Command, parse
from matrix_gui.page import PageOffers, TablePage
from matrix_gui.refusals import refusal_text

if TYPE_CHECKING:
    from engine.core.gamelog import ReplayHook
    from engine.core.results import Event
    from engine.expedition.game import ExpeditionGame
    from matrix_gui.expedition.animation import ExpeditionAnimation
    from matrix_gui.expedition.faces import ExpeditionFaces
    from matrix_gui.expedition.scene import ExpeditionScene
    from matrix_gui.newgame import NewGameChoice, SheetChoices
    from matrix_gui.shell import Shell


def expedition_facts(outcome: dict[str, Any]) -> list[str]:
    """Each player's Discovery Points and turns at the end of the Matrix Phase."""
    return [f"{p['name']}: {p['dp']} DP in {p['turns']} turns" for p in outcome["players"]]


class ExpeditionPage(TablePage):
    """The Expedition page of the main window (built when the first Expedition game starts)."""

    RULESET = "expedition"
    OFFERS = PageOffers(sheets=True)

    def __init__(self, win: Shell) -> None:
        # (the table's modules are imported here, when the page is built: the page table imports
        # this module at start-up)
        from matrix_gui.expedition.hud import ExpeditionHud
        from matrix_gui.expedition.view import ExpeditionView

        super().__init__(win)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.hud = ExpeditionHud()
        self.view = ExpeditionView(self)
        lay.addWidget(self.hud)
        lay.addWidget(self.view, 1)
        self.end = self.end_screen()
        self.scene: ExpeditionScene | None = None
        self.anim: ExpeditionAnimation | None = None
        self._faces: ExpeditionFaces | None = None

    # --- state ------------------------------------------------------------------------------------

    def plays(self, game: Any) -> bool:
        from engine.expedition.game import ExpeditionGame

        return isinstance(game, ExpeditionGame)

    def sheet_choices(self) -> SheetChoices:
        """What the New Game dialog offers for the players' sheets: the engine's fields, their
        limits and defaults, and the regions."""
        from matrix_gui.expedition.setupform import sheet_choices

        return sheet_choices()

    def check_choice(self, choice: NewGameChoice) -> str | None:
        from matrix_gui.expedition.setupform import setup_of

        got = setup_of(choice)
        return got if isinstance(got, str) else None

    def new_game_from(self, choice: NewGameChoice) -> ExpeditionGame | str:
        from engine.expedition.chitdb import CardLoadError
        from engine.expedition.game import ExpeditionGame
        from engine.expedition.setup import SetupError
        from matrix_gui.expedition.setupform import setup_of

        setup = setup_of(choice)
        if isinstance(setup, str):
            return setup
        try:
            return ExpeditionGame.new(setup)
        except (SetupError, CardLoadError) as e:
            return str(e)

    def load_game(self, payload: dict[str, Any], path: Path,
                  each: ReplayHook | None = None) -> ExpeditionGame:
        from engine.expedition.game import ExpeditionGame

        return ExpeditionGame.from_payload(payload, path=Path(path), each=each)

    @property
    def table_view(self) -> Any:
        return self.view

    def seats(self) -> int:
        g = self.game
        return len(g.state.sheets) if g is not None else 0

    @property
    def front(self) -> int | None:
        """The seat at the screen: whoever the engine says acts now (None once the phase is over)."""
        g = self.game
        return None if g is None else g.acting

    def bot_mover(self, seed: int) -> Callable[[Any], bool]:
        """Heuristic bots play every seat through the page."""
        from engine.expedition.bots import HeuristicBot

        bots: dict[int, HeuristicBot] = {}

        def move(game: Any) -> bool:
            seat = game.acting
            if seat is None:
                return False
            bot = bots.setdefault(seat, HeuristicBot(seed + seat))
            return self.submit(bot.choose(game, seat))

        return move

    def observe(self) -> dict[str, Any]:
        from matrix_gui.expedition.scene import table_view

        assert self.game is not None
        return table_view(self.ops.observe(self.front))

    def legal(self) -> list[Command]:
        if self.game is None or self.front is None:
            return []
        return self.ops.legal(self.front)

    # --- actions ----------------------------------------------------------------------------------

    def apply(self, cmd: Command) -> bool:
        return self.submit(cmd)

    def submit(self, cmd: Command) -> bool:
        """Send one command of the seat to act; a refusal shows the engine's reason and rule."""
        if self.game is None:
            return False
        if self.busy():
            self.refuse("Wait for the chits to settle")
            return False
        return self.send_as(self.front, cmd, refusal_text)

    def take_back(self) -> None:
        """Ctrl+Z: undo the last command as the seat that gave it (the engine may refuse: a draw
        or a die roll closes undo)."""
        g = self.game
        if g is None:
            return
        if self.anim is not None and self.anim.busy:
            self.anim.finish_all()
        res = self.ops.undo(self.last_seat())
        if not res.accepted:
            self.refuse(refusal_text(res), res.rule)

    def last_seat(self) -> int | None:
        """The seat that gave the last command (who may take it back)."""
        g = self.game
        return parse(g.commands[-1]).seat if g is not None and g.commands else None

    def submit_verb(self, verb: str) -> None:
        self.status("Drag your Explorer to move; click an offered slot or option to decide")

    def fill_actions_menu(self, m: QMenu) -> None:
        """Every legal command of the seat to act (the keyboard route)."""
        from matrix_gui.expedition.intents import ExpeditionIndex, describe

        if self.game is None or self.scene is None or self.scene.view is None:
            return
        ix = ExpeditionIndex(self.scene.view)
        self.add_command_actions(m, self.legal(), lambda c: describe(c, ix), self.submit)

    # --- reacting to the game -------------------------------------------------------------------------

    def show_game(self) -> None:
        from matrix_gui.expedition.animation import ExpeditionAnimation
        from matrix_gui.expedition.faces import ExpeditionFaces
        from matrix_gui.expedition.scene import ExpeditionScene

        g = self.game
        if g is None:
            return
        win = self.win
        self.fresh_table(ExpeditionFaces, ExpeditionScene, ExpeditionAnimation)
        assert self.scene is not None and self.anim is not None
        self.anim.idle.connect(self.refresh)
        win.log.clear()
        names = ", ".join(p.name for p in g.setup.players)
        win.log.add_line(f"Expedition Matrix Phase: {names} (seed {g.setup.seed})", "#39ff7a")
        win.show_page(self)
        self.view.zoom_on_hover = win.settings.zoom_on_hover
        self.scene.set_view(self.observe())
        self.view.set_table(self.scene)
        self.refresh()
        QTimer.singleShot(0, self.view.refit)

    def on_events(self, events: tuple[Event, ...]) -> None:
        if self.game is None or self.anim is None:
            return
        self.anim.enqueue(events, self.observe())

    def refresh(self) -> None:
        """The HUD, the end screen and the Undo tip from the engine's view."""
        g = self.game
        sc = self.scene
        if g is None or sc is None or sc.view is None or self.busy():
            return
        if self.view.focus_key is not None and sc.item_for(self.view.focus_key) is None:
            self.view.focus_key = None
        self.hud.update_from(sc.view)
        outcome = sc.view.get("outcome")  # the phase has no loser: the end screen's ink is the winner's
        self.show_end(self.end, {**outcome, "won": True} if outcome else None, expedition_facts)
        self.show_undo(self.ops.observe(self.last_seat()))
