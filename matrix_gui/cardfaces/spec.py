"""What a card face shows, as plain data: ``face_spec(card, side, labels)`` -> ``FaceSpec``.

This module decides the words, numbers, colours and layout of a face; ``paint.py`` draws it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from matrix_gui.cardfaces.draw import ATTACK_COLOR, CLASS_COLORS, COST_COLOR, RECRUIT_COLOR
from matrix_gui.cardfaces.text import RGB, Para, Run, rich_runs

CARD_W_MM = 63.0
CARD_H_MM = 88.0

BACKS = ("hero", "matrix", "strike", "hovercraft", "avatar", "act", "zion")
SIDES = ("front", "back")


@dataclass(frozen=True)
class Style:
    """Colours of a card kind: frame metal, bright accent line, dark base, rain tint."""

    frame: RGB
    accent: RGB
    base: RGB
    tint: RGB
    label: str


STYLES: dict[str, Style] = {
    "hero": Style((16, 36, 22), (60, 235, 110), (3, 12, 6), (40, 210, 90), "Hero"),
    "enemy": Style((44, 12, 12), (240, 70, 62), (14, 3, 3), (210, 50, 45), "Enemy"),
    "challenge": Style((46, 32, 8), (255, 178, 40), (14, 9, 2), (230, 150, 30), "Challenge"),
    "event": Style((10, 24, 48), (80, 165, 255), (2, 6, 16), (60, 140, 240), "Event"),
    "special": Style((28, 16, 50), (175, 130, 255), (8, 4, 16), (150, 100, 240), "Special"),
    "strike": Style((34, 35, 38), (196, 202, 210), (8, 8, 10), (150, 156, 166), "Strike"),
    "inevitable": Style((40, 8, 30), (255, 84, 190), (12, 2, 9), (220, 60, 160), "Inevitable"),
    "avatar": Style((44, 38, 16), (240, 206, 110), (12, 10, 4), (220, 180, 80), "Avatar"),
    "avatar_back": Style((20, 32, 44), (150, 210, 240), (4, 8, 12), (110, 180, 220), "Avatar"),
    "act": Style((10, 38, 36), (110, 245, 215), (2, 12, 11), (70, 220, 190), "Act"),
}

BACK_STYLES: dict[str, Style] = {
    "hero": STYLES["hero"],
    "matrix": Style((30, 16, 14), (240, 80, 60), (4, 8, 5), (40, 200, 90), "Matrix Deck"),
    "strike": STYLES["strike"],
    "hovercraft": Style((18, 30, 42), (120, 190, 235), (3, 7, 12), (90, 160, 220), "Hovercraft"),
    "avatar": STYLES["avatar"],
    "act": STYLES["act"],
    "zion": Style((46, 26, 10), (255, 150, 60), (12, 6, 2), (240, 130, 40), "Zion"),
}

TITLE_COLOR: RGB = (244, 250, 246)
BODY_COLOR: RGB = (226, 236, 230)
FLAVOR_COLOR: RGB = (168, 190, 178)

# layouts: the art window's top and bottom and the text panel's top, in mm
LAYOUTS: dict[str, tuple[float, float]] = {  # name -> (art bottom, text top)
    "standard": (48.0, 48.6),
    "art": (62.0, 62.6),  # only a flavour line: a bigger art window
    "full": (80.2, 80.2),  # no words at all: art down to the footer
    "text": (40.0, 40.6),
    "avatar": (45.2, 45.8),
    "act": (27.5, 28.1),
}
ART_TOP = 15.6
TEXT_BOTTOM = 80.2

ENEMY_KEYWORDS = {
    "buy_time": "Buy Time", "chase": "Chase", "cover": "Cover", "double_strike": "Double Strike",
    "evade": "Evade", "stationary": "Stationary", "undefeatable": "Undefeatable", "wild_swing": "Wild Swing",
}
HERO_KEYWORDS = {"coordinate": "Coordinate", "digital": "Digital Hero", "coordinate_unlimited": "Coordinate"}


def keyword_tags(card: Any) -> list[str]:
    """The keywords a card shows as chips at table size (with their costs), printed names."""
    tags: list[str] = []
    for k in getattr(card, "keywords", None) or []:
        name = ENEMY_KEYWORDS.get(k) or HERO_KEYWORDS.get(k) or humanize(k)
        if k == "evade":
            name = f"{name} {card.evade_cost}"
        elif k == "buy_time":
            name = f"{name} {card.buy_time_cost}"
        tags.append(name)
    if getattr(card, "sacrifice", None):
        tags.append("Sacrifice")
    if getattr(card, "free_your_mind", False):
        tags.append("Free Your Mind")
    return list(dict.fromkeys(tags))

LABEL_RX = re.compile(r"^[A-Z][A-Za-z']*(?: [A-Za-z0-9']+){0,2}(?: \([^)]*\))?:")
SENTENCE_RX = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")

ROMAN = {1: "I", 2: "II", 3: "III"}
OBJECTIVE_RX = re.compile(r"\bObjective\b[^.:]{0,30}:")  # the Part text already states its Objective
# starting cards have no class: their own emblems (others: the red pill)
STARTING_EMBLEMS: dict[str, tuple[str, RGB]] = {
    "there_is_no_spoon": ("spoon", (205, 215, 225)),
    "free_your_mind": ("portal", (90, 240, 140)),
}


@dataclass(frozen=True)
class Stat:
    """A number in a badge: ``shape`` (see draw.badge), centre and size in mm, a small label."""

    shape: str
    value: str
    cx: float
    cy: float
    d: float
    fill: RGB
    ink: RGB = (255, 255, 255)
    label: str = ""
    label_side: str = "right"  # right | left | below | none


@dataclass
class FaceSpec:
    """Everything a face shows; painted by ``paint.paint_face``."""

    seed: str
    style: Style
    layout: str = "standard"  # standard | text | avatar | act | back
    title: str = ""
    subtitle: str = ""
    subtitle_color: RGB | None = None
    corner: Stat | None = None  # Cost / Act numeral in the title plate
    classes: list[str] = field(default_factory=list)
    emblem: str = "portal"
    emblem_color: RGB | None = None
    stats: list[Stat] = field(default_factory=list)
    chips: list[str] = field(default_factory=list)
    paras: list[Para] = field(default_factory=list)
    footer_left: str = ""
    footer_right: str = ""
    stat_boxes: list[tuple[str, str]] = field(default_factory=list)  # avatar: (label, value)
    tags: list[str] = field(default_factory=list)  # keyword chips of the table-size face (compact.py)

    @property
    def emblem_ink(self) -> RGB:
        """The emblem's tint: its own colour, else the style's accent."""
        return self.emblem_color or self.style.accent


# --- labels ------------------------------------------------------------------------------------

SMALL_WORDS = {"a", "an", "and", "the", "of", "in", "is", "to", "on", "for", "at", "by"}


FILMS = (("reloaded_revolutions", "Reloaded/Revolutions"), ("the_matrix", "The Matrix"),
         ("reloaded", "Reloaded"), ("revolutions", "Revolutions"))


def humanize(ident: str) -> str:
    """``test_act_one`` -> ``Test Act One`` (small words kept lower case inside);
    ``morpheus_the_matrix`` -> ``Morpheus (The Matrix)``."""
    for suffix, film in FILMS:
        if ident.endswith("_" + suffix) and len(ident) > len(suffix) + 1:
            return f"{humanize(ident[: -len(suffix) - 1])} ({film})"
    words = [w for w in re.split(r"[_\s]+", ident) if w]
    return " ".join(w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


@dataclass
class Labels:
    """Display names the faces need from the whole database: Act names per deck, Hero Group names."""

    act_names: dict[str, str] = field(default_factory=dict)  # "act:<story>" -> name

    @classmethod
    def from_db(cls, db: Any) -> Labels:
        acts: dict[str, tuple[int, str]] = {}
        for card in db.cards.values():
            if getattr(card, "kind", "") == "act":
                first = min((p.part for p in card.parts), default=9)
                key = card.deck
                if key not in acts or (first, len(card.name)) < (acts[key][0], len(acts[key][1])):
                    acts[key] = (first, card.name)
        return cls(act_names={k: v[1] for k, v in acts.items()})

    def group_name(self, card: Any) -> str:
        """LE-CARD-12: the Hero Group name printed under a Hero's name."""
        if card.deck == "starting":
            return "Starting Hero"
        group = getattr(card, "group", "") or ""
        if group:
            return humanize(group)
        if card.deck.startswith("group:"):
            return humanize(card.deck[6:])
        return humanize(card.deck)

    def deck_label(self, card: Any) -> str:
        """LE-SETUP-28: the Deck Label at the bottom of a card; Extra Hero Groups say "Extra"."""
        deck = card.deck
        if card.kind == "hero" and card.extra:
            return "Extra"
        if deck.startswith("act:"):
            name = self.act_names.get(deck) or humanize(deck[4:])
            return f"{name} \u00b7 Extra" if card.extra else name
        if deck.startswith("group:"):
            return humanize(deck[6:])
        fixed = {"starting": "Starting", "hovercraft": "Hovercraft", "strikes": "Strikes", "avatar": "Avatar",
                 "part_of_the_system": "Part of the System"}
        return fixed.get(deck, humanize(deck))


# --- text --------------------------------------------------------------------------------------


def _num(v: int | None, plus: bool) -> str:
    return f"{v or 0}+" if plus else str(v or 0)


def card_paras(text: str, bold_words: list[str], size_scale: float = 1.0) -> list[Para]:
    """Rules text as paragraphs: sentence-start labels ("Fight:", "Range:") and keywords in bold,
    class labels in their class colour. A blank line or newline starts a new paragraph."""
    paras: list[Para] = []
    bold = [re.escape(w).replace(r"\ ", " ") + (r"(?: \d+)?" if w in ("Evade", "Buy Time") else "")
            for w in bold_words]
    for block in re.split(r"\n+", text.strip()):
        block = block.strip()
        if not block:
            continue
        runs: list[Run] = []
        for i, sentence in enumerate(SENTENCE_RX.split(block)):
            prefix = " " if i else ""
            m = LABEL_RX.match(sentence)
            rest = sentence
            if m:
                label = m.group(0)
                colour = CLASS_COLORS.get(label[:-1].strip().lower())
                runs.append(Run(prefix + label, "bold", colour))
                rest = sentence[m.end():]
                prefix = ""
            runs.extend(rich_runs(prefix + rest, bold))
        paras.append(Para(runs, scale=size_scale))
    return paras


def flavor_para(flavor: str) -> list[Para]:
    if not flavor:
        return []
    return [Para([Run(f"\u201c{flavor.strip()}\u201d", "italic", FLAVOR_COLOR)], align="center",
                 scale=0.9, space_before=0.6)]


def _missing_keywords(text: str, words: list[str]) -> list[str]:
    return [w for w in words if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def keyword_paras(text: str, words: list[str]) -> list[Para]:
    """A bold keyword line for keywords the card's text does not already say."""
    missing = _missing_keywords(text, words)
    if not missing:
        return []
    return [Para([Run(". ".join(missing) + ".", "bold")])]


# --- per kind ------------------------------------------------------------------------------------


def _hero(card: Any, labels: Labels) -> FaceSpec:
    classes = [c for c in card.classes if c in CLASS_COLORS]
    style = STYLES["hero"]
    kw = list(dict.fromkeys(HERO_KEYWORDS[k] for k in card.keywords if k in HERO_KEYWORDS))
    bold = kw + ["Sacrifice", "Free Your Mind", "Digital Hero", "Coordinate"]
    spec = FaceSpec(seed=card.id, style=style, title=card.name, subtitle=labels.group_name(card),
                    classes=classes, emblem=classes[0] if classes else "pill",
                    emblem_color=CLASS_COLORS[classes[0]] if classes else (226, 58, 52),
                    footer_left=labels.deck_label(card),
                    footer_right=style.label)
    if not classes and card.id in STARTING_EMBLEMS:
        spec.emblem, spec.emblem_color = STARTING_EMBLEMS[card.id]
    spec.corner = Stat("hex", str(card.cost), 0, 0, 0, COST_COLOR, ink=(10, 16, 12), label="COST")
    if card.free_your_mind and "Free Your Mind" not in card.text:
        spec.paras.append(Para([Run("Free Your Mind.", "bold")]))
    spec.paras += keyword_paras(card.text, kw) + card_paras(card.text, bold) + flavor_para(card.flavor)
    art_bottom = _pick_layout(spec)
    if card.recruit or card.recruit_plus:
        spec.stats.append(Stat("coin", _num(card.recruit, card.recruit_plus), 10.4, art_bottom - 6.8, 11.6,
                               RECRUIT_COLOR, ink=(24, 16, 0), label="RECRUIT", label_side="right"))
    if card.attack or card.attack_plus:
        spec.stats.append(Stat("diamond", _num(card.attack, card.attack_plus), 52.6, art_bottom - 7.0, 13.6,
                               ATTACK_COLOR, label="ATTACK", label_side="left"))
    spec.tags = keyword_tags(card)
    return spec


def _pick_layout(spec: FaceSpec) -> float:
    """Standard layout, or the big-art one when the card has no rules text (flavour at most)."""
    if not spec.paras:
        spec.layout = "full"
    elif all(p.runs and all(r.style == "italic" for r in p.runs) for p in spec.paras):
        spec.layout = "art"
    return LAYOUTS[spec.layout][0]


def _enemy_emblem(descriptors: list[str]) -> str:
    ds = {d.lower() for d in descriptors}
    for key, name in (("agent", "agent"), ("sentinel", "machine"), ("machine", "machine"),
                      ("program", "program"), ("exile", "program")):
        if key in ds:
            return name
    return "person" if ds else "agent"


def _enemy(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["enemy"]
    kw = [ENEMY_KEYWORDS[k] for k in card.keywords if k in ENEMY_KEYWORDS]
    bold = kw + ["Inevitable"]
    right = "Part of the System" if card.part_of_the_system else style.label
    spec = FaceSpec(seed=card.id, style=style, title=card.name, subtitle=" \u00b7 ".join(card.descriptors),
                    emblem=_enemy_emblem(card.descriptors), footer_left=labels.deck_label(card),
                    footer_right=right)
    spec.paras = keyword_paras(card.text, kw) + card_paras(card.text, bold) + flavor_para(card.flavor)
    art_bottom = _pick_layout(spec)
    if card.attack is None or card.attack_icon:
        spec.stats.append(Stat("shield", "\u2298", 11.2, art_bottom - 8.0, 13.0, (70, 74, 80),
                               label="CAN'T FIGHT", label_side="right"))
    else:
        spec.stats.append(Stat("shield", _num(card.attack, card.attack_plus), 11.2, art_bottom - 8.0, 13.0,
                               ATTACK_COLOR, label="ATTACK", label_side="right"))
    if "evade" in card.keywords:
        spec.chips.append(f"EVADE {card.evade_cost}")
    if "buy_time" in card.keywords:
        spec.chips.append(f"BUY TIME {card.buy_time_cost}")
    if card.fights_needed > 1:
        spec.chips.append(f"FIGHT \u00d7{card.fights_needed}")
    spec.tags = keyword_tags(card) + ([f"Fight \u00d7{card.fights_needed}"] if card.fights_needed > 1 else [])
    return spec


def _challenge(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["challenge"]
    kw = [ENEMY_KEYWORDS[k] for k in card.keywords if k in ENEMY_KEYWORDS]
    spec = FaceSpec(seed=card.id, style=style, title=card.name, subtitle=" \u00b7 ".join(card.descriptors),
                    emblem="lock", footer_left=labels.deck_label(card), footer_right=style.label)
    art_bottom = LAYOUTS["standard"][0]
    costs = [("coin", card.cost_recruit, RECRUIT_COLOR, (24, 16, 0), "RECRUIT"),
             ("diamond", card.cost_attack, ATTACK_COLOR, (255, 255, 255), "ATTACK"),
             ("split", card.cost_either, RECRUIT_COLOR, (255, 255, 255), "EITHER")]
    x = 10.4
    shown = [c for c in costs if c[1]]
    for shape, value, fill, ink, label in shown:
        spec.stats.append(Stat(shape, str(value), x, art_bottom - 7.0, 11.6 if shape != "diamond" else 13.0,
                               fill, ink=ink, label=label if len(shown) == 1 else "", label_side="right"))
        x += 13.4
    if shown:
        spec.chips.append("TO COMPLETE")
    spec.paras = keyword_paras(card.text, kw) + card_paras(card.text, kw) + flavor_para(card.flavor)
    spec.tags = keyword_tags(card)
    return spec


def _event(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["special" if card.kind == "special" else "event"]
    right = "Part of the System" if card.part_of_the_system else style.label
    spec = FaceSpec(seed=card.id, style=style, layout="text", title=card.name,
                    subtitle=" \u00b7 ".join(card.descriptors) or style.label, emblem="bolt",
                    footer_left=labels.deck_label(card), footer_right=right)
    spec.paras = card_paras(card.text, []) + flavor_para(card.flavor)
    spec.tags = [style.label]
    return spec


def _strike(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["strike"]
    spec = FaceSpec(seed=card.id, style=style, layout="text", title=card.name, subtitle="Strike",
                    emblem="none", footer_left=labels.deck_label(card), footer_right=style.label)
    art_mid = (ART_TOP + LAYOUTS["text"][0]) / 2
    spec.stats.append(Stat("burst", str(card.damage), 31.5, art_mid, 19.0, (150, 28, 30),
                           label="DAMAGE", label_side="right"))
    if not card.stays:
        spec.chips.append("DISCARD AFTER")
        spec.tags = ["Discard after"]
    spec.paras = card_paras(card.text, []) + flavor_para(card.flavor)
    return spec


def _inevitable(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["inevitable"]
    spec = FaceSpec(seed=card.id, style=style, layout="text", title=card.name, subtitle="Inevitable",
                    emblem="hourglass", footer_left=labels.deck_label(card), footer_right=style.label)
    spec.paras = card_paras(card.text, ["Inevitable"]) + flavor_para(card.flavor)
    spec.tags = [style.label]
    return spec


def _avatar(card: Any, labels: Labels, side: str) -> FaceSpec:
    back = side == "back" and bool(card.back_name)
    style = STYLES["avatar_back" if back else "avatar"]
    title = card.back_name if back else card.name
    other = card.name if back else card.back_name
    subtitle = f"Avatar \u00b7 other side: {other}" if other else "Avatar"
    spec = FaceSpec(seed=f"{card.id}:{'back' if back else 'front'}", style=style, layout="avatar",
                    title=title, subtitle=subtitle, emblem="person", footer_left=labels.deck_label(card),
                    footer_right=humanize(card.character))
    spec.stat_boxes = [("RANK", str(card.rank)), ("SPEED", str(card.speed)), ("HEALTH", str(card.health))]
    texts = list(card.ability_text) + [""] * 3
    for i in range(3):
        words = texts[i] or ("Same effect." if card.abilities[i] == "same" else "")
        runs = [Run(f"Act {ROMAN[i + 1]}: ", "bold", style.accent)] + rich_runs(words)
        spec.paras.append(Para(runs, space_before=0.25))
    if card.text:
        extra = card_paras(card.text, [], size_scale=0.88)
        if extra:
            extra[0].space_before = 0.6
        spec.paras += extra
    spec.paras += flavor_para(card.flavor)
    return spec


def _act(card: Any, labels: Labels) -> FaceSpec:
    style = STYLES["act"]
    parts = sorted(card.parts, key=lambda p: p.part)
    span = f"Part {parts[0].part}" if len(parts) == 1 else f"Parts {parts[0].part}\u2013{parts[-1].part}"
    spec = FaceSpec(seed=card.id, style=style, layout="act", title=card.name,
                    subtitle=f"Act {card.act} \u00b7 {span}", emblem="portal",
                    footer_left=labels.deck_label(card), footer_right=f"Act {ROMAN.get(card.act, card.act)}")
    spec.corner = Stat("hex", ROMAN.get(card.act, str(card.act)), 0, 0, 0, style.accent, ink=(4, 20, 16),
                       label="ACT")
    spec.tags = [span]
    for i, part in enumerate(parts):
        head = [Run(f"Part {part.part}", "bold", style.accent)]
        if part.title:
            head.append(Run(f" \u2014 {part.title}", "bold", TITLE_COLOR))
        spec.paras.append(Para(head, scale=1.08, space_before=0.9 if i else 0))
        if part.text:
            spec.paras += card_paras(part.text, ["Minor Victory", "Major Victory"])
        if part.objective and part.objective.text and not OBJECTIVE_RX.search(part.text):
            spec.paras.append(Para([Run("Objective: ", "bold", style.accent), Run(part.objective.text)]))
        if part.minor_victory and "Minor Victory" not in part.text:
            spec.paras.append(Para([Run("Minor Victory available.", "bold")]))
    spec.paras += flavor_para(card.flavor)
    return spec


def face_spec(card: Any, side: str, labels: Labels) -> FaceSpec:
    """The spec of one side of a card; for anything but an Avatar the back is the card back."""
    if side == "back" and card.kind != "avatar":
        return back_spec(back_for(card))
    kind = card.kind
    if kind == "hero":
        return _hero(card, labels)
    if kind == "enemy":
        return _enemy(card, labels)
    if kind == "challenge":
        return _challenge(card, labels)
    if kind in ("event", "special"):
        return _event(card, labels)
    if kind == "strike":
        return _strike(card, labels)
    if kind == "inevitable":
        return _inevitable(card, labels)
    if kind == "avatar":
        if side == "back" and not card.back_name:
            return back_spec("avatar")
        return _avatar(card, labels, side)
    if kind == "act":
        return _act(card, labels)
    style = STYLES["event"]
    return FaceSpec(seed=card.id, style=style, layout="text", title=getattr(card, "name", card.id),
                    paras=card_paras(getattr(card, "text", ""), []))


def back_for(card: Any) -> str:
    """Which card back a card has: hero, hovercraft, matrix, strike, avatar or act."""
    if card.kind == "hero":
        return "hovercraft" if card.deck == "hovercraft" else "hero"
    if card.kind in ("strike", "avatar", "act"):
        return card.kind
    return "matrix"


BACK_EMBLEMS = {"hero": "pill", "matrix": "agent", "strike": "crack", "hovercraft": "ship",
                "avatar": "person", "act": "portal", "zion": "dome"}
BACK_TITLES = {"hero": "Hero", "matrix": "Matrix Deck", "strike": "Strike", "hovercraft": "Hovercraft",
               "avatar": "Avatar", "act": "Act", "zion": "Zion"}


def back_spec(back: str) -> FaceSpec:
    """A card back: bright rain, a big emblem and the deck's name."""
    style = BACK_STYLES[back]
    return FaceSpec(seed=f"back:{back}", style=style, layout="back", title=BACK_TITLES[back].upper(),
                    subtitle="MATRIX TABLETOP", emblem=BACK_EMBLEMS[back],
                    emblem_color=(226, 58, 52) if back == "hero" else None)  # the red pill
