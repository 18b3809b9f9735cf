"""Card files (MR-COMP), the roster against the rule checklist, and setup (MR-SETUP, MR-GEN-01)."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.cli import main
from engine.replay import schema
from engine.replay.carddb import CardLoadError, category, load_db, load_files
from engine.replay.setup import ReplaySetup, new_state
from engine.replay.state import pp
from tests.replay.helpers import H, M, cid, new_game, ok, rejected

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "matrix-replay.md"
ROW = re.compile(r"^\| (\d+) \| (.+?) \| (Humans|Machines) \| (\w+) \| .+? \| .+? \| (.+?) \| .+? \| "
                 r"(.+?) \| (\d+) \| .* \|$")


@pytest.fixture(scope="module")
def db():
    return load_db()


def roster() -> list[tuple[str, str, str, str, str, int]]:
    if not RULES.exists():
        pytest.skip("the shared rule checklist is not next to the repository")
    rows = [m.groups() for line in RULES.read_text(encoding="utf-8").splitlines() if (m := ROW.match(line))]
    return [(n, side, code, mods, mp, int(copies)) for _, n, side, code, mods, mp, copies in rows]


@pytest.mark.rule("MR-COMP-01")
def test_mr_comp_02_deck_sizes_and_copies(db):
    """Each side's deck is built from its own list: 88 Human and 73 Machine cards."""
    counts = db.counts()
    assert (counts["cards"], counts["humans"], counts["machines"]) == (161, 88, 73)
    many = {cid: c.copies for cid, c in db.cards.items() if c.copies != 1}
    assert many == {"nameless_agent": 4, "sentinels": 4, "scouts": 4}


@pytest.mark.rule("MR-COMP-01", "MR-COMP-06", "MR-COMP-02")
def test_every_roster_row_matches_the_card_files(db):
    """Name, side, code, copies, MP and modifiers of all 152 listed cards, as the checklist gives them."""
    rows = roster()
    assert len(rows) == 152
    by_name = {c.name: (cid, c) for cid, c in db.cards.items()}
    assert len(by_name) == 152
    for name, side, code, mods, mp, copies in rows:
        assert name in by_name, name
        card_id, card = by_name[name]
        assert db.side[card_id] == side.lower(), name
        assert card.copies == copies, name
        if code == "E":
            assert isinstance(card, schema.EventCard), name
            listed = re.findall(r"`(\w+)\+(\d+)", mods)
            want = sorted((r, int(a)) for r, a in listed)
            assert sorted((m.roll, m.amount) for m in card.options) == want, name
        elif code.startswith("M"):
            assert isinstance(card, schema.MissionCard) and card.mp == int(mp) == int(code[1:]), name
        else:
            assert isinstance(card, schema.CharacterCard) and card.code == code, name
            listed = re.findall(r"`(\w+)\+(\d+)`", mods)
            want = sorted((r, int(a)) for r, a in listed)
            assert sorted((m.roll, m.amount) for m in card.modifiers) == want, name


def test_mr_comp_03_three_card_types_missions_only_for_humans(db, tmp_path):
    types = Counter((db.side[i], c.type) for i, c in db.cards.items())
    assert types[("humans", "mission")] == 10 and types[("machines", "mission")] == 0
    assert {t for _, t in types} == {"character", "event", "mission"}
    (tmp_path / "bad.toml").write_text('side = "machines"\n[[card]]\nid = "m1"\nname = "Evil Mission"\n'
                                       'type = "mission"\nmp = 3\n', encoding="utf-8")
    with pytest.raises(CardLoadError) as err:
        load_files([tmp_path / "bad.toml"])
    assert "bad.toml" in str(err.value) and "only the Human deck holds Missions" in str(err.value)


@pytest.mark.rule("MR-COMP-06")
def test_card_codes_are_the_notation_of_the_card_list(db):
    cats = Counter(category(c) for c in db.cards.values() for _ in range(c.copies))
    assert cats == {"event": 118, "mission": 10, "h": 9, "hb": 3, "rp": 4, "a": 9, "b": 8}


def test_schema_errors_name_file_card_and_field(tmp_path):
    (tmp_path / "broken.toml").write_text(
        'side = "humans"\n'
        '[[card]]\nid = "ok_one"\nname = "Fine"\ntype = "event"\n'
        'options = [{ roll = "combat", amount = 2 }]\n'
        '[[card]]\nid = "bad_one"\nname = "Bad"\ntype = "event"\n'
        'options = [{ roll = "kungfu", amount = 2 }]\n'
        '[[card]]\nid = "bad_two"\nname = "Worse"\ntype = "event"\neffects = [{ verb = "teleport" }]\n',
        encoding="utf-8")
    with pytest.raises(CardLoadError) as err:
        load_files([tmp_path / "broken.toml"])
    text = "\n".join(err.value.problems)
    assert "broken.toml: card[1] 'bad_one'.options.0.roll" in text
    assert "broken.toml: card[2] 'bad_two'.effects.0" in text and "teleport" in text


def test_cli_validate_cards_replay_reports_161_88_73(capsys):
    assert main(["validate-cards", "--ruleset", "replay"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["cards"], out["humans"], out["machines"]) == (161, 88, 73)
    assert out["by_category"]["humans.mission"] == 10 and out["by_category"]["machines.b"] == 8


def test_cli_validate_cards_replay_reports_errors(tmp_path, capsys):
    (tmp_path / "oops.toml").write_text('side = "humans"\n[[card]\n', encoding="utf-8")
    assert main(["validate-cards", "--ruleset", "replay", "--cards", str(tmp_path)]) == 1
    assert "oops.toml: not valid TOML" in capsys.readouterr().err


def test_mr_gen_01_two_sides_only():
    g = new_game()
    assert g.acting == H
    assert g.observe(H)["side"] == "humans" and g.observe(M)["side"] == "machines"
    rejected(g, "@2 draw", "MR-GEN-01")
    rejected(g, "@1 draw", "MR-TURN-04")


@pytest.mark.rule("MR-SETUP-01", "MR-SETUP-02")
def test_starting_characters_in_play_out_of_the_decks(db):
    g = new_game(5)
    s = g.state
    names = sorted(s.defs[c] for c in s.piles[pp(H, "play")])
    assert names == ["morpheus", "trinity"]
    assert sorted(s.defs[c] for c in s.piles[pp(M, "play")]) == ["agent_jones", "agent_smith"]
    for d in ("morpheus", "trinity", "agent_smith", "agent_jones"):
        assert s.where(cid(g, d)).endswith(".play")
    assert len(s.piles[pp(H, "deck")]) + len(s.piles[pp(H, "hand")]) == 86
    assert len(s.piles[pp(M, "deck")]) + len(s.piles[pp(M, "hand")]) == 71


def test_mr_setup_03_shuffled_decks_and_8_card_hands(db):
    a, b = new_state(db, ReplaySetup(seed=1)), new_state(db, ReplaySetup(seed=2))
    for s in (a, b):
        assert len(s.piles[pp(H, "hand")]) == 8 and len(s.piles[pp(M, "hand")]) == 8
    assert a.piles[pp(H, "deck")] != b.piles[pp(H, "deck")]
    assert new_state(db, ReplaySetup(seed=1)).hash() == a.hash()


def test_mr_setup_04_empty_counter_piles_and_no_matrix_counters(db):
    s = new_state(db, ReplaySetup(seed=3))
    assert (s.mp, s.time, s.plugged) == (0, 0, set())
    g = new_game(3)
    assert g.state.time == 1 and g.state.mp == 0  # the first Time Phase has run
    assert not g.state.plugged
    ok(g, "@0 draw")
