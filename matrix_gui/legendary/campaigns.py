"""The Legendary page's campaigns (LE-CAMPAIGN), no widgets of its own: it asks the engine's campaign API
(``engine.legendary.campaign``) for every step and keeps each change in the campaign's file through
the engine's store (atomic writes; a damaged file is reported, never written over).

The Campaign page (``campaignpage``, built here on first use), the HUD line and the end screen read
from here; none of them decides what carries over or what is legal. The main window reaches it
through a page's ``campaign_desk()`` (its ``CAMPAIGNS`` page), like every other ruleset piece.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.cardfiles import CardLoadError
from engine.core.savefile import SaveError
from engine.legendary.setup import SetupError

if TYPE_CHECKING:
    from engine.legendary.campaign import Campaign, Carried, Listed
    from engine.legendary.carddb import CardDB
    from engine.legendary.game import LegendaryGame
    from matrix_gui.legendary.campaignpage import CampaignPage
    from matrix_gui.mainwindow import MainWindow

# What a campaign step may fail with: the engine's reason (CampaignError is a ValueError), a file
# that cannot be read or written, cards that do not load.
STEP_ERRORS: tuple[type[BaseException], ...] = (ValueError, SetupError, SaveError, OSError, CardLoadError)
RECORDS_FILE = "records.json"


@dataclass(frozen=True)
class Ended:
    """A campaign game that just ended, as recorded: the campaign after it and what carried over."""

    campaign: Campaign
    carried: Carried
    names: list[str]  # the players' Avatar names in the game that ended
    game: int  # the game's number (1..3)
    try_no: int


class CampaignDesk:
    """Campaigns of one window: list, create, play, record a finished game, give up."""

    def __init__(self, win: MainWindow) -> None:
        from engine.legendary.campaign import CampaignStore

        self.win = win
        self.store = CampaignStore(win.paths.campaigns)
        self._page: CampaignPage | None = None

    def page(self) -> CampaignPage:
        """The Campaign page widget (built on first use)."""
        if self._page is None:
            from matrix_gui.legendary.campaignpage import CampaignPage

            self._page = CampaignPage(self.win, self)
        return self._page

    # --- reading ------------------------------------------------------------------------------------

    def listing(self) -> list[Listed]:
        """The campaign files; a folder that cannot be read is one entry with its reason."""
        from engine.legendary.campaign import Listed

        try:
            return self.store.listing()
        except SaveError as e:
            return [Listed(self.store.folder, None, str(e), e.reason)]

    def db_for(self, card_dirs: list[str]) -> CardDB:
        """The cards a campaign is played with (raises CardLoadError)."""
        return self.win.legendary.dbs.get(list(card_dirs))

    def new_card_dirs(self) -> list[str]:
        """The card folders a new campaign is played with: the app's own (and --dev cards)."""
        return list(self.win.legendary.content.card_dirs)

    def characters(self) -> list[tuple[str, str]]:
        """Every character a team may choose (LE-CAMPAIGN-02/03), with the Avatar it plays in
        game 1 (for its name and portrait), in the order the cards list them."""
        from engine.legendary.campaign import avatar_for
        from engine.legendary.campaign.play import avatar_characters

        db = self.db_for(self.new_card_dirs())
        chars = avatar_characters(db)
        films = list(db.films.values())
        seen: list[str] = []
        for ch in chars.values():
            if ch and ch not in seen:
                seen.append(ch)
        return [(ch, avatar_for(ch, 1, films, chars)) for ch in seen]  # type: ignore[arg-type]

    def avatar_name(self, db: CardDB, avatar_id: str) -> str:
        card = db.cards.get(avatar_id)
        return avatar_id if card is None else card.name

    def default_name(self, custom: list[Any] | None = None) -> str:
        """The name a new campaign is offered (the players may change it): the engine's readable
        default for a film campaign (``custom`` None) or a custom one, unique among those listed."""
        from engine.legendary.campaign import CampaignError, default_name, film_plans

        taken = [e.campaign.name for e in self.listing() if e.campaign is not None]
        if custom is not None:
            return default_name("custom", custom, taken=taken)
        try:
            plans = film_plans(list(self.db_for(self.new_card_dirs()).films.values()))
        except CampaignError:  # too few films: starting one says why
            plans = []
        return default_name("films", plans, taken=taken)

    # --- changing a campaign (each change saved at once) ------------------------------------------

    def create(self, team: list[str], *, custom: list[Any] | None = None, name: str = "",
               seed: int = 0) -> Campaign:
        """Start a film campaign (``custom`` None) or a custom one; raises with the engine's reason."""
        from engine.legendary.campaign import new_campaign

        dirs = self.new_card_dirs()
        c = new_campaign(self.db_for(dirs), team, custom=custom, name=name.strip(), seed=seed,
                         card_dirs=dirs)
        self.store.create(c)
        return c

    def load(self, campaign_id: str) -> tuple[Path, Campaign]:
        return self.store.load(campaign_id)

    def play(self, campaign_id: str) -> None:
        """Play the campaign's game now: its try in progress (the current game, or the autosave when
        it is that try), else a new try (the first, or a retry: the engine decides)."""
        from engine.legendary.campaign import campaign_of, play
        from engine.legendary.game import LegendaryGame

        path, c = self.load(campaign_id)
        g = c.current
        t = g.pending
        if t is not None and not c.over:
            want = (c.id, g.number, t.number)
            game = self.win.ops.game
            if isinstance(game, LegendaryGame) and not game.over and campaign_of(game.setup) == want:
                self.win.legendary.show_game()
                return
            if self._autosave_is(want) and self.win.continue_game():
                return
        setup = play(c)
        self.store.save(c, path)  # the try counts as started before its game exists
        game = LegendaryGame.new(setup, self.db_for(c.card_dirs))
        self.win.ops.start(game)

    def _autosave_is(self, want: tuple[str, int, int]) -> bool:
        from engine.core.savefile import read_save_any
        from engine.legendary.campaign import campaign_of
        from engine.legendary.setup import LegendarySetup

        autosave = self.win.paths.autosave
        if not autosave.is_file():
            return False
        try:
            ruleset, payload = read_save_any(autosave)
            setup = LegendarySetup.from_dict(payload["setup"])
        except (*STEP_ERRORS, KeyError, TypeError):
            return False
        return ruleset == "legendary" and campaign_of(setup) == want

    def give_up(self, campaign_id: str) -> Campaign:
        from engine.legendary.campaign import give_up

        path, c = self.load(campaign_id)
        give_up(c)
        self.store.save(c, path)
        return c

    # --- a game is shown, a game ends -----------------------------------------------------------------

    def game_shown(self, game: Any, playing: bool = True) -> str:
        """A game is about to be shown: its HUD line ("" outside a campaign), and the end screen's
        campaign part (a finished campaign game shown again keeps its carry-over). Only a game
        being played (not one stepped through) is recorded or closed to undo."""
        self.win.end_screen.set_campaign([])
        line = self.hud_line(game)
        ended = self.ended_of(game) if line else None
        if ended is not None:
            self.show_ended(ended)
            if playing:
                seal(game, ended.campaign)
        elif line and game.over and playing:  # it ended but was never recorded (the app was killed)
            self.game_ended(game)
        return line

    def game_ended(self, game: Any) -> None:
        """A game just ended: record a campaign game and show what carried over, or note any other
        game in the Records; a refusal or a file problem is said in the status bar."""
        from engine.legendary.game import LegendaryGame

        if not isinstance(game, LegendaryGame):
            return
        try:
            ended = self.game_over(game)
            if ended is None:
                self.note_game(game)
                return
        except STEP_ERRORS as e:
            self.win.last_error = f"This game was not recorded: {e}"
            self.win.status(self.win.last_error)
            return
        self.show_ended(ended)

    def show_ended(self, ended: Ended) -> None:
        """The end screen's campaign part: what carried over and the campaign's next step."""
        self.win.last_ended = ended
        self.win.end_screen.set_campaign(carry_over_lines(ended), next_step(ended.campaign))

    def game_over(self, game: LegendaryGame) -> Ended | None:
        """Record a finished campaign game in its campaign (None: not a campaign game). Its save is
        kept under saves/ so the campaign's history points at the whole game. Raises with the
        engine's reason (e.g. a try already recorded, or a campaign given up)."""
        from engine.legendary.campaign import campaign_of, outcome_of, record

        ref = campaign_of(game.setup)
        if ref is None:
            return None
        cid, number, try_no = ref
        path, c = self.load(cid)
        saves = self.win.paths.saves
        saves.mkdir(parents=True, exist_ok=True)
        save = saves / f"{cid}-game{number}-try{try_no}.json"
        game.save(save)
        carried = record(game.db, c, game.setup, outcome_of(game.db, game.state), save=str(save))
        self.store.save(c, path)
        seal(game, c)
        names = [p["name"] for p in game.observe(None)["players"]]
        return Ended(c, carried, names, number, try_no)

    def ended_of(self, game: LegendaryGame) -> Ended | None:
        """A finished campaign game that was recorded before (Continue or Load shows it again):
        what its campaign's file says it carried over; None when it is not one."""
        from engine.legendary.campaign import GAMES, Carried, campaign_of

        ref = campaign_of(game.setup)
        if ref is None or not game.over:
            return None
        try:
            c = self.load(ref[0])[1]
        except STEP_ERRORS:
            return None
        number, try_no = ref[1:]
        g = c.games[number - 1] if number <= len(c.games) else None
        t = g.tries[try_no - 1] if g is not None and try_no <= len(g.tries) else None
        if t is None or not t.finished or t.seed != game.setup.seed:
            return None
        won = t.result == "major"
        nxt = c.games[number] if won and number < len(c.games) else None
        carried = Carried(won, won and number == GAMES, list(t.scars_gained), list(t.defeated),
                          None if nxt is None else nxt.start_time, nxt is not None and nxt.prep_turns)
        names = [p["name"] for p in game.observe(None)["players"]]
        return Ended(c, carried, names, number, try_no)

    def note_game(self, game: LegendaryGame) -> None:
        """Note a finished game outside a campaign in the Records (raises RecordsFileError or
        OSError; nothing is written over)."""
        from matrix_gui.records import GameRecord, note_game

        s = game.setup
        film = next((f.name for f in game.db.films.values() if list(f.acts) == list(s.acts)),
                    "Your own story" if s.story else "Other setup")
        note_game(self.win.paths.data / RECORDS_FILE,
                  GameRecord(film, len(game.state.players), game.state.result, hints=game.hints))

    def records(self) -> Any:
        from matrix_gui.records import gather

        return gather(self.win.paths.data / RECORDS_FILE,
                      [(e.campaign, e.error) for e in self.listing()])

    def hud_line(self, game: Any) -> str:
        """The HUD's campaign line for ``game`` ("" outside a campaign): the campaign's own words
        while the try is the one it waits for, else the game and try the save names."""
        from engine.legendary.campaign import GAMES, campaign_of
        from engine.legendary.game import LegendaryGame

        if not isinstance(game, LegendaryGame):
            return ""
        ref = campaign_of(game.setup)
        if ref is None:
            return ""
        try:
            _, c = self.load(ref[0])
        except STEP_ERRORS:
            c = None
        pending = None if c is None or c.over else c.current.pending
        if c is not None and pending is not None and (c.current.number, pending.number) == ref[1:]:
            return c.describe()
        return f"Campaign: game {ref[1]} of {GAMES}, try {ref[2]}"


def seal(game: LegendaryGame, c: Campaign) -> None:
    """A recorded game's end is final: taking its last command back would leave the campaign
    behind the game."""
    game.close_undo(f"the end of this game is recorded in the campaign {c.name!r}")


def next_step(c: Campaign) -> str:
    """The end screen's button for the campaign's next step ("" once it is over)."""
    if c.over:
        return ""
    g = c.current
    if g.pending is not None:
        return f"Continue game {g.number}"
    return f"Retry game {g.number}" if g.tries else f"Play game {g.number}"


def carry_over_lines(end: Ended) -> list[str]:
    """What the end screen says a campaign game carried over, from the engine's ``Carried``."""
    from engine.legendary.campaign import GAMES

    cr, c = end.carried, end.campaign
    if not cr.won:
        return [f"Only a Major Victory moves the campaign on (LE-CAMPAIGN-10): game {end.game} "
                f"waits for a retry, with the same setup (LE-CAMPAIGN-11).",
                f"Tries of game {end.game} so far: {len(c.games[end.game - 1].tries)}."]
    gained = [f"{n} +{k}" for n, k in zip(end.names, cr.scars_gained, strict=False) if k]
    lines = [f"Game {end.game} of {GAMES} won.",
             "Scars gained: " + (", ".join(gained) if gained else "none"),
             defeated_line(end)]
    if cr.campaign_won:
        lines.append("The campaign is won.")
    else:
        lines.append(f"Game {end.game + 1} starts with the Time Track at {cr.next_time}"
                     + (", everyone with a prep turn." if cr.next_prep_turns else ", no prep turns."))
    return lines


def defeated_line(end: Ended) -> str:
    """Who was defeated in a won campaign game, and that they are back for the next one
    (LE-CAMPAIGN-13): a defeat ends no one's campaign."""
    lost = [end.names[i] for i in end.carried.defeated if i < len(end.names)]
    if not lost:
        return "Nobody was defeated."
    who = ", ".join(lost)
    if end.carried.campaign_won:
        return f"Defeated in game {end.game}: {who}."
    back = "is" if len(lost) == 1 else "are"
    return f"Defeated in game {end.game}: {who}, who {back} back for game {end.game + 1} (LE-CAMPAIGN-13)."
