"""The Records view: the Records' sentences, then two tables sorted by a click on a column header,
numbers as numbers (10 after 9): the wins by film and player count (by film, then player count, at
first) and the campaigns (the newest first)."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from matrix_gui.records import CampaignRecord, FilmRow, Records, records_markdown
from matrix_gui.theme import current_scale

WIN_COLUMNS = ("Film", "Players", "Played", "Major Victories", "Minor Victories", "Hints used")
CAMPAIGN_COLUMNS = ("Campaign", "Started", "Status", "Games", "Tries", "Scars")
CAMPAIGN_STARTED = CAMPAIGN_COLUMNS.index("Started")


def win_cells(row: FilmRow) -> tuple[str | int, ...]:
    return row.film, row.players, row.played, row.major, row.minor, row.hints


def campaign_cells(c: CampaignRecord) -> tuple[str | int, ...]:
    started = c.created[:16].replace("T", " ")  # ISO time to the minute: it still sorts by time
    return c.name, started, c.status.replace("_", " "), c.games, c.tries, c.scars


def sortable_table(name: str, columns: Sequence[str], rows: Sequence[Sequence[str | int]],
                   column: int, order: Qt.SortOrder) -> QTableWidget:
    """A read-only table of ``rows``, sorted by ``column`` in ``order`` and then by any header
    clicked; a number is kept as a number, so it sorts as one and sits on the right."""
    table = QTableWidget(len(rows), len(columns))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(list(columns))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(round(table.fontMetrics().height() * 1.7))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem()
            item.setData(Qt.ItemDataRole.DisplayRole, value)
            if isinstance(value, int):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    table.setSortingEnabled(True)
    table.sortByColumn(column, order)  # a stable sort: rows equal in it keep their order
    return table


class RecordsDialog(QDialog):
    """The Records view: finished games and campaigns (``matrix_gui.records``). Each part takes the
    room its rows need, no more: the sentences, then the tables (the dialog is as tall as they are,
    up to most of the window, and a part scrolls beyond that)."""

    def __init__(self, records: Records, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Records")
        self.browser = QTextBrowser()
        self.browser.setMarkdown(records_markdown(records, tables=False))
        self.browser.setAccessibleName("Records")
        self.browser.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # the summary's rows come by film, then player count: sorting by film keeps that order
        self.wins = sortable_table("Wins by film and player count", WIN_COLUMNS,
                                   [win_cells(r) for r in records.rows], 0, Qt.SortOrder.AscendingOrder)
        self.campaigns = sortable_table("Campaigns", CAMPAIGN_COLUMNS,
                                        [campaign_cells(c) for c in records.campaign_rows],
                                        CAMPAIGN_STARTED, Qt.SortOrder.DescendingOrder)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        self.headings: list[QLabel] = []
        for table in (self.wins, self.campaigns):
            if table.rowCount():
                head = QLabel(f"<b>{table.accessibleName()}</b>")
                self.headings.append(head)
                lay.addWidget(head)
                lay.addWidget(table)
            else:
                table.hide()
        lay.addStretch(1)
        lay.addWidget(buttons, alignment=Qt.AlignmentFlag.AlignRight)
        k = current_scale()
        self.resize(round(760 * k), 100)
        self._fit()

    def _fit(self) -> None:
        """Each part as tall as its rows (the sentences at the browser's width), the dialog as tall
        as its parts, within most of the window above it."""
        self._fitted = self.width()
        parent = self.parentWidget()
        room = max(300, round((parent.window().height() if parent is not None else 900) * 0.85))
        doc = self.browser.document()
        doc.setTextWidth(max(100, self.width() - 2 * self.layout().contentsMargins().left()
                             - 2 * self.browser.frameWidth() - 8))
        self.browser.setFixedHeight(min(round(doc.size().height()) + 2 * self.browser.frameWidth() + 6,
                                        room // 2))
        for table in (self.wins, self.campaigns):
            table.setFixedHeight(min(table.horizontalHeader().sizeHint().height()
                                     + table.verticalHeader().length() + 2 * table.frameWidth(), room // 3))
        self.resize(self.width(), min(room, self.layout().sizeHint().height()))

    def resizeEvent(self, e: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(e)
        if self.width() != getattr(self, "_fitted", self.width()):
            self._fit()
