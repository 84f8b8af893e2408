"""How a duel ends: 0 LP, decking out, cards that win, conceding, and draws."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import ScriptError
from .rules import Rule
from .state import Result

if TYPE_CHECKING:
    from .primitives import EffectContext
    from .scenario import Action
    from .state import Attack, CardInstance, ChainLink, PlayerState
    from .yamltypes import YamlMapping


class EndingRules:
    """The rules of how a duel ends: a part of `Duel` (duel.py), which provides the state and
    the look-ups declared below."""

    if TYPE_CHECKING:  # what the Duel this is part of provides
        players: dict[str, PlayerState]
        result: Result | None
        turn: int
        turn_player: str
        phase: str
        attack: Attack | None
        resolving: bool
        delayed_wins: list[dict[str, Any]]

        def emit(self, kind: str, text: str, rules: Iterable[str] = (), **data: Any) -> None: ...
        def note_rule(self, rule: str) -> None: ...
        def misreads(self, rule: str, name: str) -> bool: ...
        def opponent(self, player: str) -> str: ...
        def card(self, card_id: str) -> CardInstance: ...
        def zone_of(self, player: str, zone: str) -> list[str]: ...
        def cards_on_field(self, kind: str | None = None,
                           controller: str | None = None) -> list[CardInstance]: ...
        def continuous_effects(self, card: CardInstance, key: str) -> list[YamlMapping]: ...
        def draw(self, counts: dict[str, int], cause: str = "draw") -> None: ...
        def fight(self) -> None: ...
        def wins_the_match(self, winner: str) -> bool: ...

    ENDING_RULES = (
        Rule("zero-lp", "core/ending-the-game#zero-lp-immediate-loss",
             "A player at 0 LP loses at once, even in the middle of a chain.",
             {"checked-after-chain": "0 LP only counts once the whole chain has resolved",
              "end-of-battle-phase": "a player brought to 0 LP in the Battle Phase loses only "
                                     "once the Battle Phase is over"}),
        Rule("both-zero-lp", "core/draws#draw-both-zero-lp",
             "Both players reaching 0 LP at the same time is a draw.",
             {"turn-player-loses": "when both reach 0 LP together, the turn player loses",
              "first-to-zero": "when one effect takes both players to 0 LP, it reaches them one "
                               "after the other, and the first to reach 0 loses"}),
        Rule("deckout", "core/ending-the-game#deckout-loss",
             "A player who must draw and cannot loses.",
             {"skip-the-draw": "a player with an empty deck simply skips the draw"}),
        Rule("adding-not-drawing", "core/ending-the-game#adding-is-not-drawing",
             "Adding a card from the Deck to the hand is not a draw: an effect that takes the "
             "last card of the Deck makes no one lose.",
             {"empty-deck-loses": "a player whose Deck an effect empties has decked out, and "
                                  "loses at once"}),
        Rule("partial-draw", "core/ending-the-game#deckout-partial-draw",
             "A player who cannot draw as many cards as required loses.",
             {"partial-draw-allowed": "the player draws what is left and plays on",
              "no-draw": "a player who cannot draw all the cards an effect asks for draws none "
                         "of them and plays on"}),
        Rule("both-deckout", "core/draws#draw-both-deckout",
             "Both players decking out at the same time is a draw.",
             {"turn-player-loses": "when both deck out together, the turn player loses"}),
        Rule("exodia", "core/ending-the-game#exodia-after-link-resolves",
             "A hand win is checked only once a chain link has fully resolved.",
             {"checked-mid-resolution": "the win counts the moment the fifth piece is drawn",
              "held-during-link": "a player who held all five pieces at any moment of a link "
                                  "wins once it has resolved, even if a piece left the hand "
                                  "meanwhile"}),
        Rule("turn-count-win", "core/ending-the-game#card-win-conditions",
             "A card that wins after a number of turns counts both players' turns.",
             {"own-turns-only": "only its controller's own turns are counted"}),
        Rule("counter-win", "core/ending-the-game#card-win-conditions",
             "A card that wins on its counters wins the moment the last counter is placed.",
             {"checked-at-end-phase": "the counters are only checked in the End Phase"}),
        Rule("match-win", "core/ending-the-game#card-win-conditions",
             "A card that wins the Match ends the Match, not only the Duel.",
             {"duel-only": "the card only wins the Duel in progress",
              "every-card-win": "every card that declares its controller the winner wins the "
                                "whole Match"}),
        Rule("concede", "core/ending-the-game#concede-any-time",
             "A player may concede at any time; the opponent wins that Duel only.",
             {"counts-as-lp-loss": "a concession under a Match-winning attack loses the Match",
              "after-the-attack": "a player cannot concede while an attack is under way, so the "
                                  "attack is finished first",
              "match-concession-duel-only": "conceding the Match gives up only the Duel in "
                                            "progress"}),
    )

    # --- results ---------------------------------------------------------------------------

    def finish(self, winner: str | None, reason: str, rules: Iterable[str] = (),
               match: bool = False) -> None:
        if self.result is not None:
            return
        if winner is not None and not match and self.wins_the_match(winner):
            match, rules = True, [*rules, "match-score"]  # this Duel's win decides the Match
        players = tuple(self.winning_players(winner)) if winner is not None else ()
        self.result = Result(winner, reason, match, players)
        text = "the duel is a draw" if winner is None else f"{winner} wins" + (
            " the Match" if match else "") + (f" ({', '.join(players)})" if players else "")
        self.emit("result", f"{text} ({reason})", rules, winner=winner, reason=reason, match=match,
                  **({"players": list(players)} if players else {}))

    def winning_players(self, winner: str) -> Iterable[str]:
        """The players a result names when its winner is more than one player (a team): none in
        a duel of two players."""
        return ()

    def lose(self, loser: str, reason: str, rules: Iterable[str] = ()) -> None:
        self.finish(self.opponent(loser), reason, rules)

    def both_lose(self, rule: str, reason: str) -> None:
        if self.misreads(rule, "turn-player-loses"):
            self.lose(self.turn_player, reason, [rule])
        elif self.misreads(rule, "first-to-zero") and \
                (first := self.first_at_zero()) is not None:
            self.lose(first, reason, [rule])
        else:
            self.finish(None, reason, [rule])

    def first_at_zero(self) -> str | None:
        """Of the players the last LP change reached, in its order, the first now at 0 LP."""
        return next((p for p in getattr(self, "lp_order", ()) if self.players[p].lp <= 0), None)

    # --- Life Points -------------------------------------------------------------------------

    def lp_changed(self, cause: str) -> None:
        if self.resolving and self.misreads("zero-lp", "checked-after-chain"):
            return
        if self.phase == "battle" and self.misreads("zero-lp", "end-of-battle-phase"):
            return  # checked by check_state once the Battle Phase is over
        self.check_lp()

    def check_lp(self) -> None:
        at_zero = [p for p, s in self.players.items() if s.lp <= 0]
        if len(at_zero) == 2:
            self.both_lose("both-zero-lp", "lp_zero")
        elif at_zero:
            loser = at_zero[0]
            winner = self.opponent(loser)
            match = self.battle_wins_match(loser)
            self.finish(winner, "lp_zero", ["zero-lp"] + (["match-win"] if match else []), match)

    def battle_wins_match(self, loser: str) -> bool:
        battle = getattr(self, "last_battle", None)
        if not battle or battle["player"] != loser or not battle["direct"]:
            return False
        source = self.card(battle["source"])
        wins = any(e.get("wins_match_on_direct_attack") for e in
                   self.continuous_effects(source, "wins_match_on_direct_attack"))
        return wins and not self.misreads("match-win", "duel-only")

    # --- decking out -------------------------------------------------------------------------

    def partial_draw_allowed(self) -> bool:
        return self.misreads("partial-draw", "partial-draw-allowed")

    def decked_out(self, players: list[str], cause: str) -> None:
        if self.partial_draw_allowed() or self.misreads("partial-draw", "no-draw"):
            return  # the short players drew all they could (or nothing), and play on
        if len(players) == 2:
            self.note_rule("partial-draw")  # each of them decks out by being short
            self.both_lose("both-deckout", "deck_out")
        else:
            self.lose(players[0], "deck_out", ["deckout", "partial-draw"])

    def added_from_deck(self, player: str, cause: str) -> None:
        """An effect added a card from the player's Deck to the hand: not a draw, so an empty
        Deck now costs nothing until the player has to draw."""
        if self.zone_of(player, "deck"):
            return
        if self.misreads("adding-not-drawing", "empty-deck-loses"):
            self.lose(player, "deck_out", ["adding-not-drawing"])
            return
        self.emit("draw", f"{cause} took the last card of {player}'s Deck; adding a card is not "
                  "drawing one, so nobody decks out", ["adding-not-drawing"], player=player,
                  what="added_last")

    def draw_phase_draw(self, player: str) -> None:
        if not self.zone_of(player, "deck") and self.misreads("deckout", "skip-the-draw"):
            self.emit("draw", f"{player} has no card to draw and skips the draw",
                      player=player, what="skip")
            return
        if not self.zone_of(player, "deck"):
            self.lose(player, "deck_out", ["deckout"])
            return
        self.draw({player: self.cards_drawn_per_turn()}, "Draw Phase")

    def cards_drawn_per_turn(self) -> int:
        """How many cards the turn player draws in the Draw Phase."""
        return 1

    # --- state checks --------------------------------------------------------------------------

    def after_primitive(self, ctx: EffectContext) -> None:
        if not self.misreads("counter-win", "checked-at-end-phase"):
            self.check_counter_wins()
        if self.misreads("exodia", "checked-mid-resolution"):
            self.check_hand_wins()
        elif self.resolving and self.hand_winner() is not None:
            self.note_rule("exodia")  # every piece is in hand mid-link: no win until it resolves
            if self.misreads("exodia", "held-during-link"):
                self.held_hand_win = self.hand_winner()

    def link_resolved(self, link: ChainLink) -> None:
        held = self.__dict__.pop("held_hand_win", None)
        if self.result is None:
            self.check_hand_wins()
        if self.result is None and held is not None:  # the wrong reading: held once is enough
            self.card_win(held, "exodia")

    def check_state(self, after_chain: bool = False) -> None:
        if self.result is not None:
            return
        if (after_chain and self.misreads("zero-lp", "checked-after-chain")) or \
                (self.phase != "battle" and self.misreads("zero-lp", "end-of-battle-phase")):
            self.check_lp()  # the 0 LP a wrong reading left unchecked until now
        if not self.resolving:
            self.check_hand_wins()

    def check_hand_wins(self) -> None:
        winner = self.hand_winner()
        if winner is not None:
            self.card_win(winner, "exodia")

    def card_win(self, winner: str, rule: str) -> None:
        """A card's effect declares `winner` the winner of the Duel (of the Duel only: a card
        that wins the Match says so, as Victory Dragon does), which match-win decides."""
        match = self.misreads("match-win", "every-card-win")
        self.finish(winner, "card_effect", [rule, "match-win"], match)

    def hand_winner(self) -> str | None:
        """The player whose hand now holds a complete hand win (Exodia), or None."""
        for player, state in self.players.items():
            hand = [self.card(i) for i in state.zones["hand"]]
            wins = [effect for card in hand for effect in card.card.effects_of("hand_win")]
            if wins:  # most hands hold no such card: their names are not gathered
                names = {card.name for card in hand}
                if any(set(effect["hand_win"]) <= names for effect in wins):
                    return player
        return None

    def check_counter_wins(self) -> None:
        for card in self.cards_on_field("monster"):
            for effect in self.continuous_effects(card, "win_on_counters"):
                spec = effect["win_on_counters"]
                if card.counters.get(spec["counter"], 0) >= spec["count"]:
                    self.card_win(card.controller, "counter-win")
                    return

    # --- cards that win after turns ----------------------------------------------------------

    def register_turn_win(self, player: str, turns: int, cause: str) -> None:
        self.delayed_wins.append({"player": player, "start": self.turn, "turns": turns,
                                  "cause": cause})
        self.emit("win", f"{cause}: {player} wins once {turns} turns have passed",
                  player=player, turns=turns, by=cause)

    def turn_ended(self) -> None:
        if self.misreads("counter-win", "checked-at-end-phase"):
            self.check_counter_wins()
        for pending in self.delayed_wins:
            counted: Sequence[int] = range(pending["start"], self.turn + 1)
            if self.misreads("turn-count-win", "own-turns-only"):
                first = pending["start"] % 2
                counted = [t for t in counted if t % 2 == first]
            if len(counted) >= pending["turns"]:
                self.card_win(pending["player"], "turn-count-win")
                return

    # --- conceding -----------------------------------------------------------------------------

    def do_concede(self, action: Action) -> None:
        if self.attack is not None and self.misreads("concede", "after-the-attack"):
            self.fight()  # the wrong reading: the attack under way is finished first
            if self.result is not None:
                return
        assert action.player is not None  # parse_step: every verb but pass_turns names one
        rival = self.opponent(action.player)
        match = self.concedes_the_match(action)
        if self.misreads("concede", "counts-as-lp-loss") and self.attack is not None:
            attacker = self.card(self.attack.attacker)
            match = match or bool(self.continuous_effects(attacker, "wins_match_on_direct_attack"))
        self.finish(rival, "concession", ["concede"], match)

    def concedes_the_match(self, action: Action) -> bool:
        """`concede: true` gives up the Duel; `choose: match` gives up the whole Match."""
        if action.choose is None or action.choose == "duel":
            return False
        if action.choose != "match":
            raise ScriptError(f"a player concedes the duel or the match, not "
                              f"'{action.choose}'", field="choose")
        return not self.misreads("concede", "match-concession-duel-only")
