"""A bot that plays for the Major Victory, as a campaign team must (LE-CAMPAIGN-10: in a campaign a
Minor Victory counts like a loss, so the team plays on for the Major).

It is the heuristic bot with its goal changed: it never takes a Minor Victory, and in the finale
(Act 3 Part 3 of every film) it completes the Objective the moment it is met and pays for the
Objective's own cards (The Matrix: Become The One, then the EMP) before any other fight or buy."""
from __future__ import annotations

from engine.core.commands import Command
from engine.legendary import flow
from engine.legendary.bots.heuristic_bot import STALEMATE_TURNS, HeuristicBot
from engine.legendary.table import Table

FINAL_ACT, FINAL_PART = 3, 3  # completing this Part's Objective is the Major Victory (LE-GEN-03)


class CampaignBot(HeuristicBot):
    """Deterministic, like HeuristicBot; plays every game to a Major Victory or a loss."""

    name = "campaign"

    def _minor_victory(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        return None  # a Minor Victory is a lost try in a campaign: play on for the Major

    def _hopeless(self, t: Table) -> bool:
        """A game that has stalled in a Part that offers a Minor Victory (the bot never takes it,
        and nothing else may end the game) is given up."""
        return bool(flow.current_part(t).minor_victory) and t.s.turn_no > STALEMATE_TURNS

    def _spend(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        finish = self._toward_major(t, by) if (t.s.act, t.s.part) == (FINAL_ACT, FINAL_PART) else None
        return finish if finish is not None else super()._spend(t, by)

    def _toward_major(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        """The finale's winning step when one is in reach: the Objective itself, else a Challenge
        the Objective names, paid from the larger pool so the other still buys or fights."""
        if "objective" in by:
            return by["objective"][0]
        s = t.s
        wanted = self._objective_cards(t)
        steps = [c for c in by.get("complete", ()) if s.defs[c.args[0]] in wanted]
        if not steps:
            return None
        larger = "recruit" if s.turn.recruit >= s.turn.attack else "attack"
        return next((c for c in steps if larger in c.args[1:]), steps[0])
