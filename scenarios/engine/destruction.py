"""What destroyed a card, and the triggers that watch destructions.

Every destruction has a cause the rules care about: a battle, a card effect, or a game rule (a
Field Spell replaced by a new one is destroyed by a game mechanic, core/card-types
#field-spell-game-mechanic-destruction; so is a card whose duration or maintenance ends).

A card's trigger effect `trigger: destroyed` wakes when a card is destroyed:

- `watch:` which destroyed cards it watches: `self` (the default: "when this card is
  destroyed") or a filter with `side: own | opponent | any`, counted from the watching card's
  controller, over the destroyed card's controller at the moment it was destroyed, and any
  filter key of `Duel.matches` (`{kind: spell, subtype: field}`: "a Field Spell");
- `by:` what must have destroyed it: `battle`, `effect`, `rule`, or a list of them (left out:
  any of them).

A card watching other cards must be face-up on the field (with its effects, for a monster) when
the destruction happens. Only cards whose definition has such a trigger are asked, so a duel
without one pays nothing for it. Pure Python.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .card_filters import WHOSE_KEYS, whose_fits
from .restrictions import DESTRUCTION_KINDS, cards_problem
from .yamltypes import YamlMapping, YamlValue

if TYPE_CHECKING:
    from .cards import CardDef
    from .duel import Duel
    from .state import CardInstance

EVENT = "destroyed"
# A cause that names neither a card nor a battle is a game rule's.
BATTLE = "battle"


def destruction_kind(duel: Duel, cause: str) -> str:
    """What destroyed a card, from the cause `Duel.destroy` was given: `battle`, `effect` (the
    cause is a card in the duel, whose effect it was) or `rule`."""
    if cause == BATTLE:
        return "battle"
    return "effect" if cause in duel.cards else "rule"


def trigger_problem(effect: YamlMapping) -> str | None:
    """Why the `watch`/`by` of a trigger effect are written wrong, or None (checked on load)."""
    watching = "watch" in effect or "by" in effect
    if watching and effect.get("trigger") != EVENT:
        return f"watch and by belong to a 'trigger: {EVENT}' effect, not " \
               f"'trigger: {effect.get('trigger')}'"
    if "watch" in effect:
        problem = cards_problem(effect["watch"], "trigger watch")
        if problem:
            return problem
    by = effect.get("by")
    if by is not None:
        kinds = [by] if isinstance(by, str) else by
        if not isinstance(kinds, list) or any(kind not in DESTRUCTION_KINDS for kind in kinds):
            return f"trigger by is one or more of {', '.join(DESTRUCTION_KINDS)}, not {by!r}"
    return None


def watches_others(definition: CardDef) -> bool:
    """Does this card definition watch other cards' destruction? Found once per definition."""
    found = definition.__dict__.get("_watches_others")
    if found is None:
        found = any(e["trigger"] == EVENT and isinstance(e.get("watch"), dict)
                    for e in definition.effects_of("trigger"))
        definition.__dict__["_watches_others"] = found
    return found


def watching_cards(duel: Duel) -> list[str]:
    """The ids of the duel's cards that watch other cards' destruction, found once (again only
    when a card joins the duel)."""
    known = duel.__dict__.get("_watching")
    if known is None or known[0] != len(duel.cards):
        ids = [card_id for card_id, card in duel.cards.items() if watches_others(card.card)]
        known = duel.__dict__["_watching"] = (len(duel.cards), ids)
    return known[1]


def announce(duel: Duel, card: CardInstance, controller: str, how: str) -> None:
    """`card`, controlled by `controller`, has just been destroyed by `how`: its own
    "when destroyed" effects and the cards watching wake."""
    data: dict[str, YamlValue] = {"destroyed": card.id, "by": how, "controller": controller}
    duel.queue_triggers(card, EVENT, **data)
    for watcher_id in watching_cards(duel):
        watcher = duel.cards[watcher_id]
        if watcher is card or not (watcher.on_field and watcher.face_up):
            continue
        duel.queue_triggers(watcher, EVENT, **data)


def watch_holds(duel: Duel, watcher: CardInstance, effect: YamlMapping,
                data: YamlMapping) -> bool:
    """Does the destruction `data` describes wake this `trigger: destroyed` effect?"""
    by = effect.get("by")
    if by is not None and data.get("by") not in ([by] if isinstance(by, str) else by):
        return False
    watch = effect.get("watch", "self")
    if watch == "self":
        return data.get("destroyed") == watcher.id
    side = watch.get("side", "any")
    controller = data.get("controller")
    if side == "own" and controller != watcher.controller or \
            side == "opponent" and not duel.is_opponent(str(controller), watcher.controller):
        return False
    destroyed = duel.card(str(data.get("destroyed")))
    # its controller is the one it had when destroyed (above); its owner never changes
    return whose_fits(duel, destroyed, {"owner": watch.get("owner", "any")}, watcher.controller) \
        and duel.matches(destroyed, {k: v for k, v in watch.items() if k not in WHOSE_KEYS})
