"""Gestures declared once: which drag (subject -> target) or click stands for which engine command.

A table lists its ``Gesture`` declarations in a ``GestureSet``. Each declaration names a command verb,
the argument forms it covers and the drags (or clicks) that mean it. Both directions come from that
one list:

- ``GestureSet.gestures(cmd, ix)``: the drags that mean a command (to light up drop targets, to find
  the items a command concerns);
- ``GestureSet.intended(subject, target, ix)``: the commands a drop means, legal or not, best first.

Templates: a key is ``(kind, value)``; a value template is a string in which ``{name}`` stands for a
variable (``me`` is the seat the table plays for, the others come from the command's arguments), or a
``Via`` (a variable seen through a table of the index, e.g. a phone name -> the Row space it stands on).
An argument template is a literal (``"matrix"``, ``1``) or ``"{name}"``. No rules here: whether a command is
legal is always asked of the engine.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.core.commands import Command

Key = tuple[str, Any]
Vars = dict[str, Any]
_VAR = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Via:
    """A key value looked up in a table of the index: ``table(ix)[vars[var]]``."""

    var: str
    table: Callable[[Any], dict[Any, Any]]


Template = Any  # str | Via
KeyTemplate = tuple[str, Template]


@dataclass(frozen=True)
class Gesture:
    """One command verb and the drags that mean it.

    ``args``: the argument forms (templates), the first matching form is the command's; ``drags``:
    (subject, target) templates, the main one first; a target of None is a click on the subject.
    ``when(vars, ix)`` limits the declaration (e.g. to a card lying in a Dock); ``seat(vars, ix)``
    is the seat of the command a drop makes (default: the set's).
    """

    verb: str
    args: tuple[tuple[Template, ...], ...]
    drags: tuple[tuple[KeyTemplate, KeyTemplate | None], ...]
    when: Callable[[Vars, Any], bool] | None = None
    seat: Callable[[Vars, Any], int | None] | None = None


def _exact(t: str) -> str | None:
    """The variable name when a template is exactly one variable."""
    m = _VAR.fullmatch(t)
    return m.group(1) if m else None


def _fill(t: Template, v: Vars, ix: Any) -> Any:
    """A template filled with the variables (None when one is missing)."""
    if isinstance(t, Via):
        return t.table(ix).get(v.get(t.var)) if t.var in v else None
    name = _exact(t)
    if name is not None:
        return v.get(name)
    try:
        return _VAR.sub(lambda m: str(v[m.group(1)]), t)
    except KeyError:
        return None


def _typed(text: str) -> Any:
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def _match(t: Template, value: Any, v: Vars, ix: Any) -> bool:
    """Whether ``value`` fits the template; binds its free variables into ``v``."""
    if isinstance(t, Via):
        table = t.table(ix)
        if t.var in v:
            return table.get(v[t.var]) == value
        found = [k for k, val in table.items() if val == value]
        if not found:
            return False
        v[t.var] = found[0]
        return True
    name = _exact(t)
    if name is not None:
        if name in v:
            return v[name] == value
        v[name] = value
        return True
    names: list[str] = []

    def group(m: re.Match[str]) -> str:
        names.append(m.group(1))
        return f"(?P<{m.group(1)}>.+?)"

    pattern = _VAR.sub(group, re.escape(t).replace(r"\{", "{").replace(r"\}", "}"))
    m = re.fullmatch(pattern, str(value))
    if m is None:
        return False
    for n in names:
        got = _typed(m.group(n))
        if n in v and v[n] != got:
            return False
        v[n] = got
    return True


def _match_key(t: KeyTemplate, key: Key, v: Vars, ix: Any) -> bool:
    return t[0] == key[0] and _match(t[1], key[1], v, ix)


@dataclass
class GestureSet:
    """A table's gesture declarations; ``me(cmd, ix)`` is the seat a command is made for (the
    ``{me}`` of the templates) and ``seat(vars, ix)`` the seat of a dropped command by default."""

    declared: list[Gesture]
    me: Callable[[Command | None, Any], int | None]
    seat: Callable[[Vars, Any], int | None] = field(default=lambda v, ix: None)

    def _forms(self, cmd: Command) -> Iterable[tuple[Gesture, Vars]]:
        """The declaration that covers ``cmd`` (its first matching argument form), with the variables."""
        for g in self.declared:
            if g.verb != cmd.verb:
                continue
            for form in g.args:
                if len(form) != len(cmd.args):
                    continue
                v: Vars = {}
                if all(_match(t, a, v, None) if isinstance(t, str) and "{" in t else t == a
                       for t, a in zip(form, cmd.args, strict=True)):
                    yield g, v
                    return

    def gestures(self, cmd: Command, ix: Any) -> list[tuple[Key, Key | None]]:
        """The drags (subject, target) that mean ``cmd``; a target of None is a click on the subject."""
        out: list[tuple[Key, Key | None]] = []
        for g, v in self._forms(cmd):
            v["me"] = self.me(cmd, ix)
            if g.when is not None and not g.when(v, ix):
                continue
            for subj, tgt in g.drags:
                s = _fill(subj[1], v, ix)
                if s is None:
                    continue
                if tgt is None:
                    out.append(((subj[0], s), None))
                    continue
                t = _fill(tgt[1], v, ix)
                if t is not None:
                    out.append(((subj[0], s), (tgt[0], t)))
        return out

    def intended(self, subject: Key, target: Key, ix: Any) -> list[Command]:
        """The commands a drop of ``subject`` on ``target`` would mean, legal or not (best first)."""
        me = self.me(None, ix)
        if me is None:
            return []
        out: list[Command] = []
        for g in self.declared:
            for subj, tgt in g.drags:
                if tgt is None:
                    continue
                v: Vars = {"me": me}
                if not (_match_key(subj, subject, v, ix) and _match_key(tgt, target, v, ix)):
                    continue
                if g.when is not None and not g.when(v, ix):
                    continue
                seat = (g.seat or self.seat)(v, ix)
                for form in g.args:
                    args = [_fill(t, v, ix) if isinstance(t, str) and "{" in t else t for t in form]
                    if all(a is not None for a in args):
                        cmd = Command(g.verb, tuple(args), seat)
                        if cmd not in out:
                            out.append(cmd)
                break  # one drag of a declaration is enough
        return out
