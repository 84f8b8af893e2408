"""What a format knows: the step verbs, setup fields and reason codes its scenarios may use.

Each ruleset class declares its vocabulary as class attributes: STEP_VERBS (the steps it has a
`do_<verb>` handler for), CARD_FIELDS (the fields of a set-up card it reads), PLAYER_FIELDS (a
set-up player's keys: LP, zones, format keys), SETUP_FIELDS (the top-level keys of `setup:`),
STEP_OPTIONS (for each step verb, the options its handler reads: `target`, `materials`...) and
REASON_CODES (each reason code it can refuse an action with, and what it means: the codes are
declared once, with their meanings and anchors, in vocabulary.reasons). The core Duel
takes the sets below; every format extends its base's. A scenario that uses anything its format
does not declare is invalid: `check_vocabulary` reports the file, line and field. So is a step
option (`materials`, `select`...) that the format's handler for that step never reads: it would
be silently ignored. (tests/engine/test_step_options.py holds each STEP_OPTIONS to what the
handlers really read, by reading their source; nothing here does.)

Pure Python, like the rest of the engine.
"""
import difflib
from collections.abc import Collection, Iterable, Mapping
from typing import Any, NoReturn

from .reasons import Reason

# What each reason code means, by code: a view of the Reason enum for readers of plain strings.
MEANINGS = {code.value: code.meaning for code in Reason}

CORE_VERBS = frozenset({"activate", "pass", "attack", "summon", "set", "flip_summon", "phase",
                        "end_turn", "pass_turns", "concede", "special_summon",
                        "change_position", "decline"})
CORE_CARD_FIELDS = frozenset({"id", "card", "face", "position", "set_turn", "counters", "owner",
                              "equipped_to"})
CORE_ZONES = ("hand", "deck", "extra_deck", "graveyard", "banished", "monsters", "spell_trap",
              "field_zone")
CORE_PLAYER_FIELDS = frozenset({"lp", *CORE_ZONES})
CORE_SETUP_FIELDS = frozenset({"turn", "players", "match"})
# Fields every step may carry, whatever its verb.
COMMON_STEP_OPTIONS = ("player", "illegal")
# Every option some step of some format reads: a field outside these is no option at all (the
# schema reports it), so only these are checked against the step's own.
STEP_OPTION_NAMES = frozenset({"target", "targets", "choose", "select", "tributes", "materials",
                               "position", "stop_at", "to", "ability"})
CORE_STEP_OPTIONS: dict[str, tuple[str, ...]] = {
    "activate": ("choose", "materials", "select", "target", "targets"), "decline": (),
    "attack": ("target",), "change_position": (), "concede": ("choose",), "end_turn": ("stop_at",),
    "flip_summon": (), "pass": (), "pass_turns": (), "phase": (), "set": ("tributes",),
    "special_summon": ("materials", "position", "tributes"), "summon": ("position", "tributes")}


def step_options(base: Mapping[str, tuple[str, ...]],
                 **verbs: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """A ruleset's STEP_OPTIONS: its base's, with `verbs` (a step and the options its handler
    reads) added or replaced. The one way a format declares a step's options."""
    return {**base, **verbs}


def option_problem(ruleset: type, verb: str, given: Iterable[str],
                   format_slug: str) -> tuple[str, str] | None:
    """(option, message) for the first option of `given` that the format's `verb` step does
    not take, the message naming it and the options the step has; None when every option is
    taken (or the format has no such step, which check_vocabulary reports)."""
    declared: Mapping[str, tuple[str, ...]] = getattr(ruleset, "STEP_OPTIONS", {})
    if verb not in declared:
        return None
    known = declared[verb]
    for option in given:
        if option in COMMON_STEP_OPTIONS or option not in STEP_OPTION_NAMES or option in known:
            continue
        takes = f"its options: {', '.join(known)}" if known else "it takes no options"
        return option, f"{verb} steps of {format_slug} take no '{option}' ({takes})"
    return None


def reasons(base: Mapping[Reason, str], *codes: str) -> dict[Reason, str]:
    """A ruleset's REASON_CODES: its base's, and `codes` (Reason members, or their codes), each
    with its meaning. The one way a format declares which refusals it can give."""
    return {**base, **{Reason(code): Reason(code).meaning for code in codes}}


CORE_REASON_CODES = reasons(
    {}, "already_attacked", "cannot_attack", "cannot_normal_summon", "cannot_pay_cost",
    "condition_not_met", "direct_attack_blocked", "duel_over", "flipped_this_chain",
    "invalid_attack_target", "invalid_fusion", "invalid_ritual", "invalid_selection",
    "invalid_target", "mandatory_effect", "mandatory_trigger_pending", "no_free_zone",
    "no_priority", "no_summon_procedure", "nothing_to_decline", "normal_summon_used", "not_activatable", "not_flippable", "not_in_damage_step", "not_in_hand",
    "not_open_game_state", "not_your_card", "not_your_monster", "not_your_turn", "phase_order",
    "position_change_used", "quick_play_from_hand_opponent_turn", "set_this_turn",
    "setting_forbidden", "spell_speed_1_timing", "spell_speed_too_low", "summon_condition",
    "trap_from_hand", "unknown_phase", "wrong_materials", "wrong_phase", "wrong_tributes")


def did_you_mean(value: object, known: Collection[Any], what: str) -> str:
    """`Warior — did you mean Warrior? (not a Type the catalog knows)`: an unknown word with the
    closest known one, or the known ones when there are few."""
    close = difflib.get_close_matches(str(value), sorted(known, key=str), n=1, cutoff=0.6)
    if close:
        return f"{value} — did you mean {close[0]}? (not {what})"
    if len(known) <= 12:
        return f"{value} is not {what} (known: {', '.join(sorted(known, key=str))})"
    return f"{value} is not {what}"


# --- checking a scenario against its format ------------------------------------------------

def _unknown(kind: str, value: object, known: Iterable[Any], format_slug: str,
             others: list[str] | None = None) -> str:
    """The message for a name the format does not declare: the known names when they are few,
    else the closest one; and which other formats know it, if any."""
    known = [str(name) for name in known]  # plain strings, even for Reason members
    text = f"{value!r} is not {kind} of {format_slug}"
    if others:
        text += f" (it belongs to {', '.join(others)})"
    elif len(known) <= 16:
        text += f" (known: {', '.join(sorted(known))})"
    else:
        close = difflib.get_close_matches(str(value), sorted(known), n=1)
        text += f" (did you mean {close[0]!r}?)" if close else \
            f" (none close among its {len(known)})"
    return text


def _owners(formats: Mapping[str, type] | None, attribute: str, value: object) -> list[str]:
    return [slug for slug, ruleset in (formats or {}).items()
            if value in getattr(ruleset, attribute, ())]


def check_vocabulary(scenario: Any, ruleset: type, formats: Mapping[str, type] | None = None,
                     zones: Collection[str] = ()) -> None:
    """Raise a ScenarioError at the first verb, field or reason code `ruleset` does not declare.

    `zones` are the player keys that hold cards (their entries' fields are checked). A setup
    of the wrong shape is left to the generic checks."""
    slug = scenario.format
    declared = {name: getattr(ruleset, name, None) for name in
                ("SETUP_FIELDS", "PLAYER_FIELDS", "CARD_FIELDS", "STEP_VERBS", "REASON_CODES")}

    def refuse(kind: str, attribute: str, value: object, path: str) -> NoReturn:
        raise scenario.error(_unknown(kind, value, declared[attribute] or (), slug,
                                      _owners(formats, attribute, value)), path)

    setup = scenario.setup if isinstance(scenario.setup, dict) else {}
    if declared["SETUP_FIELDS"] is not None:
        for key in setup:
            if key not in declared["SETUP_FIELDS"]:
                refuse("a setup field", "SETUP_FIELDS", key, f"setup.{key}")
    players = setup.get("players")
    for name, player in players.items() if isinstance(players, dict) else ():
        where = f"setup.players.{name}"
        for key, value in player.items() if isinstance(player, dict) else ():
            if declared["PLAYER_FIELDS"] is not None and key not in declared["PLAYER_FIELDS"]:
                refuse("a player field", "PLAYER_FIELDS", key, f"{where}.{key}")
            if declared["CARD_FIELDS"] is None or key not in zones:
                continue
            entries = [(f"{where}.{key}", value)] if isinstance(value, dict) else \
                [(f"{where}.{key}[{n}]", e) for n, e in enumerate(value)] \
                if isinstance(value, list) else []
            for path, entry in entries:
                for field in entry if isinstance(entry, dict) else ():
                    if field not in declared["CARD_FIELDS"]:
                        refuse("a card field", "CARD_FIELDS", field, f"{path}.{field}")
    if not getattr(ruleset, "HAS_ABILITIES", False):
        for number, card in enumerate(getattr(scenario, "cards", ()) or ()):
            if getattr(card, "abilities", ()):  # a Deck Master Ability means nothing here
                raise scenario.error(f"{card.name} writes Deck Master Abilities, which {slug} "
                                     "does not have (only deck-masters does)",
                                     f"cards[{number}].abilities")
    for number, action in enumerate(scenario.steps):
        if declared["STEP_VERBS"] is not None and action.verb not in declared["STEP_VERBS"]:
            refuse("a step", "STEP_VERBS", action.verb, f"steps[{number}].{action.verb}")
        step = action.raw if isinstance(action.raw, dict) else {}
        problem = option_problem(ruleset, action.verb, step, slug)
        if problem:  # an option the format's handler never reads would be silently ignored
            option, message = problem
            raise scenario.error(message, f"steps[{number}].{option}")
        code = action.expect_illegal
        if isinstance(code, str) and declared["REASON_CODES"] is not None and \
                code not in declared["REASON_CODES"]:
            refuse("a reason code", "REASON_CODES", code, f"steps[{number}].illegal")
