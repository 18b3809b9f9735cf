"""Refusals that name their rule, a status-bar link that opens the rule, and undo feedback.

``refusal_text(rejection)`` is what the GUI shows for an engine refusal: "LE-MOVE-10: ...". A window
that calls ``install(window)`` gets a "Rules: LE-MOVE-10" button in its status bar whenever the message
shown names a rule (it opens the Rules Reference there), and "Undid: ..." after a working undo.
"""
from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QMainWindow, QPushButton

RULESETS_RX = r"(?:LE|MR|EX)"  # the rule ID prefixes: Legendary, Matrix Replay, Expedition
RULE_ID_RX = re.compile(rf"\b{RULESETS_RX}-[A-Z]+-\d{{2}}\b")  # a rule ID: LE-MOVE-10, MR-GEN-02, EX-MOVE-01


def refusal_text(rej: Any) -> str:
    """An engine refusal in words, led by its rule ID when it has one (not for "UNDO" or "GUI")."""
    rule, reason = getattr(rej, "rule", ""), getattr(rej, "reason", str(rej))
    if rule and RULE_ID_RX.fullmatch(rule) and not reason.startswith(rule):
        return f"{rule}: {reason}"
    return reason


def undo_text(events: tuple, describe: Any = None) -> str:
    """"Undid: <command in words>" for an undo's events, or "" when they are not an undo."""
    undone = next((e for e in events if getattr(e, "kind", "") == "undone"), None)
    if undone is None:
        return ""
    command = str(undone.data.get("command", ""))
    words = ""
    if describe is not None:
        try:
            words = describe(command)
        except Exception:  # noqa: BLE001 - words are a nicety; the raw command text will do
            words = ""
    return f"Undid: {words or command}"


class RuleLink(QPushButton):
    """A status-bar button "Rules: <ID>" for the rule the current message names."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__()
        self.window_ = window
        self.rule = ""
        self.setFlat(True)
        self.setStyleSheet("QPushButton { color: #7fd6ff; background: transparent; border: none;"
                           " text-decoration: underline; padding: 0 8px; }")
        self.setAccessibleName("Open the rule in the Rules Reference")
        self.clicked.connect(self.open)
        self.hide()

    def follow(self, message: str) -> None:
        m = RULE_ID_RX.search(message or "")
        if m is None:
            return  # keep the last rule until another one is named (the message times out)
        self.rule = m.group(0)
        self.setText(f"Rules: {self.rule}")
        self.setToolTip(f"Open {self.rule} in the Rules Reference (F1 opens Help)")
        self.show()

    def open(self) -> None:
        if self.rule:
            from matrix_gui.rulesref import open_reference  # (its Qt text classes cost ~0.2 s to load)

            open_reference(self.window_, self.rule)


def _describe_command(window: Any, command: str) -> str:
    """A command in the current table's words (its view's ``describe``), if a table is up."""
    from engine.core.commands import parse

    page = window.current_page()
    view = None if page is None else page.table_view
    if view is None or not view.has_view():
        return ""
    return view.describe(parse(command), view.index())


def install(window: Any) -> RuleLink:
    """Give a main window its rule link and undo feedback (window: ``statusBar()``, ``status()``,
    ``ops``)."""
    link = RuleLink(window)
    bar = window.statusBar()
    bar.addPermanentWidget(link)
    bar.messageChanged.connect(link.follow)

    def on_events(events: tuple) -> None:
        text = undo_text(events, lambda c: _describe_command(window, c))
        if text:
            window.status(text)

    window.ops.events_applied.connect(on_events)
    window.rule_link = link
    return link
