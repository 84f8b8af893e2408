"""Where a monster's Quick or Ignition effect is activated from.

Most monster effects are activated while the monster is face-up on the field, and that stays
the default. A card whose text says otherwise ("you can discard this card", "you can banish
this card from your Graveyard") writes `from:` beside its `quick:` or `ignition:` entry, with
the zones (`hand`, `graveyard`, `field`) where that effect may be activated. The card stays
where it is when the effect is activated: only a cost (`discard: self`) or the effect itself
moves it, and an effect that Special Summons "this card" from the hand or the Graveyard finds
nothing to summon once the card has left the zone it was activated in.

Pure Python, like the rest of the engine.
"""
from .yamltypes import YamlMapping, YamlValue

# The zones a monster's effect may name in `from:`; `field` is the default.
ACTIVATION_ZONES = ("field", "hand", "graveyard")
# The effect kinds `from:` may stand beside.
ACTIVATED_KINDS = ("quick", "ignition")


def activation_zones(effect: YamlMapping) -> tuple[str, ...]:
    """The zones where this entry of a card's `effects:` may be activated (the field unless its
    `from:` says otherwise)."""
    written = effect.get("from")
    if written is None:
        return ("field",)
    return (written,) if isinstance(written, str) else tuple(written)


def from_problem(effect: YamlMapping) -> str | None:
    """What is wrong with an effect's `from:`, or None (checked when a card is loaded)."""
    if "from" not in effect:
        return None
    if not any(kind in effect for kind in ACTIVATED_KINDS):
        return "from: names where a quick or ignition effect is activated; this effect has " \
               "neither"
    written: YamlValue = effect["from"]
    zones = [written] if isinstance(written, str) else written
    if not isinstance(zones, list) or not zones or \
            any(zone not in ACTIVATION_ZONES for zone in zones):
        return f"from: is one of {', '.join(ACTIVATION_ZONES)}, or a list of them, " \
               f"not {written!r}"
    return None


def is_quick_effect(effects: tuple[YamlMapping, ...], program: YamlMapping) -> bool:
    """Is `program` the `quick:` program of one of these effects (a Quick Effect)?"""
    return any(effect.get("quick") is program for effect in effects)
