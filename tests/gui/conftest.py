"""GUI test setup: offscreen Qt, a throw-away home folder, a window with animations skipped."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
SETUP = ("setup avatars=test_avatar_captain,test_avatar_pilot acts=test_act_one,test_act_two,test_act_three "
         f"groups=test_alpha,test_beta,test_gamma,test_delta seed=7 cards={FIXTURES}")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data/config/cache folders: the real home is never touched."""
    home = tmp_path / "home"
    monkeypatch.setenv("MATRIX_TABLETOP_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def face_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One card-face cache for the session (faces are slow to draw the first time)."""
    return tmp_path_factory.mktemp("faces")


def open_window(qtbot, paths, owned: bool = True):
    """A shown 1600x1000 main window on ``paths``, animations skipped; closed by qtbot at the
    test's end unless not ``owned`` (the test deletes it itself)."""
    from matrix_gui.mainwindow import MainWindow

    w = MainWindow(paths, dev=FIXTURES)
    w.settings.skip_animations = True
    w.setProperty("skip_animations", True)
    if owned:
        qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def win(qtbot, _home: Path, face_cache: Path):
    from matrix_gui.paths import AppPaths

    paths = AppPaths.default(_home)
    paths.cache.mkdir(parents=True, exist_ok=True)
    (paths.cache / "faces").symlink_to(face_cache, target_is_directory=True)
    w = open_window(qtbot, paths)
    yield w
    if w.anim is not None:
        w.anim.finish_all()


def scenario(win, *lines: str) -> None:
    """Set the table up from scenario lines (docs/scenarios.md) after the fixture setup line."""
    from engine.legendary.scenario import Scenario

    sc = Scenario.from_text("\n".join((SETUP, *lines)))
    assert sc.game is not None
    sc.game.rebase()
    win.ops.start(sc.game)
    win.view.refit()


def ref(win, def_id: str, pile: str) -> int:
    """The card number of the first card of ``def_id`` in ``pile``."""
    g = win.ops.game
    for cid in g.state.piles[pile]:
        if g.state.defs[cid] == def_id:
            return cid
    raise AssertionError(f"no {def_id} in {pile}")


def drag(qtbot, win, src: tuple, dst: tuple, steps: int = 6) -> None:
    """A real mouse drag on the Legendary view's viewport from one item's centre to another's."""
    view_drag(qtbot, win.view, src, dst, steps)


def view_drag(qtbot, view, src: tuple, dst: tuple, steps: int) -> None:
    """A real mouse drag on a table view's viewport from one item's centre to another's."""
    from PySide6.QtCore import QPoint, Qt

    vp = view.viewport()
    a = view.item_center(src)
    b = view.item_center(dst)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=a)
    for i in range(1, steps + 1):
        p = QPoint(a.x() + (b.x() - a.x()) * i // steps, a.y() + (b.y() - a.y()) * i // steps)
        qtbot.mouseMove(vp, pos=p)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=b)


def click(qtbot, win, key: tuple) -> None:
    view_click(qtbot, win.view, key)


def view_click(qtbot, view, key: tuple) -> None:
    """A real mouse click on a table view's item (where it is visible and on top)."""
    from PySide6.QtCore import Qt

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.item_center(key))


def through_actions_menu(win, text: str) -> bool:
    """Trigger the Actions menu entry that reads ``text`` (False: there is none)."""
    win.actions_menu.aboutToShow.emit()
    for act in win.actions_menu.actions():
        if act.text() == text:
            act.trigger()
            return True
    return False
