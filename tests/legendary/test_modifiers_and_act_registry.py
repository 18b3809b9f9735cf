"""Act facts as typed modifiers on the state, and the explicit registry of Act rules.

The modifiers are copied for undo, hashed, saved and shown in every view; the registry refuses a
name declared twice, and the card loader refuses a card naming a rule no Act declares.
"""
from __future__ import annotations

import pytest

from engine.core.cardfiles import CardLoadError
from engine.legendary.acts import ActRules, Registry, registry
from engine.legendary.carddb import load_files
from engine.legendary.modifiers import Modifiers
from engine.legendary.state import State
from engine.resources import cards_dir


@pytest.mark.rule("LE-CARD-28", "LE-CARD-05")
def test_modifiers_clone_hash_save_and_show_in_the_view(scenario):
    sc = scenario("active 0")
    g = sc.game
    s = g.state
    assert s.to_dict()["flags"] == {} and g.observe(0)["modifiers"] == {}
    before = g.state_hash()
    snap = s.clone()
    s.mods.matrix_player = 1
    s.mods.attack_per_time_step = 3
    assert snap.mods.matrix_player is None  # the undo snapshot is a copy
    assert g.state_hash() != before
    assert s.to_dict()["flags"] == {"matrix_player": 1, "time_rate": 3}  # the names saves use
    back = State.from_dict(s.to_dict())
    assert back.mods == s.mods and back.hash() == s.hash()
    assert g.observe(1)["modifiers"] == {"matrix_player": 1, "attack_per_time_step": 3}


def test_modifiers_keep_the_saved_names_of_the_former_flags():
    """A position saved before the modifiers existed reads back and saves to the same keys, so
    its state hash is unchanged."""
    old = {"matrix_player": 0, "time_rate": 3, "time_payer": 0, "silenced": "A Call", "the_one": True}
    m = Modifiers.from_dict(old)
    assert (m.matrix_player, m.attack_per_time_step, m.time_payer, m.silence_source, m.the_one) == \
        (0, 3, 0, "A Call", True)
    assert m.to_saved() == old


def test_the_registry_lists_each_act_once_and_refuses_a_name_declared_twice():
    reg = registry()
    stories = [a.story for a in reg.acts]  # The Matrix's Acts first, then later films' Acts
    assert stories[:3] == ["what_is_the_matrix", "know_thyself", "he_is_the_one"]
    assert len(stories) == len(set(stories))
    assert "raise-time" in reg.commands and reg.restrictions
    assert set(reg.effects).isdisjoint(reg.queries)
    twice = ActRules(story="copy", effects={"free_neo": reg.effect("free_neo")})
    with pytest.raises(ValueError, match="free_neo"):
        Registry.of((*reg.acts, twice))


def test_a_card_asking_an_unknown_query_fails_at_load_with_file_and_card(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nid = "odd_challenge"\nkind = "challenge"\nname = "Odd"\ndeck = "act:x"\n'
                   'condition = "hook"\ncondition_hook = "free_neo"\n', encoding="utf-8")
    with pytest.raises(CardLoadError) as err:  # free_neo is an effect, not a query
        load_files([bad], cards_dir("legendary") / "playmat.toml")
    assert any("bad.toml" in p and "odd_challenge" in p and "free_neo" in p for p in err.value.problems)


def test_films_toml_refuses_a_starting_deck_of_unknown_cards(tmp_path):
    films = tmp_path / "films.toml"
    films.write_text('starting_deck = [{ card = "no_such_card", count = 7 }]\n', encoding="utf-8")
    with pytest.raises(CardLoadError) as err:
        load_files([], cards_dir("legendary") / "playmat.toml", [films])
    assert any("films.toml" in p and "no_such_card" in p for p in err.value.problems)
