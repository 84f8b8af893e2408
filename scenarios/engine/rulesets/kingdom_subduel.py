"""Kingdom Duels Subduels: a separate game, declared by an effect, played before the duel goes on.

A card declares a Subduel with the `subduel` primitive, whose argument is the game's own setup:
`players` with `self` (the card's controller) and `opponent`, each written like a scenario's
player (LP, monsters, hand, deck, terrains...); optionally `turn` ({number, player: self or
opponent, phase}) and `winner`, the steps that apply to the winner of the Subduel (run as the
winner's effect: "the winner gains 1000 LP").

While the Subduel runs, every step of the scenario is a step of the Subduel: a step that names
one of the main duel's cards is refused (`subduel_in_progress`). When the Subduel ends (a
player's LP reach 0, or a player concedes it), the main duel goes on where it stopped.

The rules (kingdom-duels/terminology#subduel ...):
- A Subduel is a completely separate game: its cards and Life Points are its own, and what
  happens in it does not touch the main duel's (`kd-subduel-definition`).
- While a Subduel is in place, it must be finished before the main duel continues
  (`kd-subduel-finish-first`).
- The result of a Subduel changes nothing in the main duel by itself; only an effect that says so
  (the declaring card's `winner`) gives it a meaning (`kd-subduel-result`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import IllegalAction, ScriptError
from ..rules import Rule
from ..state import Event
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..primitives import EffectContext
    from ..scenario import Action
    from ..state import CardInstance
    from ..yamltypes import YamlMapping, YamlValue
    from .kingdom_duels import KingdomDuel

SUBDUEL_RULES = (
    Rule("kd-subduel-definition", "kingdom-duels/terminology#subduel-definition",
         "A Subduel is a completely separate game created by an effect: its cards and Life "
         "Points are its own, and what happens in it leaves the main duel's untouched.",
         {"shared-life-points": "the Subduel is played with the main duel's Life Points: what "
                                "a player gains or loses in it counts in the main duel too"}),
    Rule("kd-subduel-finish-first", "kingdom-duels/terminology#subduel-finish-first",
         "While a Subduel is in place, the players finish it before the main duel goes on.",
         {"main-duel-continues": "the main duel may go on while the Subduel waits"}),
    Rule("kd-subduel-result", "kingdom-duels/terminology#subduel-result",
         "The result of a Subduel changes nothing in the main duel by itself, only where an "
         "effect says so.",
         {"loser-loses": "the player who loses the Subduel loses the main duel"}),
)


class Subduel:
    """A Subduel under way: the separate game, who declared it and what its winner gets."""

    def __init__(self, game: KingdomDuel, card_id: str, controller: str,
                 winner_program: list[YamlMapping], names: dict[str, str]) -> None:
        self.game = game
        self.card_id = card_id
        self.controller = controller
        self.winner_program = winner_program
        self.names = names  # "self"/"opponent" -> player
        self.starting_lp = {p: s.lp for p, s in game.players.items()}


class Subduels(Component):
    """The Subduel under way, if any: while it runs, every step of the script is its step."""

    def __init__(self, duel: KingdomDuel) -> None:
        super().__init__(duel)
        self.subduel: Subduel | None = None
        # every card a Subduel of this duel used, for the pages
        self.subduel_cards: dict[str, CardInstance] = {}

    # --- declaring ---------------------------------------------------------------------------

    def declare_subduel(self, ctx: EffectContext, spec: YamlValue) -> None:
        """Set up the separate game the card describes, with the players of this duel."""
        # `spec`: the card's `subduel:` argument as its YAML wrote it, checked below
        from ..scenario import Scenario, build_duel

        duel = self.duel
        if not isinstance(spec, dict) or not isinstance(spec.get("players"), dict):
            raise ScriptError("subduel needs players: {self: ..., opponent: ...}")
        names = {"self": ctx.controller, "opponent": duel.opponent_aimed_at(ctx)}
        players = {names[k]: v for k, v in spec["players"].items() if k in names}
        turn = dict(spec.get("turn") or {})
        turn["player"] = names.get(turn.get("player", "self"), ctx.controller)
        setup = {"turn": {"number": 1, "phase": "main1", **turn}, "players": players}
        game = type(duel)(duel.catalog, dict(self.params), duel.mutation, seed=duel.turn)
        game.params = self.params  # the same article parameters, read for the same verdict
        game.readings_asked = duel.readings_asked  # and the same wrong readings asked about
        sketch = Scenario(slug="subduel", format=duel.slug, rule="kingdom-duels/terminology"
                          "#subduel", title="Subduel", narrative="", setup=setup, steps=[],
                          expect={})
        build_duel(sketch, game)
        self.subduel = Subduel(game, ctx.card_id, ctx.controller, spec.get("winner") or [],
                               names)
        self.subduel_cards.update(game.cards)
        self.emit("subduel", f"{ctx.card_id} declares a Subduel: a separate game, "
                  + ", ".join(f"{p} at {lp} LP" for p, lp in self.subduel.starting_lp.items()),
                  ["kd-subduel-definition"], card=ctx.card_id, what="declared",
                  lp=dict(self.subduel.starting_lp))

    # --- playing it --------------------------------------------------------------------------

    def perform(self, action: Action, perform_in_main_duel: Callable[[Action], None]) -> None:
        """Play a step while a Subduel runs: in the Subduel, or (`perform_in_main_duel`) in the
        main duel once the Subduel is over."""
        subduel = self.subduel
        assert subduel is not None  # the duel hands a step here only while a Subduel runs
        if self.names_main_card(action, subduel):
            if self.misreads("kd-subduel-finish-first", "main-duel-continues"):
                return perform_in_main_duel(action)
            self.illegal("kd-subduel-finish-first", "subduel_in_progress",
                         f"{action.card} belongs to the main duel, which waits for the Subduel")
        game = subduel.game
        events, rules = len(game.events), len(game.rules_used)
        over_before = False  # the step itself closed the Subduel's last battle: it is over
        try:
            game.perform(action)
        except IllegalAction as refused:
            over_before = refused.reason == "duel_over" and game.result is not None
            if not over_before:
                raise
        finally:
            self.take_over(game, events, rules)
        if game.result is not None:
            self.end_subduel()
            if over_before and self.duel.result is None:
                perform_in_main_duel(action)  # the step belongs to the main duel, which goes on

    def names_main_card(self, action: Action, subduel: Subduel) -> bool:
        """Does this step use one of the main duel's cards (and none of the Subduel's)?"""
        named = [action.card, action.target, *action.targets]
        named = [c for c in named if c not in (None, "direct")]
        return any(c in self.duel.cards and c not in subduel.game.cards for c in named)

    def take_over(self, game: KingdomDuel, events: int, rules: int) -> None:
        """What happened in the Subduel is part of this replay's story and trace."""
        for event in game.events[events:]:
            kind: str  # the event's kind, or "subduel" for the Subduel's result
            kind, text, data = event.kind, event.text, event.data
            if kind == "result":  # the Subduel's end, not the duel's
                kind, text, data = "subduel", f"in the Subduel: {text}", {**data, "what": "result"}
            data.setdefault("subduel", True)
            self.duel.events.append(Event.of(kind, text, event.rules, data))
        rules_used = self.duel.rules_used
        for anchor in game.rules_used[rules:]:
            if anchor not in rules_used:
                rules_used.append(anchor)

    def left_open(self) -> list[str]:
        assert self.subduel is not None  # asked only while a Subduel runs
        return [f"subduel_{name}" for name in self.subduel.game.left_open()]

    def settle(self) -> None:
        assert self.subduel is not None  # asked only while a Subduel runs
        game = self.subduel.game
        events, rules = len(game.events), len(game.rules_used)
        game.settle()
        self.take_over(game, events, rules)
        if game.result is not None:
            self.end_subduel()

    def add_to_snapshot(self, data: YamlMapping) -> None:
        """While a Subduel runs, the state after a step shows its table too."""
        if self.subduel is not None:
            data["subduel"] = self.subduel.game.snapshot()

    # --- ending it ---------------------------------------------------------------------------

    def end_subduel(self) -> None:
        from ..primitives import EffectContext, run

        duel = self.duel
        subduel, self.subduel = self.subduel, None
        assert subduel is not None  # called while it runs, once its game has a result
        game = subduel.game
        assert game.result is not None
        winner = game.result.winner
        self.emit("subduel", "the Subduel is over: " + (f"{winner} wins it" if winner else
                                                        "it is a draw")
                  + "; the main duel goes on", ["kd-subduel-finish-first"],
                  card=subduel.card_id, player=winner, what="over")
        if self.misreads("kd-subduel-definition", "shared-life-points"):
            changes = {p: s.lp - subduel.starting_lp[p] for p, s in game.players.items()}
            duel.change_lp(changes, subduel.card_id, kind="the Subduel")
        else:
            self.note_rule("kd-subduel-definition")
        loser = None if winner is None else next((p for p in game.players if p != winner), None)
        if loser is not None and self.misreads("kd-subduel-result", "loser-loses"):
            duel.lose(loser, "subduel_lost")
            return
        self.note_rule("kd-subduel-result")
        if winner is not None and subduel.winner_program and duel.result is None:
            self.emit("subduel", f"{subduel.card_id} says what the Subduel's winner gets: it "
                      f"applies to {winner}", ["kd-subduel-result"], card=subduel.card_id,
                      player=winner, what="winner_effect")
            run(duel, subduel.winner_program, EffectContext(subduel.card_id, winner))
        duel.after_action()
