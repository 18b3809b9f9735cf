"""The six Avatars of Reloaded (LE-FILMS-06) on the shipped cards: their data (Rank, Speed, Health,
one version per character) and each Avatar's ability for each Act, played through Free Your Mind in
a real engine game (LE-ACTION-12..14).

Reloaded's Acts are not registered yet, so the games use The Matrix's Acts and Hero Groups with
these Avatars; an Avatar ability depends only on the Act number (LE-ACTION-14).
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.schema import AvatarCard
from engine.legendary.setup import LegendarySetup, SetupError
from engine.legendary.state import pp
from tests.legendary.helpers import accepted, pile, rejected

RELOADED = ("neo_reloaded", "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions", "niobe",
            "roland", "soren")
THE_MATRIX = ("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse", "apoc")
ACTS = "what_is_the_matrix,know_thyself,he_is_the_one"
GROUPS = "morpheus_the_matrix,trinity_the_matrix,tank,nebuchadnezzar_crew"
CLEAR = "empty row.0 row.1 row.2 row.3 row.4 combat"


@pytest.fixture(scope="module")
def fdb() -> CardDB:
    """The shipped card database."""
    return load_db()


def avatar(db: CardDB, card_id: str) -> AvatarCard:
    card = db.cards[card_id]
    assert isinstance(card, AvatarCard), card_id
    return card


def game(db: CardDB, me: str, act: int, text: str = "", others: tuple[str, ...] = ()) -> Scenario:
    """A real game with ``me`` in seat 0 (active, Action Phase) during Act ``act``, the Matrix Row
    and Combat Zone cleared, Free Your Mind in hand, then the position lines of ``text``."""
    mates = others or tuple(a for a in RELOADED if a != me)[:1]
    head = f"setup avatars={','.join((me, *mates))} acts={ACTS} groups={GROUPS} seed=3"
    sc = Scenario.from_text(head, db)
    for line in (CLEAR, f"act {act} 1", "active 0", "pool recruit=0 attack=0", "hand 0 free_your_mind",
                 *text.strip().splitlines()):
        if line.strip():
            sc.line(line.strip())
    return sc


def played(db: CardDB, me: str, act: int, text: str = "", others: tuple[str, ...] = ()) -> Scenario:
    """``game(...)``, then seat 0 plays Free Your Mind, which goes to the play area (LE-ACTION-12)."""
    sc = game(db, me, act, text, others)
    fym = sc.ref("free_your_mind")
    accepted(sc, f"play {fym}")
    assert fym in pile(sc, "p0.play")
    return sc


def pool(sc: Scenario) -> tuple[int, int]:
    return sc.game.state.turn.recruit, sc.game.state.turn.attack


def moves_available(sc: Scenario) -> int:
    """Use up the moves left this turn (the free one already spent) and count them."""
    sc.line("free_move used")
    made = 0
    while True:
        where = "matrix" if not sc.game.state.players[0].in_matrix else "real"
        if not sc.command(f"move {where}").accepted:
            rejected(sc, f"move {where}", "LE-MOVE-01")
            return made
        made += 1


# --- the data -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-FILMS-06")
@pytest.mark.rule("LE-SETUP-05")
def test_le_films_06_reloaded_brings_six_avatars_with_rank_speed_health_and_three_abilities(fdb):
    cards = [avatar(fdb, a) for a in RELOADED]
    assert [c.name for c in cards] == ["Neo (Reloaded)", "Morpheus (Reloaded/Revolutions)",
                                       "Trinity (Reloaded/Revolutions)", "Niobe", "Roland", "Soren"]
    assert all(c.deck == "avatar" for c in cards)
    # Rank sets turn order: no two alike, so the first player is never a coin toss.
    assert sorted(c.rank for c in cards) == [1, 2, 3, 4, 5, 6]
    assert all(7 <= c.health <= 10 and 1 <= c.speed <= 5 for c in cards)
    for c in cards:
        assert len(c.abilities) == 3 and c.abilities[0] != "same"
        assert len(c.ability_text) == 3
        for ab, text in zip(c.abilities, c.ability_text, strict=True):
            assert (ab == "same") == (text == "Same effect."), c.id
        # No Thomas Anderson side: these Avatars start like any other.
        assert c.start_side == "front" and not c.starts_in_matrix and not c.free_your_mind_out_of_play


@pytest.mark.rule("LE-SETUP-03")
def test_le_setup_03_neo_morpheus_and_trinity_are_the_same_characters_as_in_the_matrix(fdb):
    assert [avatar(fdb, a).character for a in RELOADED[:3]] == [
        avatar(fdb, a).character for a in THE_MATRIX[:3]] == ["neo", "morpheus", "trinity"]
    others = [avatar(fdb, a).character for a in RELOADED[3:]]
    every = [c.character for c in fdb.cards.values() if isinstance(c, AvatarCard) and c.id not in RELOADED]
    assert len(set(others)) == 3 and not set(others) & set(every)
    for old, new in zip(THE_MATRIX[:3], RELOADED[:3], strict=True):
        with pytest.raises(SetupError, match="LE-SETUP-03"):
            LegendaryGame.new(LegendarySetup(avatars=[old, new], acts=ACTS.split(","),
                                             groups=GROUPS.split(",")), fdb)
    g = LegendaryGame.new(LegendarySetup(avatars=list(RELOADED[:5]), acts=ACTS.split(","),
                                         groups=GROUPS.split(","), seed=2), fdb)
    assert [g.state.defs[p.avatar] for p in g.state.players] == list(RELOADED[:5])


@pytest.mark.rule("LE-SETUP-25")
@pytest.mark.parametrize("seats", [("soren", "niobe", "roland"), ("roland", "trinity_reloaded_revolutions"),
                                   ("soren", "morpheus_reloaded_revolutions", "neo_reloaded", "niobe")])
def test_le_setup_25_the_best_rank_among_reloaded_avatars_goes_first(fdb, seats):
    for seed in (1, 2, 3):
        g = LegendaryGame.new(LegendarySetup(avatars=list(seats), acts=ACTS.split(","),
                                             groups=GROUPS.split(","), seed=seed), fdb)
        best = min(range(len(seats)), key=lambda i: avatar(fdb, seats[i]).rank)
        assert g.state.active == best


def direct_points(db: CardDB, ids: tuple[str, ...], act: int) -> float:
    """Average Recruit+Attack an Act's ability gives outright (conditional gains not counted)."""
    total = 0
    for a in ids:
        abilities = avatar(db, a).abilities
        i = act - 1
        while abilities[i] == "same":
            i -= 1
        total += sum(e.amount for e in abilities[i] if e.verb in ("gain_recruit", "gain_attack"))
    return total / len(ids)


@pytest.mark.rule("LE-FILMS-06")
def test_reloaded_avatars_are_about_as_strong_as_the_matrix_six(fdb):
    """A design guard: the same Health on average and, per Act, about the same outright gains."""
    health = [sum(avatar(fdb, a).health for a in ids) / 6 for ids in (RELOADED, THE_MATRIX)]
    assert abs(health[0] - health[1]) <= 0.5
    for act in (1, 2, 3):
        assert abs(direct_points(fdb, RELOADED, act) - direct_points(fdb, THE_MATRIX, act)) <= 1.0, act


# --- each ability, played through Free Your Mind ----------------------------------------------------


@pytest.mark.rule("LE-ACTION-12")
@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.rule("LE-MOVE-02")
@pytest.mark.parametrize(("me", "act", "world", "gains", "moves"), [
    ("neo_reloaded", 1, "matrix", (0, 3), 1),  # the flight: only from inside the Matrix
    ("neo_reloaded", 1, "real", (0, 3), 0),
    ("trinity_reloaded_revolutions", 2, "matrix", (0, 2), 2),  # the motorcycle
    ("niobe", 1, "real", (2, 0), 1),
])
def test_abilities_that_give_extra_moves(fdb, me, act, world, gains, moves):
    sc = played(fdb, me, act, f"world 0 {world}")
    assert pool(sc) == gains
    assert moves_available(sc) == moves


@pytest.mark.rule("LE-ACTION-13")
@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.rule("LE-SCAN-03")
@pytest.mark.parametrize(("me", "act", "world", "gains"), [
    ("trinity_reloaded_revolutions", 1, "real", (0, 2)),  # she hacks in from the ship
    ("soren", 1, "matrix", (2, 0)),
    ("soren", 2, "real", (2, 0)),  # Act 2: "Same effect."
])
def test_abilities_that_scan_for_free(fdb, me, act, world, gains):
    sc = played(fdb, me, act, f"world 0 {world}\nput rooftop_police row.3 down as hidden")
    assert pool(sc) == gains  # the scan cost no Attack
    assert sc.ref("hidden") in sc.game.state.face_up


@pytest.mark.rule("LE-ACTION-14")
def test_neo_reloaded_act_2_defeats_a_weak_enemy_in_the_matrix_row(fdb):
    sc = played(fdb, "neo_reloaded", 2, """
put agent_brown row.1 up as weak
put agents_in_the_walls row.2 up as strong
put hotel_police combat as in_combat
""")
    assert pool(sc) == (0, 2)
    assert sc.ref("weak") in pile(sc, "defeated_enemies")
    assert pile(sc, "row.2") == [sc.ref("strong")]  # 5 Attack: too strong
    assert pile(sc, "combat") == [sc.ref("in_combat")]  # only the Matrix Row


@pytest.mark.rule("LE-ACTION-14")
def test_neo_reloaded_act_3_attack_and_heals_another_players_strike(fdb):
    sc = played(fdb, "neo_reloaded", 3, "put strike_bullet_graze p1.strikes as hurt")
    assert pool(sc) == (0, 4)
    assert pile(sc, "p1.strikes") == [] and sc.ref("hurt") in pile(sc, "strike_discard")


@pytest.mark.rule("LE-ACTION-14")
def test_morpheus_rr_act_1_recruit_and_the_real_world_players_draw(fdb):
    sc = played(fdb, "morpheus_reloaded_revolutions", 1, "world 0 real\nworld 1 matrix\nworld 2 real",
                others=("niobe", "soren"))
    assert pool(sc) == (2, 0)
    # seat 0's hand was only Free Your Mind; seat 1 is in the Matrix and draws nothing
    dealt = fdb.playmat.hand_size
    assert [len(pile(sc, pp(seat, "hand"))) for seat in range(3)] == [1, dealt, dealt + 1]


@pytest.mark.rule("LE-ACTION-14")
def test_morpheus_rr_act_2_attack_and_pulls_any_player_out_of_the_matrix(fdb):
    sc = played(fdb, "morpheus_reloaded_revolutions", 2, "world 0 matrix\nworld 1 matrix")
    assert sc.game.state.decision is not None
    accepted(sc, "choose 1")  # seat 1
    assert pool(sc) == (0, 3)
    assert not sc.game.state.players[1].in_matrix and sc.game.state.players[0].in_matrix


@pytest.mark.rule("LE-ACTION-14")
def test_morpheus_rr_act_3_attack_and_each_player_heals_a_strike(fdb):
    sc = played(fdb, "morpheus_reloaded_revolutions", 3, """
put strike_cracked_ribs p0.strikes
put strike_split_lip p1.strikes
put strike_bullet_graze p2.strikes
put strike_bullet_graze p2.strikes
""", others=("niobe", "soren"))
    assert sc.game.state.decision is None  # nothing to choose: one kind of Strike each
    assert pool(sc) == (0, 2)
    assert pile(sc, "p0.strikes") == [] and pile(sc, "p1.strikes") == []
    assert len(pile(sc, "p2.strikes")) == 1  # one Strike each, never more




@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.rule("LE-STRIKE-09")
def test_trinity_rr_act_3_attack_and_avoids_the_next_two_strikes(fdb):
    sc = played(fdb, "trinity_reloaded_revolutions", 3, """
world 0 matrix
put pots_security_desk_clerk combat
put pots_security_desk_clerk combat
put pots_security_desk_clerk combat
put strike_bullet_graze strikes as top
""")
    assert pool(sc) == (0, 3)
    res = accepted(sc, "end")
    assert len([e for e in res.events if e.kind == "strike_avoided"]) == 2
    assert pile(sc, "p0.strikes") == [sc.ref("top")]  # the third strike lands



@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.parametrize(("world", "drawn"), [("real", 1), ("matrix", 0)])
def test_niobe_act_2_recruit_attack_and_a_card_in_the_real_world(fdb, world, drawn):
    sc = played(fdb, "niobe", 2, f"world 0 {world}")
    assert pool(sc) == (2, 1)
    assert len(pile(sc, "p0.hand")) == drawn


@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.parametrize(("world", "attack"), [("real", 5), ("matrix", 3)])
def test_niobe_act_3_more_attack_in_the_real_world(fdb, world, attack):
    sc = played(fdb, "niobe", 3, f"world 0 {world}")
    assert pool(sc) == (0, attack)


@pytest.mark.rule("LE-ACTION-13")
@pytest.mark.rule("LE-ACTION-14")
@pytest.mark.parametrize("act", [1, 2])
def test_roland_acts_1_and_2_attack_and_heals_his_own_strike(fdb, act):
    sc = played(fdb, "roland", act, "put strike_split_lip p0.strikes as mine\n"
                                     "put strike_split_lip p1.strikes")
    assert pool(sc) == (0, 2)
    assert pile(sc, "p0.strikes") == [] and sc.ref("mine") in pile(sc, "strike_discard")
    assert len(pile(sc, "p1.strikes")) == 1  # his own only


@pytest.mark.rule("LE-ACTION-14")
def test_roland_act_3_defeats_a_machine_in_the_real_world(fdb):
    sc = played(fdb, "roland", 3, """
put sentinel_scout p0.beside as scout
put sentinel_destroyer real_world as destroyer
put lobby_guards real_world as guards
put sewer_sentinel row.1 up as in_row
""")
    assert pool(sc) == (0, 2)
    assert sc.ref("scout") in pile(sc, "defeated_enemies")
    assert pile(sc, "real_world") == [sc.ref("destroyer"), sc.ref("guards")]  # too strong, not a Machine
    assert pile(sc, "row.1") == [sc.ref("in_row")]  # the Real World only



@pytest.mark.rule("LE-ACTION-14")
def test_soren_act_3_recruit_attack_and_raises_the_time_track(fdb):
    sc = played(fdb, "soren", 3, "time 6")
    assert pool(sc) == (2, 1)
    assert sc.game.state.time == 7
