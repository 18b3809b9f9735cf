"""LE-TIMING (ability timing and order), LE-ABILITY (card text and the rulebook) and LE-TERM (the
glossary). Fixture cards: tests/fixtures/cards/rules_keywords.toml."""
from __future__ import annotations

import pytest

from tests.legendary.helpers import accepted as accept
from tests.legendary.helpers import rejected as reject


def events(evs, kind: str) -> list[dict]:
    """Events of one kind, as dicts, from a result or from ``sc.events``."""
    if hasattr(evs, "events"):
        evs = [e.to_dict() for e in evs.events]
    return [e for e in evs if e["kind"] == kind]


# --- LE-TIMING ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-TIMING-01")
def test_reveal_ability_triggers_when_the_card_is_revealed(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put test_one_drill_glitch row.1 down as glitch
""")
    s = sc.game.state
    assert s.time == 10  # face down: nothing yet
    res = accept(sc, "scan 1")
    order = [e.kind for e in res.events if e.kind in ("card_revealed", "time_changed")]
    assert order == ["card_revealed", "time_changed"]
    assert s.time == 9 and s.where(sc.ref("glitch")) == "discarded"


@pytest.mark.rule("LE-TIMING-01")
def test_reveal_ability_triggers_when_pushed_into_the_combat_zone(scenario):
    sc = scenario("""
active 0
put test_one_drill_glitch row.0 down as glitch
put test_one_drill_sentinel row.1 up
put pots_test_watchdog row.2 up
put pots_test_security_guard row.3 up
put test_one_drill_cop row.4 up
put pots_test_patrol_cop matrix_deck as top
""")
    s = sc.game.state
    res = accept(sc, "end")  # the next Matrix Phase pushes the Glitch into the Combat Zone
    revealed = [e.data["card"] for e in res.events if e.kind == "card_revealed"]
    assert revealed == [sc.ref("glitch")]
    assert s.time == 9 and s.where(sc.ref("glitch")) == "discarded"


@pytest.mark.rule("LE-TIMING-02")
def test_matrix_row_and_combat_zone_abilities_only_in_their_area(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=10
put rules_timing_jammer row.3 down as jammer
put test_one_drill_sentinel row.1 down as hidden
""")
    s = sc.game.state
    jammer = sc.ref("jammer")
    assert sc.game.check("scan 1") is None  # face down: its ability is not in force
    s.face_up.add(jammer)
    res = reject(sc, "scan 1", "LE-TIMING-02")  # "Matrix Row: Nobody can scan."
    assert "Rules Jammer" in res.reason
    assert sc.game.check("move real alley") is None  # its Combat Zone ability is not active yet
    # Into the Combat Zone: the Row ability stops, the Combat Zone ability starts.
    s.piles["row.3"].remove(jammer)
    s.piles["combat"].append(jammer)
    accept(sc, "scan 1")
    reject(sc, "move real alley", "LE-TIMING-02")
    accept(sc, f"fight {jammer}")
    accept(sc, "move real alley")  # gone from play: no longer forbids
    assert not s.players[0].in_matrix


@pytest.mark.rule("LE-TIMING-03")
@pytest.mark.parametrize(("act", "attack"), [(1, 1), (2, 3), (3, 1)])
def test_act_ability_only_during_the_listed_act(scenario, act, attack):
    sc = scenario(f"""
active 0
act {act} 1
pool recruit=0 attack=0
hand 0 rules_timing_act_two_bonus
""")
    accept(sc, "play $rules_timing_act_two_bonus")
    assert sc.game.state.turn.attack == attack


@pytest.mark.rule("LE-TIMING-04")
def test_fight_ability_triggers_when_the_enemy_is_defeated(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=7
put test_two_drill_virus combat up as virus
put rules_timing_drone_a row.2 up as drone
""")
    s = sc.game.state
    hand = len(s.piles["p0.hand"])
    accept(sc, "fight $virus")  # "Fight: Draw a card."
    assert len(s.piles["p0.hand"]) == hand + 1
    assert s.time == 10  # the Drone's Fight: has not happened: it was not defeated
    sc.line("effect 0 defeat_enemy descriptor=Drone")  # defeated by an effect: Fight: still happens
    assert s.where(sc.ref("drone")) == "defeated_enemies"
    assert s.time == 11


@pytest.mark.rule("LE-TIMING-05")
def test_strike_ability_can_replace_the_strike(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_timing_saboteur combat up
""")
    s = sc.game.state
    res = accept(sc, "end")
    assert not events(res, "strike_drawn") and not s.piles["p0.strikes"]
    assert s.time == 8


@pytest.mark.rule("LE-TIMING-05")
def test_strike_ability_adds_to_the_strike_or_cancels_it(scenario):
    sc = scenario("""
active 0
world 0 matrix
hand 0 unplug
put rules_timing_bruiser combat up
put test_three_drill_firewall combat up
put strike_bullet_graze strikes
""")
    s = sc.game.state
    res = accept(sc, "end")
    order = [e.kind for e in res.events if e.kind == "strike_drawn" or
             e.kind == "card_moved" and e.data["src"] == "p0.hand" and "discards" in e.text]
    assert order == ["card_moved", "strike_drawn"]  # Strike: discard, then the strike itself
    assert len(s.piles["p0.strikes"]) == 1  # the Firewall never strikes
    assert s.time == 10


@pytest.mark.rule("LE-TIMING-06")
def test_simultaneous_abilities_combat_zone_right_to_left_then_row_left_to_right(scenario):
    sc = scenario("""
active 0
put rules_timing_drone_b combat up
put rules_timing_drone_a combat up
put rules_timing_drone_d row.1 up
put rules_timing_drone_c row.3 up
""")
    s = sc.game.state
    assert s.piles["combat"][0] == sc.ref("rules_timing_drone_b")  # oldest = rightmost
    sc.line("effect 0 defeat_all descriptor=Drone")
    causes = [e["cause"] for e in events(sc.events, "time_changed")]
    assert causes == ["Rules Drone B", "Rules Drone A", "Rules Drone D", "Rules Drone C"]
    assert s.time == 14


@pytest.mark.rule("LE-TIMING-07")
def test_several_players_act_active_first_then_clockwise(scenario):
    sc = scenario("""
active 1
hand 1 rules_timing_rally
""", players=3)
    res = accept(sc, "play $rules_timing_rally")
    assert [e["seat"] for e in events(res, "cards_drawn")] == [1, 2, 0]


@pytest.mark.rule("LE-TIMING-07")
def test_several_players_act_skipping_defeated_players(scenario):
    sc = scenario("""
active 2
hand 2 rules_timing_rally
""", players=4)
    sc.game.state.players[3].defeated = True
    res = accept(sc, "play $rules_timing_rally")
    assert [e["seat"] for e in events(res, "cards_drawn")] == [2, 0, 1]


@pytest.mark.rule("LE-TIMING-08")
def test_cards_pushed_together_are_revealed_one_at_a_time_leftmost_first(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put rules_timing_crossroads row.0 down as cross
put test_one_drill_glitch row.3 down as glitch
""")
    s = sc.game.state
    sc.line("effect 0 push_row_into_combat")
    assert s.piles["combat"] == [sc.ref("cross"), sc.ref("glitch")]
    # The leftmost card's Reveal ability waits on a choice; the next card is not revealed yet.
    assert s.decision is not None and s.decision.seat == 0
    assert sc.ref("glitch") not in s.face_up and s.time == 10
    accept(sc, "choose 1")
    assert s.turn.recruit == 1
    assert sc.ref("glitch") in s.face_up and s.time == 9
    assert s.where(sc.ref("glitch")) == s.where(sc.ref("cross")) == "discarded"


@pytest.mark.rule("LE-TIMING-08")
def test_pushed_together_the_left_card_resolves_before_the_right(scenario):
    sc = scenario("""
active 0
put test_one_drill_glitch row.1 down as glitch
put rules_timing_crossroads row.4 down as cross
""")
    s = sc.game.state
    sc.line("effect 0 push_row_into_combat")
    assert s.time == 9  # the Glitch (further left) was revealed and resolved first
    assert s.decision is not None and sc.ref("cross") in s.face_up


@pytest.mark.rule("LE-TIMING-08")
def test_reveals_keep_their_order_when_a_reveal_begins_the_next_part(scenario):
    sc = scenario("""
active 0
put rules_timing_turning_point row.0 down as turn
put rules_timing_crossroads row.1 down as cross
put test_one_drill_glitch row.2 down as glitch
""")
    s = sc.game.state
    sc.line("effect 0 push_row_into_combat")
    assert (s.act, s.part) == (1, 2) and s.where(sc.ref("turn")) == "discarded"
    # The remaining cards are still revealed one at a time, leftmost first.
    assert s.decision is not None and sc.ref("cross") in s.face_up
    assert sc.ref("glitch") not in s.face_up and s.time == 10
    accept(sc, "choose 0")
    assert sc.ref("glitch") in s.face_up and s.time == 9


@pytest.mark.rule("LE-TIMING-09")
def test_active_player_orders_simultaneous_strikes(scenario):
    sc = scenario("""
active 1
world 1 matrix
put rules_timing_saboteur real_world up as sab
put rules_timing_jammer real_world up as jam
put strike_bullet_graze strikes
""", players=3)
    s = sc.game.state
    accept(sc, "end")
    d = s.decision
    assert d is not None and d.seat == 1  # the active player, not seat 0
    reject(sc, "@0 choose 0", "LE-ABILITY-04")
    res = accept(sc, f"choose {d.options.index('Rules Jammer')}")
    order = [e.kind for e in res.events if e.kind in ("strike_drawn", "time_changed")]
    assert order == ["strike_drawn", "time_changed"]  # the Jammer first, then the Saboteur


CAUSE = "free_the_keymaker_cause_and_effect"  # when you draw this: discard 2 cards
DIGGING = "the_battle_of_zion_the_machines_are_digging"  # when you draw this: choose one


def _drawn_together(scenario, drawer: int):
    """Seat 0's turn; ``drawer`` draws Cause and Effect, an Unplug and The Machines are Digging at
    once (LE-CLEANUP-06: their effects wait until the draw is done)."""
    sc = scenario(f"""
active 0
hand {drawer} unplug unplug
put {DIGGING} p{drawer}.deck down as digging
put unplug p{drawer}.deck down
put {CAUSE} p{drawer}.deck down as cause
effect {drawer} draw amount=3
""", players=3)
    d = sc.game.state.decision
    assert d is not None and d.rule == "LE-TIMING-09" and d.seat == 0  # the active player orders
    assert sorted(d.options) == sorted([sc.db.cards[CAUSE].name, sc.db.cards[DIGGING].name])
    return sc, d


@pytest.mark.rule("LE-TIMING-09", "LE-CLEANUP-06")
def test_the_active_player_orders_when_drawn_effects_and_a_discarded_one_never_resolves(scenario):
    sc, d = _drawn_together(scenario, 0)
    s = sc.game.state
    accept(sc, f"choose {d.options.index(sc.db.cards[DIGGING].name)}")  # the Machines dig first
    assert s.decision is not None and s.decision.rule == "LE-ABILITY-04"
    accept(sc, "choose 0")  # dig them out: discard a card (and defeat The Machines are Digging)
    d = s.decision
    assert d is not None and d.rule == "LE-ABILITY-03"
    accept(sc, f"choose {d.options.index(sc.db.cards[CAUSE].name)}")  # discard Cause and Effect
    assert s.where(sc.ref("cause")) == "p0.discard" and s.where(sc.ref("digging")) == "defeated_enemies"
    assert s.decision is None and not s.stack  # Cause and Effect, discarded, does not make them discard 2
    assert len(s.piles["p0.hand"]) == 3  # 2 + 3 drawn, less the two that went


@pytest.mark.rule("LE-TIMING-09", "LE-CLEANUP-06")
def test_another_players_when_drawn_effects_are_ordered_by_the_active_player(scenario):
    sc, d = _drawn_together(scenario, 1)
    s = sc.game.state
    reject(sc, "@1 choose 0", "LE-ABILITY-04")
    accept(sc, f"choose {d.options.index(sc.db.cards[CAUSE].name)}")  # discard 2 comes first
    for name in (sc.db.cards[DIGGING].name, "Unplug"):
        d = s.decision
        assert d is not None and d.seat == 1 and d.rule == "LE-ABILITY-03"
        accept(sc, f"choose {d.options.index(name)}")
    assert s.where(sc.ref("digging")) == "p1.discard"  # discarded before its turn: it never acts
    assert s.decision is None and not s.stack and s.time == 10


# --- LE-ABILITY -----------------------------------------------------------------------------------------


@pytest.mark.rule("LE-ABILITY-01")
def test_card_text_overrides_the_rulebook(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=5 attack=5
empty dock.0
put test_alpha_sidearm dock.0 as plain
put test_one_drill_sentinel row.1 up as sentinel
put test_one_drill_sentinel row.0 down
put test_one_drill_sentinel row.2 down
""")
    s = sc.game.state
    reject(sc, "recruit $plain", "LE-RECRUIT-01")
    sc.line("effect 0 allow what=recruit_in_matrix")
    accept(sc, "recruit $plain")
    # Both phones blocked: leaving needs a phone, unless a card says otherwise.
    reject(sc, "move real", "LE-MOVE-06")
    sc.line("effect 0 allow what=leave_matrix")
    accept(sc, "move real")
    assert not s.players[0].in_matrix and s.turn.free_move_used
    reject(sc, "fight $sentinel", "LE-FIGHT-01")
    sc.line("effect 0 allow what=fight_from_real_world")
    accept(sc, "fight $sentinel")
    assert s.where(sc.ref("sentinel")) == "defeated_enemies"


@pytest.mark.rule("LE-ABILITY-02")
def test_prohibition_beats_permission(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool recruit=5
empty dock.0
put test_alpha_sidearm dock.0 as plain
effect 0 allow what=recruit_in_matrix
effect 0 forbid what=recruit
effect 0 allow what=leave_matrix
effect 0 forbid what=leave_matrix
effect 0 extra_move
""")
    reject(sc, "recruit $plain", "LE-ABILITY-02")
    reject(sc, "move real", "LE-ABILITY-02")


@pytest.mark.rule("LE-ABILITY-02", "LE-TIMING-02")
def test_a_standing_prohibition_beats_a_permission(scenario):
    sc = scenario("""
active 0
world 0 matrix
put rules_timing_jammer combat up
effect 0 allow what=leave_matrix
""")
    reject(sc, "move real", "LE-TIMING-02")


@pytest.mark.rule("LE-ABILITY-03")
def test_do_as_much_as_possible(scenario):
    sc = scenario("""
active 0
hand 0 unplug
put strike_bullet_graze p0.strikes as hurt
effect 0 discard amount=2
effect 0 heal_strike amount=2
""")
    s = sc.game.state
    assert s.decision is None
    assert not s.piles["p0.hand"] and s.where(sc.ref("unplug")) == "p0.discard"
    assert not s.piles["p0.strikes"] and s.where(sc.ref("hurt")) == "strike_discard"


@pytest.mark.rule("LE-ABILITY-04")
def test_unclear_choice_is_made_by_the_active_player(scenario):
    sc = scenario("""
active 0
put test_one_drill_sentinel row.1 up as a
put test_one_drill_sentinel row.3 up as b
effect 1 defeat_enemy descriptor=Machine
""")
    s = sc.game.state
    assert s.decision is not None and s.decision.seat == 0 and s.decision.rule == "LE-ABILITY-04"
    reject(sc, "@1 choose 0", "LE-ABILITY-04")
    accept(sc, "choose 1")
    assert s.where(sc.ref("b")) == "defeated_enemies" and s.where(sc.ref("a")) == "row.1"


@pytest.mark.rule("LE-ABILITY-05")
def test_you_means_the_active_player_for_a_coordinated_card(scenario):
    sc = scenario("""
active 1
put rules_kw_signal p0.hand as sig
put strike_bullet_graze p1.strikes as hurt1
""")
    s = sc.game.state
    hand0, hand1 = len(s.piles["p0.hand"]), len(s.piles["p1.hand"])
    accept(sc, "@0 coordinate $sig")
    accept(sc, "play $sig")  # "Draw a card": the player who plays the copy draws
    assert len(s.piles["p1.hand"]) == hand1 + 1 and len(s.piles["p0.hand"]) == hand0
    sc.line("effect 1 heal_strike")
    assert not s.piles["p1.strikes"]


@pytest.mark.rule("LE-ABILITY-06")
def test_descriptors_only_matter_when_an_effect_names_them(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put test_one_drill_cop row.1 up as human
put test_one_drill_sentinel row.3 up as machine
put pots_test_patrol_cop row.4 up as human2
""")
    s = sc.game.state
    sc.line("effect 0 defeat_enemy descriptor=Machine")
    assert s.decision is None  # only one Machine, so no choice
    assert s.where(sc.ref("machine")) == "defeated_enemies"
    assert s.where(sc.ref("human")) == "row.1"
    accept(sc, "fight $human2")  # a descriptor changes nothing about fighting: its Attack is 2
    assert s.turn.attack == 1


@pytest.mark.rule("LE-ABILITY-07")
def test_defeat_all_affects_only_face_up_cards_in_play(scenario):
    sc = scenario("""
active 0
put test_one_drill_sentinel row.1 up as row_up
put test_one_drill_sentinel row.3 down as row_down
put test_two_drill_hunter combat up as combat_up
put test_three_drill_swarm p0.beside up as beside
put test_one_drill_sentinel matrix_deck as in_deck
put test_one_drill_cop row.2 up as human
""")
    s = sc.game.state
    sc.line("effect 0 defeat_all descriptor=Machine")
    for name in ("row_up", "combat_up", "beside"):
        assert s.where(sc.ref(name)) == "defeated_enemies", name
    assert s.where(sc.ref("row_down")) == "row.3"
    assert s.where(sc.ref("in_deck")) == "matrix_deck"
    assert s.where(sc.ref("human")) == "row.2"


# --- LE-TERM ---------------------------------------------------------------------------------------------


@pytest.mark.rule("LE-TERM-02")
def test_attached_card_does_not_occupy_its_space_and_stays_put(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put rules_term_beacon row.4 down as beacon
put pots_test_security_guard matrix_deck as second
put pots_test_patrol_cop matrix_deck as first
""")
    s = sc.game.state
    beacon = sc.ref("beacon")
    accept(sc, "scan 4")
    assert s.where(beacon) == "att.4" and beacon in s.face_up and not s.piles["row.4"]
    accept(sc, "end")  # seat 1's Matrix Phase: the new card enters space 4 on top of it
    assert s.piles["row.4"] == [sc.ref("first")] and s.where(beacon) == "att.4"
    accept(sc, "end")  # seat 0's: the next card pushes the first one on; the attached card stays
    assert s.piles["row.4"] == [sc.ref("second")] and s.piles["row.3"] == [sc.ref("first")]
    assert s.where(beacon) == "att.4"
    sc.line("effect 0 push_row_into_combat")
    assert s.where(beacon) == "att.4"


@pytest.mark.rule("LE-TERM-03")
def test_clear_space_ignores_attached_cards(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=2
put rules_term_beacon att.2 up
put test_one_drill_sentinel row.0 down
put test_one_drill_sentinel row.3 down
put test_one_drill_sentinel row.4 down
put test_one_drill_program combat up as program
""")
    s = sc.game.state
    accept(sc, "evade $program")  # the Alley, with only an attached card, is the rightmost clear space
    assert s.where(sc.ref("program")) == "row.2"
    # Now a face-up card is there: the space is not clear, so its phone cannot be used.
    res = sc.command("move real alley")
    assert not res.accepted and res.rule == "LE-MOVE-08"
    s.piles["row.2"].remove(sc.ref("program"))
    s.piles["box"].append(sc.ref("program"))
    accept(sc, "move real alley")


@pytest.mark.rule("LE-TERM-05")
@pytest.mark.parametrize(("players", "defeated", "expect"), [(3, None, 1), (3, 1, 2), (1, None, 0),
                                                             (2, 1, 0)])
def test_next_player(scenario, players, defeated, expect):
    sc = scenario("active 0\nworld 0 matrix\nput strike_bullet_graze strikes\n", players=players)
    s = sc.game.state
    if defeated is not None:
        s.players[defeated].defeated = True
    sc.line("effect 0 draw_strike who=next")
    drawn = events(sc.events, "strike_drawn")
    assert [e["seat"] for e in drawn] == [expect]
    assert len(s.piles[f"p{expect}.strikes"]) == 1


@pytest.mark.rule("LE-TERM-06", "LE-KEYWORD-02")
def test_play_area_includes_virtual_copies(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
put hovercraft_logos p1.hand as ship
hand 0 rules_term_crew_check
put rules_term_crew_check p0.hand as again
""")
    s = sc.game.state
    accept(sc, "@1 coordinate $ship")
    accept(sc, "play $rules_term_crew_check")  # only set aside, not played: not in the play area
    assert s.turn.attack == 0
    accept(sc, "play $ship")
    assert s.turn.attack == 1
    accept(sc, "play $again")  # the virtual copy of the Hovercraft is in the play area
    assert s.turn.attack == 1 + 2


@pytest.mark.rule("LE-TERM-06")
def test_play_area_holds_played_heroes_of_this_turn(scenario):
    sc = scenario("""
active 0
pool recruit=0 attack=0
hand 0 rules_term_crew_check
put hovercraft_logos p0.hand as ship
""")
    accept(sc, "play $ship")
    accept(sc, "play $rules_term_crew_check")
    assert sc.game.state.turn.attack == 1 + 2


@pytest.mark.rule("LE-TERM-04")
def test_anyone_may_count_the_cards_left_in_any_deck(scenario):
    sc = scenario("active 0")
    s = sc.game.state
    for seat in (0, 1, None):
        view = sc.game.observe(seat)["piles"]
        for name in ("matrix_deck", "zion", "strikes", "hovercraft", "p0.deck", "p1.deck"):
            assert view[name] == {"count": len(s.piles[name])}, (seat, name)  # the size, never the cards
        assert view["matrix_deck"]["count"] > 0 and view["p1.deck"]["count"] > 0
