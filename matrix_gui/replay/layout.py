"""The Matrix Replay table in card units (pure geometry, no Qt).

The seat in front of the screen sits at the bottom, the other side at the top (its hand shows only
card backs). Between them, the Matrix (left) and the Real World (right) hold each side's
characters, the opponent's row above the player's. The right column holds the Time and Mission
Point counters, the contest panel (dice, totals, the Events played) and the Mission slot with the
step's buttons.
"""
from __future__ import annotations

from dataclasses import dataclass

from matrix_gui.layout import SPREAD, STACK, Area

SIDES = ("Humans", "Machines")
BACKS = ("humans", "machines")
WIDTH = 1700.0
HEIGHT = 900.0
RIGHT_X = 1340.0
RIGHT_W = 360.0
SMALL = 0.75  # the opponent's deck, discard and hand
EVENT = 0.5  # Events played in a contest


@dataclass(frozen=True)
class Zone:
    """A labelled background band: a side's strip, the Matrix, the Real World, a panel."""

    x: float
    y: float
    w: float
    h: float
    label: str
    tone: str  # "matrix", "real", "me", "opp", "panel"
    vertical: bool = True  # the label runs up the band's left strip


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


@dataclass
class ReplayLayout:
    me: int  # the seat at the bottom
    areas: dict[str, Area]
    zones: list[Zone]
    contest: Rect
    time: Rect
    mp: Rect
    buttons: list[Rect]
    width: float = WIDTH
    height: float = HEIGHT

    @property
    def opp(self) -> int:
        return 1 - self.me


def compute(me: int) -> ReplayLayout:
    """The table with seat ``me`` (0 Humans, 1 Machines) at the bottom."""
    opp = 1 - me
    areas: dict[str, Area] = {}

    def add(a: Area) -> None:
        areas[a.key] = a

    o, m = f"p{opp}.", f"p{me}."
    zones = [Zone(0, 0, 1320, 160, SIDES[opp].upper(), "opp"),
             Zone(0, 176, 770, 456, "THE MATRIX", "matrix"),
             Zone(786, 176, 534, 456, "THE REAL WORLD", "real"),
             Zone(0, 648, 1320, 252, f"{SIDES[me].upper()} · YOU", "me"),
             Zone(RIGHT_X, 0, RIGHT_W, 160, "", "panel", False),
             Zone(RIGHT_X, 176, RIGHT_W, 456, "", "panel", False),
             Zone(RIGHT_X, 648, RIGHT_W, 252, "", "panel", False)]
    # the opponent's strip: deck, discard, hand (backs) and the cards seen this turn
    add(Area(o + "deck", 44, 40, 75, 105, STACK, "Deck", SMALL, BACKS[opp], opp))
    add(Area(o + "discard", 134, 40, 75, 105, STACK, "Discard", SMALL, BACKS[opp], opp))
    add(Area(o + "hand", 236, 40, 620, 105, SPREAD, f"{SIDES[opp]}' hand", SMALL, BACKS[opp], opp))
    add(Area("seen", 880, 40, 424, 105, SPREAD, "Seen this turn", SMALL, BACKS[opp], me))
    # characters: the opponent's row above the player's, in the Matrix and in the Real World
    for seat, y in ((opp, 216), (me, 448)):
        add(Area(f"p{seat}.matrix", 44, y, 712, 154, SPREAD, f"{SIDES[seat]} in the Matrix", 1.1,
                 BACKS[seat], seat))
        add(Area(f"p{seat}.real", 826, y, 480, 154, SPREAD, f"{SIDES[seat]} in the Real World", 1.1,
                 BACKS[seat], seat))
    # the player's strip (the largest cards: the hand is what the player reads most)
    add(Area(m + "deck", 44, 690, 120, 168, STACK, "Your deck", 1.2, BACKS[me], me))
    add(Area(m + "discard", 180, 690, 120, 168, STACK, "Discard", 1.2, BACKS[me], me))
    add(Area(m + "hand", 320, 690, 986, 168, SPREAD, "Your hand", 1.2, BACKS[me], me))
    # the contest panel's Events played (the opponent's above, the player's below) and the Mission
    add(Area(o + "table", RIGHT_X + 16, 300, RIGHT_W - 32, 70, SPREAD, "", EVENT, BACKS[opp], opp))
    add(Area(m + "table", RIGHT_X + 16, 516, RIGHT_W - 32, 70, SPREAD, "", EVENT, BACKS[me], me))
    add(Area("mission", RIGHT_X + 16, 690, 108, 151, STACK, "Mission", 1.08, "humans", 0))
    buttons = [Rect(RIGHT_X + 140, 690 + i * 44, RIGHT_W - 156, 36) for i in range(4)]
    return ReplayLayout(me, areas, zones, Rect(RIGHT_X, 176, RIGHT_W, 456),
                        Rect(RIGHT_X + 10, 12, 165, 136), Rect(RIGHT_X + 185, 12, 165, 136), buttons)


def play_zone(seat: int, in_matrix: bool) -> str:
    """The area showing one of ``seat``'s characters in play."""
    return f"p{seat}.{'matrix' if in_matrix else 'real'}"
