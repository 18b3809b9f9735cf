"""The playmat in card units: where every area lies (pure geometry, no Qt widgets).

One card is ``CARD_W`` x ``CARD_H`` scene units (a card unit of 100). The main column mirrors the
physical playmat: the Matrix (Combat Zone, Row, Matrix Deck, Acts; Operations, In The Matrix,
discards) on top, the Real World row (Hovercraft, Dock, Zion, Strikes) below it, then the active
player's area. The other players' areas are stacked, smaller, in a column on the right.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from matrix_gui.layout import CARD_H, CARD_W, SPACE, SPREAD, STACK, TOKEN, TRACK, Area

STEP = 115.0  # one card plus a gap
LABEL_H = 26.0
MAIN_W = 1260.0
MAIN_X = 34.0  # the main column starts after the bands' vertical labels
SIDE_X = 1334.0
SIDE_W = 500.0
SIDE_SCALE = 0.55
SIDE_SCALE_FEW = 0.75  # the other players' scale when there are only one or two of them
SIDE_MIN = 0.5  # the other players' smallest scale, however narrow the window
MAX_SIDE = 1.3  # and their largest: a lone other player's cards a little larger than the active's
RSI_W = 52.0  # room for an RSI standee beside its Avatar
LANE_SCALE = 0.5  # a card travelling beneath the Dock, drawn at half size
BADGE_ROOM = 28.0  # under a pile: its count (items.AreaItem.badge_rect)
LANE_H = CARD_H * LANE_SCALE + 16 + BADGE_ROOM  # the lane beneath the Real World row, while a card
# travels there (below the Hovercraft stack's count)
SCAR_SCALE = 0.42  # a campaign's scars: a small face-down stack above the standee, beside the Avatar


@dataclass(frozen=True)
class Phone:
    """A phone the RSI can leave the Matrix by: the Row's phone spaces and the Combat Zone pay phone."""

    name: str
    x: float
    y: float
    w: float
    h: float
    label: str


@dataclass(frozen=True)
class Band:
    """A labelled background band (The Matrix, The Real World, a player's area)."""

    x: float
    y: float
    w: float
    h: float
    label: str
    tone: str  # "matrix", "real", "player", "active"


@dataclass
class TableLayout:
    areas: dict[str, Area]
    phones: dict[str, Phone]
    bands: list[Band]
    width: float
    height: float
    decision_at: tuple[float, float] = (664.0, 90.0)  # centre x and top of the decision banner
    # the lane beneath the Hovercraft stack and the Dock (x, y, w, h; it runs on to Zion), present
    # while a card travels there: its positions are the areas ``beneath.0``..``beneath.5``
    lane: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class RowSpaceInfo:
    name: str
    scan_cost: int | None
    phone: bool


def compute(players: int, active: int, row: list[RowSpaceInfo], combat_phone_cost: int,
            player_names: list[str] | None = None, secret: bool = False,
            lane: bool = False, scars: bool = False, aspect: float | None = None) -> TableLayout:
    """The table for ``players`` seats with ``active`` in the big area at the bottom; ``secret``:
    each player has a hidden Traitor Mode card beside the Avatar (LE-TRAITOR-07); ``lane``: a
    card travels beneath the Dock (LE-CARD-21..23), so the Real World row has a lane below it;
    ``scars``: a campaign game with scars, face down beside each Avatar (LE-CAMPAIGN-16);
    ``aspect``: the shape (width / height) of the view it fills, if known (``side_scale``)."""
    names = player_names or [f"Player {i + 1}" for i in range(players)]
    areas: dict[str, Area] = {}
    phones: dict[str, Phone] = {}
    bands: list[Band] = []

    def add(a: Area) -> None:
        areas[a.key] = a

    # --- The Matrix: top two rows -----------------------------------------------------------------
    ya = LABEL_H + 8
    # the Combat Zone reaches down to the next row's labels, room for two rows of smaller cards
    add(Area("combat", 0, ya, 330, CARD_H + 26, SPREAD, "Combat Zone", back="matrix", fan=True))
    phones["combat"] = Phone("combat", 330 - 130, ya - 27, 130, 24, f"pay phone · {combat_phone_cost}")
    for i, sp in enumerate(row):
        x = 350 + i * STEP
        cost = "no scan" if sp.scan_cost is None else f"scan {sp.scan_cost}"
        add(Area(f"row.{i}", x, ya, CARD_W, CARD_H, SPREAD, f"{sp.name} · {cost}", back="matrix"))
        add(Area(f"att.{i}", x + CARD_W - 42, ya + CARD_H - 50, 42, 50, STACK, "", 0.3, "matrix"))
        if sp.phone:
            phones[sp.name.lower()] = Phone(sp.name.lower(), x, ya + CARD_H + 4, CARD_W, 24, "phone")
    add(Area("matrix_deck", 935, ya, CARD_W, CARD_H, STACK, "Matrix Deck", back="matrix"))
    add(Area("acts", 1050, ya, CARD_W, CARD_H, STACK, "Act", back="act"))
    yb = ya + CARD_H + 30 + LABEL_H
    add(Area("operations", 0, yb, 330, CARD_H, SPREAD, "Operations", back="matrix"))
    add(Area("in_matrix", 350, yb, 330, CARD_H, SPACE, "In The Matrix"))
    add(Area("discarded", 700, yb, CARD_W, CARD_H, STACK, "Discarded", back="matrix"))
    add(Area("defeated_enemies", 815, yb, CARD_W, CARD_H, STACK, "Defeated Enemies", back="matrix"))
    add(Area("resolving", 935, yb, 215, CARD_H, SPREAD, "Resolving", back="matrix"))
    add(Area("time", 1170, ya, 90, yb + CARD_H - ya, TRACK, "Time"))
    bands.append(Band(-12, 0, MAIN_W + 24, yb + CARD_H + 14, "THE MATRIX", "matrix"))


    # --- The Real World row ----------------------------------------------------------------------
    yc = yb + CARD_H + 22 + LABEL_H + 8
    add(Area("hovercraft", 0, yc, CARD_W, CARD_H, STACK, "Hovercraft · 3", back="hovercraft"))
    for i in range(5):
        add(Area(f"dock.{i}", 125 + i * STEP, yc, CARD_W, CARD_H, SPREAD, f"Dock {i + 1}", back="zion"))
    add(Area("zion", 710, yc, CARD_W, CARD_H, STACK, "Zion", back="zion"))
    add(Area("strikes", 825, yc, CARD_W, CARD_H, STACK, "Strikes", back="strike"))
    add(Area("strike_discard", 940, yc, CARD_W, CARD_H, STACK, "Strike discard", back="strike"))
    add(Area("defeated_heroes", 1055, yc, CARD_W, CARD_H, STACK, "Defeated Heroes", back="hero"))
    add(Area("real_world", 1170, yc, 90, CARD_H, SPREAD, "Enemies here", 0.64, "matrix", fan=True))
    lane_h = LANE_H if lane else 0.0
    lane_rect = None
    if lane:  # position 0 below the Hovercraft stack, 1..5 beneath the Dock spaces, then Zion
        yl = yc + CARD_H + 10 + BADGE_ROOM
        lw, lh = CARD_W * LANE_SCALE, CARD_H * LANE_SCALE
        for i in range(6):
            x = (0.0 if i == 0 else 10 + i * STEP) + (CARD_W - lw) / 2  # under its Hovercraft or Dock
            add(Area(f"beneath.{i}", x, yl, lw, lh, SPREAD, "", LANE_SCALE, "matrix"))
        lane_rect = (0.0, yl, 710 + CARD_W, lh)
    bands.append(Band(-12, yc - LABEL_H - 8, MAIN_W + 24, CARD_H + LABEL_H + 22 + lane_h, "THE REAL WORLD",
                      "real"))

    # --- the active player's area -------------------------------------------------------------------
    yd = yc + CARD_H + 26 + LABEL_H + 8 + lane_h
    a = active
    _player(add, a, 0, yd, 1.0, MAIN_W, names[a], secret, scars)
    ye = yd + CARD_H + 14 + LABEL_H
    height = ye + CARD_H + 20
    bands.append(Band(-12, yd - LABEL_H - 8, MAIN_W + 24, height - yd + LABEL_H + 8,
                      f"{names[a]} (active)", "active"))

    # the main column moves right of the bands' vertical labels
    for k, ar in list(areas.items()):
        areas[k] = replace(ar, x=ar.x + MAIN_X)
    for k, ph in list(phones.items()):
        phones[k] = replace(ph, x=ph.x + MAIN_X)
    bands = [replace(b, x=0, w=b.w + MAIN_X - 12) for b in bands]
    if lane_rect is not None:
        lane_rect = (lane_rect[0] + MAIN_X, *lane_rect[1:])

    # --- the other players, in turn order, on the right -----------------------------------------------
    # (their cards as large as the window's shape leaves room for beside the main column)
    others = [(a + k) % players for k in range(1, players)]
    width = MAIN_W + MAIN_X
    if others:
        k, rows = side_scale(len(others), height, aspect)
        side_w = side_width(k, rows)
        width = SIDE_X + side_w
        block = height / max(len(others), 3)
        if len(others) < 3:  # each band as tall as its cards
            block = band_height(k, rows)
        for n, seat in enumerate(others):
            y = n * block + LABEL_H + 24
            _player(add, seat, SIDE_X, y, k, side_w, names[seat], secret, scars, rows)
            bands.append(Band(SIDE_X - 10, n * block, side_w + 20, block - 8, names[seat], "player"))
    # a decision shows over the Real World row (the Dock), never over the Matrix Row and Resolving
    # area that hold the card asking, nor the active player's hand and Strikes
    return TableLayout(areas, phones, bands, width, height, (MAIN_X + 520, yc - 30), lane_rect)


def band_height(k: float, rows: int) -> float:
    """An other player's band: its label, ``rows`` rows of cards at scale ``k`` and their labels."""
    return LABEL_H + 24 + rows * CARD_H * k + (rows - 1) * 22 + 24 + (BADGE_ROOM if rows == 4 else 0)


def side_width(k: float, rows: int) -> float:
    """The other players' column at scale ``k``: three rows need three quarters of two rows' width,
    four rows (the Strikes under the Avatar's row) three fifths."""
    return SIDE_W * k / SIDE_SCALE * {2: 1.0, 3: 0.75, 4: 0.6}[rows]


def side_scale(others: int, height: float, aspect: float | None) -> tuple[float, int]:
    """The other players' card scale and rows of cards. Without the view's ``aspect`` as before:
    0.75 for one or two, 0.55 for more. With it, as large as the window's shape leaves room for
    beside the main column (so the table fills a wide window: at 2560x1440 a single other player's
    cards are as large as the active player's), each band within its share of the table's height;
    one or two players lay their cards in three rows (the play area and the hand each in a row of
    their own), so their bands fill more of the height."""
    base = SIDE_SCALE if others >= 3 else SIDE_SCALE_FEW
    if aspect is None:
        return base, 2
    share = height / max(others, 3) if others >= 3 else height / others

    def scale(rows: int) -> float:
        fits = (share - band_height(0.0, rows)) / (rows * CARD_H)  # the most the share holds
        wide = (aspect * height - SIDE_X) / side_width(1.0, rows)  # the most the window's width holds
        return max(SIDE_MIN, min(MAX_SIDE, fits, wide))

    if others >= 3:
        return scale(2), 2
    # one or two: the layout of three rows, or for a lone other player in a wide window four rows
    # (narrower, so larger cards fill the column's height), whichever gives the larger cards
    choices = [(scale(3), 3)] + ([(scale(4), 4)] if others == 1 else [])
    return max(choices, key=lambda c: (round(c[0], 3), -c[1]))


def _player(add, seat: int, x0: float, y0: float, k: float, width: float, name: str,
            secret: bool = False, scars: bool = False, rows: int = 2) -> None:
    """One player's area at scale ``k``: Avatar, (scars), pool, deck, discard, (hidden card),
    Strikes, play area, hand; ``rows`` 3: the play area in a row of its own above the hand; 4: the
    Strikes under the Avatar's row, beside Beside and Coordinated, then the play area and the hand."""
    cw, ch, step = CARD_W * k, CARD_H * k, STEP * k
    p = f"p{seat}."
    add(Area(p + "avatar", x0, y0, cw, ch, STACK, "Avatar", k, "avatar", seat))
    if scars:  # over the standee's strip, right of the Avatar: the standee stands below it
        sk = SCAR_SCALE * k
        add(Area(p + "scars", x0 + cw + 4 * k, y0, CARD_W * sk, CARD_H * sk, STACK, "", sk, "strike",
                 seat))
    x0r = x0 + RSI_W * k  # the RSI standee stands right of the Avatar, never over its text
    if x0 == 0:  # the active player's pool
        add(Area(f"pool{seat}", x0r + step, y0, cw, ch, TOKEN, "Recruit · Attack", k, seat=seat))
        x = x0r + 2 * step
    else:
        x = x0r + step
    add(Area(p + "deck", x, y0, cw, ch, STACK, "Deck", k, "hero", seat))
    add(Area(p + "discard", x + step, y0, cw, ch, STACK, "Discard", k, "hero", seat))
    xs = x + 2 * step
    if secret:  # the face-down loyalty card beside the Avatar
        add(Area(p + "hidden", xs, y0, cw, ch, STACK, "Hidden", k, "hero", seat))
        xs += step
    sw = 170 * k / (1.0 if x0 == 0 else 0.75)
    crowded = x0 > 0  # the other players' small areas lay crowded cards in rows of whole cards
    side = 170.0 if not crowded else 100.0 * k / SIDE_SCALE_FEW if rows != 2 else 100.0
    small = 0.8 if not crowded else 1.0
    rest = width - 2 * (side + 20 * k)  # the room beside Beside and Coordinated
    ys = y0 + ch + 22 + BADGE_ROOM if rows == 4 else y0  # four rows: the Strikes under the Avatar's row
    # (below the Deck's and Discard's counts)
    add(Area(p + "strikes", xs if rows != 4 else x0, ys, sw if rows != 4 else rest, ch, SPREAD, "Strikes",
             k * 0.8 if x0 == 0 else k, "strike", seat, fan=True))
    if rows == 2:  # the play area ends the first row; the hand, Beside and Coordinated the second
        xp = xs + sw + 20 * k
        add(Area(p + "play", xp, y0, x0 + width - xp, ch, SPREAD, "Play area", k, "hero", seat, fan=crowded))
        yh = y0 + ch + (14 + LABEL_H) * k if not crowded else y0 + ch + 22
        yb, hand_w = yh, rest
    elif rows == 3:  # the play area with Beside and Coordinated in the second row, the hand in the third
        yb = y0 + ch + 22
        add(Area(p + "play", x0, yb, rest, ch, SPREAD, "Play area", k, "hero", seat, fan=crowded))
        yh, hand_w = yb + ch + 22, width
    else:  # the Strikes with Beside and Coordinated in the second row, the play area, the hand
        yb = ys
        yp = yb + ch + 22
        add(Area(p + "play", x0, yp, width, ch, SPREAD, "Play area", k, "hero", seat, fan=crowded))
        yh, hand_w = yp + ch + 22, width
    add(Area(p + "hand", x0, yh, hand_w, ch, SPREAD, "Hand", k, "hero", seat, fan=crowded))
    add(Area(p + "beside", x0 + rest + 20 * k, yb, side, ch, SPREAD, "Beside", k * small,
             "matrix", seat, fan=crowded))
    add(Area(p + "coordinated", x0 + rest + side + 40 * k, yb, side, ch, SPREAD, "Coordinated",
             k * small, "hero", seat, fan=crowded))
