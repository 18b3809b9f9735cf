"""Reloaded: the Morpheus (Reloaded/Revolutions) Hero Group.

Data checks on cards/legendary/heroes_morpheus_reloaded_revolutions.toml (the 5/5/3/1 shape, cost
bands, two classes, text that says what the data does, distinct from Morpheus (The Matrix)), then
every distinct card is played in a real engine game and its effect and class ability are checked.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import hero_effects, pile

GID = "morpheus_reloaded_revolutions"
SPEECH = f"{GID}_speech_in_the_temple"
TRAILER = f"{GID}_top_of_the_trailer"
SWORD = f"{GID}_sword_at_the_window"
FAITH = f"{GID}_unshaken_faith"

SHIPPED: CardDB = load_db()
GROUP: list[HeroCard] = sorted(
    (c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == GID),
    key=lambda c: (-c.copies, c.cost))
OLD: list[HeroCard] = [c for c in SHIPPED.cards.values()
                       if c.kind == "hero" and c.group == "morpheus_the_matrix"]


def _verbs(c: HeroCard) -> set[str]:
    return {e.verb for e in hero_effects(c)}


def _pool(sc) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def _three_players(scenario, worlds: str, hand: str):
    """A 3-player table, player 0 active with an empty pool; ``worlds`` like "mmr" (matrix/real)."""
    lines = [f"world {i} {'matrix' if w == 'm' else 'real'}" for i, w in enumerate(worlds)]
    return scenario("\n".join(["active 0", *lines, "pool recruit=0 attack=0", f"hand 0 {hand}", ""]),
                    players=3)


def _worlds(sc) -> list[bool]:
    return [p.in_matrix for p in sc.game.state.players]


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18")
def test_fourteen_cards_in_the_5_5_3_1_shape_and_cost_bands():
    assert [c.id for c in GROUP] == [SPEECH, TRAILER, SWORD, FAITH]
    assert [c.copies for c in GROUP] == [5, 5, 3, 1]
    assert [c.cost for c in GROUP] == [2, 3, 5, 8]
    commons, uncommon, rare = GROUP[:2], GROUP[2], GROUP[3]
    assert all(2 <= c.cost <= 4 for c in commons)
    assert 5 <= uncommon.cost <= 6 and 7 <= rare.cost <= 8
    assert all(c.deck == f"group:{GID}" and not c.extra and c.id.startswith(f"{GID}_") for c in GROUP)
    assert {cls for c in GROUP for cls in c.classes} == {"intellect", "survival"}
    assert rare.classes == ["intellect", "survival"]


@pytest.mark.rule("LE-SETUP-18")
def test_value_curve_about_cost_minus_one_before_effects_and_class_abilities():
    for c in GROUP:
        printed = c.recruit + c.attack
        assert printed <= c.cost - 1, c.id  # every card also has a useful effect or keyword
        assert printed >= (c.cost - 1) // 2, c.id
        if c.class_ability:
            gains = sum(getattr(e, "amount", 1) for e in c.class_ability.effects)
            assert 1 <= gains <= 2, c.id


@pytest.mark.rule("LE-ACTION-06", "LE-KEYWORD-30")
def test_plus_marks_keywords_and_text_match_the_data():
    for c in GROUP:
        verbs = _verbs(c)
        assert c.recruit_plus == ("gain_recruit" in verbs), c.id
        assert c.attack_plus == ("gain_attack" in verbs), c.id
        assert c.text.rstrip().endswith("."), c.id
        assert ("coordinate" in c.keywords) == c.text.startswith("Coordinate."), c.id
        if c.class_ability:
            assert f"{c.class_ability.cls.title()}: " in c.text, c.id
        assert len(c.flavor.split()) <= 8, c.id
    # The group's idea: moving others, Coordinate, Zion (the Real World's players).
    assert sum(c.copies for c in GROUP if "coordinate" in c.keywords) == 8
    assert sum(c.copies for c in GROUP if "move_to_real_world" in _verbs(c)) == 6


def test_distinct_from_morpheus_the_matrix():
    assert len(OLD) == 4
    assert not {c.name for c in GROUP} & {c.name for c in OLD}
    old_fx = [[e.model_dump() for e in c.effects] for c in OLD]
    assert all([e.model_dump() for e in c.effects] not in old_fx for c in GROUP if c.effects)
    assert {cls for c in OLD for cls in c.classes} != {cls for c in GROUP for cls in c.classes}


# --- every card in play ----------------------------------------------------------------------------


@pytest.mark.rule("LE-MOVE-12", "LE-ABILITY-04", "LE-ACTION-04")
def test_speech_in_the_temple_moves_another_player_home_to_the_real_world(scenario):
    sc = _three_players(scenario, "mmm", SPEECH)
    accept(sc, f"play ${SPEECH}")
    d = sc.game.state.decision
    assert d is not None and d.kind == "player" and len(d.options) == 3  # any player, you included
    accept(sc, "choose 2")
    assert _worlds(sc) == [True, True, False]
    assert _pool(sc) == (1, 0)


@pytest.mark.rule("LE-KEYWORD-01", "LE-KEYWORD-02", "LE-KEYWORD-03", "LE-MOVE-11")
def test_a_coordinated_speech_takes_the_active_player_out_without_a_phone(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
world 1 real
put pots_night_watchman row.0 down
put pots_night_watchman row.2 down as w2
pool recruit=0 attack=0
put {SPEECH} p1.hand as speech
""")
    reject_phone = sc.command("move real")
    assert not reject_phone.accepted and reject_phone.rule == "LE-MOVE-06"  # no phone is open
    accept(sc, "@1 coordinate $speech")
    accept(sc, "play $speech")
    accept(sc, "choose 0")
    assert _worlds(sc) == [False, False] and _pool(sc) == (1, 0)
    assert sc.ref("speech") in sc.game.state.turn.virtual
    accept(sc, "end")
    assert sc.ref("speech") in pile(sc, "p1.discard")


@pytest.mark.rule("LE-STRIKE-09", "LE-KEYWORD-14")
def test_top_of_the_trailer_survival_avoids_the_next_strike(scenario):
    sc = scenario(f"""
active 0
pool recruit=0 attack=0
hand 0 {TRAILER} {TRAILER}
""")
    first, second = pile(sc, "p0.hand")
    accept(sc, f"play {first}")
    assert _pool(sc) == (0, 2) and sc.game.state.players[0].avoid == 0  # no Survival Hero before
    accept(sc, f"play {second}")
    assert _pool(sc) == (0, 4) and sc.game.state.players[0].avoid == 1


@pytest.mark.rule("LE-STRIKE-09", "LE-STRIKE-02")
def test_top_of_the_trailer_avoided_strike_draws_no_strike_card(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
put pots_patrol_officer combat up as cop
hand 0 {TRAILER} {TRAILER}
""")
    for cid in list(pile(sc, "p0.hand")):
        accept(sc, f"play {cid}")
    strikes = len(pile(sc, "p0.strikes"))
    accept(sc, "end")
    assert len(pile(sc, "p0.strikes")) == strikes  # the cop's strike was avoided


@pytest.mark.rule("LE-TIMING-01", "LE-MOVE-02", "LE-KEYWORD-14")
@pytest.mark.parametrize(("world", "attack"), [("matrix", 4), ("real", 2)])
def test_sword_at_the_window_pays_in_the_matrix_and_survival_gives_a_move(scenario, world, attack):
    for first, second, moves in ((SWORD, TRAILER, 0), (TRAILER, SWORD, 1)):
        sc = scenario(f"""
active 0
world 0 {world}
pool recruit=0 attack=0
hand 0 {first} {second}
""")
        accept(sc, f"play ${first}")
        if first == SWORD:
            assert _pool(sc) == (0, attack)
        accept(sc, f"play ${second}")
        # Only a Survival Hero played before the Sword gives its extra move.
        assert _pool(sc) == (0, 2 + attack) and sc.game.state.turn.extra_moves == moves


@pytest.mark.rule("LE-KEYWORD-02", "LE-MOVE-02")
def test_a_coordinated_sword_counts_as_survival_for_a_later_trailer(scenario):
    sc = scenario(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
put {SWORD} p1.hand as sword
hand 0 {TRAILER}
""")
    accept(sc, "@1 coordinate $sword")
    accept(sc, "play $sword")
    accept(sc, f"play ${TRAILER}")
    # The copy counts as a Survival Hero: the Trailer's Survival avoids the next Strike.
    assert _pool(sc) == (0, 4 + 2) and sc.game.state.players[0].avoid == 1
    assert sc.game.state.turn.extra_moves == 0  # no Survival Hero before the Sword itself


@pytest.mark.rule("LE-MOVE-02", "LE-MOVE-01", "LE-MOVE-08")
def test_the_swords_extra_move_is_a_second_move_out_without_a_phone(scenario):
    sc = scenario(f"""
active 0
world 0 real
put pots_night_watchman row.0 down
put pots_night_watchman row.2 down as w2
hand 0 {TRAILER} {SWORD}
""")
    accept(sc, f"play ${TRAILER}")
    accept(sc, "move matrix")  # the free move
    assert sc.game.state.players[0].in_matrix
    assert not sc.command("move real").accepted  # no move left, and no phone open
    accept(sc, f"play ${SWORD}")
    assert sc.game.state.turn.attack == 2 + 4
    accept(sc, "move real")  # the extra move into the Real World needs no phone
    assert not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-MOVE-12", "LE-TIMING-07", "LE-KEYWORD-14")
def test_unshaken_faith_brings_a_player_home_then_each_player_there_draws(scenario):
    sc = _three_players(scenario, "mmr", f"{SPEECH} {FAITH}")
    accept(sc, f"play ${SPEECH}")
    accept(sc, "choose 0")  # the Speech takes you home first
    before = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    accept(sc, f"play ${FAITH}")
    accept(sc, "choose 1")  # then the Faith brings player 1 home
    assert _worlds(sc) == [False, False, False]
    after = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    assert after == [before[0] - 1 + 1, before[1] + 1, before[2] + 1]
    assert _pool(sc) == (1 + 3 + 2, 2)  # Intellect: +2 Recruit after the Speech


@pytest.mark.rule("LE-ABILITY-07", "LE-KEYWORD-14")
def test_unshaken_faith_leaves_players_in_the_matrix_without_a_card(scenario):
    sc = _three_players(scenario, "mmm", FAITH)
    before = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    accept(sc, f"play ${FAITH}")
    accept(sc, "choose 2")
    after = [len(pile(sc, f"p{i}.hand")) for i in range(3)]
    assert _worlds(sc) == [True, True, False]
    assert after == [before[0] - 1, before[1], before[2] + 1]
    assert _pool(sc) == (3, 2)  # no Intellect Hero before it: no +2 Recruit
