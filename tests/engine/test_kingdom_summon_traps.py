"""Kingdom Duels Traps whose Trigger is "when an opponent summons": every summon meets it, from
whatever path it comes (kingdom-duels/spells-and-traps#summon-trigger-any-summon)."""
from scenarios.engine import parse_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog

from .conftest import parameters

HEAD = """slug: t
format: kingdom-duels
rule: kingdom-duels/spells-and-traps#summon-trigger-any-summon
title: t
narrative: t
setup:
  turn: {number: 5, player: A, phase: main1}
  players:
    B: {deck: 5, spell_trap: [{id: snare, card: Kingdom Snare, face: down, set_turn: 4}]}
"""


def run(players_a, steps, mutation=None):
    text = HEAD + f"    A: {players_a}\nsteps:\n" + "".join(f"  - {s}\n" for s in steps) + \
        "expect:\n  turn: 5\n"
    scenario = parse_scenario(text, "kd.yaml", formats={"kingdom-duels"})
    return replay(scenario, ruleset_for("kingdom-duels"), default_catalog(),
                  params=parameters("kingdom-duels"), mutation=mutation)


def sprung(result):
    """The Snare's link, if it has sprung and is still on the chain."""
    return next((link for link in result.duel.chain if link.card_id == "snare"), None)


REVIVAL = ("{deck: 5, hand: [{id: revival, card: Kingdom Revival}], "
           "graveyard: [{id: wolf, card: Kingdom Wolf}]}")


def test_a_special_summon_by_an_effect_springs_the_trap_once_its_chain_has_resolved():
    result = run(REVIVAL, ["{player: A, activate: revival, target: wolf}",
                           "{player: B, pass: true}", "{player: A, pass: true}"])
    link = sprung(result)
    assert link is not None and link.number == 1 and link.targets == ["wolf"]
    assert [c.card_id for c in result.duel.chain] == ["snare"]


def test_no_trap_springs_while_the_summoning_chain_is_still_open():
    result = run(REVIVAL, ["{player: A, activate: revival, target: wolf}"])
    assert sprung(result) is None


def test_the_normal_summons_only_reading_lets_a_special_summon_pass():
    result = run(REVIVAL, ["{player: A, activate: revival, target: wolf}",
                           "{player: B, pass: true}", "{player: A, pass: true}"],
                 mutation="kd-trap-any-summon:normal-summons-only")
    assert sprung(result) is None and result.duel.card("wolf").zone == "monsters"


def test_a_normal_summon_still_springs_the_trap_under_the_normal_summons_only_reading():
    result = run("{deck: 5, hand: [{id: soldier, card: Kingdom Soldier}]}",
                 ["{player: A, summon: soldier}", "{player: A, pass: true}",
                  "{player: B, pass: true}"],
                 mutation="kd-trap-any-summon:normal-summons-only")
    assert sprung(result) is not None


def test_monsters_summoned_together_are_all_the_traps_targets():
    result = run("{deck: 5, hand: [{id: call, card: Kingdom Sheep Call}]}",
                 ["{player: A, activate: call}", "{player: B, pass: true}",
                  "{player: A, pass: true}"])
    assert sprung(result).targets == ["call-token-1", "call-token-2"]


def test_a_ritual_summon_springs_the_trap():
    a = ("{deck: 5, extra_deck: [{id: priestess, card: Kingdom Moon Priestess}], "
         "monsters: [{id: dragon, card: Kingdom Dragon, position: attack}], "
         "spell_trap: [{id: ritual, card: Kingdom Moon Ritual}]}")
    result = run(a, ["{player: A, ritual_summon: priestess, materials: [dragon]}",
                     "{player: A, pass: true}", "{player: B, pass: true}"])
    assert sprung(result).targets == ["priestess"]


def test_an_alter_summon_by_a_spell_springs_the_trap():
    a = ("{deck: 5, hand: [{id: ink, card: Kingdom Toon Ink}], "
         "extra_deck: [{id: toon, card: Kingdom Toon Soldier}], "
         "monsters: [{id: soldier, card: Kingdom Soldier, position: attack}]}")
    result = run(a, ["{player: A, activate: ink, select: {alter: toon}, materials: [soldier]}",
                     "{player: B, pass: true}", "{player: A, pass: true}"])
    assert sprung(result).targets == ["toon"]


def test_a_special_summon_reports_the_rule_that_makes_it_a_summon():
    result = run(REVIVAL, ["{player: A, activate: revival, target: wolf}",
                           "{player: B, pass: true}", "{player: A, pass: true}"])
    assert "kingdom-duels/spells-and-traps#summon-trigger-any-summon" in result.rules


def test_a_summon_that_springs_no_trap_does_not_cite_the_rule():
    result = run(REVIVAL, ["{player: A, activate: revival, target: wolf}",
                           "{player: B, pass: true}", "{player: A, pass: true}"],
                 mutation="kd-trap-trigger:optional-traps")
    assert "kingdom-duels/spells-and-traps#summon-trigger-any-summon" not in result.rules
