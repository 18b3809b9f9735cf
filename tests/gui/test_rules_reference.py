"""The in-app Rules Reference: an anchor per rule ID, refusals that name their rule and open it, and
what undo says."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.core.commands import Command
from matrix_gui.rulesref import reference_html, reference_markdown, reference_path
from tests.gui.conftest import drag, ref, scenario
from tests.gui.expedition_helpers import edrag, start_with_a_slot_too_far

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
RULE_LINE = re.compile(r"^\s*- \*\*((?:LE|MR)-[A-Z]+-\d+)\*\*")
EX_LINE = re.compile(r"^\s*- \*\*(EX-[A-Z]+-\d+)\*\* (.*?)(?: \(kind: \w+\))?$")


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


def expedition_checklist() -> dict[str, str]:
    """Every rule of the Expedition checklist: ID -> statement (skips the test without it)."""
    folder = shared_rules()
    if folder is None:
        pytest.skip("no shared rule checklists next to this checkout")
    rules = {}
    for line in (folder / "expedition-matrix.md").read_text(encoding="utf-8").splitlines():
        m = EX_LINE.match(line)
        if m:
            rules[m.group(1)] = m.group(2)
    return rules


def reference_lines(prefix: str) -> list[tuple[str, str]]:
    """The reference's rule lines of one ruleset as (ID, text), in page order."""
    rx = re.compile(rf"^- \*\*({prefix}-[A-Z]+-\d+)\*\* (.*)$")
    return [m.groups() for m in map(rx.match, reference_markdown().splitlines()) if m]


def test_every_ex_rule_is_in_the_reference_once_with_its_anchor() -> None:
    want = expedition_checklist()
    assert len(want) == 62
    page, ids = reference_html(reference_markdown())
    ex_ids = [rid for rid in ids if rid.startswith("EX-")]
    assert sorted(ex_ids) == sorted(want), sorted(set(want) ^ set(ex_ids))  # each once, none extra
    assert [rid for rid, _ in reference_lines("EX")] == ex_ids
    for rid in want:
        assert page.count(f"<a name='{rid}'>") == 1
    for family in {rid.rsplit("-", 1)[0] for rid in want}:  # a section anchor per rule family
        assert f"<a name='{family}'>" in page, family


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def longest_shared_run(a: list[str], b: list[str]) -> int:
    """The length of the longest run of words that ``a`` and ``b`` have in common."""
    best, prev = 0, [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            if x == y:
                cur[j] = prev[j - 1] + 1
                best = max(best, cur[j])
        prev = cur
    return best


def test_the_ex_lines_restate_the_checklist_in_other_words() -> None:
    checklist = expedition_checklist()
    copied = [(rid, n) for rid, text in reference_lines("EX")
              if (n := longest_shared_run(words(text), words(checklist[rid]))) >= 8]
    assert not copied, f"lines sharing 8+ words in a row with the checklist: {copied}"


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


def test_show_rule_scrolls_to_an_expedition_rule_and_highlights_it(qtbot, win):
    win.rules_reference("EX-RUMOR-07")
    ref_win = win._rules_reference
    qtbot.waitExposed(ref_win)
    browser = ref_win.browser
    assert ref_win.current == "EX-RUMOR-07"
    text = dict(reference_lines("EX"))["EX-RUMOR-07"]
    assert ref_win.highlighted_text() == f"EX-RUMOR-07 {text}"
    assert "EX-RUMOR-07" in ref_win.note.text()
    selection = browser.extraSelections()[0]
    line = browser.cursorRect(selection.cursor)
    assert browser.verticalScrollBar().value() > 0  # the Expedition part is far down the page
    assert browser.viewport().rect().contains(line.center()), "the highlighted rule is in view"
    ref_win.search.setText("ex-grid-03")  # typing an EX ID jumps there too
    assert ref_win.current == "EX-GRID-03" and ref_win.highlighted_text().startswith("EX-GRID-03")


def follow_the_rule_link(qtbot, win, rule: str) -> None:
    """The status bar's "Rules: <rule>" link is shown; clicking it opens the reference at the rule."""
    link = win.rule_link
    assert link.isVisible() and link.text() == f"Rules: {rule}"
    qtbot.mouseClick(link, Qt.MouseButton.LeftButton)
    ref_win = win._rules_reference
    assert ref_win.isVisible() and ref_win.current == rule
    assert ref_win.highlighted_text().startswith(rule)


@pytest.mark.rule("EX-MOVE-01")
def test_a_refused_expedition_drag_links_to_its_ex_rule(qtbot, win):
    far = start_with_a_slot_too_far(win)
    edrag(qtbot, win, ("explorer", "p0"), ("pile", f"p0.r{far[0]}c{far[1]}"))
    why = win.ops.game.check(Command("move", far, 0))
    assert why is not None and why.rule.startswith("EX-")
    assert win.statusBar().currentMessage().startswith(f"{why.rule}: ")
    follow_the_rule_link(qtbot, win, why.rule)


def test_a_refused_drop_shows_its_rule_and_the_link_opens_it(qtbot, win):
    scenario(win, "world 0 matrix", "empty row.0 row.1 row.2 row.3 row.4 combat",
             "put test_one_drill_cop row.0 down", "put test_one_drill_cop row.2 down as c2", "pool attack=0")
    why = win.ops.game.check("move real subway")
    assert why is not None and re.fullmatch(r"LE-[A-Z]+-\d+", why.rule)
    drag(qtbot, win, ("rsi", 0), ("phone", "subway"))
    message = win.statusBar().currentMessage()
    assert message.startswith(f"{why.rule}: ") and why.reason in message
    follow_the_rule_link(qtbot, win, why.rule)


def test_undo_says_what_it_undid_and_why_it_cannot(qtbot, win):
    scenario(win, "world 0 matrix", "hand 0 unplug unplug")
    drag(qtbot, win, ("card", ref(win, "unplug", "p0.hand")), ("pile", "p0.play"))
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.statusBar().currentMessage() == "Undid: Play Unplug"
    win.submit_verb("end")  # the next turn draws cards: undo is closed
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    message = win.statusBar().currentMessage()
    assert message.startswith("cannot undo: the last move revealed something new (")
    assert "card_moved" not in message and "'end'" not in message
