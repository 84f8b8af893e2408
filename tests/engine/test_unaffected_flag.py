"""A card printed "unaffected by Spell (Trap) effects" carries the flag `unaffected:spell`
(`unaffected:trap`); the core reads it, so it holds in every format, not only in Deck Masters
where a Spell or Trap Ability counts as one."""
import textwrap

import pytest

from scenarios.engine import parse_scenario, replay
from scenarios.engine.cards import default_catalog
from scenarios.engine.rulesets import RULESETS

from .conftest import parameters

SOURCE = textwrap.dedent("""\
    slug: unaffected-probe
    format: {format}
    rule: core/chains#resolving-backwards
    title: A sweep meets a warded monster
    narrative: A sweeping card meets a monster unaffected by one kind of card.
    cards:
      - {{name: Probe Ward, kind: monster, subtype: effect, attribute: EARTH, race: Rock,
         level: 4, atk: 1000, def: 1000, text: Unaffected., flags: ["{flag}"]}}
      - name: Probe Sweep
        kind: {kind}
        subtype: {subtype}
        activation:
          resolve: [{{destroy_all: monsters}}]
    setup:
      turn: {{number: 3, player: A, phase: main1}}
      players:
        A:
          lp: 8000
          deck: 5
          {sweep}
          {a_extra}
        B:
          lp: 8000
          deck: 5
          {b_extra}
          monsters:
            - {{id: ward, card: Probe Ward, position: attack}}
            - {{id: snake, card: Venom Snake, position: attack}}
    steps:
    {steps}
    expect: {{turn: 3}}
    """)

SPELL = ("spell", "normal", "hand: [{id: sweep, card: Probe Sweep}]")
TRAP = ("trap", "normal", "spell_trap: [{id: sweep, card: Probe Sweep, face: down, set_turn: 2}]")
STEPS = ("{player: A, activate: sweep}", "{player: B, pass: true}", "{player: A, pass: true}")


# What a format needs besides (a Deck Master for each player).
EXTRAS = {"deck-masters": ("deck_master: {id: a-master, card: Sangan}",
                           "deck_master: {id: b-master, card: Sangan}")}


def swept(flag, sweep, format_slug="core"):
    kind, subtype, where = sweep
    a_extra, b_extra = EXTRAS.get(format_slug, ("", ""))
    text = SOURCE.format(format=format_slug, flag=flag, kind=kind, subtype=subtype, sweep=where,
                         a_extra=a_extra, b_extra=b_extra,
                         steps="\n".join(f"  - {step}" for step in STEPS))
    scenario = parse_scenario(text, "probe.yaml", formats={format_slug})
    duel = replay(scenario, RULESETS[format_slug], default_catalog(),
                  params=parameters(format_slug), keep_going=True).duel
    return duel.card("ward").zone, duel.card("snake").zone


def test_a_core_monster_unaffected_by_traps_survives_a_sweeping_trap():
    assert swept("unaffected:trap", TRAP) == ("monsters", "graveyard")


def test_a_core_monster_unaffected_by_spells_survives_a_sweeping_spell():
    assert swept("unaffected:spell", SPELL) == ("monsters", "graveyard")


def test_a_monster_unaffected_by_spells_is_still_destroyed_by_a_trap():
    assert swept("unaffected:spell", TRAP) == ("graveyard", "graveyard")


@pytest.mark.parametrize("format_slug", ["core", "deck-masters"])
def test_the_flag_holds_in_formats_built_on_the_core(format_slug):
    assert swept("unaffected:trap", TRAP, format_slug)[0] == "monsters"
