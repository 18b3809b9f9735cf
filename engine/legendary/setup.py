"""Game setup (LE-SETUP): from a setup description to the first Action Phase."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import StrictBool, StrictInt, StrictStr

from engine.core import rng
from engine.core.inputcheck import InputModel, check
from engine.core.plaindata import dc_dict
from engine.core.seats import SEAT_KINDS, seats_problem
from engine.legendary import flow, traitor
from engine.legendary import row as rowmod
from engine.legendary.carddb import CardDB
from engine.legendary.state import GLOBAL_PILES, PLAYER_PILES, PlayerState, State, att, dock, pp, row
from engine.legendary.table import Table
from engine.legendary.variants import variant_problem

POTS_BY_PLAYERS = {1: 0, 2: 1, 3: 3, 4: 5, 5: 5}  # LE-SETUP-15
# Who may play a Legendary seat: a person, the bots of every ruleset, or the bot that looks ahead
# (engine/legendary/bots/search_bot.py).
LEGENDARY_SEAT_KINDS = (*SEAT_KINDS, "search")


# LE-SETUP-26/27: the first game's Avatars (as character ids), dropped from the end for fewer
# players; the default reading of "etc." gives 2 players Neo + Morpheus and a solo player Neo.
FIRST_GAME_AVATARS = ("neo", "morpheus", "trinity", "switch", "mouse")


class SetupError(ValueError):
    """A setup that breaks a setup rule; the message names the rule."""


def recommended_first_game_avatars(n: int) -> list[str]:
    """The recommended first game's Avatars for ``n`` players, as character ids (LE-SETUP-26/27)."""
    if not 1 <= n <= 5:
        raise SetupError("LE-GEN-01: the game is for 1 to 5 players")
    return list(FIRST_GAME_AVATARS[:n])


def _zion_hero(card: Any, groups: set[str]) -> bool:
    """A standard Hero Group card of one of ``groups`` (LE-SETUP-18/19: never an Extra)."""
    return card.kind == "hero" and card.group in groups and not card.extra \
        and card.deck == f"group:{card.group}"


def _extra_hero(card: Any, groups: set[str]) -> bool:
    """A card of an Extra Hero Group among ``groups`` (a story may start one in Zion, LE-STORY-05)."""
    return card.kind == "hero" and card.group in groups and card.extra


@dataclass
class LegendarySetup:
    """What the players chose before the game: everything needed to rebuild it from the seed."""

    avatars: list[str]
    acts: list[str]
    groups: list[str]
    seed: int = 0
    first_player: int | None = None
    variants: list[str] = field(default_factory=list)
    card_dirs: list[str] = field(default_factory=list)
    traitor: str | None = None
    prep_turns: bool = False
    story: bool = False  # Make Your Own Stories (LE-STORY): Extra Hero Groups may start in Zion
    # A campaign game (LE-CAMPAIGN-14/16): the starting Time Track, each seat's scars and the
    # campaign's reference to this try ("" outside a campaign).
    start_time: int | None = None
    scars: list[int] = field(default_factory=list)
    campaign: str = ""
    # Who plays each seat ("human" or a bot's kind, engine.core.seats); empty: every seat a person.
    seats: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The setup as saved; fields added after saves were first written only when set, so a
        save made before they existed keeps its state hash."""
        d = dc_dict(self)
        for name, unset in _OMITTED_WHEN_UNSET.items():
            if d[name] == unset:
                del d[name]
        return d

    @classmethod
    def from_dict(cls, d: Any) -> LegendarySetup:
        """The setup a save names; InputError (a ValueError) naming the first malformed field."""
        return cls(**check(SetupFields, d, "setup").model_dump())


class SetupFields(InputModel):
    """The fields of a saved ``LegendarySetup`` and their types (checked when a save is read)."""

    avatars: list[StrictStr]
    acts: list[StrictStr]
    groups: list[StrictStr]
    seed: StrictInt = 0
    first_player: StrictInt | None = None
    variants: list[StrictStr] = []
    card_dirs: list[StrictStr] = []
    traitor: StrictStr | None = None
    prep_turns: StrictBool = False
    story: StrictBool = False
    start_time: StrictInt | None = None
    scars: list[StrictInt] = []
    campaign: StrictStr = ""
    seats: list[StrictStr] = []


# Setup fields left out of the saved setup while they hold these values (see ``to_dict``).
# Setup fields added after saves were first written, and their unset values.
_OMITTED_WHEN_UNSET: dict[str, Any] = {"story": False, "start_time": None, "scars": [], "campaign": "",
                                        "seats": []}


def starting_time(db: CardDB, setup: LegendarySetup) -> int:
    """Where the Time Track starts: the campaign's value (LE-CAMPAIGN-14), else 7 with Time is
    Running Out (LE-VARIANT-09), else the playmat's 10 (LE-SETUP-21)."""
    if setup.start_time is not None:
        return setup.start_time
    if "time_is_running_out" in setup.variants:
        return 7
    return int(db.playmat.start_time)


def _physical_cards(db: CardDB) -> tuple[list[str], dict[str, list[int]]]:
    """Every physical card's definition, by card number (definitions in id order, each copy
    numbered in turn), and the card numbers of each definition, in order."""
    defs: list[str] = []
    numbers: dict[str, list[int]] = {}
    for def_id in sorted(db.cards):
        copies = db.cards[def_id].copies
        if copies > 0:
            numbers[def_id] = list(range(len(defs), len(defs) + copies))
            defs.extend([def_id] * copies)
    return defs, numbers


def validate(db: CardDB, setup: LegendarySetup) -> None:
    """Raise SetupError for a setup the rules forbid."""
    n = len(setup.avatars)
    if not 1 <= n <= 5:
        raise SetupError("LE-GEN-01: the game is for 1 to 5 players")
    if len(set(setup.avatars)) != n:
        raise SetupError("LE-SETUP-03: no Avatar can be used by two players")
    chars = []
    for a in setup.avatars:
        card = db.cards.get(a)
        if card is None or card.kind != "avatar" or card.deck == traitor.DECK:
            raise SetupError(f"LE-SETUP-02: {a!r} is not an Avatar a player can choose")
        chars.append(card.character)
    if len(set(chars)) != n:
        raise SetupError("LE-SETUP-03: two versions of the same character cannot play together")
    if len(setup.acts) != 3:
        raise SetupError("LE-SETUP-08: choose exactly one Act 1, one Act 2 and one Act 3")
    act_cards: dict[str, list[Any]] = {}
    for c in db.cards.values():
        if c.kind == "act":
            act_cards.setdefault(c.story, []).append(c)
    for i, story in enumerate(setup.acts, start=1):
        cards = act_cards.get(story, [])
        if not cards or any(c.act != i for c in cards):
            raise SetupError(f"LE-SETUP-08: {story!r} is not an Act {i}")
        if len(cards) != (2 if i == 3 else 1):
            raise SetupError(f"LE-SETUP-10: {story!r} needs {2 if i == 3 else 1} Act card(s)")
    if len(set(setup.groups)) != 4:
        raise SetupError("LE-SETUP-18: Zion is built from 4 different Hero Groups")
    heroes = [c for c in db.cards.values() if c.kind == "hero"]
    zion_groups = {c.group for c in heroes if _zion_hero(c, {c.group})}
    for g in setup.groups:
        if g not in zion_groups:
            if g in db.extra_groups:
                if setup.story:
                    continue  # LE-STORY-05: a story may start an Extra Hero Group in Zion
                raise SetupError(f"LE-SETUP-19: {g!r} is an Extra Hero Group: it may join Zion "
                                 "only during play (a story of your own may start it in Zion)")
            if any(c.group == g and c.extra for c in heroes):
                raise SetupError(f"LE-STORY-05: {g!r} are Extra cards, not a Hero Group: only the "
                                 f"Extra Hero Groups ({', '.join(sorted(db.extra_groups))}) may "
                                 "start in Zion")
            raise SetupError(f"LE-SETUP-18: no Hero Group {g!r}")
    _check_neo_group(db, setup, heroes)
    problem = variant_problem(setup.variants) or traitor.setup_problem(setup.traitor, n)
    if problem:
        raise SetupError(problem)
    if (problem := seats_problem(setup.seats, n, LEGENDARY_SEAT_KINDS)) is not None:
        raise SetupError(f"seats: {problem}")
    need, have = 3 * pots_per_mini_deck(setup), sum(
        c.copies for c in db.cards.values() if getattr(c, "part_of_the_system", False))
    if need > have:
        raise SetupError(f"LE-VARIANT-03: {need} Part of the System cards needed, {have} exist")
    if not db.starting_deck:
        raise SetupError("LE-SETUP-01: no starting deck is loaded (cards/legendary/films.toml)")
    if setup.start_time is not None and setup.start_time < 1:
        raise SetupError("LE-CAMPAIGN-14: the starting Time Track must be at least 1 "
                         f"(not {setup.start_time})")
    if setup.scars:
        if len(setup.scars) != n or any(k < 0 for k in setup.scars):
            raise SetupError("LE-CAMPAIGN-16: give each player a scar count of 0 or more")
        strikes = sum(c.copies for c in db.cards.values() if c.kind == "strike")
        if sum(setup.scars) > strikes:
            raise SetupError(f"LE-CAMPAIGN-16: {sum(setup.scars)} scars need more than the "
                             f"{strikes} Strike cards")
    if setup.first_player is not None:
        ranks = [db.cards[a].rank for a in setup.avatars]
        if not 0 <= setup.first_player < n or ranks[setup.first_player] != min(ranks):
            raise SetupError("LE-SETUP-25: only a player with the best Rank can go first")


def pots_per_mini_deck(setup: LegendarySetup) -> int:
    """Part of the System cards per mini-deck (LE-SETUP-15), one more or fewer per step of the
    options that change it (LE-VARIANT-03/07), never below 0."""
    return max(0, POTS_BY_PLAYERS[len(setup.avatars)] + setup.variants.count("not_ready_to_be_unplugged")
               - setup.variants.count("smaller_system"))


def _check_neo_group(db: CardDB, setup: LegendarySetup, heroes: list[Any]) -> None:
    """LE-STORY-04: in a story of the players' own, a Neo Hero Group starts in Zion or waits among
    Act 1's Extras. (Every film's setup has one; test setups without a story are not held to it.)"""
    if not setup.story:
        return
    if db.neo_groups & set(setup.groups):
        return
    act1 = f"act:{setup.acts[0]}"
    if any(c.extra and c.deck == act1 and c.group in db.neo_groups for c in heroes):
        return
    raise SetupError("LE-STORY-04: every game needs a Neo Hero Group: put one in Zion, or play an "
                     "Act 1 whose Extras hold one")


def pile_names(db: CardDB, players: int) -> list[str]:
    """Every pile of a table for ``players`` players: the global piles, the Row spaces and what is
    attached to them, the Dock spaces, and each player's piles."""
    names = list(GLOBAL_PILES)
    for i in range(rowmod.ROW_SPACES):
        names += [row(i), att(i)]
    names += [dock(i) for i in range(db.playmat.dock_spaces)]
    return names + [pp(seat, name) for seat in range(players) for name in PLAYER_PILES]


def new_state(db: CardDB, setup: LegendarySetup) -> State:
    """Build the starting state (LE-SETUP-01..25) and run to the first decision or Action Phase."""
    validate(db, setup)
    # ``box_index``: the cards still in the box, by definition; what is left goes into the "box"
    # pile at the end.
    defs, box_index = _physical_cards(db)
    n = len(setup.avatars)
    piles: dict[str, list[int]] = {name: [] for name in pile_names(db, n)}
    s = State(defs=defs, piles=piles, players=[], rng=rng.seed_state(setup.seed),
              setup=setup.to_dict(), time=db.playmat.start_time)
    t = Table(db, s)
    def take(def_id: str, dst: str, *, face_up: bool = False) -> int:
        cid = box_index[def_id].pop()
        piles[dst].append(cid)
        if face_up:
            s.face_up.add(cid)
        return cid

    by_deck = db.index.decks

    def take_all(decks: Any, pred: Any, dst: str) -> list[int]:
        """Every card left in the box of these decks that ``pred`` accepts, in card id order."""
        got = []
        # only the decks asked for: looking at every definition for each pile costs a tenth of a game
        for d in sorted(d for deck in decks for d in by_deck.get(deck, ())):
            ids = box_index.get(d)  # (none for a card with no copies)
            if ids and pred(db.cards[d]):
                got.extend(reversed(ids))  # the order ``take`` would take them in
                ids.clear()
        piles[dst].extend(got)
        return got

    # Avatars and starting decks (LE-SETUP-01/02/04/23/24).
    for seat, av in enumerate(setup.avatars):
        acard = db.cards[av]
        aid = take(av, pp(seat, "avatar"), face_up=True)
        if acard.start_side == "back":  # LE-SETUP-04: Thomas Anderson's side up
            s.flipped.add(aid)
        p = PlayerState(seat=seat, avatar=aid, in_matrix=acard.starts_in_matrix)
        if "dodge_bullets" in setup.variants:
            p.health_bonus = acard.speed  # LE-VARIANT-05
        s.players.append(p)
        for def_id, count in db.starting_deck:  # cards/legendary/films.toml
            for _ in range(count):
                dst = pp(seat, "deck")
                if db.cards[def_id].free_your_mind and acard.free_your_mind_out_of_play:
                    dst = "out_of_play"
                take(def_id, dst)
    # Hovercrafts and Strikes (LE-SETUP-06/07).
    take_all(("hovercraft",), lambda c: True, "hovercraft")
    t.shuffle("hovercraft")
    take_all(("strikes",), lambda c: c.kind == "strike", "strikes")
    t.shuffle("strikes")
    # Scars (LE-CAMPAIGN-16/17): the top Strike cards, unseen, face down beside the Avatar; they
    # stay out of the Strike deck for the whole game.
    for seat, count in enumerate(setup.scars):
        for _ in range(count):
            t.move(s.piles["strikes"][-1], "strikes", pp(seat, "scars"), face_up=False)
    # Act stack (LE-SETUP-09): Act 1 on top, Act 3's Part 3 card at the bottom.
    stack: list[int] = []
    for story in setup.acts:
        cards = sorted((c for c in db.cards.values() if c.kind == "act" and c.story == story),
                       key=lambda c: c.parts[0].part)
        stack.extend(take(c.id, "acts", face_up=True) for c in cards)
    s.piles["acts"] = list(reversed(stack))
    # Matrix Deck (LE-SETUP-11..16), Act 3 first so Act 1 ends on top.
    k = pots_per_mini_deck(setup)
    pots = take_all(("part_of_the_system",), lambda c: getattr(c, "part_of_the_system", False),
                    "out_of_play")
    if 3 * k > len(pots):
        raise SetupError(f"LE-VARIANT-03: {3 * k} Part of the System cards needed, {len(pots)} exist")
    s.rng = rng.shuffle(s.rng, pots)
    deck: list[int] = []
    for story in reversed(setup.acts):
        label = f"act:{story}"
        mini = take_all((label,), lambda c: not c.extra and c.kind != "act", "matrix_deck")
        inev = [c for c in mini if db.cards[defs[c]].kind == "inevitable"]
        rest = [c for c in mini if c not in inev]
        for _ in range(k):
            c = pots.pop()
            t.move(c, "out_of_play", "matrix_deck")
            rest.append(c)
        for def_id in traitor.minideck_extras(setup.traitor, setup.acts.index(story) + 1):
            rest.append(take(def_id, "matrix_deck"))  # LE-TRAITOR-03, LE-SMITH-01
        s.rng = rng.shuffle(s.rng, rest)
        if inev:
            s.inevitable = inev[0]
            s.face_up.add(inev[0])  # LE-INEVITABLE-08: always counts as face up
            if db.cards[defs[inev[0]]].start_side == "back":  # LE-SETUP-11: its stated side up
                s.flipped.add(inev[0])
            deck.extend(inev)
        deck.extend(rest)
    s.piles["matrix_deck"] = deck
    # Extras (LE-SETUP-17).
    groups = set(setup.groups)
    if setup.story:  # LE-STORY-05: an Extra Hero Group chosen for Zion starts there
        extra_decks = {c.deck for c in db.cards.values() if _extra_hero(c, groups)}
        take_all(extra_decks, lambda c: _extra_hero(c, groups), "zion")
    stories = {f"act:{x}" for x in setup.acts}
    take_all(stories, lambda c: c.extra, "extras")
    # Zion and the Dock (LE-SETUP-18/22).
    take_all([f"group:{g}" for g in groups], lambda c: _zion_hero(c, groups), "zion")
    if setup.traitor:
        traitor.deal(t, take)  # LE-TRAITOR-04..07
    piles["box"] = sorted(c for ids in box_index.values() for c in ids)  # what setup did not take
    t.shuffle("zion")
    for i in range(db.playmat.dock_spaces):
        t.move(s.piles["zion"][-1], "zion", dock(i), face_up=True)
    # Time Track (LE-SETUP-21, LE-VARIANT-09, LE-CAMPAIGN-14).
    s.time = starting_time(db, setup)
    # Hands (LE-SETUP-24).
    for seat in range(n):
        t.shuffle(pp(seat, "deck"))
        t.draw(seat, db.playmat.hand_size)
    # First player (LE-SETUP-25).
    ranks = [db.cards[a].rank for a in setup.avatars]
    best = [i for i, r in enumerate(ranks) if r == min(ranks)]
    if setup.first_player is not None and setup.first_player in best:
        s.active = setup.first_player
    else:
        s.active = best[t.below(len(best))]
    # Prep turns (LE-VARIANT-01/04, LE-CAMPAIGN-18): at most one per player.
    if n == 5 or "construct" in setup.variants or setup.prep_turns:
        for p in s.players:
            p.prep_turn = True
    if "agents_are_coming" in setup.variants:  # LE-VARIANT-08
        for _ in range(3):
            rowmod.matrix_phase(t)
    s.turn_no = 1
    s.stack.append({"op": "start_turn"})
    flow.run(t)
    return s
