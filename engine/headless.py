"""What the headless programs share: the ``matrix-engine`` command (``engine/cli.py``), its
``campaign`` subcommand (``engine/cli_campaign.py``) and the benches (``bench/``). Loading a save of
any ruleset, and the command-line types of card folders and player counts."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.core.cliargs import whole_number

RULESETS = ("legendary", "replay", "expedition")


def load_any(path: Path) -> Any:
    """Load a save of any ruleset, as its envelope names it (a LegendaryGame, ReplayGame or
    ExpeditionGame), with the autosave journal beside it folded in; raises SaveError for a bad file
    or a ruleset this engine does not know."""
    from engine.core.autosave import read_autosave
    from engine.core.savefile import SaveError

    ruleset, payload = read_autosave(path)
    if ruleset == "legendary":
        from engine.legendary.game import LegendaryGame

        return LegendaryGame.from_payload(payload, path=Path(path))
    if ruleset == "replay":
        from engine.replay.game import ReplayGame

        return ReplayGame.from_payload(payload, path=Path(path))
    if ruleset == "expedition":
        from engine.expedition.game import ExpeditionGame

        return ExpeditionGame.from_payload(payload, path=Path(path))
    raise SaveError(Path(path), f'is for the "{ruleset}" ruleset, which this engine does not know '
                                f'(known: {", ".join(RULESETS)})')


def player_counts(text: str) -> list[int]:
    """An argparse type: ``4``, ``1-5`` or ``2,3``, each count 1 to 5 (LE-GEN-01)."""
    try:
        if "-" in text:
            lo, hi = (whole_number(x) for x in text.split("-"))
            counts = list(range(lo, hi + 1))
        else:
            counts = [whole_number(x) for x in text.split(",")]
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a player count such as 4, 1-5 or 2,3") from None
    if not counts or not all(1 <= n <= 5 for n in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: LE-GEN-01: the game is for 1 to 5 players")
    return counts


def card_folder(text: str) -> str:
    """An argparse type: an existing folder of card files."""
    if not Path(text).is_dir():
        what = "is not a folder" if Path(text).exists() else "does not exist"
        raise argparse.ArgumentTypeError(f"card folder {text!r} {what}")
    return text
