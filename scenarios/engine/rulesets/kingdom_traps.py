"""Kingdom Duels Traps that activate by themselves, and Persist cards.

A Set Trap whose Trigger is met activates by itself (kd-trap-trigger); its player may decline it
(the `decline` step) at the cost of an Idle Warning, unless another of their Traps met at the same
moment is activated (kd-trap-idle, kd-trap-several). Every summon, Normal or Special (by an
effect, a Fusion, a Ritual, a procedure, Tokens, several at once), is reported to one place
(`summon_happened`) and meets the Trigger "when an opponent summons" (kd-trap-any-summon); one
made while a chain resolves springs the Traps once that chain has resolved. A Persist card
(`persist:<turns>` flag) stays on the field for that many turns after it resolves, every
player's turn counting (kd-persist, kd-persist-duration).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..state import ChainLink
from .kingdom_component import Component

if TYPE_CHECKING:
    from ..state import CardInstance
    from .kingdom_board_rulings import BoardRulings
    from .kingdom_duels import KingdomDuel
    from .kingdom_idleness import Idleness


# The summons a reader who takes "summons" for the Normal Summon alone still counts.
NORMAL_SUMMONS = frozenset({"normal", "tribute", "flip"})


class SpellsAndTraps(Component):
    """Traps whose Trigger is met, and Persist cards."""

    def __init__(self, duel: KingdomDuel, board: BoardRulings, idleness: Idleness) -> None:
        super().__init__(duel)
        self.board = board
        self.idleness = idleness
        self.sprung_together: list[str] = []  # the Traps whose Trigger was met at the same moment
        # Summons not yet reported to the Traps: (summoner, monsters summoned, how).
        self.summons_met: list[tuple[str, list[str], str]] = []

    # --- Traps that trigger ----------------------------------------------------------------------

    def summon_happened(self, cards: Sequence[CardInstance], player: str, how: str) -> None:
        """A summon succeeded (every path that summons ends in the duel's `summoned` hook): it
        is kept until the game state is open, then meets the opponents' summon Triggers."""
        if cards:
            self.summons_met.append((player, [card.id for card in cards], how))

    def spring_on_summons(self) -> None:
        """The summons made since the last report spring the Traps whose Trigger is "when an
        opponent summons", the monsters just summoned as their targets (one report per summon,
        in the order they were made)."""
        met, self.summons_met = self.summons_met, []
        for player, monsters, how in met:
            if not self.traps_waiting("opponent_summons", player) or \
                    self.misreads("kd-trap-trigger", "optional-traps"):
                continue
            rules = ["kd-trap-trigger"]
            if how not in NORMAL_SUMMONS:
                if self.misreads("kd-trap-any-summon", "normal-summons-only"):
                    continue
                rules.append("kd-trap-any-summon")  # a Special Summon is a summon too
            self.spring_traps("opponent_summons", player, monsters, rules)

    def traps_waiting(self, trigger: str, actor: str) -> bool:
        """Does an opposing player have a Trap (Set, or a face-up Continuous one) with this
        Trigger?"""
        rivals = self.duel.opponents_of(actor)
        return any(c.controller in rivals and (c.card.activation or {}).get("trigger") == trigger
                   for c in self.duel.cards_on_field(kind="trap"))

    def spring_traps(self, trigger: str, actor: str, targets: Sequence[str] | None = None,
                     rules: Sequence[str] = ("kd-trap-trigger",)) -> None:
        """Set Traps of the other player whose Trigger is met go on a chain by themselves
        (`targets`: what met it, by default the monsters just summoned; `rules`: the rules that
        say the Trigger is met)."""
        duel = self.duel
        targets = list(duel.just_summoned if targets is None else targets)
        sprung = []
        rivals = duel.opponents_of(actor)  # every opposing player's Traps (kd-team-opponents)
        for card in [c for c in duel.cards_on_field(kind="trap") if c.controller in rivals]:
            program = card.card.activation or {}
            if card.face_up or program.get("trigger") != trigger or card.set_turn == duel.turn:
                continue
            card.face_up = True
            link = ChainLink(number=len(duel.chain) + 1, card_id=card.id, player=card.controller,
                             speed=2, program=program, is_card_activation=True,
                             targets=list(targets), data={"trigger_player": actor})
            duel.chain.append(link)
            sprung.append(card.id)
            self.emit("trigger", f"{card.id} ({card.name}) activates by itself: its Trigger is met",
                      list(rules), card=card.id, link=link.number,
                      player=card.controller, what="sprung")
            duel.priority, duel.passes = duel.next_player(card.controller), 0
        self.sprung_together = sprung
        self.board.traps_met(trigger, actor, targets)

    def decline(self, player: str, card: CardInstance) -> None:
        """A player lets a Trap whose Trigger was met go unactivated: an Idle Warning, unless
        another of their Traps met at the same moment is activated."""
        duel = self.duel
        link = next((link for link in duel.chain if link.card_id == card.id), None)
        if card.controller != player or card.id not in self.sprung_together or link is None \
                or duel.resolving:
            self.illegal(None, "not_triggered", f"{card.id} is not a Trap of {player} whose "
                         "Trigger has just been met")
        duel.chain.remove(link)
        for number, other in enumerate(duel.chain, start=1):
            other.number = number
        self.sprung_together.remove(card.id)
        card.face_up = False
        self.emit("trigger", f"{player} does not activate {card.id}; it stays Set",
                  card=card.id, player=player, what="declined")
        others = [i for i in self.sprung_together if self.card(i).controller == player]
        if others and not self.misreads("kd-trap-several", "warned-anyway"):
            self.emit("idle", f"{player} activated {', '.join(others)} from the Traps met together: "
                      "no Idle Warning", ["kd-trap-several"],
                      player=player, cards=list(others), what="spared")
        elif not self.misreads("kd-trap-idle", "no-warning"):
            self.idleness.give_warning(player, "kd-trap-idle")
        if not duel.chain:
            duel.priority, duel.passes = duel.turn_player, 0

    # --- Persist -------------------------------------------------------------------------------

    def start_persisting(self, order: list[ChainLink]) -> None:
        """A Persist card that resolved stays on the field for the turns it states."""
        for link in order:
            card = self.card(link.card_id)
            turns = next((int(f.split(":")[1]) for f in card.card.flags
                          if f.startswith("persist:")), None)
            if link.is_card_activation and turns and card.on_field and \
                    not self.misreads("kd-persist", "leaves-at-once"):
                card.counters["persist_turns"] = turns
                card.notes.add("persisting")
                self.note_rule("kd-persist")

    def count_persist_turns(self) -> None:
        duel = self.duel
        for card in list(duel.cards_on_field()):
            left = card.counters.get("persist_turns")
            if left is None or (card.controller != duel.turn_player and
                                self.misreads("kd-persist-duration", "own-turns-only")):
                continue
            card.counters["persist_turns"] = left - 1
            if left - 1 <= 0:
                self.emit("persist", f"{card.id}'s Persist time is over", ["kd-persist-duration"],
                          card=card.id)
                duel.move(card, "graveyard", reason="its Persist time is over")
