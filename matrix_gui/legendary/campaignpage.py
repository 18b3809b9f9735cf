"""The Campaign page: the campaigns on this computer, a new film or custom campaign, and one
campaign's team (portrait, scars, history), its three games (won / tries / next), the next game's
Time Track and prep turns, with Play/Continue, Retry and Give up.

Every step goes through ``CampaignDesk`` (the engine's campaign API and store); a refusal shows the
engine's reason on the page, word for word.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.core.wording import one_line
from matrix_gui.legendary.campaigns import STEP_ERRORS, CampaignDesk

if TYPE_CHECKING:
    from engine.legendary.campaign import Campaign, Game
    from engine.legendary.carddb import CardDB
    from matrix_gui.mainwindow import MainWindow

STYLE = """
QWidget#campaigns { background: #050a07; }
QLabel { color: #d9ffe6; font-size: %(plain)spx; }
QLabel#title { color: #39ff7a; font-size: %(title)spx; font-weight: bold; letter-spacing: 3px; }
QLabel#head { color: #39ff7a; font-size: %(head)spx; font-weight: bold; }
QLabel#refusal { color: #ffdca0; }
QLabel#muted { color: #9fd8b2; }
QListWidget, QLineEdit, QComboBox { background: #07110b; color: #d9ffe6; border: 1px solid #2f7a4c;
                                   font-size: %(plain)spx; }
QListWidget::indicator { width: 14px; height: 14px; border: 1px solid #39ff7a; background: #07110b; }
QListWidget::indicator:checked { background: #39ff7a; }
QPushButton { background: #0e2a18; color: #d9ffe6; border: 1px solid #39ff7a; border-radius: 6px;
              padding: 6px 16px; font-size: %(plain)spx; }
QPushButton:disabled { color: #557a63; border-color: #2f5a3f; }
QPushButton:focus, QPushButton:hover { background: #175c33; }
QScrollArea { border: none; background: #050a07; }
"""
def _sizes(scale: float) -> dict[str, int]:
    return {"plain": round(14 * scale), "head": round(17 * scale), "title": round(28 * scale)}


PORTRAIT_H = 120  # the team's portraits, in pixels (up to twice that on a tall window)


class CampaignPage(QWidget):
    """The campaigns page of the main window's page stack."""

    def __init__(self, win: MainWindow, desk: CampaignDesk) -> None:
        super().__init__()
        self.win = win
        self.desk = desk
        self.setObjectName("campaigns")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # (a QWidget subclass: else unpainted)
        self.setStyleSheet(STYLE % _sizes(1.0))
        self.selected: str | None = None  # the id of the campaign shown on the right
        self.confirm: QMessageBox | None = None
        self.scale = 1.0  # text and portraits grow with the window (set on each refresh)
        outer = QVBoxLayout(self)
        top = QHBoxLayout()
        title = QLabel("CAMPAIGNS")
        title.setObjectName("title")
        top.addWidget(title)
        top.addStretch(1)
        self.btn_records = QPushButton("Records…")
        self.btn_records.clicked.connect(win.records_dialog)
        self.btn_back = QPushButton("Back")
        self.btn_back.clicked.connect(win.back_to_start)
        top.addWidget(self.btn_records)
        top.addWidget(self.btn_back)
        outer.addLayout(top)
        body = QHBoxLayout()
        outer.addLayout(body, 1)
        body.addLayout(self._build_left(), 2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        self.detail = QWidget()
        self.detail.setObjectName("campaigns")
        scroll.setWidget(self.detail)
        body.addWidget(scroll, 5)
        self._build_detail()
        self.refusal = QLabel()
        self.refusal.setObjectName("refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.refusal)

    # --- building ------------------------------------------------------------------------------------

    def _build_left(self) -> QVBoxLayout:
        left = QVBoxLayout()
        left.addWidget(_head("Your campaigns"))
        self.campaign_list = QListWidget()
        self.campaign_list.currentItemChanged.connect(self._picked)
        left.addWidget(self.campaign_list, 3)
        left.addWidget(_head("New campaign"))
        self.name_edit = QLineEdit()  # a readable name is offered; the players may write their own
        self.name_edit.setPlaceholderText("Name (optional)")
        self.name_edit.setAccessibleName("Name of the new campaign")
        left.addWidget(self.name_edit)
        hint = QLabel("The team: one character per player, in seat order")
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        left.addWidget(hint)
        self.team_list = QListWidget()
        left.addWidget(self.team_list, 2)
        self.btn_film = QPushButton("Start the film campaign")
        self.btn_film.setToolTip("The three films in release order, each with its own Acts and Hero Groups")
        self.btn_custom = QPushButton("Custom campaign…")
        self.btn_custom.setToolTip("Three films of your own from the Acts and Hero Groups of all three films")
        self.btn_film.clicked.connect(lambda: self.start_campaign(None))
        self.btn_custom.clicked.connect(self.custom_dialog)
        row = QHBoxLayout()
        row.addWidget(self.btn_film)
        row.addWidget(self.btn_custom)
        left.addLayout(row)
        return left

    def _build_detail(self) -> None:
        lay = QVBoxLayout(self.detail)
        self.heading = _head("")
        self.state_line = QLabel()
        lay.addWidget(self.heading)
        lay.addWidget(self.state_line)
        self.buttons = QHBoxLayout()
        lay.addLayout(self.buttons)
        lay.addWidget(_head("Team"))
        self.team_row = QHBoxLayout()
        lay.addLayout(self.team_row)
        lay.addWidget(_head("Games"))
        self.games_grid = QGridLayout()
        lay.addLayout(self.games_grid)
        lay.addWidget(_head("Next game"))
        self.next_line = QLabel()
        self.next_line.setWordWrap(True)
        lay.addWidget(self.next_line)
        row = self.buttons
        self.btn_play = QPushButton("Play")
        self.btn_retry = QPushButton("Retry")
        self.btn_give_up = QPushButton("Give up")
        self.btn_play.clicked.connect(self.play_selected)
        self.btn_retry.clicked.connect(self.play_selected)
        self.btn_give_up.clicked.connect(self.ask_give_up)
        for b in (self.btn_play, self.btn_retry, self.btn_give_up):
            row.addWidget(b)
        row.addStretch(1)
        lay.addStretch(1)

    # --- showing -------------------------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> None:
        """Read the campaign folder again and show ``select`` (default: the one shown before)."""
        want = select or self.selected
        w, h = self.win.width(), self.win.height()
        self.scale = max(0.9, min(2.0, min(w / 1440, h / 900)))
        self.setStyleSheet(STYLE % _sizes(self.scale))
        self.campaign_list.blockSignals(True)
        self.campaign_list.clear()
        chosen = None
        for e in self.desk.listing():
            c = e.campaign
            if c is None:  # a damaged file: listed with its reason, left as it is
                item = QListWidgetItem(f"⚠ {e.path.name}: {e.reason or e.error}")
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                item.setToolTip(e.error)
            else:
                item = QListWidgetItem(f"{c.name}\n{c.describe()}")
                item.setData(Qt.ItemDataRole.UserRole, c.id)
                if c.id == want or (chosen is None and want is None):
                    chosen = item
            self.campaign_list.addItem(item)
        if chosen is not None:
            self.campaign_list.setCurrentItem(chosen)
        self.campaign_list.blockSignals(False)
        self._show(chosen.data(Qt.ItemDataRole.UserRole) if chosen is not None else None)
        if self.team_list.count() == 0:
            self._fill_team()
        self._offer_name()

    def _offer_name(self) -> None:
        """Offer the film campaign's readable name, unless the players wrote one of their own."""
        from engine.core.cardfiles import CardLoadError

        if self.name_edit.isModified():
            return
        try:
            self.name_edit.setText(self.desk.default_name())
        except (*STEP_ERRORS, CardLoadError):  # (starting a campaign says why)
            self.name_edit.setText("")

    def _fill_team(self) -> None:
        try:
            chars = self.desk.characters()
            db = self.desk.db_for(self.desk.new_card_dirs())
        except STEP_ERRORS as e:
            self.say(f"Cannot load the cards: {one_line(e)}")
            return
        for ch, avatar in chars:
            item = QListWidgetItem(self.desk.avatar_name(db, avatar))
            item.setData(Qt.ItemDataRole.UserRole, ch)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.team_list.addItem(item)

    def _picked(self, item: QListWidgetItem | None, _old: Any = None) -> None:
        self._show(item.data(Qt.ItemDataRole.UserRole) if item is not None else None)

    def _show(self, campaign_id: str | None) -> None:
        self.selected = campaign_id
        c = path = None
        if campaign_id is not None:
            try:
                path, c = self.desk.load(campaign_id)
            except STEP_ERRORS as e:
                self.say(one_line(e))
        _clear(self.team_row)
        _clear(self.games_grid)
        for b in (self.btn_play, self.btn_retry, self.btn_give_up):
            b.setEnabled(False)
        if c is None:
            self.heading.setText("No campaign chosen")
            self.state_line.setText("Start one on the left: choose the team, then the films.")
            self.next_line.setText("")
            return
        self.heading.setText(c.name)
        self.state_line.setText(f"{c.describe()} · {'film' if c.kind == 'films' else 'custom'} "
                                f"campaign · {c.players} player{'s' if c.players > 1 else ''}")
        try:
            db = self.desk.db_for(c.card_dirs)
        except STEP_ERRORS as e:
            self.say(f'Campaign file "{path}": its cards cannot be loaded ({one_line(e)})')
            db = None
        self._show_team(c, db)
        self._show_games(c)
        self._show_next(c)

    def _show_team(self, c: Campaign, db: CardDB | None) -> None:
        from matrix_gui.legendary.faces import LegendaryFaces

        faces = LegendaryFaces(db, self.win.paths.faces) if db is not None else None
        avatars = c.current.avatars
        h = round(PORTRAIT_H * self.scale)
        width = round(h * 1.25)
        for seat, ch in enumerate(c.characters):
            box = QVBoxLayout()
            pic = QLabel()
            if faces is not None:
                pic.setPixmap(faces.front(avatars[seat], h))
            pic.setAccessibleName(f"Portrait of {ch}")
            box.addWidget(pic)
            name = self.desk.avatar_name(db, avatars[seat]) if db is not None else ch
            who = QLabel(f"P{seat + 1} {name}")
            who.setObjectName("head")
            box.addWidget(who)
            scars = QLabel(f"Scars: {c.scars[seat]}")
            scars.setObjectName(f"scars{seat}")
            box.addWidget(scars)
            hist = QLabel(_history(c, seat))
            hist.setObjectName("muted")
            hist.setWordWrap(True)
            box.addWidget(hist)
            for w in (who, scars, hist):
                w.setWordWrap(True)
                w.setMaximumWidth(width)
            box.addStretch(1)
            self.team_row.addLayout(box)
        self.team_row.addStretch(1)

    def _show_games(self, c: Campaign) -> None:
        from engine.legendary.campaign import GAMES

        for i in range(GAMES):
            g = c.games[i] if i < len(c.games) else None
            plan = c.films[i]
            self.games_grid.addWidget(QLabel(f"Game {i + 1}"), i, 0)
            self.games_grid.addWidget(QLabel(plan.name), i, 1)
            state = QLabel(_game_state(c, g))
            state.setObjectName("muted")
            self.games_grid.addWidget(state, i, 2)
        self.games_grid.setColumnStretch(2, 1)

    def _show_next(self, c: Campaign) -> None:
        if c.over:
            self.next_line.setText("The campaign is won." if c.status == "won" else
                                   "The campaign was given up.")
            return
        g = c.current
        time = g.start_time if g.start_time is not None else "the film's usual start"
        prep = "everyone has a prep turn" if g.prep_turns else "no prep turns"
        self.next_line.setText(f"Game {g.number} ({c.films[g.number - 1].name}): the Time Track "
                               f"starts at {time}; {prep}.")
        pending = g.pending
        lost = bool(g.tries) and pending is None
        self.btn_play.setText(f"Continue game {g.number}, try {pending.number}" if pending
                              else f"Play game {g.number}")
        self.btn_play.setEnabled(not lost)
        self.btn_retry.setText(f"Retry game {g.number}" if lost else "Retry")
        self.btn_retry.setEnabled(lost)
        self.btn_give_up.setEnabled(True)

    def say(self, text: str) -> None:
        """Show a refusal or a problem on the page (the engine's words)."""
        self.refusal.setText(text)
        self.win.last_error = text
        if text:
            self.win.status(text)

    # --- steps ---------------------------------------------------------------------------------------

    def team(self) -> list[str]:
        """The characters ticked for a new campaign, in seat order."""
        out = []
        for i in range(self.team_list.count()):
            item = self.team_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def start_campaign(self, custom: list[Any] | None) -> bool:
        """Start a film campaign (``custom`` None) or a custom one for the ticked team; a refusal
        shows the engine's reason and changes nothing."""
        try:
            # the name offered is the film campaign's: a custom one untouched gets its own
            name = self.name_edit.text() if custom is None or self.name_edit.isModified() \
                else self.desk.default_name(custom)
            c = self.desk.create(self.team(), custom=custom, name=name)
        except STEP_ERRORS as e:
            self.say(one_line(e))
            return False
        self.say("")
        self.win.status(f"Campaign {c.name!r} started")
        self.name_edit.setText("")  # (not modified: the next campaign is offered a name again)
        self.refresh(select=c.id)
        return True

    def custom_dialog(self) -> None:
        try:
            db = self.desk.db_for(self.desk.new_card_dirs())
        except STEP_ERRORS as e:
            self.say(one_line(e))
            return
        dlg = CustomFilmsDialog(db, self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.start_campaign(dlg.plans())

    def play_selected(self) -> bool:
        """Play, continue or retry the shown campaign's game (the engine decides which)."""
        if self.selected is None:
            return False
        try:
            self.desk.play(self.selected)
        except STEP_ERRORS as e:
            self.say(one_line(e))
            self._show(self.selected)
            return False
        self.say("")
        return True

    def ask_give_up(self) -> None:
        """Ask before ending the campaign (a non-blocking question; ``give_up_now`` does it)."""
        if self.selected is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Give up the campaign",
                          "Give up this campaign? It ends here and cannot be played on.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.button(QMessageBox.StandardButton.Yes).clicked.connect(self.give_up_now)
        box.open()
        self.confirm = box

    def give_up_now(self) -> None:
        if self.selected is None:
            return
        try:
            c = self.desk.give_up(self.selected)
        except STEP_ERRORS as e:
            self.say(one_line(e))
            return
        self.say("")
        self.win.status(c.describe())
        self.refresh(select=c.id)


class CustomFilmsDialog(QDialog):
    """Three films of the players' own: each its Act 1, 2, 3 and four Zion Hero Groups. The engine
    checks them (LE-CAMPAIGN-07..09) as they are chosen: the dialog shows its first reason and how
    many more, and OK waits until there are none."""

    def __init__(self, db: CardDB, parent: QWidget | None = None) -> None:
        from engine.legendary.campaign import GAMES, catalog
        from engine.legendary.campaign.play import CampaignError, film_plans
        from matrix_gui.cardfaces.spec import Labels, humanize

        super().__init__(parent)
        self.setWindowTitle("Custom campaign")
        cat = catalog(db)
        names = Labels.from_db(db).act_names
        acts = [sorted(((a, names.get(f"act:{a}", humanize(a))) for a, n in cat.acts.items() if n == k),
                       key=lambda x: x[1]) for k in (1, 2, 3)]
        groups = sorted(((g, humanize(g)) for g in cat.groups), key=lambda x: x[1])
        try:  # start from the film campaign's own films: a legal choice to change from
            start = film_plans(list(db.films.values()))
        except CampaignError:
            start = []
        lay = QGridLayout(self)
        for k, head in enumerate(("Film, and beneath it the 4 Zion Hero Groups", "Act 1", "Act 2", "Act 3")):
            lay.addWidget(_head(head), 0, k)
        self.names: list[QLineEdit] = []
        self.acts: list[list[QComboBox]] = []
        self.groups: list[list[QComboBox]] = []
        for i in range(GAMES):
            plan = start[i] if i < len(start) else None
            name = QLineEdit(plan.name if plan else f"Film {i + 1}")
            self.names.append(name)
            lay.addWidget(name, 1 + i * 2, 0)
            row_a = [_combo(acts[k], plan.acts[k] if plan else None) for k in range(3)]
            row_g = [_combo(groups, plan.groups[k] if plan else None) for k in range(4)]
            for cb in row_g:
                cb.setToolTip(f"A Hero Group that starts in Zion in film {i + 1}")
            for k, cb in enumerate(row_a):
                lay.addWidget(cb, 1 + i * 2, 1 + k)
            for k, cb in enumerate(row_g):
                lay.addWidget(cb, 2 + i * 2, k)
            self.acts.append(row_a)
            self.groups.append(row_g)
        self.cat = cat
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setObjectName("refusal")
        lay.addWidget(self.reason, 1 + GAMES * 2, 0, 1, 4)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        lay.addWidget(buttons, 2 + GAMES * 2, 0, 1, 4)
        for cb in [c for row in self.acts + self.groups for c in row]:
            cb.currentTextChanged.connect(self.check)
        for name in self.names:
            name.textChanged.connect(self.check)
        self.check()

    def check(self) -> None:
        """Ask the engine about the films as chosen now; show its reason, allow OK only without one."""
        from engine.legendary.campaign.catalog import custom_problems

        problems = custom_problems(self.plans(), self.cat)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        self.reason.setText(problems[0] + more if problems else "These three films make a campaign.")
        self.ok.setEnabled(not problems)

    def plans(self) -> list[Any]:
        from engine.legendary.campaign import FilmPlan

        return [FilmPlan(name=self.names[i].text().strip() or f"Film {i + 1}",
                         acts=tuple(cb.currentData() for cb in self.acts[i]),  # type: ignore[arg-type]
                         groups=tuple(cb.currentData() for cb in self.groups[i]))  # type: ignore[arg-type]
                for i in range(len(self.names))]


def _combo(items: list[tuple[str, str]], current: str | None = None) -> QComboBox:
    """A list of (id, name) shown by name; ``current`` the id chosen first."""
    cb = QComboBox()
    for key, name in items:
        cb.addItem(name, key)
    if current is not None and (k := cb.findData(current)) >= 0:
        cb.setCurrentIndex(k)
    return cb


def _head(text: str) -> QLabel:
    lab = QLabel(text)
    lab.setObjectName("head")
    return lab


def _clear(layout: Any) -> None:
    """Remove every widget and sub-layout of ``layout``."""
    while layout.count():
        it = layout.takeAt(0)
        w = it.widget()
        if w is not None:
            w.hide()  # (deleted later: until then it must not show where it was)
            w.deleteLater()
        elif it.layout() is not None:
            _clear(it.layout())


def _game_state(c: Campaign, g: Game | None) -> str:
    """One game's state in words: won (on which try), tries so far, next, or not yet."""
    if g is None:
        return "not yet"
    tries = len(g.tries)
    if g.won:
        return f"won (Major Victory) on try {tries}"
    lost = sum(1 for t in g.tries if t.finished)
    if c.status == "given_up":
        return f"given up after {lost} tr{'y' if lost == 1 else 'ies'}"
    if g.pending is not None:
        return f"being played: try {g.pending.number}" + (f" ({lost} lost)" if lost else "")
    return f"next: {lost} tr{'y' if lost == 1 else 'ies'} lost, retry" if lost else "next"


def _history(c: Campaign, seat: int) -> str:
    """A character's history: per game won, its scars gained and whether they were defeated."""
    lines = []
    for g in c.games:
        won = next((t for t in g.tries if t.result == "major"), None)
        if won is None:
            continue
        gained = won.scars_gained[seat] if seat < len(won.scars_gained) else 0
        fate = "defeated" if seat in won.defeated else f"+{gained} scar{'s' if gained != 1 else ''}"
        lines.append(f"Game {g.number}: {fate}")
    return "\n".join(lines) or "No game won yet"
