"""The in-app Rules Reference: an anchor per rule ID, refusals that name their rule and open it, and
what undo says."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from matrix_gui.rulesref import reference_html, reference_markdown, reference_path
from tests.gui.conftest import drag, ref, scenario

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
RULE_LINE = re.compile(r"^\s*- \*\*((?:LE|MR)-[A-Z]+-\d+)\*\*")


def shared_rules() -> Path | None:
    """The shared rule checklists beside the checkout (or beside a worktree's parent), if present."""
    for base in (REPO.parent, REPO.parent.parent):
        folder = base / "shared" / "rules"
        if folder.is_dir():
            return folder
    return None


def test_every_le_and_mr_rule_has_an_anchor_in_the_reference() -> None:
    folder = shared_rules()
    if folder is None:
        pytest.skip("no shared rule checklists next to this checkout")
    want = set()
    for name in ("legendary-encounters.md", "matrix-replay.md"):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            m = RULE_LINE.match(line)
            if m:
                want.add(m.group(1))
    assert len(want) > 400
    page, ids = reference_html(reference_markdown())
    assert want <= set(ids), sorted(want - set(ids))[:20]
    for rid in want:
        assert f"<a name='{rid}'>" in page
    assert len(ids) == len(set(ids))  # each rule once


def test_the_reference_ships_with_the_docs_and_help_no_longer_cites_the_checklist() -> None:
    assert reference_path() == REPO / "docs" / "rules-reference.md"
    gui = (REPO / "docs" / "gui.md").read_text(encoding="utf-8")
    assert "legendary-encounters.md" not in gui and "Rules Reference" in gui


def test_show_rule_opens_the_reference_at_that_rule(qtbot, win):
    win.rules_reference("LE-MOVE-10")
    ref_win = win._rules_reference
    qtbot.waitExposed(ref_win)
    assert ref_win.current == "LE-MOVE-10"
    assert ref_win.highlighted_text().startswith("LE-MOVE-10")
    assert not ref_win.show_rule("LE-NOPE-99")  # an unknown ID says so
    assert "No rule" in ref_win.note.text()
    ref_win.search.setText("MR-GEN-02")  # typing an ID jumps there
    assert ref_win.current == "MR-GEN-02"
    ref_win.search.setText("pay phone")
    assert ref_win.find_next()


def test_a_refused_drop_shows_its_rule_and_the_link_opens_it(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4 combat",
             "put test_one_drill_cop row.0 down", "put test_one_drill_cop row.2 down as c2", "pool attack=0")
    why = win.ops.game.check("move real subway")
    assert why is not None and re.fullmatch(r"LE-[A-Z]+-\d+", why.rule)
    drag(qtbot, win, ("rsi", 0), ("phone", "subway"))
    message = win.statusBar().currentMessage()
    assert message.startswith(f"{why.rule}: ") and why.reason in message
    link = win.rule_link
    assert link.isVisible() and link.text() == f"Rules: {why.rule}"
    qtbot.mouseClick(link, Qt.MouseButton.LeftButton)
    ref_win = win._rules_reference
    assert ref_win.isVisible() and ref_win.current == why.rule
    assert ref_win.highlighted_text().startswith(why.rule)


def test_undo_says_what_it_undid_and_why_it_cannot(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.statusBar().currentMessage() == "Undid: Play Unplug"
    win.submit_verb("end")  # the next turn draws cards: undo is closed
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    message = win.statusBar().currentMessage()
    assert message.startswith("cannot undo: 'end' revealed hidden information: ")
    assert "card_moved" not in message and "(" not in message
