"""Triggers that watch events happening to other cards: one reading for a card's trigger effects
and a Deck Master's Abilities (rulesets/deck_masters.py asks `trigger_wakes` too).

Two events can be watched, each with the cards it is about under its own name, their controller
at that moment, and what qualifies it:

- `destroyed`: `{destroyed: <id>, by: battle | effect | rule, controller}` (destruction.py);
- `summoned`: `{summoned: [<id>...], how: normal | tribute | flip | special | token,
  controller}`, once the summon has succeeded (one event for monsters summoned together).

A trigger of either writes `watch:` (`self`, the default: "when this card is ...", or a filter
with `side: own | opponent | any` counted from the watcher's controller, over the cards'
controller at that moment) and its qualifier (`by:` for a destruction, `how:` for a summon; left
out: any). Every other trigger event is the watching card's own ("when this card is flipped").
A card watching other cards must be face-up on the field (with its effects, for a monster); only
cards whose definition has such a trigger are asked, so a duel without one pays nothing for it.
Pure Python.
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

SUMMON_KINDS = ("normal", "tribute", "flip", "special", "token")
# The events a trigger may watch other cards for: event -> (its qualifier's key, its values).
QUALIFIERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "destroyed": ("by", DESTRUCTION_KINDS), "summoned": ("how", SUMMON_KINDS)}


def as_list(value: YamlValue) -> list[YamlValue]:
    return value if isinstance(value, list) else [value]


def trigger_problem(effect: YamlMapping) -> str | None:
    """Why the `watch` and qualifier of a trigger (a card's effect or an Ability) are written
    wrong, or None (checked on load)."""
    event = effect.get("trigger")
    qualifier = QUALIFIERS.get(str(event))
    for key in ("watch", *sorted({key for key, _ in QUALIFIERS.values()})):
        if key not in effect or (qualifier is not None and key in ("watch", qualifier[0])):
            continue
        owners = [f"'trigger: {e}'" for e, (k, _) in QUALIFIERS.items() if key in ("watch", k)]
        return f"{key} belongs to a {' or '.join(owners)} trigger, not 'trigger: {event}'"
    if qualifier is None:
        return None
    if "watch" in effect:
        problem = cards_problem(effect["watch"], "trigger watch")
        if problem:
            return problem
    key, kinds = qualifier
    value = effect.get(key)
    if value is not None and (not isinstance(value, (str, list)) or
                              any(kind not in kinds for kind in as_list(value))):
        return f"trigger {key} is one or more of {', '.join(kinds)}, not {value!r}"
    return None


def watches_others(definition: CardDef) -> bool:
    """Does this card definition watch events of other cards? Found once per definition."""
    found = definition.__dict__.get("_watches_others")
    if found is None:
        found = any(e["trigger"] in QUALIFIERS and isinstance(e.get("watch"), dict)
                    for e in definition.effects_of("trigger"))
        definition.__dict__["_watches_others"] = found
    return found


def watching_cards(duel: Duel) -> list[str]:
    """The ids of the duel's cards that watch other cards, found once (again only when a card
    joins the duel)."""
    known = duel.__dict__.get("_watching")
    if known is None or known[0] != len(duel.cards):
        # Read through dict's own view: only each card's (shared, never changed) definition
        # is looked at, so a checkpoint open over the step need not save every card for it.
        ids = [card_id for card_id, card in dict.items(duel.cards)
               if watches_others(card.card)]
        known = duel.__dict__["_watching"] = (len(duel.cards), ids)
    return known[1]


def announce(duel: Duel, event: str, cards: list[CardInstance], data: YamlMapping) -> None:
    """A watched `event` has just happened to `cards`: their own "when this card ..." effects,
    the cards watching, and the format's own watchers (`Duel.event_watched`) wake."""
    for card in cards:
        duel.queue_triggers(card, event, **data)
    for watcher_id in watching_cards(duel):
        watcher = duel.cards[watcher_id]
        if watcher in cards or not (watcher.on_field and watcher.face_up):
            continue
        duel.queue_triggers(watcher, event, **data)
    duel.event_watched(event, data)


def announce_summon(duel: Duel, cards: list[CardInstance], player: str, how: str) -> None:
    """Monsters were summoned successfully (together: one event)."""
    if not cards:
        return
    data: dict[str, YamlValue] = {"summoned": [card.id for card in cards], "how": how,
                                  "controller": player}
    if len(cards) == 1:
        data["monster"] = cards[0].id  # what `that_monster` names
    announce(duel, "summoned", cards, data)


def trigger_wakes(duel: Duel, watcher: CardInstance, effect: YamlMapping,
                  data: YamlMapping) -> bool:
    """Does the event `data` describes wake this trigger of `watcher`? An event no trigger
    watches other cards for is the watcher's own, so it always does."""
    qualifier = QUALIFIERS.get(str(effect.get("trigger")))
    if qualifier is None:
        return True
    key = qualifier[0]
    wanted = effect.get(key)
    if wanted is not None and data.get(key) not in as_list(wanted):
        return False
    subjects = [str(i) for i in as_list(data.get(str(effect["trigger"])))]
    watch = effect.get("watch", "self")
    if watch == "self":
        return watcher.id in subjects
    side = watch.get("side", "any")
    controller = data.get("controller")
    if side == "own" and controller != watcher.controller or \
            side == "opponent" and not duel.is_opponent(str(controller), watcher.controller):
        return False
    spec = {k: v for k, v in watch.items() if k not in WHOSE_KEYS}
    # their controller is the one they had then (above); an owner never changes
    return any(whose_fits(duel, card, {"owner": watch.get("owner", "any")}, watcher.controller)
               and duel.matches(card, spec) for card in map(duel.card, subjects))
