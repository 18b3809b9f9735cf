"""Dialogs: New Game, Settings and Help."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QIntValidator, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from matrix_gui.newgame import (
    LEGENDARY_SEAT_CHOICES,
    SEAT_CHOICES,
    STORY,
    FilmChoice,
    NewGameChoice,
    SheetChoices,
    StoryChoices,
)
from matrix_gui.settings import LastSetup, Settings
from matrix_gui.theme import TEXT_SCALES, clamp_text

TEXT_SIZE_NAMES = ("Normal", "Large", "Larger", "Largest")  # the Settings dialog's names of TEXT_SCALES
RULESETS = (("legendary", "Legendary Encounters: The Matrix", True),
            ("replay", "Matrix Replay: Humans vs Machines (2 players)", True),
            ("expedition", "Expedition: the Matrix Phase grid search (1-4 players)", True))


class NewGameDialog(QDialog):
    """Ruleset, film, 1-5 players with their Avatars and who plays each (a person or a bot), an
    optional seed; remembers the last setup."""

    def __init__(self, films: list[FilmChoice], avatar_name: Callable[[str], str], last: LastSetup,
                 parent: QWidget | None = None, story: StoryChoices | None = None,
                 check: Callable[[NewGameChoice], str | None] | None = None,
                 sheet: SheetChoices | None = None) -> None:
        """``films``: the films on offer (a page's ``film_choices``); ``avatar_name``: an Avatar's
        name in the lists; ``story``: the parts of a story of the players' own and the difficulty
        options; ``check``: the engine's reason a choice cannot be played, or None; ``sheet``: the
        Expedition sheet's fields (region, counters, gear) with their defaults."""
        super().__init__(parent)
        self.setWindowTitle("New Game")
        self.avatar_name = avatar_name
        self.films = films
        self.story = story or StoryChoices()
        self.check = check
        self.sheet = sheet or SheetChoices()
        form = QFormLayout()
        self.ruleset = QComboBox()
        for rid, name, ok in RULESETS:
            self.ruleset.addItem(name, rid)
            if not ok:
                self.ruleset.model().item(self.ruleset.count() - 1).setEnabled(False)  # type: ignore[attr-defined]
        self.ruleset.setAccessibleName("Ruleset")
        form.addRow("&Ruleset", self.ruleset)
        self.film = QComboBox()
        self.film.setAccessibleName("Film")
        for f in self.films:
            self.film.addItem(f.name, f.id)
        form.addRow("&Film", self.film)
        self.players = QSpinBox()
        self.players.setRange(1, 5)
        self.players.setAccessibleName("Number of players")
        form.addRow("&Players", self.players)
        self.avatar_boxes: list[QComboBox] = []
        self.avatar_labels: list[QLabel] = []
        self.seat_boxes: list[QComboBox] = []  # who plays each seat: a person or a bot
        self.avatar_rows: list[QWidget] = []
        for i in range(5):
            box = QComboBox()
            box.setAccessibleName(f"Avatar of player {i + 1}")
            lab = QLabel(f"Player {i + 1} Avatar")
            row = QWidget()
            rlay = QHBoxLayout(row)
            rlay.setContentsMargins(0, 0, 0, 0)
            rlay.addWidget(box, 1)
            who = self._seat_box(f"Who plays player {i + 1}", self.seat_boxes, LEGENDARY_SEAT_CHOICES)
            rlay.addWidget(who)
            self.avatar_boxes.append(box)
            self.avatar_labels.append(lab)
            self.avatar_rows.append(row)
            form.addRow(lab, row)
        # (set lines, not word wrap: a wrapped label in a shrinking form is cut short)
        self.replay_note = QLabel("Two sides at one computer: the Humans (seat 1) and the Machines "
                                  "(seat 2),\neach a person or a bot. Hands are secret: between two "
                                  "people a curtain\nhides the table when the computer changes hands.")
        form.addRow(self.replay_note)
        self.side_boxes: list[QComboBox] = []
        for side in ("Humans", "Machines"):
            form.addRow(f"The {side}", self._seat_box(f"Who plays the {side}", self.side_boxes))
        self.curtain = QCheckBox("Hand-off curtain between the seats")
        self.curtain.setChecked(True)
        self.curtain.setAccessibleName("Hand-off curtain between the seats")
        form.addRow("", self.curtain)
        self._story_rows(form)
        self._sheet_rows(form)
        self.form = form
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setValidator(QIntValidator(0, 2_000_000_000))
        self.seed.setAccessibleName("Seed (optional)")
        form.addRow("&Seed", self.seed)
        self.problem = QLabel()
        self.problem.setProperty("role", "problem")  # (its colour: matrix_gui/theme.py)
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.problem)
        lay.addWidget(self.buttons)
        self.film.currentIndexChanged.connect(self._film_changed)
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self.players.valueChanged.connect(self._players_changed)
        # the last setup
        ids = [f.id for f in self.films]
        if last.film in ids:
            self.film.setCurrentIndex(ids.index(last.film))
        self.players.setValue(max(1, min(5, last.players or 2)))
        self._film_changed()
        for box, av in zip(self.avatar_boxes, last.avatars, strict=False):
            i = box.findData(av)
            if i >= 0:
                box.setCurrentIndex(i)
        self.seed.setText(last.seed)
        self._restore_story(last)
        i = self.ruleset.findData(last.ruleset)
        if i >= 0 and self.ruleset.model().item(i).isEnabled():  # type: ignore[attr-defined]
            self.ruleset.setCurrentIndex(i)
        self._ruleset_changed()

    def showEvent(self, e: QShowEvent) -> None:  # noqa: N802
        """As tall as the rows the ruleset shows (sized before it showed, it kept hidden rows' room)."""
        super().showEvent(e)
        self.adjustSize()

    @staticmethod
    def _seat_box(name: str, into: list[QComboBox],
                  choices: tuple[tuple[str, str], ...] = SEAT_CHOICES) -> QComboBox:
        """A seat's "played by" list (a person, or a bot that plays its turns on its own)."""
        box = QComboBox()
        box.setAccessibleName(name)
        box.setToolTip("A bot plays this seat's turns on its own, seeing only what the seat may see")
        for kind, text in choices:
            box.addItem(text, kind)
        into.append(box)
        return box

    def _story_rows(self, form: QFormLayout) -> None:
        """A story's Acts and Zion Hero Groups (shown for "Your own story") and the difficulty
        options (for every film)."""
        self.act_boxes: list[QComboBox] = []
        for slot, acts in enumerate(self.story.acts, start=1):
            box = QComboBox()
            box.setAccessibleName(f"Act {slot}")
            for aid, name in acts:
                box.addItem(name, aid)
            self.act_boxes.append(box)
            form.addRow(f"Act {slot}", box)
        self.group_boxes: list[QComboBox] = []
        self.group_rows: list[QWidget] = []
        for row in range(2):
            holder = QWidget()
            lay = QHBoxLayout(holder)
            lay.setContentsMargins(0, 0, 0, 0)
            for col in range(2):
                box = QComboBox()
                box.setAccessibleName(f"Zion Hero Group {2 * row + col + 1}")
                for gid, name in self.story.groups:
                    box.addItem(name, gid)
                if 2 * row + col < box.count():
                    box.setCurrentIndex(2 * row + col)
                self.group_boxes.append(box)
                lay.addWidget(box)
            self.group_rows.append(holder)
            form.addRow("Zion groups" if row == 0 else "", holder)
        self.options = QGroupBox("Difficulty options (any number, easier and harder combine)")
        grid = QGridLayout(self.options)
        grid.setContentsMargins(6, 2, 6, 2)
        self.option_checks: dict[str, QCheckBox] = {}
        self.option_steps: dict[str, QSpinBox] = {}
        for i, opt in enumerate(self.story.options):
            label = f"{'Easier' if opt.side == 'easier' else 'Harder'}: {opt.name}"
            if opt.steps:
                cell = QWidget()
                lay = QHBoxLayout(cell)
                lay.setContentsMargins(0, 0, 0, 0)
                spin = QSpinBox()
                spin.setRange(0, 3)
                spin.setAccessibleName(label)
                spin.setToolTip(opt.text)
                self.option_steps[opt.id] = spin
                lay.addWidget(spin)
                text = QLabel(label)
                text.setToolTip(opt.text)
                lay.addWidget(text, 1)
                widget: QWidget = cell
            else:
                widget = QCheckBox(label)
                widget.setToolTip(opt.text)
                widget.setAccessibleName(label)
                self.option_checks[opt.id] = widget
            grid.addWidget(widget, i // 2, i % 2)
        form.addRow(self.options)
        self.options.setVisible(bool(self.story.options))
        self.traitor = QComboBox()
        self.traitor.setAccessibleName("Traitor mode")
        self.traitor.addItem("None: everyone plays together", "")
        for mid, name in self.story.traitor_modes:
            self.traitor.addItem(f"{name} (3-5 players, a hidden enemy)", mid)
        self.traitor_labels = [self.traitor.itemText(i) for i in range(self.traitor.count())]
        self.traitor_problem = ""  # why the chosen Traitor mode is refused now (shown under the form)
        self.traitor.currentIndexChanged.connect(self._check_traitor_modes)
        form.addRow("&Traitor mode", self.traitor)

    def _sheet_rows(self, form: QFormLayout) -> None:
        """The Expedition sheet of each player (1-4): region, counters and gear, the engine's
        defaults filled in; one column per player."""
        self.sheet_box = QGroupBox("Expedition sheets (what the parent game hands over)")
        grid = QGridLayout(self.sheet_box)
        grid.setContentsMargins(6, 2, 6, 2)
        n = self.sheet.max_players
        self.sheet_heads = [QLabel(f"Player {i + 1}") for i in range(n)]
        for i, lab in enumerate(self.sheet_heads):
            grid.addWidget(lab, 0, i + 1)
        self.region_boxes: list[QComboBox] = []
        grid.addWidget(QLabel("Region"), 1, 0)
        for i in range(n):
            box = QComboBox()
            box.setAccessibleName(f"Region of player {i + 1}")
            for r in self.sheet.regions:
                box.addItem(r.capitalize(), r)
            box.setCurrentIndex(i % max(len(self.sheet.regions), 1))
            self.region_boxes.append(box)
            grid.addWidget(box, 1, i + 1)
        self.counter_spins: dict[str, list[QSpinBox]] = {}
        for row, (cid, label, default) in enumerate(self.sheet.counters, start=2):
            grid.addWidget(QLabel(label), row, 0)
            spins = []
            for i in range(n):
                spin = QSpinBox()
                spin.setRange(0, 99)  # the engine checks the rest (Time at least 1...)
                spin.setValue(default)
                spin.setAccessibleName(f"{label} of player {i + 1}")
                spins.append(spin)
                grid.addWidget(spin, row, i + 1)
            self.counter_spins[cid] = spins
        self.flag_checks: dict[str, list[QCheckBox]] = {}
        for row, (fid, label, default) in enumerate(self.sheet.flags, start=2 + len(self.sheet.counters)):
            grid.addWidget(QLabel(label), row, 0)
            checks = []
            for i in range(n):
                check = QCheckBox()
                check.setChecked(default)
                check.setAccessibleName(f"{label} of player {i + 1}")
                checks.append(check)
                grid.addWidget(check, row, i + 1)
            self.flag_checks[fid] = checks
        form.addRow(self.sheet_box)

    def sheets(self) -> list[dict[str, Any]]:
        """Each player's Expedition sheet as set in the dialog."""
        out = []
        for i in range(self.players.value()):
            d: dict[str, Any] = {"region": str(self.region_boxes[i].currentData())}
            d.update({cid: spins[i].value() for cid, spins in self.counter_spins.items()})
            d.update({fid: checks[i].isChecked() for fid, checks in self.flag_checks.items()})
            out.append(d)
        return out

    def _restore_story(self, last: LastSetup) -> None:
        """The last story's Acts, Groups and options (entries no longer offered are skipped)."""
        def strings(value: Any) -> list[str]:
            return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

        for box, value in zip(self.act_boxes, strings(last.acts), strict=False):
            if (i := box.findData(value)) >= 0:
                box.setCurrentIndex(i)
        for box, value in zip(self.group_boxes, strings(last.groups), strict=False):
            if (i := box.findData(value)) >= 0:
                box.setCurrentIndex(i)
        if isinstance(last.traitor, str) and (i := self.traitor.findData(last.traitor)) >= 0:
            self.traitor.setCurrentIndex(i)
        for boxes, kinds in ((self.seat_boxes, last.seats), (self.side_boxes, last.sides)):
            for box, value in zip(boxes, strings(kinds), strict=False):
                if (i := box.findData(value)) >= 0:
                    box.setCurrentIndex(i)
        chosen = strings(last.variants)
        for vid, check in self.option_checks.items():
            check.setChecked(vid in chosen)
        for vid, spin in self.option_steps.items():
            spin.setValue(min(3, chosen.count(vid)))

    def variants(self) -> list[str]:
        """The difficulty options chosen, a stepped option once per step."""
        out = [vid for vid, check in self.option_checks.items() if check.isChecked()]
        for vid, spin in self.option_steps.items():
            out.extend([vid] * spin.value())
        return out

    def is_story(self) -> bool:
        return not self.is_replay() and not self.is_expedition() and self.film.currentData() == STORY

    def is_replay(self) -> bool:
        return self.ruleset.currentData() == "replay"

    def is_expedition(self) -> bool:
        return self.ruleset.currentData() == "expedition"

    def _ruleset_changed(self) -> None:
        """Matrix Replay has no film, players or Avatars: two fixed sides, and the curtain option."""
        replay = self.is_replay()
        expedition = self.is_expedition()
        films = not replay and not expedition
        self.form.setRowVisible(self.film, films)
        self.form.setRowVisible(self.players, not replay)
        self.players.setMaximum(self.sheet.max_players if expedition else 5)
        self.form.setRowVisible(self.options, films and bool(self.story.options))
        self.form.setRowVisible(self.traitor, films and bool(self.story.traitor_modes))
        self.form.setRowVisible(self.sheet_box, expedition and bool(self.sheet.counters))
        self._story_changed()
        self._players_changed()
        self.replay_note.setVisible(replay)
        self.form.setRowVisible(self.curtain, replay)
        for box in self.side_boxes:
            self.form.setRowVisible(box, replay)
        ok = not films or bool(self.films)
        self.problem.setText("" if ok else
                             "No film's cards are installed: the cards of The Matrix are missing.")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def current_film(self) -> FilmChoice | None:
        i = self.film.currentIndex()
        return self.films[i] if 0 <= i < len(self.films) else None

    def _film_changed(self) -> None:
        film = self.current_film()
        avatars = film.avatars if film else ()
        for i, box in enumerate(self.avatar_boxes):
            box.clear()
            for a in avatars:
                box.addItem(self.avatar_name(a), a)
            if i < len(avatars):
                box.setCurrentIndex(i)
        self._story_changed()
        self._players_changed()

    def _story_changed(self) -> None:
        story = self.is_story()
        for w in [*self.act_boxes, *self.group_rows]:
            self.form.setRowVisible(w, story)
        self.problem.setText("")

    def _players_changed(self) -> None:
        n = 0 if self.is_replay() or self.is_expedition() else self.players.value()
        for i, (row, lab) in enumerate(zip(self.avatar_rows, self.avatar_labels, strict=True)):
            row.setVisible(i < n)
            lab.setVisible(i < n)
        shown = self.players.value() if self.is_expedition() else 0
        for i, head in enumerate(self.sheet_heads):
            for w in (head, self.region_boxes[i], *(s[i] for s in self.counter_spins.values()),
                      *(c[i] for c in self.flag_checks.values())):
                w.setVisible(i < shown)
        self._check_traitor_modes()
        self.adjustSize()

    def _check_traitor_modes(self) -> None:
        """Grey out each Traitor mode the engine refuses for the game as chosen now, its reason as
        the entry's text and tooltip; a chosen mode that is refused says why at once."""
        from dataclasses import replace

        base = None if self.check is None or self.is_replay() or self.is_expedition() else self.choice()
        other = None if base is None else self.check(replace(base, traitor=None))  # not the mode's
        chosen = ""
        for i in range(1, self.traitor.count()):
            why = None if base is None else self.check(replace(base, traitor=str(self.traitor.itemData(i))))
            why = why if why != other else None
            item = self.traitor.model().item(i)  # type: ignore[attr-defined]
            item.setEnabled(not why)
            item.setText(why or self.traitor_labels[i])
            item.setToolTip(why or "")
            if i == self.traitor.currentIndex():
                chosen = why or ""
        if chosen or self.problem.text() == self.traitor_problem:
            self.problem.setText(f"This game cannot start: {chosen}" if chosen else "")
        self.traitor_problem = self.problem.text() if chosen else ""

    @staticmethod
    def seats(boxes: list[QComboBox], n: int, keep: bool = False) -> list[str]:
        """Who plays the first ``n`` seats; [] when people play them all (a setup without bots
        saves as before), unless ``keep``."""
        kinds = [str(b.currentData()) for b in boxes[:n]]
        return kinds if keep or any(k != SEAT_CHOICES[0][0] for k in kinds) else []

    def accept(self) -> None:
        choice = self.choice()
        if choice is not None and len(set(choice.avatars)) < len(choice.avatars):
            self.problem.setText("Each player needs a different Avatar.")
            return
        reason = self.check(choice) if choice is not None and self.check is not None else None
        if reason:  # the engine refuses this setup: say why, keep the dialog open
            self.problem.setText(f"This game cannot start: {reason}")
            return
        super().accept()

    def choice(self) -> NewGameChoice | None:
        if self.is_replay():
            seed = int(self.seed.text()) if self.seed.text().strip() else None
            return NewGameChoice("replay", "", 2, [], seed, self.curtain.isChecked(),
                                 seats=self.seats(self.side_boxes, 2))
        if self.is_expedition():
            seed = int(self.seed.text()) if self.seed.text().strip() else None
            return NewGameChoice("expedition", "", self.players.value(), [], seed, sheets=self.sheets())
        film = self.current_film()
        if film is None:
            return None
        n = self.players.value()
        avatars = [str(self.avatar_boxes[i].currentData()) for i in range(n)]
        seed = int(self.seed.text()) if self.seed.text().strip() else None
        story = self.is_story()
        return NewGameChoice(str(self.ruleset.currentData()), film.id, n, avatars, seed,
                             acts=[str(b.currentData()) for b in self.act_boxes] if story else [],
                             groups=[str(b.currentData()) for b in self.group_boxes] if story else [],
                             variants=self.variants(), traitor=str(self.traitor.currentData()) or None,
                             seats=self.seats(self.seat_boxes, n))

    def last_setup(self) -> LastSetup:
        c = self.choice()
        if c is None:
            return LastSetup()
        if c.ruleset in ("replay", "expedition"):  # keep the last film setup for next time
            film = self.current_film()
            avatars = [str(self.avatar_boxes[i].currentData()) for i in range(self.players.value())]
            return LastSetup(c.ruleset, film.id if film else "", self.players.value(), avatars,
                             self.seed.text().strip(), variants=self.variants(),
                             seats=self.seats(self.seat_boxes, self.players.value(), keep=True),
                             sides=self.seats(self.side_boxes, 2, keep=True))
        return LastSetup(c.ruleset, c.film, c.players, c.avatars, self.seed.text().strip(),
                         acts=[str(b.currentData()) for b in self.act_boxes],
                         groups=[str(b.currentData()) for b in self.group_boxes], variants=c.variants,
                         traitor=c.traitor or "", seats=self.seats(self.seat_boxes, c.players, keep=True),
                         sides=self.seats(self.side_boxes, 2, keep=True))


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        form = QFormLayout()
        self.speed = QDoubleSpinBox()
        self.speed.setRange(0.25, 4.0)
        self.speed.setSingleStep(0.25)
        self.speed.setSuffix(" x")
        self.speed.setValue(settings.animation_speed)
        self.speed.setAccessibleName("Animation speed")
        form.addRow("Animation &speed", self.speed)
        self.skip = QCheckBox("Skip animations")
        self.skip.setChecked(settings.skip_animations)
        form.addRow("", self.skip)
        self.hover = QCheckBox("Zoom a card when the mouse rests on it")
        self.hover.setChecked(settings.zoom_on_hover)
        form.addRow("", self.hover)
        self.text_size = QComboBox()
        self.text_size.setAccessibleName("Text size")
        for name, k in zip(TEXT_SIZE_NAMES, TEXT_SCALES, strict=True):
            self.text_size.addItem(name, k)
        near = min(TEXT_SCALES, key=lambda k: abs(k - clamp_text(settings.text_scale)))
        self.text_size.setCurrentIndex(TEXT_SCALES.index(near))
        form.addRow("&Text size", self.text_size)
        self.scans = QLineEdit(settings.scans_dir)
        self.scans.setAccessibleName("Folder of your own card scans")
        pick = QPushButton("Choose…")
        pick.clicked.connect(self._pick)
        row = QHBoxLayout()
        row.addWidget(self.scans)
        row.addWidget(pick)
        scans = QLabel("Your card &scans")
        scans.setBuddy(self.scans)  # (Alt+S; a row of two widgets gets no buddy of its own)
        form.addRow(scans, row)
        note = QLabel("Image files named by card id (e.g. unplug.png) replace our faces.")
        note.setWordWrap(True)
        form.addRow("", note)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

    def _pick(self) -> None:
        d = QFileDialog.getExistingDirectory(self, "Folder of your card scans", self.scans.text())
        if d:
            self.scans.setText(d)

    def apply_to(self, s: Settings) -> None:
        s.animation_speed = self.speed.value()
        s.skip_animations = self.skip.isChecked()
        s.zoom_on_hover = self.hover.isChecked()
        s.scans_dir = self.scans.text().strip()
        s.text_scale = float(self.text_size.currentData())


def help_text() -> str:
    """docs/gui.md: the rules reference and the shortcut list."""
    from engine.resources import data_root

    p = Path(data_root()) / "docs" / "gui.md"
    try:
        return p.read_text(encoding="utf-8")
    except OSError:
        return "# Help\n\nThe help file docs/gui.md is missing from this installation."


class MarkdownDialog(QDialog):
    """A page of Markdown text with a Close button (Help)."""

    def __init__(self, title: str, text: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(760, 680)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown(text)
        self.browser.setAccessibleName(name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        lay.addWidget(buttons, alignment=Qt.AlignmentFlag.AlignRight)


class HelpDialog(MarkdownDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Help: rules reference and shortcuts", help_text(), "Help text", parent)


def card_grid(lst: QListWidget, icon_w: int, icon_h: int) -> None:
    """Lay an icon list of cards out on a fixed grid: each cell one card and up to two lines of its
    name under it, so every row lines up and no name widens its cell or runs into the next."""
    lst.setViewMode(QListWidget.ViewMode.IconMode)
    lst.setIconSize(QSize(icon_w, icon_h))
    lst.setResizeMode(QListWidget.ResizeMode.Adjust)
    lst.setMovement(QListWidget.Movement.Static)
    lst.setWordWrap(True)
    lst.setUniformItemSizes(True)
    lst.setSpacing(0)
    line = lst.fontMetrics().lineSpacing()
    lst.setGridSize(QSize(icon_w + max(24, line * 2), icon_h + 2 * line + 16))


class PileBrowser(QDialog):
    """Look through a face-up pile (a discard pile, the defeated piles), top card first."""

    def __init__(self, pile: str, cards: list[dict[str, Any]], faces: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{pile_title(pile)}: {len(cards)} cards")
        self.list = QListWidget()
        card_grid(self.list, 150, 210)
        self.list.setAccessibleName(self.windowTitle())
        for c in reversed(cards):
            it = QListWidgetItem(QIcon(faces.front(c["def"], 210)), c["name"])
            self.list.addItem(it)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list)
        self.resize(860, 560)

    def names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]


def pile_title(pile: str) -> str:
    if pile.startswith("p") and "." in pile:
        seat, name = pile[1:].split(".", 1)
        return f"Player {int(seat) + 1}'s {name}"
    return pile.replace("_", " ").title()

