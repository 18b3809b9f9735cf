"""Trinity (Reloaded/Revolutions): the Hero Group's shape, and every card played in real games.

Reloaded is not a film yet (its cards are loaded with the card database all the same), so the
cards are played on the table of the shipped film The Matrix with this group in Zion in place of
Trinity (The Matrix): the scenario's setup line names the four groups (LE-STORY-03).
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.legendary.bots import play_game
from engine.legendary.carddb import CardDB, load_db
from engine.legendary.films import film_setup
from engine.legendary.scenario import Scenario
from engine.legendary.schema import HeroCard
from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import pile
from tests.legendary.helpers import rejected as reject

GID = "trinity_reloaded_revolutions"
OLD = "trinity_the_matrix"
PORT_SCAN = f"{GID}_port_scan"
TRAFFIC = f"{GID}_against_the_traffic"
FALL = f"{GID}_long_way_down"
POWER = f"{GID}_the_power_station"

SHIPPED: CardDB = load_db()
GROUP: list[HeroCard] = sorted((c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == GID),
                               key=lambda c: (-c.copies, c.cost))
GROUPS = f"morpheus_the_matrix,{GID},tank,nebuchadnezzar_crew"
SETUP = (f"setup avatars=thomas_anderson_neo,morpheus_the_matrix acts=what_is_the_matrix,know_thyself,"
         f"he_is_the_one groups={GROUPS} seed=1")


def _table(text: str) -> Scenario:
    """The Matrix's table with this group in Zion, the Matrix Row and Combat Zone cleared."""
    return Scenario.from_text(f"{SETUP}\nempty row.0 row.1 row.2 row.3 row.4 combat\n{text}", SHIPPED)


def _walk(effects: list[Any]):
    for e in effects:
        yield e
        yield from _walk(getattr(e, "effects", None) or [])


def _verbs(c: HeroCard) -> set[str]:
    ca = c.class_ability.effects if c.class_ability else []
    return {e.verb for e in _walk([*c.effects, *ca, *c.once_this_turn, *c.sacrifice])}


def _pool(sc: Scenario) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def _kinds(res: Any, kind: str) -> int:
    return sum(1 for e in res.events if e.kind == kind)


# --- the data ------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18", "LE-FILMS-05")
def test_fourteen_cards_in_the_5_5_3_1_shape_and_cost_bands():
    assert [c.id for c in GROUP] == [PORT_SCAN, TRAFFIC, FALL, POWER]
    assert [c.copies for c in GROUP] == [5, 5, 3, 1]
    assert [c.cost for c in GROUP] == [2, 3, 5, 8]
    assert len({c.name for c in GROUP}) == 4
    assert all(c.deck == f"group:{GID}" and not c.extra for c in GROUP)
    # One idea, two leaning classes: Tech and Survival; the rare carries both.
    assert {cls for c in GROUP for cls in c.classes} == {"tech", "survival"}
    assert GROUP[-1].classes == ["tech", "survival"]
    assert sum(c.copies for c in GROUP if "tech" in c.classes) == 6
    assert sum(c.copies for c in GROUP if "survival" in c.classes) == 9


def test_value_curve_about_cost_minus_one_and_class_abilities_of_one_or_two():
    for c in GROUP:
        base = c.recruit + c.attack
        assert c.cost - 3 <= base <= c.cost - 1, c.id  # less than the curve: every card has an effect
        assert c.effects and c.class_ability and c.class_ability.cls in c.classes, c.id
        gains = sum(e.amount for e in c.class_ability.effects if e.verb in ("gain_recruit", "gain_attack"))
        assert gains in (0, 1, 2), c.id


@pytest.mark.rule("LE-ACTION-06")
def test_plus_marks_and_text_match_the_data():
    for c in GROUP:
        verbs = _verbs(c)
        assert c.recruit_plus == ("gain_recruit" in verbs), c.id
        assert c.attack_plus == ("gain_attack" in verbs), c.id
        assert c.text.endswith(".") and f"{c.class_ability.cls.title()}: " in c.text, c.id
        assert ("scan_any" in verbs) == ("Scan any space for free." in c.text), c.id
        assert ("avoid_strike" in verbs) == ("Avoid the next" in c.text), c.id
        assert ("extra_move" in verbs) == ("extra move" in c.text), c.id
        assert 0 < len(c.flavor.split()) <= 8, c.id


def test_distinct_from_trinity_the_matrix():
    old = [c for c in SHIPPED.cards.values() if c.kind == "hero" and c.group == OLD]
    assert len(old) == 4
    assert not {c.name for c in old} & {c.name for c in GROUP}
    ours = set().union(*map(_verbs, GROUP))
    theirs = set().union(*map(_verbs, old))
    # She no longer shoots from the Row or jumps out: she scans, dodges and fights from outside.
    assert not ours & {"defeat_enemy", "move_to_real_world"}
    new = {"scan_any", "avoid_strike", "allow"}
    assert new <= ours and not theirs & new
    assert {cls for c in old for cls in c.classes} == {"range", "survival"}


# --- in a game --------------------------------------------------------------------------------------


@pytest.mark.rule("LE-SETUP-18", "LE-STORY-03")
def test_the_group_fills_its_quarter_of_zion():
    sc = Scenario.from_text(SETUP, SHIPPED)
    s = sc.game.state
    ours = [c for name in ("zion", *(f"dock.{i}" for i in range(5))) for c in s.piles[name]
            if s.defs[c].startswith(f"{GID}_")]
    assert len(ours) == 14
    assert len(s.piles["zion"]) + sum(len(s.piles[f"dock.{i}"]) for i in range(5)) == 56


@pytest.mark.parametrize("players", [1, 3])
def test_a_whole_bot_game_with_the_group_recruits_it_and_ends(players):
    setup = film_setup("the_matrix", players, 7, db=SHIPPED)
    setup.groups = [GID if g == OLD else g for g in setup.groups]
    game = play_game(SHIPPED, setup, "heuristic", 7)
    s = game.state
    assert s.result
    owned = {s.defs[c] for p in s.players for name in ("deck", "hand", "play", "discard")
             for c in s.piles[f"p{p.seat}.{name}"]}
    assert any(d.startswith(f"{GID}_") for d in owned | {s.defs[c] for c in s.piles["defeated_heroes"]})


@pytest.mark.rule("LE-SCAN-03", "LE-KEYWORD-14", "LE-ABILITY-04")
def test_port_scan_scans_any_space_for_free_from_the_real_world_and_tech_adds_recruit():
    sc = _table(f"""
active 0
world 0 real
pool recruit=0 attack=0
put pots_patrol_officer row.1 down as cop
put pots_night_watchman row.3 down as watch
put {PORT_SCAN} p0.hand as first
put {PORT_SCAN} p0.hand as second
""")
    accept(sc, "play $first")
    assert sc.game.state.decision is not None  # two face-down cards: which space?
    accept(sc, "choose 1")
    face_up = sc.game.state.face_up
    assert sc.ref("watch") in face_up and sc.ref("cop") not in face_up
    assert _pool(sc) == (1, 0)  # no Tech Hero before it, and the scan cost nothing
    accept(sc, "play $second")  # one face-down card left: no question
    assert sc.ref("cop") in sc.game.state.face_up
    assert _pool(sc) == (1 + 1 + 1, 0)
    assert not sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-SCAN-03")
def test_port_scan_in_the_matrix_spends_no_attack():
    sc = _table(f"""
active 0
world 0 matrix
pool recruit=0 attack=2
put pots_riot_squad_officer row.4 down as riot
hand 0 {PORT_SCAN}
""")
    accept(sc, f"play ${PORT_SCAN}")
    assert sc.ref("riot") in sc.game.state.face_up and _pool(sc) == (1, 2)


@pytest.mark.rule("LE-MOVE-11", "LE-MOVE-10")
def test_against_the_traffic_leaves_a_locked_matrix_by_its_extra_move():
    sc = _table(f"""
active 0
world 0 matrix
put pots_night_watchman row.0 down
put pots_night_watchman row.2 up
put pots_patrol_officer combat up
put pots_patrol_officer combat up
put pots_patrol_officer combat up
pool recruit=0 attack=0
hand 0 {TRAFFIC}
""")
    for phone in ("alley", "subway", "combat"):
        reject(sc, f"move real {phone}", "LE-MOVE-10")
    accept(sc, f"play ${TRAFFIC}")
    assert _pool(sc) == (0, 2) and sc.game.state.turn.extra_moves == 1
    accept(sc, "move real")
    turn = sc.game.state.turn
    assert not sc.game.state.players[0].in_matrix
    assert turn.extra_moves == 0 and not turn.free_move_used


@pytest.mark.rule("LE-KEYWORD-14", "LE-STRIKE-09", "LE-STRIKE-02")
@pytest.mark.parametrize("copies", [1, 2])
def test_against_the_traffic_survival_avoids_the_next_strike(copies):
    sc = _table("""
active 0
world 0 matrix
put pots_patrol_officer combat up
put strike_bullet_graze strikes down
""" + f"put {TRAFFIC} p0.hand\n" * copies + "empty p0.strikes\n")
    for c in [c for c in pile(sc, "p0.hand") if sc.game.state.defs[c] == TRAFFIC]:
        accept(sc, f"play {c}")
    survival = copies == 2  # only the second copy has a Survival Hero before it
    assert sc.game.state.players[0].avoid == int(survival)
    assert sc.game.state.turn.extra_moves == copies
    res = accept(sc, "end")
    assert _kinds(res, "strike_avoided") == int(survival)
    assert _kinds(res, "strike_drawn") == int(not survival)
    assert sc.game.state.time == 10


@pytest.mark.rule("LE-STRIKE-09", "LE-STRIKE-01")
def test_long_way_down_avoids_the_next_two_strikes():
    sc = _table(f"""
active 0
world 0 matrix
put pots_patrol_officer combat up
put pots_night_watchman combat up
put pots_riot_squad_officer combat up
empty p0.strikes
hand 0 {FALL}
""")
    accept(sc, f"play ${FALL}")
    assert sc.game.state.players[0].avoid == 2 and _pool(sc)[1] == 3
    res = accept(sc, "end")
    assert _kinds(res, "strike_avoided") == 2 and _kinds(res, "strike_drawn") == 1
    assert len(pile(sc, "p0.strikes")) == 1


@pytest.mark.rule("LE-STRIKE-09", "LE-STRIKE-03")
def test_long_way_down_in_the_real_world_saves_time_instead():
    sc = _table(f"""
active 0
world 0 real
time 8
put pots_patrol_officer combat up
put pots_night_watchman combat up
hand 0 {FALL}
""")
    accept(sc, f"play ${FALL}")
    accept(sc, "end")
    assert sc.game.state.time == 8


@pytest.mark.rule("LE-KEYWORD-14", "LE-KEYWORD-15")
def test_long_way_down_survival_adds_one_attack_after_the_motorcycle():
    sc = _table(f"""
active 0
pool recruit=0 attack=0
hand 0 {TRAFFIC} {FALL}
""")
    accept(sc, f"play ${TRAFFIC}")
    accept(sc, f"play ${FALL}")
    assert _pool(sc) == (0, 2 + 3 + 1)
    # Against the Traffic came first, so its own Survival ability found no Survival Hero before it;
    # Long Way Down's avoids stack with nothing else.
    assert sc.game.state.players[0].avoid == 2


@pytest.mark.rule("LE-ABILITY-01", "LE-FIGHT-01", "LE-SCAN-03", "LE-KEYWORD-14")
def test_the_power_station_fights_in_the_matrix_from_the_real_world_this_turn_only():
    sc = _table(f"""
active 0
world 0 real
world 1 real
pool recruit=0 attack=0
put pots_patrol_officer row.3 up as cop
put pots_security_desk_clerk row.1 down as clerk
hand 0 tank_operator_console {POWER}
""")
    accept(sc, "play $tank_operator_console")  # a Tech Hero first
    reject(sc, "fight $cop", "LE-FIGHT-01")
    accept(sc, f"play ${POWER}")
    assert sc.ref("clerk") in sc.game.state.face_up  # the free scan, from the Real World
    assert _pool(sc) == (1 + 2 + 2, 3)
    accept(sc, "fight $cop")
    assert sc.ref("cop") in pile(sc, "defeated_enemies") and _pool(sc) == (5, 1)
    assert not sc.game.state.players[0].in_matrix
    accept(sc, "end")
    # The permission was this turn's: the next player, also outside, cannot fight in the Matrix.
    assert sc.game.state.active == 1
    sc.line("pool recruit=0 attack=5")
    reject(sc, "fight $clerk", "LE-FIGHT-01")


@pytest.mark.rule("LE-KEYWORD-14")
def test_the_power_station_without_a_tech_hero_before_it_gets_no_bonus():
    sc = _table(f"""
active 0
world 0 matrix
pool recruit=0 attack=0
hand 0 {POWER}
""")
    accept(sc, f"play ${POWER}")
    assert _pool(sc) == (2, 3)
    assert "fight_from_real_world" in sc.game.state.turn.allow
