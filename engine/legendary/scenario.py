"""Scenarios: set up a table position directly, then run commands (docs/scenarios.md).

A scenario is a text file of lines; ``#`` starts a comment. The first directive is ``setup``; then
position lines edit the table; ``>`` lines are commands in their text form; ``expect`` lines check
the result. ``$name`` in a command or expect line stands for the card placed last with ``put ...
as name`` (or, without ``as``, the card's definition id).
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engine.core.commands import arg_value
from engine.core.inputcheck import InputModel, check, one_line, problem_text, shorten
from engine.core.userfile import UnreadableFile, read_text_limited
from engine.legendary import flow, schema
from engine.legendary.carddb import CardDB, CardLoadError
from engine.legendary.game import LegendaryGame
from engine.legendary.setup import LegendarySetup
from engine.legendary.state import pp
from engine.legendary.table import Table

MAX_SCENARIO_BYTES = 1024 * 1024
MAX_LINE_CHARS = 4000  # the longest line of the shipped scenarios and docs is under 1,000
# Piles a ``put`` may take a card from, in order of preference: never a visible one.
RESERVES = ("box", "out_of_play", "extras", "zion", "matrix_deck", "strikes", "hovercraft")


class ScenarioError(ValueError):
    """A scenario line that cannot be understood; the message names the line."""


class ScenarioSetup(InputModel):
    """The ``key=value`` fields of a ``setup`` line (docs/scenarios.md); lists are comma separated."""

    avatars: str = ""
    acts: str = ""
    groups: str = ""
    seed: int = 0
    variants: str = ""
    first: int | None = None
    cards: str = ""
    traitor: str | None = None
    scars: str = ""  # a campaign game (LE-CAMPAIGN-16): scars per seat, e.g. 2,0
    start_time: int | None = None  # a campaign game's starting Time Track (LE-CAMPAIGN-14)
    prep: bool = False  # every player has a prep turn (LE-CAMPAIGN-18)


def _reason(e: Exception) -> str:
    """An error's message for a scenario line; the type is named where the message alone is bare."""
    if isinstance(e, KeyError):
        return f"no such name {e}"
    if type(e) in (ValueError, TypeError, AttributeError, IndexError, RecursionError):
        return f"{type(e).__name__}: {e}"
    return str(e)


@dataclass
class Scenario:
    """A game being set up and played from scenario lines."""

    game: LegendaryGame | None = None
    db: CardDB | None = None
    refs: dict[str, int] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    last: Any = None
    base_dir: Path = Path(".")
    _edited: bool = False

    # --- running -------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, db: CardDB | None = None, base_dir: Path | None = None) -> Scenario:
        sc = cls(db=db, base_dir=base_dir or Path("."))
        for no, raw in enumerate(text.splitlines(), start=1):
            if len(raw) > MAX_LINE_CHARS:
                raise ScenarioError(f"line {no} is {len(raw):,} characters long, more than a scenario line "
                                    f"may hold ({MAX_LINE_CHARS:,})")
            line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith(">") else raw.strip()
            if not line:
                continue
            try:
                sc.line(line)
            except ScenarioError as e:
                raise ScenarioError(f"line {no}: {e}") from None
            except CardLoadError as e:
                raise ScenarioError(f"line {no}: cannot load the cards: {one_line(e)}") from None
            except (KeyError, ValueError, IndexError, TypeError, AttributeError, RecursionError) as e:
                # A position line can put the table in a state no game reaches; whatever breaks
                # then is this line's fault, named with the line.
                raise ScenarioError(f"line {no}: {shorten(line)!r}: {_reason(e)}") from None
        return sc

    @classmethod
    def from_file(cls, path: Path, db: CardDB | None = None) -> Scenario:
        """A scenario read from a UTF-8 text file; ScenarioError naming the file for a file that
        cannot be read or is not a scenario."""
        try:
            text = read_text_limited(Path(path), MAX_SCENARIO_BYTES)
        except UnreadableFile as e:
            raise ScenarioError(f'Scenario file "{path}" {e.reason}') from None
        try:
            return cls.from_text(text, db, Path(path).parent)
        except ScenarioError as e:
            raise ScenarioError(f"{path}: {e}") from None

    def line(self, line: str) -> None:
        """Handle one line."""
        if line.startswith(">"):
            self.command(line[1:].strip())
            return
        try:
            words = shlex.split(line)
        except ValueError as e:  # shlex: "No closing quotation", "No escaped character"
            raise ScenarioError(f"its quotes do not pair up ({str(e).lower()})") from None
        head, args = words[0], words[1:]
        if head == "setup":
            self._setup(args)
            return
        if self.game is None:
            raise ScenarioError("the first directive must be 'setup'")
        handler = getattr(self, f"_do_{head.replace('-', '_')}", None)
        if handler is None:
            raise ScenarioError(f"unknown directive {head!r}")
        handler(args)
        if head != "expect":
            self._edited = True

    def command(self, text: str) -> Any:
        g = self._g
        if self._edited:
            g.rebase()
            self._edited = False
        text = self._subst(text)
        res = g.apply(text)
        self.last = res
        if res.accepted:
            self.events.extend(e.to_dict() for e in res.events)
        else:
            self.rejections.append({"command": text, "rule": res.rule, "reason": res.reason})
        return res

    def output(self) -> dict[str, Any]:
        """The JSON result of run-scenario."""
        g = self._g
        s = g.state
        return {
            "events": self.events,
            "rejections": self.rejections,
            "failures": self.failures,
            "final": {
                "hash": g.state_hash(), "turn": s.turn_no, "active": s.active, "phase": s.phase,
                "time": s.time, "act": s.act, "part": s.part, "recruit": s.turn.recruit,
                "attack": s.turn.attack, "result": s.result,
                "decision": None if s.decision is None else s.decision.to_dict(),
                "players": [{"seat": p.seat, "in_matrix": p.in_matrix, "defeated": p.defeated,
                             "damage": Table(g.db, s).damage(p.seat)} for p in s.players],
                "legal": [c.text() for c in g.legal_commands()],
            },
        }

    # --- helpers -------------------------------------------------------------------------------

    @property
    def _g(self) -> LegendaryGame:
        if self.game is None:
            raise ScenarioError("no game yet: start with 'setup'")
        return self.game

    @property
    def t(self) -> Table:
        return Table(self._g.db, self._g.state)

    def _subst(self, text: str) -> str:
        out = []
        for tok in text.split():
            if tok.startswith("$"):
                name = tok[1:]
                if name not in self.refs:
                    raise ScenarioError(f"unknown card reference {tok}")
                tok = str(self.refs[name])
            out.append(tok)
        return " ".join(out)

    def ref(self, name: str) -> int:
        return self.refs[name]

    def _kv(self, args: list[str]) -> dict[str, str]:
        out = {}
        for a in args:
            if "=" not in a:
                raise ScenarioError(f"expected key=value, got {a!r}")
            k, v = a.split("=", 1)
            out[k] = v
        return out

    # --- directives ----------------------------------------------------------------------------

    def _setup(self, args: list[str]) -> None:
        fields = check(ScenarioSetup, self._kv(args), "setup")
        listy = lambda text: [x for x in text.split(",") if x]  # noqa: E731
        dirs = [str((self.base_dir / d).resolve()) if not Path(d).is_absolute() else d
                for d in listy(fields.cards)]
        setup = LegendarySetup(
            avatars=listy(fields.avatars), acts=listy(fields.acts), groups=listy(fields.groups),
            seed=fields.seed, variants=listy(fields.variants), card_dirs=dirs, first_player=fields.first,
            traitor=fields.traitor, scars=[int(k) for k in listy(fields.scars)],
            start_time=fields.start_time, prep_turns=fields.prep)
        self.game = LegendaryGame.new(setup, self.db)

    def _do_time(self, args: list[str]) -> None:
        self._g.state.time = int(args[0])

    def _do_act(self, args: list[str]) -> None:
        """``act A P``: make Act A Part P current (the Act stack is reordered to match)."""
        set_act(self.t, int(args[0]), int(args[1]))

    def _do_active(self, args: list[str]) -> None:
        self._g.state.active = int(args[0])

    def _do_world(self, args: list[str]) -> None:
        self._g.state.players[int(args[0])].in_matrix = args[1] == "matrix"

    def _do_pool(self, args: list[str]) -> None:
        kv = self._kv(args)
        turn = self._g.state.turn
        turn.recruit = int(kv.get("recruit", turn.recruit))
        turn.attack = int(kv.get("attack", turn.attack))

    def _do_free_move(self, args: list[str]) -> None:
        self._g.state.turn.free_move_used = args[0] == "used"

    def _do_empty(self, args: list[str]) -> None:
        """``empty PILE``: move every card of a pile back into the box."""
        s = self._g.state
        for pile in args:
            for cid in list(s.piles[pile]):
                s.piles[pile].remove(cid)
                s.piles["box"].append(cid)
                s.face_up.discard(cid)

    def _do_put(self, args: list[str]) -> None:
        """``put DEF PILE [up|down] [bottom] [as NAME]``: take a card of that definition from a
        reserve pile (box, Zion, decks...) and put it on the pile."""
        s = self._g.state
        def_id, pile = args[0], args[1]
        rest = args[2:]
        name = def_id
        if "as" in rest:
            name = rest[rest.index("as") + 1]
        if pile not in s.piles:
            raise ScenarioError(f"no pile {pile!r}")
        if pile.startswith("row.") and s.piles[pile]:
            raise ScenarioError(f"{pile} already holds a card")
        cid = self._take(def_id)
        s.piles[pile].insert(0, cid) if "bottom" in rest else s.piles[pile].append(cid)
        face_up = "up" in rest or ("down" not in rest and not pile.startswith("row.")
                                    and not pile.endswith(".deck") and pile != "matrix_deck")
        if face_up or cid == s.inevitable:
            s.face_up.add(cid)
        else:
            s.face_up.discard(cid)
        self.refs[name] = cid

    def _take(self, def_id: str) -> int:
        s = self._g.state
        if def_id not in self._g.db.cards:
            raise ScenarioError(f"no card {def_id!r}")
        seats = [pp(p.seat, "deck") for p in s.players]
        for pile in (*RESERVES, *seats, *(k for k in s.piles if k.startswith("dock."))):
            for cid in reversed(s.piles[pile]):
                if s.defs[cid] == def_id and cid not in self.refs.values():
                    s.piles[pile].remove(cid)
                    if pile.startswith("dock."):
                        flow.refill_dock(self.t)
                    return cid
        raise ScenarioError(f"no spare copy of {def_id!r} left")

    def _do_hand(self, args: list[str]) -> None:
        """``hand SEAT DEF...``: replace a player's hand with these cards (old hand back to the box)."""
        seat = int(args[0])
        self._do_empty([pp(seat, "hand")])
        for d in args[1:]:
            self._do_put([d, pp(seat, "hand")])

    def _do_effect(self, args: list[str]) -> None:
        """``effect SEAT VERB key=value...``: resolve one effect now, e.g. to reach a decision."""
        seat, verb = int(args[0]), args[1]
        params: dict[str, Any] = {"verb": verb}
        for k, v in self._kv(args[2:]).items():
            params[k] = arg_value(v)
        try:
            fx = TypeAdapter(schema.Effect).validate_python(params).model_dump()
        except ValidationError as e:
            raise ScenarioError(problem_text(e, "effect")) from None
        src = self._g.state.players[seat].avatar
        t = self.t
        t.push({"op": "fx", "fx": fx, "src": src, "seat": seat})
        flow.run(t)
        self.events.extend(e.to_dict() for e in t.events)

    def _do_expect(self, args: list[str]) -> None:
        s = self._g.state
        what = args[0]
        t = self.t

        def fail(msg: str) -> None:
            self.failures.append(f"expect {' '.join(args)}: {msg}")

        if what == "time" and s.time != int(args[1]):
            fail(f"time is {s.time}")
        elif what == "count" and len(s.piles[args[1]]) != int(args[2]):
            fail(f"{args[1]} holds {len(s.piles[args[1]])}")
        elif what == "in":
            cid = self.refs[args[2].lstrip("$")]
            if cid not in s.piles[args[1]]:
                fail(f"it is in {s.where(cid)}")
        elif what == "world" and s.players[int(args[1])].in_matrix != (args[2] == "matrix"):
            fail("the RSI is elsewhere")
        elif what == "result" and s.result != args[1]:
            fail(f"result is {s.result!r}")
        elif what == "rejected":
            if self.last is None or self.last.accepted or self.last.rule != args[1]:
                fail(f"last command gave {self.last}")
        elif what == "accepted" and (self.last is None or not self.last.accepted):
            fail(f"last command gave {self.last}")
        elif what == "pool":
            kv = self._kv(args[1:])
            if "recruit" in kv and s.turn.recruit != int(kv["recruit"]):
                fail(f"recruit is {s.turn.recruit}")
            if "attack" in kv and s.turn.attack != int(kv["attack"]):
                fail(f"attack is {s.turn.attack}")
        elif what == "decision" and s.decision is None:
            fail("no decision is pending")
        elif what == "act" and (s.act, s.part) != (int(args[1]), int(args[2])):
            fail(f"it is Act {s.act} Part {s.part}")
        elif what == "damage" and t.damage(int(args[1])) != int(args[2]):
            fail(f"damage is {t.damage(int(args[1]))}")
        elif what not in ("time", "count", "in", "world", "result", "rejected", "accepted", "pool",
                          "decision", "act", "damage"):
            raise ScenarioError(f"unknown expectation {what!r}")


def set_act(t: Table, act: int, part: int) -> None:
    """Make Act ``act`` Part ``part`` current, reordering the Act stack as play would have."""
    s = t.s
    acts = s.piles["acts"]
    for _ in range(len(acts)):
        card = t.card(acts[-1])
        if card.act == act and any(p.part == part for p in card.parts):
            break
        acts.insert(0, acts.pop())
    else:
        raise ScenarioError(f"no Act {act} Part {part} in this game")
    if t.card(acts[-1]).parts[0].part != part:
        s.flipped.add(acts[-1])
    s.act, s.part = act, part


def run_scenario(path: Path, db: CardDB | None = None) -> dict[str, Any]:
    """Run a scenario file and return its JSON-ready output."""
    return Scenario.from_file(path, db).output()
