"""A campaign through the GUI (LE-CAMPAIGN): start it on the Campaign page, play game 1 with a bot
choosing every command and the GUI doing it, retry after a loss, see what carries over, restart the
app and find the campaign, continue into game 2 with the same scars, give up.

The film campaign is The Matrix, Reloaded and Revolutions; seed 0 loses game 1 three times for this
team before the bot wins it, so the retry path is seen."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from engine.legendary.bots import BOTS
from engine.legendary.campaign import CampaignStore
from tests.gui.conftest import open_window
from tests.gui.test_whole_game import play_through_gui

pytestmark = pytest.mark.gui

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CARD_DIRS = [str(FIXTURES / "cards")]  # the developer cards the test window offers too
MAX_TRIES = 12


def tick(page, characters: list[str]) -> None:
    for i in range(page.team_list.count()):
        item = page.team_list.item(i)
        on = item.data(Qt.ItemDataRole.UserRole) in characters
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def play_out(qtbot, win) -> None:
    """The heuristic bot chooses every command of the current game; the GUI does it."""
    play_through_gui(qtbot, win, BOTS["heuristic"](win.ops.game.setup.seed))
    assert win.ops.game.over


@pytest.mark.rule("LE-CAMPAIGN-10", "LE-CAMPAIGN-11", "LE-CAMPAIGN-15", "LE-CAMPAIGN-16")
def test_a_campaign_through_the_gui(qtbot, win, _home):
    win.btn_campaign.click()
    page = win.campaign_page
    assert win.pages.currentWidget() is page
    page.btn_film.click()  # no team ticked: the engine refuses, the page says why
    assert "LE-GEN-01" in page.refusal.text()
    assert CampaignStore(win.paths.campaigns).listing() == []
    tick(page, ["neo", "morpheus"])
    page.name_edit.setText("Trilogy night")
    page.btn_film.click()
    assert page.refusal.text() == ""
    cid = page.selected
    assert cid is not None and page.heading.text() == "Trilogy night"
    assert page.btn_play.isEnabled() and not page.btn_retry.isEnabled()

    page.btn_play.click()
    assert win.ops.game.setup.campaign == f"{cid}/1/1"
    assert win.hud.values["campaign"] == "Campaign: game 1 of 3, try 1"
    retries = 0
    for try_no in range(1, MAX_TRIES + 1):
        play_out(qtbot, win)
        ended = win.last_ended
        assert ended is not None and (ended.game, ended.try_no) == (1, try_no)
        end = win.end_screen
        assert end.isVisible() and end.btn_campaign.isVisible()
        if ended.carried.won:
            break
        # a loss (or a Minor Victory): the same game waits for a retry with the same setup
        assert "LE-CAMPAIGN-10" in end.carried.text()
        assert end.btn_next.text() == "Retry game 1"
        setup = win.ops.game.setup
        end.btn_next.click()
        retries += 1
        again = win.ops.game.setup
        assert again.campaign == f"{cid}/1/{try_no + 1}"
        assert (again.avatars, again.acts, again.groups) == (setup.avatars, setup.acts, setup.groups)
        assert win.hud.values["campaign"] == f"Campaign: game 1 of 3, try {try_no + 1}"
    else:
        pytest.fail(f"game 1 was not won in {MAX_TRIES} tries")
    assert retries >= 1, "seed 0 loses game 1 before it wins it: the retry path must be seen"
    text = win.end_screen.carried.text()
    gained = ended.carried.scars_gained
    assert "Game 1 of 3 won." in text and "Scars gained:" in text
    assert f"Time Track at {ended.carried.next_time}" in text
    assert win.end_screen.btn_next.text() == "Play game 2"
    # the campaign file says the same: the GUI only showed what the engine recorded
    c = CampaignStore(win.paths.campaigns).load(cid)[1]
    assert c.scars == gained and c.current.number == 2 and c.games[0].won
    assert Path(c.games[0].tries[-1].save).is_file()  # the whole game is kept
    win.close()

    # --- a new app on the same home: the campaign is there, with its scars ---------------------
    from matrix_gui.paths import AppPaths

    win2 = open_window(qtbot, AppPaths.default(_home))
    assert win2.continue_game()  # the finished game 1 again: its carry-over, from the campaign file
    assert win2.end_screen.carried.text() == text
    assert not win2.observe()["can_undo"]  # its end is recorded for good
    win2.show_campaigns()
    page2 = win2.campaign_page
    assert page2.selected == cid
    assert [page2.findChild(type(page2.heading), f"scars{i}").text() for i in range(2)] == \
        [f"Scars: {k}" for k in gained]
    assert page2.btn_play.text() == "Play game 2"
    page2.btn_play.click()
    game = win2.ops.game
    assert game.setup.campaign == f"{cid}/2/1"
    assert win2.hud.values["campaign"] == "Campaign: game 2 of 3, try 1"
    view = win2.observe()
    assert [p["scars"] for p in view["players"]] == gained
    if any(gained):  # face down beside the Avatar, a count
        seat = next(i for i, k in enumerate(gained) if k)
        item = win2.table.areas[f"p{seat}.scars"]
        assert item.count == gained[seat] and item.top == {"hidden": True}
    win2.close()

    # --- killed mid-game: Continue returns to the try, the campaign page too -------------------
    win3 = open_window(qtbot, AppPaths.default(_home))
    assert win3.continue_game()
    assert win3.ops.game.setup.campaign == f"{cid}/2/1"
    assert win3.hud.values["campaign"] == "Campaign: game 2 of 3, try 1"
    win3.show_campaigns(cid)
    page3 = win3.campaign_page
    assert page3.btn_play.text() == "Continue game 2, try 1"
    page3.btn_play.click()
    assert win3.ops.game.setup.campaign == f"{cid}/2/1"

    # --- give up: asked first, then the campaign ends and stays listed ---------------------------
    win3.show_campaigns(cid)
    page3.btn_give_up.click()
    assert page3.confirm is not None
    page3.confirm.button(QMessageBox.StandardButton.Yes).click()
    c = CampaignStore(win3.paths.campaigns).load(cid)[1]
    assert c.status == "given_up"
    assert "given up" in page3.state_line.text()
    assert not page3.btn_play.isEnabled() and not page3.btn_retry.isEnabled()
    page3.btn_give_up.setEnabled(True)
    page3.give_up_now()  # the engine refuses a second time, with its reason
    assert "over" in page3.refusal.text()


@pytest.mark.rule("LE-CAMPAIGN-01", "LE-CAMPAIGN-06")
def test_the_film_campaign_is_the_three_films_in_release_order(win):
    page = win.campaign_page
    win.show_campaigns()
    tick(page, ["neo", "niobe"])
    page.btn_film.click()
    assert page.refusal.text() == ""
    games = [page.games_grid.itemAtPosition(i, 1).widget().text() for i in range(3)]
    films = [f.name for f in win.legendary.content.db.films.values()][:3]
    assert games == films and len(set(films)) == 3
    c = CampaignStore(win.paths.campaigns).load(page.selected)[1]
    assert [p.name for p in c.films] == films and c.kind == "films"


def test_a_damaged_campaign_file_is_listed_with_its_reason_and_left_alone(win):
    folder = win.paths.campaigns
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": "matrix-tabletop-campaign", "version": 99}', encoding="utf-8")
    before = bad.read_bytes()
    win.show_campaigns()
    page = win.campaign_page
    item = page.campaign_list.item(0)
    assert "broken.json" in item.text() and item.flags() == Qt.ItemFlag.NoItemFlags
    assert bad.read_bytes() == before


def test_records_view_lists_finished_games(qtbot, win):
    assert win.start_new("test", 1, None, 3)
    play_out(qtbot, win)
    win.act_records.trigger()
    assert "1 finished game" in win.records_view.browser.toMarkdown()
    rows = win.campaigns.records().rows
    assert [(r.players, r.played, r.major + r.minor) for r in rows] == \
        [(1, 1, int(win.ops.game.state.result in ("major", "minor")))]


def test_a_custom_campaign_is_checked_by_the_engine(win):
    """The custom films dialog's three films go to the engine; its reason shows on the page."""
    from matrix_gui.legendary.campaignpage import CustomFilmsDialog

    win.show_campaigns()
    page = win.campaign_page
    tick(page, ["neo", "morpheus"])
    dlg = CustomFilmsDialog(win.campaigns.db_for(win.campaigns.new_card_dirs()), page)
    dlg.groups[0][1].setCurrentIndex(dlg.groups[0][0].currentIndex())  # a Hero Group twice
    assert not page.start_campaign(dlg.plans())
    assert "LE-CAMPAIGN-07" in page.refusal.text()
    assert CampaignStore(win.paths.campaigns).listing() == []


def test_the_campaign_screenshot_shows_the_campaign_page_and_changes_nothing(tmp_path, _home):
    from PySide6.QtGui import QImage

    from engine.legendary.campaign import CampaignId, new_campaign
    from engine.legendary.carddb import load_db
    from matrix_gui.paths import AppPaths
    from tests.gui.test_app_cli import run

    store = CampaignStore(AppPaths.default(_home).campaigns)
    store.folder.mkdir(parents=True)
    db = load_db([Path(d) for d in CARD_DIRS])
    path = store.create(new_campaign(db, ["neo", "niobe"], card_dirs=CARD_DIRS,
                                     campaign_id=CampaignId("shot")))
    before = path.read_bytes()
    out = tmp_path / "campaign.png"
    res = run(["--screenshot", str(out), "--campaign", "--size", "1024x640"], _home)
    assert res.returncode == 0, res.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1024, 640)
    assert path.read_bytes() == before and sorted(p.name for p in store.folder.iterdir()) == ["shot.json"]


def finished_unrecorded(win, campaign_id: str, save: Path):
    """A one-player campaign whose first try the bot played to its end (kept in ``save``) without
    the campaign hearing of it; (its store, the finished game)."""
    from engine.cli import play_game
    from engine.legendary.campaign import CampaignId, new_campaign, play
    from engine.legendary.carddb import load_db

    store = CampaignStore(win.paths.campaigns)
    store.folder.mkdir(parents=True)
    db = load_db([Path(d) for d in CARD_DIRS])
    c = new_campaign(db, ["neo"], card_dirs=CARD_DIRS, campaign_id=CampaignId(campaign_id))
    setup = play(c)
    store.create(c)
    save.parent.mkdir(parents=True, exist_ok=True)
    played = play_game(db, setup, "heuristic", setup.seed)
    played.save(save)
    return store, played


@pytest.mark.rule("LE-CAMPAIGN-11")
def test_a_campaign_game_that_ended_unrecorded_is_recorded_when_it_is_continued(win):
    """The app was killed after the game's last command but before the campaign heard of it:
    Continue records it then, once."""
    store, _ = finished_unrecorded(win, "killed", win.paths.autosave)
    assert win.continue_game()
    assert win.last_ended is not None and win.last_ended.campaign.id == "killed"
    c = store.load("killed")[1]
    assert c.games[0].tries[0].finished and c.games[0].pending is None
    assert win.end_screen.carried.text()
    assert win.continue_game()  # again: shown from the file, not recorded twice
    assert len(store.load("killed")[1].games[0].tries) == 1


def test_stepping_through_a_campaign_game_records_nothing(win):
    """A save stepped through is only looked at: reaching its end neither records the try in its
    campaign nor notes a game in the Records."""
    save = win.paths.saves / "looked-at.json"
    store, played = finished_unrecorded(win, "looked-at", save)
    assert win.step_through(save)
    assert win.hud.values["campaign"] == "Campaign: game 1 of 3, try 1"
    win.ops.step(0)
    for k in range(1, len(played.commands) + 1):
        win.ops.step(k)
    assert win.ops.game.over
    assert store.load("looked-at")[1].current.pending is not None  # still waiting for its end
    assert win.last_ended is None and not (win.paths.data / "records.json").exists()


@pytest.mark.rule("LE-CAMPAIGN-07")
def test_the_custom_films_dialog_checks_the_choice_as_it_is_made(win):
    """The dialog opens on the film campaign's own three films (a legal choice, OK allowed), shows
    Acts and Hero Groups by name, and asks the engine at every change: a refused choice shows the
    engine's reason and OK waits."""
    from engine.legendary.campaign.catalog import custom_problems
    from engine.legendary.campaign.play import film_plans
    from matrix_gui.legendary.campaignpage import CustomFilmsDialog

    win.show_campaigns()
    db = win.campaigns.db_for(win.campaigns.new_card_dirs())
    dlg = CustomFilmsDialog(db, win.campaign_page)
    films = film_plans(list(db.films.values()))
    assert [(p.acts, p.groups) for p in dlg.plans()] == [(p.acts, p.groups) for p in films]
    assert dlg.ok.isEnabled() and "LE-" not in dlg.reason.text(), dlg.reason.text()
    assert dlg.acts[0][0].currentText() == db.cards[next(
        c.id for c in db.cards.values() if c.kind == "act" and c.deck == f"act:{films[0].acts[0]}")].name
    dlg.groups[0][1].setCurrentIndex(dlg.groups[0][0].currentIndex())  # a Hero Group twice
    problems = custom_problems(dlg.plans(), dlg.cat)
    assert problems and dlg.reason.text().startswith(problems[0]) and not dlg.ok.isEnabled()
    assert "LE-CAMPAIGN-07" in dlg.reason.text()


@pytest.mark.rule("LE-CAMPAIGN-13")
def test_the_end_screen_says_defeated_players_come_back(win):
    """A won campaign game's defeated players are back for the next game: the end screen says so,
    instead of "Players lost" (as if they had left the campaign)."""
    from engine.legendary.campaign import Carried, new_campaign
    from matrix_gui.legendary.campaigns import Ended, carry_over_lines

    db = win.table_page("legendary").content.db
    c = new_campaign(db, ["neo", "morpheus"])
    names = ["Neo", "Morpheus"]
    won = Ended(c, Carried(True, False, [2, 0], [0], 9, False), names, 1, 1)
    lines = carry_over_lines(won)
    assert "Defeated in game 1: Neo, who is back for game 2 (LE-CAMPAIGN-13)." in lines
    assert not any("lost" in line.lower() for line in lines)
    both = Ended(c, Carried(True, False, [0, 0], [0, 1], 9, False), names, 2, 1)
    assert "Defeated in game 2: Neo, Morpheus, who are back for game 3 (LE-CAMPAIGN-13)." \
        in carry_over_lines(both)
    last = Ended(c, Carried(True, True, [0, 0], [1], None, False), names, 3, 1)
    assert "Defeated in game 3: Morpheus." in carry_over_lines(last)
    nobody = Ended(c, Carried(True, False, [0, 0], [], 9, False), names, 1, 1)
    assert "Nobody was defeated." in carry_over_lines(nobody)


def test_a_new_campaign_is_offered_a_readable_name_the_players_may_change(win):
    """Not "campaign-20261204-134532-96a8": the first film and the day, in the name field, editable."""
    import datetime

    from engine.legendary.campaign import default_name

    win.show_campaigns()
    page = win.campaign_page
    offered = page.name_edit.text()
    day = datetime.date.today()
    assert offered.startswith("The Matrix campaign, ") and str(day.year) in offered
    assert not page.name_edit.isReadOnly()
    tick(page, ["neo", "morpheus"])
    page.btn_film.click()
    store = CampaignStore(win.paths.campaigns)
    first = store.load(page.selected)[1]
    assert first.name == offered
    assert page.name_edit.text() == default_name("films", first.films, day, [offered])  # "... (2)"
    page.name_edit.setText("")
    page.name_edit.insert("Trilogy night")  # typed: kept over the offer
    page.refresh()
    assert page.name_edit.text() == "Trilogy night"
    page.btn_film.click()
    assert store.load(page.selected)[1].name == "Trilogy night"
