"""The Avatar Neo (Revolutions) (cards/legendary/avatars_revolutions.toml) and the six Avatars of
Revolutions (LE-FILMS-09): his data (Rank, Speed, Health, one version of Neo per game) and his
ability for each Act, played through Free Your Mind in a real engine game (LE-ACTION-12..14).

Revolutions' Acts are not registered yet, so the games use The Matrix's Acts and Hero Groups; an
Avatar ability depends only on the Act number (LE-ACTION-14). His Act 3 ability defeats an Enemy
with Smith in its name even if it cannot be fought (LE-CARD-19), shown on a stand-in Smith.
"""
from __future__ import annotations

import pytest

from engine.legendary.carddb import CardDB
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.schema import AvatarCard
from engine.legendary.setup import LegendarySetup, SetupError
from tests.legendary.helpers import accepted, pile, rejected
from tests.legendary.revolutions_helpers import (
    MATRIX_ACTS,
    MATRIX_GROUPS,
    SHIPPED,
    db_with_stand_in_smith,
    gain,
    matrix_film,
    pool,
)

NEO = "neo_revolutions"
REVOLUTIONS = (NEO, "morpheus_reloaded_revolutions", "trinity_reloaded_revolutions", "niobe", "roland",
               "soren")
THE_MATRIX = ("thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse", "apoc")
OTHER_NEOS = ("thomas_anderson_neo", "neo_reloaded")


def avatar(card_id: str, db: CardDB = SHIPPED) -> AvatarCard:
    card = db.cards[card_id]
    assert isinstance(card, AvatarCard), card_id
    return card


def ability(act: int) -> list:
    got = avatar(NEO).abilities[act - 1]
    assert got != "same"
    return got


def defeat(act: int):
    (fx,) = [e for e in ability(act) if e.verb == "defeat_enemy"]
    return fx


@pytest.fixture(scope="module")
def smith_db(tmp_path_factory) -> CardDB:
    """The shipped cards and the stand-in Smith that cannot be fought."""
    return db_with_stand_in_smith(tmp_path_factory.mktemp("smith"))


def played(act: int, text: str = "", db: CardDB = SHIPPED) -> Scenario:
    """Neo (Revolutions) in seat 0 (active, Action Phase) of a game of The Matrix's Acts during Act
    ``act``, with only Free Your Mind in hand, ``text``, then Free Your Mind played (LE-ACTION-12)."""
    sc = matrix_film(f"act {act} 1\nactive 0\npool recruit=0 attack=0\nhand 0 free_your_mind\n{text}",
                     avatars=f"{NEO},morpheus_reloaded_revolutions", db=db)
    fym = sc.ref("free_your_mind")
    accepted(sc, f"play {fym}")
    assert fym in pile(sc, "p0.play")
    return sc


# --- the data -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-FILMS-09")
@pytest.mark.rule("LE-SETUP-05")
def test_le_films_09_neo_revolutions_joins_the_five_shared_avatars_with_rank_1():
    cards = [avatar(a) for a in REVOLUTIONS]
    assert [c.name for c in cards] == ["Neo (Revolutions)", "Morpheus (Reloaded/Revolutions)",
                                       "Trinity (Reloaded/Revolutions)", "Niobe", "Roland", "Soren"]
    assert all(c.deck == "avatar" for c in cards)
    # Rank sets turn order: no two alike among the film's six, so the first player is never a toss.
    assert [c.rank for c in cards] == [1, 2, 3, 4, 5, 6]
    neo = avatar(NEO)
    assert 7 <= neo.health <= 10 and 1 <= neo.speed <= 5
    assert len(neo.abilities) == 3 and "same" not in neo.abilities and len(neo.ability_text) == 3
    assert neo.start_side == "front" and not neo.starts_in_matrix and not neo.free_your_mind_out_of_play
    # The one Revolutions Avatar in its own file; the other five are Reloaded's.
    assert SHIPPED.files[NEO] == "avatars_revolutions.toml"
    assert {SHIPPED.files[a] for a in REVOLUTIONS[1:]} == {"avatars_reloaded.toml"}


def test_ability_text_says_what_the_data_does():
    texts = avatar(NEO).ability_text
    for act, text in zip((1, 2, 3), texts, strict=True):
        for what in ("recruit", "attack"):
            if n := gain(ability(act), what):
                assert f"+{n} {what.title()}." in text, act
    assert "Scan any Matrix Row space for free." in texts[0]
    assert any(e.verb == "scan_any" for e in ability(1))
    assert f"Defeat a {defeat(2).descriptor} Enemy with {defeat(2).max_attack} Attack or less." in texts[1]
    assert f"Defeat an Enemy with {defeat(3).name_contains} in its name, even one that cannot be fought." \
        in texts[2]
    assert defeat(3).max_attack is None and defeat(3).where == "any"


@pytest.mark.rule("LE-SETUP-03")
@pytest.mark.parametrize("other", OTHER_NEOS)
def test_le_setup_03_never_two_neos_in_one_game(other):
    assert avatar(NEO).character == avatar(other).character == "neo"
    with pytest.raises(SetupError, match="LE-SETUP-03"):
        LegendaryGame.new(LegendarySetup(avatars=[NEO, other], acts=MATRIX_ACTS.split(","),
                                         groups=list(MATRIX_GROUPS)), SHIPPED)
    g = LegendaryGame.new(LegendarySetup(avatars=list(REVOLUTIONS[:5]), acts=MATRIX_ACTS.split(","),
                                         groups=list(MATRIX_GROUPS), seed=2), SHIPPED)
    assert [g.state.defs[p.avatar] for p in g.state.players] == list(REVOLUTIONS[:5])


@pytest.mark.rule("LE-SETUP-25")
@pytest.mark.parametrize("seats", [("soren", NEO, "roland"), ("niobe", "trinity_reloaded_revolutions", NEO),
                                   (NEO, "morpheus_reloaded_revolutions")])
def test_le_setup_25_neo_revolutions_goes_first(seats):
    for seed in (1, 2, 3):
        g = LegendaryGame.new(LegendarySetup(avatars=list(seats), acts=MATRIX_ACTS.split(","),
                                             groups=list(MATRIX_GROUPS), seed=seed), SHIPPED)
        assert g.state.active == seats.index(NEO)


def direct_points(ids: tuple[str, ...], act: int) -> float:
    """Average Recruit+Attack an Act's ability gives outright (conditional gains not counted)."""
    total = 0
    for a in ids:
        abilities = avatar(a).abilities
        i = act - 1
        while abilities[i] == "same":
            i -= 1
        total += gain(abilities[i], "recruit") + gain(abilities[i], "attack")
    return total / len(ids)


@pytest.mark.rule("LE-FILMS-09")
def test_revolutions_avatars_are_about_as_strong_as_the_matrix_six():
    """A design guard: the same Health on average and, per Act, about the same outright gains."""
    health = [sum(avatar(a).health for a in ids) / 6 for ids in (REVOLUTIONS, THE_MATRIX)]
    assert abs(health[0] - health[1]) <= 0.5
    for act in (1, 2, 3):
        assert abs(direct_points(REVOLUTIONS, act) - direct_points(THE_MATRIX, act)) <= 1.0, act


# --- each ability, played through Free Your Mind ----------------------------------------------------


@pytest.mark.rule("LE-ACTION-12", "LE-ACTION-14", "LE-SCAN-03")
@pytest.mark.parametrize("world", ["matrix", "real"])
def test_act_1_recruit_attack_and_a_free_scan_from_either_world(world):
    sc = played(1, f"world 0 {world}\nput rooftop_police row.3 down as hidden")
    assert pool(sc) == (gain(ability(1), "recruit"), gain(ability(1), "attack"))  # the scan was free
    assert sc.ref("hidden") in sc.game.state.face_up


@pytest.mark.rule("LE-ACTION-14", "LE-ABILITY-06", "LE-ABILITY-07")
def test_act_2_defeats_a_machine_enemy_weak_enough_anywhere_in_play():
    limit = defeat(2).max_attack
    assert SHIPPED.cards["sentinel_scout"].attack <= limit < SHIPPED.cards["sentinel_swarm"].attack
    sc = played(2, """
world 0 matrix
put sentinel_scout p1.beside as scout
put sentinel_swarm real_world as swarm
put agent_brown row.1 up as agent
put sewer_sentinel row.3 down as hidden
""")
    assert pool(sc) == (0, gain(ability(2), "attack"))
    assert sc.ref("scout") in pile(sc, "defeated_enemies")  # beside another player, from the Matrix
    assert pile(sc, "real_world") == [sc.ref("swarm")]  # too strong
    assert pile(sc, "row.1") == [sc.ref("agent")]  # not a Machine
    assert pile(sc, "row.3") == [sc.ref("hidden")]  # face down: out of reach


@pytest.mark.rule("LE-ACTION-14", "LE-ABILITY-04")
def test_act_2_the_player_picks_among_machines():
    sc = played(2, "put sewer_sentinel row.0 up as a\nput sentinel_scout combat as b")
    d = sc.game.state.decision
    assert d is not None and d.seat == 0 and len(d.options) == 2
    accepted(sc, f"choose {list(d.options).index(SHIPPED.cards['sentinel_scout'].name)}")
    assert sc.ref("b") in pile(sc, "defeated_enemies") and pile(sc, "row.0") == [sc.ref("a")]


@pytest.mark.rule("LE-ACTION-14", "LE-CARD-19", "LE-FIGHT-08")
def test_act_3_attack_and_defeats_a_smith_that_cannot_be_fought(smith_db):
    sc = played(3, "world 0 matrix\nput stand_in_smith combat as smith\nput agent_brown row.2 up as agent",
                db=smith_db)
    assert sc.ref("smith") in pile(sc, "defeated_enemies")
    assert pile(sc, "row.2") == [sc.ref("agent")]  # no Smith in the name
    assert pool(sc) == (0, gain(ability(3), "attack"))


@pytest.mark.rule("LE-ACTION-14", "LE-CARD-19")
def test_act_3_against_a_fightable_smith_and_with_none_in_play(smith_db):
    """He is The One's Agent Smith is a Smith too; with no Smith in play only the Attack is left."""
    sc = played(3, "put stand_in_smith combat as s1\nput agent_smith_interrogator row.4 up as s2",
                db=smith_db)
    d = sc.game.state.decision
    accepted(sc, f"choose {list(d.options).index(SHIPPED.cards['agent_smith_interrogator'].name)}")
    assert sc.ref("s2") in pile(sc, "defeated_enemies") and pile(sc, "combat") == [sc.ref("s1")]
    fym = SHIPPED.cards["free_your_mind"]
    sc = played(3)
    assert sc.game.state.decision is None and pool(sc) == (fym.recruit, gain(ability(3), "attack"))
    rejected(sc, f"play {sc.ref('free_your_mind')}", "LE-ACTION-01")  # played once, now in play
