"""The Matrix Replay page (a ``TablePage``) and its hot-seat controller.

The page holds the HUD, the table view and the hand-off curtain. The controller knows which seat
is in front of the screen (``front``) and draws the table only from ``observe(front)``. Whenever the
side that must act changes, the curtain covers the page, the table is redrawn from a spectator's
view (no hand at all), and the next seat takes over with a click or Space. Every action is the
engine's ``legal_commands(seat=front)``; a refusal shows the engine's reason. A side a bot plays
(the setup's ``seats``) moves through ``matrix_gui.seatbots``: the curtain comes up only between two
people, and while the bot acts the person at the screen watches their own view.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QVBoxLayout

from engine.core.commands import Command
from matrix_gui.page import TablePage

if TYPE_CHECKING:
    from engine.core.gamelog import ReplayHook
    from engine.core.results import Event
    from engine.replay.game import ReplayGame
    from matrix_gui.newgame import NewGameChoice
    from matrix_gui.replay.animation import ReplayAnimation
    from matrix_gui.replay.dialogs import TakeDialog
    from matrix_gui.replay.faces import ReplayFaces
    from matrix_gui.replay.scene import ReplayScene
    from matrix_gui.shell import Shell

SIDES = ("Humans", "Machines")
DONE_TEXT = {"zion_deploy": "Done deploying", "zero_one_deploy": "Done deploying", "switch": "Done switching",
             "unplug": "Done"}


class ReplayPage(TablePage):
    """The Replay page of the main window (built when the first Replay game starts)."""

    RULESET = "replay"

    def __init__(self, win: Shell) -> None:
        # (the table's modules are imported here, when the page is built: the page table imports
        # this module at start-up)
        from matrix_gui.curtain import Curtain
        from matrix_gui.replay.hud import ReplayHud
        from matrix_gui.replay.items import SIDE_HEX
        from matrix_gui.replay.prefs import ReplayPrefs
        from matrix_gui.replay.view import ReplayView

        super().__init__(win)
        self.prefs = ReplayPrefs.load(win.paths.config)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.hud = ReplayHud()
        self.view = ReplayView(self)
        lay.addWidget(self.hud)
        lay.addWidget(self.view, 1)
        self.curtain = Curtain(self, lambda seat: SIDES[seat], lambda seat: SIDE_HEX[seat], "the ")
        self.curtain.acknowledged.connect(self.acknowledge)
        self.end = self.end_screen()  # once the game is over
        self.scene: ReplayScene | None = None
        self.anim: ReplayAnimation | None = None
        self._faces: ReplayFaces | None = None
        self.front: int | None = None  # the seat at the screen; None while the curtain is up
        self.pending: int | None = None  # the seat the curtain waits for
        self.last_front: int | None = None  # who sat at the screen before the curtain
        self.handoffs = 0
        self.take_dialog: TakeDialog | None = None

    # --- state ------------------------------------------------------------------------------------

    def plays(self, game: Any) -> bool:
        from engine.replay.game import ReplayGame

        return isinstance(game, ReplayGame)

    def new_game(self, seed: int, seats: list[str] | None = None) -> ReplayGame:
        """A new game with the shipped cards, ``seats`` saying who plays each side (raises
        SetupError or CardLoadError)."""
        from matrix_gui.replay import new_game

        return new_game(seed, seats)

    def new_game_from(self, choice: NewGameChoice) -> ReplayGame | str:
        """A new game; the dialog's curtain choice (if any) holds from now on."""
        from engine.replay.carddb import CardLoadError
        from engine.replay.setup import SetupError

        assert choice.seed is not None
        try:
            game = self.new_game(choice.seed, choice.seats)
        except (SetupError, CardLoadError) as e:
            return str(e)
        if choice.curtain is not None:
            self.set_curtain(choice.curtain)
        return game

    def load_game(self, payload: dict[str, Any], path: Path,
                  each: ReplayHook | None = None) -> ReplayGame:
        from engine.replay.game import ReplayGame

        return ReplayGame.from_payload(payload, path=Path(path), each=each)

    def active(self) -> bool:
        return self.game is not None

    @property
    def table_view(self) -> Any:
        return self.view

    def seats(self) -> int:
        return 2

    def face_the_screen(self) -> None:
        self.acknowledge()

    def acting_seat(self) -> int | None:
        g = self.game
        return None if g is None else g.acting

    def seat_name(self, seat: int) -> str:
        return f"The {SIDES[seat]}"

    def bot_players(self) -> dict[int, Callable[[], Command]]:
        """A bot per side the setup gives a bot; each reads only what its side may see."""
        from engine.core.seats import bot_seats
        from engine.replay.bots import make_bot

        g = self.game
        if g is None:
            return {}
        out: dict[int, Callable[[], Command]] = {}
        for seat, kind in bot_seats(g.setup.seats).items():
            bot = make_bot(kind, g.setup.seed + seat)
            out[seat] = lambda bot=bot, seat=seat: bot.choose(self.ops.game, seat)
        return out

    def bot_mover(self, seed: int) -> Callable[[Any], bool]:
        """Heuristic bots play both sides, each taking the computer at the hand-off."""
        from engine.replay.bots import HeuristicBot

        bots = (HeuristicBot(seed), HeuristicBot(seed + 1))

        def move(game: Any) -> bool:
            if game.acting is None:
                return False
            if self.front != game.acting:
                self.acknowledge()
            self.submit(bots[game.acting].choose(game, game.acting))
            return True

        return move

    @property
    def covered(self) -> bool:
        return self.pending is not None and not self.curtain.isHidden()

    def observe(self) -> dict[str, Any]:
        assert self.game is not None
        return self.ops.observe(self.front)

    def legal(self) -> list[Command]:
        """The legal commands of the seat at the screen (none while the curtain is up or a bot
        acts)."""
        if self.game is None or self.front is None or self.win.bots.refusal() is not None:
            return []
        return self.ops.legal(self.front)

    # --- actions ----------------------------------------------------------------------------------

    def apply(self, cmd: Command) -> bool:
        return self.submit(cmd)

    def submit(self, cmd: Command) -> bool:
        """Send one command of the seat at the screen; a refusal shows the engine's reason."""
        if self.game is None:
            return False
        if (why := self.win.bots.refusal()) is not None:  # a bot acts: nobody acts for it
            self.refuse(why)
            return False
        if self.front is None:
            self.refuse("Hand the computer over first: click the curtain or press Space")
            return False
        if self.busy():
            self.refuse("Wait for the cards to settle")
            return False
        from matrix_gui.replay.intents import refusal

        return self.send_as(self.front, cmd, refusal)

    def open_take(self) -> None:
        """The chooser of the draw phase: take any card of the deck (or recall a Character)."""
        from matrix_gui.replay.dialogs import TakeDialog
        from matrix_gui.replay.intents import ReplayIndex

        cmds = [c for c in self.legal() if c.verb in ("take", "recall")]
        if not cmds or self.scene is None:
            self.refuse("You take a card of your choice only in your own draw phase")
            return
        dlg = TakeDialog(cmds, ReplayIndex(self.observe()), self.scene.faces, self)
        dlg.accepted.connect(lambda: self.submit(dlg.chosen) if dlg.chosen is not None else None)
        self.take_dialog = dlg
        dlg.open()

    def take_back(self) -> None:
        """Ctrl+Z (undo) as the side at the screen (or the one that just left it): the engine says
        who may take the last move back."""
        g = self.game
        if g is None:
            return
        if (why := self.win.bots.refusal()) is not None:
            self.refuse(why)
            return
        if self.anim is not None and self.anim.busy:
            self.anim.finish_all()
        res = self.ops.undo(self.front if self.front is not None else self.last_front)
        if not res.accepted:
            self.refuse(res.reason, res.rule)

    def submit_verb(self, verb: str) -> None:
        """The window's E key ('end'): Done or Pass, whichever the step offers."""
        if verb != "end":
            self.status("That is not part of Matrix Replay")
            return
        for name in ("done", "pass"):
            if any(c.verb == name for c in self.legal()):
                self.view.press_button(name)
                return
        self.status("Nothing to finish right now" if self.front is not None
                    else "Hand the computer over first")

    def hand_over(self) -> None:
        """Give the computer to the other side (to play an instant Event on the acting side's step)."""
        if self.front is None or self.game is None or self.game.over:
            return
        other = 1 - self.front
        if self.win.bots.is_bot(other):
            self.refuse(f"The {SIDES[other]} are played by a bot: it plays its Events on its own moves")
            return
        if self.prefs.curtain:
            self._cover(other, f"the {SIDES[other]} may play an instant Event, then hand the computer back")
        else:
            self._uncover(other)
            self._refresh()

    def set_curtain(self, on: bool) -> None:
        self.prefs.curtain = on
        try:
            self.prefs.save(self.win.paths.config)
        except OSError as e:
            self.status(f"Cannot save the preference: {e}")
        if not on and self.covered:
            self.acknowledge()

    def fill_actions_menu(self, m: QMenu) -> None:
        """The Actions menu: every legal command of the seat at the screen (the keyboard route)."""
        from matrix_gui.replay.intents import ReplayIndex, describe

        if self.game is None:
            return
        if self.covered:
            assert self.pending is not None
            a = QAction(f"Take over as the {SIDES[self.pending]} (Space)", m)
            a.triggered.connect(self.acknowledge)
            m.addAction(a)
        elif self.front is not None and self.scene is not None and self.scene.view is not None:
            ix = ReplayIndex(self.scene.view)
            self.add_command_actions(m, [c for c in self.legal() if c.verb not in ("take", "recall")],
                                     lambda c: describe(c, ix), self.submit)
            if any(c.verb in ("take", "recall") for c in self.legal()):
                a = QAction("Take a card of your choice…", m)
                a.triggered.connect(self.open_take)
                m.addAction(a)
            if not self.game.over and not self.win.bots.is_bot(1 - self.front):
                a = QAction(f"Hand the computer to the {SIDES[1 - self.front]}", m)
                a.triggered.connect(self.hand_over)
                m.addAction(a)
        m.addSeparator()
        cur = QAction("Hand-off curtain (hands are secret)", m)
        cur.setCheckable(True)
        cur.setChecked(self.prefs.curtain)
        cur.toggled.connect(self.set_curtain)
        m.addAction(cur)

    # --- reacting to the game -------------------------------------------------------------------------

    def show_game(self) -> None:
        from matrix_gui.replay.animation import ReplayAnimation
        from matrix_gui.replay.faces import ReplayFaces
        from matrix_gui.replay.scene import ReplayScene

        g = self.game
        if g is None:
            return
        win = self.win
        bots = win.bots
        self.fresh_table(ReplayFaces, ReplayScene, ReplayAnimation)
        assert self.scene is not None and self.anim is not None
        self.anim.idle.connect(self._settled)
        bots.attach(self, self.anim, self.bot_players())
        # one person against a bot sits at the screen all game (no curtain); two take turns
        self.front = bots.lone_human(2)
        self.pending = self.last_front = None
        self.handoffs = 0
        self.curtain.hide()
        win.log.clear()
        win.log.add_line(f"Matrix Replay: Humans vs Machines (seed {g.setup.seed})", "#39ff7a")
        win.show_page(self)
        self.view.zoom_on_hover = win.settings.zoom_on_hover
        self.scene.bottom = self.front if self.front is not None else g.acting if g.acting is not None else 0
        self.scene.set_view(self.observe())
        self.view.set_table(self.scene)
        self._settled()
        QTimer.singleShot(0, self.view.refit)

    def on_events(self, events: tuple[Event, ...]) -> None:
        from matrix_gui.replay.hud import result_text

        if self.game is None or self.anim is None:
            return
        self.anim.enqueue(events, self.observe())
        if any(e.kind == "game_over" for e in events):
            self.status(result_text(self.ops.observe(None)["result"]))

    def _settled(self) -> None:
        """After each animated command: hand the computer over if another side must act now."""
        g = self.game
        if g is None or self.scene is None or (self.anim is not None and self.anim.busy):
            return
        acting = g.acting
        if acting is not None and acting != self.front:
            if self.win.bots.is_bot(acting):
                pass  # a bot acts: whoever sits at the screen watches
            elif self.covered and acting == self.pending:
                pass
            elif self.covered and acting == self.last_front:  # the last move was taken back
                self._uncover(acting)
            elif self.prefs.curtain and self.win.bots.lone_human(2) is None:
                self._cover(acting, self.ops.observe(None)["step_text"])
            else:
                self._uncover(acting)
                self.status(f"The {SIDES[acting]} act now")
        self._refresh()

    def _cover(self, seat: int, reason: str) -> None:
        """Raise the curtain for ``seat``: the table behind it shows no hand at all."""
        assert self.scene is not None and self.game is not None
        if self.front is not None:
            self.last_front = self.front
        self.front = None
        self.pending = seat
        self.handoffs += 1
        self.scene.bottom = seat
        self.scene.set_view(self.ops.observe(None))
        if self.take_dialog is not None:
            self.take_dialog.reject()
        self.view.zoom.hide()
        self.curtain.cover(seat, reason)
        self.status(f"{self.curtain.title}: {self.curtain.hint}")
        self._refresh()

    def _uncover(self, seat: int) -> None:
        self.front = seat
        self.pending = None
        self.curtain.hide()
        assert self.scene is not None
        self.scene.set_view(self.observe())
        self.view.setFocus()

    def acknowledge(self) -> None:
        """The next seat is at the screen: draw its view."""
        if self.pending is None or self.game is None:
            self.curtain.hide()
            return
        self._uncover(self.pending)
        self._refresh()
        self.status(f"The {SIDES[self.front or 0]}: {self.observe()['step_text']}")

    def refresh(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        """Buttons, marks and the HUD for the current view."""
        g = self.game
        sc = self.scene
        if g is None or sc is None or sc.view is None:
            return
        legal = self.legal()
        verbs = {c.verb for c in legal}
        buttons: list[tuple[str, str]] = []
        if "draw" in verbs:
            buttons.append(("draw", "Draw 2"))
        if verbs & {"take", "recall"}:
            buttons.append(("take", "Take a card…"))
        if any(c.verb == "mission" and c.args == ("basic",) for c in legal):
            buttons.append(("basic", "Basic Mission · 1 MP"))
        if "pass" in verbs:
            buttons.append(("pass", "Pass  [P]"))
        if "done" in verbs:
            buttons.append(("done", f"{DONE_TEXT.get(sc.view.get('step', ''), 'Done')}  [D]"))
        sc.set_buttons(buttons)
        sc.clear_marks("option")
        dec = sc.view.get("decision") or {}
        for cid in dec.get("cards", []) if dec.get("options") else []:
            for it in sc.items_for(("card", cid)):
                it.set_mark("option", True)
        if self.view.focus_key is not None and sc.item_for(self.view.focus_key) is None:
            self.view.focus_key = None
        bot = self.win.bots.seat_to_act()
        shown = sc.view if bot is None else {
            **sc.view, "step_text": f"A bot plays the {SIDES[bot]} · F6 pause · F7 step · F8 faster"}
        from matrix_gui.endscreen import replay_facts

        self.hud.update_from(shown, self.front)
        self.show_end(self.end, self.ops.observe(None).get("outcome"), replay_facts)
        self.show_undo(sc.view)

    def resizeEvent(self, e: Any) -> None:  # noqa: N802 - the curtain covers the whole page
        super().resizeEvent(e)
        if self.curtain.isVisible():
            self.curtain.setGeometry(self.rect())
