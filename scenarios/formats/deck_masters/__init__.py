"""Deck Masters: each player's Deck Master beside the field, with its Ability."""
from dataclasses import dataclass
from pathlib import Path

from scenarios.engine.errors import ScenarioError
from scenarios.engine.rulesets.deck_masters import DeckMastersDuel, abilities

from .card_legality import card_legality
from ..format import CORE_ZONE_LABELS, BoardLayout, Format, Words, ZoneSpot
from .deck_rules import DECK_RULES

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class DeckMastersBoard(BoardLayout):
    def ability_text(self, card_name: str, own: tuple = ()) -> str | None:
        """"Deck Master Ability (type): text", from the card's own Abilities (a scenario's card,
        one line each, with its name) or else from the abilities file."""
        if own:
            lines = [self.one_ability(ability) for ability in own]
            return "\n".join(line for line in lines if line) or None
        try:
            ability = abilities().get(card_name)
        except (ScenarioError, OSError, ValueError, KeyError, TypeError):  # the picture never fails for want of it
            return None
        return self.one_ability(ability)

    @staticmethod
    def one_ability(ability: object) -> str | None:
        if not ability or not isinstance(ability, dict):
            return None
        text = ability.get("text", "")
        kind = ability.get("type", "")
        if ability.get("type_reading"):  # the rules do not give it: say whose reading it is
            kind = f"{kind}, the site's reading of a type the rules do not give"
        name = f" \"{ability['name']}\"" if ability.get("name") else ""
        return f"Deck Master Ability{name} ({kind}): {text}".strip() if text else None


FORMAT = Format(
    slug="deck-masters", name="Deck Masters", ruleset=DeckMastersDuel,
    board=DeckMastersBoard(
        zone_labels=CORE_ZONE_LABELS[:2] + ("Deck Master Position",) + CORE_ZONE_LABELS[2:],
        # The Deck Master, and any card an effect put there to be held (not a Deck Master).
        extra_zone=ZoneSpot("Deck Master Position", "deck_master", many=True, height="monster",
                            deck_master_badge=True, other_badges=("held",))),
    words=Words(), deck_rules=DECK_RULES,
    catalog_files=("deck-masters.yaml", "abilities/deck-masters.yaml"),
    marks_files=tuple(sorted(HERE.glob("marks/*.yaml"))),
    card_legality=card_legality)
