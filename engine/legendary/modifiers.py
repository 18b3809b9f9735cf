"""Facts an Act sets that change general rules, as typed fields on the state (``State.mods``).

An Act module (engine/legendary/acts/) writes these; the general rules read them, never the Act.
Every field's default means "no change to the rulebook". A new film adds a field here, with the
rule it serves and the general code that reads it, instead of a string key.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.core.plaindata import field_copy


@dataclass(slots=True)
class Modifiers:
    """The Act facts in force now (saved, hashed and shown in every view)."""

    # The seat held in the Matrix for the rest of the game (LE-CARD-28): no move or card effect
    # takes them out (effects.set_world); the Act's own restrictions say what else they may not do.
    matrix_player: int | None = None
    # Heroes that a Real-World player gains go into this seat's hand instead of the gainer's
    # discard pile (LE-CARD-31; actions.gain_pile).
    gains_to_hand_of: int | None = None
    # Enemy strikes always hit this seat, whoever's turn it is, and never lower the Time Track
    # (LE-CARD-03/04; strikeplan.strike_target and strikeplan.plan).
    strikes_target: int | None = None
    # The Attack price of raising the Time Track by one step, when an Act allows buying steps
    # (LE-CARD-05); None: no step can be bought.
    attack_per_time_step: int | None = None
    # The only seat that may buy those steps; None: any active player.
    time_payer: int | None = None
    # The Act's turning point has happened (He is The One Part 3: the Matrix player is The One,
    # LE-CARD-03..05); Act queries and bots read it.
    the_one: bool = False
    # The name of the card that forbids strategy talk while it is in play (LE-CARD-56..58); a table
    # rule the GUI shows, game actions stay legal. None: players may talk.
    silence_source: str | None = None
    # How many Secrets Revealed have appeared (LE-TRAITOR-10..12).
    secrets_revealed: int = 0
    # The seats assimilated by Smith (LE-SMITH-03/09), in order.
    smiths: tuple[int, ...] = ()
    # No Assimilated Smith player remains: the team was healed (LE-SMITH-10) and may defeat one
    # Smith Enemy for free each turn (LE-SMITH-11); the turn number it was last used.
    smiths_gone: bool = False
    free_smith_turn: int = 0
    # (seat, Avatar card) pairs: that seat's Avatar ability comes from that other Avatar card
    # (LE-SMITH-09/15; actions.avatar_ability).
    ability_from: tuple[tuple[int, int], ...] = ()
    # At most this many Strike cards are drawn by the active player on their turn; further strikes
    # against them are skipped, not avoided (LE-CARD-24..26; flow's strike task). It lasts until
    # the current Act ends (``end_of_act``). None: no limit.
    strike_cards_per_turn: int | None = None
    # The name of the card that set that limit, for the GUI to show while it is in force.
    strike_limit_source: str | None = None
    # Lit fuses as (card, seat): at the start of that seat's next turn the card's ``fuse`` effects
    # resolve if it is still in play; on the seat's own turn the card does not strike
    # (LE-CARD-41; flow.burn_fuses, strikeplan.plan).
    fuses: tuple[tuple[int, int], ...] = ()
    # A card travelling along the positions beneath the Dock, as (card, position): 0 is below the
    # Hovercraft stack, 1..dock_spaces beneath each Dock space, left to right (LE-CARD-21..23).
    # The card sits in the Real World pile; the Act that moves it keeps this up to date and the
    # GUI draws it at that position. None: nothing travels there.
    beneath_dock: tuple[int, int] | None = None
    # The numbers of the Smiths standing in the Matrix Row in a final Part, left to right
    # (LE-CARD-16..19), and how many of them the Deletion Program has passed: it stands at the
    # Smith of that index, and has passed them all when it equals their count. The GUI shows both.
    # Empty: no such Smiths in play.
    smith_numbers: tuple[int, ...] = ()
    smiths_passed: int = 0
    # The name of an Act effect run after every change of the Time Track, for an Act rule that
    # watches its number (LE-CARD-18; Table.change_time). None: nothing watches.
    time_watch: str | None = None
    # At Cleanup the active player's hand, play area and discard pile are removed from the game
    # instead of discarded (LE-CARD-20; flow._cleanup); a player left with no card plays on.
    cleanup_deletes: bool = False
    # How the active player used the Time Track on turn ``time_track_use_turn`` when an Act lets
    # them either pay Attack to raise it or take Attack from it, never both (LE-CARD-50): "raise"
    # or "take"; "" (or another turn's number): not used yet this turn. Act commands read it.
    time_track_use: str = ""
    time_track_use_turn: int = -1

    def end_of_act(self) -> None:
        """Clear the facts that last only until the Act ends (flow, when the next Act begins)."""
        self.strike_cards_per_turn = self.strike_limit_source = None

    def to_dict(self) -> dict[str, Any]:
        """The fields that differ from their defaults (an empty dict when no Act fact is set)."""
        return {f.name: v for f in fields(self) if (v := getattr(self, f.name)) != f.default}

    def to_saved(self) -> dict[str, Any]:
        """``to_dict`` under the key names saves have always used, so a save made before these
        fields existed replays to the same state hash."""
        return {_SAVED_NAMES.get(k, k): v for k, v in self.to_dict().items()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Modifiers:
        """The inverse of ``to_dict`` and of ``to_saved`` (JSON lists back to tuples)."""
        return cls(**{k: _tuples(v) for k, v in by_field_name(d).items()})

    def copy(self) -> Modifiers:
        return field_copy(self)  # every field is an immutable value


def by_field_name(saved: dict[str, Any]) -> dict[str, Any]:
    """Saved modifiers under their field names (saves keep two under older names)."""
    return {_FIELD_NAMES.get(k, k): v for k, v in saved.items()}


def _tuples(v: Any) -> Any:
    """A JSON value with every list turned back into a tuple (the fields hold immutable values)."""
    return tuple(_tuples(x) for x in v) if isinstance(v, (list, tuple)) else v


# Fields saved under another name (the keys of the former ``State.flags`` dict).
_SAVED_NAMES = {"attack_per_time_step": "time_rate", "silence_source": "silenced"}
_FIELD_NAMES = {v: k for k, v in _SAVED_NAMES.items()}
