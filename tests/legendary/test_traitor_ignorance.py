"""Ignorance is Bliss (LE-TRAITOR), on the shipped film The Matrix."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.legendary.carddb import CardDB, load_db
from engine.legendary.game import LegendaryGame
from engine.legendary.scenario import Scenario
from engine.legendary.setup import POTS_BY_PLAYERS, LegendarySetup, SetupError
from engine.legendary.state import State, pp
from engine.legendary.traitor import LOYALISTS, SECRETS, SMITH_AVATAR, THE_MATRIX, traitor_seat
from engine.legendary.view import observe
from tests.legendary.helpers import accepted, one_damage_on_top, rejected, wound
from tests.legendary.test_legal_generation import assert_generated_equals_trial

ACTS = ["what_is_the_matrix", "know_thyself", "he_is_the_one"]
GROUPS = ["morpheus_the_matrix", "trinity_the_matrix", "tank", "nebuchadnezzar_crew"]
AVATARS = ["thomas_anderson_neo", "morpheus_the_matrix", "trinity_the_matrix", "switch", "mouse"]
MODE = "ignorance_is_bliss"


@pytest.fixture(scope="module")
def sdb() -> CardDB:
    return load_db()


def new(db: CardDB, players: int = 4, seed: int = 1, mode: str | None = MODE) -> LegendaryGame:
    return LegendaryGame.new(LegendarySetup(avatars=AVATARS[:players], acts=ACTS, groups=GROUPS, seed=seed,
                                            traitor=mode), db)


def table(db: CardDB, text: str = "", players: int = 4, traitor_at: int | None = 1,
          acts: list[str] = ACTS, avatars: list[str] = AVATARS) -> Scenario:
    """A Traitor game with ``traitor_at`` holding I Choose the Matrix and the others loyalists."""
    head = (f"setup avatars={','.join(avatars[:players])} acts={','.join(acts)} "
            f"groups={','.join(GROUPS)} seed=3 traitor={MODE}\n")
    deal = [f"empty {' '.join(f'p{x}.hidden' for x in range(players))}"]
    for seat in range(players):
        card = THE_MATRIX if seat == traitor_at else LOYALISTS[seat % 4]
        deal.append(f"put {card} p{seat}.hidden down")
    return Scenario.from_text(head + "\n".join(deal) + "\n" + text, db)


def defs_of(s: State, pile: str) -> list[str]:
    return [s.defs[c] for c in s.piles[pile]]


def hidden_defs(s: State) -> list[str]:
    return [d for x in range(len(s.players)) for d in defs_of(s, pp(x, "hidden"))]


# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.rule("LE-TRAITOR-01")
def test_le_traitor_01_three_to_five_players(sdb):
    for n in (1, 2):
        with pytest.raises(SetupError, match="LE-TRAITOR-01"):
            new(sdb, n)
    with pytest.raises(SetupError, match="LE-TRAITOR-01"):
        new(sdb, 4, mode="no_such_mode")
    for n in (3, 4, 5):
        assert len(new(sdb, n).state.players) == n


@pytest.mark.rule("LE-TRAITOR-02", "LE-TRAITOR-03")
def test_le_traitor_02_03_eight_cards_secrets_in_act_2_and_3(sdb):
    s = new(sdb, 5).state
    assert sorted(hidden_defs(s)) == sorted([*LOYALISTS, THE_MATRIX])
    deck = s.piles["matrix_deck"] + [c for i in range(5) for c in s.piles[f"row.{i}"]]
    assert Counter(s.defs[c] for c in deck)[SECRETS] == 3
    assert SMITH_AVATAR in defs_of(s, "box")  # not used in this mode
    # the deck is built Act 3 first: its 12 + Inevitable + Part of the System + 2 Secrets at the bottom
    k = POTS_BY_PLAYERS[5]
    bottom = s.piles["matrix_deck"][:13 + k + 2]
    middle = s.piles["matrix_deck"][13 + k + 2: 13 + k + 2 + 11 + k + 1]
    assert [s.defs[c] for c in bottom].count(SECRETS) == 2
    assert [s.defs[c] for c in middle].count(SECRETS) == 1
    assert s.defs[bottom[0]] != SECRETS  # the Inevitable stays at the very bottom
    assert new(sdb, 4, mode=None).state.piles["p0.hidden"] == []


@pytest.mark.rule("LE-TRAITOR-04", "LE-TRAITOR-05", "LE-TRAITOR-06", "LE-TRAITOR-07")
def test_le_traitor_04_07_dealing_and_how_often_there_is_a_traitor(sdb):
    seen = {3: 0, 4: 0, 5: 0}
    games = 40
    for n in (3, 4, 5):
        for seed in range(games):
            s = new(sdb, n, seed).state
            hidden = hidden_defs(s)
            assert len(hidden) == n and len(set(hidden)) == n
            assert set(hidden) <= {*LOYALISTS, THE_MATRIX}
            plain = new(sdb, n, seed, mode=None).state
            for x in range(n):  # beside the Avatar, not in the deck (LE-TRAITOR-07)
                size = len(s.piles[pp(x, "deck")]) + len(s.piles[pp(x, "hand")])
                assert size == len(plain.piles[pp(x, "deck")]) + len(plain.piles[pp(x, "hand")])
            box = [d for d in defs_of(s, "box") if d in {*LOYALISTS, THE_MATRIX}]
            assert len(box) == 5 - n  # a loyalist (3 players) and the leftover card go back
            seen[n] += THE_MATRIX in hidden
    assert seen[5] == games  # always a Traitor at 5
    assert 0.55 * games <= seen[3] <= 0.92 * games  # 3/4
    assert 0.62 * games <= seen[4] <= 0.97 * games  # 4/5
    assert seen[3] < games and seen[4] < games


@pytest.mark.rule("LE-TRAITOR-07", "LE-TRAITOR-20", "LE-TRAITOR-23")
def test_views_show_a_hidden_card_to_its_owner_only_and_every_discard_to_all(sdb):
    sc = table(sdb, "put unplug p2.discard up")
    g = sc.game
    for seat in range(4):
        view = g.observe(seat)
        for other in range(4):
            cards = view["piles"][f"p{other}.hidden"]["cards"]
            assert len(cards) == 1
            if other == seat:
                assert cards[0]["def"] in {*LOYALISTS, THE_MATRIX}
            else:
                assert cards[0] == {"hidden": True}
                assert all(c == {"hidden": True} for c in view["piles"][f"p{other}.hand"]["cards"])
            assert [c["def"] for c in view["piles"]["p2.discard"]["cards"]][-1] == "unplug"
    public = observe(g.db, g.state, None)
    assert all(c == {"hidden": True} for x in range(4) for c in public["piles"][f"p{x}.hidden"]["cards"])
    # LE-TRAITOR-20: no command reveals a hidden card at will
    assert not any(cmd.verb.startswith("reveal") for cmd in g.legal_commands())


@pytest.mark.rule("LE-TRAITOR-06", "LE-TRAITOR-08", "LE-TRAITOR-17")
def test_le_traitor_06_each_seats_view_tells_it_its_own_side_only(sdb):
    g = table(sdb, traitor_at=1).game
    roles = [g.observe(seat)["role"] for seat in range(4)]
    assert [r["side"] for r in roles] == ["team", "traitor", "team", "team"]
    assert roles[1]["title"] == "You are the Traitor" and "LE-TRAITOR-17" in roles[1]["goal"]
    assert roles[0]["title"] == "You are loyal" and "LE-TRAITOR-08" in roles[0]["goal"]
    assert "role" not in observe(g.db, g.state, None)  # a spectator (the curtain's view) is told nothing
    assert "role" not in new(sdb, 4, 1, mode=None).observe(0)  # no Traitor mode, no sides


# --- Secrets Revealed ------------------------------------------------------------------------------


@pytest.mark.rule("LE-TRAITOR-10", "LE-TRAITOR-11", "LE-TRAITOR-12")
def test_le_traitor_10_12_three_secrets_revealed(sdb):
    sc = table(sdb)
    s = sc.game.state
    sc.line("effect 0 hook name=secrets_revealed")
    d = s.decision
    assert d is not None and d.seat == s.active and d.rule == "LE-TRAITOR-10"
    assert len(d.options) == 4  # any player, the active one too
    accepted(sc, "choose 1")  # seat 1 reveals: the Traitor's card goes to the top of their deck
    assert s.piles["p1.hidden"] == [] and s.defs[s.piles["p1.deck"][-1]] == THE_MATRIX
    sc.line("effect 0 hook name=secrets_revealed")
    d = s.decision
    assert d is not None and d.rule == "LE-TRAITOR-11" and len(d.options) == 3  # not seat 1 again
    assert sc.t.player_name(1) not in d.options
    accepted(sc, "choose 0")
    revealed = [x for x in range(4) if not s.piles[pp(x, "hidden")]]
    assert len(revealed) == 2
    sc.line("effect 0 hook name=secrets_revealed")
    assert s.decision is None
    assert all(s.piles[pp(x, "hidden")] == [] for x in range(4))
    for x in range(4):
        assert s.defs[s.piles[pp(x, "deck")][-1]] in {*LOYALISTS, THE_MATRIX}
    assert s.mods.secrets_revealed == 3


@pytest.mark.rule("LE-TRAITOR-12", "LE-CARD-40")
def test_le_traitor_12_the_offer_to_deus_ex_machina_leaves_secrets_revealed_to_reveal(sdb):
    """Make an Offer to Deus Ex Machina blanks the Matrix Row and Deck's abilities, but the Secrets
    Revealed among them are Traitor Mode cards, not Matrix cards: the third still reveals all."""
    offer = "everything_that_has_a_beginning_offer_to_deus_ex_machina"
    sc = table(sdb, f"act 3 2\nempty row.0 row.1 row.2 row.3 row.4 combat\nactive 0\nworld 0 matrix\n"
               f"put {offer} row.1 up as offer\npool recruit=7",
               acts=["what_is_the_matrix", "know_thyself", "everything_that_has_a_beginning"])
    s = sc.game.state
    secrets = [c for c in s.piles["matrix_deck"] if s.defs[c] == SECRETS]
    assert len(secrets) == 3
    accepted(sc, "complete $offer recruit")
    assert s.blank and not set(secrets) & s.blank
    for secret in secrets:  # each is revealed from the Row in turn
        s.piles["matrix_deck"].remove(secret)
        s.piles["row.0"].append(secret)
        sc.line("effect 0 scan_any")
        assert secret in s.face_up
        if s.decision is not None:
            accepted(sc, "choose 0")
        sc.line("empty row.0")
    assert s.mods.secrets_revealed == 3
    assert all(s.piles[pp(x, "hidden")] == [] for x in range(4))


# --- players against players --------------------------------------------------------------------


@pytest.mark.rule("LE-TRAITOR-14")
def test_le_traitor_14_pay_attack_equal_to_health_to_strike_a_player(sdb):
    sc = table(sdb, "active 0\nworld 0 real\nworld 1 real\nworld 2 matrix\nput strike_bullet_graze strikes")
    s = sc.game.state
    health = sc.t.health(1)
    sc.line(f"pool attack={health - 1}")
    rejected(sc, "strike-player 1", "LE-TRAITOR-14")  # one short
    sc.line(f"pool attack={2 * health + 1}")
    rejected(sc, "strike-player 2", "LE-TRAITOR-14")  # the other world
    rejected(sc, "strike-player 0", "LE-TRAITOR-14")  # yourself
    assert sc.game.is_legal("strike-player 1") and not sc.game.is_legal("strike-player 2")
    accepted(sc, "strike-player 1")
    assert s.turn.attack == health + 1
    assert defs_of(s, "p1.strikes") == ["strike_bullet_graze"]
    accepted(sc, "strike-player 1")  # again, while Attack remains
    assert s.turn.attack == 1 and len(s.piles["p1.strikes"]) == 2


@pytest.mark.rule("LE-TRAITOR-14", "LE-CARD-29")
def test_le_traitor_14_the_matrix_player_may_not_pay_attack_to_strike_a_player(sdb):
    """In He is The One Part 3 the Matrix player spends Attack only on Time Track steps and Evades."""
    sc = table(sdb, "act 3 3\nactive 0\neffect 0 hook name=choose_matrix_player\nworld 2 matrix\n"
                    "pool attack=30")
    s = sc.game.state
    assert s.mods.matrix_player == 0 and s.players[0].in_matrix
    rejected(sc, "strike-player 2", "LE-CARD-29")
    assert "strike-player 2" not in [c.text() for c in assert_generated_equals_trial(sc.game)]
    sc.line("active 2\npool attack=30")  # another player in the Matrix may strike them
    accepted(sc, "strike-player 0")


@pytest.mark.rule("LE-TRAITOR-14")
def test_le_traitor_14_no_player_strikes_outside_a_traitor_mode(sdb):
    g = new(sdb, 4, mode=None)
    g.state.turn.attack = 50
    res = g.apply("strike-player 1")
    assert not res.accepted and res.rule == "LE-TRAITOR-14"


# --- defeat and the end ----------------------------------------------------------------------------






@pytest.mark.rule("LE-TRAITOR-15", "LE-TRAITOR-16")
def test_le_traitor_15_16_a_defeated_player_reveals_and_the_game_goes_on_in_act_1(sdb):
    sc = table(sdb, "active 0\nworld 0 real\nworld 2 real\nput strike_bullet_graze strikes")
    s = sc.game.state
    wound(sc, 2, 1)
    sc.line(f"pool attack={sc.t.health(2)}")
    res = accepted(sc, "strike-player 2")
    assert s.act == 1 and not s.result  # LE-TRAITOR-16 (default): in every Act
    assert s.players[2].defeated
    shown = [e for e in res.events if e.kind == "hidden_revealed"]
    assert [e.data["seat"] for e in shown] == [2] and shown[0].data["name"]


@pytest.mark.rule("LE-TRAITOR-18")
def test_le_traitor_18_defeating_the_traitor_heals_the_team_and_sets_time_to_10(sdb):
    sc = table(sdb, "active 0\nworld 0 real\nworld 1 real\ntime 4\nput strike_bullet_graze strikes")
    s = sc.game.state
    sc.line("put strike_bullet_graze p0.strikes")
    sc.line("put strike_bullet_graze p3.strikes")
    wound(sc, 1, 1)
    assert traitor_seat(sc.t) == 1
    sc.line(f"pool attack={sc.t.health(1)}")
    res = accepted(sc, "strike-player 1")
    assert s.players[1].defeated and any(e.kind == "traitor_defeated" for e in res.events)
    assert s.time == 10
    assert all(s.piles[pp(x, "strikes")] == [] for x in (0, 2, 3))
    assert traitor_seat(sc.t) is None


@pytest.mark.rule("LE-TRAITOR-17", "LE-TRAITOR-09")
def test_le_traitor_17_the_traitor_alone_wins_by_playing_i_choose_the_matrix(sdb):
    sc = table(sdb, "active 1\nworld 0 real\nworld 1 real\nworld 2 real\nworld 3 real\n"
                    "put strike_bullet_graze strikes", traitor_at=1)
    s = sc.game.state
    for victim in (0, 2, 3):
        wound(sc, victim, 1)
        sc.line(f"pool attack={sc.t.health(victim)}")
        one_damage_on_top(sc)
        accepted(sc, f"strike-player {victim}")
    assert sc.t.living() == [1] and not s.result  # the game goes on until the card is played
    assert s.piles["p1.hidden"] == [] and s.defs[s.piles["p1.deck"][-1]] == THE_MATRIX
    accepted(sc, "end")  # Cleanup draws it
    while s.active != 1:
        accepted(sc, "end")
    card = next(c for c in s.piles["p1.hand"] if s.defs[c] == THE_MATRIX)
    accepted(sc, f"play {card}")
    assert s.result == "traitor" and s.ending["rule"] == "LE-TRAITOR-17"
    out = sc.game.observe(None)["outcome"]
    assert out["headline"] == "The Traitor wins" and not out["won"]


@pytest.mark.rule("LE-TRAITOR-17")
def test_le_traitor_17_playing_it_early_wins_nothing(sdb):
    sc = table(sdb, "active 1")
    s = sc.game.state
    card = s.piles["p1.hidden"].pop()
    s.piles["p1.hand"].append(card)
    accepted(sc, f"play {card}")
    assert not s.result and s.turn.attack == 2


@pytest.mark.rule("LE-TRAITOR-08", "LE-TRAITOR-19")
def test_le_traitor_08_19_no_minor_victory_and_time_0_loses_for_all(sdb):
    sc = table(sdb, "act 3 3\nactive 0")
    s = sc.game.state
    rejected(sc, "minor-victory", "LE-TRAITOR-08")
    assert not sc.game.is_legal("minor-victory")
    sc.t.change_time(-s.time, "test")
    assert s.result == "loss:time"


@pytest.mark.rule("LE-TRAITOR-24")
def test_le_traitor_24_the_traitor_may_not_defeat_agent_smith_in_the_subway(sdb):
    sc = table(sdb, "act 3 2\nactive 1\nworld 1 matrix\nworld 0 matrix\npool attack=30\n"
                    "empty combat\nput agent_smith_subway combat")
    s = sc.game.state
    smith = next(c for c in s.piles["combat"] if s.defs[c] == "agent_smith_subway")
    rejected(sc, f"fight {smith}", "LE-TRAITOR-24")
    assert not sc.game.is_legal(f"fight {smith}")
    assert f"fight {smith}" not in [c.text() for c in assert_generated_equals_trial(sc.game)]
    sc.line("active 0\npool attack=30")
    assert sc.game.is_legal(f"fight {smith}")  # another player may
    accepted(sc, f"fight {smith}")


SUBWAY = "act 3 2\nempty combat\nput agent_smith_subway combat as smith\n"
BEATEN = "neo_revolutions_i_have_beaten_you_before"


def refused_defeats(res) -> list:
    """The events of an effect that did not defeat an Enemy because of LE-TRAITOR-24."""
    return [e for e in res.events if e.kind == "defeat_refused" and e.data.get("rule") == "LE-TRAITOR-24"]


@pytest.mark.rule("LE-TRAITOR-24")
def test_le_traitor_24_i_have_beaten_you_before_does_not_defeat_agent_smith_for_the_traitor(sdb):
    for seat, traitor in ((1, True), (0, False)):
        sc = table(sdb, SUBWAY + f"active {seat}\nworld {seat} matrix\nhand {seat} {BEATEN}")
        s = sc.game.state
        res = accepted(sc, f"play {s.piles[pp(seat, 'hand')][0]}")  # played: only the defeat fails
        if traitor:
            assert s.where(sc.ref("smith")) == "combat"
            assert [e.data["card"] for e in refused_defeats(res)] == [sc.ref("smith")]
        else:  # a loyal player's copy defeats him
            assert s.where(sc.ref("smith")) == "defeated_enemies" and not refused_defeats(res)


@pytest.mark.rule("LE-TRAITOR-24", "LE-ACTION-14")
def test_le_traitor_24_neo_revolutions_ability_does_not_defeat_agent_smith_for_the_traitor(sdb):
    avatars = ["morpheus_the_matrix", "neo_revolutions", "trinity_the_matrix", "switch"]
    sc = table(sdb, SUBWAY + "active 1\nworld 1 matrix\nhand 1 free_your_mind", avatars=avatars)
    s = sc.game.state
    res = accepted(sc, f"play {s.piles['p1.hand'][0]}")  # Act 3: defeat an Enemy with Smith in its name
    assert s.where(sc.ref("smith")) == "combat" and refused_defeats(res)


@pytest.mark.rule("LE-TRAITOR-24", "LE-ABILITY-07")
def test_le_traitor_24_an_effect_that_defeats_every_enemy_spares_agent_smith_for_the_traitor(sdb):
    sc = table(sdb, SUBWAY + "active 1\nput agent_brown row.2 up as agent")
    s = sc.game.state
    sc.line("effect 1 defeat_all")
    assert s.where(sc.ref("agent")) == "defeated_enemies" and s.where(sc.ref("smith")) == "combat"
    sc.line("active 0")
    sc.line("effect 0 defeat_all")
    assert s.where(sc.ref("smith")) == "defeated_enemies"


@pytest.mark.rule("LE-TRAITOR-21", "LE-TRAITOR-22")
def test_le_traitor_21_22_table_talk_is_not_the_engines_but_played_cards_are_shown_to_all(sdb):
    sc = table(sdb, "active 1")
    g = sc.game
    s = g.state
    # LE-TRAITOR-21: asking and lying are table talk; the engine offers no command for them
    verbs = {c.verb for c in g.legal_commands()}
    assert not verbs & {"ask", "accuse", "say", "reveal"}
    # LE-TRAITOR-22: a hand may be kept secret, but every card played is shown to every seat
    card = s.piles["p1.hand"][0]
    for other in (0, 2, 3):
        assert all(c == {"hidden": True} for c in g.observe(other)["piles"]["p1.hand"]["cards"])
    accepted(sc, f"play {card}")
    for other in (0, 2, 3):
        shown = g.observe(other)["piles"]["p1.play"]["cards"]
        assert [c["id"] for c in shown] == [card]


@pytest.mark.rule("LE-TRAITOR-07", "LE-TRAITOR-20")
def test_a_traitor_save_keeps_hidden_cards_from_a_casual_look_and_loads(sdb, tmp_path):
    g = new(sdb, 4, seed=5)
    for _ in range(3):
        g.apply("end")
    path = tmp_path / "traitor.json"
    g.save(path)
    text = path.read_text(encoding="utf-8")
    assert THE_MATRIX not in text and "p0.hidden" not in text and '"snapshot"' not in text
    assert "snapshot_sealed" in text and "Hidden cards" in text  # a note says why
    again = LegendaryGame.load(path, sdb)
    assert again.state_hash() == g.state_hash()
    plain = new(sdb, 4, seed=5, mode=None)
    plain.save(tmp_path / "plain.json")
    assert '"snapshot"' in (tmp_path / "plain.json").read_text(encoding="utf-8")


@pytest.mark.rule("LE-TRAITOR-13", "LE-MATRIX-10")
def test_le_traitor_13_secrets_cleared_from_the_matrix_deck_resolve_in_order(sdb):
    sc = table(sdb, "active 0")
    s = sc.game.state
    secrets = [c for c in s.piles["matrix_deck"] if s.defs[c] == SECRETS]
    assert len(secrets) == 3
    sc.line("effect 0 clear_matrix_deck")
    assert s.piles["matrix_deck"] == [] and set(secrets) <= set(s.piles["removed"])
    # the first of them: the active player picks anyone
    d = s.decision
    assert d is not None and d.rule == "LE-TRAITOR-10" and len(d.options) == 4
    accepted(sc, "choose 2")
    d = s.decision  # the second: only those still hiding
    assert d is not None and d.rule == "LE-TRAITOR-11" and len(d.options) == 3
    accepted(sc, "choose 0")
    # the third: everyone left reveals at once
    assert s.decision is None and s.mods.secrets_revealed == 3
    assert all(s.piles[pp(x, "hidden")] == [] for x in range(4))
    # LE-MATRIX-10: with the deck empty, the next Matrix Phase adds nothing
    def in_play() -> int:
        return sum(len(s.piles[f"row.{i}"]) for i in range(5)) + len(s.piles["combat"])

    before = in_play()
    accepted(sc, "end")
    assert not s.result and s.turn_no == 2
    assert in_play() == before  # nothing entered the Row


@pytest.mark.rule("LE-TRAITOR-13")
def test_le_traitor_13_clearing_the_deck_outside_a_traitor_mode_reveals_nothing(sdb):
    g = new(sdb, 3, mode=None)
    sc = Scenario(game=g)
    s = g.state
    sc.line("effect 0 clear_matrix_deck")
    assert s.piles["matrix_deck"] == [] and s.decision is None and s.mods.secrets_revealed == 0


def test_the_players_may_concede_and_the_bot_does_when_no_victory_is_left(sdb):
    from engine.legendary.bots import BOTS

    sc = table(sdb, "act 3 3\nactive 1")
    s = sc.game.state
    assert all(c.verb != "concede" for c in sc.game.legal_commands())  # not offered before it stalls
    assert BOTS["heuristic"](1).choose(sc.game).verb != "concede"
    s.turn_no = 1000  # a stalled game: no Minor Victory allowed, nothing ends it
    assert BOTS["heuristic"](1).choose(sc.game).verb == "concede"
    accepted(sc, "concede")
    assert s.result == "loss:conceded"
    assert sc.game.observe(None)["outcome"]["headline"] == "Defeat"


@pytest.mark.rule("LE-TRAITOR-25")
def test_le_traitor_25_the_traitor_may_not_complete_challenges_in_the_source_part_1(sdb):
    acts = "the_oracles_call,free_the_keymaker,the_source"
    groups = "neo_reloaded,morpheus_reloaded_revolutions,trinity_reloaded_revolutions,ship_captains"
    avatars = "neo_reloaded,morpheus_reloaded_revolutions,trinity_reloaded_revolutions,niobe"
    lines = [f"setup avatars={avatars} acts={acts} groups={groups} seed=3 traitor={MODE}",
             "empty p0.hidden p1.hidden p2.hidden p3.hidden",
             *(f"put {THE_MATRIX if x == 1 else LOYALISTS[x]} p{x}.hidden down" for x in range(4)),
             "act 3 1", "empty row.0 row.1 row.2 row.3 row.4 combat operations",
             "put the_source_hallway_of_doors operations up as door",
             "active 1", "world 1 matrix", "world 0 matrix", "pool recruit=10 attack=10"]
    sc = Scenario.from_text("\n".join(lines), sdb)
    door = sc.ref("door")
    rejected(sc, f"complete {door} recruit", "LE-TRAITOR-25")
    assert not any(c.verb == "complete" for c in sc.game.legal_commands())
    sc.line("active 0")
    sc.line("pool recruit=10 attack=10")
    assert sc.game.is_legal(f"complete {door} recruit")  # a loyal player may
