"""What every part of the Kingdom Duels ruleset shares: its duel, given when it is made.

The Kingdom Duels ruleset is one duel class (`KingdomDuel`) holding its parts as attributes: the
Terrains, Field Power, the Tilemap, Rule Cards, the Setup Phase, teams, equips, Subduels... Each
part is a plain class with one job. It receives the duel it belongs to and the other parts it
needs in its constructor, and reads nothing it was not given: the duel's core (`Duel`) for the
state every format shares, its siblings for theirs.

The rule trace (which rules decided what, and the wrong readings a replay may apply) belongs to
the duel; the few calls to it that every part makes are named here once.
"""
import copy


class Component:
    """One part of the Kingdom Duels ruleset."""

    def __init__(self, duel):
        self.duel = duel

    def __deepcopy__(self, memo):
        """A copy for a copied duel (a trial of a step): its attributes copied with the duel's
        memo, so it points at the copied duel and parts."""
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        copied.__dict__ = copy.deepcopy(self.__dict__, memo)
        return copied

    @property
    def params(self):
        """The duel's article parameters (read through the duel: a replay tracks the reads)."""
        return self.duel.params

    def misreads(self, rule, name):
        return self.duel.misreads(rule, name)

    def note_rule(self, rule):
        self.duel.note_rule(rule)

    def emit(self, kind, text, rules=(), **data):
        self.duel.emit(kind, text, rules, **data)

    def illegal(self, rule, reason, message):
        self.duel.illegal(rule, reason, message)

    def card(self, card_id):
        return self.duel.card(card_id)

    def zone_of(self, player, zone):
        return self.duel.zone_of(player, zone)
