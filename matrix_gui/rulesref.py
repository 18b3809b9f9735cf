"""The Rules Reference window: docs/rules-reference.md with an anchor per rule ID and a search box.

    ref = RulesReference(parent)
    ref.show_rule("LE-MOVE-10")   # opens the window scrolled to that rule, the rule highlighted

The page is our own short restatement of every rule; refusals name a rule ID and open it here.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from matrix_gui.refusals import RULE_ID_RX, RULESETS_RX

REFERENCE = "rules-reference.md"
RULE_LINE_RX = re.compile(rf"^- \*\*({RULESETS_RX}-[A-Z]+-\d{{2}})\*\* (.*)$")
SECTION_RX = re.compile(rf"^## ({RULESETS_RX}-[A-Z]+)\b(.*)$")
BOLD_RX = re.compile(r"\*\*(.+?)\*\*")
STYLE = ("body { color: #dff5e6; background: #07110b; font-size: 14px; }"
         "h1 { color: #39ff7a; } h2 { color: #9fd8b2; margin-top: 18px; }"
         "a { color: #7fd6ff; } b.rule { color: #ffc84a; }")


def reference_path() -> Path:
    """docs/rules-reference.md of the installation (read like the Help page, docs/gui.md)."""
    from engine.resources import data_root

    return Path(data_root()) / "docs" / REFERENCE


def reference_markdown() -> str:
    """The reference text, or a short note when the file is missing from this installation."""
    try:
        return reference_path().read_text(encoding="utf-8")
    except OSError:
        return f"# Rules reference\n\nThe file docs/{REFERENCE} is missing from this installation."


def _inline(text: str) -> str:
    """Escape a line, keep **bold**, and link every rule ID it mentions to its anchor."""
    out = html.escape(text)
    out = BOLD_RX.sub(r"<b>\1</b>", out)
    return RULE_ID_RX.sub(lambda m: f"<a href='#{m.group(0)}'>{m.group(0)}</a>", out)


def reference_html(markdown: str) -> tuple[str, list[str]]:
    """The reference as HTML with an anchor per rule ID and per section; also the rule IDs in order."""
    parts = [f"<html><head><style>{STYLE}</style></head><body>"]
    ids: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            parts.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        rule = RULE_LINE_RX.match(line)
        section = SECTION_RX.match(line)
        if rule:
            flush()
            rid, text = rule.groups()
            ids.append(rid)
            parts.append(f"<p><a name='{rid}'></a><b class='rule'>{rid}</b> {_inline(text)}</p>")
        elif section:
            flush()
            sid, title = section.groups()
            parts.append(f"<h2><a name='{sid}'></a>{html.escape(sid + title)}</h2>")
        elif line.startswith("# "):
            flush()
            parts.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("## "):
            flush()
            parts.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif not line.strip():
            flush()
        else:
            para.append(line.strip())
    flush()
    parts.append("</body></html>")
    return "".join(parts), ids


class RulesReference(QDialog):
    """A browsable, searchable rules reference; ``show_rule(ID)`` jumps to a rule."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules Reference")
        self.resize(820, 720)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the rules, or type a rule ID such as LE-MOVE-10")
        self.search.setAccessibleName("Search the rules")
        self.search.returnPressed.connect(self.find_next)
        self.search.textChanged.connect(self._search_changed)
        find = QPushButton("Find next")
        find.clicked.connect(self.find_next)
        self.note = QLabel()
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)  # rule links jump inside the page
        self.browser.anchorClicked.connect(lambda url: self.show_rule(url.fragment() or url.toString()))
        self.browser.setAccessibleName("Rules reference text")
        page, self.rule_ids = reference_html(reference_markdown())
        self.browser.setHtml(page)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(find)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.note)
        lay.addWidget(self.browser, 1)
        self.current = ""

    # --- jumping to a rule ------------------------------------------------------------------------

    def has_rule(self, rule_id: str) -> bool:
        return rule_id in self.rule_ids

    def show_rule(self, rule_id: str) -> bool:
        """Show the window at ``rule_id`` (its paragraph highlighted); False if the page has no such
        rule (then a whole section like ``LE-MOVE`` is tried, else the top is shown)."""
        rule_id = rule_id.strip().lstrip("#").upper()
        self.show()
        self.raise_()
        self.activateWindow()
        found = self.has_rule(rule_id)
        target = rule_id if found else rule_id.rsplit("-", 1)[0]
        self.current = rule_id if found else ""
        self.browser.setExtraSelections([])
        self.browser.scrollToAnchor(target)
        if found:
            self._highlight(rule_id)
            self.note.setText(f"Rule {rule_id}")
        else:
            self.note.setText(f"No rule {rule_id} in this reference" if rule_id else "")
        return found

    def _highlight(self, rule_id: str) -> None:
        """Mark the rule's paragraph (the block that starts with its ID) and put the cursor there."""
        doc = self.browser.document()
        flag = QTextDocument.FindFlag.FindCaseSensitively
        cursor = doc.find(rule_id, 0, flag)
        while not cursor.isNull() and not cursor.block().text().startswith(rule_id):
            cursor = doc.find(rule_id, cursor, flag)
        if cursor.isNull():
            return
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        sel = QTextEdit.ExtraSelection()
        sel.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#1f4a2c"))
        sel.format = fmt
        self.browser.setExtraSelections([sel])

    def highlighted_text(self) -> str:
        """The text of the highlighted rule (empty if none)."""
        sels = self.browser.extraSelections()
        return sels[0].cursor.selectedText() if sels else ""

    # --- search -------------------------------------------------------------------------------------

    def _search_changed(self, text: str) -> None:
        m = RULE_ID_RX.fullmatch(text.strip().upper())
        if m and self.has_rule(m.group(0)):
            self.show_rule(m.group(0))

    def find_next(self) -> bool:
        """Find the search text after the cursor (wrapping to the top); False if it is nowhere."""
        text = self.search.text().strip()
        if not text:
            return False
        if RULE_ID_RX.fullmatch(text.upper()):
            return self.show_rule(text.upper())
        if self.browser.find(text):
            self.note.setText("")
            return True
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        found = self.browser.find(text)
        self.note.setText("" if found else f"Not found: {text}")
        return found


def open_reference(parent: QWidget, rule_id: str = "") -> RulesReference:
    """The parent window's one Rules Reference window (made on first use), at ``rule_id`` if given."""
    ref = getattr(parent, "_rules_reference", None)
    if ref is None:
        ref = RulesReference(parent)
        ref.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        parent._rules_reference = ref  # type: ignore[attr-defined]
    if rule_id:
        ref.show_rule(rule_id)
    else:
        ref.show()
        ref.raise_()
    return ref
