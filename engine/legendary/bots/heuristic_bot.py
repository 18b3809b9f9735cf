"""A bot that plays with purpose: plays its hand, recruits the best Hero it can afford, fights by
threat, manages the free move and the phones, coordinates, and takes a Minor Victory when losing.

It only chooses among ``game.legal_commands()`` and reads public information (it never peeks at
face-down cards or deck order), so its results measure the game, not a cheat.
"""
from __future__ import annotations

from collections.abc import Collection

from engine.core.commands import Command
from engine.legendary import effects, flow, stall, traitor
from engine.legendary import row as rowmod
from engine.legendary.acts import Hint, registry
from engine.legendary.game import LegendaryGame
from engine.legendary.state import pp
from engine.legendary.table import Table

# Rough worth of one unit of each effect verb, for choosing among options without lookahead.
_FX_VALUE = {"gain_recruit": 1.0, "gain_attack": 1.0, "draw": 1.3, "heal_strike": 2.0,
             "raise_time": 2.5, "lower_time": -2.5, "draw_strike": -2.5, "discard": -1.0,
             "avoid_strike": 1.5, "extra_move": 0.5, "scan_any": 0.5}


def fx_value(fx_list: list[dict], time: int) -> float:
    """A static value of a list of effects (positive is good for the team)."""
    total = 0.0
    for fx in fx_list:
        verb = fx.get("verb", "")
        amount = fx.get("amount", 1)
        v = _FX_VALUE.get(verb, 0.0) * amount
        if verb == "lower_time" and time <= 4:
            v *= 3  # Time is life when the Track runs low
        if verb in ("if_world", "if_act", "if_in_play_area", "if_revealed_by", "each_player"):
            v = 0.6 * fx_value(fx.get("effects", []), time)
        total += v
    return total


TIME_SHORT = 3  # a Time Track this low is worth Attack (Acts that sell Time Track steps)


class HeuristicBot:
    """Deterministic; ``choose`` returns one legal command."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        del seed  # every choice is a judgement, none is random; the seed keeps the BOTS signature

    # --- entry point ---------------------------------------------------------------------------

    def choose(self, game: LegendaryGame, seats: Collection[int] | None = None) -> Command:
        """One legal command; with ``seats``, only a command those seats issue (a bot at a table
        with people never acts for them, e.g. never coordinates a person's card)."""
        legal = game.legal_commands()
        if not legal:
            raise RuntimeError("no legal command in a game that is not over")
        t = Table(game.db, game.state)
        if game.state.decision is not None:
            return legal[self._decide(t)]
        if seats is not None:
            legal = [c for c in legal if t.command_seat(c) in seats]
            if not legal:
                raise RuntimeError(f"no legal command for seats {sorted(seats)}")
        by: dict[str, list[Command]] = {}
        for c in legal:
            by.setdefault(c.verb, []).append(c)
        if "concede" in by and stall.stalled(t):  # the game has stalled: no end will come
            return self._give_up(by)
        for pick in (self._minor_victory, self._coordinate, self._play, self._use, self._turn_on_players,
                     self._spend):
            cmd = pick(t, by)
            if cmd is not None:
                return cmd
        return by["end"][0]

    # --- decisions -------------------------------------------------------------------------------

    def _decide(self, t: Table) -> int:
        s = t.s
        d = s.decision
        assert d is not None
        task = s.stack[-1] if s.stack else {}
        n = len(d.options)
        if d.kind == "wild_swing":  # throw away a painful Strike
            cid = s.piles["resolving"][-1] if s.piles["resolving"] else None
            return 1 if cid is not None and t.card(cid).damage >= 2 else 0
        if d.rule == "LE-CARD-37":  # a Strike avoided with Time: pay only when Time is plentiful
            return 1 if s.time >= 6 else 0
        if d.rule == "LE-CARD-34":  # the ship is torn apart: pay as much as we can
            return n - 1
        if d.rule == "LE-CARD-54" and len(task.get("options", ())) == n:  # a Hovercraft to lose
            return min(range(n), key=lambda i: self._card_value(t, task["options"][i]))
        if d.kind == "class":  # a class chosen on play: the one most class abilities in hand want
            return self._wanted_class(t, d.options)
        if d.rule in ("LE-TRAITOR-10", "LE-TRAITOR-11"):
            return traitor.reveal_pick(t, d.seat, task.get("options") or t.living())
        if d.kind == "player":
            seats = task.get("options") or t.living()
            return self._best_seat(t, task, seats, n)
        if d.kind == "yes_no":
            fx = task.get("fx", {})
            if fx.get("verb") == "pay":
                return 1 if fx_value(fx.get("effects", []), s.time) > fx.get("recruit", 0) * 0.5 + \
                    fx.get("attack", 0) * 0.7 else 0
            return 1
        fx = task.get("fx", {})
        if fx.get("verb") == "choose_one":
            vals = [fx_value(o["effects"], s.time) for o in fx["options"]]
            return max(range(n), key=lambda i: vals[i])
        if fx.get("verb") == "discard" or "discard" in d.prompt.lower():
            return self._worst_card_option(t, d.options)
        return 0

    def _best_seat(self, t: Table, task: dict, seats: list[int], n: int) -> int:
        s = t.s
        verb = task.get("fx", {}).get("verb", "")
        if task.get("op") == "strike_card":  # who takes a Strike another may take: the healthiest
            return max(range(n), key=lambda i: t.health(seats[i]) - t.damage(seats[i]))
        if verb == "heal_strike":
            return max(range(n), key=lambda i: t.damage(seats[i]))
        if s.active in seats[:n]:
            return seats.index(s.active)
        return 0

    def _wanted_class(self, t: Table, options: tuple[str, ...]) -> int:
        """The option naming the class that the most class abilities in the hand need (ties: the
        first), so the cards still to play get their bonus."""
        seat = t.s.decision.seat if t.s.decision is not None else t.s.active
        want = [t.card(c).class_ability.cls for c in t.s.piles[pp(seat, "hand")]
                if t.card(c).kind == "hero" and t.card(c).class_ability is not None]
        return max(range(len(options)), key=lambda i: (want.count(options[i].lower()), -i))

    def _worst_card_option(self, t: Table, options: tuple[str, ...]) -> int:
        hand = {t.name(c): self._card_value(t, c) for c in t.s.piles[pp(t.s.active, "hand")]}
        return min(range(len(options)), key=lambda i: hand.get(options[i], 0.0))

    # --- the Action Phase --------------------------------------------------------------------------

    def _minor_victory(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        if "minor-victory" not in by:
            return None
        s = t.s
        if s.mods.smith_numbers:  # a race against the deletion of every card: stop when it is lost
            return by["minor-victory"][0] if self._race_lost(t) else None
        m = s.mods.matrix_player
        one = s.mods.the_one
        low_time = s.time <= (2 if one else 3)
        m_hurt = m is not None and t.health(m) - t.damage(m) <= (1 if one else 2)
        # Alone, nobody is left in the Real World to help: the Major Victory is out of reach.
        hopeless = m is None or s.players[m].defeated or len(t.living()) == 1
        return by["minor-victory"][0] if low_time or m_hurt or hopeless else None

    def _give_up(self, by: dict[str, list[Command]]) -> Command:
        """The table's answer to the engine's offer to give a stalled game up (``stall.stalled``):
        a Minor Victory still on offer is a win; otherwise the bot gives the game up instead of
        playing on without end."""
        return by["minor-victory"][0] if "minor-victory" in by else by["concede"][0]

    def _coordinate(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        best = None
        for c in by.get("coordinate", ()):
            v = self._card_value(t, c.args[0])
            if v >= 2 and (best is None or v > best[0]):
                best = (v, c)
        return best[1] if best else None

    def _play(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        plays = by.get("play", [])
        if not plays:
            return None

        def order(c: Command) -> tuple[int, int]:
            card = t.card(c.args[0])
            draws = any(fx.get("verb") == "draw" for fx in t.fx(c.args[0], "effects"))
            late = card.class_ability is not None or bool(card.once_this_turn)
            return (0 if draws else 2 if late else 1, -card.cost)

        return min(plays, key=order)

    def _turn_on_players(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        """Traitor modes: the free Smith defeat, then a strike on the player this seat wants to
        hurt most (engine/legendary/traitor.py says whom, from what this seat may know)."""
        if "defeat-smith" in by:
            return by["defeat-smith"][0]
        strikes = {c.args[0]: c for c in by.get("strike-player", ())}
        for seat in traitor.strike_targets(t, t.s.active):
            if seat in strikes:
                return strikes[seat]
        return None

    def _use(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        uses = by.get("use", [])
        return uses[0] if uses else None

    def _spend(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        s = t.s
        me = s.players[s.active]
        wanted = self._objective_cards(t)
        step = self._time_step(t, by)
        if step is not None:  # toward the next Time Track number an Act wants reached
            return step
        take = self._take_time_attack(t, by, wanted)
        if take is not None:
            return take
        # Objective challenges and fights come first; the Objective itself last (it ends the turn).
        fights = [(self._threat(t, c.args[0], wanted), c) for c in by.get("fight", ())]
        fights = [f for f in fights if f[0] > 0]
        if fights:
            return max(fights, key=lambda f: f[0])[1]
        for c in by.get("complete", ()):
            if s.defs[c.args[0]] in wanted or self._challenge_worth(t, c.args[0]):
                return c
        for verb in sorted(self._hint(t).commands):  # an Act's own step toward the Objective
            if verb in by:
                return by[verb][0]
        if "evade" in by:
            evades = [c for c in by["evade"] if c.args[0] in s.piles["combat"]]
            if evades:
                return evades[0]
        if "raise-time" in by and s.time < 10:
            return by["raise-time"][0]
        if "time-up" in by and s.time <= TIME_SHORT:
            return max(by["time-up"], key=lambda c: c.args[0])
        if "buytime" in by:
            striking = [c for c in by["buytime"] if c.args[0] in s.piles["combat"]]
            if striking and me.in_matrix:
                return striking[0]
        recruit = self._recruit(t, by)
        if recruit is not None:
            return recruit
        move = self._move(t, by, wanted)
        if move is not None:
            return move
        if "scan" in by and me.in_matrix:
            return min(by["scan"], key=lambda c: t.mat.row[c.args[0]].scan_cost or 0)
        if "time-up" in by:  # Attack nothing else wants buys Time before Cleanup discards it
            return max(by["time-up"], key=lambda c: c.args[0])
        if "objective" in by:
            return by["objective"][0]
        return None

    def _take_time_attack(self, t: Table, by: dict[str, list[Command]], wanted: set[str]) -> Command | None:
        """Take Attack from the Time Track (an Act command) when it brings an Objective Enemy
        within reach, or, while Time is not short, an Enemy that strikes this turn."""
        if "time-attack" not in by:
            return None
        s = t.s
        after = self._attack_after(t, by["time-attack"][0])
        if after <= s.turn.attack:
            return None
        for cid in self._fightable(t):
            need = effects.enemy_attack(t, cid)
            if need is None or not s.turn.attack < need <= after:
                continue
            striking = cid in s.piles["combat"] or cid in s.piles["real_world"]
            if s.defs[cid] in wanted or (striking and s.time > TIME_SHORT):
                return by["time-attack"][0]
        return None

    def _attack_after(self, t: Table, cmd: Command) -> int:
        """The Attack pool after ``cmd``, found by applying it to a copy of the game."""
        trial = LegendaryGame(t.db, t.s.clone(), track_undo=False)
        return trial.state.turn.attack if trial.apply(cmd).accepted else t.s.turn.attack

    def _fightable(self, t: Table) -> list[int]:
        """Face-up Enemies in the active player's world that a fight could defeat."""
        s = t.s
        in_matrix = s.players[s.active].in_matrix
        return [c for pile, c in effects.enemies_in_play(t)
                if (pile == "real_world" or pile.endswith(".beside")) != in_matrix
                and "undefeatable" not in t.keywords(c)]

    def _recruit(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        s = t.s
        options = by.get("recruit", [])
        if not options:
            return None
        owned = 5 - len(s.piles["hovercraft"])
        need_ship = owned < max(1, len(t.living()) // 2) or "hovercraft" in self._hint(t).recruit

        def value(c: Command) -> float:
            if c.args[0] == "hovercraft":
                return 6.0 if need_ship else 2.5
            return self._card_value(t, c.args[0]) + t.card(c.args[0]).cost * 0.5

        best = max(options, key=value)
        return best if value(best) >= 1.5 else None

    def _move(self, t: Table, by: dict[str, list[Command]], wanted: set[str]) -> Command | None:
        s = t.s
        me = s.players[s.active]
        moves = by.get("move", [])
        if not moves:
            return None
        if not me.in_matrix:
            go = next((c for c in moves if c.args[0] == "matrix"), None)
            if go is None:
                return None
            return go if self._matrix_targets(t, wanted) or self._should_absorb(t) else None
        # In the Matrix with nothing left to do: leave if recruiting or safety calls for it.
        leave = [c for c in moves if c.args[0] == "real"]
        if not leave or self._should_absorb(t):
            return None
        hurt = t.health(s.active) - t.damage(s.active) <= 3
        if s.turn.recruit >= 3 or hurt or self._cz_strikes(t) or self._wanted_in_real_world(t, wanted):
            free = [c for c in leave if len(c.args) > 1 and c.args[1] != "combat"]
            return (free or leave)[0]
        return None

    def _time_step(self, t: Table, by: dict[str, list[Command]]) -> Command | None:
        """One paid step of the Time Track toward the leftmost standing Smith's number, paid with
        Recruit first so that Attack can still fight; never down to 0."""
        s = t.s
        m = s.mods
        if "time-step" not in by or m.smiths_passed >= len(m.smith_numbers):
            return None
        goal = m.smith_numbers[m.smiths_passed]
        if goal == s.time or (goal < s.time and s.time <= 1):
            return None
        want = ("up" if goal > s.time else "down", "recruit")
        return next((c for c in by["time-step"] if c.args == want), None)

    def _race_lost(self, t: Table) -> bool:
        """Whether the cards the players have left can no longer pay the Time Track's way past the
        standing Smiths (each step costs the number it reaches), or Time is about to run out."""
        s = t.s
        m = s.mods
        cost, time = 0, s.time
        for goal in m.smith_numbers[m.smiths_passed:]:
            while time != goal:
                time += 1 if goal > time else -1
                cost += time
        cards = sum(len(s.piles[pp(x, "deck")]) + len(s.piles[pp(x, "hand")]) for x in t.living())
        return s.time <= 1 or cost > 2 * cards + s.turn.recruit + s.turn.attack

    def _wanted_in_real_world(self, t: Table, wanted: set[str]) -> bool:
        """An Objective Enemy in the Real World that the Attack pool can already defeat."""
        s = t.s
        return any(s.defs[c] in wanted and (effects.enemy_attack(t, c) or 0) <= s.turn.attack
                   for c in s.piles["real_world"] if c in s.face_up and t.card(c).kind == "enemy"
                   and "undefeatable" not in t.keywords(c))

    def _cz_strikes(self, t: Table) -> int:
        """How many strikes the Combat Zone would make this Strike Phase."""
        s = t.s
        n = 0
        for cid in s.piles["combat"]:
            c = t.card(cid)
            if c.kind == "enemy" and cid in s.face_up and cid != s.inevitable and \
                    cid not in s.turn.bought_time and c.strike_mode == "normal":
                n += 2 if "double_strike" in t.keywords(cid) else 1
        return n

    def _should_absorb(self, t: Table) -> bool:
        """Stay in (or enter) the Matrix so the Combat Zone's strikes draw Strike cards instead of
        lowering the Time Track, when Time is scarcer than this player's health."""
        s = t.s
        hits = self._cz_strikes(t)
        if not hits or s.mods.strikes_target is not None:
            return False
        margin = t.health(s.active) - t.damage(s.active)
        safety = 3 if s.act < 3 else 2  # before Act 3 a defeated player loses the game
        return margin > 1.5 * hits + safety and (s.time <= 7 or hits >= 2)

    # --- judgement -----------------------------------------------------------------------------------

    def _objective_cards(self, t: Table) -> set[str]:
        obj = flow.current_part(t).objective
        if obj is None:
            return set()
        return set(obj.cards) | self._hint(t).cards

    def _hint(self, t: Table) -> Hint:
        """What the Act says works toward the current Objective when a query decides it."""
        obj = flow.current_part(t).objective
        return registry().hints.get(obj.hook, Hint()) if obj is not None and obj.hook else Hint()

    def _matrix_targets(self, t: Table, wanted: set[str]) -> bool:
        """Whether the current Attack can do something worth entering the Matrix for."""
        s = t.s
        atk = s.turn.attack
        for cid in list(s.piles["combat"]) + [c for i in range(5) for c in s.piles[f"row.{i}"]]:
            if cid not in s.face_up or cid == s.inevitable:
                continue
            c = t.card(cid)
            if c.kind == "enemy":
                need = effects.enemy_attack(t, cid)
                if need is not None and need <= atk and "undefeatable" not in t.keywords(cid):
                    return True
            elif c.kind == "challenge" and (s.defs[cid] in wanted or self._challenge_worth(t, cid)):
                if c.cost_attack <= atk and c.cost_recruit <= s.turn.recruit and \
                        (not c.cost_either or max(atk, s.turn.recruit) >= c.cost_either):
                    return True
        facedown = any(c not in s.face_up for i in range(5) for c in s.piles[f"row.{i}"])
        return facedown and atk >= 4

    def _threat(self, t: Table, cid: int, wanted: set[str]) -> float:
        s = t.s
        v = 1.0 + (effects.enemy_attack(t, cid) or 0) * 0.2
        if s.defs[cid] in wanted:
            v += 10
        if any(f[0] == cid for f in s.mods.fuses):
            v += 5  # its fuse is lit: it goes off soon (LE-CARD-41)
        if cid in s.piles["combat"] or cid in s.piles["real_world"] or \
                any(cid in s.piles[pp(p.seat, "beside")] for p in s.players):
            v += 4  # strikes this turn
            if "double_strike" in t.keywords(cid):
                v += 2
        else:
            sp = rowmod.space_of(t, cid)
            v += 2 - 0.4 * (sp or 0)  # closer to the Combat Zone is more urgent
        return v

    def _challenge_worth(self, t: Table, cid: int) -> bool:
        c = t.card(cid)
        cost = c.cost_recruit + c.cost_attack + c.cost_either
        return fx_value(t.fx(cid, "complete"), t.s.time) >= cost * 0.3 or c.cost_recruit == 0

    def _card_value(self, t: Table, cid: int) -> float:
        c = t.card(cid)
        if c.kind != "hero":
            return -1.0
        v = c.recruit + c.attack + fx_value(t.fx(cid, "effects"), t.s.time)
        if c.class_ability is not None:
            v += 0.5 * fx_value(t.fx(cid, "class_ability_fx"), t.s.time)
        return v
