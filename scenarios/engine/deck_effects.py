"""Effect primitives on Decks and hands: milling the top of a Deck, and shuffling a card from a
hand into its Deck.

They live apart from `primitives.py` because they are about the private zones' order (the top of
a Deck, a shuffle by the duel's seeded generator), which no other primitive touches.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .draw_checks import check_draws_problem
from .errors import IllegalAction, ScriptError
from .primitives import EffectContext, amounts, primitive
from .wording import counted
from .yamltypes import YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance


def private_zone_owners(duel: Duel, ctx: EffectContext, who: str) -> list[str]:
    """Whose hand or Deck an effect on `who` (self, opponent, both) reaches: the format decides
    (in a team format, "your opponent's Deck" is one opponent the controller selects, and
    "both players' Decks" every player's)."""
    if who == "self":
        return [ctx.controller]
    if who == "both":
        return duel.every_players_zone(ctx)
    return duel.one_players_zone(ctx, "opponent")


@primitive("mill")
def mill(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{who: opponent, count: 2}`: "send the top 2 cards of your opponent's Deck to the
    Graveyard". A Deck with fewer cards sends what it has (milling is not drawing: nobody decks
    out by it). Remembers how many went, for `amount: {per: milled, each: N}`."""
    milled = 0
    players = private_zone_owners(duel, ctx, arg.get("who", "self"))
    for player, count in amounts(duel, ctx, arg["count"], players).items():
        top = list(duel.zone_of(player, "deck")[:count])
        for card_id in top:
            card = duel.card(card_id)
            duel.move(card, "graveyard", reason=f"sent from the top of the Deck by {ctx.card_id}")
            duel.queue_triggers(card, "sent_from_deck_to_graveyard")
        milled += len(top)
    ctx.remembered["milled"] = milled


@primitive("shuffle_into_deck")
def shuffle_into_deck(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`{from: hand, who: self|opponent, count: 1}` with `select: {shuffle: id}` (or a list):
    the chosen cards of that player's hand go into their owner's Deck, which is then shuffled
    by the scenario's `seed`."""
    who = arg.get("who", "self")
    hands = private_zone_owners(duel, ctx, who)
    count = arg.get("count", 1)
    chosen = [duel.card(card_id) for card_id in ctx.select_cards("shuffle", count)]
    for card in chosen:
        if card.zone != arg.get("from", "hand") or card.controller not in hands or \
                not duel.matches(card, arg.get("filter", {})):
            raise IllegalAction("invalid_selection", f"'{card.id}' is not a card this effect "
                                f"can shuffle from {' or '.join(hands)}'s hand")
    owners = []
    for card in chosen:
        duel.move(card, "deck", reason=f"shuffled into the Deck by {ctx.card_id}")
        if card.owner not in owners:
            owners.append(card.owner)
    for owner in owners:
        duel.rng.shuffle(duel.zone_of(owner, "deck"))
        size = counted(len(duel.zone_of(owner, "deck")), "card")
        duel.emit("effect", f"{owner}'s Deck ({size}) is shuffled by {ctx.card_id}",
                  player=owner, by=ctx.card_id, what="shuffle")


def hand_size_problem(arg: YamlValue) -> str | None:
    """What is wrong with a `hand_size:` condition's argument, or None."""
    if not isinstance(arg, dict) or not {"min", "max"} & set(arg) or \
            set(arg) - {"who", "min", "max"}:
        return f"hand_size takes {{who: self|opponent, min: N, max: N}}, not {arg!r}"
    if arg.get("who", "self") not in ("self", "opponent"):
        return f"hand_size's who is self or opponent, not {arg.get('who')!r}"
    if not all(isinstance(arg[k], int) and arg[k] >= 0 for k in ("min", "max") if k in arg):
        return "hand_size's min and max are whole numbers, 0 or more"
    return None


def hand_size_holds(duel: Duel, arg: YamlValue, card: CardInstance, player: str) -> bool:
    """The activation condition `hand_size: {who: self|opponent, min: N, max: N}` ("if you have
    2 or fewer cards in your hand"): the cards in that hand, not counting the card being
    activated. For `opponent`, any opposing player's hand may meet it."""
    problem = hand_size_problem(arg)
    if problem:
        raise ScriptError(f"{card.name}: {problem}", field="activate")
    players = [player] if arg.get("who", "self") == "self" else duel.opponents_of(player)
    for holder in players:
        size = sum(1 for card_id in duel.zone_of(holder, "hand") if card_id != card.id)
        if arg.get("min", 0) <= size <= arg.get("max", size):
            return True
    return False


def count_problem(arg: YamlValue, needs_count: bool) -> str | None:
    """What is wrong with the argument of `mill`, `send_from_deck` or `shuffle_into_deck`."""
    if not isinstance(arg, dict):
        return f"takes a mapping such as {{who: opponent, count: 2}}, not {arg!r}"
    if needs_count and "count" not in arg:
        return "needs count: the number of cards"
    count = arg.get("count", 1)
    if not (isinstance(count, int) and count >= 1) and not (
            isinstance(count, dict) and "per" in count and "each" in count):
        return f"count is a whole number, 1 or more, or {{per: ..., each: N}}, not {count!r}"
    if arg.get("who", "self") not in ("self", "opponent", "both"):
        return f"who is self, opponent or both, not {arg.get('who')!r}"
    return None


# What `check_program` asks of these primitives' arguments when a card is loaded.
ARGUMENT_PROBLEMS = {
    "check_draws": check_draws_problem,
    "mill": lambda arg: count_problem(arg, needs_count=True),
    "shuffle_into_deck": lambda arg: count_problem(arg, needs_count=False) or (
        None if isinstance(arg.get("count", 1), int) else "count is a whole number"),
    "send_from_deck": lambda arg: count_problem(arg, needs_count=False) or (
        None if isinstance(arg.get("count", 1), int) else "count is a whole number"),
    "flip_face_down": lambda arg: None if arg in ("target", "self", "all") or (
        isinstance(arg, dict) and arg.get("side", "any") in ("any", "own", "opponent")) else
        f"takes target, all or {{side: any|own|opponent, ...}}, not {arg!r}",
    "destruction_damage": lambda arg: None if arg in (
        "target", "self", "destroyed", "that_monster", "attacker") else
        f"takes target, self, that_monster, attacker or destroyed, not {arg!r}",
}
