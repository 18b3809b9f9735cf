"""A bot that plays for the Major Victory, as a campaign team must (LE-CAMPAIGN-10: in a campaign a
Minor Victory counts like a loss, so the team plays on for the Major).

It is the heuristic bot with its goal changed: it never takes a Minor Victory, and in the finale
(Act 3 Part 3) it completes the Objective the moment it is met and pays for the Challenges the
Objective names (the Act's hint) before any other fight or buy. In a race of the Time Track to
numbered Smiths (LE-CARD-16..18) it lets strikes move the Time Track when they move it his way."""
from __future__ import annotations

from engine.core.commands import Command
from engine.legendary.bots.heuristic_bot import HeuristicBot
from engine.legendary.table import Table

FINAL_ACT, FINAL_PART = 3, 3  # completing this Part's Objective is the Major Victory (LE-GEN-03)


class CampaignBot(HeuristicBot):
    """Deterministic, like HeuristicBot; plays every game to a Major Victory or a loss."""

    name = "campaign"

    def _minor_victory(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        return None  # a Minor Victory is a lost try in a campaign: play on for the Major

    def _give_up(self, by: dict[str, list[Command]]) -> Command:
        """A stalled game is given up: a Minor Victory would not move the campaign on either."""
        return by["concede"][0]

    def _spend(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        finish = self._toward_major(t, by) if (t.s.act, t.s.part) == (FINAL_ACT, FINAL_PART) else None
        return finish if finish is not None else super()._spend(t, by)

    def _toward_major(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        """The finale's winning step when one is in reach: the Objective itself, else a Challenge
        the Objective names (or, in a race of the Time Track up to a Smith, one that raises it for
        less than the steps cost), paid from the larger pool so the other still buys or fights."""
        if "objective" in by:
            return by["objective"][0]
        s = t.s
        wanted = self._objective_cards(t)
        climb = self._smith_gap(t)
        steps = [c for c in by.get("complete", ()) if s.defs[c.args[0]] in wanted
                 or climb >= 2 and self._raises_time(t, c.args[0], climb)]
        if not steps:
            return None
        larger = "recruit" if s.turn.recruit >= s.turn.attack else "attack"
        return next((c for c in steps if larger in c.args[1:]), steps[0])

    def _smith_gap(self, t: Table) -> int:
        """In a race of the Time Track to the leftmost standing Smith (LE-CARD-16..18): his number
        minus the Time Track; 0 outside that race."""
        m = t.s.mods
        if m.smiths_passed >= len(m.smith_numbers):
            return 0
        return m.smith_numbers[m.smiths_passed] - t.s.time

    def _raises_time(self, t: Table, cid: int, climb: int) -> bool:
        """A Challenge whose reward raises the Time Track by at most ``climb`` for less than the
        Time Track steps would cost (each step costs the number it reaches)."""
        c = t.card(cid)
        up = sum(fx.get("amount", 1) for fx in t.fx(cid, "complete") if fx.get("verb") == "raise_time")
        steps_cost = sum(t.s.time + k for k in range(1, min(up, climb) + 1))
        return 0 < up <= climb and c.cost_recruit + c.cost_attack + c.cost_either < steps_cost

    def _should_absorb(self, t: Table) -> bool:
        """In the race to the Smiths, strikes that lower the Time Track help while the next Smith's
        number is below it (stay in the Real World) and hurt while it is above (take them as
        Strike cards in the Matrix, while Health allows)."""
        gap = self._smith_gap(t)
        if not gap:
            return super()._should_absorb(t)
        hits = self._cz_strikes(t)
        if gap < 0 or not hits or t.s.mods.strikes_target is not None:
            return False
        return t.health(t.s.active) - t.damage(t.s.active) > hits + 1

    def _decide(self, t: Table) -> int:
        """As the heuristic bot, except that in the race to a Smith below the Time Track a choice
        that lowers it is taken."""
        d = t.s.decision
        task = t.s.stack[-1] if t.s.stack else {}
        fx = task.get("fx", {})
        if d is not None and fx.get("verb") == "choose_one" and self._smith_gap(t) < 0:
            for i, option in enumerate(fx["options"][:len(d.options)]):
                if any(e.get("verb") == "lower_time" for e in option["effects"]):
                    return i
        return super()._decide(t)
