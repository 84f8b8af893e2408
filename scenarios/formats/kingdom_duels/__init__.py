"""Kingdom Duels: a Frontrow over Terrains, a Rule Zone, Eroded cards and Hidden monsters."""
from dataclasses import dataclass
from pathlib import Path

from scenarios.engine.errors import ScenarioError
from scenarios.engine.rulesets.kingdom_duels import KingdomDuel, terrains

from .card_legality import card_legality
from ..format import BoardLayout, Format, Words, ZoneSpot
from .deck_rules import DECK_RULES

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class KingdomBoard(BoardLayout):
    def terrain_facts(self) -> dict:
        try:
            return terrains()
        except (ScenarioError, OSError, ValueError, KeyError, TypeError):  # never fails for want of a description
            return {}


FORMAT = Format(
    slug="kingdom-duels", name="Kingdom Duels", ruleset=KingdomDuel,
    board=KingdomBoard(
        zone_labels=("Frontrow", "Backrow", "Rule Zone", "Graveyard", "Eroded", "Main Deck",
                     "Extra Deck", "Hand"),
        monster_label="Frontrow (Monster Zones), a Terrain under each",
        spell_trap_label="Backrow (Spell & Trap Zones)",
        field_zone=ZoneSpot("Rule Zone", "rule_zone", many=True),
        banished=("Eroded", "eroded"), deck_label="Main Deck", terrains=True,
        team_layout="separate-fields"),
    words=Words(hidden="Hidden", set_monster="Hidden in DEF Position",
                face_down_target="the Hidden "),
    deck_rules=DECK_RULES,
    catalog_files=("kingdom-duels.yaml", "kingdom-duels-card-rulings.yaml",
                   "kingdom-duels-equips.yaml", "kingdom-duels-extra-deck.yaml",
                   "kingdom-duels-rules.yaml", "kingdom-duels-tilemaps.yaml",
                   "terrains/kingdom-duels.yaml"),
    marks_files=tuple(sorted(HERE.glob("marks/*.yaml"))),
    card_legality=card_legality, own_cards_only=True)
