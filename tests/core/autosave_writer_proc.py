"""A game that autosaves every command until it is killed (run by test_autosave_kill.py).

``python autosave_writer_proc.py BASE SEED`` prints ``DID <hash>`` once a command (or an undo) is
done and before it is saved, then ``SAVED <hash>`` once the autosave holds it.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core.autosave import AutosaveWriter  # noqa: E402
from tests.core.long_game import Player, start  # noqa: E402


def main() -> None:
    base, seed = Path(sys.argv[1]), int(sys.argv[2])
    game = start(seed)
    writer = AutosaveWriter(base, min_compact=8)  # small: kills land in base rewrites too
    writer.start(game)
    print("SAVED", game.state_hash(), flush=True)
    player, rng = Player(seed), random.Random(seed)
    while True:
        if game.can_undo() and rng.random() < 0.15:
            game.undo()
        else:
            player.step(game)
        print("DID", game.state_hash(), flush=True)
        writer.record(game)
        print("SAVED", game.state_hash(), flush=True)


if __name__ == "__main__":
    main()
