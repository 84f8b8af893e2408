"""Effects that keep checking the cards a player draws for some turns after they resolve
(Deck Devastation Virus: "... and all monsters they draw until the end of their 3rd turn after
this card's activation, and destroy all those monsters with 1500 or less ATK").

The check outlives its card (a Normal Trap is in the Graveyard by then), so it is kept on the
duel as a `DrawCheck`. Whose draws it watches is the format's (`Duel.draw_check_players`: the
opponent; in Tag Team Phalanx, every opposing player), and its turns are counted with the
cards that last a number of turns (`Duel.count_card_turns`), so a format that counts turns its
own way counts these the same way. A duel with no check pays nothing per draw but one test of
an empty list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .primitives import EffectContext, primitive
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .duel import Duel
    from .state import CardInstance


@dataclass
class DrawCheck:
    """One lasting check of drawn cards (a plain object, so a Checkpoint saves it)."""

    source: str                # the card whose effect checks
    controller: str            # the player who activated it
    players: list[str]         # the players whose draws are checked
    turns_left: int            # the checked players' turns still to end (the current excluded)
    started: int               # the turn it began in, which does not count
    filter: YamlMapping = field(default_factory=dict)  # what is destroyed when drawn


def check_draws_problem(arg: YamlValue) -> str | None:
    """Why `check_draws:` is written wrong, or None."""
    if not isinstance(arg, dict) or set(arg) - {"turns", "filter"}:
        return "is {turns: N, filter: {...}}"
    turns = arg.get("turns")
    if type(turns) is not int or not 1 <= turns <= 100:
        return "turns is a number of turns from 1 to 100"
    if not isinstance(arg.get("filter", {}), dict):
        return "filter is a card filter such as {kind: monster, atk_max: 1500}"
    return None


@primitive("check_draws")
def check_draws(duel: Duel, ctx: EffectContext, arg: YamlValue) -> None:
    """`check_draws: {turns: 3, filter: {kind: monster, atk_max: 1500}}`: until the end of the
    opponent's 3rd turn after this activation, each card the opponent draws that fits the
    filter is destroyed as it is drawn."""
    players = duel.draw_check_players(ctx)
    check = DrawCheck(source=ctx.card_id, controller=ctx.controller, players=list(players),
                      turns_left=arg["turns"], started=duel.turn,
                      filter=dict(arg.get("filter", {})))
    duel.draw_checks.append(check)
    duel.emit("effect", f"{ctx.card_id} checks the cards {', '.join(players)} draw"
              f" until the end of {arg['turns']} of their turns", card=ctx.card_id,
              players=list(players), what="draw_check")


def check_drawn(duel: Duel, card: CardInstance, drawer: str) -> None:
    """A card `drawer` has just drawn, seen by every check that watches their draws."""
    for check in list(duel.draw_checks):
        if drawer in check.players and card.zone == "hand" and \
                duel.matches(card, check.filter):
            duel.draw_check_applies(check, drawer)
            duel.move(card, "graveyard", reason=f"drawn and destroyed by {check.source}")


def count_turn(duel: Duel) -> None:
    """The turn player's turn ends: each check of an opponent of theirs (other than the turn
    it began in) has one turn fewer to last, and ends after its last."""
    for check in list(duel.draw_checks):
        if duel.turn == check.started or not duel.is_opponent(check.controller,
                                                             duel.turn_player):
            continue
        check.turns_left -= 1
        if check.turns_left <= 0:
            duel.draw_checks.remove(check)
            duel.emit("effect", f"{check.source} no longer checks the cards drawn",
                      card=check.source, what="draw_check_over")
