"""What one seat cannot see, and tables dealt again from it (determinization for look-ahead bots).

A seat does not know the order of any deck, the faces of face-down cards, or (in a Traitor game)
other seats' hands and hidden cards. It does know what each group of unseen cards is made of: a
player's deck is what they own minus what is in sight, each Act's stretch of the Matrix Deck is that
Act's mini-deck minus what has come out, and the Inevitable lies at the very bottom
(LE-INEVITABLE-01). ``pools`` groups the unseen places so that any arrangement within a pool is one
the seat cannot tell apart; ``redeal`` fills each pool again in an order that depends only on the
pool's contents and a seed, never on the true order.
"""
from __future__ import annotations

import random

from engine.legendary.carddb import CardDB
from engine.legendary.state import State
from engine.legendary.view import card_seen, count_only

Slot = tuple[str, int]  # (pile, index in the pile)
MATRIX = "matrix_deck"


def _marked(s: State, pile: str, cid: int) -> bool:
    """A card whose place is known although its face is not: the Inevitable at the bottom of the
    Matrix Deck (LE-INEVITABLE-01), or a face-down card in sight that is turned or owned. It stays
    where it is. (Inside a deck, a card's marks from earlier in the game tell nothing.)"""
    if cid == s.inevitable:
        return True
    return not count_only(pile) and (cid in s.flipped or cid in s.rotated or cid in s.blank or cid in s.owner)


def _act_label(db: CardDB, s: State, cid: int) -> str | None:
    deck = db.cards[s.defs[cid]].deck
    return deck if deck.startswith("act:") else None


def _matrix_stretches(db: CardDB, s: State) -> list[str]:
    """For each place of the Matrix Deck, the Act whose stretch it lies in. The deck was built Act 3
    at the bottom, Act 1 on top (LE-SETUP-11..16); the cards that belong to no Act (Part of the System,
    a Traitor mode's cards) lie in the stretch of the nearest Act card below them (above them at the
    very bottom)."""
    deck = s.piles[MATRIX]
    labels = [_act_label(db, s, c) for c in deck]
    out: list[str] = []
    last: str | None = None
    for lab in labels:
        last = lab or last
        out.append(last or "")
    first = next((lab for lab in labels if lab), "")
    return [lab or first for lab in out]


def pools(db: CardDB, s: State, seat: int | None) -> list[list[Slot]]:
    """The places ``seat`` cannot see, grouped so that the seat cannot tell apart any arrangement of
    the cards within one group. Every list is in a fixed order (pile order, then index)."""
    groups: dict[str, list[Slot]] = {}
    stretches = _matrix_stretches(db, s)
    top = stretches[-1] if stretches else "other"  # the Act whose cards enter the Row now
    for name, cards in s.piles.items():
        for i, cid in enumerate(cards):
            if card_seen(s, seat, name, cid) or _marked(s, name, cid):
                continue
            if name == MATRIX:
                key = f"matrix:{stretches[i]}"
            elif name.startswith("row."):  # face down in the Row: came from the Matrix Deck
                key = f"matrix:{_act_label(db, s, cid) or top}"
            elif name.startswith("p") and name.endswith((".hand", ".deck")) and \
                    s.setup.get("traitor") and not name.startswith(f"p{seat}."):
                key = name[:name.index(".")] + ".unseen"  # another seat's hand and deck, one pool
            elif name.endswith(".hidden"):
                key = "others.hidden"
            else:
                key = name
            groups.setdefault(key, []).append((name, i))
    return [slots for slots in groups.values() if len(slots) > 1]


def redeal(db: CardDB, s: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``s`` with every pool of ``seat``'s unseen cards dealt again at random, and the
    game's own random numbers reseeded (the seat cannot know future shuffles). The result depends on
    what the seat sees and on ``rng``, never on the order of the cards it cannot see."""
    new = s.clone()
    for slots in pools(db, s, seat):
        ids = sorted(s.piles[p][i] for p, i in slots)
        rng.shuffle(ids)
        for (p, i), cid in zip(slots, ids, strict=True):
            new.piles[p][i] = cid
    new.rng = rng.getrandbits(64)
    return new
