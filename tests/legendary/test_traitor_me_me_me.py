"""Me, Me, Me (LE-SMITH), on the shipped film The Matrix."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import POTS_BY_PLAYERS, LegendarySetup
from engine.legendary.state import pp
from engine.legendary.traitor import LOYALISTS, SECRETS, SMITH_AVATAR, THE_MATRIX
from tests.legendary.helpers import accepted, one_damage_on_top, rejected, wound

ACTS = ["what_is_the_matrix", "know_thyself", "he_is_the_one"]
GROUPS = ["morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew"]
AVATARS = ["thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse"]
MODE = "me_me_me"


@pytest.fixture(scope="module")
def sdb() -> CardDB:
    return load_db()


def table(db: CardDB, text: str = "", players: int = 4) -> Scenario:
    head = (f"setup avatars={','.join(AVATARS[:players])} acts={','.join(ACTS)} "
            f"groups={','.join(GROUPS)} seed=3 traitor={MODE}\n")
    return Scenario.from_text(head + text, db)


def smith_card(sc: Scenario) -> int:
    return sc.game.state.defs.index(SMITH_AVATAR)






def assimilate_by_scan(sc: Scenario, seat: int = 0) -> None:
    """Put Assimilated Smith face down in the Row and scan it on ``seat``'s turn."""
    s = sc.game.state
    cid = smith_card(sc)
    s.piles["matrix_deck"].remove(cid)
    s.piles["row.2"] = [cid]
    s.face_up.discard(cid)
    sc.line(f"active {seat}")
    sc.line(f"world {seat} matrix")
    sc.line("pool attack=10 recruit=10")
    accepted(sc, "scan 2")


@pytest.mark.rule("LE-SMITH-01", "LE-SMITH-02")
def test_le_smith_01_02_only_assimilated_smith_shuffled_into_act_2(sdb):
    g = LegendaryGame.new(LegendarySetup(avatars=AVATARS[:4], acts=ACTS, groups=GROUPS, seed=2,
                                         traitor=MODE), sdb)
    s = g.state
    k = POTS_BY_PLAYERS[4]
    act3 = 13 + k
    middle = [s.defs[c] for c in s.piles["matrix_deck"][act3: act3 + 11 + k + 1]]
    assert middle.count(SMITH_AVATAR) == 1
    in_use = Counter(s.defs[c] for name, pile in s.piles.items() if name != "box" for c in pile)
    assert in_use[SECRETS] == 0 and not any(in_use[d] for d in (*LOYALISTS, THE_MATRIX))
    assert all(s.piles[pp(x, "hidden")] == [] for x in range(4))  # nobody knows in advance
    assert s.mods.smiths == ()


@pytest.mark.rule("LE-SMITH-03", "LE-SMITH-04", "LE-SMITH-05")
def test_le_smith_03_04_revealed_assimilates_the_active_player(sdb):
    sc = table(sdb)
    s = sc.game.state
    wound(sc, 0, 3)
    old = s.players[0].avatar
    assimilate_by_scan(sc, 0)
    cid = smith_card(sc)
    assert s.players[0].avatar == cid and s.piles["p0.avatar"] == [cid]
    assert cid not in s.piles["row.2"] and old in s.piles["out_of_play"]  # default: it leaves the Row
    assert s.piles["p0.strikes"] == []  # healed
    assert s.mods.smiths == (0,)
    assert s.active == 1  # the turn jumped to Cleanup and passed on
    assert sc.t.health(0) == sdb.cards[SMITH_AVATAR].health
    # each seat's view says its side: the assimilated player's goal has turned (LE-SMITH-05)
    role = sc.game.observe(0)["role"]
    assert role["side"] == "smith" and "LE-SMITH-05" in role["goal"]
    assert sc.game.observe(1)["role"]["side"] == "team"


@pytest.mark.rule("LE-SMITH-06", "LE-SMITH-08")
def test_le_smith_06_08_smiths_never_strike_a_smith_player_who_may_strike_players(sdb):
    sc = table(sdb)
    s = sc.game.state
    assimilate_by_scan(sc, 0)
    sc.line("active 0")
    sc.line("world 0 real")
    sc.line("world 2 real")
    sc.line("empty combat")
    sc.line("put agent_smith_interrogator combat")
    strikes, time = len(s.piles["p0.strikes"]), s.time
    res = accepted(sc, "end")
    assert any(e.kind == "strike_skipped" for e in res.events)
    assert len(s.piles["p0.strikes"]) == strikes and s.time == time  # no Strike, no Time lost
    sc.line("active 0")
    sc.line(f"pool attack={sc.t.health(2)}")
    one_damage_on_top(sc)
    accepted(sc, "strike-player 2")  # LE-SMITH-06: as in LE-TRAITOR-14
    assert len(s.piles["p2.strikes"]) == 1


@pytest.mark.rule("LE-SMITH-09", "LE-SMITH-15")
def test_le_smith_09_15_a_smiths_defeating_strike_assimilates_instead(sdb):
    sc = table(sdb)
    s = sc.game.state
    assimilate_by_scan(sc, 0)
    wound(sc, 2, 1)
    av = s.players[2].avatar
    sc.line("active 0")
    sc.line("world 0 real")
    sc.line("world 2 real")
    sc.line(f"pool attack={sc.t.health(2)}")
    one_damage_on_top(sc)
    accepted(sc, "strike-player 2")
    assert not s.players[2].defeated and s.mods.smiths == (0, 2)
    assert s.players[2].avatar == av  # keeps their own Avatar, Speed and Health
    assert s.piles["p2.strikes"] == []
    # LE-SMITH-15: Free Your Mind uses Assimilated Smith's ability for the current Act
    sc.line("active 2")
    sc.line("pool attack=0")
    sc.line("hand 2 free_your_mind")
    fym = s.piles["p2.hand"][0]
    accepted(sc, f"play {fym}")
    assert s.turn.attack == 2  # Assimilated Smith, Act 1: +2 Attack


@pytest.mark.rule("LE-SMITH-10", "LE-SMITH-11")
def test_le_smith_10_11_the_last_smith_falls_then_one_free_smith_a_turn(sdb):
    sc = table(sdb, "time 5")
    s = sc.game.state
    assimilate_by_scan(sc, 0)
    sc.line("put strike_bullet_graze p1.strikes")
    wound(sc, 0, 1)
    sc.line("active 1")
    sc.line("world 1 real")
    sc.line("world 0 real")
    sc.line(f"pool attack={sc.t.health(0)}")
    one_damage_on_top(sc)
    accepted(sc, "strike-player 0")
    assert s.players[0].defeated and s.mods.smiths_gone
    assert s.time == 10 and all(s.piles[pp(x, "strikes")] == [] for x in (1, 2, 3))
    sc.line("empty combat")
    sc.line("put agent_smith_interrogator combat up as a")
    sc.line("put agent_smith_subway combat up as b")
    accepted(sc, f"defeat-smith {sc.ref('a')}")
    assert sc.ref("a") in s.piles["defeated_enemies"]
    rejected(sc, f"defeat-smith {sc.ref('b')}", "LE-SMITH-11")  # once a turn
    accepted(sc, "end")
    assert sc.game.is_legal(f"defeat-smith {sc.ref('b')}")


@pytest.mark.rule("LE-SMITH-11")
def test_le_smith_11_no_free_smith_while_a_smith_player_remains(sdb):
    sc = table(sdb, "empty combat\nput agent_smith_interrogator combat up as a")
    rejected(sc, f"defeat-smith {sc.ref('a')}", "LE-SMITH-11")


@pytest.mark.rule("LE-SMITH-12", "LE-SMITH-14")
def test_le_smith_12_14_the_smiths_win_when_everyone_else_is_defeated(sdb):
    sc = table(sdb, players=3)
    s = sc.game.state
    assimilate_by_scan(sc, 0)
    for victim, enemy in ((1, "agent_brown"), (2, "agent_jones")):  # Strikes that are no Smith's
        wound(sc, victim, 1)
        sc.line(f"active {victim}")
        sc.line(f"world {victim} matrix")
        sc.line("empty combat")
        sc.line(f"put {enemy} combat")
        one_damage_on_top(sc)
        accepted(sc, "end")
        assert s.players[victim].defeated
    assert s.result == "smiths" and s.ending["rule"] == "LE-SMITH-12"


@pytest.mark.rule("LE-SMITH-07", "LE-SMITH-13")
def test_le_smith_07_13_a_smith_player_is_in_the_traitors_place_and_time_0_loses_all(sdb):
    sc = table(sdb)
    s = sc.game.state
    assimilate_by_scan(sc, 1)
    sc.line("act 3 2")
    sc.line("empty combat")
    sc.line("put agent_smith_subway combat up as smith")
    sc.line("active 1")
    sc.line("world 1 matrix")
    sc.line("pool attack=30")
    rejected(sc, f"fight {sc.ref('smith')}", "LE-TRAITOR-24")
    sc.t.change_time(-s.time, "test")
    assert s.result == "loss:time"
