"""Tag Team Phalanx: two teams, each sharing one field of a Front Line and a Back Line."""
from pathlib import Path

from scenarios.engine.rulesets.phalanx import PhalanxDuel

from .card_legality import card_legality
from ..format import CORE_ZONE_LABELS, BoardLayout, Format, Words

HERE = Path(__file__).resolve().parent
# The recommended slots (tag-team-phalanx/the-shared-field parameters), when not given.
RECOMMENDED_SLOTS = {"front_line_slots": 4, "back_line_slots": 4, "spell_trap_slots": 6}

FORMAT = Format(
    slug="tag-team-phalanx", name="Tag Team Phalanx", ruleset=PhalanxDuel,
    board=BoardLayout(zone_labels=("Front Line", "Back Line") + CORE_ZONE_LABELS[1:],
                      non_monster_badge="Rampart", team_layout="shared-field",
                      default_params=RECOMMENDED_SLOTS),
    words=Words(), catalog_files=("phalanx.yaml",),
    marks_files=tuple(sorted(HERE.glob("marks/*.yaml"))),
    card_legality=card_legality)
