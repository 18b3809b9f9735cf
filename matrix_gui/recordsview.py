"""The Records view: the Records' sentences, then two tables sorted by a click on a column header,
numbers as numbers (10 after 9): the wins by film and player count (by film, then player count, at
first) and the campaigns (the newest first)."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from matrix_gui.records import CampaignRecord, FilmRow, Records, records_markdown

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
    """The Records view: finished games and campaigns (``matrix_gui.records``)."""

    def __init__(self, records: Records, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Records")
        self.resize(760, 680)
        self.browser = QTextBrowser()
        self.browser.setMarkdown(records_markdown(records, tables=False))
        self.browser.setAccessibleName("Records")
        # the summary's rows come by film, then player count: sorting by film keeps that order
        self.wins = sortable_table("Wins by film and player count", WIN_COLUMNS,
                                   [win_cells(r) for r in records.rows], 0, Qt.SortOrder.AscendingOrder)
        self.campaigns = sortable_table("Campaigns", CAMPAIGN_COLUMNS,
                                        [campaign_cells(c) for c in records.campaign_rows],
                                        CAMPAIGN_STARTED, Qt.SortOrder.DescendingOrder)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser, 1)
        for table in (self.wins, self.campaigns):
            if table.rowCount():
                lay.addWidget(QLabel(f"<b>{table.accessibleName()}</b>"))
                lay.addWidget(table, 1)
                # no taller than its rows: the room left goes to the text above
                table.setMaximumHeight(table.horizontalHeader().sizeHint().height()
                                       + table.verticalHeader().length() + 2 * table.frameWidth())
            else:
                table.hide()
        lay.addWidget(buttons, alignment=Qt.AlignmentFlag.AlignRight)
