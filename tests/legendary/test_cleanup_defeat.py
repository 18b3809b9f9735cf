"""LE-CLEANUP (Cleanup Phase and drawing) and LE-DEFEAT (where defeated cards go, player defeat)."""
from __future__ import annotations

import pytest

from engine.legendary.state import PLAYER_PILES, pp
from tests.legendary.helpers import accepted, pile, rejected


def ev_dicts(events) -> list[dict]:
    return [e if isinstance(e, dict) else e.to_dict() for e in events]


# --- LE-CLEANUP -----------------------------------------------------------------------------------


@pytest.mark.rule("LE-CLEANUP-01", "LE-CLEANUP-02")
def test_cleanup_discards_play_and_hand_then_draws_six(scenario):
    sc = scenario("""
active 0
hand 0 unplug there_is_no_spoon test_delta_bruiser
""")
    played, kept = sc.ref("unplug"), [sc.ref("there_is_no_spoon"), sc.ref("test_delta_bruiser")]
    deck = list(pile(sc, "p0.deck"))
    assert len(deck) == 7
    accepted(sc, f"play {played}")
    accepted(sc, "end")
    s = sc.game.state
    assert {played, *kept} <= set(pile(sc, "p0.discard"))
    assert not pile(sc, "p0.play")
    assert pile(sc, "p0.hand") == list(reversed(deck))[:6]  # the top six, in draw order
    assert len(pile(sc, "p0.deck")) == 1 and s.active == 1


@pytest.mark.rule("LE-CLEANUP-03")
def test_running_out_mid_draw_reshuffles_the_discard_pile(scenario):
    sc = scenario("""
active 0
empty p0.deck p0.discard
hand 0 there_is_no_spoon
put unplug p0.deck as d1
put unplug p0.deck as d2
put test_delta_wrench p0.discard
put test_delta_wrench p0.discard
put test_beta_terminal p0.discard
put test_beta_terminal p0.discard
put test_alpha_sidearm p0.discard
""")
    d1, d2 = sc.ref("d1"), sc.ref("d2")
    res = accepted(sc, "end")
    hand = pile(sc, "p0.hand")
    assert hand[:2] == [d2, d1] and len(hand) == 6
    assert len(pile(sc, "p0.deck")) == 2 and not pile(sc, "p0.discard")
    seq = [e.kind for e in res.events if e.kind == "deck_reshuffled" or
           (e.kind == "card_moved" and e.data["dst"] == "p0.hand")]
    assert seq == ["card_moved"] * 2 + ["deck_reshuffled"] + ["card_moved"] * 4
    # the hand card discarded in this Cleanup was shuffled in too
    assert sc.ref("there_is_no_spoon") in hand + pile(sc, "p0.deck")


@pytest.mark.rule("LE-CLEANUP-04")
def test_no_reshuffle_until_a_card_must_come_from_an_empty_deck(scenario):
    sc = scenario("""
active 0
empty p0.deck
hand 0 there_is_no_spoon
put unplug p0.deck
put unplug p0.deck
put unplug p0.deck
put unplug p0.deck
put unplug p0.deck
put unplug p0.deck
put test_delta_wrench p0.discard as old
""")
    res = accepted(sc, "end")
    assert "deck_reshuffled" not in [e.kind for e in res.events]
    assert not pile(sc, "p0.deck")  # the deck may sit empty
    assert sc.ref("old") in pile(sc, "p0.discard") and len(pile(sc, "p0.discard")) == 2
    sc.line("effect 0 draw amount=1")  # now a card is needed
    kinds = [e["kind"] for e in ev_dicts(sc.events)]
    assert "deck_reshuffled" in kinds
    assert len(pile(sc, "p0.hand")) == 7 and len(pile(sc, "p0.deck")) == 1
    assert not pile(sc, "p0.discard")


@pytest.mark.rule("LE-CLEANUP-04")
def test_reveal_from_an_empty_deck_reshuffles_first(scenario):
    sc = scenario("""
active 0
empty p0.deck p0.discard
put test_delta_wrench p0.discard as only
""")
    sc.line("effect 0 defeat_top_of_deck")
    assert pile(sc, "defeated_heroes") == [sc.ref("only")]
    assert "deck_reshuffled" in [e["kind"] for e in ev_dicts(sc.events)]


@pytest.mark.rule("LE-CLEANUP-05")
def test_players_can_look_through_their_discard_pile(scenario):
    sc = scenario("""
active 0
hand 0 unplug test_delta_bruiser
""")
    accepted(sc, "end")
    s = sc.game.state
    mine = sc.game.observe(0)["piles"]["p0.discard"]["cards"]
    assert [c["id"] for c in mine] == pile(sc, "p0.discard")
    assert {c["name"] for c in mine} == {"Unplug", "Delta Bruiser"}
    assert all(c in s.face_up for c in pile(sc, "p0.discard"))


@pytest.mark.rule("LE-CLEANUP-06")
def test_when_you_draw_this_waits_for_the_whole_cleanup_draw(scenario):
    sc = scenario("""
active 0
put rules_as_on_draw_glitch p0.deck down as glitch
""")
    res = accepted(sc, "end")
    s = sc.game.state
    evs = [e for e in res.events if e.kind in ("time_changed", "cards_drawn") or
           (e.kind == "card_moved" and e.data["dst"] == "p0.hand")]
    seq = [e.kind for e in evs]
    assert seq == ["card_moved"] * 6 + ["cards_drawn", "time_changed"]
    assert evs[0].data["card"] == sc.ref("glitch")  # drawn first, resolved last
    assert s.time == 9 and sc.ref("glitch") in pile(sc, "p0.hand")


@pytest.mark.rule("LE-CLEANUP-06")
def test_when_you_draw_this_waits_for_an_effect_draw(scenario):
    sc = scenario("""
active 0
put rules_as_on_draw_glitch p0.deck down as g1
put unplug p0.deck down
put rules_as_on_draw_glitch p0.deck down as g2
""")
    sc.line("effect 0 draw amount=3")
    seq = [e["kind"] for e in ev_dicts(sc.events) if e["kind"] in ("cards_drawn", "time_changed")
           or (e["kind"] == "card_moved" and e["dst"] == "p0.hand")]
    assert seq == ["card_moved"] * 3 + ["cards_drawn", "time_changed", "time_changed"]
    assert sc.game.state.time == 8


@pytest.mark.rule("LE-CLEANUP-07")
def test_unspent_recruit_and_attack_are_lost(scenario):
    sc = scenario("""
active 0
pool recruit=5 attack=4
""", players=1, avatars="test_avatar_captain")
    s = sc.game.state
    accepted(sc, "end")
    assert s.active == 0 and s.phase == "action" and s.turn_no == 2
    assert (s.turn.recruit, s.turn.attack) == (0, 0)
    assert sc.game.observe(0)["recruit"] == 0 and sc.game.observe(0)["attack"] == 0


# --- LE-DEFEAT: where cards go --------------------------------------------------------------------


@pytest.mark.rule("LE-DEFEAT-01")
def test_defeated_heroes_go_to_defeated_heroes(scenario):
    sc = scenario("""
active 0
hand 0 test_beta_mainframe
put hovercraft_logos p0.deck down as ship
""")
    accepted(sc, "play $test_beta_mainframe")
    accepted(sc, "sacrifice $test_beta_mainframe")
    assert pile(sc, "defeated_heroes") == [sc.ref("test_beta_mainframe")]
    sc.line("put hovercraft_osiris p0.deck down as ship2")
    sc.line("effect 0 defeat_top_of_deck")
    assert pile(sc, "defeated_heroes")[-1] == sc.ref("ship2")
    assert sc.ref("ship2") not in pile(sc, "p0.discard")


@pytest.mark.rule("LE-DEFEAT-02")
def test_healed_and_discarded_strikes_go_to_discarded_strikes(scenario):
    sc = scenario("""
active 0
hand 0
put strike_bullet_graze p0.strikes as healed
put strike_signal_lost strikes down as discarded
""")
    sc.line("effect 0 heal_strike")
    assert pile(sc, "strike_discard") == [sc.ref("healed")]
    sc.line("effect 0 draw_strike")  # Signal Lost is discarded after resolving
    assert pile(sc, "strike_discard") == [sc.ref("healed"), sc.ref("discarded")]
    assert not pile(sc, "p0.strikes") and not pile(sc, "discarded")


@pytest.mark.rule("LE-DEFEAT-03")
def test_defeated_enemies_go_to_defeated_enemies(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=3
put test_one_drill_sentinel combat as fought
put test_three_drill_swarm real_world as zapped
""")
    accepted(sc, "fight $fought")
    sc.line("effect 0 defeat_enemy where=real_world")
    assert pile(sc, "defeated_enemies") == [sc.ref("fought"), sc.ref("zapped")]


@pytest.mark.rule("LE-DEFEAT-04")
def test_challenges_events_and_specials_go_to_discarded(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=9
put test_one_drill_training_run operations as run
put test_one_drill_glitch row.2 down as glitch
put rules_as_special_signal row.4 down as signal
""")
    accepted(sc, "complete $run")
    accepted(sc, "scan 2")
    accepted(sc, "scan 4")
    assert pile(sc, "discarded") == [sc.ref("run"), sc.ref("glitch"), sc.ref("signal")]
    assert sc.game.state.time == 10 + 1 - 1 + 1  # each card's text resolved


@pytest.mark.rule("LE-DEFEAT-05")
def test_a_defeated_hero_in_play_keeps_what_it_produced(scenario):
    sc = scenario("""
active 0
hand 0 test_beta_mainframe rules_as_scholar
""")
    s = sc.game.state
    accepted(sc, "play $test_beta_mainframe")  # 3 Recruit, draw 2
    assert s.turn.recruit == 3 and len(pile(sc, "p0.hand")) == 3
    accepted(sc, "sacrifice $test_beta_mainframe")
    assert sc.ref("test_beta_mainframe") in pile(sc, "defeated_heroes")
    assert s.turn.recruit == 3 and len(pile(sc, "p0.hand")) == 3
    res = accepted(sc, "play $rules_as_scholar")  # Intellect: counts the defeated Mainframe
    assert "class_ability" in [e.kind for e in res.events]
    assert s.turn.attack == 1 + 2


@pytest.mark.rule("LE-DEFEAT-06")
def test_putting_into_defeated_enemies_is_not_defeating(scenario):
    sc = scenario("""
active 0
world 0 matrix
pool attack=6
put rules_as_fleeing_enemy row.2 down as fled
put rules_as_fleeing_enemy row.4 up as fought
""")
    s = sc.game.state
    accepted(sc, "scan 2")  # Reveal: put into Defeated Enemies
    assert sc.ref("fled") in pile(sc, "defeated_enemies")
    assert s.time == 10  # its Fight: ability did not trigger
    accepted(sc, "fight $fought")
    assert sc.ref("fought") in pile(sc, "defeated_enemies")
    assert s.time == 12  # a real defeat does trigger it


@pytest.mark.rule("LE-DEFEAT-07")
def test_discarded_matrix_card_goes_to_the_players_own_discard(scenario):
    sc = scenario("""
active 1
hand 1 test_one_drill_bug unplug
""")
    bug = sc.ref("test_one_drill_bug")
    rejected(sc, f"play {bug}", "LE-CARD-06")
    sc.line("effect 1 discard")
    assert sc.game.state.decision is not None
    accepted(sc, f"choose {pile(sc, 'p1.hand').index(bug)}")
    assert bug in pile(sc, "p1.discard") and bug not in pile(sc, "discarded")
    sc.line("put test_one_drill_glitch p1.hand as glitch")
    accepted(sc, "end")  # Cleanup discards the hand: a Matrix card stays with its player
    assert sc.ref("glitch") in pile(sc, "p1.discard")


@pytest.mark.rule("LE-DEFEAT-07")
def test_discarded_strike_goes_to_discarded_strikes(scenario):
    sc = scenario("""
active 0
hand 0 unplug
put strike_signal_lost strikes down as lost
""")
    sc.line("effect 0 draw_strike")  # Lower Time by 1, discard a card; then discard this Strike
    assert sc.ref("unplug") in pile(sc, "p0.discard")
    assert sc.ref("lost") in pile(sc, "strike_discard")
    assert sc.ref("lost") not in pile(sc, "p0.discard")


# --- LE-DEFEAT: player defeat ---------------------------------------------------------------------


def _hurt(seat: int, strikes: list[str]) -> str:
    return "\n".join(f"put {d} p{seat}.strikes" for d in strikes)


@pytest.mark.rule("LE-DEFEAT-08")
@pytest.mark.parametrize(("top", "defeated"), [
    ("strike_deja_vu", False),  # 0 damage: stays at 5 of 6
    ("strike_bullet_graze", True),  # 6 of 6: equal is enough
    ("strike_sentinel_laser", True),  # 7 of 6
])
def test_damage_reaching_health_defeats(scenario, top, defeated):
    # Test Pilot (seat 1) has Health 6; Act 3 so the game goes on
    sc = scenario(f"""
active 0
act 3 1
{_hurt(1, ["strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
put {top} strikes down
""")
    s = sc.game.state
    assert sc.t.damage(1) == 5 and sc.t.health(1) == 6
    sc.line("effect 1 draw_strike")
    assert s.players[1].defeated is defeated
    assert not s.over


@pytest.mark.rule("LE-DEFEAT-08")
def test_scars_count_toward_defeat(scenario):
    sc = scenario(f"""
active 0
{_hurt(1, ["strike_point_blank", "strike_point_blank"])}
put strike_split_lip p1.scars
put strike_bullet_graze strikes down
""")
    sc.line("effect 1 draw_strike")  # 2 + 2 + 1 scar + 1 = 6 = Health
    assert sc.game.state.result == "loss:defeat"


@pytest.mark.rule("LE-DEFEAT-09")
@pytest.mark.parametrize("act", [1, 2])
def test_a_defeat_in_act_one_or_two_loses_the_game(scenario, act):
    sc = scenario(f"""
active 0
act {act} 1
{_hurt(1, ["strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
put strike_bullet_graze strikes down
""")
    s = sc.game.state
    sc.line("effect 1 draw_strike")
    assert s.result == "loss:defeat" and s.over
    rejected(sc, "end", "LE-GEN-03")


@pytest.mark.rule("LE-DEFEAT-10")
def test_act_three_defeat_removes_the_player_and_skips_their_turns(scenario):
    sc = scenario(f"""
active 0
act 3 1
{_hurt(1, ["strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
put strike_bullet_graze strikes down
""", players=3)
    s = sc.game.state
    mine = [c for name in PLAYER_PILES for c in s.piles[pp(1, name)]]
    assert len(mine) == 1 + 13 + 3  # Avatar, starting cards, Strikes
    sc.line("effect 1 draw_strike")
    assert s.players[1].defeated and not s.over
    assert all(not s.piles[pp(1, name)] for name in PLAYER_PILES)
    assert set(mine) | {s.piles["removed"][-1]} <= set(pile(sc, "removed"))
    rejected(sc, f"@1 coordinate {mine[1]}", "LE-DEFEAT-10")
    accepted(sc, "end")
    assert s.active == 2  # seat 1 is skipped
    accepted(sc, "end")
    assert s.active == 0


@pytest.mark.rule("LE-DEFEAT-10")
def test_active_player_defeated_in_act_three_goes_to_cleanup(scenario):
    sc = scenario(f"""
active 0
act 3 1
{_hurt(0, ["strike_point_blank", "strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
put strike_sentinel_laser strikes down
""")
    s = sc.game.state
    sc.line("effect 0 draw_strike")  # 9 >= Test Captain's Health 8
    assert s.players[0].defeated and not s.over
    assert s.active == 1 and s.phase == "action"
    assert not pile(sc, "p0.hand") and not pile(sc, "p0.avatar")


@pytest.mark.rule("LE-DEFEAT-11")
def test_every_player_defeated_loses(scenario):
    sc = scenario(f"""
active 0
act 3 1
{_hurt(0, ["strike_point_blank", "strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
{_hurt(1, ["strike_sentinel_laser", "strike_helicopter_crash", "strike_split_lip"])}
put strike_bullet_graze strikes down
put strike_bullet_graze strikes down
""")
    s = sc.game.state
    sc.line("effect 1 draw_strike")
    assert s.players[1].defeated and not s.over
    sc.line("effect 0 draw_strike")
    assert s.result == "loss:all_defeated"


@pytest.mark.rule("LE-DEFEAT-12")
def test_enemies_beside_a_defeated_player_stay_and_strike_others(scenario):
    sc = scenario(f"""
active 0
act 3 1
world 0 real
{_hurt(1, ["strike_point_blank", "strike_roundhouse_kick", "strike_bullet_graze"])}
put test_three_drill_swarm p1.beside as swarm
put strike_bullet_graze strikes down
""")
    s = sc.game.state
    swarm = sc.ref("swarm")
    sc.line("effect 1 draw_strike")
    assert s.players[1].defeated
    assert swarm in pile(sc, "real_world") and swarm in s.face_up
    res = accepted(sc, "end")  # seat 0's Strike Phase: the Swarm now strikes the active player
    assert [e.data["seat"] for e in res.events if e.kind == "strike_drawn"] == [0]
    assert len(pile(sc, "p0.strikes")) == 1
