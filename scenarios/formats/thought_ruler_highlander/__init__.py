"""Thought Ruler Highlander: singleton decks and a Deck Master in the Extra Monster Zone."""
from pathlib import Path

from scenarios.engine.rulesets.highlander import HighlanderDuel

from .card_legality import card_legality
from ..format import CORE_ZONE_LABELS, BoardLayout, Format, Words, ZoneSpot
from .deck_rules import DECK_RULES

HERE = Path(__file__).resolve().parent

FORMAT = Format(
    slug="thought-ruler-highlander", name="Thought Ruler Highlander", ruleset=HighlanderDuel,
    board=BoardLayout(
        zone_labels=CORE_ZONE_LABELS[:1] + ("Extra Monster Zone",) + CORE_ZONE_LABELS[1:],
        extra_zone=ZoneSpot("Extra Monster Zone", "extra_monster_zone", height="monster",
                            deck_master_badge=True)),
    words=Words(), deck_rules=DECK_RULES, catalog_files=("highlander.yaml",),
    marks_files=tuple(sorted(HERE.glob("marks/*.yaml"))),
    card_legality=card_legality)
