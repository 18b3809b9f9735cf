"""The Matrix Row and Combat Zone: placing, pushing, Stationary, the Inevitable, Chase, reveals."""
from __future__ import annotations

from engine.legendary.state import row
from engine.legendary.table import Table

ROW_SPACES = 5
RIGHTMOST = ROW_SPACES - 1
ROWS = tuple(row(i) for i in range(ROW_SPACES))  # the Row spaces' pile names, left to right


def occupant(t: Table, space: int) -> int | None:
    pile = t.s.piles[ROWS[space]]
    return pile[0] if pile else None


def space_of(t: Table, cid: int) -> int | None:
    """The Row space holding ``cid`` (not attached cards), or None."""
    piles = t.s.piles
    for i, name in enumerate(ROWS):
        if piles[name] and piles[name][0] == cid:
            return i
    return None


def in_matrix_area(t: Table, cid: int) -> str | None:
    """The pile of ``cid`` if it is in the Combat Zone or a Row space's occupant, else None."""
    if cid in t.s.piles["combat"]:
        return "combat"
    space = space_of(t, cid)
    return None if space is None else ROWS[space]


def is_clear(t: Table, space: int) -> bool:
    """LE-TERM-03: no card in it, face up or down; attached cards do not count."""
    return not t.s.piles[ROWS[space]]


def has_keyword(t: Table, cid: int, kw: str) -> bool:
    return kw in t.keywords(cid)


def is_stationary(t: Table, cid: int) -> bool:
    return cid in t.s.face_up and has_keyword(t, cid, "stationary")


def place(t: Table, cid: int, src: str, space: int, *, face_up: bool | None = None) -> None:
    """Put ``cid`` into Row ``space``, pushing whatever is there one space left (LE-MATRIX-03/08).

    A Stationary occupant is never pushed: the incoming card skips on to the next space left
    (LE-KEYWORD-27, LE-INEVITABLE-09). Left of space 0 is the Combat Zone (LE-MATRIX-06).
    """
    while space >= 0 and (occ := occupant(t, space)) is not None and is_stationary(t, occ):
        space -= 1
    if space < 0:
        enter_combat(t, cid, src)
        return
    occ = occupant(t, space)
    if occ is not None:
        shift_left(t, occ, space)
    t.move(cid, src, row(space), face_up=face_up)
    if src in MOVE_SOURCES:
        moved(t, cid)
    on_enter_space(t, cid, space)


def shift_left(t: Table, cid: int, space: int) -> None:
    """Move the card in ``space`` one space left, pushing normally (into the Combat Zone from 0)."""
    if space == 0:
        enter_combat(t, cid, row(0))
    else:
        place(t, cid, row(space), space - 1)


# A card leaving one of these piles for a Row space or the Combat Zone moves (LE-CARD-09/10).
MOVE_SOURCES = frozenset(ROWS)


def moved(t: Table, cid: int) -> None:
    """LE-CARD-09/10: a face-up card that rotates turns over (180°) each time it moves, into the
    Combat Zone too. A face-down one only turns when revealed (LE-CARD-08/11)."""
    s = t.s
    if s.defs[cid] not in t.db.index.rotates or cid not in s.face_up:
        return
    if cid in s.rotated:
        s.rotated.discard(cid)
    else:
        s.rotated.add(cid)
    _rotated(t, cid)


def _rotated(t: Table, cid: int) -> None:
    up = cid in t.s.rotated
    t.emit("card_rotated", f"{t.name(cid)} turns {'upside down' if up else 'upright'}", card=cid,
           upside_down=up)


def on_enter_space(t: Table, cid: int, space: int) -> None:
    if cid == t.s.inevitable and t.mat.row[space].scan_cost is not None:
        if space not in t.s.disabled_scan:
            t.s.disabled_scan.add(space)  # LE-INEVITABLE-06: that Scan Cost is gone for good
            t.emit("scan_disabled", f"The {t.mat.row[space].name} can no longer be scanned",
                   space=space)


def enter_combat(t: Table, cid: int, src: str) -> None:
    """A card enters the Combat Zone (newest at the end); a face-down card is revealed next. The
    cards already there stay where they are: they do not move (LE-CARD-11)."""
    t.move(cid, src, "combat")
    if src in MOVE_SOURCES:
        moved(t, cid)
    if cid == t.s.inevitable:
        t.push_fx(t.fx(cid, "on_enter_combat"), cid, t.s.active)
        return
    if cid not in t.s.face_up:
        t.push({"op": "reveal", "card": cid, "how": "combat"})


def matrix_phase(t: Table) -> None:
    """LE-MATRIX-01, LE-INEVITABLE-02/04, LE-MATRIX-10: add the next card, or move the Inevitable."""
    s = t.s
    inev = s.inevitable
    if inev >= 0 and inev not in s.piles["matrix_deck"]:
        sp = space_of(t, inev)
        if sp is not None:
            t.emit("inevitable_moves", f"{t.name(inev)} moves on", card=inev)
            shift_left(t, inev, sp)
        return
    deck = s.piles["matrix_deck"]
    if not deck:
        t.emit("matrix_deck_empty", "The Matrix Deck is empty: nothing enters the Row")
        return
    top = deck[-1]
    if top == inev:
        t.emit("inevitable_arrives", f"{t.name(top)} enters the Matrix Row", card=top)
        place(t, top, "matrix_deck", RIGHTMOST, face_up=True)
        return
    place(t, top, "matrix_deck", RIGHTMOST, face_up=False)


def chase(t: Table) -> None:
    """LE-KEYWORD-21/22: each face-up Chase card in the Row moves one more space, left to right."""
    movers = [c for i in range(ROW_SPACES) if (c := occupant(t, i)) is not None
              and c in t.s.face_up and has_keyword(t, c, "chase")]
    for cid in movers:
        sp = space_of(t, cid)
        if sp is not None:
            t.emit("chase", f"{t.name(cid)} gives chase", card=cid)
            shift_left(t, cid, sp)


def push_row_into_combat(t: Table) -> None:
    """Every Row card enters the Combat Zone at once; reveals follow one by one, leftmost first
    (LE-TIMING-08)."""
    follow: list[dict] = []
    for i in range(ROW_SPACES):
        cid = occupant(t, i)
        if cid is None:
            continue
        t.move(cid, row(i), "combat")
        moved(t, cid)
        if cid == t.s.inevitable:  # its own text governs what follows (LE-INEVITABLE-04)
            follow += [{"op": "fx", "fx": e, "src": cid, "seat": t.s.active}
                       for e in t.fx(cid, "on_enter_combat")]
        elif cid not in t.s.face_up:
            follow.append({"op": "reveal", "card": cid, "how": "combat"})
    t.push(*follow)


def reveal(t: Table, cid: int, how: str) -> None:
    """Turn a Matrix card face up and schedule its Reveal ability (LE-SCAN-06) and follow-up."""
    if cid in t.s.face_up:
        return
    t.s.face_up.add(cid)
    c = t.card(cid)
    t.emit("card_revealed", f"Revealed: {c.name}", card=cid, name=c.name, how=how)
    if t.s.defs[cid] in t.db.index.rotates:  # LE-CARD-08/11: revealed anywhere, it lands upside down
        t.s.rotated.add(cid)
        _rotated(t, cid)
    # The Reveal ability resolves fully before the Event is discarded (LE-SCAN-08, LE-TIMING-08).
    t.push({"op": "after_reveal", "card": cid})
    t.push_fx(t.fx(cid, "reveal"), cid, t.s.active, how=how)


def after_reveal(t: Table, cid: int) -> None:
    """Events and Specials are resolved, then discarded (LE-SCAN-08)."""
    c = t.card(cid)
    if c.kind in ("event", "special"):
        src = in_matrix_area(t, cid)
        if src is not None:
            t.move(cid, src, "discarded")
