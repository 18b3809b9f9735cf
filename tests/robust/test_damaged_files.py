"""Issue 27's acceptance, the engine and command-line half: every generated damaged save, campaign file
and settings file (tests/robust/damaged_files.py), and files that are not files (FIFOs, links to
/dev/zero, sparse giants) as saves, journals, scenarios, card files and card folders, go through
``matrix-engine`` and the engine's load paths (what Load, Continue and Step Through call). Each gives a
game that loads and plays, or one line naming the file: never a traceback, an escaped exception, a
changed file, a read past its size cap or a hang. The app's half: tests/gui/test_damaged_files_gui.py.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_any, main
from engine.core.autosave import journal_path
from engine.core.savefile import SaveError
from engine.core.stepper import Stepper
from tests.robust import damaged_files as df
from tests.robust.helpers import no_hang, one_sentence, run

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "cards"

pytestmark = pytest.mark.slow  # (hundreds of damaged files through the command line: left to CI)


def _plays(game: Any) -> None:
    """What the app does with a loaded game: show every seat's table and list the moves."""
    players = getattr(game.state, "players", None) or getattr(game.state, "sheets", None) or [0, 1]
    for seat in range(len(players)):
        game.observe(seat)
    game.legal_commands()


@pytest.fixture(scope="module")
def damaged_campaigns(cards_once) -> list[df.Damaged]:
    return df.campaigns(df.campaign_bodies())


def test_the_generator_makes_the_promised_numbers(damaged_saves, damaged_campaigns):
    assert len(damaged_saves) >= 300
    assert len(damaged_campaigns) >= 90
    assert len(df.settings_files()) >= 20
    assert {d.kind for _, d in damaged_saves} == {"file", "fifo", "zero", "sparse"}


def test_every_damaged_save_loads_and_plays_or_is_refused_in_one_line(damaged_saves, cards_once):
    problems: list[str] = []
    loaded = 0
    for path, d in damaged_saves:
        with no_hang(30, path.name):
            res = run(main, ["replay", str(path)])
            if res.code == 0:
                if res.err or "hash" not in json.loads(res.out):
                    problems.append(f"{path.name}: replay printed {res.err or res.out!r}")
            elif res.code != 2 or not one_sentence(res.err, path):
                problems.append(f"{path.name}: replay said {res.err!r}")
            try:  # Load and Continue: read_autosave + from_payload; Step Through: Stepper.of_save
                game = load_any(path)
                _plays(game)
                from engine.core.autosave import read_autosave

                _, payload = read_autosave(path)
                Stepper.of_save(type(game), payload, game.db, path).go(10**6)
                loaded += 1
            except SaveError as e:
                if not one_sentence(str(e), path):
                    problems.append(f"{path.name}: {e}")
            except Exception as e:  # noqa: BLE001 - the point: nothing else may escape
                problems.append(f"{path.name}: {type(e).__name__}: {e}")
        if not df.unchanged(path, d):
            problems.append(f"{path.name}: the file was changed")
    assert not problems, "\n".join(problems[:30])
    assert 0 < loaded < len(damaged_saves)  # (some damage still loads: a changed seed, a renamed avatar...)


def test_an_edited_starting_position_says_which_field(tmp_path, bases, cards_once):
    ruleset, payload = bases["edited"]
    cases = {"active99": "the active seat is 99, but this 2-player game has seats 0 to 1",
             "piles-text": "initial.piles must be an object",
             "turn-list": "initial.turn",
             "pile-p9": "'p9.hand' is not a pile of a 2-player table",
             "card-99999": "card 99999 is in a pile, but the table has cards 0 to",
             "stack-op": "unknown step 'no_such_op'"}
    edits = dict(df.STATE_EDITS)
    for what, words in cases.items():
        state = json.loads(json.dumps(payload["initial"]))
        edits[what](state)
        path = tmp_path / f"{what}.json"
        path.write_bytes(df.envelope(ruleset, {**payload, "initial": state, "commands": []}))
        res = run(main, ["replay", str(path)])
        assert res.code == 2 and "damaged starting position" in res.err and words in res.err, res.err
        assert one_sentence(res.err, path)


def test_replay_of_an_older_builds_save_says_it_went_on_from_the_kept_position(tmp_path, bases, cards_once):
    _, payload = bases["legendary"]
    old = {**payload, "made_with": {"app": "0.0.1", "cards": "older"},
           "commands": [*payload["commands"], "end"]}
    path = tmp_path / "old.json"
    path.write_bytes(df.envelope("legendary", old))
    res = run(main, ["replay", str(path)])
    out = json.loads(res.out)
    assert res.code == 0 and out["commands"] == 0 and "goes on from where it was saved" in out["resumed"]


@pytest.fixture(scope="module")
def good_save(tmp_path_factory, bases) -> Path:
    path = tmp_path_factory.mktemp("good") / "good.json"
    path.write_bytes(df.envelope(*bases["edited"]))
    return path


@pytest.mark.parametrize("kind", ["fifo", "zero", "sparse"])
def test_a_journal_that_is_not_a_file_leaves_the_base_loading(tmp_path, good_save, kind, cards_once):
    base = tmp_path / "autosave.json"
    base.write_bytes(good_save.read_bytes())
    df.Damaged("j", b"x", kind).make(tmp_path, journal_path(base).name)
    with no_hang(30, f"a {kind} journal"):
        assert load_any(base).commands == load_any(good_save).commands


def _not_files(folder: Path, suffix: str) -> list[Path]:
    return [d.make(folder) for d in df.not_files("x", suffix)]


def test_scenarios_card_files_and_card_folders_that_are_not_files_are_refused_in_one_line(tmp_path):
    scenarios = _not_files(tmp_path / "scn", ".scn")
    for path in scenarios:
        with no_hang(30, path.name):
            res = run(main, ["run-scenario", str(path)])
        assert res.code == 2 and one_sentence(res.err, path), res.err
    for kind in ("fifo", "zero", "sparse"):
        cards = tmp_path / f"cards-{kind}"
        cards.mkdir()
        path = df.Damaged(f"heroes-{kind}.toml", b"x", kind).make(cards)
        with no_hang(30, path.name):
            res = run(main, ["validate-cards", "--cards", str(cards)])
            assert res.code == 1 and f"{path.name}: is " in res.err and "Traceback" not in res.err, res.err
            res = run(main, ["simulate", "--games", "1", "--cards", str(cards)])
            assert res.code == 2 and one_sentence(res.err, path), res.err
    zero_folder = tmp_path / "zero-folder"
    zero_folder.symlink_to("/dev/zero")
    res = run(main, ["validate-cards", "--cards", str(zero_folder)])
    assert res.code == 2 and "is not a folder" in res.err, res.err


def test_a_saves_card_folder_that_holds_a_fifo_or_is_dev_zero_is_refused_naming_the_save(tmp_path, bases):
    _, payload = bases["edited"]
    cards = tmp_path / "cards"
    cards.mkdir()
    for f in FIXTURE.iterdir():
        (cards / f.name).symlink_to(f)
    os.mkfifo(cards / "stray.toml")
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    for dirs in ([str(cards)], [str(zero)]):
        setup = {**payload["setup"], "card_dirs": dirs}
        path = tmp_path / "save.json"
        path.write_bytes(df.envelope("legendary", {**payload, "setup": setup,
                                                   "initial": {**payload["initial"], "setup": setup}}))
        with no_hang(30, str(dirs)):
            res = run(main, ["replay", str(path)])
        assert res.code == 2 and one_sentence(res.err, path) and "cannot be set up" in res.err, res.err


def test_a_900_kb_scenario_line_is_refused_at_once(tmp_path):
    path = tmp_path / "long.scn"
    path.write_text("setup avatars=" + "neo," * 225_000 + "\n", encoding="utf-8")
    with no_hang(10, "a 900 KB line"):
        res = run(main, ["run-scenario", str(path)])
    assert res.code == 2 and "line 1 is 900,014 characters long" in res.err and len(res.err) < 300


@pytest.mark.parametrize(("text", "words"), [('setup "unclosed\n', "line 1: its quotes do not pair up"),
                                             ("setup seed=1 'a\n", "no closing quotation")])
def test_unpaired_quotes_in_a_scenario_are_a_sentence(tmp_path, text, words):
    path = tmp_path / "q.scn"
    path.write_text(text, encoding="utf-8")
    res = run(main, ["run-scenario", str(path)])
    assert res.code == 2 and words in res.err and "ValueError" not in res.err, res.err


# --- campaigns --------------------------------------------------------------------------------------------

def test_every_damaged_campaign_file_is_listed_and_shown_or_refused_in_one_line(tmp_path, damaged_campaigns):
    problems: list[str] = []
    for i, d in enumerate(damaged_campaigns):
        folder = tmp_path / f"c{i}"
        path = d.make(folder, df.file_name(d))
        with no_hang(30, d.name):
            listed = run(main, ["campaign", "--dir", str(folder), "list"])
            rows = json.loads(listed.out) if listed.code == 0 else None
            if rows is None or len(rows) != 1:
                problems.append(f"{d.name}: list gave {listed.code} {listed.err!r}")
            elif rows[0].get("error") and not one_sentence(rows[0]["error"], path):
                problems.append(f"{d.name}: listed as {rows[0]['error']!r}")
            shown = run(main, ["campaign", "--dir", str(folder), "show", str(path)])
            if shown.code == 0:
                json.loads(shown.out)
                if rows and rows[0].get("error"):
                    problems.append(f"{d.name}: shown, yet listed as {rows[0]['error']!r}")
            elif shown.code != 2 or not one_sentence(shown.err, path):
                problems.append(f"{d.name}: show said {shown.err!r}")
        if not df.unchanged(path, d):
            problems.append(f"{d.name}: the file was changed")
    assert not problems, "\n".join(problems[:30])


def test_a_campaign_whose_file_name_is_not_its_id_is_listed_with_what_to_do(tmp_path):
    body = df.campaign_bodies()["fresh"]
    path = tmp_path / "copy of fresh.json"
    path.write_bytes(df.campaign_envelope(body))
    rows = json.loads(run(main, ["campaign", "--dir", str(tmp_path), "list"]).out)
    assert rows == [{"path": str(path), "error": f'Campaign file "{path}" holds the campaign "fresh": '
                                                 'rename it to "fresh.json" to play it'}]


def test_campaign_list_on_a_folder_under_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    res = run(main, ["campaign", "--dir", str(tmp_path / "file" / "campaigns"), "list"])
    assert res.code == 2 and res.out == "" and "is not a folder" in res.err and one_sentence(
        res.err, tmp_path / "file" / "campaigns"), res.err


# --- files bigger than their cap are never read whole -------------------------------------------------

RSS_LIMIT_KB = 250 * 1024  # a whole read of the 300 MB sparse file would pass it
# ``matrix-engine ARGS`` in a fresh process that then prints its own peak memory: VmHWM, the high
# water mark of this process's memory alone (ru_maxrss would include the test process's, inherited
# through exec).
PEAK = ("import sys\nfrom engine.cli import main\nmain(sys.argv[1:])\n"
        "print(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])")


def _peak_kb(argv: list[str]) -> tuple[int, str]:
    """A ``matrix-engine`` process's peak memory (KB) and what it said on stderr."""
    proc = subprocess.run([sys.executable, "-c", PEAK, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    return int(proc.stdout.split()[-1]), proc.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
@pytest.mark.parametrize("suffix", [".json", ".scn"])
def test_a_300_mb_sparse_file_is_refused_by_its_size_without_reading_it(tmp_path, suffix):
    path = df.Damaged(f"giant{suffix}", b"{", "sparse").make(tmp_path)
    argv = ["replay", str(path)] if suffix == ".json" else ["run-scenario", str(path)]
    peak, err = _peak_kb(argv)
    assert "is 300 MB, larger than the" in err and peak < RSS_LIMIT_KB, (peak, err)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
def test_a_300_mb_sparse_card_file_is_refused_by_its_size_without_reading_it(tmp_path):
    df.Damaged("giant.toml", b"x", "sparse").make(tmp_path)
    peak, err = _peak_kb(["validate-cards", "--cards", str(tmp_path)])
    assert "giant.toml: is 300 MB, larger than the 4 MB limit" in err and peak < RSS_LIMIT_KB, (peak, err)


# --- settings -----------------------------------------------------------------------------------------

def test_every_damaged_settings_file_gives_settings_and_one_note_per_dropped_value(tmp_path):
    from matrix_gui.settings import Settings, read_settings

    for d in df.settings_files():
        path = d.make(tmp_path)
        with no_hang(10, d.name):
            settings, notes = read_settings(path)
        assert isinstance(settings, Settings) and 1 <= settings.last_setup.players <= 5
        assert isinstance(settings.skip_animations, bool) and isinstance(settings.geometry, str)
        assert 0.25 <= settings.animation_speed <= 4
        assert all(one_sentence(n, path) for n in notes), notes
        if "unknown-key" not in d.name and "ruleset-odd" not in d.name:
            assert notes, d.name
        assert df.unchanged(path, d)
