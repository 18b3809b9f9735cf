"""The hint advisor (engine/legendary/advice.py): the look-ahead's move, what it touches on the
table and one sentence of why, built from the facts of real positions."""
from __future__ import annotations

import pytest

from engine.core.commands import Command
from engine.legendary.advice import _VERBS, advise, goal_of, hint, snapshot
from engine.legendary.bots import RandomBot
from engine.legendary.bots.search_bot import Analysis, Option, SearchBot
from engine.legendary.carddb import load_db
from engine.legendary.films import available_films
from engine.legendary.game import LegendaryGame
from engine.legendary.quickstart import default_setup
from engine.legendary.registry import ACTIONS
from engine.legendary.scenario import Scenario
from tests.legendary.helpers import accepted

FILM_SETUP = ("setup avatars=thomas_anderson_neo,morpheus_the_matrix acts=what_is_the_matrix,know_thyself,"
              "he_is_the_one groups=morpheus_the_matrix,trinity_the_matrix,tank,nebuchadnezzar_crew seed=3\n"
              "empty row.0 row.1 row.2 row.3 row.4 combat\n")


def table(text: str) -> Scenario:
    sc = Scenario.from_text(FILM_SETUP + text)
    assert sc.game is not None
    return sc


def ref(sc: Scenario, def_id: str, pile: str) -> int:
    s = sc.game.state
    return next(c for c in s.piles[pile] if s.defs[c] == def_id)


def on_card(text: str, def_id: str, pile: str, verb: str):
    """The table ``text`` sets up, the first ``def_id`` card in ``pile`` and the advice to ``verb`` it."""
    sc = table(text)
    cid = ref(sc, def_id, pile)
    return sc, cid, advise(sc.game, 0, weighed(Command(verb, (cid,))))


def weighed(cmd: Command) -> Analysis:  # the analysis a look-ahead gives when one move stands out
    return Analysis(cmd)


@pytest.mark.rule("LE-STRIKE-02", "LE-FIGHT-02")
def test_le_strike_02_fight_says_what_the_enemy_will_strike_and_the_attack_you_have():
    _, brown, a = on_card("active 0\nworld 0 matrix\nput agent_brown combat up\npool attack=4",
                          "agent_brown", "combat", "fight")
    assert a.sentence == ("Fight Agent Brown: it gives Thomas Anderson 1 Strike card when the turn ends, "
                          "and you have 4 Attack for its 4")
    assert a.cards == (brown,) and a.command == Command("fight", (brown,))


@pytest.mark.rule("LE-STRIKE-03")
def test_le_strike_03_from_the_real_world_the_strike_is_time():
    _, _, a = on_card("active 0\nworld 0 real\nput agent_brown combat up\npool attack=4",
                      "agent_brown", "combat", "buytime")
    assert a.sentence.startswith("Buy Time against Agent Brown: it strikes for 1 Time when the turn ends")


def test_end_turn_names_the_pools_left_unspent():
    sc = table("active 0\npool recruit=1 attack=2")
    assert advise(sc.game, 0, weighed(Command("end"))).sentence == \
        "End your turn: nothing left is worth your 1 Recruit or 2 Attack"
    sc = table("active 0\npool recruit=0 attack=0")
    assert advise(sc.game, 0, weighed(Command("end"))).sentence == \
        "End your turn: you have nothing left to play or spend"


@pytest.mark.rule("LE-RECRUIT-01")
def test_le_recruit_01_recruit_says_the_cost_and_what_the_deck_lacks():
    # the starting deck holds more Recruit than Attack: a Hero with Attack is what it needs
    _, pistols, a = on_card("active 0\nworld 0 real\nput trinity_the_matrix_twin_pistols dock.0 up\n"
                            "pool recruit=3", "trinity_the_matrix_twin_pistols", "dock.0", "recruit")
    assert a.sentence.startswith("Recruit Twin Pistols (3): your deck needs Attack")
    assert a.cards == (pistols,)


@pytest.mark.rule("LE-MOVE-01", "LE-MATRIX-01")
def test_le_move_01_moves_and_scans_point_at_their_spaces():
    sc = table("active 0\nworld 0 real\nput agent_brown row.2 up\npool attack=5")
    a = advise(sc.game, 0, weighed(Command("move", ("matrix",))))
    assert a.piles == ("in_matrix",)
    assert a.sentence == "Move into the Matrix: Agent Brown is there, and you have 5 Attack"
    sc = table("active 0\nworld 0 matrix\nput agent_brown row.3 down\npool attack=5")
    a = advise(sc.game, 0, weighed(Command("scan", (3,))))
    assert a.piles == ("row.3",) and a.sentence.startswith("Scan Row space 4:")
    assert "Agent Brown" not in a.sentence  # a face-down card stays unnamed


@pytest.mark.rule("LE-STRIKE-02")
def test_le_strike_02_leaving_the_matrix_turns_the_strikes_to_time():
    sc = table("active 0\nworld 0 matrix\nput agent_brown combat up\npool attack=0")
    a = advise(sc.game, 0, weighed(Command("move", ("real", "subway"))))
    assert a.sentence == ("Leave the Matrix by the Subway phone: from the Real World the Combat Zone's "
                          "strikes hit the Time Track, not you (1 Strike card)")
    assert a.piles == ("row.0",)


def test_a_decision_option_is_pointed_at():
    sc = table("active 0\nhand 0 unplug there_is_no_spoon\neffect 0 discard")
    d = sc.game.state.decision
    assert d is not None
    a = advise(sc.game, 0, weighed(Command("choose", (1,))))
    assert a.option == 1 and a.sentence == f"Choose {d.options[1]}: it is the card you will miss least"


def test_every_command_verb_has_words_of_its_own():
    """A verb an Act or a rule adds later must be given a sentence here (not only the fallback)."""
    verbs = {a.verb for a in ACTIONS.values()}
    assert verbs <= set(_VERBS), sorted(verbs - set(_VERBS))


def test_the_fallback_uses_the_commands_usage_line():
    sc = table("active 0")
    a = advise(sc.game, 0, weighed(Command("undo")))
    assert a.sentence.startswith("Undo")


@pytest.mark.parametrize("film", [f.id for f in available_films(load_db([]))])
def test_every_legal_command_of_real_games_gets_one_sentence(film: str):
    """Random games of each film: every command legal along the way is advised in one sentence
    (no stray text, no sentence break) without changing the game."""
    db = load_db([])
    for players, seed in ((1, 1), (3, 2)):
        g = LegendaryGame.new(default_setup(db, players, seed, [], film=film), db, track_undo=False)
        bot = RandomBot(seed, end_bias=0.15)
        for _ in range(400):
            if g.over:
                break
            seat = g.table().acting_seat()
            before = g.state_hash()
            for c in g.legal_commands(seat):
                s = advise(g, seat, weighed(c)).sentence
                assert s[0].isupper() and "None" not in s and ". " not in s and not s.endswith("."), s
            assert g.state_hash() == before
            g.apply(bot.choose(g))


def test_a_hint_is_a_legal_command_of_the_asking_seat_and_leaves_the_game_alone():
    sc = table("active 0\nworld 0 matrix\nput agent_brown combat up\npool attack=4")
    g = sc.game
    before, log = g.state_hash(), list(g.commands)
    a = hint(g, 0)
    assert g.is_legal(a.command) and g.table().command_seat(a.command) == 0
    assert (g.state_hash(), g.commands) == (before, log)


def test_the_copy_a_look_ahead_plays_on_is_not_the_game():
    sc = table("active 0\npool recruit=1")
    copy = snapshot(sc.game)
    accepted_cmd = copy.apply("end")
    assert accepted_cmd.accepted and copy.state_hash() != sc.game.state_hash()


@pytest.mark.rule("LE-CAMPAIGN-10")
def test_le_campaign_10_a_campaign_game_looks_ahead_for_the_major_victory():
    sc = table("")
    assert goal_of(sc.game) == "win"
    sc.game.state.setup["campaign"] = "c1/1/1"
    assert goal_of(sc.game) == "major"


def test_an_advised_fight_is_accepted():
    sc, _, a = on_card("active 0\nworld 0 matrix\nput rooftop_police combat up\npool attack=3",
                       "rooftop_police", "combat", "fight")
    accepted(sc, a.command.text())


def test_the_sentence_cites_the_look_ahead_against_ending_the_turn():
    sc = table("hand 0\nactive 0\nworld 0 matrix\nput agent_brown combat up\npool attack=4")
    brown = ref(sc, "agent_brown", "combat")
    fight, end = Command("fight", (brown,)), Command("end")
    got = advise(sc.game, 0, Analysis(fight, (Option(fight, 0.62, 5, 8), Option(end, 0.25, 2, 8))))
    assert got.sentence.endswith("; it wins 5 of 8 look-aheads, ending the turn wins 2")


@pytest.mark.rule("LE-ACT-15")
def test_a_minor_victory_says_how_many_look_aheads_lose_if_you_play_on():
    sc = table("hand 0\nactive 0")
    minor, end = Command("minor-victory"), Command("end")
    got = advise(sc.game, 0, Analysis(minor, (Option(minor, 1.0, 8, 8), Option(end, 0.13, 1, 8))))
    assert got.sentence.startswith("Take the Minor Victory: ")
    assert got.sentence.endswith("; 7 of 8 look-aheads lose if you play on")
    assert got.piles == ("acts",)


def test_a_real_look_ahead_is_cited_or_left_out_when_it_says_nothing():
    """The search bot's own analysis of a real position: its numbers are cited, or, when no line
    wins at all, the sentence says so only if the chosen line gets furthest."""
    sc = table("hand 0\nactive 0\nworld 0 matrix\nput agent_brown combat up\npool attack=4\ntime 2")
    analysis = SearchBot(1, everywhere=True).analyse(sc.game, seats={0})
    assert analysis.options, "the position has moves worth weighing"
    got = advise(sc.game, 0, analysis)
    best = analysis.options[0]
    if best.wins or any(o.wins for o in analysis.options):
        assert f"it wins {best.wins} of {best.rollouts} look-aheads" in got.sentence
    else:
        assert "look-ahead" not in got.sentence or "this line gets furthest" in got.sentence


def test_playing_a_card_says_what_it_gives_and_does():
    galley = "nebuchadnezzar_crew_dozers_galley"
    _, _, a = on_card(f"hand 0 {galley}\nactive 0", galley, "p0.hand", "play")
    assert a.sentence == ("Play Dozer's Galley: it gives +1 Recruit and heals a Strike; "
                          "play your hand before you spend")


def test_ending_the_turn_is_compared_with_the_move_it_beat():
    sc = table("hand 0\nactive 0\nworld 0 real\npool attack=3")
    end, enter = Command("end"), Command("move", ("matrix",))
    got = advise(sc.game, 0, Analysis(end, (Option(end, 0.5, 2, 4), Option(enter, 0.02, 0, 4))))
    assert got.sentence == ("End your turn: nothing left is worth your 3 Attack; it wins 2 of 4 look-aheads, "
                            "moving into the Matrix wins 0")


def test_a_rival_played_out_on_fewer_deals_is_cited_with_its_own_count():
    sc = table("hand 0\nactive 0\nworld 0 real\npool attack=3")
    end, enter = Command("end"), Command("move", ("matrix",))
    got = advise(sc.game, 0, Analysis(end, (Option(end, 0.5, 6, 12), Option(enter, 0.3, 1, 2))))
    assert got.sentence.endswith("it wins 6 of 12 look-aheads, moving into the Matrix wins 1 of 2")
