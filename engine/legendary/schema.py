"""Pydantic models of the Legendary card files (cards/legendary/*.toml).

Effects are a closed vocabulary: a discriminated union keyed on ``verb``. An unknown verb, a missing
or misspelt parameter fails when the file loads, naming the file and the field.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core.schema import Strict

Class = Literal["intellect", "range", "strength", "survival", "tech"]
World = Literal["matrix", "real_world"]
EnemyKeyword = Literal[
    "buy_time", "chase", "cover", "double_strike", "evade", "stationary", "undefeatable", "wild_swing"
]
HeroKeyword = Literal["coordinate", "digital", "coordinate_unlimited"]



# --- effects -----------------------------------------------------------------------------------


class GainRecruit(Strict):
    """Add Recruit to the active player's pool."""

    verb: Literal["gain_recruit"]
    amount: int = Field(ge=0)


class GainAttack(Strict):
    """Add Attack to the active player's pool."""

    verb: Literal["gain_attack"]
    amount: int = Field(ge=0)


class Draw(Strict):
    """The active player draws cards."""

    verb: Literal["draw"]
    amount: int = Field(default=1, ge=1)


class HealStrike(Strict):
    """Heal Strikes (never scars). ``who``: self, or any player (the active player chooses)."""

    verb: Literal["heal_strike"]
    amount: int = Field(default=1, ge=1)
    who: Literal["self", "any"] = "self"


class ScanAny(Strict):
    """Reveal a face-down Matrix Row card in any space for free, from either world."""

    verb: Literal["scan_any"]


class ExtraMove(Strict):
    """Grant extra moves this turn; an extra move into the Real World needs no phone."""

    verb: Literal["extra_move"]
    amount: int = Field(default=1, ge=1)


class MoveToRealWorld(Strict):
    """Move a player's RSI to the Real World at once, no phone needed."""

    verb: Literal["move_to_real_world"]
    who: Literal["self", "choose"] = "self"


class MoveToMatrix(Strict):
    """Move a player's RSI into the Matrix at once."""

    verb: Literal["move_to_matrix"]
    who: Literal["self", "choose"] = "self"


class LowerTime(Strict):
    verb: Literal["lower_time"]
    amount: int = Field(default=1, ge=1)


class RaiseTime(Strict):
    verb: Literal["raise_time"]
    amount: int = Field(default=1, ge=1)


class DrawStrike(Strict):
    """A player draws a Strike card (LE-STRIKE-14)."""

    verb: Literal["draw_strike"]
    who: Literal["self", "next"] = "self"


class AvoidStrike(Strict):
    """The next ``amount`` strikes against the active player this turn are avoided."""

    verb: Literal["avoid_strike"]
    amount: int = Field(default=1, ge=1)


class DefeatEnemy(Strict):
    """Defeat one face-up Enemy in play (the active player chooses) matching the filters.
    ``name_contains``: only an Enemy whose name holds that word, as the rulebook names Smiths
    ("Smith" in the name, LE-SMITH-08); such an effect also reaches one that cannot be fought
    (LE-CARD-19)."""

    verb: Literal["defeat_enemy"]
    descriptor: str | None = None
    name_contains: str | None = None
    max_attack: int | None = None
    where: Literal["any", "matrix_row", "combat_zone", "real_world"] = "any"


class DefeatAll(Strict):
    """Defeat every face-up Enemy in play matching the filters (LE-ABILITY-07), e.g. every Machine,
    or every Enemy with ``max_attack`` or less in one area."""

    verb: Literal["defeat_all"]
    descriptor: str | None = None
    max_attack: int | None = None
    where: Literal["any", "matrix_row", "combat_zone", "real_world"] = "any"


class ReduceEnemyAttack(Strict):
    """Every Enemy in play has less Attack this turn, including ones revealed later (never below 0)."""

    verb: Literal["reduce_enemy_attack"]
    amount: int = Field(ge=1)


class Discard(Strict):
    """The active player discards cards from hand (as many as possible, LE-ABILITY-03)."""

    verb: Literal["discard"]
    amount: int = Field(default=1, ge=1)


class DefeatTopOfDeck(Strict):
    """Defeat the top card of your deck (reshuffling first if the deck is empty)."""

    verb: Literal["defeat_top_of_deck"]


class IfWorld(Strict):
    verb: Literal["if_world"]
    world: World
    effects: list[Effect]


class IfAct(Strict):
    verb: Literal["if_act"]
    act: int = Field(ge=1, le=3)
    effects: list[Effect]


class Option(Strict):
    label: str
    effects: list[Effect]


class ChooseOne(Strict):
    verb: Literal["choose_one"]
    options: list[Option] = Field(min_length=2)


class EachPlayer(Strict):
    """Each player (active first, then clockwise; LE-TIMING-07), optionally only those in a world."""

    verb: Literal["each_player"]
    world: World | None = None
    effects: list[Effect]


class BeginNextPart(Strict):
    verb: Literal["begin_next_part"]


class PushRowIntoCombat(Strict):
    """Every card in the Matrix Row enters the Combat Zone at once (revealed one at a time)."""

    verb: Literal["push_row_into_combat"]


class PutIntoDefeated(Strict):
    """Put this card into its defeated space: not a defeat, so no defeat triggers (LE-DEFEAT-06)."""

    verb: Literal["put_into_defeated"]


class PutIntoDeck(Strict):
    """Put this card (an Event) into the active player's deck, or on their discard pile."""

    verb: Literal["put_into_deck"]
    position: Literal["top", "shuffle", "discard"] = "shuffle"


class AttachToSpace(Strict):
    """This card becomes attached to its Row space: it no longer occupies it (LE-TERM-02)."""

    verb: Literal["attach_to_space"]


class Allow(Strict):
    """A card permission overriding a rulebook limit this turn (LE-ABILITY-01)."""

    verb: Literal["allow"]
    what: Literal["fight_from_real_world", "recruit_in_matrix", "leave_matrix"]


class Forbid(Strict):
    """A card prohibition this turn; prohibitions beat permissions (LE-ABILITY-02)."""

    verb: Literal["forbid"]
    what: Literal["leave_matrix", "enter_matrix", "recruit", "scan"]


class PlaceInRealWorld(Strict):
    """This Enemy goes to the Real World, beside the active player's Avatar or in the general area."""

    verb: Literal["place_in_real_world"]
    beside: Literal["active", "none"] = "none"


class MoveToOperations(Strict):
    verb: Literal["move_to_operations"]


class ClearMatrixDeck(Strict):
    """An Act instruction: every card left in the Matrix Deck is removed from the game (LE-MATRIX-10
    then adds nothing; LE-TRAITOR-13 resolves a Secrets Revealed so removed)."""

    verb: Literal["clear_matrix_deck"]


class AddExtrasToZion(Strict):
    """Shuffle this Act's Extra Heroes (optionally one Hero Group) into Zion."""

    verb: Literal["add_extras_to_zion"]
    group: str | None = None


class GainExtra(Strict):
    """Each player (or the active one) gains a copy of a named Extra Hero of this Act."""

    verb: Literal["gain_extra"]
    card: str
    who: Literal["self", "each"] = "each"


class Pay(Strict):
    """You may pay Recruit and/or Attack to resolve ``effects`` (offered only when affordable)."""

    verb: Literal["pay"]
    recruit: int = Field(default=0, ge=0)
    attack: int = Field(default=0, ge=0)
    effects: list[Effect]


class IfRevealedBy(Strict):
    """Reveal abilities only: resolve ``effects`` if this card was revealed by scanning (any scan,
    paid or free) or by entering the Combat Zone (LE-SCAN-10)."""

    verb: Literal["if_revealed_by"]
    by: Literal["scan", "combat"]
    effects: list[Effect]


class PlaceInRow(Strict):
    """Put a card into Row ``space`` (0 = Subway), pushing any card there normally (LE-MATRIX-08):
    the top Matrix Deck card face down, or this card as it is."""

    verb: Literal["place_in_row"]
    space: int = Field(ge=0, le=4)
    card: Literal["matrix_deck_top", "this"] = "matrix_deck_top"


class IfInPlayArea(Strict):
    """Resolve ``effects`` if the active player's play area (this turn's played cards still in play,
    virtual copies included, LE-TERM-06) holds a Hero matching every given filter. With ``other``,
    the card that carries this effect does not count for itself."""

    verb: Literal["if_in_play_area"]
    card: str | None = None
    group: str | None = None
    cls: Class | None = None
    other: bool = False
    effects: list[Effect]


class PutExtra(Strict):
    """Put a named Extra card of the instructing card's own Act into play face up (LE-ACT-16/17/19):
    into Row ``space`` (pushing normally), the Combat Zone, the Real World or Operations."""

    verb: Literal["put_extra"]
    card: str
    to: Literal["matrix_row", "combat_zone", "real_world", "operations"] = "matrix_row"
    space: int = Field(default=4, ge=0, le=4)


class LightFuse(Strict):
    """Light this card's fuse: it does not strike on your turn, and if it is still in play at the
    start of your next turn its ``fuse`` effects resolve (LE-CARD-41)."""

    verb: Literal["light_fuse"]


class Hook(Strict):
    """A rule no verb can say: a Python hook registered under ``name``."""

    verb: Literal["hook"]
    name: str


Effect = Annotated[
    (
        GainRecruit | GainAttack | Draw | HealStrike | ScanAny | ExtraMove | MoveToRealWorld |
        MoveToMatrix | LowerTime | RaiseTime | DrawStrike | AvoidStrike | DefeatEnemy | DefeatAll |
        ReduceEnemyAttack | Discard | DefeatTopOfDeck | IfWorld | IfAct | ChooseOne | EachPlayer |
        BeginNextPart | PushRowIntoCombat | PutIntoDefeated | PutIntoDeck | AttachToSpace | Allow |
        Forbid | PlaceInRealWorld | MoveToOperations | AddExtrasToZion | GainExtra | Pay | IfRevealedBy |
        PlaceInRow | IfInPlayArea | PutExtra | LightFuse | ClearMatrixDeck | Hook
    ),
    Field(discriminator="verb"),
]


# "Matrix Row:" / "Combat Zone:" abilities (LE-TIMING-02): standing permissions and prohibitions,
# in force only while the face-up card is in that area.
AreaEffect = Annotated[Allow | Forbid, Field(discriminator="verb")]


# --- cards -----------------------------------------------------------------------------------


class _Card(Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    text: str = ""
    flavor: str = ""
    copies: int = Field(default=1, ge=1)
    deck: str = Field(description="Deck Label: starting, hovercraft, strikes, group:<id>, act:<id>, ...")
    extra: bool = False


class ClassAbility(Strict):
    cls: Class
    effects: list[Effect]


class HeroCard(_Card):
    kind: Literal["hero"]
    group: str = ""
    classes: list[Class] = []
    cost: int = Field(default=0, ge=0)
    recruit: int = Field(default=0, ge=0)
    attack: int = Field(default=0, ge=0)
    recruit_plus: bool = False
    attack_plus: bool = False
    keywords: list[HeroKeyword] = []
    effects: list[Effect] = []
    class_ability: ClassAbility | None = None
    classes_chosen_on_play: bool = Field(
        default=False, description="each time it is played (a virtual copy too) its player picks its "
        "class for the turn; `classes` is then left empty (LE-CARD-47/48)")
    once_this_turn: list[Effect] = []
    sacrifice: list[Effect] = []
    free_your_mind: bool = False
    on_draw: list[Effect] = []


class AvatarCard(_Card):
    kind: Literal["avatar"]
    character: str
    rank: int = Field(ge=1)
    speed: int = Field(ge=0)
    health: int = Field(ge=1)
    abilities: list[list[Effect] | Literal["same"]] = Field(min_length=3, max_length=3)
    ability_text: list[str] = []
    back_name: str = ""
    start_side: Literal["front", "back"] = Field(
        default="front", description="the side face up at setup; back shows back_name (LE-SETUP-04)")
    starts_in_matrix: bool = False
    free_your_mind_out_of_play: bool = False
    reveal: list[Effect] = Field(default=[], description="an Avatar shuffled into the Matrix Deck: what "
                                 "happens when it is revealed there (LE-SMITH-03)")


class Objective(Strict):
    text: str
    type: Literal["defeated", "completed", "hook", "announce"]
    cards: list[str] = []
    count: int = Field(default=1, ge=1)
    hook: str = ""


class ActPart(Strict):
    part: int = Field(ge=1, le=3)
    title: str = ""
    text: str = ""
    setup: list[Effect] = []
    objective: Objective | None = None
    on_complete: list[Effect] = []
    minor_victory: bool = False


class ActCard(_Card):
    kind: Literal["act"]
    act: int = Field(ge=1, le=3)
    story: str
    parts: list[ActPart] = Field(min_length=1, max_length=2)


class EnemyCard(_Card):
    kind: Literal["enemy"]
    attack: int | None = Field(default=0, ge=0, description="null: an icon, cannot be fought")
    attack_icon: bool = Field(default=False, description="shows an icon instead of Attack (LE-FIGHT-08)")
    attack_plus: bool = False
    descriptors: list[str] = []
    keywords: list[EnemyKeyword] = []
    evade_cost: int = Field(default=0, ge=0)
    buy_time_cost: int = Field(default=5, ge=0)
    fights_needed: int = Field(default=1, ge=1)
    rotates: bool = Field(
        default=False, description="turns upside down when revealed, then turns over again each "
        "time it moves: along the Matrix Row or into the Combat Zone (LE-CARD-08..11)")
    upside_down_attack: int | None = Field(
        default=None, ge=0, description="its Attack while upside down (null: the same as `attack`)")
    fight_only: bool = Field(
        default=False, description="only a fight paying its printed Attack defeats it: effects that "
        "defeat Enemies pass it by and nothing lowers its Attack (LE-CARD-49)")
    reveal: list[Effect] = []
    fight: list[Effect] = []
    strike_mode: Literal["normal", "none", "replace"] = "normal"
    strike: list[Effect] = []
    matrix_row: list[AreaEffect] = []
    combat_zone: list[AreaEffect] = []
    part_of_the_system: bool = False
    fuse: list[Effect] = Field(default=[], description="what happens when its lit fuse burns down "
                               "with the card still in play (LE-CARD-41)")
    loses_if_zion_empty: bool = Field(default=False, description="while this card is undefeated, "
                                      "in play or in a deck, the team loses when Zion is empty "
                                      "(LE-CARD-14/15)")


class ChallengeCard(_Card):
    kind: Literal["challenge"]
    descriptors: list[str] = []
    keywords: list[EnemyKeyword] = []
    cost_recruit: int = Field(default=0, ge=0)
    cost_attack: int = Field(default=0, ge=0)
    cost_either: int = Field(default=0, ge=0)
    condition: Literal["none", "dock_groups_4", "hook"] = "none"
    condition_hook: str = ""
    reveal: list[Effect] = []
    complete: list[Effect] = []
    matrix_row: list[AreaEffect] = []
    combat_zone: list[AreaEffect] = []


class EventCard(_Card):
    kind: Literal["event", "special"]
    descriptors: list[str] = []
    reveal: list[Effect] = []
    on_draw: list[Effect] = []
    part_of_the_system: bool = False
    loses_if_zion_empty: bool = Field(default=False, description="while this card is undefeated, "
                                      "in play or in a deck, the team loses when Zion is empty "
                                      "(LE-CARD-14/15)")


class StrikeCard(_Card):
    kind: Literal["strike"]
    damage: int = Field(ge=0)
    effects: list[Effect] = []
    stays: bool = Field(default=True, description="false: discarded after resolving instead of kept")
    may_take_instead: bool = False
    pay_time_to_avoid: int = Field(default=0, ge=0)


class InevitableCard(_Card):
    kind: Literal["inevitable"]
    start_side: Literal["front", "back"] = "front"
    on_enter_combat: list[Effect] = []


Card = Annotated[
    HeroCard | AvatarCard | ActCard | EnemyCard | ChallengeCard | EventCard | StrikeCard | InevitableCard,
    Field(discriminator="kind"),
]


class CardFile(Strict):
    """One TOML file: ``[[card]]`` tables."""

    card: list[Card] = []


class RowSpace(Strict):
    name: str
    scan_cost: int | None = Field(default=None, ge=0)
    phone: bool = False


class Playmat(Strict):
    """The physical playmat as data (cards/legendary/playmat.toml)."""

    row: list[RowSpace] = Field(min_length=5, max_length=5)
    combat_phone_cost: int = Field(ge=0)
    combat_phone_max_cards: int = Field(ge=1)
    dock_spaces: int = Field(default=5, ge=1)
    hand_size: int = Field(default=6, ge=1)
    start_time: int = Field(default=10, ge=1)
    buy_time_default: int = Field(default=5, ge=0)


for _m in (IfWorld, IfAct, Option, ChooseOne, EachPlayer, Pay, IfRevealedBy, IfInPlayArea, ClassAbility,
           HeroCard, AvatarCard,
           ActPart, ActCard, EnemyCard, ChallengeCard, EventCard, StrikeCard, InevitableCard, CardFile):
    _m.model_rebuild()


# --- films (cards/legendary/films.toml) -----------------------------------------------------------


class DeckEntry(Strict):
    """``count`` copies of the card ``card`` in each player's starting deck."""

    card: str
    count: int = Field(ge=1)


class Film(Strict):
    """One film's setup (LE-FILMS): Act stories 1-3, its four Zion Hero Groups, its Avatars (card
    ids; the first five in the order a smaller first game drops them from the end)."""

    id: str
    name: str
    acts: tuple[str, str, str]
    groups: tuple[str, str, str, str]
    avatars: tuple[str, ...] = Field(min_length=1)

    def loaded(self, cards: dict[str, Any]) -> bool:
        """True when every Act, Hero Group and Avatar of this film is among ``cards``."""
        return not self.missing(cards)

    def missing(self, cards: dict[str, Any]) -> list[str]:
        """What of this film ``cards`` lacks, one phrase each: an Act without its Act card(s) or
        mini-deck (LE-SETUP-10), a Hero Group without cards, an Avatar."""
        out: list[str] = []
        for n, story in enumerate(self.acts, start=1):
            act_cards = [c for c in cards.values() if c.kind == "act" and c.story == story]
            if len(act_cards) != (2 if n == 3 else 1):
                out.append(f"the Act card(s) of Act {n} {story!r}")
            if not any(c.deck == f"act:{story}" and c.kind != "act" for c in cards.values()):
                out.append(f"the mini-deck of Act {n} {story!r}")
        groups = {c.group for c in cards.values() if c.kind == "hero" and not c.extra}
        out.extend(f"the Hero Group {g!r}" for g in self.groups if g not in groups)
        out.extend(f"the Avatar {a!r}" for a in self.avatars if a not in cards)
        return out


class FilmsFile(Strict):
    """cards/legendary/films.toml: the starting deck every film uses and the films in release order.
    A films.toml in an extra card folder may only add films (the shipped file gives the deck)."""

    starting_deck: list[DeckEntry] = []
    # The Neo Hero Groups: a story needs one (LE-STORY-04); their cards are the Neo Heroes.
    neo_groups: list[str] = []
    film: list[Film] = []
