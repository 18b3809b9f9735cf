"""Matrix Replay: the two-player Humans-vs-Machines d10 contest card game (rules ``MR-...``).

Entry point: ``engine.replay.game.ReplayGame``; see docs/replay.md.
"""
