"""The core game: the rules every other format builds on."""
from pathlib import Path

from scenarios.engine.duel import Duel

from .card_legality import card_legality
from ..format import BoardLayout, Format, Words

HERE = Path(__file__).resolve().parent

FORMAT = Format(
    slug="core", name="Core rules", ruleset=Duel, board=BoardLayout(), words=Words(),
    catalog_files=("core.yaml",), marks_files=tuple(sorted(HERE.glob("marks/*.yaml"))),
    card_legality=card_legality)
