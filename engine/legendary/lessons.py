"""Lessons: a guided game on a fixed table, taught in steps (the GUI's "Learn to Play").

A lesson file (``cards/legendary/lessons/<id>.toml``) holds a scenario (docs/scenarios.md) that
deals a fixed table, and the steps that teach it. Each step says what to do and why, the moves it
accepts (patterns over the engine's commands: ``play <Unplug>``, ``move real *``, ``end``,
``undo``, or the GUI's ``hint``), what to light on the table, and the events that show it happened
(``card_moved:dst=p0.play``); ``times`` repeats a step. A step accepts only its moves: the GUI's coach
narrows the engine's legal commands to them and refuses anything else with the step's hint.

``check_lesson`` plays a lesson through the engine, headless: at every step at least one legal
command must match its moves, and that command's events must complete the step; a hint step's
advice must be a move the next step teaches. A lesson that no longer agrees with the engine fails
with the file and the step's id, like a card file that no longer loads (``tests`` and
``matrix-engine validate-cards`` run it).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError, ValidationInfo, field_validator

from engine.core.cardfiles import CardLoadError, read_toml, validation_problems
from engine.core.commands import Command
from engine.core.results import Event, Rejection
from engine.core.schema import Strict
from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.registry import ACTIONS
from engine.resources import cards_dir

FIRST_GAME = "first_game"  # the lesson "Learn to Play" starts
HINT = "hint"  # the GUI's hint (H): a move of a lesson, not an engine command
HINT_SHOWN = "hint_shown"  # the event a lesson hears when a hint was shown
TIME = "time"  # the Time Track: a place a step may light besides the piles
_TOKEN = re.compile(r"<[^<>]+>|[^\s<>]+")
_SPEC = re.compile(r"([a-z_]+)(?::([a-z_]+=[^,=\s]+(?:,[a-z_]+=[^,=\s]+)*))?")
Text = Annotated[str, Field(min_length=1, max_length=400)]
Name = Annotated[str, Field(pattern=r"^[a-z0-9_]+$", max_length=60)]


def lessons_dir() -> Path:
    """The shipped lessons: ``cards/legendary/lessons/`` (beside the cards, not read as cards)."""
    return cards_dir("legendary") / "lessons"


# --- what a step accepts and what completes it ----------------------------------------------------

@dataclass(frozen=True)
class Move:
    """A command pattern: the verb, then one pattern per argument: ``*`` any, ``<Name>`` a card of
    that name (or definition id), anything else that exact argument."""

    verb: str
    args: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Move:
        tokens = _TOKEN.findall(text)
        if not tokens or "".join(tokens).replace(" ", "") != "".join(text.split()):
            raise ValueError(f"{text!r} is not a move: write a verb and its arguments, a card as <Name>")
        verb = tokens[0]
        if verb not in ACTIONS and verb not in ("undo", HINT):
            known = ", ".join(sorted([*ACTIONS, "undo", HINT]))
            raise ValueError(f"{verb!r} is not a command (known: {known})")
        return cls(verb, tuple(tokens[1:]))

    def cards(self) -> list[str]:
        """The card names the pattern asks for."""
        return [a[1:-1] for a in self.args if a.startswith("<")]

    def matches(self, cmd: Command, game: LegendaryGame) -> bool:
        if cmd.verb != self.verb or len(cmd.args) != len(self.args):
            return False
        return all(_arg_matches(want, got, game) for want, got in zip(self.args, cmd.args, strict=True))

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def _arg_matches(want: str, got: int | str, game: LegendaryGame) -> bool:
    if want == "*":
        return True
    if want.startswith("<"):
        if not isinstance(got, int) or not 0 <= got < len(game.state.defs):
            return False
        d = game.state.defs[got]
        return want[1:-1] in (d, game.db.cards[d].name)
    return str(got) == want


@dataclass(frozen=True)
class EventSpec:
    """An event a step waits for: its kind, and the values some of its fields must have."""

    kind: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> EventSpec:
        m = _SPEC.fullmatch(text)
        if m is None:
            raise ValueError(f"{text!r} is not an event: write kind or kind:field=value,field=value")
        pairs = tuple(tuple(p.split("=", 1)) for p in m.group(2).split(",")) if m.group(2) else ()
        return cls(m.group(1), pairs)  # type: ignore[arg-type]

    def seen_in(self, events: Iterable[Event]) -> bool:
        return any(e.kind == self.kind and all(str(e.data.get(k)).lower() == v.lower()
                                               for k, v in self.fields) for e in events)

    def __str__(self) -> str:
        return self.kind + "".join(f":{k}={v}" for k, v in self.fields)


# --- the file -------------------------------------------------------------------------------------

class StepModel(Strict):
    """One step of a lesson file."""

    id: Name
    text: Text  # what to do and why, one or two sentences, our words
    hint: Text  # how to do it: shown when anything else is tried
    do: Annotated[list[str], Field(min_length=1)]  # the moves it accepts (Move patterns)
    times: Annotated[int, Field(ge=1, le=9)] = 1  # how many of those moves complete it
    light: list[str] = []  # cards (<Name>) and places (piles, "time") to light besides the move's own
    done: Annotated[list[str], Field(min_length=1)]  # EventSpec: every one is seen in the move's events

    @field_validator("do", "done")
    @classmethod
    def _parsed(cls, v: list[str], info: ValidationInfo) -> list[str]:
        """Each move (``do``) and event (``done``) can be read."""
        parse = Move.parse if info.field_name == "do" else EventSpec.parse
        for text in v:
            parse(text)
        return v

    @field_validator("light")
    @classmethod
    def _lights(cls, v: list[str]) -> list[str]:
        for text in v:
            if not (re.fullmatch(r"<[^<>]+>", text) or re.fullmatch(r"[a-z0-9_.]+", text)):
                raise ValueError(f"{text!r} is neither a card (<Name>) nor a place such as combat")
        return v


class LessonModel(Strict):
    """A lesson file: its fixed table (scenario lines) and its steps."""

    id: Name
    title: Text
    setup: Annotated[str, Field(min_length=1)]  # scenario lines (docs/scenarios.md)
    finish: Text  # said when the last step is done
    step: Annotated[list[StepModel], Field(min_length=1)]


@dataclass(frozen=True)
class Step:
    """One step, its patterns parsed."""

    id: str
    text: str
    hint: str
    moves: tuple[Move, ...]
    times: int
    light: tuple[str, ...]
    done: tuple[EventSpec, ...]

    @property
    def verbs(self) -> frozenset[str]:
        return frozenset(m.verb for m in self.moves)

    def allows(self, cmd: Command, game: LegendaryGame) -> bool:
        return any(m.matches(cmd, game) for m in self.moves)

    def completed_by(self, events: Iterable[Event]) -> bool:
        events = tuple(events)
        return all(spec.seen_in(events) for spec in self.done)


@dataclass(frozen=True)
class Lesson:
    """A loaded lesson."""

    id: str
    title: str
    setup: str
    finish: str
    steps: tuple[Step, ...]
    path: Path

    def new_game(self, db: CardDB | None = None) -> LegendaryGame:
        """The lesson's table, dealt by its scenario lines; its position is the start of the log."""
        from engine.legendary.scenario import Scenario, ScenarioError

        try:
            game = Scenario.from_text(self.setup, db).game
        except ScenarioError as e:
            raise CardLoadError([f"{self.path.name}: setup: {e}"]) from None
        if game is None:
            raise CardLoadError([f"{self.path.name}: setup: the scenario sets up no game"])
        game.rebase()
        return game


def load_lesson(path: Path | None = None) -> Lesson:
    """Read and validate a lesson file (default: the first game); CardLoadError names the file,
    the step and the field of every problem."""
    path = Path(path) if path is not None else lessons_dir() / f"{FIRST_GAME}.toml"
    problems: list[str] = []
    doc = read_toml(path, problems)
    if doc is None:
        raise CardLoadError(problems)
    try:
        m = LessonModel.model_validate(doc)
    except ValidationError as e:
        raise CardLoadError(validation_problems(path.name, e, doc, key="step")) from None
    ids = [s.id for s in m.step]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise CardLoadError([f"{path.name}: step ids must be unique: {', '.join(twice)}"])
    steps = tuple(Step(s.id, s.text, s.hint, tuple(Move.parse(d) for d in s.do), s.times, tuple(s.light),
                       tuple(EventSpec.parse(d) for d in s.done)) for s in m.step)
    return Lesson(m.id, m.title, m.setup, m.finish, steps, path)


# --- progress -------------------------------------------------------------------------------------

@dataclass
class Progress:
    """Where a player is in a lesson: the step, and how many of its ``times`` are done."""

    lesson: Lesson
    index: int = 0
    count: int = 0

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    def allows(self, cmd: Command, game: LegendaryGame) -> bool:
        """Whether the current step accepts ``cmd`` (nothing is refused once the lesson is over)."""
        step = self.step
        return step is None or step.allows(cmd, game)

    def heard(self, events: Iterable[Event]) -> bool:
        """Count one accepted move by its events; True when that completed the step (the next
        one is current)."""
        step = self.step
        if step is None or not step.completed_by(events):
            return False
        self.count += 1
        if self.count < step.times:
            return False
        self.index += 1
        self.count = 0
        return True


# --- the check ------------------------------------------------------------------------------------

def hint_events(game: LegendaryGame, seat: int) -> tuple[Command, tuple[Event, ...]]:
    """The hint a player gets now (the look-ahead's move, as the GUI's H asks it) and the event a
    lesson hears for it."""
    from engine.legendary.advice import hint, hint_seed

    return hint(game, seat, hint_seed(game)).command, (Event(HINT_SHOWN),)


def check_lesson(lesson: Lesson, db: CardDB | None = None) -> LegendaryGame:
    """Play ``lesson`` through the engine as its steps ask; return the game at its end. Raises
    CardLoadError naming the file and the step that no longer agrees with the engine."""
    game = lesson.new_game(db)
    _check_names(lesson, game)
    progress = Progress(lesson)
    while (step := progress.step) is not None:
        where = f"{lesson.path.name}: step {progress.index + 1} {step.id!r}"
        if HINT in step.verbs:
            advised, events = hint_events(game, game.table().acting_seat() or 0)
            nxt = lesson.steps[progress.index + 1] if progress.index + 1 < len(lesson.steps) else None
            if nxt is not None and not nxt.allows(advised, game):
                raise _wrong(where, f"the hint advises {advised}, which the next step does not teach")
        else:
            events = _play_step(step, game, where)
        if not step.completed_by(events):
            kinds = ", ".join(sorted({e.kind for e in events}))
            raise _wrong(where, f"its move's events ({kinds}) lack {', '.join(map(str, step.done))}")
        progress.heard(events)
        if game.over:
            raise _wrong(where, f"the game ended ({game.state.result}) before the lesson did")
    return game


def _wrong(where: str, why: str) -> CardLoadError:
    return CardLoadError([f"{where}: {why}"])


def _play_step(step: Step, game: LegendaryGame, where: str) -> tuple[Event, ...]:
    """Make the step's move (the first legal command it accepts, or undo); its events."""
    if "undo" in step.verbs:
        cmd, res = Command("undo"), game.undo()
    else:
        legal = game.legal_commands()
        moves = [c for c in legal if step.allows(c, game)]
        if not moves:
            allowed = ", ".join(c.text() for c in legal) or "nothing"
            raise _wrong(where, f"no legal command matches {' or '.join(map(str, step.moves))} "
                                f"(the engine allows: {allowed})")
        cmd = moves[0]
        res = game.apply(cmd)
    if isinstance(res, Rejection):
        raise _wrong(where, f"{cmd} is refused: {res.reason}")
    return res.events


def _check_names(lesson: Lesson, game: LegendaryGame) -> None:
    """Every card a step names exists, every place it lights is a pile of the table (or the Time
    Track)."""
    names = {c.name for c in game.db.cards.values()} | set(game.db.cards)
    problems = []
    for i, step in enumerate(lesson.steps):
        wanted = [n for m in step.moves for n in m.cards()]
        for light in step.light:
            if light.startswith("<"):
                wanted.append(light[1:-1])
            elif light != TIME and light not in game.state.piles:
                problems.append(f"{lesson.path.name}: step {i + 1} {step.id!r}: no place {light!r} to light")
        problems += [f"{lesson.path.name}: step {i + 1} {step.id!r}: no card named {n!r}"
                     for n in wanted if n not in names]
    if problems:
        raise CardLoadError(problems)


def check_shipped(db: CardDB | None = None) -> dict[str, Any]:
    """Load and check every shipped lesson; {lesson id: steps}. Raises CardLoadError."""
    out: dict[str, Any] = {}
    problems: list[str] = []
    for path in sorted(lessons_dir().glob("*.toml")):
        try:
            lesson = load_lesson(path)
            check_lesson(lesson, db)
        except CardLoadError as e:
            problems += e.problems
            continue
        out[lesson.id] = len(lesson.steps)
    if problems:
        raise CardLoadError(problems)
    return out
