"""Reason codes that overlap: close codes that refuse like steps for like reasons, which a judge
may take for one another, and when each one applies.

A judge writing `illegal: <code>` needs to know which of two close codes the engine names (a
Deck Master Tributed for a cost: `deck_master_tribute` or `cannot_pay_cost`?). Each step's
refusal order says which is checked first; this table says in words what sets them apart.
tests/engine/test_reason_overlaps.py holds it to the engine: every code is a Reason, and the
codes of a group can all refuse the group's steps in one same format.

Pure Python, like the rest of the engine.
"""
from dataclasses import dataclass

from .reasons import Reason


@dataclass(frozen=True)
class Overlap:
    """Close codes that refuse the same steps, each with when the engine names it."""

    title: str
    steps: tuple[str, ...]
    when: tuple[tuple[Reason, str], ...]  # (code, when the engine names it)


OVERLAPS = (
    Overlap("Tributes (a Deck Master's among them)",
            ("summon", "set", "special_summon", "activate", "use_ability"), (
        (Reason.OPPONENTS_DECK_MASTER,
         "A Tribute Summon, Tribute Set or summon procedure names the opponent's Deck Master "
         "as a Tribute; a Tribute Summon checks it before anything else about its Tributes."),
        (Reason.DECK_MASTER_TRIBUTE,
         "The player's own Deck Master is Tributed for a Tribute Set, a summon procedure or a "
         "cost: only a Tribute, Fusion or Ritual Summon may Tribute it."),
        (Reason.WRONG_TRIBUTES,
         "The Tributes of a summon or procedure do not fit otherwise: too few or too many, not "
         "monsters the player may Tribute, outside the procedure's terms, or a monster an "
         "effect says cannot be Tributed."),
        (Reason.CANNOT_PAY_COST,
         "A Tribute cost names a monster the player may not use (an opponent's Deck Master "
         "among them), one that does not fit the cost's filter, or one an effect says cannot "
         "be Tributed; these are checked before the Deck Master rules."),
    )),
    Overlap("Declaring an attack", ("attack",), (
        (Reason.CANNOT_ATTACK,
         "The attacker is not a face-up Attack Position monster the player commands (checked "
         "before `already_attacked`), or an effect such as Swords of Revealing Light forbids "
         "its attack (checked after it)."),
        (Reason.ALREADY_ATTACKED,
         "The monster has attacked this turn: a monster that has already attacked is refused "
         "with it even while Swords of Revealing Light is face-up."),
        (Reason.BACK_LINE_CANNOT_ATTACK,
         "The attacker stands on the Back Line (a format with lines); checked before the "
         "phase and the other attack rules."),
    )),
    Overlap("A teammate's card or monster (team formats)",
            ("activate", "decline", "summon", "change_position", "move", "attack"), (
        (Reason.NOT_YOUR_CARD,
         "The player activates a card they do not control: a teammate's Spell or Trap, a "
         "card in a teammate's hand, or a teammate's monster's effect (declining that effect "
         "too: only its controller decides)."),
        (Reason.NOT_YOUR_MONSTER,
         "The player changes the battle position of a monster they do not control, or moves "
         "it between the lines: a teammate's monster on the shared field included."),
        (Reason.CANNOT_ATTACK,
         "The player declares an attack with a monster they do not command, a teammate's "
         "included."),
    )),
    Overlap("A monster's own summoning condition", ("summon", "set"), (
        (Reason.CANNOT_NORMAL_SUMMON,
         "The monster cannot be Normal Summoned or Set now: its `summon_condition` says "
         "`cannot_normal_summon: true`, its `not_while_you_control` filter fits a monster its "
         "player controls, or a format's rule forbids it."),
        (Reason.SUMMON_CONDITION,
         "Its `summon_condition: {control: ...}` asks for a face-up monster the player does "
         "not control."),
    )),
)
