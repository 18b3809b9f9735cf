"""The end of a campaign game, for the app and the command line alike (LE-CAMPAIGN-10..18).

``finish`` records a finished game in its campaign: the campaign loaded from its file, the try
recorded with what it carried over, the file written back, and the game's end closed to undo.
``recorded`` reads back what a game recorded before carried over (Continue or Load shows it
again); both give the same ``Finished``, for the carry-over comes from the campaign one way
(``carried_of``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core.savefile import SaveError
from engine.legendary.campaign.model import Campaign
from engine.legendary.campaign.play import Carried, campaign_of, carried_of, outcome_of, record
from engine.legendary.campaign.store import CampaignStore
from engine.legendary.game import LegendaryGame


@dataclass(frozen=True)
class Finished:
    """A campaign game whose end is recorded: the campaign after it, what it carried over, and which
    game and try of the campaign it was."""

    campaign: Campaign
    carried: Carried
    game: int
    try_no: int


def finish(store: CampaignStore, game: LegendaryGame, *, save: Path | str = "",
           ref: str | Path | None = None) -> Finished | None:
    """Record finished ``game`` in the campaign its setup names (or ``ref``: a campaign id or file)
    of ``store``: its try with what carried over (``record``; ``save`` is where the game's save is
    kept), the campaign written back, and the game's end sealed (``seal``). None for a game outside
    a campaign. Raises CampaignError with the rules' reason (a try recorded already, a campaign given
    up, a game the campaign does not wait for) and CampaignFileError for a file it cannot read."""
    named = campaign_of(game.setup)
    ref = ref or (named[0] if named is not None else None)
    if not ref:
        return None
    path, c = store.load(ref)
    number = c.current.number
    try_no = c.current.pending.number if c.current.pending is not None else 0
    carried = record(game.db, c, game.setup, outcome_of(game.db, game.state), save=str(save))
    store.save(c, path)
    seal(game, c)
    return Finished(c, carried, number, try_no)


def recorded(store: CampaignStore, game: LegendaryGame) -> Finished | None:
    """What finished campaign ``game``, recorded before, carried over, as its campaign's file says;
    None for a game outside a campaign, still running or never recorded, or whose campaign file
    cannot be read."""
    ref = campaign_of(game.setup)
    if ref is None or not game.over:
        return None
    try:
        c = store.load(ref[0])[1]
    except (SaveError, OSError, ValueError):
        return None
    number, try_no = ref[1:]
    g = c.games[number - 1] if number <= len(c.games) else None
    t = g.tries[try_no - 1] if g is not None and try_no <= len(g.tries) else None
    if t is None or not t.finished or t.seed != game.setup.seed:
        return None
    return Finished(c, carried_of(c, number, try_no), number, try_no)


def seal(game: LegendaryGame, c: Campaign) -> None:
    """A recorded game's end is final: taking its last command back would leave the campaign
    behind the game."""
    game.close_undo(f"the end of this game is recorded in the campaign {c.name!r}")
