"""The engine's vocabulary, typed: one module per vocabulary.

- `reasons`: why the rules refuse a step (Reason, with its meaning and anchors);
- `board`: phases, zones and battle positions;
- `events`: the kinds of event a replay records, each with its payload;
- `steps`: what became of a scripted step (StepStatus);
- `formats`: what each format lets a scenario say (verbs, their options, fields, reason codes);
- `effects`: the card language, word by word;
- `overlaps`: reason codes that overlap, and when each applies.
"""
from .board import FIELD_ZONES, Phase, Position, Zone
from .formats import (COMMON_STEP_OPTIONS, CORE_CARD_FIELDS, CORE_PLAYER_FIELDS,
                      CORE_REASON_CODES, CORE_SETUP_FIELDS, CORE_STEP_OPTIONS, CORE_VERBS,
                      CORE_ZONES, MEANINGS, check_vocabulary, did_you_mean, option_problem,
                      reasons, step_options)
from .reasons import Reason
from .steps import StepStatus, is_refused

__all__ = ["COMMON_STEP_OPTIONS", "CORE_CARD_FIELDS", "CORE_PLAYER_FIELDS", "CORE_REASON_CODES",
           "CORE_SETUP_FIELDS", "CORE_STEP_OPTIONS", "CORE_VERBS", "CORE_ZONES", "FIELD_ZONES", "MEANINGS", "Phase", "Position", "Reason",
           "StepStatus", "Zone", "check_vocabulary", "did_you_mean", "is_refused", "option_problem", "reasons",
           "step_options"]
