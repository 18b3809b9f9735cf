"""The Records view's tables: their first order (films by name then player count, campaigns newest
first) and a click on a column header sorting by it, numbers as numbers (10 after 9)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from matrix_gui.records import CampaignRecord, GameRecord, note_game, summarize
from matrix_gui.recordsview import CAMPAIGN_COLUMNS, WIN_COLUMNS, RecordsDialog
from tests.gui.conftest import menu_action

pytestmark = pytest.mark.gui


def column(table, name: str, columns) -> list[str]:
    """The texts of one column, top to bottom, as shown."""
    col = columns.index(name)
    return [table.item(r, col).text() for r in range(table.rowCount())]


def click_header(qtbot, table, name: str, columns) -> None:
    """A real click on a column's header."""
    header = table.horizontalHeader()
    col = columns.index(name)
    x = header.sectionViewportPosition(col) + header.sectionSize(col) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_wins_by_film_come_by_film_and_player_count_and_sort_by_a_header_click(qtbot, win):
    path = win.paths.data / "records.json"
    games = [("Zion Falls", 2, 2), ("Zion Falls", 1, 10), ("Burly Brawl", 3, 9), ("Burly Brawl", 2, 1)]
    for film, players, n in games:  # noted in no order: the view orders them
        for _ in range(n):
            note_game(path, GameRecord(film, players, "major"))
    menu_action(win, "Game", "&Records…").trigger()
    table = win.records_view.wins
    assert table.isVisibleTo(win.records_view)
    films, players = column(table, "Film", WIN_COLUMNS), column(table, "Players", WIN_COLUMNS)
    assert list(zip(films, players, strict=True)) == \
        [("Burly Brawl", "2"), ("Burly Brawl", "3"), ("Zion Falls", "1"), ("Zion Falls", "2")]
    click_header(qtbot, table, "Played", WIN_COLUMNS)
    assert column(table, "Played", WIN_COLUMNS) == ["1", "2", "9", "10"]  # a string sort: 1, 10, 2, 9
    click_header(qtbot, table, "Played", WIN_COLUMNS)
    assert column(table, "Played", WIN_COLUMNS) == ["10", "9", "2", "1"]
    assert table.horizontalHeader().sortIndicatorOrder() == Qt.SortOrder.DescendingOrder


def test_campaigns_come_newest_first_and_sort_by_tries_as_numbers(qtbot):
    camps = [CampaignRecord("Old", "won", 3, 10, 2, "2024-03-01T09:00:00"),
             CampaignRecord("Newest", "playing", 1, 2, 0, "2025-11-30T18:45:12"),
             CampaignRecord("Middle", "given_up", 2, 9, 5, "2025-01-15T20:00:00")]
    dlg = RecordsDialog(summarize([], camps))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    table = dlg.campaigns
    assert column(table, "Campaign", CAMPAIGN_COLUMNS) == ["Newest", "Middle", "Old"]
    assert column(table, "Started", CAMPAIGN_COLUMNS)[0] == "2025-11-30 18:45"
    assert column(table, "Status", CAMPAIGN_COLUMNS) == ["playing", "given up", "won"]
    click_header(qtbot, table, "Tries", CAMPAIGN_COLUMNS)
    assert column(table, "Tries", CAMPAIGN_COLUMNS) == ["2", "9", "10"]
    assert "3 campaigns (1 won)" in dlg.browser.toMarkdown()
    assert not dlg.wins.isVisibleTo(dlg)  # no finished game: no empty table
