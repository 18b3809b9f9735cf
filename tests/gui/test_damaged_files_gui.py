"""Issue 27's acceptance, the app's half: the generated damaged saves through Load, Continue and Step
Through, the damaged campaign files on the Campaign page, the damaged settings files at start-up, and
files that are not files in the user folders. Each shows a game or one sentence naming the file; no
exception escapes, no file changes, nothing hangs. (The engine's half: tests/robust/test_damaged_files.py.)
"""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import open_window, page_of, start_button
from tests.robust import damaged_files as df
from tests.robust.helpers import no_hang, one_sentence, refuse_writes

pytestmark = [pytest.mark.gui, pytest.mark.slow]  # (the damaged-file cases: about 110 s)


def _refused_clearly(win, path: Path) -> str | None:
    """None when the window's last error is one sentence naming ``path``, else what it said."""
    return None if one_sentence(win.last_error, path) else repr(win.last_error)


def test_load_continue_and_step_through_of_every_damaged_save(qtbot, win, damaged_saves, cards_once):
    problems: list[str] = []
    win.paths.data.mkdir(parents=True, exist_ok=True)
    for i, (path, d) in enumerate(damaged_saves):
        with no_hang(30, path.name):
            win.last_error = ""
            if not win.load_file(path) and (said := _refused_clearly(win, path)):
                problems.append(f"Load {path.name}: {said}")
            if i % 3 == 0:  # Continue: the same file as the autosave
                auto = win.paths.autosave
                auto.unlink(missing_ok=True)
                d.make(auto.parent, auto.name)
                win.last_error = ""
                if not win.continue_game() and (said := _refused_clearly(win, auto)):
                    problems.append(f"Continue {path.name}: {said}")
            if i % 3 == 1:
                win.last_error = ""
                if win.step_through(path):
                    win.stop_stepping()
                elif said := _refused_clearly(win, path):
                    problems.append(f"Step Through {path.name}: {said}")
        if not df.unchanged(path, d):
            problems.append(f"{path.name}: the file was changed")
    assert not problems, "\n".join(problems[:30])


def test_the_campaign_page_lists_every_damaged_campaign_and_opens(qtbot, win, cards_once):
    problems: list[str] = []
    folder = win.paths.campaigns
    for d in df.campaigns(df.campaign_bodies()):
        shutil.rmtree(folder, ignore_errors=True)
        path = d.make(folder, df.file_name(d))
        with no_hang(30, d.name):
            start_button(win, "Campaign…").click()
            page = page_of(win).campaign_page()
            if win.pages.currentWidget() is not page:
                problems.append(f"{d.name}: the Campaign page did not open")
            items = [page.campaign_list.item(k) for k in range(page.campaign_list.count())]
            if len(items) != 1:
                problems.append(f"{d.name}: listed {len(items)} times")
            for item in items:
                cid = item.data(Qt.ItemDataRole.UserRole)
                if cid is None and not one_sentence(item.toolTip(), path):
                    problems.append(f"{d.name}: listed as {item.toolTip()!r}")
                page.refusal.setText("")
                page.campaign_list.setCurrentItem(item)
                said = page.refusal.text()
                if said and not one_sentence(said, path):
                    problems.append(f"{d.name}: the page said {said!r}")
            win.back_to_start()
        if not df.unchanged(path, d):
            problems.append(f"{d.name}: the file was changed")
    assert not problems, "\n".join(problems[:30])


@pytest.mark.rule("LE-CAMPAIGN-17")
def test_a_campaign_whose_card_folder_is_gone_is_shown_with_its_reason(qtbot, win, cards_once):
    body = {**df.campaign_bodies()["fresh"], "card_dirs": ["/nonexistent/my-cards"]}
    win.paths.campaigns.mkdir(parents=True)
    (win.paths.campaigns / "fresh.json").write_bytes(df.campaign_envelope(body))
    start_button(win, "Campaign…").click()
    page = page_of(win).campaign_page()
    assert win.pages.currentWidget() is page and page.selected == "fresh"
    assert page.heading.text() == body["name"]  # (its default name: film and date)
    path = win.paths.campaigns / "fresh.json"
    assert page.refusal.text() == (f'Campaign file "{path}": its cards cannot be loaded '
                                   "(/nonexistent/my-cards: the card folder does not exist)")
    page.btn_play.click()  # the cards are still missing: said, nothing started
    assert win.ops.game is None and "/nonexistent/my-cards" in page.refusal.text()


def test_the_campaign_page_names_a_campaign_folder_under_a_file(qtbot, win):
    win.paths.data.mkdir(parents=True, exist_ok=True)
    win.paths.campaigns.write_text("not a folder")
    start_button(win, "Campaign…").click()
    page = page_of(win).campaign_page()
    assert win.pages.currentWidget() is page
    assert "is not a folder" in page.campaign_list.item(0).text()


def test_start_up_with_each_damaged_settings_file(qtbot, _home, face_cache):
    from matrix_gui.dialogs import NewGameDialog
    from matrix_gui.paths import AppPaths

    paths = AppPaths.default(_home)
    for d in df.settings_files():
        paths.config.mkdir(parents=True, exist_ok=True)
        paths.settings_file.unlink(missing_ok=True)
        d.make(paths.config, paths.settings_file.name)
        with no_hang(30, d.name):
            w = open_window(qtbot, paths, owned=False)
            for note in w.settings_notes:
                assert one_sentence(note, paths.settings_file), note
            if w.settings_notes:
                assert w.statusBar().currentMessage().startswith(w.settings_notes[0])
            page = page_of(w)
            dlg = NewGameDialog(page.film_choices(), page.avatar_name, w.settings.last_setup, w,
                                story=page.story_choices())
            assert 1 <= dlg.players.value() <= 5
            dlg.close()
        assert df.unchanged(paths.settings_file, d), d.name
        w.close()
        w.deleteLater()  # (a closed window kept is restyled by every later one: 37 windows, minutes)
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_start_up_cleans_a_campaign_write_killed_midway_and_the_campaign_opens(qtbot, _home, face_cache):
    from matrix_gui.paths import AppPaths
    from tests.campaign.campaign_writer import write_killed

    paths = AppPaths.default(_home)
    paths.campaigns.mkdir(parents=True)
    (paths.campaigns / "fresh.json").write_bytes(df.campaign_envelope(df.campaign_bodies()["fresh"]))
    status, _ = write_killed(paths.campaigns, "fresh", 5, "after")  # after the temp file is closed
    assert os.WIFSIGNALED(status) and len(list(paths.campaigns.iterdir())) == 2
    win = open_window(qtbot, paths)
    assert [p.name for p in paths.campaigns.iterdir()] == ["fresh.json"]
    start_button(win, "Campaign…").click()
    page = page_of(win).campaign_page()
    assert page.selected == "fresh" and page.btn_play.isEnabled()


@pytest.mark.parametrize("kind", ["fifo", "zero", "sparse"])
def test_an_autosave_records_file_or_replay_settings_that_is_not_a_file(qtbot, _home, face_cache, kind):
    from matrix_gui.paths import AppPaths

    paths = AppPaths.default(_home)
    for folder, name in ((paths.data, "autosave.json"), (paths.data, "records.json"),
                         (paths.config, "replay.json")):
        df.Damaged(name, b"{", kind).make(folder)
    with no_hang(30, kind):
        w = open_window(qtbot, paths)
        w.records_dialog()
        assert not w.btn_continue.isEnabled() or kind == "sparse"
        assert w.continue_game() is False and one_sentence(w.last_error, paths.autosave), w.last_error
        assert w.start_replay(seed=1)
    for name in ("autosave.json", "records.json"):
        assert os.path.lexists(paths.data / name)


def test_the_apps_save_says_which_file_could_not_be_written(qtbot, win, monkeypatch):
    assert win.start_new("the_matrix", 2, None, 1)
    path = win.paths.saves / "manual2.json"
    refuse_writes(monkeypatch, errno.EACCES, "temp")
    assert not win.save_file(path)
    assert win.last_error == f'Could not write "{path}": permission denied; choose a folder you may write to'
    assert not path.exists()


def test_step_through_a_save_of_an_unknown_ruleset_names_it(qtbot, win, tmp_path):
    path = tmp_path / "poker.json"
    path.write_bytes(df.envelope("poker", {"setup": {}, "commands": [], "state_hash": ""}))
    said = f'Save file "{path}" is for the "poker" ruleset, which this app does not know'
    for open_it in (win.step_through, win.load_file):
        assert not open_it(path) and win.last_error == said


def test_a_screenshots_scratch_home_copies_only_the_regular_files(tmp_path):
    from matrix_gui.paths import AppPaths, scratch_home

    user = AppPaths.default(tmp_path / "user")
    for folder in (user.data, user.campaigns):
        for d in [df.Damaged("good.json", b"{}"), *df.not_files("bad", ".json")]:
            d.make(folder)
    with no_hang(30, "scratch_home"), scratch_home(user, with_autosave=True, with_campaigns=True) as paths:
        assert sorted(p.name for p in paths.data.iterdir()) == ["campaigns", "good.json"]
        assert [p.name for p in paths.campaigns.iterdir()] == ["good.json"]
